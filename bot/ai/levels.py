"""The card players of every level (a kind without players of its own plays with these).

Random, beginner and club play by rules, strong searches.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .player import Player
from .random_player import RandomPlayer
from .rules_player import RulesPlayer

#: The slips of the ``beginner`` level: the rules player with this much noise.
BEGINNER_NOISE = 0.25


def by_level(
    level: str,
    rng: random.Random,
    budget: float | None,
    options: dict[str, Any],
    random_player: Callable[..., Player],
    rules_player: Callable[..., Player],
    search_player: Callable[..., Player],
) -> Player:
    """The player of ``level`` made by the kind's classes: ``beginner`` is the rules player with
    slips; ``club`` (= ``rules``) the rules player; ``strong`` (= ``search``) the searching one."""
    if level == "random":
        return random_player(rng, **options)
    if level == "beginner":
        return rules_player(rng, **{"noise": BEGINNER_NOISE, **options}, level="beginner")
    if level in ("club", "rules"):
        return rules_player(rng, level=level, **options)
    if level in ("strong", "search"):
        return search_player(rng, budget=budget, level=level, **options)
    raise ValueError(f"unknown computer player level {level!r}")


def _search_player(rng: random.Random, **keywords: Any) -> Player:
    from .search_player import SearchPlayer  # numpy's search: imported when a strong player is made

    return SearchPlayer(rng, **keywords)


def make(level: str, rng: random.Random, budget: float | None = None, **options: Any) -> Player:
    """Schieber's player of ``level`` (``budget``: the strong player's seconds per decision)."""
    return by_level(level, rng, budget, options, RandomPlayer, RulesPlayer, _search_player)
