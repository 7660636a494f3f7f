"""Schieber's computer players by level: random, beginner and club play by rules, strong searches."""

from __future__ import annotations

import random
from typing import Any

from .player import Player
from .random_player import RandomPlayer
from .rules_player import RulesPlayer


def make(level: str, rng: random.Random, budget: float | None = None, **options: Any) -> Player:
    """Schieber's player of ``level``: ``beginner`` is the rules player with slips; ``club`` (=
    ``rules``) the rules player; ``strong`` (= ``search``) determinised Monte Carlo search
    (``budget``: seconds per decision)."""
    if level == "random":
        return RandomPlayer(rng, **options)
    if level == "beginner":
        return RulesPlayer(rng, **{"noise": 0.25, **options}, level="beginner")
    if level in ("club", "rules"):
        return RulesPlayer(rng, level=level, **options)
    if level in ("strong", "search"):
        from .search_player import SearchPlayer

        return SearchPlayer(rng, budget=budget, level=level, **options)
    raise ValueError(f"unknown computer player level {level!r}")
