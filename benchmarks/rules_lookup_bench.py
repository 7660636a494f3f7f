"""How well and how fast /rules answers: the question set of tests/rules_questions.py asked through
``/rules ask``'s answer (right first answers in all and per language, the median answer length, p50
and p95 time per question), then topic search, card reading and the four calculators, each run many
times (p50 and p99 in milliseconds).

Run: ``python -m benchmarks.rules_lookup_bench``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bot.rules import RuleSet
from bot.rules.lookup import better_weis, playable, points_of, weis_in, written
from bot.texts.answers import reply
from bot.texts.ask import ask
from bot.texts.card_words import CardWordsError, parse_cards
from bot.texts.rules_topics import find_topics
from tests.rules_questions import QUESTIONS

RULES = RuleSet()
HAND = "Rose 6, Rose 7, Rose 8, Eichel U, Rose U, Schelle U, Schilte U, Eichel A, Schilte 9"


def measure(name: str, job: Callable[[], object], runs: int = 2000) -> None:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(f"{name:34} p50 {statistics.median(times):7.3f} ms   p99 {times[int(len(times) * 0.99)]:7.3f} ms")


def questions() -> None:
    """The question set: right first answers, answer length, time per question."""
    ask("warm up", "de")  # the index is built on first use (once per process)
    right: dict[str, list[bool]] = {"de": [], "en": []}
    lengths, times = [], []
    for lang, question, wanted in QUESTIONS:
        start = time.perf_counter()
        found = reply(question, lang)
        times.append((time.perf_counter() - start) * 1000)
        text = (found.answer or "").replace("**", "").replace("`", "").lower()
        right[lang].append(all(any(o.lower() in text for o in w.split("|")) for w in wanted))
        lengths.append(len(found.answer or ""))
    every = right["de"] + right["en"]
    times.sort()
    print(f"questions: {len(every)} ({len(right['de'])} German, {len(right['en'])} English)")
    print(f"right first answers: {sum(every)}/{len(every)} = {sum(every) / len(every):.1%}")
    for lang in ("de", "en"):
        print(f"  {lang}: {sum(right[lang])}/{len(right[lang])} = {sum(right[lang]) / len(right[lang]):.1%}")
    print(f"median answer length: {statistics.median(lengths):.0f} characters (longest {max(lengths)})")
    print(f"time per question: p50 {statistics.median(times):.2f} ms   p95 {times[int(len(times) * 0.95)]:.2f} ms")


def main() -> None:
    questions()
    measure("topic search 'Stöckli'", lambda: find_topics("Stöckli"))
    measure("topic search 'zurückschieben'", lambda: find_topics("zurückschieben"))
    measure("read 9 cards in words", lambda: parse_cards(HAND))
    measure(
        "weis: 9 cards, against 5",
        lambda: (
            better_weis(parse_cards(HAND), parse_cards("Eichel 9, Eichel 10, Eichel U, Eichel O, Eichel K"), 1, RULES)
            and weis_in(parse_cards(HAND), 1, RULES)
        ),
    )
    measure("count: 9 cards", lambda: points_of(parse_cards(HAND), 1, RULES))
    measure("legal: 9 cards, 2 in the trick", lambda: playable(parse_cards(HAND), parse_cards("Eichel 8, Rose 10"), 1,
                                                             RULES))  # fmt: skip
    measure("score: Match in Undenufe", lambda: written(RULES, 5, 157, match=True))
    # The worst inputs the command accepts: 9 cards (longer lists are refused) without Kreuzweis,
    # the hardest Weis search, and 36 words to read before the refusal.
    no_kreuzweis = RULES.with_changes(kreuzweis=False, low_quartets="always")
    worst = "Rose 6 Rose 7 Rose 8 Rose 9 Rose 10 Rose U Rose O Rose K Rose A"
    measure("weis without Kreuzweis: 9 in a row", lambda: weis_in(parse_cards(worst, limit=9), 1, no_kreuzweis), 500)
    quartets = "Eichel U Rose U Schelle U Schilte U Eichel 9 Rose 9 Schelle 9 Schilte 9 Eichel 10"
    measure("weis without Kreuzweis: 2 quartets", lambda: weis_in(parse_cards(quartets), 1, no_kreuzweis), 500)
    ranks = ("6", "7", "8", "9", "10", "U", "O", "K", "A")
    deck = " ".join(f"{s} {r}" for s in ("Eichel", "Rose", "Schelle", "Schilte") for r in ranks)
    measure("36 cards read, then refused", lambda: _refused(deck), 500)


def _refused(text: str) -> None:
    try:
        parse_cards(text, limit=9)
    except CardWordsError:
        return
    raise AssertionError("a list longer than a hand must be refused")


if __name__ == "__main__":
    main()
