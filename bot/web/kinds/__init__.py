"""The game kinds' parts of the web pages: a kind's package's ``web.PART``, else the default of its seat model."""

from __future__ import annotations

from bot.kinds import part_of
from bot.rules.kinds import find_kind

from .base import Board, WebPart
from .individual import IndividualPart
from .team import TeamPart


def part_for(kind: str) -> WebPart:
    """The web part of ``kind``: its own, or the team game's Jasstafel, or each seat's pad line."""
    module = part_of(kind, "web")
    if module is not None:
        part: WebPart = module.PART
        return part
    return IndividualPart() if find_kind(kind).individual else TeamPart()


__all__ = ["Board", "IndividualPart", "TeamPart", "WebPart", "part_for"]
