"""What every computer player offers, and how the service gets one by level."""

from __future__ import annotations

import hashlib
import random
from typing import Any, Protocol

from bot.game.commands import Command, PlayCard
from bot.game.table import COMPUTER_LEVELS, Table
from bot.game.view import TableView
from bot.rules import Card


class Player(Protocol):
    """A computer player.  It sees only ``view`` (docs/architecture.md §7) and answers with a command."""

    level: str

    def decide(self, view: TableView, actor: str) -> Command: ...


#: Levels people choose from (``/jass new``, config) and the arena's names for the engines.
USER_LEVELS = COMPUTER_LEVELS
LEVELS = (*USER_LEVELS, "rules", "search")


def make_player(level: str, seed: int | str | None = None, budget: float | None = None, **options: Any) -> Player:
    """A computer player of ``level`` with its own seeded random source.

    ``beginner``: the rules player with slips; ``club`` (= ``rules``): the rules player;
    ``strong`` (= ``search``): determinised Monte Carlo search (``budget``: seconds per decision).
    ``options``: further keywords of the player's class (the arena's ``--a-option``); an
    unknown one raises ``TypeError``.
    """
    from .random_player import RandomPlayer
    from .rules_player import RulesPlayer

    rng = random.Random(seed)
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


def play_command(view: TableView, actor: str, card: int) -> PlayCard:
    """Playing ``card``, with every Weis held (manual Weis) and Stöck when it completes them."""
    weis = None
    if view.weis_options:
        weis = tuple(tuple(str(c) for c in w.cards) for w in view.weis_options)
    return PlayCard(actor, str(Card.from_index(card)), weis=weis, stoeck=bool(view.stoeck_cards >> card & 1))


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
