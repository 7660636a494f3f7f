"""Strong decisions in worker processes: legal, counted, and thinking less when the queue is long."""

from __future__ import annotations

import asyncio
import time

from bot.ai.search_player import DEFAULT_BUDGET
from bot.services import thinkers
from bot.services.thinkers import MIN_BUDGET, Thinkers
from tests.game.helpers import new_table


def test_the_budget_shrinks_as_the_queue_grows_and_never_below_the_floor():
    thinkers = Thinkers(workers=2, max_wait=2.0)
    assert thinkers.budget_for("club", 100) is None  # quick levels keep their own
    assert thinkers.budget_for("strong", 0) == DEFAULT_BUDGET
    budgets = [thinkers.budget_for("strong", ahead) for ahead in (0, 2, 4, 8, 16, 64, 1000)]
    assert budgets == sorted(budgets, reverse=True) and budgets[-1] == MIN_BUDGET
    # With 8 decisions ahead on 2 workers this one waits 4 rounds: 2 s / 5 rounds each.
    assert abs(thinkers.budget_for("strong", 8) - 0.4) < 1e-9


async def test_decisions_in_worker_processes_are_legal_and_their_waits_are_counted():
    table, _ = new_table(humans=0)
    thinkers = Thinkers(workers=2, max_wait=2.0)
    try:
        seats = [table.to_act] * 4
        views = [table.view_for(seat) for seat in seats]
        commands = await asyncio.gather(*[
            thinkers.decide("strong", f"s{i}", view, table.actor_for(seats[i]))
            for i, view in enumerate(views)
        ])  # fmt: skip
        assert all(command.actor == table.actor_for(seats[0]) for command in commands)  # the same turn
        table.apply(commands[0])  # legal at the table
        stats = thinkers.wait_stats()
        assert stats["decisions"] == 4 and stats["queued"] == 0 and stats["max"] >= stats["p50"] >= 0.0
    finally:
        thinkers.close()


def test_budgets_are_shortened_by_the_measured_overshoot():
    thinkers = Thinkers(workers=2, max_wait=2.0)
    thinkers.overshoot = 0.1
    assert abs(thinkers.budget_for("strong", 8) - 0.3) < 1e-9  # 2 s / 5 rounds, less 0.1 s
    assert thinkers.budget_for("strong", 1000) == MIN_BUDGET


async def test_fixed_work_decisions_ignore_the_queue_and_repeat_exactly():
    from bot.ai import computer_command
    from bot.services.thinkers import FIXED_WORK

    thinkers = Thinkers(workers=0, max_wait=2.0)
    assert thinkers.budget_for("strong", 1000, fixed_work=True) == FIXED_WORK
    assert thinkers.budget_for("club", 1000, fixed_work=True) is None
    table, _ = new_table(humans=0)
    while not (table.phase == "play" and len(table.hand.tricks) >= 6):  # late in the hand: a quick search
        table.apply(computer_command(table, "x"))
    seat = table.to_act
    try:
        quiet = await thinkers.decide("strong", "same", table.view_for(seat), table.actor_for(seat), fixed_work=True)
        thinkers.pending = 500  # a long queue would shrink a timed budget to the floor
        busy = await thinkers.decide("strong", "same", table.view_for(seat), table.actor_for(seat), fixed_work=True)
        assert busy == quiet
    finally:
        thinkers.pending = 0
        thinkers.close()


def test_a_tips_budget_counts_from_the_press_the_wait_for_a_worker_included(monkeypatch):
    budgets = []

    class Player:
        def decide(self, view, actor):
            return "decided"

    def player(level, seed, budget=None):
        budgets.append(budget)
        return Player()

    monkeypatch.setattr(thinkers, "make_player", player)
    now = time.time()
    for submitted, deadline in ((now - 0.5, True), (now - 5.0, True), (now - 0.5, False)):
        command, waited = thinkers.think("strong", "s", None, "a", 0.8, submitted, deadline)
        assert command == "decided" and waited >= 0.5
    assert 0.05 < budgets[0] <= 0.3  # 0.8 less the half second waited
    assert budgets[1] == MIN_BUDGET  # waited longer than the budget: the least a search gets
    assert budgets[2] == 0.8  # a computer's own decision: the queue already shortened its budget
