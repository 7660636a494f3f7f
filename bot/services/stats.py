"""The statistics service: every finished game recorded and rated, per server; rebuilt on demand.

When a table's game is over, its record (``bot/stats/records.py``) is stored for the table's
server and the people's ratings of the current season are updated (``bot/stats/ratings.py``),
in the order the games ended. ``rebuild()`` recomputes all of it from the event log and gives
the same numbers. Games without a server (the terminal) are not counted.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.game import TableSnapshot
from bot.game.events import Event, TurnReminder
from bot.rules.kinds import KINDS, find_kind
from bot.stats.ratings import DEFAULT_MARGIN, Rater, Rating, rating_key, split_key
from bot.stats.records import ANONYMOUS, GameRecord, PersonStats, game_records, person_stats
from bot.storage import Storage

from .tables import TableService

log = logging.getLogger(__name__)
MIN_GAMES = 5  # games before a person appears on the leaderboard
PAGE = 10
#: The orders of the (Schieber) leaderboard; a game with a leaderboard of its own is ranked by its name.
ORDERS = ("rating", "wins", "points")


def leaderboards() -> tuple[str, ...]:
    """What a leaderboard may be ranked by now: the orders, and every registered game with its own board."""
    return ORDERS + tuple(name for name, kind in KINDS.items() if kind.own_leaderboard)


@dataclass(frozen=True)
class Row:
    rank: int
    actor: str
    name: str
    value: float
    games: int


class StatsService:
    def __init__(self, storage: Storage, tables: TableService, margin: float = DEFAULT_MARGIN) -> None:
        self._storage = storage
        self._store = storage.stats
        self._tables = tables
        self.margin = margin
        self._lock = asyncio.Lock()  # one game folded in at a time
        self._tasks: set[asyncio.Task[None]] = set()
        #: Called with the server after a person was forgotten there (the tournaments read again).
        self.on_forget: list[Callable[[int], Awaitable[None]]] = []
        tables.subscribe(self._on_table_events)

    # -- recording ----------------------------------------------------------------------

    async def _on_table_events(
        self, table_id: str, events: Sequence[Event | TurnReminder], table: TableSnapshot
    ) -> None:
        if any(ev["type"] == "game_over" for ev in events):
            task = asyncio.create_task(self._record_logged(table_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _record_logged(self, table_id: str) -> None:
        try:
            await self.record_table(table_id)
        except Exception:  # the events stay: a rebuild counts it
            log.exception("table %s: statistics not recorded", table_id)

    async def wait_idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def record_table(self, table_id: str, rate: bool = True) -> int:
        """Store the table's finished games not stored yet and rate them; returns how many."""
        meta = await self._storage.table_meta(table_id)
        guild_id = meta["guild_id"] if meta else None
        if not guild_id:
            return 0
        events = await self._storage.load_events(table_id) or []
        times = await self._store.game_over_times(table_id)
        kind = await self._kind(table_id)
        added = 0
        async with self._lock:
            for record, finished_at in zip(game_records(table_id, events), times, strict=False):
                record.kind = kind
                last = await self._store.last_key(guild_id)
                if not await self._store.add_game(guild_id, table_id, record.game, finished_at, record.to_dict()):
                    continue
                added += 1
                if not rate:
                    continue
                if last is None or (finished_at, table_id, record.game) > last:
                    await self._rate_one(guild_id, record, finished_at)
                else:  # ended before a game already folded in: the season again, in order
                    await self.recompute(guild_id)
        return added

    async def _kind(self, table_id: str) -> str:
        if await self._storage.tournaments.of_table(table_id) is not None:
            return "tournament"
        if await self._storage.tournaments.of_table(table_id, kind="challenge") is not None:
            return "challenge"
        return "table"

    async def _rate_one(self, guild_id: int, record: GameRecord, finished_at: str) -> None:
        season, started = await self._store.season(guild_id)
        if finished_at < started:
            return
        rater = Rater(self.margin)
        stored = {a: (n, mu, sg, g, h) for a, n, mu, sg, g, h in await self._store.ratings(guild_id, season)}
        for _, actor in record.people():
            key = rating_key(actor, record.game_kind)
            if key in stored:
                _, mu, sg, g, h = stored[key]
                rater.people[key] = Rating(mu, sg, g, list(h))
        if rater.rate(record):
            names = {rating_key(a, record.game_kind): record.seats[s].name for s, a in record.people()}
            await self._store.put_ratings(guild_id, season, [
                (a, names[a], r.mu, r.sigma, r.games, r.history) for a, r in rater.people.items()
            ])  # fmt: skip

    async def recompute(self, guild_id: int) -> None:
        """Every season's ratings of a server folded again from its games, in order."""
        seasons = await self._store.seasons(guild_id)
        starts = sorted(seasons.items())
        for i, (season, started) in enumerate(starts):
            until = starts[i + 1][1] if i + 1 < len(starts) else None
            rater = Rater(self.margin)
            names: dict[str, str] = {}
            for data in await self._store.games(guild_id, started):
                record = GameRecord.from_dict(data)
                if until is not None and data["finished_at"] >= until:
                    break
                rater.rate(record)
                names.update({rating_key(a, record.game_kind): record.seats[s].name for s, a in record.people()})
            await self._store.put_ratings(guild_id, season, [
                (a, names[a], r.mu, r.sigma, r.games, r.history) for a, r in rater.people.items()
            ], replace_all=True)  # fmt: skip

    async def backfill(self) -> int:
        """Once, when there are no statistics yet but finished games are stored (a database from
        before statistics): count them all. Returns the games counted."""
        if await self._store.guilds() or not await self._store.finished_games():
            return 0
        games: int = (await self.rebuild())["games"]
        return games

    async def rebuild_if_pending(self) -> dict[str, Any] | None:
        """The rebuild an upgrade asked for (a migration changed how ratings are computed), once."""
        if not await self._store.pending("rebuild-stats"):
            return None
        summary = await self.rebuild()
        await self._store.done("rebuild-stats")
        return summary

    async def upgrade_done(self) -> None:
        """The rebuild an upgrade asked for was done by hand (``python -m bot rebuild-stats``)."""
        await self._store.done("rebuild-stats")

    async def rebuild(self) -> dict[str, Any]:
        """Everything derived, recomputed from the event log: games, then each server's ratings."""
        await self._store.clear()
        for table_id, _, _ in await self._storage.stats.finished_games():
            await self.record_table(table_id, rate=False)
        for guild_id in await self._store.guilds():
            await self.recompute(guild_id)
        return await self.summary()

    async def summary(self) -> dict[str, Any]:
        """Counts and a checksum of every stored number (the same after a rebuild)."""
        out: dict[str, Any] = {"servers": 0, "games": 0, "people": 0}
        digest = hashlib.sha256()
        for guild_id in await self._store.guilds():
            out["servers"] += 1
            games = await self._store.games(guild_id)
            out["games"] += len(games)
            for season in sorted(await self._store.seasons(guild_id)):
                rows = sorted(await self._store.ratings(guild_id, season))
                out["people"] += len(rows)
                for actor, name, mu, sigma, n, history in rows:
                    digest.update(f"{guild_id}|{season}|{actor}|{name}|{mu:.9f}|{sigma:.9f}|{n}|".encode())
                    digest.update(",".join(f"{h:.9f}" for h in history).encode())
            for data in games:
                digest.update(repr(sorted(data.items())).encode())
        out["checksum"] = digest.hexdigest()[:16]
        return out

    # -- reading ------------------------------------------------------------------------

    async def person(self, guild_id: int, actor: str,
                     game_kind: str = "schieber") -> tuple[PersonStats, Rating | None, int | None, int]:  # fmt: skip
        """A person's all-time statistics on the server (of ``game_kind``), their rating of that
        game this season (None: not rated yet), their place on its rating leaderboard (None: not on
        it) and its length."""
        records = [
            r for d in await self._store.games(guild_id) if (r := GameRecord.from_dict(d)).game_kind == game_kind
        ]
        stats = person_stats(records, actor)
        season, _ = await self._store.season(guild_id)
        rating = None
        key = rating_key(actor, game_kind)
        for a, _, mu, sigma, games, history in await self._store.ratings(guild_id, season):
            if a == key:
                rating = Rating(mu, sigma, games, list(history))
        board = await self.leaderboard(guild_id, season, find_kind(game_kind).leaderboard)
        place = next((r.rank for r in board if r.actor == actor), None)
        return stats, rating, place, len(board)

    async def tournament_results(self, guild_id: int, actor: str) -> tuple[int, int, int]:
        """(tournaments, Passen, points) of a person's tournament results on the server."""
        return await self._store.tournament_results(guild_id, actor)

    async def leaderboard(self, guild_id: int, season: int | None = None, by: str = "rating") -> list[Row]:
        """People with at least MIN_GAMES games this season, not hidden, ranked ``by`` (Schieber)
        rating, wins or written points per hand, or by Coiffeur, Differenzler or Molotow rating
        (equal values share a rank)."""
        if season is None:
            season, _ = await self._store.season(guild_id)
        hidden = await self._store.hidden(guild_id)
        ratings = {a: (n, mu, sg, g) for a, n, mu, sg, g, _ in await self._store.ratings(guild_id, season)}
        rows: list[tuple[str, str, float, int]] = []
        rated = {kind.leaderboard: name for name, kind in KINDS.items()}  # each kind's rating board
        if by in rated:
            game = rated[by]
            for key, (n, mu, _, g) in ratings.items():
                actor, kind = split_key(key)
                if kind == game:
                    rows.append((actor, n, mu - 0.0, g))
        else:
            seasons = await self._store.seasons(guild_id)
            since = seasons.get(season, "9999")
            records = [GameRecord.from_dict(d) for d in await self._store.games(guild_id, since)]
            records = [r for r in records if find_kind(r.game_kind).leaderboard == "rating"]  # Schieber's
            for actor in {a for r in records for _, a in r.people()}:
                s = person_stats(records, actor)
                value = s.wins if by == "wins" else round(s.per_hand(s.written), 1)
                rows.append((actor, s.name, float(value), s.games))
        rows = [r for r in rows if r[3] >= MIN_GAMES and r[0] not in hidden]
        rows.sort(key=lambda r: (-r[2], r[1].lower(), r[0]))
        out: list[Row] = []
        for i, (actor, name, value, games) in enumerate(rows):
            shown = round(value, 6)
            rank = out[-1].rank if out and round(out[-1].value, 6) == shown else i + 1
            out.append(Row(rank, actor, name, value, games))
        return out

    async def seasons(self, guild_id: int) -> dict[int, str]:
        """The server's seasons and when each started."""
        return await self._store.seasons(guild_id)

    async def season(self, guild_id: int) -> tuple[int, str]:
        """The server's current season and when it started."""
        return await self._store.season(guild_id)

    async def new_season(self, guild_id: int) -> int:
        """Ratings start afresh (statistics stay); returns the new season's number."""
        return await self._store.new_season(guild_id)

    async def set_hidden(self, guild_id: int, actor: str, hidden: bool) -> None:
        """Hide a person from the server's leaderboards (or show them again)."""
        await self._store.set_hidden(guild_id, actor, hidden)

    async def seated(self, guild_id: int, actor: str) -> str | None:
        """An open table of the server where the person sits (forgetting waits until they leave it)."""
        for table_id in await self._store.tables_of(guild_id):
            table = self._tables.in_memory(table_id)
            if table is not None and table.phase not in ("game_over", "abandoned") and table.seat_of(actor) is not None:
                return table_id
        return None

    async def forget(self, guild_id: int, actor: str) -> int:
        """Replace the person by an anonymous id in the server's stored events, delete their
        ratings, then the server's numbers again from the events. Returns the tables changed."""
        anonymous = ANONYMOUS + secrets.token_hex(8)  # random: nobody can derive it from the user id
        async with self._lock:
            changed = await self._store.forget(guild_id, actor, anonymous, "Anonym")
        for table_id in await self._store.tables_of(guild_id):
            self._tables.forget(table_id)  # reloaded from the changed log when asked for
            await self.record_table(table_id, rate=False)
        await self.recompute(guild_id)
        for listener in self.on_forget:
            await listener(guild_id)
        return changed
