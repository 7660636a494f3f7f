"""``python -m bot migrate-db``: a SQLite database with finished and running tables, statistics
and a tournament's events, copied into PostgreSQL, checked by replay, and played on from there."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.game import AddComputer, JoinSeat, StartGame
from bot.services.stats import StatsService
from bot.storage.copy import REPLACED, count_rows
from tests.backends import PostgresPaths

from .test_service import close, close_leftovers, make_service, play_human_card  # noqa: F401 (fixture)
from .test_service_failures import ROOT
from .test_stats_service import play_game

HOST = "u:1"


def migrate_db(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", "migrate-db", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)  # fmt: skip


@pytest.mark.sqlite_only  # the source is SQLite; the target is the PostgreSQL cluster
async def test_a_sqlite_database_moves_into_postgresql_and_plays_on(tmp_path, pg_cluster):
    path = tmp_path / "jass.sqlite3"
    service = await make_service(path)
    finished = await play_game(service, ["u:10", "u:11", None, None], "m1", guild=5)
    stats = StatsService(service._storage, service)
    await stats.backfill()
    running = (await service.create_table(HOST, guild_id=5, channel_id=9)).table_id
    await service.execute(running, JoinSeat("u:0", name="Anna", seat=0))
    for seat in (1, 2, 3):
        await service.execute(running, AddComputer(HOST, seat=seat))
    await service.execute(running, StartGame(HOST, seed="mig"))
    await service.wait_idle()
    for _ in range(5):  # into the first hand
        await play_human_card(service, running, 0)
        await service.wait_idle()
    await service._storage.set_guild_settings(5, preset="app", language="de")
    before = await count_rows(service._storage)
    state = service._tables[running].view_for(0)
    await close(service)

    url = await PostgresPaths(pg_cluster).url(tmp_path / "target")
    out = migrate_db("--from", str(path), "--to", url)
    assert out.returncode == 0, out.stderr
    assert "verified: 2 tables replay to the same state on both sides" in out.stdout
    assert f"table_events {before['table_events']}" in out.stdout and "DIFFERENT" not in out.stderr

    service = await make_service(url)  # the bot started on PostgreSQL
    assert service._storage.backend == "postgresql"
    assert await count_rows(service._storage) == before
    assert await service.restore() == [running]
    assert service._tables[running].view_for(0) == state  # the hand goes on where it was
    await play_human_card(service, running, 0)
    await service.wait_idle()
    assert (await service._storage.results(finished))[0]["totals"]
    assert await service._storage.guild_settings(5) == {"preset": "app", "language": "de"}
    await close(service)

    again = migrate_db("--from", str(path), "--to", url)  # the target is no longer empty
    assert again.returncode == 2 and "not empty" in again.stderr


async def test_migrate_db_refuses_what_it_cannot_copy(tmp_path):
    missing = migrate_db("--from", str(tmp_path / "none.sqlite3"), "--to", "postgresql://x@/y")
    assert missing.returncode == 2 and "existing SQLite file" in missing.stderr
    not_a_url = migrate_db("--from", str(tmp_path / "none.sqlite3"), "--to", "mysql://x:pw@y/z")
    assert not_a_url.returncode == 2 and "postgresql://" in not_a_url.stderr and "pw" not in not_a_url.stderr


@pytest.mark.sqlite_only
async def test_the_check_finds_a_copy_that_differs(tmp_path, pg_cluster):
    from bot.services.migrate import MigrationReport, verify
    from bot.storage import Storage, StorageError
    from bot.storage.copy import copy_database

    service = await make_service(tmp_path / "src.sqlite3")
    tid = await play_game(service, ["u:10", None, None, None], "d1", guild=5)
    source = service._storage
    target = await Storage.open(await PostgresPaths(pg_cluster).url(tmp_path / "copy"))
    try:
        report = MigrationReport(await copy_database(source, target))
        await verify(source, target, report)
        assert report.ok and report.tables == 1 and report.copied["tables"] == 1
        with pytest.raises(StorageError, match="not empty"):
            await copy_database(source, target)
        await target.db.execute("DELETE FROM table_events WHERE table_id = ? AND seq = 3", (tid,))
        tampered = MigrationReport({})
        await verify(source, target, tampered)
        assert not tampered.ok
        assert any("table_events" in d for d in tampered.differences)
        assert any(f"table {tid}" in d for d in tampered.differences)
    finally:
        await target.close()
        await close(service)


@pytest.mark.sqlite_only
async def test_a_row_postgresql_refuses_is_one_line_exit_2_and_an_empty_target(tmp_path, pg_cluster):
    """Issue 39, item 8: a source row breaking a reference (SQLite did not check it)."""
    import sqlite3

    path = tmp_path / "broken.sqlite3"
    service = await make_service(path)
    await play_game(service, ["u:10", None, None, None], "b1", guild=5)
    await close(service)
    with sqlite3.connect(path) as conn:  # an event of a table that does not exist
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("INSERT INTO table_events VALUES ('nosuchtable', 1, 'x', '{}', '2025-01-01')")
    url = await PostgresPaths(pg_cluster).url(tmp_path / "target")
    out = migrate_db("--from", str(path), "--to", url)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "table_events" in out.stderr and "refused a row" in out.stderr
    target = await make_service(url)
    left = {name: n for name, n in (await count_rows(target._storage)).items() if name not in REPLACED}
    assert not any(left.values())  # left empty (but for the rows its own migrations wrote)
    await close(target)


@pytest.mark.sqlite_only
async def test_after_a_migration_every_row_of_every_table_is_equal(tmp_path, pg_cluster):
    """Issue 52, item 20: pending_tasks came over with another type (a bare date against a timestamp)."""
    from bot.services.migrate import MigrationReport, verify
    from bot.storage import Storage
    from bot.storage.copy import TABLES, columns_of, copy_database, table_rows

    service = await make_service(tmp_path / "src.sqlite3")
    await play_game(service, ["u:10", None, None, None], "e1", guild=5)
    source = service._storage
    await source.db.execute(
        "INSERT INTO pending_tasks (task, created_at) VALUES ('later', '2026-12-05T10:00:00.000+00:00')"
    )
    assert "pending_tasks" in TABLES
    target = await Storage.open(await PostgresPaths(pg_cluster).url(tmp_path / "copy"))
    try:
        report = MigrationReport(await copy_database(source, target))
        await verify(source, target, report)
        assert report.ok, report.differences
        for name in TABLES:
            columns = await columns_of(source, name)
            assert await table_rows(source, name, columns) == await table_rows(target, name, columns), name
        tasks = await table_rows(target, "pending_tasks", ["task", "created_at"])
        assert [t for t, _ in tasks] == ["later", "rebuild-stats"] or [t for t, _ in tasks] == ["later"]
    finally:
        await target.close()
        await close(service)
