"""Persistence (SQLite, or PostgreSQL): the append-only event log, table status, game results.

Every SQL statement of the project lives in this package.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from . import urls
from .leases import LeaseStore
from .migrations import LATEST_VERSION, MIGRATIONS
from .rows import (
    ConflictError,
    CorruptRowError,
    GameResult,
    OpenTables,
    StorageError,
    TableDisplay,
    decode_events,
    event_rows,
    timestamp,
)
from .sql import Database, IntegrityError, SqliteDatabase
from .stats import StatsStore
from .tournaments import TournamentStore
from .web import WebStore

log = logging.getLogger(__name__)


GUILD_KEYS = ("preset", "target", "language", "deck", "turn_timer", "pings", "images", "organiser_role", "ratings")
USER_KEYS = ("deck",)


def is_postgres_url(database: str) -> bool:
    """Whether the ``database`` setting names a PostgreSQL server rather than a SQLite file."""
    return urls.is_postgres(database)


class Storage:
    """The bot's database: a SQLite file (WAL mode, foreign keys on) or a PostgreSQL server,
    migrated at open. Every store of this package goes through ``self.db``."""

    #: Batches committed between two WAL checkpoints (SQLite; run off the writer's path).
    CHECKPOINT_EVERY = 500

    def __init__(self, db: Database, checkpoint_conn: aiosqlite.Connection | None = None) -> None:
        self.db = db
        self._checkpoint_conn = checkpoint_conn
        self._checkpointer: asyncio.Task[None] | None = None
        self._commits = 0
        self._pending: list[_Append] = []
        self._flusher: asyncio.Task[None] | None = None
        self.tournaments = TournamentStore(db)  # tournaments' events, seeds and tables
        self.stats = StatsStore(db)  # statistics and ratings, derived from the events
        self.leases = LeaseStore(db)  # which process drives which shards
        self.web = WebStore(db)  # the servers' public web pages

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.db.dialect

    @classmethod
    async def open(cls, path: str | Path) -> Storage:
        """Open (or create) the database and migrate it: a file path (SQLite) or a
        ``postgresql://`` URL.

        Raises :class:`StorageError` with one readable line when the database cannot be used
        (not a database, damaged, read-only, disk full, written by a newer version, a server
        that does not answer); a file is then left as it was and no connection stays open.
        """
        wrong = urls.problem(str(path))
        if wrong is not None:  # a mistyped URL is never a SQLite file named after it
            raise StorageError(f"cannot use the database: {wrong}")
        if is_postgres_url(str(path)):
            from .postgres import open_postgres

            return cls(await open_postgres(urls.normalised(str(path))))
        if urls.kind(str(path)) == "sqlite" and "://" in str(path):
            path = urls.sqlite_path(str(path))
        memory = str(path) == ":memory:"
        if not memory:
            _prepare_file(Path(path))
        conn: aiosqlite.Connection | None = None
        checkpoint_conn: aiosqlite.Connection | None = None
        try:
            conn = await aiosqlite.connect(str(path))
            await _check_readable(conn)
            await _check_writable(conn)
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA synchronous=NORMAL")
            await conn.execute("PRAGMA busy_timeout=5000")
            if not memory:
                # A checkpoint copies the WAL into the database file and syncs it: tens of
                # milliseconds.  The writer never does it; a second connection does, in the background.
                await conn.execute("PRAGMA wal_autocheckpoint=0")
                checkpoint_conn = await aiosqlite.connect(str(path))
                await checkpoint_conn.execute("PRAGMA busy_timeout=5000")
            storage = cls(SqliteDatabase(conn), checkpoint_conn)
            await storage._migrate_sqlite(conn)
        except (sqlite3.Error, OSError, StorageError) as err:
            for c in (checkpoint_conn, conn):
                if c is not None:
                    with contextlib.suppress(Exception):  # broken anyway; close() still stops its thread
                        await c.close()
            if isinstance(err, StorageError):
                raise StorageError(f"cannot use the database {urls.redacted(str(path))}: {err}") from None
            raise StorageError(f"cannot use the database {urls.redacted(str(path))}: {_reason(err)}") from err
        if not memory:
            _tighten(Path(path))
        return storage

    @property
    def conn(self) -> aiosqlite.Connection:
        """The SQLite connection (SQLite only: pragmas, tests)."""
        if not isinstance(self.db, SqliteDatabase):
            raise TypeError("not a SQLite database")
        return self.db.conn

    async def ping(self) -> None:
        """Ask the database a trivial question (a health check); raises when it does not answer."""
        await self.db.fetchval("SELECT 1")

    async def close(self) -> None:
        """Finish pending writes, checkpoint the WAL and close; the connections close even on errors."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        if self._checkpointer is not None:
            await asyncio.gather(self._checkpointer, return_exceptions=True)
        try:
            if self._checkpoint_conn is not None:
                try:
                    await self._checkpoint_conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                except sqlite3.Error as err:
                    log.warning("final WAL checkpoint skipped: %s", err)
                finally:
                    await self._checkpoint_conn.close()
        finally:
            await self.db.close()

    def _committed(self) -> None:
        self._commits += 1
        if (
            self._checkpoint_conn is not None
            and self._commits % self.CHECKPOINT_EVERY == 0
            and (self._checkpointer is None or self._checkpointer.done())
        ):
            self._checkpointer = asyncio.create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        if self._checkpoint_conn is None:
            return
        try:
            await self._checkpoint_conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as err:  # busy or locked: the next one catches up
            log.warning("WAL checkpoint skipped: %s", err)

    async def _migrate_sqlite(self, conn: aiosqlite.Connection) -> None:
        version = await _value(conn, "PRAGMA user_version")
        for number, sql in MIGRATIONS:
            if number > version:
                log.info("applying migration %d to the database (at version %d; this bot needs %d); an older bot "
                         "cannot use it afterwards: docs/operations.md", number, version, LATEST_VERSION)  # fmt: skip
                await conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")
                log.info("database migrated to version %d", number)

    async def schema_version(self) -> int:
        if isinstance(self.db, SqliteDatabase):
            return int(await _value(self.db.conn, "PRAGMA user_version"))
        return int(await self.db.fetchval("SELECT max(version) FROM schema_version") or 0)

    async def pragma(self, name: str) -> Any:
        if not name.isidentifier():
            raise ValueError(name)
        return await _value(self.conn, f"PRAGMA {name}")

    # -- tables and events ------------------------------------------------------------

    async def create_table(
        self,
        table_id: str,
        events: Sequence[Mapping[str, Any]],
        guild_id: int | None = None,
        channel_id: int | None = None,
        display: TableDisplay | None = None,
    ) -> None:
        """A new table with its first events (seq 1…) and how it looks, in one transaction."""
        now = timestamp()
        host = events[0].get("host") if events else None
        try:
            async with self.db.transaction() as tx:
                await tx.execute(
                    "INSERT INTO tables (id, guild_id, channel_id, host, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, guild_id, channel_id, host, now, now),
                )
                if display is not None:
                    await tx.execute(
                        "UPDATE tables SET language = ?, deck = ?, pings = ?, images = ?, label = ? WHERE id = ?",
                        (display.language, display.deck, display.pings, display.images, display.label, table_id),
                    )
                await tx.executemany(_INSERT_EVENT, event_rows(table_id, 1, events, now))
        except IntegrityError as err:
            raise ConflictError(f"table {table_id} exists") from err

    async def append(
        self,
        table_id: str,
        first_seq: int,
        events: Sequence[Mapping[str, Any]],
        status: str | None = None,
        results: tuple[GameResult, ...] = (),
    ) -> None:
        """Append events with seq ``first_seq``…; committed before this returns.

        ``results``: the games these events finish, written in the same transaction, so a
        crash can never keep a finished game without its result.  Appends of different
        tables that arrive together share one transaction (group commit); a conflicting
        append fails alone with :class:`ConflictError`.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, first_seq, events, status, future, tuple(results)))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._write_batch(batch)
            except IntegrityError:
                for item in batch:  # find the culprit; the others still land
                    try:
                        await self._write_batch([item])
                    except IntegrityError as err:
                        _fail(item, ConflictError(f"table {item[0]}: seq {item[1]} already stored"), err)
                    except Exception as err:
                        _fail(item, err, err)
                    else:
                        _succeed(item)
                continue
            except Exception as err:
                for item in batch:
                    _fail(item, err, err)
                continue
            self._committed()
            for item in batch:
                _succeed(item)

    async def _write_batch(self, batch: list[_Append]) -> None:
        now = timestamp()
        rows = []
        results = []
        for table_id, first_seq, events, _, _, finished in batch:
            rows += event_rows(table_id, first_seq, events, now)
            results += [_result_row(table_id, r, now) for r in finished]
        async with self.db.transaction() as tx:
            await tx.executemany(_INSERT_EVENT, rows)
            await tx.executemany(
                "UPDATE tables SET updated_at = ?, status = coalesce(?, status) WHERE id = ?",
                [(now, item[3], item[0]) for item in batch],
            )
            if results:
                await tx.executemany(_INSERT_RESULT, results)

    async def load_events(self, table_id: str) -> list[dict[str, Any]] | None:
        """The event log of one table, or ``None`` if there is no such table."""
        if await self.db.fetchone("SELECT 1 FROM tables WHERE id = ?", (table_id,)) is None:
            return None
        rows = await self.db.fetchall("SELECT seq, payload FROM table_events WHERE table_id = ? ORDER BY seq",
                                      (table_id,))  # fmt: skip
        return decode_events(table_id, rows)

    async def load_open(self, guild_filter: Callable[[int | None], bool] | None = None) -> OpenTables:
        """Every open table's event log, in one pass; unreadable tables are reported, not raised.
        ``guild_filter``: only the tables of the servers it accepts (a shard process's own)."""
        found = OpenTables()
        rows_by_table: dict[str, list[tuple[int, str]]] = {}
        rows = await self.db.fetchall(
            "SELECT e.table_id, e.seq, e.payload, t.guild_id FROM table_events e JOIN tables t ON t.id = e.table_id "
            "WHERE t.status = 'open' ORDER BY e.table_id, e.seq"
        )
        for table_id, seq, payload, guild_id in rows:
            if guild_filter is None or guild_filter(guild_id):
                rows_by_table.setdefault(table_id, []).append((seq, payload))
        for table_id, table_rows in rows_by_table.items():
            try:
                found.events[table_id] = decode_events(table_id, table_rows)
            except CorruptRowError as err:
                log.error("table %s cannot be restored: %s", table_id, err)
                found.broken[table_id] = str(err)
        return found

    async def open_tables_of(self, guild_id: int) -> list[str]:
        """The open tables of a server."""
        rows = await self.db.fetchall("SELECT id FROM tables WHERE guild_id = ? AND status = 'open' ORDER BY id",
                                      (guild_id,))  # fmt: skip
        return [row[0] for row in rows]

    async def table_ids(self) -> list[str]:
        """Every table's id, finished or not."""
        return [row[0] for row in await self.db.fetchall("SELECT id FROM tables ORDER BY id")]

    async def table_status(self, table_id: str) -> str | None:
        status: str | None = await self.db.fetchval("SELECT status FROM tables WHERE id = ?", (table_id,))
        return status

    async def set_message(self, table_id: str, channel_id: int | None, message_id: int | None) -> None:
        await self.db.execute(
            "UPDATE tables SET channel_id = ?, message_id = ? WHERE id = ?", (channel_id, message_id, table_id)
        )

    async def set_line(self, table_id: str, line_id: int | None) -> None:
        """The table's live line now in its channel (``None``: none)."""
        await self.db.execute("UPDATE tables SET line_id = ? WHERE id = ?", (line_id, table_id))

    async def tables_in_channel(self, channel_id: int, status: str | None = None) -> list[str]:
        """Table ids of a channel, newest first (optionally only those with ``status``)."""
        sql = "SELECT id FROM tables WHERE channel_id = ?"
        args: tuple[object, ...] = (channel_id,)
        if status is not None:
            sql += " AND status = ?"
            args += (status,)
        order = f" ORDER BY created_at DESC, {self.db.insertion_order} DESC"
        return [row[0] for row in await self.db.fetchall(sql + order, args)]

    async def count_open(self, *, channel_id: int | None = None, host: str | None = None) -> int:
        """Open tables of a channel, or opened by ``host``."""
        column, value = ("channel_id", channel_id) if channel_id is not None else ("host", host)
        return int(
            await self.db.fetchval(f"SELECT count(*) FROM tables WHERE {column} = ? AND status = 'open'", (value,))
        )

    async def table_meta(self, table_id: str) -> dict[str, Any] | None:
        keys = ("status", "guild_id", "channel_id", "message_id", "created_at", "updated_at", "language", "deck",
                "pings", "images", "label", "line_id")  # fmt: skip
        row = await self.db.fetchone(f"SELECT {', '.join(keys)} FROM tables WHERE id = ?", (table_id,))
        if row is None:
            return None
        return dict(zip(keys, row, strict=True))

    # -- guild and user settings -------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """A server's defaults for new tables (keys absent when not set; values as stored)."""
        return await self._settings("guild_settings", "guild_id", GUILD_KEYS, guild_id)

    async def set_guild_settings(self, guild_id: int, **values: Any) -> dict[str, Any]:
        """Change some of a server's defaults (``None``: keep); returns them all."""
        return await self._set_settings("guild_settings", "guild_id", GUILD_KEYS, guild_id, values)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        """A person's own preferences (the deck they see), keys absent when not set."""
        return await self._settings("user_settings", "user_id", USER_KEYS, user_id)

    async def set_user_settings(self, user_id: int, **values: Any) -> dict[str, Any]:
        return await self._set_settings("user_settings", "user_id", USER_KEYS, user_id, values)

    async def _settings(self, table: str, id_column: str, keys: tuple[str, ...], key: int) -> dict[str, Any]:
        row = await self.db.fetchone(f"SELECT {', '.join(keys)} FROM {table} WHERE {id_column} = ?", (key,))
        if row is None:
            return {}
        return {k: v for k, v in zip(keys, row, strict=True) if v is not None}

    async def _set_settings(
        self, table: str, id_column: str, keys: tuple[str, ...], key: int, values: dict[str, Any]
    ) -> dict[str, Any]:
        unknown = set(values) - set(keys)
        if unknown:
            raise ValueError(f"unknown settings: {sorted(unknown)}")
        current = await self._settings(table, id_column, keys, key)
        current.update({k: v for k, v in values.items() if v is not None})
        columns = (id_column, *keys, "updated_at")
        updates = ", ".join(f"{c} = excluded.{c}" for c in (*keys, "updated_at"))
        await self.db.execute(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
            f"ON CONFLICT ({id_column}) DO UPDATE SET {updates}",
            (key, *(current.get(k) for k in keys), timestamp()),
        )
        return current

    async def set_table_display(self, table_id: str, language: str, deck: str, pings: str = "on",
                                images: str = "on", label: str | None = None) -> None:  # fmt: skip
        """How a table's public messages look (fixed when the table opens): language, deck, turn
        pings, images, and the name of a tournament's or challenge's table."""
        await self.db.execute(
            "UPDATE tables SET language = ?, deck = ?, pings = ?, images = ?, label = ? WHERE id = ?",
            (language, deck, pings, images, label, table_id),
        )

    # -- results --------------------------------------------------------------------------

    async def record_result(self, table_id: str, result: GameResult) -> None:
        """Write one result on its own (start-up repair of logs from older versions); idempotent."""
        await self.db.execute(_INSERT_RESULT, _result_row(table_id, result, timestamp()))

    async def games_without_result(self) -> list[tuple[str, int]]:
        """(table id, seq of its ``game_over`` event) of every finished game that has no result row."""
        rows = await self.db.fetchall(
            "SELECT e.table_id, e.seq FROM table_events e LEFT JOIN game_results r "
            "ON r.table_id = e.table_id AND r.game_no = CAST(json_extract(e.payload, '$.game') AS INTEGER) "
            "WHERE e.type = 'game_over' AND r.id IS NULL ORDER BY e.table_id, e.seq"
        )
        return [(t, seq) for t, seq in rows]

    async def results(self, table_id: str) -> list[dict[str, Any]]:
        rows = await self.db.fetchall(
            "SELECT game_no, winner, total_a, total_b, berg, schneider, seats FROM game_results "
            "WHERE table_id = ? ORDER BY game_no",
            (table_id,),
        )
        return [
            {"game": g, "winner": w, "totals": [a, b], "berg": berg, "schneider": bool(s), "seats": json.loads(seats)}
            for g, w, a, b, berg, s, seats in rows
        ]


_Append = tuple[str, int, Sequence[Mapping[str, Any]], str | None, "asyncio.Future[None]", tuple[GameResult, ...]]

#: What the newest migration knows; a file with a higher version was written by a newer bot.


async def _value(conn: aiosqlite.Connection, sql: str, args: tuple[Any, ...] = ()) -> Any:
    """The first column of the one row ``sql`` returns."""
    async with conn.execute(sql, args) as cur:
        row = await cur.fetchone()
    if row is None:
        raise sqlite3.DatabaseError(f"no row for {sql!r}")
    return row[0]


def _prepare_file(path: Path) -> None:
    """Create the data folder (700) and an empty database file (600) if they are missing.

    The file holds the seeds of running hands, i.e. every hidden hand: nobody else may read it.
    """
    folder = path.parent
    if not folder.exists():
        try:
            folder.mkdir(mode=0o700, parents=True)
        except OSError as err:
            raise StorageError(
                f"cannot use the database {urls.redacted(str(path))}: "
                f"cannot create the folder {urls.redacted(str(folder))}: {err.strerror or err}"
            ) from None
    if path.is_dir():
        raise StorageError(f"cannot use the database {urls.redacted(str(path))}: it is a folder, not a file")
    if not path.exists():
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            pass
        except OSError as err:
            raise StorageError(
                f"cannot use the database {urls.redacted(str(path))}: cannot create the file: {err.strerror or err}"
            ) from None
        log.info("new database %s", urls.redacted(str(path)))
    elif path.stat().st_size == 0:
        log.warning("database %s is an empty file: treating it as a new database", urls.redacted(str(path)))


def _tighten(path: Path) -> None:
    """Make an existing database readable by its owner only (and say so)."""
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            mode = file.stat().st_mode & 0o777
            if mode & 0o077:
                file.chmod(mode & 0o700)
                shown = urls.redacted(str(file))
                log.warning("database file %s was readable by others (%o): now %o", shown, mode, mode & 0o700)
        except OSError:
            pass


async def _check_readable(conn: aiosqlite.Connection) -> None:
    """Refuse a damaged file or one from a newer version before anything is written to it."""
    version = await _value(conn, "PRAGMA user_version")
    if version > LATEST_VERSION:
        raise StorageError(
            f"it was written by a newer version of the bot (schema {version}; this version "
            f"knows up to {LATEST_VERSION}): upgrade the bot or use another file"
        )
    async with conn.execute("PRAGMA quick_check") as cur:
        rows = [row[0] for row in await cur.fetchall()]
    if rows != ["ok"]:
        raise StorageError(f"the file is damaged ({'; '.join(str(r) for r in rows[:3])})")


async def _check_writable(conn: aiosqlite.Connection) -> None:
    """A write that is rolled back at once: a read-only file or folder fails here, and nothing lands."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute("CREATE TABLE _write_probe (x)")
    finally:
        await conn.rollback()


def _reason(err: BaseException) -> str:
    """What is wrong, in words an operator understands."""
    text = str(err)
    known = {
        "file is not a database": "the file is not a SQLite database (or it is damaged)",
        "database disk image is malformed": "the file is damaged",
        "attempt to write a readonly database": "the file is read-only",
        "unable to open database file": "the file or its folder cannot be written",
        "database or disk is full": "the disk is full",
        "disk I/O error": "the disk cannot be written (full, or failing)",
    }
    for needle, meaning in known.items():
        if needle in text:
            return meaning
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return text or type(err).__name__


_INSERT_EVENT = "INSERT INTO table_events (table_id, seq, type, payload, created_at) VALUES (?, ?, ?, ?, ?)"
_INSERT_RESULT = (
    "INSERT OR IGNORE INTO game_results (table_id, game_no, winner, total_a, total_b, berg, schneider, "
    "seats, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _result_row(table_id: str, r: GameResult, now: str) -> tuple[object, ...]:
    return (
        table_id,
        r.game_no,
        r.winner,
        r.totals[0],
        r.totals[1],
        r.berg,
        int(r.schneider),
        json.dumps(list(r.seats)),
        now,
    )


def _succeed(item: _Append) -> None:
    if not item[4].done():
        item[4].set_result(None)


def _fail(item: _Append, error: BaseException, cause: BaseException) -> None:
    if error is not cause:
        error.__cause__ = cause
    if not item[4].done():
        item[4].set_exception(error)
