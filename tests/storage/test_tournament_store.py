"""Tournaments in the database: event log, the secret seed until the start, linked tables."""

import pytest

from bot.storage import ConflictError, Storage
from bot.tournament.aggregate import Tournament


@pytest.fixture
async def storage(tmp_path):
    s = await Storage.open(tmp_path / "t.sqlite3")
    yield s
    await s.close()


async def test_a_tournament_is_stored_and_replayed(storage):
    store = storage.tournaments
    t, events = Tournament.create("t1", "u:1", "Herbst", 2, 4, seed="s3cret")
    await store.create("t1", events, "s3cret", guild_id=5, channel_id=6)
    with pytest.raises(ConflictError):
        await store.create("t1", events, "other")
    joined = []
    for i in range(4):
        joined += t.join(f"u:{10 + i}", f"p{i}")
    await store.append("t1", 2, joined)
    with pytest.raises(ConflictError):
        await store.append("t1", 2, joined[:1])  # a seq taken is refused, not merged
    assert await store.secret_seed("t1") == "s3cret" and await store.open_ids() == ["t1"]
    started = t.start("u:1", await store.secret_seed("t1"))
    await store.append("t1", 6, started, status="running")
    assert await store.secret_seed("t1") is None  # revealed in the events now, no longer kept apart
    again = Tournament.replay(await store.load("t1"))
    assert again.entries == t.entries and again.draws == t.draws and again.seed == "s3cret"
    assert await store.load("nope") is None


async def test_tables_are_linked_to_their_passe(storage):
    store = storage.tournaments
    _, events = Tournament.create("t1", "u:1", "Herbst", 2, 4, seed="x")
    await store.create("t1", events, "x")
    await storage.create_table("tab1", [{"type": "table_created", "host": "system"}])
    await store.link_table("t1", 0, 1, "tab1")
    assert await store.tables("t1") == {(0, 1): "tab1"}
    assert await store.of_table("tab1") == ("t1", 0, 1)
    assert await store.of_table("other") is None
    await store.append("t1", 2, [{"type": "cancelled", "by": "u:1"}], status="cancelled")
    assert await store.open_ids() == []
