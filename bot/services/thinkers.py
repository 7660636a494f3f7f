"""Computer players' decisions off the event loop: in worker processes (outside the GIL), or in
threads of the bot's process.

``Thinkers(workers=N)`` runs decisions in N worker processes, started on first use (``spawn``:
nothing of the bot is copied into them); ``workers=0`` in two threads (tests, small bots). When
the queue grows, ``strong`` decisions get a smaller time budget, so that no decision waits more
than about ``max_wait`` seconds for a worker. Every decision's wait for a worker is kept:
``wait_stats()`` reports it.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any

from bot.ai.base import SLOW_LEVELS, make_player
from bot.ai.search_player import DEFAULT_BUDGET
from bot.game.commands import Command
from bot.game.view import TableView
from bot.pools import LazyPool

MIN_BUDGET = 0.05  # seconds: the least a strong decision gets, however long the queue
# No time limit: the search does all its deals (its worlds), so its answer depends only on its seed
# (p50 0.15 s, p95 3.4 s, max 5.4 s on 216 decisions of this machine; the same answer 216 times of 216).
FIXED_WORK = 1e6
KEPT = 10_000  # waits kept for the figures


def think(
    level: str,
    seed: str,
    view: TableView,
    actor: str,
    budget: float | None,
    submitted: float,
    deadline: bool = False,
) -> tuple[Command, float]:
    """One decision (in a worker); returns it with its wait for the worker (seconds).
    ``deadline``: ``budget`` counts from ``submitted`` (a tip): the wait (a worker starting) is
    taken off it."""
    started = time.time()
    if deadline and budget is not None:
        budget = max(MIN_BUDGET, budget - (started - submitted))
    return make_player(level, seed, budget=budget).decide(view, actor), started - submitted


class Thinkers:
    def __init__(self, workers: int = 0, max_wait: float = 2.0) -> None:
        self.workers = workers
        self.max_wait = max_wait
        self.pending = 0  # decisions submitted and not yet returned
        self.waits: deque[float] = deque(maxlen=KEPT)
        # Seconds a budgeted decision takes beyond its budget (the search's last step, carrying the
        # view to the worker and back), a running mean: budgets are shortened by it.
        self.overshoot = 0.0
        self.pool = LazyPool(workers, threads=2, name="jass-ai")

    @property
    def slots(self) -> int:
        return self.pool.slots

    def budget_for(self, level: str, ahead: int, fixed_work: bool = False) -> float | None:
        """A strong decision's time budget with ``ahead`` decisions before it in the queue: the
        full budget while that keeps its wait under ``max_wait``, less (not below MIN_BUDGET)
        when the queue is long; ``fixed_work``: no time limit (the same answer however busy).
        None (the player's own) for the quick levels."""
        if level not in SLOW_LEVELS:
            return None
        if fixed_work:
            return FIXED_WORK
        # Each of the ``ahead`` decisions and this one take (budget + overshoot) on one of ``slots``
        # workers: the decisions queued behind wait about ``ahead / slots + 1`` such times.
        rounds = ahead / self.slots + 1
        return max(MIN_BUDGET, min(DEFAULT_BUDGET, self.max_wait / rounds - self.overshoot))

    async def decide(self, level: str, seed: str, view: TableView, actor: str, fixed_work: bool = False,
                     budget: float | None = None) -> Command:  # fmt: skip
        """One decision in the pool; ``budget``: seconds at most from now, the wait for a worker
        included (a tip), else as the queue allows."""
        queued = self.budget_for(level, self.pending, fixed_work)
        deadline = budget is not None
        if budget is None:
            budget = queued
        elif queued is not None:
            budget = min(budget, queued)
        self.pending += 1
        try:
            loop = asyncio.get_running_loop()
            submitted = time.time()
            command, waited = await loop.run_in_executor(
                self.pool.executor(), think, level, seed, view, actor, budget, submitted, deadline
            )
            took = time.time() - submitted - waited  # thinking, and carrying the view there and back
        finally:
            self.pending -= 1
        self.waits.append(max(0.0, waited))
        if budget is not None and not fixed_work:
            self.overshoot = 0.9 * self.overshoot + 0.1 * max(0.0, took - budget)
        return command

    def wait_stats(self) -> dict[str, Any]:
        """The decisions' waits for a worker: count, p50, p99 and max in seconds, and the queue now."""
        waits = sorted(self.waits)
        if not waits:
            return {"decisions": 0, "p50": 0.0, "p99": 0.0, "max": 0.0, "queued": self.pending}
        p99 = waits[min(len(waits) - 1, int(len(waits) * 0.99))]
        return {"decisions": len(waits), "p50": waits[len(waits) // 2], "p99": p99, "max": waits[-1],
                "queued": self.pending}  # fmt: skip

    def close(self) -> None:
        self.pool.close()
