"""The computer players of every game kind, by kind and level: the one place that knows them all.

A kind's package may hold ``players.py`` with ``make(level, rng, budget, **options) -> Player``
(``bot/kinds``); a kind without one gets the card players of ``levels.py``. :func:`make_player`
hands out a player that asks for the player of the kind of each view it is shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.game.commands import Command
from bot.game.seating import COMPUTER_LEVELS
from bot.game.view import TableView
from bot.kinds import part_of

from . import levels
from .player import Player

#: ``make(level, rng, budget, **options)``: a kind's player of ``level``.
Factory = Callable[..., Player]

#: Levels people choose from (``/jass new``, config) and the arena's names for the engines.
USER_LEVELS = COMPUTER_LEVELS
LEVELS = (*USER_LEVELS, "rules", "search")


def factory_for(kind: str) -> Factory:
    """The player factory of ``kind``: its package's ``players.make``, else the card players of every level."""
    module = part_of(kind, "players")
    factory: Factory = module.make if module is not None else levels.make
    return factory


def player_for(kind: str, level: str, rng: random.Random, budget: float | None = None, **options: Any) -> Player:
    """The player of ``level`` for a game of ``kind`` (a kind without players of its own: Schieber's)."""
    factory = factory_for(kind)
    player: Player = factory(level, rng, budget, **options)
    return player


class KindDispatch:
    """Mixed into a level's Schieber player by :func:`make_player`: a view of another game kind is
    decided by that kind's player of the same level (made once, sharing the random source)."""

    level: str
    _kind_args: tuple[str, random.Random, float | None, dict[str, Any]]
    _kind_players: dict[str, Player]

    def decide(self, view: TableView, actor: str) -> Command:
        factory = factory_for(view.kind)
        if factory is levels.make:
            decide: Callable[[TableView, str], Command] = super().decide  # type: ignore[misc]
            return decide(view, actor)
        if view.kind not in self._kind_players:
            level, rng, budget, options = self._kind_args
            self._kind_players[view.kind] = factory(level, rng, budget, **options)
        return self._kind_players[view.kind].decide(view, actor)


_MIXED: dict[type, type] = {}


def make_player(level: str, seed: int | str | None = None, budget: float | None = None, **options: Any) -> Player:
    """A computer player of ``level`` with its own seeded random source, for every game kind: the
    level's Schieber player (``beginner`` is the rules player with slips, ``club`` = ``rules``,
    ``strong`` = ``search``: determinised Monte Carlo search, ``budget`` seconds per decision), which
    hands a view of another kind to that kind's player.

    ``options``: further keywords of the player's class (the arena's ``--a-option``); an unknown
    one raises ``TypeError``; an unknown level ``ValueError``.
    """
    rng = random.Random(seed)
    player = levels.make(level, rng, budget, **options)
    base = type(player)
    if base not in _MIXED:
        _MIXED[base] = type(f"Any{base.__name__}", (KindDispatch, base), {})
    player.__class__ = _MIXED[base]
    player._kind_args = (level, rng, budget, options)  # type: ignore[attr-defined]
    player._kind_players = {}  # type: ignore[attr-defined]
    return player
