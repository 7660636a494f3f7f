"""Building and driving tables in tests."""

from __future__ import annotations

from typing import Any

from bot.ai import computer_command
from bot.game import SYSTEM, AddComputer, JoinSeat, NextHand, Phase, StartGame, Table
from bot.rules import RuleSet

HOST = "u:host"


def new_table(rules: RuleSet | dict | None = None, humans: int = 4, seed: str = "s") -> tuple[Table, list[dict]]:
    """A started table: ``humans`` people in seats 0.., computers in the rest."""
    table, events = Table.create("t", HOST, rules)
    for seat in range(4):
        if seat < humans:
            events += table.apply(JoinSeat(f"u:{seat}", name=f"P{seat}", seat=seat))
        else:
            events += table.apply(AddComputer(HOST, seat=seat))
    events += table.apply(StartGame(HOST, seed=f"{seed}:1"))
    return table, events


def actor_for(table: Table, seat: int) -> str:
    return table.actor_for(seat)


def auto_step(table: Table, seed: str = "s") -> list[dict[str, Any]]:
    """One step of a game played by computer decisions for every seat (people included)."""
    if table.phase == Phase.HAND_OVER:
        return table.apply(NextHand(SYSTEM, seed=f"{seed}:{table.hand_no + 1}"))
    return table.apply(computer_command(table, seed))


def play_to_end(table: Table, seed: str = "s", limit: int = 5000) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        if table.phase in (Phase.GAME_OVER, Phase.ABANDONED):
            return events
        events += auto_step(table, seed)
    raise AssertionError("game did not end")


def snapshot(table: Table) -> tuple:
    """Everything observable about a table: views of every seat and a spectator, and seq."""
    return (table.seq, table.phase, tuple(repr(table.view_for(s)) for s in (None, 0, 1, 2, 3)))
