"""The bottom of the computer players: what a player offers, and the play command every player builds."""

from __future__ import annotations

from typing import Protocol

from bot.game.clicks import play_everything
from bot.game.commands import Command, PlayCard
from bot.game.view import TableView


class Player(Protocol):
    """A computer player.  It sees only ``view`` (docs/architecture.md §7) and answers with a command."""

    level: str

    def decide(self, view: TableView, actor: str) -> Command: ...


def play_command(view: TableView, actor: str, card: int) -> PlayCard:
    """Playing ``card``, with every Weis held (manual Weis) and Stöck when it completes them."""
    return play_everything(view, actor, card)
