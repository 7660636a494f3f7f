"""The one catalogue of texts the product shows, in German and English.

- :data:`COMMAND_TEXTS` (``commands.py``): slash-command names and descriptions;
- :data:`MESSAGES` (``messages.py``): what the bot says in Discord and in the terminal;
- ``cards.py``: card, suit, rank and contract names (Swiss and French decks);
- ``rules_topics.py``: the answers of ``/rules``.

The language follows the user's locale (Discord) or ``--lang`` (the terminal).
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from typing import Any

from bot.rules.kinds import KINDS

from .command_names import CommandName
from .commands import COMMAND_TEXTS
from .messages import MESSAGES as SHARED_MESSAGES

LANGS = ("de", "en")


class _Catalogue(Mapping[str, Mapping[str, str]]):
    """The shared texts, then each registered game kind's own (``GameKind.texts``), read when asked:
    a kind installed later speaks at once."""

    def __getitem__(self, key: str) -> Mapping[str, str]:
        found = SHARED_MESSAGES.get(key)
        if found is not None:
            return found
        for kind in KINDS.values():
            if key in kind.texts:
                return kind.texts[key]
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        yield from SHARED_MESSAGES
        for kind in KINDS.values():
            yield from (key for key in kind.texts if key not in SHARED_MESSAGES)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Every text by key: ``{lang: text}``.
MESSAGES: Mapping[str, Mapping[str, str]] = _Catalogue()

__all__ = ["COMMAND_TEXTS", "LANGS", "MESSAGES", "command_text", "language_of", "message", "refusal_text"]


def command_text(key: str) -> Any:
    """A command's name or description for discord.py: the catalogue's English, with its key
    so that the translator (``bot/client.py``) gives Discord the German too."""
    from discord import app_commands  # only the Discord layer calls this

    return app_commands.locale_str(COMMAND_TEXTS[key]["en"], key=key)


def language_of(locale: str | None, fallback: str = "de") -> str:
    """``de`` for German locales, ``en`` for English ones, else ``fallback``."""
    if locale:
        code = str(locale).lower()
        if code.startswith("de"):
            return "de"
        if code.startswith("en"):
            return "en"
    return fallback if fallback in LANGS else "de"


class _Counted(string.Formatter):
    """``{n:Runde|Runden}`` writes the number with the word that fits it: "1 Runde", "3 Runden"."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return f"{value} {one if value == 1 else many}"
        return super().format_field(value, format_spec)


_COUNTED = _Counted()


def message(key: str, lang: str, **values: object) -> str:
    """The catalogue's text in ``lang`` with ``values`` filled in (``{n:one|many}`` for counts).

    >>> message("tour.options.break", "de", minutes=1)
    'Zwischen den Passen: 1 Minute Pause.'
    """
    text = MESSAGES[key].get(lang) or MESSAGES[key]["en"]
    return _COUNTED.format(text, **{"cmd": CommandName(lang), **values})


def refusal_text(err: Exception, lang: str) -> str:
    """The sentence for a refusal (a ``GameError``: its ``code`` and ``facts``), in ``lang``."""
    code = getattr(err, "code", "OTHER")
    facts = {k: v for k, v in getattr(err, "facts", {}).items() if isinstance(v, str | int)}
    try:
        if code == "ILLEGAL_CARD":
            return message("err.ILLEGAL_CARD", lang, reason=message(f"reason.{facts.get('reason')}", lang))
        if code == "TOO_MANY_TABLES":
            return message(f"err.TOO_MANY_TABLES.{facts.get('scope')}", lang, **facts)
        return message(f"err.{code}", lang, **facts)
    except (KeyError, IndexError):
        return message("err.OTHER", lang, code=code)
