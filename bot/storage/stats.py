"""Statistics and ratings in the database: finished games' records, seasons, ratings, who is
hidden, and forgetting a person. Everything here is derived from the event log and can be
rebuilt from it; goes through the storage's database."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .rows import timestamp

if TYPE_CHECKING:
    from .sql import Database

EPOCH = "0001-01-01T00:00:00.000+00:00"  # before any game (a time both databases take)
RatingRow = tuple[
    str, str, float, float, int, list[float]
]  # actor, name, mu, sigma, games, history  # the start of season 1 (before any game)


class StatsStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- games ------------------------------------------------------------------------------

    async def finished_games(self) -> list[tuple[str, int | None, str]]:
        """(table id, server, when its last event was stored) of every table with a finished game,
        for a rebuild: the tables whose log holds a ``game_over``."""
        rows = await self.db.fetchall(
            "SELECT t.id, t.guild_id, max(e.created_at) FROM tables t JOIN table_events e ON e.table_id = t.id "
            "WHERE e.type = 'game_over' AND t.guild_id IS NOT NULL GROUP BY t.id ORDER BY t.id"
        )
        return [(tid, guild, at) for tid, guild, at in rows]

    async def game_over_times(self, table_id: str) -> list[str]:
        """When each ``game_over`` of a table was stored, in order."""
        rows = await self.db.fetchall(
            "SELECT created_at FROM table_events WHERE table_id = ? AND type = 'game_over' ORDER BY seq", (table_id,)
        )
        return [row[0] for row in rows]

    async def add_game(
        self, guild_id: int, table_id: str, game: int, finished_at: str, record: Mapping[str, Any]
    ) -> bool:
        """Store a finished game's record (once: False when it is there already)."""
        changed = await self.db.execute(
            "INSERT OR IGNORE INTO stat_games (guild_id, table_id, game, finished_at, record) VALUES (?, ?, ?, ?, ?)",
            (guild_id, table_id, game, finished_at, json.dumps(record, separators=(",", ":"))),
        )
        return changed > 0

    async def games(self, guild_id: int, since: str = EPOCH) -> list[dict[str, Any]]:
        """A server's game records since a time, in the order the games ended (each with its
        ``finished_at``)."""
        rows = await self.db.fetchall(
            "SELECT finished_at, record FROM stat_games WHERE guild_id = ? AND finished_at >= ? "
            "ORDER BY finished_at, table_id, game",
            (guild_id, since),
        )
        return [{**json.loads(record), "finished_at": at} for at, record in rows]

    async def last_key(self, guild_id: int) -> tuple[str, str, int] | None:
        row = await self.db.fetchone(
            "SELECT finished_at, table_id, game FROM stat_games WHERE guild_id = ? "
            "ORDER BY finished_at DESC, table_id DESC, game DESC LIMIT 1",
            (guild_id,),
        )
        return (row[0], row[1], row[2]) if row else None

    async def guilds(self) -> list[int]:
        return [row[0] for row in await self.db.fetchall("SELECT DISTINCT guild_id FROM stat_games ORDER BY guild_id")]

    async def pending(self, task: str) -> bool:
        """Whether a once-after-an-upgrade task (e.g. ``rebuild-stats``) is still to be done."""
        return bool(await self.db.fetchval("SELECT count(*) FROM pending_tasks WHERE task = ?", (task,)))

    async def done(self, task: str) -> None:
        await self.db.execute("DELETE FROM pending_tasks WHERE task = ?", (task,))

    async def clear(self) -> None:
        """Everything derived (games and ratings); seasons and hiding are people's choices and stay."""
        async with self.db.transaction() as tx:
            await tx.execute("DELETE FROM stat_games")
            await tx.execute("DELETE FROM stat_ratings")

    # -- seasons and ratings ----------------------------------------------------------------

    async def season(self, guild_id: int) -> tuple[int, str]:
        """The server's current season and when it started (season 1 from the beginning)."""
        row = await self.db.fetchone(
            "SELECT season, started_at FROM stat_seasons WHERE guild_id = ? ORDER BY season DESC LIMIT 1", (guild_id,)
        )
        return (row[0], row[1]) if row else (1, EPOCH)

    async def seasons(self, guild_id: int) -> dict[int, str]:
        rows = await self.db.fetchall("SELECT season, started_at FROM stat_seasons WHERE guild_id = ?", (guild_id,))
        return {1: EPOCH, **{s: at for s, at in rows}}

    async def new_season(self, guild_id: int) -> int:
        season, _ = await self.season(guild_id)
        await self.db.execute(
            "INSERT INTO stat_seasons (guild_id, season, started_at) VALUES (?, ?, ?)",
            (guild_id, season + 1, timestamp()),
        )
        return season + 1

    async def put_ratings(
        self, guild_id: int, season: int, rows: Iterable[RatingRow], replace_all: bool = False
    ) -> None:
        """Store ratings (actor, name, mu, sigma, games, history); ``replace_all``: the season's
        ratings are exactly these (a recomputation)."""
        async with self.db.transaction() as tx:
            if replace_all:
                await tx.execute("DELETE FROM stat_ratings WHERE guild_id = ? AND season = ?", (guild_id, season))
            await tx.executemany(
                "INSERT INTO stat_ratings (guild_id, season, actor, name, mu, sigma, games, history) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, season, actor) DO UPDATE SET "
                "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
                "history = excluded.history",
                [(guild_id, season, a, n, float(mu), float(sg), g, json.dumps(h)) for a, n, mu, sg, g, h in rows],
            )

    async def ratings(self, guild_id: int, season: int) -> list[RatingRow]:
        """(actor, name, mu, sigma, games, history) of everyone rated in the season."""
        rows = await self.db.fetchall(
            "SELECT actor, name, mu, sigma, games, history FROM stat_ratings WHERE guild_id = ? AND season = ?",
            (guild_id, season),
        )
        return [(a, n, mu, sg, g, json.loads(h)) for a, n, mu, sg, g, h in rows]

    async def tournament_results(self, guild_id: int, actor: str) -> tuple[int, int, int]:
        """(tournaments, Passen, points) of a person's tournament results on the server."""
        row = await self.db.fetchone(
            "SELECT count(DISTINCT r.tournament_id), count(*), coalesce(sum(r.points), 0) FROM tournament_results r "
            "JOIN tournaments t ON t.id = r.tournament_id WHERE t.guild_id = ? AND t.kind = 'tournament' "
            "AND r.player = ?",
            (guild_id, actor),
        )
        return (int(row[0]), int(row[1]), int(row[2])) if row else (0, 0, 0)  # PostgreSQL sums as numeric

    # -- privacy ----------------------------------------------------------------------------

    async def hidden(self, guild_id: int) -> set[str]:
        return {row[0] for row in await self.db.fetchall("SELECT actor FROM stat_hidden WHERE guild_id = ?",
                                                          (guild_id,))}  # fmt: skip

    async def set_hidden(self, guild_id: int, actor: str, hidden: bool) -> None:
        if hidden:
            await self.db.execute(
                "INSERT OR IGNORE INTO stat_hidden (guild_id, actor) VALUES (?, ?)", (guild_id, actor)
            )
        else:
            await self.db.execute("DELETE FROM stat_hidden WHERE guild_id = ? AND actor = ?", (guild_id, actor))

    async def forget(self, guild_id: int, actor: str, anonymous: str, name: str) -> int:
        """Replace ``actor`` by ``anonymous`` (and their name by ``name``) in the stored events,
        results and hosts of the server's tables and tournaments; delete their ratings, hiding and
        personal settings. Returns the tables changed. The games stay valid for the others."""

        def anonymised(payload: str) -> str:
            event = _anonymised(json.loads(payload), actor, anonymous, name)
            return json.dumps(event, ensure_ascii=False, separators=(",", ":"))

        async with self.db.transaction() as tx:

            async def rewrite(select: str, update: str) -> list[Any]:
                """Anonymise the JSON (last column) of the rows ``select`` finds, by their keys."""
                rows = await tx.fetchall(select, (guild_id, f'"{actor}"'))
                await tx.executemany(update, [(anonymised(row[-1]), *row[:-1]) for row in rows])
                return rows

            rows = await rewrite(
                "SELECT e.table_id, e.seq, e.payload FROM table_events e JOIN tables t ON t.id = e.table_id "
                "WHERE t.guild_id = ? AND instr(e.payload, ?) > 0",
                "UPDATE table_events SET payload = ? WHERE table_id = ? AND seq = ?",
            )
            await rewrite(
                "SELECT e.tournament_id, e.seq, e.payload FROM tournament_events e "
                "JOIN tournaments t ON t.id = e.tournament_id WHERE t.guild_id = ? AND instr(e.payload, ?) > 0",
                "UPDATE tournament_events SET payload = ? WHERE tournament_id = ? AND seq = ?",
            )
            await rewrite(
                "SELECT r.id, r.seats FROM game_results r JOIN tables t ON t.id = r.table_id "
                "WHERE t.guild_id = ? AND instr(r.seats, ?) > 0",
                "UPDATE game_results SET seats = ? WHERE id = ?",
            )
            await tx.execute(
                "UPDATE tournament_results SET player = ? WHERE player = ? AND tournament_id IN "
                "(SELECT id FROM tournaments WHERE guild_id = ?)",
                (anonymous, actor, guild_id),
            )
            # A challenge try's table is named after its player: the name goes with the id.
            await tx.execute("UPDATE tables SET label = NULL WHERE guild_id = ? AND host = ?", (guild_id, actor))
            await tx.execute("UPDATE tables SET host = ? WHERE guild_id = ? AND host = ?", (anonymous, guild_id, actor))
            if actor.startswith("u:") and actor[2:].isascii() and actor[2:].isdigit():
                await tx.execute("DELETE FROM user_settings WHERE user_id = ?", (int(actor[2:]),))
            await tx.execute(  # every game kind's rating of theirs (bot.stats.ratings.rating_key)
                "DELETE FROM stat_ratings WHERE guild_id = ? AND (actor = ? OR actor LIKE ?)",
                (guild_id, actor, f"{actor}@%"),
            )
            await tx.execute("DELETE FROM stat_hidden WHERE guild_id = ? AND actor = ?", (guild_id, actor))
            await tx.execute("DELETE FROM stat_games WHERE guild_id = ?", (guild_id,))  # recorded again
        return len({row[0] for row in rows})

    async def tables_of(self, guild_id: int) -> list[str]:
        return [row[0] for row in await self.db.fetchall("SELECT id FROM tables WHERE guild_id = ?", (guild_id,))]


def _anonymised(value: Any, actor: str, anonymous: str, name: str) -> Any:
    """``value`` with every ``actor`` string replaced (and the name next to it, in seat events)."""
    if isinstance(value, dict):
        out = {k: _anonymised(v, actor, anonymous, name) for k, v in value.items()}
        if value.get("actor") == actor and "name" in value:
            out["name"] = name
        if value.get("type") == "replaced" and value.get("new") == actor:
            out["name"] = name
        if "names" in value and isinstance(value["names"], dict) and actor in value["names"]:
            out["names"] = {
                anonymous if k == actor else k: (name if k == actor else v) for k, v in value["names"].items()
            }
        return out
    if isinstance(value, list):
        return [_anonymised(v, actor, anonymous, name) for v in value]
    return anonymous if value == actor else value
