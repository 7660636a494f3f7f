"""Kinds of card decisions, for measuring where one player plays better than another.

A kind is the contract family (``trump``: a trump suit; ``notrump``: Obenabe or Undenufe),
whether the seat leads or follows, and its side (``declarer``: the team that chose the
contract; ``defence``: the other), e.g. ``notrump-lead-defence``.
"""

from __future__ import annotations

from bot.game.view import TableView

FAMILIES = ("trump", "notrump")
MOVES = ("lead", "follow")
SIDES = ("declarer", "defence")
KINDS = tuple(f"{f}-{m}-{s}" for f in FAMILIES for m in MOVES for s in SIDES)


def decision_kind(view: TableView) -> str:
    """The kind of the card decision ``view`` asks for (play phase, a seat's own view)."""
    if view.seat is None or view.contract is None or view.declarer is None:
        raise ValueError("a card decision needs a seat's view of a hand in play")
    family = "trump" if view.contract < 4 else "notrump"
    move = "follow" if view.trick else "lead"
    side = "declarer" if view.declarer % 2 == view.seat % 2 else "defence"
    return f"{family}-{move}-{side}"


def parse_kinds(kinds: str | tuple[str, ...] | list[str] | None) -> frozenset[str] | None:
    """``None`` (every kind) or a set of known kinds from a tuple or a comma-separated text;
    raises ``ValueError`` naming an unknown kind."""
    if kinds is None:
        return None
    names = [k.strip() for k in kinds.split(",")] if isinstance(kinds, str) else list(kinds)
    unknown = [k for k in names if k not in KINDS]
    if unknown or not names:
        raise ValueError(f"unknown decision kinds {unknown or names}; known: {', '.join(KINDS)}")
    return frozenset(names)
