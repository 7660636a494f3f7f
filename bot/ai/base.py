"""A computer player's decision at a table, as the service asks for it (seeded, from the seat's view)."""

from __future__ import annotations

import hashlib

from bot.game.commands import Command
from bot.game.table import Table
from bot.game.view import TableView

from .player import Player, play_command
from .registry import LEVELS, USER_LEVELS, make_player

__all__ = ["LEVELS", "SLOW_LEVELS", "USER_LEVELS", "Player", "computer_command", "make_player", "play_command"]


#: Levels whose decisions take long enough (tens of milliseconds) to run off the event loop.
SLOW_LEVELS = ("strong", "search")


def level_at(table: Table, seat: int) -> str:
    """The level deciding for ``seat``: its computer player's, or ``club`` for a stand-in."""
    return table.seats[seat].level or "club"


def decide(level: str, seed: str, view: TableView, actor: str) -> Command:
    """One decision from a view only (callable in a worker thread)."""
    return make_player(level, seed).decide(view, actor)


def decision_seed(table: Table, seed: str, seat: int) -> str:
    # With fixed deals (a challenge) the decisions do not depend on the table either: the same
    # play at two tables gets the same computer answers.
    key = table.fixed_deals or table.table_id
    return hashlib.sha256(f"{seed}:{key}:{table.seq}:{seat}".encode()).hexdigest()


def computer_command(table: Table, seed: str = "", seat: int | None = None) -> Command:
    """The decision of the computer player (or stand-in) whose turn it is at ``table`` (``seat``:
    one of several the table waits for, as with hidden Differenzler predictions).

    Each decision gets a fresh random source derived from ``seed``, the table, its event count
    and the seat, so replaying or restarting a table never changes a computer's choice.
    """
    seat = table.to_act if seat is None else seat
    if seat is None:
        raise ValueError("no seat is to act")
    actor = table.actor_for(seat)
    if actor is None:
        raise ValueError(f"seat {seat} is empty")
    return decide(level_at(table, seat), decision_seed(table, seed, seat), table.view_for(seat), actor)
