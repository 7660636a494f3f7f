"""The two databases behind one small interface: SQLite (aiosqlite, one connection, the embedded
default) and PostgreSQL (asyncpg, a connection pool, for several processes).

The stores write their SQL once, in SQLite's dialect with ``?`` placeholders;
:func:`postgres_sql` carries it over (``$1``…, ``INSERT OR IGNORE``, ``json_extract``, ``instr``,
column types in migrations). Both raise :class:`IntegrityError` when a row breaks a key.
Timestamps travel as ISO strings (``2026-12-03T15:35:29.123+00:00``) on both sides; PostgreSQL
stores them as ``timestamptz``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

Row = tuple[Any, ...]


class IntegrityError(Exception):
    """A row breaks a primary key, a unique key or a reference (a conflicting append)."""


class Tx(ABC):
    """Statements of one transaction (committed when the ``transaction()`` block ends)."""

    @abstractmethod
    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; returns the rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each row."""

    @abstractmethod
    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Every row a query returns."""

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or None."""
        row = await self.fetchone(sql, args)
        return row[0] if row else None


class Database(Tx):
    """Reads run on their own; ``execute`` on the database itself is a transaction of one
    statement; ``transaction()`` groups statements (all or nothing)."""

    dialect: str
    #: The column that orders rows of ``tables`` by insertion (a tie-break for equal times).
    insertion_order: str

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """Statements run inside the block are committed together, or none when it raises."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        async with self.transaction() as tx:
            return await tx.execute(sql, args)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self.transaction() as tx:
            await tx.executemany(sql, rows)

    @abstractmethod
    async def close(self) -> None:
        """Close the connection (or the pool)."""


# -- SQLite --------------------------------------------------------------------------------


class _SqliteTx(Tx):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            cur = await self.conn.execute(sql, tuple(args))
        except sqlite3.IntegrityError as err:
            raise IntegrityError(str(err)) from err
        return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.IntegrityError as err:
            raise IntegrityError(str(err)) from err

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        async with self.conn.execute(sql, tuple(args)) as cur:
            return [tuple(row) for row in await cur.fetchall()]


class SqliteDatabase(Database):
    """One connection shared by every table: write transactions take turns (a lock)."""

    dialect = "sqlite"
    insertion_order = "rowid"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.write_lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.write_lock:
            try:
                yield _SqliteTx(self.conn)
            except BaseException:
                await self.conn.rollback()
                raise
            await self.conn.commit()

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return await _SqliteTx(self.conn).fetchall(sql, args)

    async def close(self) -> None:
        await self.conn.close()


# -- PostgreSQL ----------------------------------------------------------------------------


@functools.lru_cache(maxsize=512)
def postgres_sql(sql: str) -> str:
    """A statement in SQLite's dialect, as PostgreSQL takes it.

    >>> postgres_sql("INSERT OR IGNORE INTO t (a, b) VALUES (?, ?)")
    'INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT DO NOTHING'
    >>> postgres_sql("SELECT instr(payload, ?) FROM e WHERE note = '?' AND n = ?")
    "SELECT strpos(payload, $1) FROM e WHERE note = '?' AND n = $2"
    >>> postgres_sql("CAST(json_extract(e.payload, '$.game') AS INTEGER)")
    "CAST((e.payload::jsonb ->> 'game') AS BIGINT)"
    >>> postgres_sql("CREATE TABLE x (id INTEGER PRIMARY KEY, at_x INTEGER, created_at TEXT) WITHOUT ROWID")
    'CREATE TABLE x (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, at_x BIGINT, created_at timestamptz) '
    """
    out = re.sub(r"json_extract\(([\w.]+), '\$\.(\w+)'\)", r"(\1::jsonb ->> '\2')", sql)
    out = re.sub(r"\binstr\(", "strpos(", out)
    out = re.sub(r"\bWITHOUT ROWID\b", "", out)
    out = re.sub(r"\bINTEGER PRIMARY KEY\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", out)
    out = re.sub(r"\b(\w+_at)\s+TEXT\b", r"\1 timestamptz", out)
    out = re.sub(r"\bINTEGER\b", "BIGINT", out)
    out = re.sub(r"\bREAL\b", "DOUBLE PRECISION", out)
    if re.match(r"\s*INSERT OR IGNORE INTO\b", out):
        out = re.sub(r"INSERT OR IGNORE INTO", "INSERT INTO", out, count=1) + " ON CONFLICT DO NOTHING"
    return _numbered(out)


def _numbered(sql: str) -> str:
    """``?`` placeholders as ``$1``, ``$2``… (outside quoted text)."""
    parts, n, quoted = [], 0, False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            n += 1
            parts.append(f"${n}")
        else:
            parts.append(ch)
    return "".join(parts)


def _pg_errors() -> tuple[type[BaseException], ...]:
    import asyncpg

    return (asyncpg.IntegrityConstraintViolationError,)


def _count(status: str) -> int:
    """Rows changed, from a command status such as ``INSERT 0 1`` or ``UPDATE 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresTx(Tx):
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            return _count(await self.conn.execute(postgres_sql(sql), *args))
        except _pg_errors() as err:
            raise IntegrityError(str(err)) from err

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if not rows:
            return
        try:
            await self.conn.executemany(postgres_sql(sql), rows)
        except _pg_errors() as err:
            raise IntegrityError(str(err)) from err

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self.conn.fetch(postgres_sql(sql), *args)]


def _encode_time(value: Any) -> str:
    return value.isoformat() if isinstance(value, datetime) else str(value)


def _decode_time(text: str) -> str:
    """PostgreSQL's ``2026-12-03 15:35:29.123+00`` as the ISO string SQLite keeps."""
    return datetime.fromisoformat(text).isoformat(timespec="milliseconds")


async def _init_connection(conn: Any) -> None:
    await conn.set_type_codec(
        "timestamptz", schema="pg_catalog", encoder=_encode_time, decoder=_decode_time, format="text"
    )


class PostgresDatabase(Database):
    """An asyncpg pool; each transaction holds one connection of it."""

    dialect = "postgresql"
    insertion_order = "ord"

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @classmethod
    async def connect(cls, dsn: str, *, min_size: int = 1, max_size: int = 10) -> PostgresDatabase:
        """A pool to ``dsn``; the URL's query may set server settings (e.g. ``search_path``)."""
        import asyncpg

        settings = {"timezone": "UTC", "application_name": "jassbot"}
        pool = await asyncpg.create_pool(
            dsn, min_size=min_size, max_size=max_size, init=_init_connection, server_settings=settings,
            command_timeout=60,
        )  # fmt: skip
        return cls(pool)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield _PostgresTx(conn)

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self.pool.fetch(postgres_sql(sql), *args)]

    async def close(self) -> None:
        await self.pool.close()
