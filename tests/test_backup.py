"""``python -m bot backup PATH`` (issue 61, item 17): SQLite's online backup of a database the bot is
writing (the latest moves are still in the write-ahead log), restorable by the bot; PostgreSQL is
sent to pg_dump; a migration about to be applied is said in the log first."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys

from bot.game import JoinSeat
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.storage import Storage
from bot.storage.migrations import LATEST_VERSION

from .test_startup import ROOT


def backup(database: str, target: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ["PATH"], "JASS_DATABASE": database, "HOME": os.environ.get("HOME", "/tmp")}
    return subprocess.run([sys.executable, "-m", "bot", "backup", target], cwd=ROOT, capture_output=True,
                          text=True, env=env, timeout=120)  # fmt: skip


async def test_a_backup_of_a_running_database_holds_the_latest_moves(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    path = tmp_path / "jass.sqlite3"
    storage = await Storage.open(path)
    assert f"applying migration 1 to the database (at version 0; this bot needs {LATEST_VERSION})" in caplog.text
    services = Services.build(storage, ServiceSettings(ai_seed="backup"), "random")
    try:
        table = await services.tables.create_table("u:1", {"preset": "standard"}, guild_id=5, limits=False)
        for seat in range(3):
            await services.tables.execute(table.table_id, JoinSeat(f"u:{seat + 1}", name=f"P{seat}", seat=seat))
        events = await services.tables.events(table.table_id)
        assert (tmp_path / "jass.sqlite3-wal").stat().st_size > 0  # the moves are in the log, not yet the file
        copy = tmp_path / "backups" / "copy.sqlite3"
        done = await asyncio.to_thread(backup, str(path), str(copy))  # while the bot holds the database
        assert done.returncode == 0, done.stderr
        assert f"schema version {LATEST_VERSION}" in done.stdout
        again = await asyncio.to_thread(backup, str(path), str(copy))
        assert again.returncode == 2 and "exists already" in again.stderr  # never overwritten
    finally:
        await services.close()
        await storage.close()
    restored = await Storage.open(copy)
    try:
        services = Services.build(restored, ServiceSettings(ai_seed="backup"), "random")
        assert await services.tables.events(table.table_id) == events
        await services.close()
    finally:
        await restored.close()


def test_postgresql_is_backed_up_with_pg_dump(tmp_path):
    done = backup("postgresql://jass@127.0.0.1:1/jass", str(tmp_path / "x.sqlite3"))
    assert done.returncode == 2 and "pg_dump" in done.stderr and not (tmp_path / "x.sqlite3").exists()


def test_migrate_db_help_shows_no_password():
    done = subprocess.run([sys.executable, "-m", "bot", "migrate-db", "--help"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert "postgresql://" in done.stdout and "password@" not in done.stdout
