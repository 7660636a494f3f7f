"""The challenge service: duplicate challenges persisted, each try's table opened and read.

A try is a table of its own: the person in seat 1, computers in the other three, every hand
dealt from the challenge's fixed deals (``StartGame(fixed_deals=…)``), no turn timer (the
person plays alone, at their pace). When the try's game is over (or the person ends it), its
points are recorded with the person's result row. ``tick()`` closes challenges past their
deadline (revealing the seed) and opens the next one of a repeating schedule; the client
calls it every 30 seconds. After a restart, open challenges are replayed and tries whose result a
crash kept from being recorded are read again from their tables.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.game import SYSTEM, Abandon, AddComputer, JoinSeat, StartGame, TableSnapshot
from bot.game.events import Event, TurnReminder
from bot.rules import RuleSet
from bot.storage import Storage
from bot.tournament.challenge import REPEATS, Challenge, Repeat, deal_base
from bot.tournament.errors import Code as Refusal
from bot.tournament.errors import TournamentError
from bot.tournament.events import ChallengeEvent

from .tables import TableService

log = logging.getLogger(__name__)
PLAYER_SEAT = 0


class ChallengeService:
    def __init__(self, storage: Storage, tables: TableService, seeds: Callable[[], str] = lambda: secrets.token_hex(16),
                 wall: Callable[[], float] = time.time) -> None:  # fmt: skip
        self._storage = storage
        self._store = storage.tournaments
        self._tables = tables
        self.seeds = seeds
        self.wall = wall  # seconds since the epoch (deadlines are dates, not timer spans)
        self.challenges: dict[str, Challenge] = {}
        self.rules: dict[str, dict[str, Any]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        # Listeners (the Discord layer): a challenge closed (with the next one of its schedule, if any).
        self._closed_listeners: list[Callable[[Challenge, Challenge | None], Awaitable[None]]] = []
        tables.subscribe(self._on_table_events)

    # -- commands -------------------------------------------------------------------------

    async def create(self, organiser: str, name: str, hands: int, *, level: str = "club", best_of: int = 1,
                     hours: float = 24.0, repeat: Repeat = "", rules: dict[str, Any] | None = None,
                     guild_id: int | None = None, channel_id: int | None = None) -> Challenge:  # fmt: skip
        """A new challenge, open for ``hours`` (a repeating one: a day or a week); its seed is
        drawn now and only its SHA-256 is shown."""
        table_rules = {"preset": "tournament", **(rules or {}), "hands_per_game": hands}
        RuleSet.from_dict(table_rules)
        if repeat:
            hours = REPEATS[repeat] / 3600
        now = self.wall()
        challenge_id = "c" + secrets.token_hex(6)
        seed = self.seeds()
        c, events = Challenge.create(challenge_id, organiser, name, hands, level, best_of, now, now + hours * 3600,
                                     seed, repeat)  # fmt: skip
        events[0]["rules"] = table_rules
        await self._store.create(challenge_id, events, seed, guild_id, channel_id, kind="challenge", status="running")
        self.challenges[challenge_id] = c
        self.rules[challenge_id] = table_rules
        return copy.deepcopy(c)

    async def play(self, challenge_id: str, actor: str, name: str) -> tuple[Challenge, str]:
        """Start a try: its own table, the person in seat 1 against the fixed deals. Returns the table id."""
        seed = await self._store.secret_seed(challenge_id)
        c = await self._run(challenge_id, lambda c: c.start_try(actor, name, self.wall()))
        if seed is None:  # closed meanwhile (cannot happen while it is open: the seed goes at the close)
            raise TournamentError(Refusal.WRONG_PHASE, phase="finished")
        link = len(c.tries) - 1
        guild_id, _, _ = await self._store.where(challenge_id)
        table = await self._tables.create_table(actor, self.rules[challenge_id], guild_id=guild_id, limits=False,
                                               turn_timer=0)  # fmt: skip
        await self._tables.execute(table.table_id, JoinSeat(actor, name=name, seat=PLAYER_SEAT))
        for seat in range(4):
            if seat != PLAYER_SEAT:
                await self._tables.execute(table.table_id, AddComputer(actor, seat=seat, level=c.level))
        await self._store.link_table(challenge_id, link, 0, table.table_id)
        base = deal_base(seed)
        await self._tables.execute(table.table_id, StartGame(actor, seed=base, fixed_deals=base))
        return c, table.table_id

    async def close(self, challenge_id: str, actor: str = SYSTEM, privileged: bool = False) -> Challenge:
        """Close (the deadline, or the organiser early): the seed revealed, tries still running ended
        (they do not count), the next challenge of a schedule opened."""
        seed = await self._store.secret_seed(challenge_id)
        if seed is None:
            raise TournamentError(Refusal.WRONG_PHASE, phase="finished")
        c = await self._run(challenge_id, lambda c: c.close(actor, seed, privileged))
        await self._end_tables(challenge_id)
        following = None
        if c.repeat:
            guild_id, channel_id, _ = await self._store.where(challenge_id)
            rules = {k: v for k, v in self.rules[challenge_id].items() if k != "hands_per_game"}
            following = await self.create(c.organiser, c.name, c.hands, level=c.level, best_of=c.best_of,
                                          repeat=c.repeat, rules=rules, guild_id=guild_id,
                                          channel_id=channel_id)  # fmt: skip
        await self._tell(c, following)
        return c

    async def cancel(self, challenge_id: str, actor: str, privileged: bool = False) -> Challenge:
        c = await self._run(challenge_id, lambda c: c.cancel(actor, privileged))
        await self._end_tables(challenge_id)
        return c

    def listen(self, closed: Callable[[Challenge, Challenge | None], Awaitable[None]]) -> None:
        """Be told (the Discord layer) when a challenge closes, with the one that follows it (a repeat)."""
        self._closed_listeners.append(closed)

    async def tick(self) -> list[str]:
        """Close every open challenge past its deadline; returns their ids."""
        closed = []
        for challenge_id in await self._store.open_ids(kind="challenge", owns=self._tables.shards.owns):
            c = await self._load(challenge_id)
            if c.due(self.wall()):
                try:
                    await self.close(challenge_id)
                    closed.append(challenge_id)
                except TournamentError as err:
                    log.warning("challenge %s not closed: %s", challenge_id, err)
        return closed

    # -- reading --------------------------------------------------------------------------

    async def where(self, challenge_id: str) -> tuple[int | None, int | None, int | None]:
        """(server, channel, message) of a challenge."""
        return await self._store.where(challenge_id)

    async def set_message(self, challenge_id: str, message_id: int) -> None:
        """The challenge's message (its Play button and leaderboard)."""
        await self._store.set_message(challenge_id, message_id)

    async def get(self, challenge_id: str) -> Challenge:
        """The challenge as last committed: a copy (the Discord layer reads it; changing it changes nothing)."""
        return copy.deepcopy(await self._load(challenge_id))

    async def reread(self, guild_id: int) -> None:
        """The server's challenges in memory read again from their logs (forgetting a person rewrote them)."""
        for challenge_id in list(self.challenges):
            if await self._store.guild_of(challenge_id) != guild_id:
                continue
            async with self._locks.setdefault(challenge_id, asyncio.Lock()):
                events = await self._store.load(challenge_id)
                if events is not None:
                    self.challenges[challenge_id] = Challenge.replay(events)

    async def _load(self, challenge_id: str) -> Challenge:
        """The live aggregate, read from storage the first time."""
        if challenge_id not in self.challenges:
            events = await self._store.load(challenge_id)
            if events is None or events[0]["type"] != "challenge_created":
                raise TournamentError(Refusal.UNKNOWN_TOURNAMENT, id=challenge_id)
            self.challenges[challenge_id] = Challenge.replay(events)
            self.rules[challenge_id] = events[0]["rules"]
        return self.challenges[challenge_id]

    async def in_channel(self, channel_id: int, open_only: bool = True) -> list[Challenge]:
        return [await self.get(cid) for cid in await self._store.in_channel(channel_id, open_only, kind="challenge")]

    async def sealed(self, table_id: str) -> bool:
        """The table is a try of a challenge still open: its cards are not to be shown elsewhere."""
        link = await self._store.of_table(table_id, kind="challenge")
        return link is not None and (await self._load(link[0])).phase == "running"

    async def wait_idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- internals ------------------------------------------------------------------------

    async def _run(self, challenge_id: str, command: Callable[[Challenge], list[ChallengeEvent]]) -> Challenge:
        async with self._locks.setdefault(challenge_id, asyncio.Lock()):
            c = await self._load(challenge_id)
            first_seq = c.seq + 1
            events = command(c)
            rows = []
            for ev in events:
                if ev["type"] == "try_finished":  # an abandoned try counts with what it made
                    t = c.tries[ev["link"]]
                    rows.append((t.number - 1, t.actor, 0, ev["points"]))
            status = {"running": "running", "finished": "finished", "cancelled": "cancelled"}[c.phase]
            try:
                await self._store.append(challenge_id, first_seq, events, status=status, results=rows)
            except BaseException:
                self.challenges.pop(challenge_id, None)
                raise
            return copy.deepcopy(c)  # as committed: callers (and the Discord layer) read a copy

    async def _end_tables(self, challenge_id: str) -> None:
        for table_id in (await self._store.tables(challenge_id)).values():
            table = await self._tables.get(table_id)
            if table.phase not in ("game_over", "abandoned"):
                await self._tables.execute(table_id, Abandon(SYSTEM, privileged=True))

    async def _on_table_events(
        self, table_id: str, events: Sequence[Event | TurnReminder], table: TableSnapshot
    ) -> None:
        if not any(ev["type"] in ("game_over", "abandoned") for ev in events):
            return
        link = await self._store.of_table(table_id, kind="challenge")
        if link is not None:
            task = asyncio.create_task(self._record_logged(link[0], link[1], table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _record_logged(self, challenge_id: str, link: int, table: TableSnapshot) -> None:
        try:
            await self._record(challenge_id, link, table)
        except Exception:
            log.exception("challenge %s: try %d was not recorded", challenge_id, link)

    async def _record(self, challenge_id: str, link: int, table: TableSnapshot) -> None:
        c = await self._load(challenge_id)
        if c.phase != "running" or link >= len(c.tries) or c.tries[link].points is not None:
            return
        ours, theirs = table.view_for(None).totals[PLAYER_SEAT % 2], table.view_for(None).totals[1 - PLAYER_SEAT % 2]
        abandoned = table.phase != "game_over"
        await self._run(challenge_id, lambda c: c.finish_try(link, ours, theirs, abandoned))

    async def _tell(self, c: Challenge, following: Challenge | None) -> None:
        for listener in self._closed_listeners:
            try:
                await listener(c, following)
            except Exception:
                log.exception("a challenge listener failed")

    async def restore(self) -> list[str]:
        """Replay open challenges; record tries a crash left unrecorded."""
        ids = await self._store.open_ids(kind="challenge", owns=self._tables.shards.owns)
        for challenge_id in ids:
            try:
                c = await self._load(challenge_id)
            except Exception as err:
                log.error("challenge %s cannot be restored: %s", challenge_id, err)
                continue
            links = await self._store.tables(challenge_id)
            for t in c.open_tries():
                table_id = links.get((t.link, 0))
                if table_id is not None:
                    table = await self._tables.table(table_id)
                    if table.phase in ("game_over", "abandoned"):
                        await self._record(challenge_id, t.link, table)
        return ids
