"""The terminal part of a game kind: its package's ``terminal.PART``, else the default of its seat model."""

from __future__ import annotations

from bot.kinds import part_of
from bot.rules.kinds import find_kind

from .base import TerminalPart
from .team import TeamPart


def part_for(kind: str) -> TerminalPart:
    """The terminal part of ``kind``: its own, or the team game's (partners, the contract menu), or
    the default of individuals (a start line, each hand's scores, the ranking)."""
    module = part_of(kind, "terminal")
    if module is not None:
        part: TerminalPart = module.PART
        return part
    return TerminalPart() if find_kind(kind).individual else TeamPart()
