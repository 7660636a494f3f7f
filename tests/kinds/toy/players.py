"""The toy's computer player: always the lowest legal card (Obenabe: the Six first)."""

from __future__ import annotations

import random
from typing import Any

from bot.ai.player import play_command
from bot.game import Command, TableView
from bot.rules.cards import cards_of


class LowCardPlayer:
    """The toy's computer player: always the lowest legal card (Obenabe: the Six first)."""

    def __init__(self, rng: random.Random, level: str) -> None:
        self.rng, self.level = rng, level

    def decide(self, view: TableView, actor: str) -> Command:
        legal = cards_of(view.legal)
        return play_command(view, actor, min(legal, key=lambda c: (c % 9, c)))


def make(level: str, rng: random.Random, budget: float | None = None, **options: Any) -> LowCardPlayer:
    return LowCardPlayer(rng, level)
