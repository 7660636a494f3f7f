"""The service when things go wrong: a kill after a game's last commit, write errors, collisions,
corrupt logs, many finished tables, limits."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.game import GameError, JoinSeat, Phase, StartGame
from bot.services import BrokenTable, StorageFailed, UnknownTable
from bot.storage import Storage

from .test_service import HOST, close, close_leftovers, make_service  # noqa: F401 (fixture)

ROOT = Path(__file__).resolve().parents[2]

KILL_AFTER_GAME_OVER = textwrap.dedent("""
    import asyncio, os, sys
    from bot.game import StartGame
    from bot.services import ServiceSettings, TableService
    from bot.storage import Storage

    async def main(path):
        storage = await Storage.open(path)
        real_append = storage.append

        async def append(table_id, first_seq, events, **kw):
            await real_append(table_id, first_seq, events, **kw)
            if any(ev["type"] == "game_over" for ev in events):
                os._exit(9)  # killed right after the commit that finishes the game

        storage.append = append
        service = TableService(storage, ServiceSettings(ai_seed="kill"))
        table = await service.create_table("u:host", {"preset": "single-1000"})
        await service.execute(table.table_id, StartGame("u:host", seed="kill", fill_computers=True))
        await service.wait_idle()
        os._exit(1)  # the game should have ended (and killed us) before this

    asyncio.run(main(sys.argv[1]))
""")


async def test_a_kill_right_after_the_last_commit_keeps_the_result(tmp_path, database):
    path = tmp_path / "kill.sqlite3"
    out = subprocess.run(
        [sys.executable, "-c", KILL_AFTER_GAME_OVER, await database(path)], cwd=ROOT, timeout=120,
        capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 9, out.stderr
    storage = await Storage.open(path)
    try:
        [(table_id, status)] = await storage.db.fetchall("SELECT id, status FROM tables")
        assert status == "finished"
        [result] = await storage.results(table_id)
        events = await storage.load_events(table_id)
        game_over = next(ev for ev in events if ev["type"] == "game_over")
        assert result["winner"] == game_over["winner"] and result["totals"] == game_over["totals"]
    finally:
        await storage.close()


async def test_start_up_rebuilds_a_missing_result_from_the_log(tmp_path):
    path = tmp_path / "db.sqlite3"
    service = await make_service(path)
    table = await service.create_table(HOST, {"preset": "single-1000"})
    await service.execute(table.table_id, StartGame(HOST, seed="s", fill_computers=True))
    await service.wait_idle()
    [expected] = await service._storage.results(table.table_id)
    await service._storage.db.execute("DELETE FROM game_results")  # as a crash in an older version left it
    await close(service)
    service = await make_service(path)
    await service.restore()
    assert await service._storage.results(table.table_id) == [expected]
    await close(service)


class FailingWrites:
    """Makes the next ``count`` appends fail as a full disk does."""

    def __init__(self, storage: Storage, count: int) -> None:
        self.left = count
        self.real = storage.append
        storage.append = self.append

    async def append(self, *args, **kw):
        if self.left > 0:
            self.left -= 1
            raise sqlite3.OperationalError("database or disk is full")
        return await self.real(*args, **kw)


async def test_after_a_write_error_a_computer_game_resumes_by_itself(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3", retry_seconds=0.01)
    table = await service.create_table(HOST, {"preset": "single-1000"})
    tid = table.table_id
    await service.execute(tid, StartGame(HOST, seed="s", fill_computers=True))
    failing = FailingWrites(service._storage, 3)  # the next computer moves cannot be saved
    for _ in range(200):
        await service.wait_idle()
        live = service._tables.get(tid)
        if live is not None and live.phase == Phase.GAME_OVER:
            break
        await asyncio.sleep(0.02)
    assert failing.left == 0
    assert service.in_memory(tid).phase == Phase.GAME_OVER
    assert len(await service.events(tid)) == service.in_memory(tid).seq
    await close(service)


async def test_a_person_gets_a_clear_failure_and_nothing_changes(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3", retry_seconds=0.01)
    table = await service.create_table(HOST)
    FailingWrites(service._storage, 1)
    with pytest.raises(StorageFailed):
        await service.execute(table.table_id, JoinSeat("u:1", seat=1))
    assert (await service.get(table.table_id)).seats[1].actor is None
    await service.execute(table.table_id, JoinSeat("u:1", seat=1))  # the disk has room again
    assert (await service.get(table.table_id)).seats[1].actor == "u:1"
    await close(service)


async def test_a_colliding_table_id_is_drawn_again(tmp_path):
    storage = await Storage.open(tmp_path / "db.sqlite3")
    from bot.services import ServiceSettings, TableService

    ids = iter(["same", "same", "other"])
    service = TableService(storage, ServiceSettings(), table_ids=lambda: next(ids))
    first = await service.create_table(HOST)
    second = await service.create_table(HOST)
    assert (first.table_id, second.table_id) == ("same", "other")
    await service.close()
    await storage.close()


def test_table_ids_have_64_bits():
    from bot.services.tables import new_table_id

    ids = {new_table_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(len(i) == 16 and int(i, 16) >= 0 for i in ids)


async def test_an_unreadable_table_is_set_aside(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    table = await service.create_table(HOST)
    await service.execute(table.table_id, JoinSeat("u:1"))
    await service._storage.db.execute("UPDATE table_events SET payload = '{oops' WHERE seq = 2")
    service._tables.clear()  # as after a restart
    with pytest.raises(BrokenTable):
        await service.get(table.table_id)
    with pytest.raises(UnknownTable):  # a BrokenTable is an UnknownTable to callers that do not care
        await service.execute(table.table_id, JoinSeat("u:2"))
    assert table.table_id in service.broken
    await close(service)


async def test_finished_tables_leave_memory_and_reload_on_demand(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3", keep_finished=2)
    gone = []
    service.on_evict(gone.append)
    ids = []
    for n in range(5):
        table = await service.create_table(HOST, {"preset": "single-1000", "target": 300})
        await service.execute(table.table_id, StartGame(HOST, seed=f"s{n}", fill_computers=True))
        ids.append(table.table_id)
    await service.wait_idle()
    assert len(service._tables) == 2  # the two that finished last
    assert len(gone) == 3 and set(gone) | set(service._tables) == set(ids)
    old = await service.get(ids[0])  # reloaded from the log
    assert old.phase == Phase.GAME_OVER
    await service.execute(ids[0], StartGame(HOST, seed="again"))  # a finished table plays on
    assert service._tables[ids[0]].phase != Phase.GAME_OVER
    await service.wait_idle()
    await close(service)


async def test_open_tables_are_limited_per_channel_and_per_person(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3", tables_per_channel=2, tables_per_user=3)
    await service.create_table("u:1", channel_id=10)
    await service.create_table("u:2", channel_id=10)
    with pytest.raises(GameError) as err:
        await service.create_table("u:3", channel_id=10)
    assert err.value.code == "TOO_MANY_TABLES" and err.value.facts == {"scope": "channel", "limit": 2}
    await service.create_table("u:1", channel_id=11)
    await service.create_table("u:1", channel_id=12)
    with pytest.raises(GameError) as err:
        await service.create_table("u:1", channel_id=13)
    assert err.value.facts == {"scope": "user", "limit": 3}
    await close(service)


async def test_one_seat_per_person_and_channel(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    a = await service.create_table("u:1", channel_id=10)
    b = await service.create_table("u:2", channel_id=10)
    c = await service.create_table("u:3", channel_id=11)
    await service.execute(a.table_id, JoinSeat("u:9"))
    with pytest.raises(GameError) as err:
        await service.execute(b.table_id, JoinSeat("u:9"))
    assert err.value.code == "SEATED_ELSEWHERE" and err.value.facts == {"table": a.table_id}
    await service.execute(c.table_id, JoinSeat("u:9"))  # another channel: fine
    with pytest.raises(GameError):
        await service.create_table("u:9", channel_id=10)  # the host would sit at a second table here
    await close(service)


async def test_creating_a_table_while_the_database_is_out_of_reach_is_a_storage_failure(tmp_path, monkeypatch):
    """Issue 39, item 10: a PostgreSQL server that is down (its socket gone) raises what asyncpg
    raises then, FileNotFoundError; the service reports the storage failure every path reports."""
    from bot.services import StorageFailed

    service = await make_service(tmp_path / "db.sqlite3")

    async def gone(*args, **kwargs):
        raise FileNotFoundError(2, "No such file or directory")

    def no_transaction(*args, **kwargs):
        raise FileNotFoundError(2, "No such file or directory")

    for name in ("fetchval", "fetchone", "fetchall", "execute"):
        monkeypatch.setattr(service._storage.db, name, gone)
    monkeypatch.setattr(service._storage.db, "transaction", no_transaction)
    with pytest.raises(StorageFailed):
        await service.create_table("u:1", guild_id=1, channel_id=2)
    with pytest.raises(StorageFailed):
        await service.create_table("u:1", limits=False)
    with pytest.raises(StorageFailed):
        await service.open_tables(2)
    monkeypatch.undo()
    await close(service)


@pytest.mark.sqlite_only
async def test_service_bench_restores_exactly_the_tables_it_made(tmp_path, capsys):
    """Issue 39, item 12: a second restore into the same file would count the first one's tables."""
    from benchmarks.service_bench import restore_run

    await restore_run(tmp_path / "restore.sqlite3", 3, 2, "first")
    assert "first_restore_tables: 3" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="empty database"):
        await restore_run(tmp_path / "restore.sqlite3", 3, 2, "again")
    await restore_run(tmp_path / "other.sqlite3", 3, 2, "fresh")
    assert "fresh_restore_tables: 3" in capsys.readouterr().out
