"""The table service: load → lock → apply → persist → notify; computer players; turn timers.

The Discord layer (and the terminal, tests, benchmarks) only ever call this service.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.ai.base import SLOW_LEVELS, computer_command, decision_seed, level_at
from bot.config import valid_server_settings
from bot.game import (
    SYSTEM,
    AddComputer,
    Command,
    GameError,
    JoinSeat,
    LeaveSeat,
    NextHand,
    Phase,
    PlayCard,
    StandIn,
    Table,
    TableSnapshot,
    UseHint,
)
from bot.game.errors import Code
from bot.game.events import Event, TurnReminder, as_event
from bot.rules import Card, RuleSet
from bot.storage import ConflictError, CorruptRowError, GameResult, Storage, TableDisplay

from .clock import Clock
from .metrics import Metrics
from .shards import ALL, Shards
from .thinkers import Thinkers

log = logging.getLogger(__name__)

Subscriber = Callable[[str, Sequence[Event | TurnReminder], TableSnapshot], Awaitable[None]]
Evicted = Callable[[str], None]


#: Seconds a command waits for one subscriber at most (``TableService._notify``).
NOTIFY_BOUND = 5.0


async def _tell(before: asyncio.Future[None] | None, callback: Subscriber, table_id: str,
                events: Sequence[Event | TurnReminder], snapshot: TableSnapshot) -> None:  # fmt: skip
    """One subscriber's call, after its late call for the same table (if any) is done."""
    if before is not None:
        await asyncio.wait([before])
    try:
        await callback(table_id, events, snapshot)
    except Exception:
        log.exception("subscriber failed for table %s", table_id)


class UnknownTable(Exception):
    """No table with this id (or it can no longer be played)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


class BrokenTable(UnknownTable):
    """A stored table whose log cannot be read or replayed: set aside, never changed."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(table_id)
        self.reason = reason


class StorageFailed(Exception):
    """A command could not be saved (disk full, I/O error): nothing changed; the table is reloaded."""

    def __init__(self, table_id: str, cause: BaseException) -> None:
        super().__init__(f"table {table_id}: not saved: {cause}")
        self.table_id = table_id


def new_seed() -> str:
    """A hand's seed from the operating system's cryptographic source."""
    return secrets.token_hex(16)


def new_table_id() -> str:
    """64 random bits as 16 hex digits (a collision is retried, never shown)."""
    return secrets.token_hex(8)


#: Seconds the next deal waits at most for the hand's messages (:meth:`TableService.before_deal`).
DEAL_WAIT = 5.0
HINT_BUDGET = 0.8  # seconds a tip's search may take (the answer is due within 1 s)

#: Tries for a fresh table id before giving up (a collision of 64-bit ids is next to impossible).
ID_TRIES = 8


@dataclass
class ServiceSettings:
    ai_delay: float = 0.0  # mean seconds before a computer player acts (human pace in Discord)
    hand_pause: float = 0.0  # seconds between a hand's end and the next deal
    turn_timeout: float | None = None  # seconds a person has to act; None = no timer
    reminder_at: float = 0.5  # fraction of the timeout at which a reminder is sent
    ai_seed: str = ""  # makes computer players' choices reproducible
    tables_per_channel: int = 0  # open tables (lobby or playing) one channel may have; 0: no limit
    tables_per_user: int = 0  # open tables one person may have opened; 0: no limit
    keep_finished: int = 64  # finished/abandoned tables kept in memory (the rest reload on demand)
    retry_seconds: float = 2.0  # first wait before a table whose write failed is tried again
    ai_workers: int = 0  # processes for strong decisions; 0: two threads of this process
    ai_max_wait: float = 2.0  # seconds a strong decision should wait for a worker at most (budgets shrink)
    shards: Shards = ALL  # the servers this process looks after (several processes: a slice)


def _computer_seat(table: Table) -> int | None:
    """The seat a computer player (or stand-in) decides for now: among the seats the table waits
    for (hidden Differenzler predictions: all who have not predicted), the first not a person's."""
    return next((s for s in table.waiting_on if table.seats[s].is_computer or table.seats[s].standin), None)


class TableService:
    """Runs every table of the process.  One lock per table; a command is done once committed."""

    def __init__(
        self,
        storage: Storage,
        settings: ServiceSettings | None = None,
        *,
        clock: Clock | None = None,
        seeds: Callable[[], str] = new_seed,
        table_ids: Callable[[], str] = new_table_id,
    ) -> None:
        self._storage = storage
        self.settings = settings or ServiceSettings()
        self.clock = clock or Clock()
        self.seeds = seeds
        self.table_ids = table_ids
        self._tables: dict[str, Table] = {}
        self.metrics = Metrics()  # what operators read at /metrics
        self._snapshots: dict[str, TableSnapshot] = {}  # table id -> as its last commit left it
        # A table's lock lives as long as somebody holds or waits for it (or the table is in memory).
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._held: dict[str, asyncio.Lock] = {}  # strong references for tables in memory
        self._finished: OrderedDict[str, None] = OrderedDict()  # finished/abandoned tables in memory, oldest first
        self.broken: dict[str, str] = {}  # table id -> why it cannot be read (set aside, kept stored)
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._timers: set[asyncio.Task[None]] = set()  # tasks that wait for a person (turn timers)
        self._turn_since: dict[str, tuple[int, float]] = {}  # table -> (seq, wall clock) its turn timer began
        self._subscribers: list[Subscriber] = []
        self.notify_bound = NOTIFY_BOUND
        self._behind: dict[tuple[int, str], asyncio.Future[None]] = {}  # (subscriber, table) -> its late call
        self._before_deal: list[Callable[[str], Awaitable[None]]] = []
        self._evicted: list[Evicted] = []
        self._retries: dict[str, int] = {}  # table id -> failed writes in a row
        self._closed = False
        self._jitter = random.Random()
        # Searching players think here, two at a time: a bounded number of threads competing
        # with the event loop for the interpreter, however many tables wait for a search.
        self.thinkers = Thinkers(self.settings.ai_workers, self.settings.ai_max_wait)
        self.shards = self.settings.shards

    # -- subscribers ---------------------------------------------------------------------

    def subscribe(self, callback: Subscriber) -> None:
        """``callback(table_id, events, table)`` after every committed command."""
        self._subscribers.append(callback)

    def picture_drawn(self, picture: str, seconds: float) -> None:
        """A picture of a table drawn for Discord (its time is in the operators' metrics)."""
        self.metrics.rendered(picture, seconds)

    def before_deal(self, callback: Callable[[str], Awaitable[None]]) -> None:
        """``await callback(table_id)`` after the hand pause, before the next hand is dealt (the
        Discord layer waits for its hand summary to be out, so every card is seen before the next
        hand's cards; at most :data:`DEAL_WAIT` seconds)."""
        self._before_deal.append(callback)

    def on_evict(self, callback: Evicted) -> None:
        """``callback(table_id)`` when a table leaves memory (it reloads on demand)."""
        self._evicted.append(callback)

    def _committed(self, table_id: str, table: Table) -> TableSnapshot:
        """The table as its last committed event left it (called after a commit or a load only)."""
        snapshot = self._snapshots.get(table_id)
        if snapshot is None or snapshot.seq != table.seq:
            snapshot = TableSnapshot.of(table)
            self._snapshots[table_id] = snapshot
        return snapshot

    async def _notify(self, table_id: str, events: Sequence[Event | TurnReminder], snapshot: TableSnapshot) -> None:
        """Tell every subscriber what was committed, with the table as it left it.

        A subscriber is waited for :attr:`notify_bound` seconds at most (a Discord message waiting for
        its channel's bucket keeps the game at Discord's pace): one that takes longer goes on by
        itself, and the command returns without it. While it is behind, its next calls for the table
        follow it in order and no command waits for them. No subscriber can stall a command.
        """
        for index, callback in enumerate(self._subscribers):
            key = (index, table_id)
            before = self._behind.get(key)
            call = asyncio.ensure_future(_tell(before, callback, table_id, events, snapshot))
            if before is not None and not before.done():  # still behind: not waited for at all
                self._behind[key] = call
                call.add_done_callback(functools.partial(self._caught_up, key))
                continue
            try:
                await asyncio.wait_for(asyncio.shield(call), self.notify_bound)
            except TimeoutError:
                log.warning("table %s: a subscriber (%s) took over %.1f s; the command goes on without it",
                            table_id, getattr(callback, "__qualname__", "?"), self.notify_bound)  # fmt: skip
                self.metrics.subscriber_late()
                self._behind[key] = call
                call.add_done_callback(functools.partial(self._caught_up, key))

    def _caught_up(self, key: tuple[int, str], call: asyncio.Future[None]) -> None:
        if self._behind.get(key) is call:
            del self._behind[key]

    # -- tables --------------------------------------------------------------------------

    async def create_table(
        self,
        host: str,
        rules: RuleSet | dict[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        turn_timer: float | None = None,
        limits: bool = True,
        rated: bool | None = None,
        hints: bool = False,
    ) -> Table:
        """A new table (``turn_timer``: its own seconds per turn, 0 = none; ``None``: the default;
        ``rated=False``: a friendly table, ``None``: rated unless the server turned ratings off;
        ``hints``: tips allowed, at a friendly table only).

        Refused (:class:`GameError` ``TOO_MANY_TABLES``) past the open tables a channel or a
        person may have; ``SEATED_ELSEWHERE`` when the host already sits at a table here.
        ``limits=False``: a table the bot opens itself (a tournament's), not bound by them.
        :class:`StorageFailed` when the database cannot be used (a server that is down).
        """
        try:
            return await self._create_table(host, rules, guild_id, channel_id, turn_timer, limits, rated=rated,
                                            hints=hints)  # fmt: skip
        except (GameError, asyncio.CancelledError):
            raise
        except Exception as err:  # the database is out of reach: the same failure as every other path
            raise StorageFailed("(new)", err) from err

    async def open_table(
        self,
        host: str,
        name: str,
        rules: RuleSet | dict[str, Any] | None,
        display: TableDisplay,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        turn_timer: float | None = None,
        computers: int = 0,
        level: str = "random",
        rated: bool | None = None,
        hints: bool = False,
    ) -> TableSnapshot:
        """A new table with its host in seat 1, ``computers`` computer players and its look, all
        written in one transaction: a failure leaves nothing behind (no table without its host).
        ``rated``: as in :meth:`create_table`; ``hints``: players may ask for hints (friendly only).

        Refused like :meth:`create_table`; :class:`StorageFailed` when the database cannot be used.
        """
        try:
            table = await self._create_table(
                host, rules, guild_id, channel_id, turn_timer, True,
                [JoinSeat(host, name=name, seat=0), *[AddComputer(host, level=level) for _ in range(computers)]],
                display, rated, hints,
            )  # fmt: skip
        except (GameError, asyncio.CancelledError):
            raise
        except Exception as err:
            raise StorageFailed("(new)", err) from err
        return self._committed(table.table_id, table)

    async def open_tables(self, channel_id: int) -> list[str]:
        """The open tables of a channel, newest first (:class:`StorageFailed` when unreadable)."""
        try:
            return await self.tables_in_channel(channel_id, status="open")
        except Exception as err:
            raise StorageFailed("(channel)", err) from err

    async def _create_table(self, host: str, rules: RuleSet | dict[str, Any] | None, guild_id: int | None,
                            channel_id: int | None, turn_timer: float | None, limits: bool,
                            first: Sequence[Command] = (), display: TableDisplay | None = None,
                            rated: bool | None = None, hints: bool = False) -> Table:  # fmt: skip
        allowed = (await self.server_settings(guild_id)).get("ratings", "on") == "on"
        if rated and not allowed:
            raise GameError(Code.RATINGS_OFF)
        rated = allowed if rated is None else rated
        if channel_id is not None and limits:
            limit = self.settings.tables_per_channel
            if limit and await self._storage.count_open(channel_id=channel_id) >= limit:
                raise GameError(Code.TOO_MANY_TABLES, scope="channel", limit=limit)
            other = await self.seated_in_channel(host, channel_id)
            if other is not None:
                raise GameError(Code.SEATED_ELSEWHERE, table=other)
        limit = self.settings.tables_per_user if limits else 0
        if limit and await self._storage.count_open(host=host) >= limit:
            raise GameError(Code.TOO_MANY_TABLES, scope="user", limit=limit)
        for attempt in range(ID_TRIES):
            table_id = self.table_ids()
            table, events = Table.create(table_id, host, rules, turn_timer, rated=rated, hints=hints)
            for command in first:  # the host sits down, computers join: one write with the table
                events += table.apply(command)
            try:
                await self._storage.create_table(table_id, events, guild_id, channel_id, display)
                break
            except ConflictError:
                log.warning("table id %s is taken (try %d): drawing another", table_id, attempt + 1)
        else:
            raise RuntimeError(f"no free table id after {ID_TRIES} tries")
        self._keep(table_id, table)
        await self._notify(table_id, events, self._committed(table_id, table))
        return table

    async def seated_in_channel(self, actor: str, channel_id: int, besides: str | None = None) -> str | None:
        """The id of another open table of the channel where ``actor`` sits, if any."""
        for other in await self._storage.tables_in_channel(channel_id, status="open"):
            if other == besides:
                continue
            try:
                table = await self.get(other)
            except UnknownTable:
                continue
            if table.seat_of(actor) is not None:
                return other
        return None

    # -- what the Discord layer reads and writes besides commands ------------------------

    def open_count(self) -> int:
        """Tables in memory whose game is not over (each stored move by move: nothing to save)."""
        return sum(t.phase not in (Phase.GAME_OVER, Phase.ABANDONED) for t in self._tables.values())

    def loaded(self) -> list[str]:
        """The ids of the tables in memory, in the order they were opened or loaded."""
        return list(self._tables)

    def in_memory(self, table_id: str) -> TableSnapshot | None:
        """The table as last committed, if it is in memory (``None``: evicted or never loaded;
        :meth:`table` loads it)."""
        return self._snapshots.get(table_id) if table_id in self._tables else None

    async def table(self, table_id: str) -> TableSnapshot:
        """The table as last committed (loaded from storage if it is not in memory).

        Raises :class:`UnknownTable`, or :class:`BrokenTable` for a stored log that cannot be read.
        """
        table = await self.get(table_id)
        return self._snapshots.get(table_id) or self._committed(table_id, table)

    async def events(self, table_id: str) -> list[dict[str, Any]]:
        """A table's stored event log (for its public history)."""
        return list(await self._storage.load_events(table_id) or [])

    async def table_in_channel(self, channel_id: int, actor: str) -> tuple[TableSnapshot | None, list[str]]:
        """The table a command in a channel is about (one policy for every command): the open one
        ``actor`` sits at, else the newest open one, else the newest finished one. Also the ids of
        the unreadable tables it skipped."""
        broken: list[str] = []
        readable: list[TableSnapshot] = []
        for tid in await self.tables_in_channel(channel_id, status="open"):
            try:
                readable.append(await self.table(tid))
            except BrokenTable:
                broken.append(tid)
            except UnknownTable:
                continue
        table = next((t for t in readable if t.seat_of(actor) is not None), None) or next(iter(readable), None)
        if table is None:
            for tid in (await self.tables_in_channel(channel_id, status="finished"))[:1]:
                try:
                    table = await self.table(tid)
                except BrokenTable:
                    broken.append(tid)
                except UnknownTable:
                    pass
        return table, broken

    async def tables_in_channel(self, channel_id: int, status: str | None = None) -> list[str]:
        """Table ids of a channel, newest first (optionally only those with ``status``)."""
        return await self._storage.tables_in_channel(channel_id, status=status)

    async def server_settings(self, guild_id: int | None) -> dict[str, Any]:
        """A server's stored defaults for new tables (none outside a server); a value that is not
        valid (a corrupt row) is ignored and logged."""
        if not guild_id:
            return {}
        valid, broken = valid_server_settings(await self._storage.guild_settings(guild_id))
        for key, value in broken.items():
            log.warning("server %s: ignoring stored setting %s=%r", guild_id, key, value)
        return valid

    async def set_server_settings(self, guild_id: int, **values: Any) -> dict[str, Any]:
        """Change some of a server's defaults (``None``: keep); returns them all."""
        return await self._storage.set_guild_settings(guild_id, **values)

    async def person_settings(self, user_id: int) -> dict[str, Any]:
        """A person's own preferences (the deck they see)."""
        return await self._storage.user_settings(user_id)

    async def set_person_settings(self, user_id: int, **values: Any) -> dict[str, Any]:
        return await self._storage.set_user_settings(user_id, **values)

    async def set_display(self, table_id: str, display: TableDisplay) -> None:
        """How a table's public messages look, kept for restarts."""
        d = display
        await self._storage.set_table_display(table_id, d.language, d.deck, d.pings, d.images, d.label)

    async def set_message(self, table_id: str, channel_id: int | None, message_id: int | None) -> None:
        """Where the table's public message is."""
        await self._storage.set_message(table_id, channel_id, message_id)

    async def set_line(self, table_id: str, line_id: int | None) -> None:
        """The table's live line in its channel (``None``: deleted), for a restarted bot to clear."""
        await self._storage.set_line(table_id, line_id)

    async def meta(self, table_id: str) -> dict[str, Any] | None:
        """A table's place and look: server, channel, message, language, deck, pings, images, label,
        and its live line."""
        return await self._storage.table_meta(table_id)

    async def place(self, table_id: str) -> tuple[int | None, int | None, int | None]:
        """(server, channel, table message) of a table; ``None`` where it has none (the terminal)."""
        meta = await self.meta(table_id)
        if not meta:
            return None, None, None
        return meta["guild_id"], meta["channel_id"], meta["message_id"]

    async def get(self, table_id: str) -> Table:
        """The live table (loaded from storage if it is not in memory).

        Raises :class:`UnknownTable`, or :class:`BrokenTable` for a stored log that cannot be read.
        """
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.broken:
            raise BrokenTable(table_id, self.broken[table_id])
        try:
            events = await self._storage.load_events(table_id)
        except CorruptRowError as err:
            self._set_aside(table_id, str(err))
            raise BrokenTable(table_id, str(err)) from err
        if not events:
            raise UnknownTable(table_id)
        try:
            table = Table.replay(events)
        except Exception as err:
            self._set_aside(table_id, f"cannot be replayed: {err}")
            raise BrokenTable(table_id, str(err)) from err
        if table_id in self._tables:  # loaded meanwhile by another caller
            return self._tables[table_id]
        self._keep(table_id, table)
        self._schedule(table_id)  # a computer turn, a deal or a timer it was waiting for
        return table

    def _set_aside(self, table_id: str, reason: str) -> None:
        if table_id not in self.broken:
            log.error("table %s is set aside (kept as stored): %s", table_id, reason)
        self.broken[table_id] = reason

    def _keep(self, table_id: str, table: Table) -> None:
        self._tables[table_id] = table
        self._committed(table_id, table)
        self._held[table_id] = self._lock(table_id)
        self._track_finished(table_id, table)

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[table_id] = lock
        return lock

    def _track_finished(self, table_id: str, table: Table) -> None:
        """Finished and abandoned tables stay in memory only as the newest ``keep_finished``."""
        if table.phase not in (Phase.GAME_OVER, Phase.ABANDONED):
            self._finished.pop(table_id, None)
            return
        self._finished[table_id] = None
        self._finished.move_to_end(table_id)
        while len(self._finished) > self.settings.keep_finished:
            oldest = next(iter(self._finished))
            lock = self._locks.get(oldest)
            if lock is not None and lock.locked():
                break  # in use right now: evicted after a later command
            self._finished.pop(oldest)
            self._evict(oldest)

    def forget(self, table_id: str) -> None:
        """Drop a finished table from memory (its stored log changed: it is reloaded when asked for)."""
        table = self._tables.get(table_id)
        if table is not None and table.phase in (Phase.GAME_OVER, Phase.ABANDONED):
            self._finished.pop(table_id, None)
            self._evict(table_id)

    def _evict(self, table_id: str) -> None:
        self._tables.pop(table_id, None)
        self._snapshots.pop(table_id, None)
        self._held.pop(table_id, None)
        self._turn_since.pop(table_id, None)
        task = self._tasks.pop(table_id, None)
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        for callback in self._evicted:
            try:
                callback(table_id)
            except Exception:
                log.exception("eviction callback failed for table %s", table_id)

    async def execute(self, table_id: str, command: Command) -> list[Event]:
        """Apply ``command``; returns its events once they are committed.

        Raises :class:`GameError` (nothing changed), :class:`UnknownTable` or
        :class:`StorageFailed` (not saved, nothing changed; the table is tried again later).
        Each command is counted in :attr:`metrics` (by game kind and outcome, with its latency).
        """
        started = time.perf_counter()
        outcome = "error"  # cancelled, or a conflict with another process
        try:
            events = await self._execute(table_id, command)
            outcome = "ok"
            return events
        except (GameError, UnknownTable):
            outcome = "refused"
            raise
        except StorageFailed:
            outcome = "failed"
            raise
        finally:
            table = self._tables.get(table_id)
            kind = table.rules.game if table is not None else "unknown"
            self.metrics.command(kind, type(command).__name__, outcome, time.perf_counter() - started)

    async def _execute(self, table_id: str, command: Command) -> list[Event]:
        if self._closed:
            raise UnknownTable(table_id)
        lock = self._lock(table_id)
        async with lock:
            table = await self.get(table_id)
            if isinstance(command, JoinSeat):
                await self._check_one_seat_per_channel(table_id, command.actor)
            events = table.apply(command)
            first_seq = table.seq - len(events) + 1
            try:
                await self._storage.append(
                    table_id, first_seq, events, status=_status_after(events), results=_results_of(table, events)
                )
            except BaseException as err:
                # Not committed: drop the in-memory change; the stored table is reloaded and resumed.
                self._tables.pop(table_id, None)
                self._held.pop(table_id, None)
                self._snapshots.pop(table_id, None)
                if isinstance(err, ConflictError | asyncio.CancelledError) or not isinstance(err, Exception):
                    raise
                log.error("table %s: command not saved (%s); retrying the table later", table_id, err)
                self._retry_later(table_id)
                raise StorageFailed(table_id, err) from err
            self._retries.pop(table_id, None)
            await self._notify(table_id, events, self._committed(table_id, table))
            self._schedule(table_id)
        self._track_finished(table_id, table)
        return events

    async def _check_one_seat_per_channel(self, table_id: str, actor: str) -> None:
        meta = await self._storage.table_meta(table_id)
        channel_id = meta.get("channel_id") if meta else None
        if channel_id is not None:
            other = await self.seated_in_channel(actor, channel_id, besides=table_id)
            if other is not None:
                raise GameError(Code.SEATED_ELSEWHERE, table=other)

    def _retry_later(self, table_id: str) -> None:
        """After a failed write: reload the table after a pause (doubling, at most a minute)."""
        if self._closed:
            return
        failures = self._retries.get(table_id, 0) + 1
        self._retries[table_id] = failures
        wait = min(60.0, self.settings.retry_seconds * 2 ** (failures - 1))

        async def reload() -> None:
            await self.clock.sleep(wait)
            if table_id not in self._tables:
                await self.get(table_id)  # schedules what the table waits for

        old = self._tasks.pop(table_id, None)
        if old is not None and old is not asyncio.current_task() and not old.done():
            old.cancel()
        self._tasks[table_id] = asyncio.create_task(self._run(table_id, reload))

    # -- restore ---------------------------------------------------------------------------

    async def member_left(self, guild_id: int, actor: str) -> list[str]:
        """A member left the server: at every open table of it where they sit, a computer plays
        their cards from now on (a table still in its lobby frees their seat). Returns the tables."""
        changed = []
        for table_id in await self._storage.open_tables_of(guild_id):
            try:
                table = await self.get(table_id)
            except (UnknownTable, BrokenTable):
                continue
            seat = table.seat_of(actor)
            if seat is None:
                continue
            try:
                if table.phase in (Phase.LOBBY, Phase.GAME_OVER):
                    await self.execute(table_id, LeaveSeat(actor))
                elif table.phase != Phase.ABANDONED and not table.seats[seat].standin:
                    await self.execute(table_id, StandIn(SYSTEM, seat=seat, anytime=True))
                else:
                    continue
            except GameError as err:
                log.warning("table %s: %s left the server, not replaced: %s", table_id, actor, err)
                continue
            changed.append(table_id)
        return changed

    async def restore(self) -> list[str]:
        """Replay every open table; resume computer players and turn timers.  Returns the ids.

        Tables that cannot be read are set aside (logged, kept as stored); finished games whose
        result row is missing (a crash in an older version) get it back from their log.
        """
        found = await self._storage.load_open(self.shards.owns)
        for table_id, reason in found.broken.items():
            self._set_aside(table_id, reason)
        restored = []
        for table_id, events in found.events.items():
            try:
                table = Table.replay(events)
            except Exception as err:  # a log the rules cannot replay: keep it stored, skip it
                self._set_aside(table_id, f"cannot be replayed: {err}")
                continue
            self._keep(table_id, table)
            restored.append(table_id)
        await self._repair_results()
        for table_id in restored:
            self._schedule(table_id)
        return restored

    async def _repair_results(self) -> None:
        for table_id, seq in await self._storage.games_without_result():
            try:
                events = await self._storage.load_events(table_id) or []
                table = Table.replay(events[:seq])
                [result] = _results_of(table, [as_event(events[seq - 1])])
            except Exception as err:
                log.error("table %s: the result of its game (event %d) cannot be rebuilt: %s", table_id, seq, err)
                continue
            await self._storage.record_result(table_id, result)
            log.warning("table %s: result of game %d was missing; rebuilt from the log", table_id, result.game_no)

    # -- computer players, next hands and timers --------------------------------------------

    def _schedule(self, table_id: str) -> None:
        """Start whatever the table waits for that is not a person's click."""
        current = asyncio.current_task()
        old = self._tasks.pop(table_id, None)
        if old is not None and old is not current and not old.done():
            old.cancel()
        if self._closed:
            return
        table = self._tables.get(table_id)
        if table is None:
            return
        job: Callable[[], Awaitable[None]] | None = None
        timer = False
        if table.phase == Phase.HAND_OVER:
            job = lambda: self._next_hand(table_id)  # noqa: E731
        elif table.to_act is not None:
            if _computer_seat(table) is not None:
                job = lambda: self._computer_turn(table_id)  # noqa: E731
            elif self.turn_timeout(table):
                job = lambda: self._turn_timer(table_id, table.to_act, table.seq)  # noqa: E731
                timer = True
                self._turn_since[table_id] = (table.seq, time.time())
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
        except (GameError, UnknownTable, StorageFailed) as err:
            log.warning("table %s: background step refused: %s", table_id, err)
        except Exception:
            log.exception("table %s: background step failed", table_id)

    async def _next_hand(self, table_id: str) -> None:
        await self.clock.sleep(self.settings.hand_pause)
        for callback in self._before_deal:
            try:
                await asyncio.wait_for(callback(table_id), DEAL_WAIT)
            except Exception as err:  # a slow or failed message never holds the table up for long
                log.warning("table %s: dealing without waiting for the hand's messages: %r", table_id, err)
        await self.execute(table_id, NextHand(SYSTEM, seed=self.seeds()))

    async def _computer_turn(self, table_id: str) -> None:
        # Human pace, a little irregular (0.5x to 1.5x): tables never move in lockstep.
        await self.clock.sleep(self.settings.ai_delay * (0.5 + self._jitter.random()))
        table = self._tables.get(table_id)
        seat = _computer_seat(table) if table is not None else None
        if table is None or seat is None:
            return
        level = level_at(table, seat)
        if level not in SLOW_LEVELS:
            await self.execute(table_id, computer_command(table, self.settings.ai_seed, seat))
            return
        # A search takes tens of milliseconds or more: think in a worker (a process, or a thread),
        # the other tables go on.
        seq = table.seq
        # Fixed deals (a challenge, a tournament): the same work for every decision, however busy
        # the bot, so the same play gets the same answers at every table.
        command = await self.thinkers.decide(
            level, decision_seed(table, self.settings.ai_seed, seat), table.view_for(seat),
            table.actor_for(seat) or f"ai:{seat}", fixed_work=table.fixed_deals is not None,
        )  # fmt: skip
        if self._tables.get(table_id) is table and table.seq == seq:  # nobody acted meanwhile
            await self.execute(table_id, command)

    async def hint(self, table_id: str, actor: str) -> int:
        """The card the ``strong`` search would play for ``actor`` now, thought within about
        ``HINT_BUDGET`` seconds; the table records the hint first (its game is then rated for
        nobody). Refused (:class:`GameError`) where hints are off or it is not the actor's turn."""
        await self.execute(table_id, UseHint(actor))
        table = await self.get(table_id)
        seat = table.seat_of(actor)
        if seat is None:
            raise GameError(Code.NOT_SEATED)
        command = await self.thinkers.decide(
            "strong", decision_seed(table, self.settings.ai_seed, seat), table.view_for(seat), actor, budget=HINT_BUDGET
        )
        if not isinstance(command, PlayCard):
            raise GameError(Code.WRONG_PHASE, phase=table.phase.value)
        return Card.parse(command.card).index

    def turn_timeout(self, table: Table | TableSnapshot) -> float | None:
        """Seconds a person has to act at ``table`` (its own setting, else the service's)."""
        timeout = self.settings.turn_timeout if table.turn_timer is None else table.turn_timer
        return timeout or None

    def turn_deadline(self, table: TableSnapshot) -> float | None:
        """When (wall clock, seconds since the epoch) the person at turn runs out of time at ``table``
        as it is now (None: no turn timer runs); a page reloaded mid-turn shows the time left."""
        timeout = self.turn_timeout(table)
        since = self._turn_since.get(table.table_id)
        if not timeout or since is None or since[0] != table.seq:
            return None
        return since[1] + timeout

    async def _turn_timer(self, table_id: str, seat: int, seq: int) -> None:
        timeout = self.turn_timeout(self._tables[table_id]) or 0.0
        reminder = timeout * self.settings.reminder_at
        await self.clock.sleep(reminder)
        snapshot = self.in_memory(table_id)
        if snapshot is None or snapshot.seq != seq:
            return
        await self._notify(table_id, [{"type": "turn_reminder", "seat": seat, "transient": True}], snapshot)
        await self.clock.sleep(timeout - reminder)
        table = self._tables.get(table_id)
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
        self.thinkers.close()


def _results_of(table: Table, events: Sequence[Mapping[str, Any]]) -> tuple[GameResult, ...]:
    """The results of the games ``events`` finish (seats as they are at ``table`` now)."""
    seats = tuple(s.actor for s in table.seats)
    return tuple(
        GameResult(
            ev["game"], ev["winner"], (ev["totals"][0], ev["totals"][1]), ev["berg"], bool(ev["schneider"]), seats
        )
        for ev in events
        if ev["type"] == "game_over"
    )


def _status_after(events: Sequence[Event]) -> str | None:
    status = None
    for ev in events:
        if ev["type"] == "game_over":
            status = "finished"
        elif ev["type"] == "game_started":
            status = "open"
        elif ev["type"] == "abandoned":
            status = "abandoned"
    return status
