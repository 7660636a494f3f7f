"""One answer to a rules question, for ``/rules ask`` and ``python -m bot rules``: a computed figure
where the question asks for one (``ask_numbers.py``), else the passage that says it
(``ask.py``), with up to three more passages ("Meintest du …?") or, found nothing, the three
nearest topics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.rules import RuleSet

from .ask import ask
from .ask_numbers import computed

#: The answer shown first is at most this long (a player who asks one thing wants that thing).
LONGEST = 700


@dataclass(frozen=True)
class Related:
    topic: str  # the topic's key (its button opens the whole topic)
    text: str


@dataclass(frozen=True)
class Reply:
    answer: str | None  # None: nothing found
    topic: str | None
    more: list[Related] = field(default_factory=list)  # further passages, or the nearest topics
    computed: bool = False

    def json(self) -> dict[str, object]:
        return {"answer": self.answer, "topic": self.topic, "more": [{"topic": r.topic, "text": r.text}
                                                                     for r in self.more]}  # fmt: skip


def shortened(text: str, limit: int = LONGEST) -> str:
    """``text`` cut after the last whole sentence within ``limit`` characters (or at a word, with …).

    >>> shortened("One. Two three.", 8)
    'One.'
    """
    if len(text) <= limit:
        return text
    cut = text[:limit]
    end = max(cut.rfind(". "), cut.rfind(".\n"))
    if end > limit // 3:
        return cut[: end + 1]
    return cut[: cut.rfind(" ")].rstrip(",;:") + " …"


def plain(text: str) -> str:
    """Markdown dropped (for a terminal)."""
    return re.sub(r"\*\*|`", "", text)


def reply(question: str, lang: str = "de", rules: RuleSet | None = None) -> Reply:
    """The answer to ``question`` in ``lang`` for ``rules`` (default: the standard rules)."""
    rules = rules or RuleSet()
    found = ask(question, lang)
    figure = computed(question, lang, rules)
    more = [Related(p.topic, shortened(p.text(lang), 300)) for p in found.passages]
    if figure is not None:
        return Reply(shortened(figure), "scoring", more[:3], computed=True)
    if not found.passages:
        return Reply(None, None, [Related(t.key, t.title[lang]) for t in found.topics])
    first = found.passages[0]
    return Reply(shortened(first.text(lang)), first.topic, more[1:4])
