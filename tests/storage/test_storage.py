"""Storage on both databases: migrations, the append-only log, conflicts, corrupt rows; SQLite's
pragmas and its write-ahead log."""

import asyncio
import re

import pytest

from bot.storage import ConflictError, GameResult, Storage, StorageError
from bot.storage.migrations import MIGRATIONS


@pytest.fixture
async def storage(tmp_path):
    s = await Storage.open(tmp_path / "data" / "jass.sqlite3")
    yield s
    await s.close()


def ev(n: int, kind: str = "x") -> dict:
    return {"type": kind, "n": n}


async def test_migrations(tmp_path, backend):
    path = tmp_path / "other" / "jass.sqlite3"
    storage = await Storage.open(path)
    assert storage.backend == backend
    assert await storage.schema_version() == MIGRATIONS[-1][0]
    await storage.create_table("t", [ev(1)])
    await storage.close()
    again = await Storage.open(path)  # re-open: nothing to migrate, nothing lost
    assert await again.schema_version() == MIGRATIONS[-1][0]
    assert await again.load_events("t") == [ev(1)]
    await again.close()


@pytest.mark.sqlite_only
async def test_pragmas(tmp_path):
    storage = await Storage.open(tmp_path / "p.sqlite3")
    assert (await storage.pragma("journal_mode")).lower() == "wal"
    assert await storage.pragma("foreign_keys") == 1
    await storage.close()


@pytest.mark.sqlite_only
async def test_wal_is_checkpointed_in_the_background(tmp_path, monkeypatch):
    monkeypatch.setattr(Storage, "CHECKPOINT_EVERY", 3)
    storage = await Storage.open(tmp_path / "c.sqlite3")
    await storage.create_table("t", [ev(1)])
    for n in range(2, 12):
        await storage.append("t", n, [ev(n)])
    assert storage._commits == 10 and storage._checkpointer is not None
    await storage.close()
    wal = tmp_path / "c.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0  # truncated on close


async def test_append_and_load(storage):
    await storage.create_table("t1", [{"type": "table_created", "n": 1}], guild_id=5, channel_id=6)
    await storage.append("t1", 2, [ev(2), ev(3)])
    await storage.append("t1", 4, [ev(4)], status="finished")
    events = await storage.load_events("t1")
    assert [e.get("n") for e in events] == [1, 2, 3, 4]
    meta = await storage.table_meta("t1")
    assert meta["status"] == "finished" and meta["guild_id"] == 5 and meta["channel_id"] == 6
    assert await storage.load_events("nope") is None
    assert "t1" not in (await storage.load_open()).events


async def test_double_submission_is_refused(storage):
    await storage.create_table("t1", [ev(1)])
    await storage.append("t1", 2, [ev(2)])
    with pytest.raises(ConflictError):
        await storage.append("t1", 2, [ev(99)])
    with pytest.raises(ConflictError):
        await storage.create_table("t1", [ev(1)])
    assert [e["n"] for e in await storage.load_events("t1")] == [1, 2]


async def test_group_commit_isolates_a_conflict(storage):
    for t in ("a", "b", "c"):
        await storage.create_table(t, [ev(1)])
    await storage.append("b", 2, [ev(2)])
    results = await asyncio.gather(
        storage.append("a", 2, [ev(2)]),
        storage.append("b", 2, [ev(3)]),  # conflicts
        storage.append("c", 2, [ev(2), ev(3)]),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], ConflictError)
    assert len(await storage.load_events("a")) == 2
    assert len(await storage.load_events("c")) == 3
    assert [e["n"] for e in await storage.load_events("b")] == [1, 2]


async def test_corrupt_rows_are_reported_not_raised(storage):
    await storage.create_table("good", [ev(1)])
    await storage.create_table("bad", [ev(1)])
    await storage.append("bad", 2, [ev(2)])
    await storage.db.execute("UPDATE table_events SET payload = '{oops' WHERE table_id = 'bad' AND seq = 2")
    found = await storage.load_open()
    assert "good" in found.events
    assert "bad" in found.broken and "not valid JSON" in found.broken["bad"]
    # The row is kept as it was: nothing is deleted.
    assert await storage.db.fetchval("SELECT count(*) FROM table_events WHERE table_id = 'bad'") == 2


async def test_results(storage):
    await storage.create_table("t", [ev(1)])
    result = GameResult(1, 0, (2510, 1200), 0, True, ("u:1", "ai:1", None, "u:2"))
    await storage.append("t", 2, [{"type": "game_over", "game": 1}], status="finished", results=(result,))
    assert await storage.games_without_result() == []
    await storage.record_result("t", result)  # idempotent
    assert await storage.results("t") == [
        {
            "game": 1,
            "winner": 0,
            "totals": [2510, 1200],
            "berg": 0,
            "schneider": True,
            "seats": ["u:1", "ai:1", None, "u:2"],
        }
    ]


async def test_server_and_personal_settings(storage):
    assert await storage.guild_settings(1) == {}
    assert await storage.set_guild_settings(1, preset="swisslos", turn_timer=30) == {
        "preset": "swisslos",
        "turn_timer": 30,
    }
    assert await storage.set_guild_settings(1, deck="french") == {
        "preset": "swisslos",
        "turn_timer": 30,
        "deck": "french",
    }
    assert await storage.guild_settings(2) == {}
    with pytest.raises(ValueError):
        await storage.set_guild_settings(1, colour="red")
    await storage.set_user_settings(7, deck="french")
    assert await storage.user_settings(7) == {"deck": "french"}
    assert await storage.user_settings(8) == {}
    await storage.create_table("t", [ev(1)])
    await storage.set_table_display("t", "en", "french")
    meta = await storage.table_meta("t")
    assert (meta["language"], meta["deck"]) == ("en", "french")


async def test_a_result_is_written_with_the_events_or_not_at_all(storage):
    """The events that finish a game and its result row share one transaction."""
    await storage.create_table("t", [ev(1)])
    await storage.append("t", 2, [ev(2)])
    result = GameResult(1, 1, (900, 1010), None, False, ("u:1", "u:2", "u:3", "u:4"))
    with pytest.raises(ConflictError):  # seq 2 is taken: neither the events nor the result land
        await storage.append("t", 2, [{"type": "game_over", "game": 1}], status="finished", results=(result,))
    assert await storage.results("t") == []
    assert (await storage.table_meta("t"))["status"] == "open"


async def test_finished_games_without_result_are_found(storage):
    await storage.create_table("t", [ev(1)])
    await storage.append("t", 2, [{"type": "game_over", "game": 1}], status="finished")  # as an old version did
    assert await storage.games_without_result() == [("t", 2)]


async def test_limits_count_open_tables_by_channel_and_host(storage):
    await storage.create_table("a", [{"type": "table_created", "host": "u:1"}], channel_id=9)
    await storage.create_table("b", [{"type": "table_created", "host": "u:1"}], channel_id=9)
    await storage.create_table("c", [{"type": "table_created", "host": "u:2"}], channel_id=8)
    await storage.append("b", 2, [ev(2)], status="finished")
    assert await storage.count_open(channel_id=9) == 1
    assert await storage.count_open(host="u:1") == 1
    assert await storage.count_open(host="u:2") == 1


async def test_two_processes_appending_the_same_seq_one_is_refused(tmp_path):
    """Two bot processes on one database (two connections): the second append of a seq is
    refused, not merged, and the log keeps the first."""
    path = tmp_path / "shared.sqlite3"
    first, second = await Storage.open(path), await Storage.open(path)
    try:
        await first.create_table("t", [ev(1)])
        await first.append("t", 2, [ev(2)])
        with pytest.raises(ConflictError):
            await second.append("t", 2, [ev(99)])
        await second.append("t", 3, [ev(3)])  # the next seq is taken by the other process
        assert [e["n"] for e in await first.load_events("t")] == [1, 2, 3]
    finally:
        await first.close()
        await second.close()


async def test_discord_ids_keep_all_64_bits_and_times_read_back_the_same(storage):
    big = 2**63 - 1  # the largest id a snowflake can be
    await storage.create_table("t", [ev(1)], guild_id=big, channel_id=big - 1)
    await storage.set_message("t", big - 1, big - 2)
    await storage.set_guild_settings(big, preset="standard")
    meta = await storage.table_meta("t")
    assert (meta["guild_id"], meta["channel_id"], meta["message_id"]) == (big, big - 1, big - 2)
    assert await storage.guild_settings(big) == {"preset": "standard"}
    # Times read back as the ISO strings SQLite keeps: 2026-12-03T15:35:29.123+00:00.
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", meta["created_at"])


async def test_postgresql_columns_are_bigint_and_timestamptz(storage, backend):
    if backend != "postgresql":
        assert storage.backend == "sqlite"  # SQLite's integers are 64-bit and its times ISO text
        return
    types = dict(
        await storage.db.fetchall(
            "SELECT table_name || '.' || column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema()"
        )
    )
    assert types["tables.guild_id"] == types["tournaments.channel_id"] == "bigint"
    assert types["table_events.created_at"] == types["stat_games.finished_at"] == "timestamp with time zone"
    assert await storage.db.fetchval("SELECT max(version) FROM schema_version") == MIGRATIONS[-1][0]


async def test_a_database_from_a_newer_version_is_refused(tmp_path, backend):
    path = tmp_path / "newer.sqlite3"
    storage = await Storage.open(path)
    if backend == "postgresql":
        await storage.db.execute("INSERT INTO schema_version (version, applied_at) VALUES (999, now())")
    else:
        await storage.conn.execute("PRAGMA user_version = 999")
    await storage.close()
    with pytest.raises(StorageError, match="newer version of the bot"):
        await Storage.open(path)


@pytest.mark.sqlite_only
async def test_an_unreachable_postgresql_server_is_one_line_without_the_password(tmp_path):
    url = f"postgresql://jass:s3cret@/jass?host={tmp_path}&port=1"  # no server on this socket
    with pytest.raises(StorageError) as err:
        await Storage.open(url)
    text = str(err.value)
    assert "s3cret" not in text and "***" in text and "\n" not in text
