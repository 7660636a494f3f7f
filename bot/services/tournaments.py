"""The tournament service: an Einzelschieber's commands persisted, its tables opened and read.

load → lock → apply → persist, like the table service. When a Passe is drawn, each of its
tables is opened through the table service (the tournament's rules, a game of exactly the
Passe's hands, people in their drawn seats, computer players in the empty ones) and linked
to the tournament. When a linked table's game is over, its team points are recorded; when
every table of the Passe has its result, the next Passe is drawn (or the tournament ends).
After a restart, open tournaments are replayed, missing tables opened and results that a
crash kept from being recorded read again from their tables.
"""

from __future__ import annotations

import asyncio
import csv
import io
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.game import SYSTEM, Abandon, AddComputer, JoinSeat, StartGame, Table
from bot.game.events import Event, TurnReminder
from bot.rules import RuleSet
from bot.storage import Storage
from bot.tournament.einzel import Einzelschieber, TournamentError
from bot.tournament.standings import Counting, passe_points

from .tables import TableService

log = logging.getLogger(__name__)


def _result_rows(t: Einzelschieber, ev: dict[str, Any]) -> list[tuple[int, str, int, int]]:
    """(passe, player, table, points) of each person at the table whose result ``ev`` records."""
    passe, table_no = ev["passe"], ev["table"]
    points = passe_points([t.draws[passe][table_no]], [(ev["points"][0], ev["points"][1])])
    return [(passe, t.entries[player], table_no, pts) for player, pts in sorted(points.items())]


class TournamentService:
    def __init__(self, storage: Storage, tables: TableService, seeds: Callable[[], str] = lambda: secrets.token_hex(16),
                 level: str = "club") -> None:  # fmt: skip
        self.storage = storage
        self.store = storage.tournaments
        self.tables = tables
        self.seeds = seeds
        self.level = level  # computer players in a tournament's empty seats
        self.tournaments: dict[str, Einzelschieber] = {}
        self.rules: dict[str, dict[str, Any]] = {}  # tournament -> rule keys of its tables
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()  # results being recorded, Passen being opened
        # Listeners (the Discord layer): tables of a Passe opened; a Passe over (or the tournament).
        self.tables_opened: list[Callable[[Einzelschieber, int, dict[int, str]], Awaitable[None]]] = []
        self.passe_done: list[Callable[[Einzelschieber, int], Awaitable[None]]] = []
        tables.subscribe(self._on_table_events)

    # -- commands -------------------------------------------------------------------------

    async def create(self, organiser: str, name: str, passen: int, hands_per_passe: int, *,
                     rules: dict[str, Any] | None = None, counting: Counting | None = None, max_players: int = 0,
                     guild_id: int | None = None, channel_id: int | None = None) -> Einzelschieber:  # fmt: skip
        """A new Einzelschieber in sign-up; its seed is drawn now and only its SHA-256 is shown."""
        table_rules = {"preset": "tournament", **(rules or {}), "hands_per_game": hands_per_passe}
        RuleSet.from_dict(table_rules)  # bad keys refused before anything is stored
        tournament_id = "t" + secrets.token_hex(6)
        seed = self.seeds()
        t, events = Einzelschieber.create(tournament_id, organiser, name, passen, hands_per_passe, seed, counting,
                                          max_players)  # fmt: skip
        events[0]["rules"] = table_rules
        await self.store.create(tournament_id, events, seed, guild_id, channel_id)
        self.tournaments[tournament_id] = t
        self.rules[tournament_id] = table_rules
        return t

    async def join(self, tournament_id: str, actor: str, name: str) -> Einzelschieber:
        return await self._run(tournament_id, lambda t: t.join(actor, name))

    async def leave(self, tournament_id: str, actor: str) -> Einzelschieber:
        return await self._run(tournament_id, lambda t: t.leave(actor))

    async def start(self, tournament_id: str, actor: str) -> Einzelschieber:
        seed = await self.store.secret_seed(tournament_id)
        if seed is None:
            raise TournamentError("WRONG_PHASE", phase="running")
        t = await self._run(tournament_id, lambda t: t.start(actor, seed))
        await self._open_tables(tournament_id)
        return t

    async def drop(self, tournament_id: str, actor: str, player: str) -> Einzelschieber:
        return await self._run(tournament_id, lambda t: t.drop(actor, player))

    async def cancel(self, tournament_id: str, actor: str) -> Einzelschieber:
        """The organiser calls it off: the tables still playing are ended (results so far stay)."""
        t = await self._run(tournament_id, lambda t: t.cancel(actor))
        for table_id in (await self.store.tables(tournament_id)).values():
            table = await self.tables.get(table_id)
            if table.phase not in ("game_over", "abandoned"):
                await self.tables.execute(table_id, Abandon(SYSTEM, privileged=True))
        return t

    async def export_csv(self, tournament_id: str) -> str:
        """One row per person and Passe: tournament, Passe, table, player, name, points."""
        t = await self.get(tournament_id)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["tournament", "passe", "table", "player", "name", "points"])
        for passe, player, table_no, points in await self.store.results(tournament_id):
            writer.writerow([t.name, passe + 1, table_no + 1, player, t.names.get(player, ""), points])
        return out.getvalue()

    async def get(self, tournament_id: str) -> Einzelschieber:
        if tournament_id not in self.tournaments:
            events = await self.store.load(tournament_id)
            if events is None:
                raise TournamentError("UNKNOWN_TOURNAMENT", id=tournament_id)
            self.tournaments[tournament_id] = Einzelschieber.replay(events)
            self.rules[tournament_id] = events[0].get("rules") or {"preset": "tournament"}
        return self.tournaments[tournament_id]

    async def _run(
        self, tournament_id: str, command: Callable[[Einzelschieber], list[dict[str, Any]]]
    ) -> Einzelschieber:
        """Apply ``command`` under the tournament's lock and store its events (with the rows of
        any table result they record)."""
        async with self._locks.setdefault(tournament_id, asyncio.Lock()):
            t = await self.get(tournament_id)
            first_seq = t.seq + 1
            try:
                events = command(t)
            except TournamentError:
                raise  # refused: nothing changed
            rows = [row for ev in events if ev["type"] == "table_result" for row in _result_rows(t, ev)]
            try:
                await self.store.append(tournament_id, first_seq, events, status=t.phase, results=rows)
            except BaseException:
                self.tournaments.pop(tournament_id, None)  # not stored: reload from what is
                raise
            return t

    # -- tables ---------------------------------------------------------------------------

    async def _open_tables(self, tournament_id: str) -> None:
        """Open every table of the current Passe that has none yet (idempotent)."""
        t = await self.get(tournament_id)
        if t.phase != "running":
            return
        passe = len(t.draws) - 1
        linked = await self.store.tables(tournament_id)
        opened: dict[int, str] = {}
        for table_no in range(len(t.draws[passe])):
            if (passe, table_no) in linked:
                continue
            table = await self.tables.create_table(t.organiser, self.rules[tournament_id], limits=False)
            for seat, actor in enumerate(t.table_actors(passe, table_no)):
                if actor is None:
                    await self.tables.execute(table.table_id, AddComputer(t.organiser, seat=seat, level=self.level))
                else:
                    await self.tables.execute(table.table_id, JoinSeat(actor, name=t.names[actor], seat=seat))
            await self.store.link_table(tournament_id, passe, table_no, table.table_id)
            seed = f"{t.seed}:{passe}:{table_no}"  # the deals follow from the revealed seed too
            await self.tables.execute(table.table_id, StartGame(t.organiser, seed=seed))
            opened[table_no] = table.table_id
        if opened:
            await self._tell(self.tables_opened, t, passe, opened)

    async def _on_table_events(self, table_id: str, events: Sequence[Event | TurnReminder], table: Table) -> None:
        if not any(ev["type"] == "game_over" for ev in events):
            return
        link = await self.store.of_table(table_id)
        if link is not None:  # recorded (and the next Passe opened) apart from the click that ended the game
            task = asyncio.create_task(self._record_logged(link, table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _record_logged(self, link: tuple[str, int, int], table: Table) -> None:
        try:
            await self._record(link, table)
        except Exception:  # kept in the table's log: the next start-up records it
            log.exception("tournament %s: the result of Passe %d, table %d was not recorded", *link)

    @staticmethod
    async def _tell(listeners: list[Callable[..., Awaitable[None]]], *args: Any) -> None:
        for listener in listeners:
            try:
                await listener(*args)
            except Exception:
                log.exception("a tournament listener failed")

    async def in_channel(self, channel_id: int, open_only: bool = True) -> list[Einzelschieber]:
        """The tournaments of a channel, the open ones first, newest first."""
        return [await self.get(tid) for tid in await self.store.in_channel(channel_id, open_only)]

    async def wait_idle(self) -> None:
        """Until no result is being recorded and no Passe opened (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _record(self, link: tuple[str, int, int], table: Table) -> None:
        tournament_id, passe, table_no = link
        t = await self.get(tournament_id)
        if (passe, table_no) in t.results or t.phase != "running":
            return
        a, b = table.view_for(None).totals
        await self._run(tournament_id, lambda t: t.record(passe, table_no, (a, b)))
        if len(t.results) == sum(len(d) for d in t.draws):  # every table of the Passe is in
            await self._run(tournament_id, lambda t: t.next_passe(SYSTEM))
            await self._tell(self.passe_done, t, passe)
            await self._open_tables(tournament_id)

    # -- restart --------------------------------------------------------------------------

    async def restore(self) -> list[str]:
        """Replay open tournaments; open missing tables; record results a crash left unrecorded."""
        ids = await self.store.open_ids()
        for tournament_id in ids:
            try:
                t = await self.get(tournament_id)
            except Exception as err:
                log.error("tournament %s cannot be restored: %s", tournament_id, err)
                continue
            if t.phase != "running":
                continue
            for (passe, table_no), table_id in (await self.store.tables(tournament_id)).items():
                if passe == len(t.draws) - 1 and (passe, table_no) not in t.results:
                    table = await self.tables.get(table_id)
                    if table.phase == "game_over":
                        await self._record((tournament_id, passe, table_no), table)
            await self._open_tables(tournament_id)
        return ids
