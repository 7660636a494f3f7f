"""A copy of a running bot's SQLite database (``python -m bot backup PATH``), through SQLite's online
backup API: consistent, with what the write-ahead log holds (copying the file alone can miss the
latest games: the bot checkpoints the log itself, now and then), while the bot goes on writing."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from .migrations import LATEST_VERSION


class BackupError(Exception):
    """The backup could not be made: the message says why."""


def _backup(source: Path, target: Path) -> int:
    if not source.is_file():
        raise BackupError(f"no database at {source}")
    if target.exists():
        raise BackupError(f"{target} exists already: name a new file")
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst, pages=1024)  # in steps: the bot may write between them
        version = int(dst.execute("PRAGMA user_version").fetchone()[0])
        if dst.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise BackupError(f"the copy at {target} failed SQLite's integrity check")
    except sqlite3.Error as err:
        raise BackupError(f"cannot back up {source}: {err}") from None
    finally:
        dst.close()
        src.close()
    return version


async def backup_sqlite(source: Path, target: Path) -> int:
    """Copy ``source`` into the new file ``target``; returns the copy's schema version."""
    return await asyncio.to_thread(_backup, source, target)


__all__ = ["LATEST_VERSION", "BackupError", "backup_sqlite"]
