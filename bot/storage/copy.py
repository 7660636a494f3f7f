"""Copying a SQLite database into PostgreSQL (``python -m bot migrate-db``): every row of every
table, in one transaction on the PostgreSQL side, into a database that holds no tables yet."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .rows import StorageError

if TYPE_CHECKING:
    from .db import Storage

#: Every table of the schema, parents before the rows that refer to them.
TABLES = (
    "tables", "table_events", "game_results", "guild_settings", "user_settings",
    "tournaments", "tournament_events", "tournament_tables", "tournament_results",
    "stat_games", "stat_seasons", "stat_ratings", "stat_hidden", "pending_tasks", "web_sites", "web_keys",
)  # fmt: skip
#: Tables whose rows a new database's own migrations write: the source's replace them.
REPLACED = ("pending_tasks",)
BATCH = 2000


async def count_rows(storage: Storage) -> dict[str, int]:
    """Rows in each table of the schema."""
    return {name: int(await storage.db.fetchval(f"SELECT count(*) FROM {name}")) for name in TABLES}


async def table_rows(storage: Storage, name: str, columns: list[str]) -> list[tuple[object, ...]]:
    """Every row of a table (its ``columns``), in a fixed order: to compare two databases row by row."""
    rows = await storage.db.fetchall(f"SELECT {', '.join(columns)} FROM {name}")
    return sorted((tuple(r) for r in rows), key=repr)


async def columns_of(storage: Storage, name: str) -> list[str]:
    """The columns of a SQLite table (PostgreSQL's may have more: ``tables.ord``)."""
    return [row[1] for row in await storage.db.fetchall(f"PRAGMA table_info({name})")]


async def copy_database(
    source: Storage, target: Storage, progress: Callable[[str, int], None] | None = None
) -> dict[str, int]:
    """Copy every row of ``source`` (SQLite) into ``target`` (PostgreSQL, migrated, empty).
    Returns the rows copied per table. All or nothing: a failure leaves the target empty."""
    if source.backend != "sqlite" or target.backend != "postgresql":
        raise StorageError("migrate-db copies a SQLite database into PostgreSQL")
    if await source.schema_version() != await target.schema_version():
        raise StorageError("the two databases have different schema versions: open both with this version first")
    held = {name: n for name, n in (await count_rows(target)).items() if n and name not in REPLACED}
    if held:
        raise StorageError(f"the target database is not empty ({', '.join(f'{n} {t}' for t, n in held.items())})")
    copied: dict[str, int] = {}
    async with target.db.transaction() as tx:
        for name in REPLACED:
            await tx.execute(f"DELETE FROM {name}")
        for name in TABLES:
            columns = await columns_of(source, name)
            order = " ORDER BY rowid" if name in ("tables", "game_results") else ""  # keeps creation order
            insert = f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            copied[name] = 0
            async with source.conn.execute(f"SELECT {', '.join(columns)} FROM {name}{order}") as cur:
                while rows := list(await cur.fetchmany(BATCH)):
                    try:
                        await tx.executemany(insert, rows)
                    except Exception as err:  # a row PostgreSQL refuses: nothing is kept (one transaction)
                        reason = (str(err).strip().splitlines() or [type(err).__name__])[0]
                        raise StorageError(
                            f"cannot copy the table {name}: PostgreSQL refused a row ({reason}); "
                            "nothing was copied, fix the source database and try again"
                        ) from None
                    copied[name] += len(rows)
                    if progress is not None:
                        progress(name, copied[name])
        # Results written later get ids after the copied ones.
        await tx.execute(
            "SELECT setval(pg_get_serial_sequence('game_results', 'id'), coalesce(max(id), 0) + 1, false) "
            "FROM game_results"
        )
    return copied
