"""Questions that ask for a number the calculators of ``/rules`` compute: "Wie viel gibt ein Match
bei Obenabe?", "Was schreibt man mit 87 Punkten und Stöck bei Schelle?", "how much is four Unders
with Schelle trump?". Answered with the figure for the rules in force (the table's, or the server's).

>>> from bot.rules import RuleSet
>>> print(computed("Wie viel gibt ein Match bei Obenabe?", "de", RuleSet()))
Match bei Obenabe: 157 Kartenpunkte + Matchzuschlag 100 = 257, mal 3: **771**.
>>> computed("Wie viel zählen 4 Könige bei Rose?", "de", RuleSet()) is None  # four Kings, not 4 points
True
"""

from __future__ import annotations

import re

from bot.rules import Contract, RuleSet
from bot.rules.lookup import TOTAL, written

from . import message
from .ask import words
from .cards import Deck

#: Words that name a contract, as :func:`bot.texts.ask.words` folds them.
CONTRACT_WORDS = {"eichel": "eichel", "rose": "rose", "schelle": "schelle", "schilte": "schilte",
                  "obenabe": "obenabe", "undenufe": "undenufe"}  # fmt: skip
#: Words that ask what a hand writes (a number wanted).
ASKS_SCORE = {"schreiben", "schreibt", "gibt", "zählt", "punkte", "macht", "wert", "score", "write", "writes",
              "total", "bringt", "gits", "git"}  # fmt: skip
_NUMBER = re.compile(r"(?<![\w.])(\d{1,4})(?![\w.])")
#: Card points are a number followed by "Punkte"/"points" ("4 Könige" is no 4 card points).
_POINTS = re.compile(r"(?<![\w.])(\d{1,3})\s*(?:kartenpunkt|punkt|pünkt|pkt|card points|points?)", re.IGNORECASE)


def computed(question: str, lang: str, rules: RuleSet) -> str | None:
    """What a hand writes, where the question names a contract and card points or a Match (None:
    it asks for no such number)."""
    tokens = words(question)
    contracts = [CONTRACT_WORDS[t] for t in tokens if t in CONTRACT_WORDS]
    if not contracts or not (ASKS_SCORE & set(tokens) or "?" in question):
        return None
    match = "match" in tokens or "kontermatsch" in tokens
    kontermatsch = "kontermatsch" in tokens
    numbers = [int(n) for n in _NUMBER.findall(question)]
    weis = 0
    lowered = question.lower()
    for n in numbers:
        if re.search(rf"(weis|wys|wiis|meld\w*)\s*(von\s*|of\s*)?{n}\b|\b{n}\s*(punkte\s*)?(weis|wys)", lowered):
            weis = n
    points = [n for n in map(int, _POINTS.findall(question)) if n != weis and 0 <= n <= TOTAL]
    if match:
        card_points = TOTAL
    elif points:
        card_points = points[0]
    else:
        return None
    stoeck = "stöck" in tokens
    contract = int(Contract.parse(contracts[0]))
    try:
        w = written(rules, contract, card_points, match=match, weis=weis, stoeck=stoeck, declarer=not kontermatsch)
    except ValueError:
        return None
    parts = [message("rl.score.cards", lang, n=card_points)]
    if match and rules.match_bonus:
        parts.append(message("rl.score.match", lang, n=rules.match_bonus))
    if w.weis:
        parts.append(message("rl.score.weis", lang, n=w.weis))
    if stoeck and rules.stoeck_enabled and contract < 4:
        parts.append(message("rl.score.stoeck", lang))
    what = "Kontermatsch" if kontermatsch else "Match" if match else message("rl.ask.hand", lang)
    head = message("rl.ask.computed", lang, what=what, contract=Deck(lang).contract(contract))
    text = head + ": " + message("rl.score.text", lang, parts=" + ".join(parts), base=w.base, m=w.multiplier,
                                 points=w.points)  # fmt: skip
    if stoeck and not (rules.stoeck_enabled and contract < 4):
        text += " " + message("rl.score.stoeck_off", lang)
    return text
