"""The game kinds' engine parts: the table asks :func:`engine_for`, which finds the ``ENGINE`` of the
kind's package (``bot/kinds``; docs/adding-a-game.md).

>>> engine_for("molotow").kind.individual
True
"""

from __future__ import annotations

from bot.kinds import part_of

from .base import KindEngine, KindState
from .individual import IndividualEngine, IndividualState
from .team import TeamEngine, TeamState


def engine_for(name: str) -> KindEngine:
    """The engine part of the game kind ``name`` (its package's ``engine.ENGINE``)."""
    module = part_of(name, "engine")
    engine = getattr(module, "ENGINE", None)
    if not isinstance(engine, KindEngine):
        raise KeyError(f"the game kind {name!r} has no engine: its package needs engine.py with ENGINE = ...")
    return engine


__all__ = ["IndividualEngine", "IndividualState", "KindEngine", "KindState", "TeamEngine", "TeamState", "engine_for"]
