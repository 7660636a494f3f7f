"""The tournament service: a tournament's commands persisted, its tables opened and read.

load → lock → apply → persist, like the table service. When a Passe is drawn, each of its
tables is opened through the table service (the tournament's rules, a game of exactly the
Passe's hands, people in their drawn seats, computer players in the empty ones) and linked
to the tournament. When a linked table's game is over, its team points are recorded; when
every table of the Passe has its result, the next Passe is drawn (or the tournament ends),
unless it is paused or the organiser moves on by hand.
After a restart, open tournaments are replayed, missing tables opened and results that a
crash kept from being recorded read again from their tables.
"""

from __future__ import annotations

import asyncio
import copy
import csv
import io
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.game import SYSTEM, Abandon, AddComputer, JoinSeat, StandIn, StartGame, TableSnapshot
from bot.game.errors import GameError
from bot.game.events import Event, TurnReminder
from bot.game.kinds.individual import individual_part
from bot.rules import RuleSet
from bot.rules.kinds import formats, kind_for_format
from bot.storage import Storage
from bot.tournament.aggregate import Format, Tournament
from bot.tournament.errors import Code as Refusal
from bot.tournament.errors import TournamentError
from bot.tournament.events import TableResult, TournamentEvent
from bot.tournament.standings import Counting

from .tables import TableService

log = logging.getLogger(__name__)


BYE_TABLE = -1  # the table number of a bye's result row


TablesOpened = Callable[[Tournament, int, dict[int, str]], Awaitable[None]]
PasseListener = Callable[[Tournament, int], Awaitable[None]]
StartFailed = Callable[[Tournament, TournamentError], Awaitable[None]]


L = TypeVar("L")


def _add(listeners: list[L], listener: L | None, first: bool) -> None:
    if listener is not None:
        listeners.insert(0 if first else len(listeners), listener)


@dataclass(frozen=True)
class TablesSetup:
    """How a tournament's tables are set up."""

    rules: dict[str, Any]  # rule keys of its tables
    level: str  # the computer players' level
    turn_timer: float | None  # seconds per turn (None: the bot's default)
    starts_at: float | None  # when the ticker starts it (sign-up only)


def _result_rows(t: Tournament, ev: TableResult) -> list[tuple[int, str, int, int]]:
    """(passe, player, table, points) of each person at the table whose result ``ev`` records
    (with the Passe's last table, the byes' rows too: the Passe's average, table -1)."""
    passe, table_no = ev["passe"], ev["table"]
    points = t.table_points(passe, table_no)
    rows = [(passe, t.actor_in(player, passe), table_no, pts) for player, pts in sorted(points.items())]
    if t.sat_out[passe] and all((passe, k) in t.results for k in range(len(t.draws[passe]))):
        everyone = t.player_points()
        rows += [(passe, t.actor_in(p, passe), BYE_TABLE, everyone[p][passe] or 0) for p in t.sat_out[passe]]
    return rows


class TournamentService:
    def __init__(self, storage: Storage, tables: TableService, seeds: Callable[[], str] = lambda: secrets.token_hex(16),
                 level: str = "club", wall: Callable[[], float] = time.time) -> None:  # fmt: skip
        self._storage = storage
        self._store = storage.tournaments
        self._tables = tables
        self.seeds = seeds
        self.wall = wall  # seconds since the epoch (a start time is a date)
        self.level = level  # computer players in a tournament's empty seats, unless it names its own
        self.tournaments: dict[str, Tournament] = {}
        self._rules: dict[str, dict[str, Any]] = {}  # tournament -> rule keys of its tables
        self._table_setup: dict[str, dict[str, Any]] = {}  # tournament -> level and turn timer of its tables
        self._starts_at: dict[str, float] = {}  # tournament -> when tick() starts it (not yet tried)
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()  # results being recorded, Passen being opened
        # Listeners (the Discord layer, through :meth:`listen`).
        self._tables_opened: list[TablesOpened] = []
        self._passe_done: list[PasseListener] = []
        self._passe_over: list[PasseListener] = []
        self._passe_waiting: list[PasseListener] = []
        self._passe_break: list[PasseListener] = []
        self._start_failed: list[StartFailed] = []
        tables.subscribe(self._on_table_events)

    # -- commands -------------------------------------------------------------------------

    def listen(
        self,
        *,
        tables_opened: TablesOpened | None = None,
        passe_done: PasseListener | None = None,
        passe_over: PasseListener | None = None,
        passe_waiting: PasseListener | None = None,
        passe_break: PasseListener | None = None,
        start_failed: StartFailed | None = None,
        first: bool = False,
    ) -> None:
        """Be told (the Discord layer): the tables of a Passe opened; a Passe done (or the
        tournament); every table of a Passe has its result (once, before what comes next); the
        next Passe waits for the organiser (paused, or by hand); a break runs until
        ``t.break_until``; the start time came but too few people were there. ``first``: before
        the listeners there are. Each is called with a copy of the tournament as committed."""
        _add(self._tables_opened, tables_opened, first)
        _add(self._passe_done, passe_done, first)
        _add(self._passe_over, passe_over, first)
        _add(self._passe_waiting, passe_waiting, first)
        _add(self._passe_break, passe_break, first)
        _add(self._start_failed, start_failed, first)

    def setup_of(self, tournament_id: str) -> TablesSetup:
        """How a loaded tournament's tables are set up: rule keys, computer level, turn timer, start time."""
        setup = self._table_setup.get(tournament_id, {})
        return TablesSetup(
            dict(self._rules.get(tournament_id, {})),
            setup.get("level") or self.level,
            setup.get("turn_timer"),
            self._starts_at.get(tournament_id),
        )

    async def create(self, organiser: str, name: str, passen: int, hands_per_passe: int, *,
                     rules: dict[str, Any] | None = None, counting: Counting | None = None, max_players: int = 0,
                     guild_id: int | None = None, channel_id: int | None = None, format: Format = "einzel",
                     level: str | None = None, turn_timer: float | None = None, check_in: bool = False,
                     manual_next: bool = False, late_entry: int = 0, byes: bool = False,
                     starts_at: float | None = None, break_minutes: int = 0) -> Tournament:  # fmt: skip
        """A new tournament in sign-up; its seed is drawn now and only its SHA-256 is shown.

        ``rules``: the tables' rule keys (default: the ``tournament`` preset), with the Passe's
        hands; ``level``: of the computer players in empty seats; ``turn_timer``: seconds per
        turn at its tables (None: the bot's default); ``starts_at``: the time (seconds since the
        epoch) :meth:`tick` starts it by itself; ``break_minutes``: a break between two Passen
        (:meth:`tick` draws the next Passe when it is over)."""
        kind = kind_for_format(format) if format in formats() else kind_for_format(formats()[0])
        base = dict(kind.keys) if kind.individual else {"preset": "tournament"}  # Schieber: the tournament preset
        table_rules = {**base, **(rules or {}), "hands_per_game": hands_per_passe}
        RuleSet.from_dict(table_rules)  # bad keys refused before anything is stored
        tournament_id = "t" + secrets.token_hex(6)
        seed = self.seeds()
        t, events = Tournament.create(tournament_id, organiser, name, passen, hands_per_passe, seed, counting,
                                      max_players, format, check_in, manual_next, late_entry, byes,
                                      break_minutes)  # fmt: skip
        events[0]["rules"] = table_rules
        events[0]["tables"] = {"level": level or self.level, "turn_timer": turn_timer}
        if starts_at is not None:
            events[0]["starts_at"] = starts_at
        await self._store.create(tournament_id, events, seed, guild_id, channel_id)
        self.tournaments[tournament_id] = t
        self._rules[tournament_id] = table_rules
        self._table_setup[tournament_id] = events[0]["tables"]
        if starts_at is not None:
            self._starts_at[tournament_id] = starts_at
        return copy.deepcopy(t)

    async def join(self, tournament_id: str, actor: str, name: str) -> Tournament:
        await self._not_elsewhere(tournament_id, actor)
        return await self._run(tournament_id, lambda t: t.join(actor, name))

    async def leave(self, tournament_id: str, actor: str) -> Tournament:
        return await self._run(tournament_id, lambda t: t.leave(actor))

    async def check_in(self, tournament_id: str, actor: str) -> Tournament:
        return await self._run(tournament_id, lambda t: t.confirm_check_in(actor))

    async def propose(self, tournament_id: str, actor: str, name: str, partner: str, partner_name: str) -> Tournament:
        """Partnerschieber: ask ``partner`` to play as a pair (the pair stands once both asked)."""
        await self._not_elsewhere(tournament_id, actor)
        await self._not_elsewhere(tournament_id, partner, who=partner_name)
        return await self._run(tournament_id, lambda t: t.propose(actor, name, partner, partner_name))

    async def confirm_partner(self, tournament_id: str, actor: str, name: str) -> Tournament:
        await self._not_elsewhere(tournament_id, actor)
        return await self._run(tournament_id, lambda t: t.confirm_partner(actor, name))

    async def start(self, tournament_id: str, actor: str, privileged: bool = False) -> Tournament:
        seed = await self._store.secret_seed(tournament_id)
        if seed is None:
            raise TournamentError(Refusal.WRONG_PHASE, phase="running")
        t = await self._run(tournament_id, lambda t: t.start(actor, seed, privileged))
        await self._open_tables(tournament_id)
        return t

    async def pause(self, tournament_id: str, actor: str, privileged: bool = False) -> Tournament:
        return await self._run(tournament_id, lambda t: t.pause(actor, privileged))

    async def resume(self, tournament_id: str, actor: str, privileged: bool = False) -> Tournament:
        """Go on; a Passe that finished meanwhile is followed by the next (unless by hand)."""
        t = await self._run(tournament_id, lambda t: t.resume(actor, privileged))
        if t.passe_complete() and not t.manual_next and not t.in_break(self.wall()):
            await self._advance(tournament_id, SYSTEM)
        return t

    async def next_passe(self, tournament_id: str, actor: str, privileged: bool = False) -> Tournament:
        """The organiser moves on: the next Passe drawn and opened (or the end)."""
        return await self._advance(tournament_id, actor, privileged)

    async def drop(self, tournament_id: str, actor: str, player: str, privileged: bool = False) -> Tournament:
        """No later Passen for ``player``; a computer finishes their current Passe at once."""
        t = await self._run(tournament_id, lambda t: t.drop(actor, player, privileged))
        await self.stand_in(tournament_id, player)
        return t

    async def member_left(self, guild_id: int, actor: str) -> list[tuple[Tournament, str]]:
        """A member left the server: signed off from tournaments in sign-up, dropped from running
        ones (a computer finishes their Passe; their results stay). Returns (tournament, what
        happened: ``left`` or ``dropped``)."""
        done: list[tuple[Tournament, str]] = []
        for tournament_id in await self._store.open_ids(guild_id=guild_id):
            t = await self._load(tournament_id)
            try:
                if t.phase == "signup" and (actor in t.entries or actor in t.waitlist):
                    done.append((await self.leave(tournament_id, actor), "left"))
                elif t.phase == "running" and actor in t.entries and actor not in t.dropped:
                    done.append((await self.drop(tournament_id, SYSTEM, actor, privileged=True), "dropped"))
            except TournamentError as err:
                log.warning("tournament %s: %s left the server, not taken out: %s", tournament_id, actor, err)
        return done

    async def replace(self, tournament_id: str, actor: str, old: str, new: str, name: str,
                      privileged: bool = False) -> Tournament:  # fmt: skip
        """``new`` takes over ``old``'s entry from the next Passe on; a computer finishes the current one."""
        await self._not_elsewhere(tournament_id, new, who=name)
        t = await self._run(tournament_id, lambda t: t.replace(actor, old, new, name, privileged))
        await self.stand_in(tournament_id, old)
        return t

    async def stand_in(self, tournament_id: str, actor: str) -> bool:
        """A computer takes over ``actor``'s seat at their table of the current Passe (until they act)."""
        t = await self._load(tournament_id)
        if not t.draws:
            return False
        passe = len(t.draws) - 1
        for (p, _table_no), table_id in (await self._store.tables(tournament_id)).items():
            if p != passe:
                continue
            table = await self._tables.get(table_id)
            seat = table.seat_of(actor)
            if seat is not None and not table.seats[seat].standin and table.phase not in ("game_over", "abandoned"):
                try:
                    await self._tables.execute(table_id, StandIn(SYSTEM, seat=seat, anytime=True))
                except GameError as err:
                    log.warning("tournament %s: no stand-in at %s: %s", tournament_id, table_id, err)
                    return False
                return True
        return False

    async def cancel(self, tournament_id: str, actor: str, privileged: bool = False) -> Tournament:
        """The organiser calls it off: the tables still playing are ended (results so far stay)."""
        t = await self._run(tournament_id, lambda t: t.cancel(actor, privileged))
        for table_id in (await self._store.tables(tournament_id)).values():
            table = await self._tables.get(table_id)
            if table.phase not in ("game_over", "abandoned"):
                await self._tables.execute(table_id, Abandon(SYSTEM, privileged=True))
        return t

    async def tick(self) -> list[str]:
        """Start every tournament whose start time has come, and draw the next Passe where a
        break is over; returns their ids. One that cannot start (too few people) is reported
        once and waits for the organiser."""
        started = []
        for tournament_id in await self._store.open_ids(owns=self._tables.shards.owns):
            t = await self._load(tournament_id)
            if t.phase == "running" and t.break_until is not None and not t.paused and not t.in_break(self.wall()):
                try:
                    await self._advance(tournament_id, SYSTEM)
                    started.append(tournament_id)
                except TournamentError as err:  # the organiser was quicker, or it waits for them
                    log.info("tournament %s: no Passe after the break: %s", tournament_id, err)
                continue
            due = self._starts_at.get(tournament_id)
            if t.phase != "signup" or due is None or self.wall() < due:
                continue
            self._starts_at.pop(tournament_id)  # one try: a refusal is not repeated every minute
            try:
                await self.start(tournament_id, SYSTEM, privileged=True)
                started.append(tournament_id)
            except TournamentError as err:
                log.warning("tournament %s did not start at its time: %s", tournament_id, err)
                for listener in self._start_failed:
                    try:
                        await listener(t, err)
                    except Exception:
                        log.exception("a tournament listener failed")
        return started

    async def _not_elsewhere(self, tournament_id: str, actor: str, who: str = "") -> None:
        """Refuse a person who plays in another open tournament of the server (their tables would overlap)."""
        guild_id, _, _ = await self._store.where(tournament_id)
        if guild_id is None:
            return
        for other_id in await self._store.open_ids(guild_id=guild_id):
            if other_id == tournament_id:
                continue
            other = await self._load(other_id)
            if other.playing(actor) or actor in other.waitlist:
                raise TournamentError(Refusal.IN_OTHER_TOURNAMENT, name=other.name, who=who)

    async def export_csv(self, tournament_id: str) -> str:
        """One row per person and Passe: tournament, Passe, table, player, name, points."""
        t = await self._load(tournament_id)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["tournament", "passe", "table", "player", "name", "points"])
        for passe, player, table_no, points in await self._store.results(tournament_id):
            table = "" if table_no == BYE_TABLE else table_no + 1  # a bye has no table
            writer.writerow([t.name, passe + 1, table, player, t.names.get(player, ""), points])
        return out.getvalue()

    async def where(self, tournament_id: str) -> tuple[int | None, int | None, int | None]:
        """(server, channel, sign-up message) of a tournament."""
        return await self._store.where(tournament_id)

    async def set_organiser_role(self, guild_id: int, role_id: int) -> None:
        """The role whose members may open and run tournaments on the server (0: none)."""
        await self._storage.set_guild_settings(guild_id, organiser_role=role_id)

    async def set_message(self, tournament_id: str, message_id: int) -> None:
        """The tournament's sign-up message (edited as people join)."""
        await self._store.set_message(tournament_id, message_id)

    async def table_ids(self, tournament_id: str) -> dict[tuple[int, int], str]:
        """Which table of the table service plays (Passe, table number) of the tournament."""
        return await self._store.tables(tournament_id)

    async def open_in(self, guild_id: int) -> list[Tournament]:
        """The server's tournaments in sign-up or running."""
        return [await self.get(tid) for tid in await self._store.open_ids(guild_id=guild_id)]

    async def get(self, tournament_id: str) -> Tournament:
        """The tournament as last committed: a copy (the Discord layer reads it; changing it changes nothing)."""
        return copy.deepcopy(await self._load(tournament_id))

    async def reread(self, guild_id: int) -> None:
        """The server's tournaments in memory read again from their logs: forgetting a person
        rewrote them (the names shown, the standings' people)."""
        for tournament_id in list(self.tournaments):
            if await self._store.guild_of(tournament_id) != guild_id:
                continue
            async with self._locks.setdefault(tournament_id, asyncio.Lock()):
                events = await self._store.load(tournament_id)
                if events is not None:
                    self.tournaments[tournament_id] = Tournament.replay(events)

    async def _load(self, tournament_id: str) -> Tournament:
        """The live aggregate, read from storage the first time."""
        if tournament_id not in self.tournaments:
            events = await self._store.load(tournament_id)
            if events is None:
                raise TournamentError(Refusal.UNKNOWN_TOURNAMENT, id=tournament_id)
            self.tournaments[tournament_id] = Tournament.replay(events)
            self._rules[tournament_id] = events[0].get("rules") or {"preset": "tournament"}
            self._table_setup[tournament_id] = events[0].get("tables") or {"level": self.level, "turn_timer": None}
            if "starts_at" in events[0] and self.tournaments[tournament_id].phase == "signup":
                self._starts_at[tournament_id] = events[0]["starts_at"]
        return self.tournaments[tournament_id]

    async def _run(self, tournament_id: str, command: Callable[[Tournament], list[TournamentEvent]]) -> Tournament:
        """Apply ``command`` under the tournament's lock and store its events (with the rows of
        any table result they record)."""
        async with self._locks.setdefault(tournament_id, asyncio.Lock()):
            t = await self._load(tournament_id)
            first_seq = t.seq + 1
            try:
                events = command(t)
            except TournamentError:
                raise  # refused: nothing changed
            rows = [row for ev in events if ev["type"] == "table_result" for row in _result_rows(t, ev)]
            try:
                await self._store.append(tournament_id, first_seq, events, status=t.phase, results=rows)
            except BaseException:
                self.tournaments.pop(tournament_id, None)  # not stored: reload from what is
                raise
            return copy.deepcopy(t)  # as committed: callers (and the Discord layer) read a copy

    # -- tables ---------------------------------------------------------------------------

    async def _open_tables(self, tournament_id: str) -> None:
        """Open every table of the current Passe that has none yet (idempotent)."""
        t = await self._load(tournament_id)
        if t.phase != "running":
            return
        passe = len(t.draws) - 1
        linked = await self._store.tables(tournament_id)
        opened: dict[int, str] = {}
        for table_no in range(len(t.draws[passe])):
            if (passe, table_no) in linked:
                continue
            setup = self._table_setup[tournament_id]
            guild_id, _, _ = await self._store.where(tournament_id)
            table = await self._tables.create_table(t.organiser, self._rules[tournament_id], guild_id=guild_id,
                                                   limits=False, turn_timer=setup.get("turn_timer"))  # fmt: skip
            for seat, actor in enumerate(t.table_actors(passe, table_no)):
                if actor is None:
                    level = setup.get("level") or self.level
                    await self._tables.execute(table.table_id, AddComputer(t.organiser, seat=seat, level=level))
                else:
                    await self._tables.execute(table.table_id, JoinSeat(actor, name=t.names[actor], seat=seat))
            await self._store.link_table(tournament_id, passe, table_no, table.table_id)
            # Every hand's deal follows from the revealed seed: anyone can re-derive the cards.
            base = f"{t.seed}:{passe}:{table_no}"
            await self._tables.execute(table.table_id, StartGame(t.organiser, seed=base, fixed_deals=base))
            opened[table_no] = table.table_id
        if opened:
            await self._tell(self._tables_opened, t, passe, opened)

    async def _on_table_events(
        self, table_id: str, events: Sequence[Event | TurnReminder], table: TableSnapshot
    ) -> None:
        if not any(ev["type"] == "game_over" for ev in events):
            return
        link = await self._store.of_table(table_id)
        if link is not None:  # recorded (and the next Passe opened) apart from the click that ended the game
            task = asyncio.create_task(self._record_logged(link, table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _record_logged(self, link: tuple[str, int, int], table: TableSnapshot) -> None:
        try:
            await self._record(link, table)
        except Exception:  # kept in the table's log: the next start-up records it
            log.exception("tournament %s: the result of Passe %d, table %d was not recorded", *link)

    @staticmethod
    async def _tell(listeners: list[Callable[..., Awaitable[None]]], *args: Any) -> None:
        """Call the listeners (the Discord layer) with a copy of the tournament as committed."""
        args = tuple(copy.deepcopy(a) if isinstance(a, Tournament) else a for a in args)
        for listener in listeners:
            try:
                await listener(*args)
            except Exception:
                log.exception("a tournament listener failed")

    async def in_channel(self, channel_id: int, open_only: bool = True) -> list[Tournament]:
        """The tournaments of a channel, the open ones first, newest first."""
        return [await self.get(tid) for tid in await self._store.in_channel(channel_id, open_only)]

    async def wait_idle(self) -> None:
        """Until no result is being recorded and no Passe opened (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _record(self, link: tuple[str, int, int], table: TableSnapshot) -> None:
        tournament_id, passe, table_no = link
        t = await self._load(tournament_id)
        if (passe, table_no) in t.results or t.phase != "running":
            return
        view = table.view_for(None)
        if kind_for_format(t.format).individual:  # each seat's penalty total and exact predictions
            part = individual_part(view)
            exact = tuple(sum(hand[s][0] == hand[s][1] for hand in part.pad) for s in range(4))  # predicted, made
            totals = tuple(part.seat_totals)
            await self._run(tournament_id, lambda t: t.record(passe, table_no, totals, exact))
        else:
            a, b = view.totals
            await self._run(tournament_id, lambda t: t.record(passe, table_no, (a, b)))
        if t.passe_complete():  # every table of the Passe is in
            await self._after_passe(tournament_id, t)

    async def _after_passe(self, tournament_id: str, t: Tournament, restored: bool = False) -> None:
        """The Passe is over: wait for the organiser, begin the break, or draw the next Passe."""
        passe = len(t.draws) - 1
        if not restored:
            await self._tell(self._passe_over, t, passe)
        if t.waits_for_organiser() and passe + 1 < t.passen:
            await self._tell(self._passe_waiting, t, passe)
        elif t.break_minutes and passe + 1 < t.passen:
            if t.break_until is None:
                until = self.wall() + 60 * t.break_minutes
                await self._run(tournament_id, lambda t: t.start_break(until))
                await self._tell(self._passe_break, t, passe)
            # else the break runs: tick() draws the next Passe when it is over
        else:
            await self._advance(tournament_id, SYSTEM)

    async def _advance(self, tournament_id: str, actor: str, privileged: bool = False) -> Tournament:
        """The next Passe (or the end): standings reported, the new tables opened."""
        now = self.wall()
        before = await self._load(tournament_id)
        # The break and the wait for the organiser posted this Passe's standings already: once is enough.
        posted = before.break_until is not None or before.waits_for_organiser()
        t = await self._run(tournament_id, lambda t: t.next_passe(actor, privileged, now))
        if not posted or t.phase == "finished":
            await self._tell(self._passe_done, t, t.passen_done() - 1)
        await self._open_tables(tournament_id)
        return t

    # -- restart --------------------------------------------------------------------------

    async def restore(self) -> list[str]:
        """Replay open tournaments; open missing tables; record results a crash left unrecorded."""
        ids = await self._store.open_ids(owns=self._tables.shards.owns)
        for tournament_id in ids:
            try:
                t = await self._load(tournament_id)
            except Exception as err:
                log.error("tournament %s cannot be restored: %s", tournament_id, err)
                continue
            if t.phase != "running":
                continue
            for (passe, table_no), table_id in (await self._store.tables(tournament_id)).items():
                if passe == len(t.draws) - 1 and (passe, table_no) not in t.results:
                    table = await self._tables.table(table_id)
                    if table.phase == "game_over":
                        await self._record((tournament_id, passe, table_no), table)
            if t.phase == "running" and t.passe_complete() and not t.waits_for_organiser():
                await self._after_passe(tournament_id, t, restored=True)  # a crash came between result and draw
            await self._open_tables(tournament_id)
        return ids
