"""One request budget for the whole bot: Discord's global limit is per token, not per table.

Every request the bot makes with its token through :mod:`cogs.rest` first takes a slot here: at
most ``per_second`` in any one second (a sliding window, so no second of Discord's ever sees
more), the waiting ones served by priority, then in the order they asked. Interaction callbacks
and the interaction webhook (follow-ups, their edits and deletes) are exempt from Discord's
global limit and do not take a slot.

Per channel, Discord limits posts, edits and deletes separately (5 per 5 s each by default):
:meth:`Budget.channel_room` says how long the channel's bucket for a route still needs, from what
discord.py read in the last answer's ``X-RateLimit-*`` headers, so a caller can wait (and then
send the newest state) instead of letting discord.py sleep with an old one.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
import weakref
from collections import deque
from collections.abc import Callable
from enum import IntEnum

#: Requests a second the bot allows itself: Discord's global limit is 50; the rest is room for
#: what discord.py sends by itself (command sync, thread edits) and for clock differences.
PER_SECOND = 45


class Priority(IntEnum):
    """Lower goes first when the budget is short."""

    TURN = 0  # a turn ping: somebody waits for it
    RESULT = 1  # a trick's or a hand's result
    TABLE = 2  # the table message as it is now
    OTHER = 3  # threads, notices


class Budget:
    """At most ``per_second`` requests in any second, served by priority."""

    def __init__(self, per_second: int = PER_SECOND, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.clock = clock
        self._sent: deque[float] = deque()  # when the requests of the last second went
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._timer: asyncio.TimerHandle | None = None
        self.taken = 0  # slots given (requests sent with the token)
        self.waited = 0.0  # seconds requests waited for a slot, in all

    def _room(self, now: float) -> float:
        """0 when a slot is free now, else the seconds until one is."""
        while self._sent and now - self._sent[0] >= 1.0:
            self._sent.popleft()
        if len(self._sent) < self.per_second:
            return 0.0
        return self._sent[0] + 1.0 - now

    async def take(self, priority: Priority = Priority.OTHER) -> None:
        """Wait for a slot (then the request may go)."""
        now = self.clock()
        if not self._waiting and not self._room(now):
            self._sent.append(now)
            self.taken += 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (int(priority), next(self._order), future))
        self._serve()
        try:
            await future
        except asyncio.CancelledError:
            if not future.done():
                future.cancel()
            raise
        self.waited += self.clock() - now

    def _serve(self) -> None:
        """Give free slots to the first waiters; wake again when the next slot frees."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while self._waiting:
            now = self.clock()
            wait = self._room(now)
            if wait:
                self._timer = asyncio.get_running_loop().call_later(wait, self._serve)
                return
            _, _, future = heapq.heappop(self._waiting)
            if future.done():  # cancelled meanwhile
                continue
            self._sent.append(now)
            self.taken += 1
            future.set_result(None)

    @property
    def queued(self) -> int:
        return sum(1 for _, _, f in self._waiting if not f.done())


_budgets: weakref.WeakKeyDictionary[object, Budget] = weakref.WeakKeyDictionary()


def budget_of(http: object) -> Budget:
    """The one budget of a bot token (its HTTP client)."""
    budget = _budgets.get(http)
    if budget is None:
        budget = _budgets[http] = Budget()
    return budget
