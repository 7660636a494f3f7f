"""Clocks for timers: the real one, and a manual one for tests."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time


class Clock:
    """Real time."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class ManualClock(Clock):
    """Time moves only when a test calls :meth:`advance`."""

    def __init__(self) -> None:
        self._now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._ids = itertools.count()

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._ids), future))
        await future

    def due(self) -> list[float]:
        """When each task sleeping on this clock wakes (tests wait for a sleep to be registered)."""
        return sorted(when for when, _, future in self._sleepers if not future.done())

    async def advance(self, seconds: float) -> None:
        """Move time forward, waking every sleeper that is due, in order."""
        for _ in range(5):  # let tasks that are about to sleep register first
            await asyncio.sleep(0)
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            self._now = when
            if not future.done():
                future.set_result(None)
            for _ in range(5):  # let the woken tasks run
                await asyncio.sleep(0)
        self._now = target
        await asyncio.sleep(0)

    @property
    def sleepers(self) -> int:
        return sum(1 for _, _, f in self._sleepers if not f.done())
