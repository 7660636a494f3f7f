"""Opening a PostgreSQL database: the pool, the same numbered migrations as SQLite (in
PostgreSQL's dialect, recorded in a ``schema_version`` table), and readable errors."""

from __future__ import annotations

import logging
import re

from .migrations import MIGRATIONS, POSTGRES_AFTER, POSTGRES_INSTEAD
from .sql import PostgresDatabase
from .urls import redacted

log = logging.getLogger(__name__)

#: Any number: processes starting together take this lock, so one of them migrates.
MIGRATION_LOCK = 0x6A617373  # "jass"


async def open_postgres(url: str, max_size: int = 10) -> PostgresDatabase:
    """Connect a pool to ``url`` and migrate the database; :class:`StorageError` in one line when
    the server cannot be used."""
    from .migrations import LATEST_VERSION
    from .rows import StorageError

    shown = redacted(url)
    try:
        db = await PostgresDatabase.connect(url, max_size=max_size)
    except Exception as err:  # connection refused, bad password, no such database, bad URL…
        raise StorageError(f"cannot use the database {shown}: {_reason(err)}") from None
    try:
        async with db.transaction() as tx:
            await tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await tx.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
            version = int(await tx.fetchval("SELECT coalesce(max(version), 0) FROM schema_version") or 0)
            if version > LATEST_VERSION:
                raise StorageError(
                    f"cannot use the database {shown}: it was written by a newer version of the bot (schema "
                    f"{version}; this version knows up to {LATEST_VERSION}): upgrade the bot or use another database"
                )
            for number, sql in MIGRATIONS:
                if number > version:
                    log.info("applying migration %d to the database (at version %d; this bot needs %d); "
                             "an older bot cannot use it afterwards: docs/operations.md", number, version,
                             LATEST_VERSION)  # fmt: skip
                    sql = POSTGRES_INSTEAD.get(number, sql)
                    for statement in _statements(sql + "\n" + POSTGRES_AFTER.get(number, "")):
                        await tx.execute(statement)  # carried into PostgreSQL's dialect by the database
                    await tx.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, now())", (number,))
                    log.info("database migrated to version %d", number)
    except StorageError:
        await db.close()
        raise
    except Exception as err:
        await db.close()
        raise StorageError(f"cannot use the database {shown}: {_reason(err)}") from None
    return db


def _statements(script: str) -> list[str]:
    """A migration script's statements (split at semicolons that end a line; comments dropped)."""
    lines = [re.sub(r"--.*$", "", line) for line in script.splitlines()]
    text = "\n".join(lines)
    return [s.strip() for s in re.split(r";\s*\n", text + "\n") if s.strip()]


def _reason(err: BaseException) -> str:
    text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    if isinstance(err, OSError):  # refused, no such socket, unknown host, timeout
        return f"the server does not answer (is PostgreSQL running, and is the address right?): {text}"
    return text
