"""The bottom of the computer players: what a player offers, and the play command every player builds."""

from __future__ import annotations

from typing import Protocol

from bot.game.commands import Command, PlayCard
from bot.game.view import TableView
from bot.rules import Card


class Player(Protocol):
    """A computer player.  It sees only ``view`` (docs/architecture.md §7) and answers with a command."""

    level: str

    def decide(self, view: TableView, actor: str) -> Command: ...


def play_command(view: TableView, actor: str, card: int) -> PlayCard:
    """Playing ``card``, with every Weis held (manual Weis) and Stöck when it completes them."""
    weis = None
    if view.weis_options:
        weis = tuple(tuple(str(c) for c in w.cards) for w in view.weis_options)
    return PlayCard(actor, str(Card.from_index(card)), weis=weis, stoeck=bool(view.stoeck_cards >> card & 1))
