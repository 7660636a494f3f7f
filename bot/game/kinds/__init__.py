"""The game kinds' engine parts, by name: the table asks :func:`engine_for` (docs/adding-a-game.md).

>>> engine_for("molotow").kind.individual
True
"""

from __future__ import annotations

from bot.rules.kinds import register_kind, unregister_kind

from . import coiffeur, differenzler, molotow, schieber
from .base import KindEngine, KindState
from .individual import IndividualEngine, IndividualState

_ENGINES: dict[str, KindEngine] = {}


def register(engine: KindEngine) -> KindEngine:
    """Register a kind's engine part, and its rules-level :class:`~bot.rules.kinds.GameKind`."""
    register_kind(engine.kind)
    _ENGINES[engine.kind.name] = engine
    return engine


def unregister(name: str) -> None:
    """Remove a kind registered by a test."""
    _ENGINES.pop(name, None)
    unregister_kind(name)


def engine_for(name: str) -> KindEngine:
    """The engine part of the game kind ``name``."""
    try:
        return _ENGINES[name]
    except KeyError:
        raise KeyError(f"no engine for the game kind {name!r}; one of {', '.join(_ENGINES)}") from None


for _module in (schieber, coiffeur, differenzler, molotow):
    register(_module.ENGINE)

__all__ = ["IndividualEngine", "IndividualState", "KindEngine", "KindState", "engine_for", "register", "unregister"]
