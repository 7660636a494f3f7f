"""What every computer player offers, and how the service gets one by level."""

from __future__ import annotations

import random
from typing import Protocol

from bot.game.commands import Command
from bot.game.view import TableView


class Player(Protocol):
    """A computer player.  It sees only ``view`` (DESIGN.md §7) and answers with a command."""

    level: str

    def decide(self, view: TableView, actor: str) -> Command: ...


def make_player(level: str, seed: int | str | None = None) -> Player:
    """A computer player of ``level`` with its own seeded random source."""
    from .random_player import RandomPlayer

    rng = random.Random(seed)
    if level == "random":
        return RandomPlayer(rng)
    raise ValueError(f"unknown computer player level {level!r}")
