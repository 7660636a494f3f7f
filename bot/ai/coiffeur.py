"""Coiffeur's computer players: the row and its contract by the row policies (:mod:`.variants`), the
cards as in Schieber (the strong level with a lighter search of its own)."""

from __future__ import annotations

import random
from typing import Any

from bot.game.commands import Command
from bot.game.view import TableView

from .player import Player
from .random_player import RandomPlayer
from .rules_player import RulesPlayer, expected_points
from .search_player import COIFFEUR_SEARCH, SearchPlayer
from .variants import STRONG_ROWS, choose_row, random_announcement


class CoiffeurRulesPlayer(RulesPlayer):
    """The club player (``noise``: the beginner's slips) with the club row policy."""

    def choose_contract(self, view: TableView, actor: str) -> Command:
        return choose_row(view, actor, expected_points, self.rng, self.noise, self.rows)


class CoiffeurSearchPlayer:
    """The strong player: the strong row policy, and Coiffeur's cards by a lighter search of its own
    (``coiffeur``: its keywords, default :data:`.search_player.COIFFEUR_SEARCH`; empty: the full search)."""

    def __init__(self, rng: random.Random, budget: float | None = None, level: str = "strong",
                 coiffeur: dict[str, Any] | None = None, **options: Any) -> None:  # fmt: skip
        self.rng = rng
        self.level = level
        self.budget = budget
        self.coiffeur_options = dict(COIFFEUR_SEARCH if coiffeur is None else coiffeur)
        self.options = options
        self._cards: SearchPlayer | None = None

    def decide(self, view: TableView, actor: str) -> Command:
        if view.phase == "contract":
            return choose_row(view, actor, expected_points, policy=STRONG_ROWS)
        if self._cards is None:
            if self.coiffeur_options:
                self._cards = SearchPlayer(self.rng, level=self.level, coiffeur={}, **self.coiffeur_options)
            else:
                self._cards = SearchPlayer(self.rng, budget=self.budget, level=self.level, coiffeur={}, **self.options)
        return self._cards.decide(view, actor)


class CoiffeurRandomPlayer(RandomPlayer):
    def choose_contract(self, view: TableView, actor: str) -> Command:
        return random_announcement(view, actor, self.rng)


def make(level: str, rng: random.Random, budget: float | None = None, **options: Any) -> Player:
    """Coiffeur's player of ``level`` (the levels of :func:`bot.ai.schieber.make`)."""
    if level == "random":
        return CoiffeurRandomPlayer(rng, **options)
    if level == "beginner":
        return CoiffeurRulesPlayer(rng, **{"noise": 0.25, **options}, level="beginner")
    if level in ("club", "rules"):
        return CoiffeurRulesPlayer(rng, level=level, **options)
    if level in ("strong", "search"):
        return CoiffeurSearchPlayer(rng, budget=budget, level=level, **options)
    raise ValueError(f"unknown computer player level {level!r}")
