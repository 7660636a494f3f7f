"""Slash commands named in texts as the reader's Discord client shows them.

A text names a command as ``{cmd.jass.settings}`` (``/jass einstellungen`` in German, ``/jass
settings`` in English) or an option as ``{cmd.jass.settings.ratings:option}`` (``wertung``): the
names come from :data:`COMMAND_TEXTS`, the same catalogue the translator gives Discord when the
command tree is synced, so a text never names a command by hand.

>>> expand("Beende zuerst einen mit {cmd.jass.end}.", "de")
'Beende zuerst einen mit /jass beenden.'
>>> expand("`{cmd.jass.settings} {cmd.jass.settings.ratings:option}:off`", "en")
'`/jass settings ratings:off`'
"""

from __future__ import annotations

import re

from .commands import COMMAND_TEXTS

_PLACEHOLDER = re.compile(r"\{cmd((?:\.[a-z_]+)+)(?::option)?\}")


class CommandName:
    """What ``{cmd.a.b}`` formats to: ``/a b`` in ``lang`` (with ``:option``, the last name alone)."""

    def __init__(self, lang: str, path: tuple[str, ...] = ()) -> None:
        self._lang, self._path = lang, path

    def __getattr__(self, name: str) -> CommandName:
        if name.startswith("__"):
            raise AttributeError(name)
        return CommandName(self._lang, (*self._path, name))

    def _name(self, depth: int) -> str:
        key = ".".join(self._path[:depth]) + ".name"
        names = COMMAND_TEXTS[key]  # KeyError: a text names a command that does not exist
        return names.get(self._lang) or names["en"]

    def __format__(self, spec: str) -> str:
        if spec == "option":
            return self._name(len(self._path))
        if spec:
            raise ValueError(f"unknown format {spec!r} for a command name")
        return "/" + " ".join(self._name(depth) for depth in range(1, len(self._path) + 1))

    def __str__(self) -> str:
        return format(self, "")


def expand(text: str, lang: str) -> str:
    """``text`` with every ``{cmd…}`` placeholder written out (other braces left alone)."""
    names = CommandName(lang)

    def written(match: re.Match[str]) -> str:
        return format(_walk(names, match.group(1)), "option" if match.group(0).endswith(":option}") else "")

    return _PLACEHOLDER.sub(written, text)


def _walk(names: CommandName, dotted: str) -> CommandName:
    for part in dotted.strip(".").split("."):
        names = getattr(names, part)
    return names
