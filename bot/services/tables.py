"""The table service: load → lock → apply → persist → notify; computer players; turn timers.

The Discord layer (and the terminal, tests, benchmarks) only ever call this service.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from bot.ai.base import SLOW_LEVELS, computer_command, decide, decision_seed, level_at
from bot.game import SYSTEM, Command, GameError, NextHand, Phase, StandIn, Table
from bot.rules import RuleSet
from bot.storage import Storage

from .clock import Clock

log = logging.getLogger(__name__)

Subscriber = Callable[[str, list[dict[str, Any]], Table], Awaitable[None]]


class UnknownTable(Exception):
    """No table with this id (or it can no longer be played)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


def new_seed() -> str:
    """A hand's seed from the operating system's cryptographic source."""
    return secrets.token_hex(16)


def new_table_id() -> str:
    return secrets.token_hex(4)


@dataclass
class ServiceSettings:
    ai_delay: float = 0.0  # mean seconds before a computer player acts (human pace in Discord)
    hand_pause: float = 0.0  # seconds between a hand's end and the next deal
    turn_timeout: float | None = None  # seconds a person has to act; None = no timer
    reminder_at: float = 0.5  # fraction of the timeout at which a reminder is sent
    ai_seed: str = ""  # makes computer players' choices reproducible


class TableService:
    """Runs every table of the process.  One lock per table; a command is done once committed."""

    def __init__(self, storage: Storage, settings: ServiceSettings | None = None, *,
                 clock: Clock | None = None, seeds: Callable[[], str] = new_seed,
                 table_ids: Callable[[], str] = new_table_id) -> None:
        self.storage = storage
        self.settings = settings or ServiceSettings()
        self.clock = clock or Clock()
        self.seeds = seeds
        self.table_ids = table_ids
        self.tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._timers: set[asyncio.Task[None]] = set()  # tasks that wait for a person (turn timers)
        self._subscribers: list[Subscriber] = []
        self._closed = False
        self._jitter = random.Random()
        # Searching players think here, two at a time: a bounded number of threads competing
        # with the event loop for the interpreter, however many tables wait for a search.
        self._thinkers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="jass-ai")

    # -- subscribers ---------------------------------------------------------------------

    def subscribe(self, callback: Subscriber) -> None:
        """``callback(table_id, events, table)`` after every committed command."""
        self._subscribers.append(callback)

    async def _notify(self, table_id: str, events: list[dict[str, Any]], table: Table) -> None:
        for callback in self._subscribers:
            try:
                await callback(table_id, events, table)
            except Exception:
                log.exception("subscriber failed for table %s", table_id)

    # -- tables --------------------------------------------------------------------------

    async def create_table(self, host: str, rules: RuleSet | dict[str, Any] | None = None,
                           guild_id: int | None = None, channel_id: int | None = None,
                           turn_timer: float | None = None) -> Table:
        """A new table (``turn_timer``: its own seconds per turn, 0 = none; ``None``: the default)."""
        table_id = self.table_ids()
        table, events = Table.create(table_id, host, rules, turn_timer)
        await self.storage.create_table(table_id, events, guild_id, channel_id)
        self.tables[table_id] = table
        self._locks[table_id] = asyncio.Lock()
        await self._notify(table_id, events, table)
        return table

    async def get(self, table_id: str) -> Table:
        """The live table (loaded from storage if it is not in memory)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        events = await self.storage.load_events(table_id)
        if not events:
            raise UnknownTable(table_id)
        try:
            table = Table.replay(events)
        except Exception as err:
            log.error("table %s cannot be replayed: %s", table_id, err)
            raise UnknownTable(table_id) from err
        self.tables[table_id] = table
        self._locks.setdefault(table_id, asyncio.Lock())
        return table

    async def execute(self, table_id: str, command: Command) -> list[dict[str, Any]]:
        """Apply ``command``; returns its events once they are committed.

        Raises :class:`GameError` (nothing changed) or :class:`UnknownTable`.
        """
        if self._closed:
            raise UnknownTable(table_id)
        await self.get(table_id)
        async with self._locks[table_id]:
            table = self.tables[table_id]
            events = table.apply(command)
            first_seq = table.seq - len(events) + 1
            try:
                await self.storage.append(table_id, first_seq, events, status=_status_after(events))
            except BaseException:
                # Not committed: drop the in-memory change and reload what is stored.
                self.tables.pop(table_id, None)
                raise
            await self._record_results(table_id, table, events)
            await self._notify(table_id, events, table)
            self._schedule(table_id)
        return events

    async def _record_results(self, table_id: str, table: Table, events: list[dict[str, Any]]) -> None:
        for ev in events:
            if ev["type"] == "game_over":
                seats = [s.actor for s in table.seats]
                await self.storage.record_result(table_id, ev["game"], ev["winner"], ev["totals"], ev["berg"],
                                                 ev["schneider"], seats)

    # -- restore ---------------------------------------------------------------------------

    async def restore(self) -> list[str]:
        """Replay every open table; resume computer players and turn timers.  Returns the ids."""
        found = await self.storage.load_open()
        restored = []
        for table_id, events in found.events.items():
            try:
                table = Table.replay(events)
            except Exception as err:  # a log the rules cannot replay: keep it stored, skip it
                log.error("table %s cannot be replayed: %s", table_id, err)
                continue
            self.tables[table_id] = table
            self._locks.setdefault(table_id, asyncio.Lock())
            restored.append(table_id)
        for table_id in restored:
            self._schedule(table_id)
        return restored

    # -- computer players, next hands and timers --------------------------------------------

    def _schedule(self, table_id: str) -> None:
        """Start whatever the table waits for that is not a person's click."""
        current = asyncio.current_task()
        old = self._tasks.pop(table_id, None)
        if old is not None and old is not current and not old.done():
            old.cancel()
        if self._closed:
            return
        table = self.tables.get(table_id)
        if table is None:
            return
        job: Callable[[], Awaitable[None]] | None = None
        timer = False
        if table.phase == Phase.HAND_OVER:
            job = lambda: self._next_hand(table_id)  # noqa: E731
        elif table.to_act is not None:
            seat = table.seats[table.to_act]
            if seat.is_computer or seat.standin:
                job = lambda: self._computer_turn(table_id)  # noqa: E731
            elif self.turn_timeout(table):
                job = lambda: self._turn_timer(table_id, table.to_act, table.seq)  # noqa: E731
                timer = True
        if job is not None:
            task = asyncio.create_task(self._run(table_id, job))
            self._tasks[table_id] = task
            if timer:
                self._timers.add(task)
                task.add_done_callback(self._timers.discard)

    async def _run(self, table_id: str, job: Callable[[], Awaitable[None]]) -> None:
        try:
            await job()
        except asyncio.CancelledError:
            raise
        except (GameError, UnknownTable) as err:
            log.warning("table %s: background step refused: %s", table_id, err)
        except Exception:
            log.exception("table %s: background step failed", table_id)

    async def _next_hand(self, table_id: str) -> None:
        await self.clock.sleep(self.settings.hand_pause)
        await self.execute(table_id, NextHand(SYSTEM, seed=self.seeds()))

    async def _computer_turn(self, table_id: str) -> None:
        # Human pace, a little irregular (0.5x to 1.5x): tables never move in lockstep.
        await self.clock.sleep(self.settings.ai_delay * (0.5 + self._jitter.random()))
        table = self.tables[table_id]
        seat = table.to_act
        if seat is None:
            return
        level = level_at(table, seat)
        if level not in SLOW_LEVELS:
            await self.execute(table_id, computer_command(table, self.settings.ai_seed))
            return
        # A search takes tens of milliseconds: think in a worker thread, the other tables go on.
        seq = table.seq
        loop = asyncio.get_running_loop()
        command = await loop.run_in_executor(self._thinkers, decide, level,
                                             decision_seed(table, self.settings.ai_seed, seat),
                                             table.view_for(seat), table.actor_for(seat))
        if self.tables.get(table_id) is table and table.seq == seq:  # nobody acted meanwhile
            await self.execute(table_id, command)

    def turn_timeout(self, table: Table) -> float | None:
        """Seconds a person has to act at ``table`` (its own setting, else the service's)."""
        timeout = self.settings.turn_timeout if table.turn_timer is None else table.turn_timer
        return timeout or None

    async def _turn_timer(self, table_id: str, seat: int, seq: int) -> None:
        timeout = self.turn_timeout(self.tables[table_id])
        reminder = timeout * self.settings.reminder_at
        await self.clock.sleep(reminder)
        table = self.tables.get(table_id)
        if table is None or table.seq != seq:
            return
        await self._notify(table_id, [{"type": "turn_reminder", "seat": seat, "transient": True}], table)
        await self.clock.sleep(timeout - reminder)
        table = self.tables.get(table_id)
        if table is None or table.seq != seq:
            return
        self._timers.discard(asyncio.current_task())  # no longer waiting for a person
        await self.execute(table_id, StandIn(SYSTEM, seat=seat))

    async def wait_idle(self, limit: int = 100_000) -> None:
        """Wait until no computer move or deal is pending (tests, the terminal, benchmarks).

        Turn timers of people do not count: they wait for a person or the clock.
        """
        for _ in range(limit):
            busy = [t for t in self._tasks.values() if not t.done() and t not in self._timers]
            if not busy:
                return
            await asyncio.wait(busy, return_when=asyncio.FIRST_COMPLETED)
        raise RuntimeError("tables did not settle")

    async def close(self) -> None:
        """Stop timers and computer players (their state is already stored)."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._thinkers.shutdown(wait=False, cancel_futures=True)


def _status_after(events: list[dict[str, Any]]) -> str | None:
    status = None
    for ev in events:
        if ev["type"] == "game_over":
            status = "finished"
        elif ev["type"] == "game_started":
            status = "open"
        elif ev["type"] == "abandoned":
            status = "abandoned"
    return status
