"""Tournaments in the database: their append-only event log, the secret seed until the start,
and which table plays which table of a Passe. Goes through the storage's database."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .rows import ConflictError, decode_events, event_rows, timestamp
from .sql import IntegrityError

if TYPE_CHECKING:
    from .sql import Database


class TournamentStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, tournament_id: str, events: Sequence[Mapping[str, Any]], secret_seed: str,
                     guild_id: int | None = None, channel_id: int | None = None, kind: str = "tournament",
                     status: str = "signup") -> None:  # fmt: skip
        """A new tournament (or challenge) with its first events; the seed is kept apart from the events."""
        now = timestamp()
        try:
            async with self.db.transaction() as tx:
                await tx.execute(
                    "INSERT INTO tournaments (id, kind, status, guild_id, channel_id, secret_seed, created_at, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (tournament_id, kind, status, guild_id, channel_id, secret_seed, now, now),
                )
                await tx.executemany(_INSERT, event_rows(tournament_id, 1, events, now))
        except IntegrityError as err:
            raise ConflictError(f"tournament {tournament_id} exists") from err

    async def append(self, tournament_id: str, first_seq: int, events: Sequence[Mapping[str, Any]],
                     status: str | None = None, results: Sequence[tuple[int, str, int, int]] = ()) -> None:  # fmt: skip
        """Events with seq ``first_seq``…, committed before this returns; a taken seq is a conflict.
        ``results``: (passe, player, table, points) rows these events record, in the same
        transaction. A tournament's secret seed is dropped once it runs (``started`` reveals it), a
        challenge's once it is over (``challenge_closed`` reveals it)."""
        now = timestamp()
        try:
            async with self.db.transaction() as tx:
                await tx.executemany(_INSERT, event_rows(tournament_id, first_seq, events, now))
                await tx.executemany(
                    "INSERT INTO tournament_results (tournament_id, passe, player, table_no, points) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(tournament_id, passe, player, table_no, points) for passe, player, table_no, points in results],
                )
                await tx.execute(
                    "UPDATE tournaments SET updated_at = ?, status = coalesce(?, status), "
                    "secret_seed = CASE WHEN coalesce(?, status) = 'signup' "
                    "OR (kind = 'challenge' AND coalesce(?, status) = 'running') THEN secret_seed END WHERE id = ?",
                    (now, status, status, status, tournament_id),
                )
        except IntegrityError as err:
            raise ConflictError(f"tournament {tournament_id}: seq {first_seq} already stored") from err

    async def results(self, tournament_id: str) -> list[tuple[int, str, int, int]]:
        """(passe, player, table, points) of every person and Passe recorded so far."""
        rows = await self.db.fetchall(
            "SELECT passe, player, table_no, points FROM tournament_results WHERE tournament_id = ? "
            "ORDER BY passe, table_no, player",
            (tournament_id,),
        )
        return [(p, pl, t, pts) for p, pl, t, pts in rows]

    async def load(self, tournament_id: str) -> list[dict[str, Any]] | None:
        """The tournament's events, or None when there is no such tournament."""
        rows = await self.db.fetchall(
            "SELECT seq, payload FROM tournament_events WHERE tournament_id = ? ORDER BY seq", (tournament_id,)
        )
        return decode_events(tournament_id, rows) if rows else None

    async def secret_seed(self, tournament_id: str) -> str | None:
        seed: str | None = await self.db.fetchval("SELECT secret_seed FROM tournaments WHERE id = ?", (tournament_id,))
        return seed

    async def in_channel(self, channel_id: int, open_only: bool = True, kind: str = "tournament") -> list[str]:
        """Tournaments (or challenges) of a channel: the open ones first, each group newest first."""
        where = " AND status IN ('signup', 'running')" if open_only else ""
        rows = await self.db.fetchall(
            f"SELECT id FROM tournaments WHERE channel_id = ? AND kind = ?{where} "
            "ORDER BY status NOT IN ('signup', 'running'), created_at DESC, id DESC",
            (channel_id, kind),
        )
        return [row[0] for row in rows]

    async def set_message(self, tournament_id: str, message_id: int) -> None:
        """The tournament's sign-up message (edited as people join)."""
        await self.db.execute("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))

    async def where(self, tournament_id: str) -> tuple[int | None, int | None, int | None]:
        """(guild, channel, sign-up message) of a tournament."""
        row = await self.db.fetchone(
            "SELECT guild_id, channel_id, message_id FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return (row[0], row[1], row[2]) if row else (None, None, None)

    async def open_ids(self, kind: str = "tournament", guild_id: int | None = None,
                       owns: Callable[[int | None], bool] | None = None) -> list[str]:  # fmt: skip
        """Tournaments (or challenges) in sign-up or running, of one server or all (restored at
        start-up); ``owns``: only those of the servers it accepts (a shard process's own)."""
        where = " AND guild_id = ?" if guild_id is not None else ""
        rows = await self.db.fetchall(
            f"SELECT id, guild_id FROM tournaments WHERE status IN ('signup', 'running') AND kind = ?{where} "
            "ORDER BY created_at, id",
            (kind, *([guild_id] if guild_id is not None else [])),
        )
        return [tid for tid, guild in rows if owns is None or owns(guild)]

    async def all_ids(self) -> list[str]:
        """Every tournament's and challenge's id."""
        return [row[0] for row in await self.db.fetchall("SELECT id FROM tournaments ORDER BY id")]

    async def guild_of(self, tournament_id: str) -> int | None:
        guild: int | None = await self.db.fetchval("SELECT guild_id FROM tournaments WHERE id = ?", (tournament_id,))
        return guild

    async def link_table(self, tournament_id: str, passe: int, table_no: int, table_id: str) -> None:
        await self.db.execute(
            "INSERT INTO tournament_tables (tournament_id, passe, table_no, table_id) VALUES (?, ?, ?, ?)",
            (tournament_id, passe, table_no, table_id),
        )

    async def tables(self, tournament_id: str) -> dict[tuple[int, int], str]:
        """(passe, table_no) -> table id of every table the tournament has opened."""
        rows = await self.db.fetchall(
            "SELECT passe, table_no, table_id FROM tournament_tables WHERE tournament_id = ?", (tournament_id,)
        )
        return {(p, t): tid for p, t, tid in rows}

    async def of_table(self, table_id: str, kind: str = "tournament") -> tuple[str, int, int] | None:
        """The tournament (or challenge), Passe (or try) and table number a table plays for, if any."""
        row = await self.db.fetchone(
            "SELECT tournament_id, passe, table_no FROM tournament_tables JOIN tournaments ON id = tournament_id "
            "WHERE table_id = ? AND kind = ?",
            (table_id, kind),
        )
        return (row[0], row[1], row[2]) if row else None


_INSERT = "INSERT INTO tournament_events (tournament_id, seq, type, payload, created_at) VALUES (?, ?, ?, ?, ?)"
