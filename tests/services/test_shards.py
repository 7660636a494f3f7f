"""Several processes on one database: each restores and drives only its own servers' tables,
tournaments and challenges; the command line refuses shards it cannot run."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.game import AddComputer, JoinSeat, StartGame
from bot.services import ServiceSettings, TableService
from bot.services.shards import ALL, Shards
from bot.services.tournaments import TournamentService
from bot.storage import Storage

from .test_service import close, close_leftovers  # noqa: F401 (fixture)
from .test_service_failures import ROOT

HOST = "u:1"


def guild_in(shard: int, count: int, n: int = 1) -> int:
    """A server id (a snowflake) that Discord gives to ``shard``."""
    return ((n * count + shard) << 22) | 12345


@given(st.integers(min_value=0, max_value=2**63 - 1), st.integers(min_value=1, max_value=64),
       st.integers(min_value=1, max_value=8))  # fmt: skip
def test_every_server_belongs_to_exactly_one_process(guild_id, count, processes):
    slices = [tuple(i for i in range(count) if i % processes == p) for p in range(processes)]
    owners = [Shards(count, ids) for ids in slices if ids]
    assert sum(s.owns(guild_id) for s in owners) == 1
    assert ALL.owns(guild_id)


def test_shards_are_read_and_checked():
    assert Shards.parse(8, "0-3").ids == (0, 1, 2, 3)
    assert Shards.parse(8, "1,5, 6-7").ids == (1, 5, 6, 7)
    assert Shards.parse(4, None).ids is None
    assert Shards.shard_of(guild_in(3, 4), 4) == 3
    for count, text in ((4, "4"), (4, "x"), (4, "2-a"), (0, "0")):
        with pytest.raises(ValueError):
            Shards.parse(count, text)


async def service_for(path, shards: Shards) -> TableService:
    storage = await Storage.open(path)
    return TableService(storage, ServiceSettings(ai_seed="shards", ai_delay=0, hand_pause=0, shards=shards))


async def test_two_processes_restore_only_their_own_servers(tmp_path):
    path = tmp_path / "shared.sqlite3"
    first = await service_for(path, ALL)
    tables = {}
    for shard in (0, 1):
        table = await first.create_table(HOST, guild_id=guild_in(shard, 2), channel_id=shard + 10)
        await first.execute(table.table_id, JoinSeat("u:0", name="Nina", seat=0))
        for seat in (1, 2, 3):
            await first.execute(table.table_id, AddComputer(HOST, seat=seat))
        await first.execute(table.table_id, StartGame(HOST, seed=f"s{shard}"))
        await first.wait_idle()
        tables[shard] = table.table_id
    tournaments = TournamentService(first._storage, first)
    t = {shard: await tournaments.create(HOST, f"T{shard}", 1, 4, guild_id=guild_in(shard, 2), channel_id=shard)
         for shard in (0, 1)}  # fmt: skip
    await first.close()
    await first._storage.close()

    zero, one = await service_for(path, Shards(2, (0,))), await service_for(path, Shards(2, (1,)))
    try:
        assert await zero.restore() == [tables[0]]
        assert await one.restore() == [tables[1]]
        assert await TournamentService(zero._storage, zero).restore() == [t[0].tournament_id]
        assert await TournamentService(one._storage, one).restore() == [t[1].tournament_id]
        # Each process plays on at its own table; the other's log is untouched by it.
        seq_before = len(await one.events(tables[1]))
        live = zero._tables[tables[0]]
        assert live.to_act == 0
        from .test_service import play_human_card

        await play_human_card(zero, tables[0], 0)
        await zero.wait_idle()
        assert len(await one.events(tables[1])) == seq_before
        assert len(await one.events(tables[0])) > 0  # one database: the other process sees it
    finally:
        for service in (zero, one):
            await service.close()
            await service._storage.close()


@pytest.mark.sqlite_only  # the command line only; no database is opened
def test_the_command_line_refuses_shards_it_cannot_run():
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "bot", "run", *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=60, env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x.y.z"})  # fmt: skip

    no_count = run("--shards", "0-1")
    assert no_count.returncode == 2 and "--shard-count" in no_count.stderr
    outside = run("--shard-count", "2", "--shards", "2")
    assert outside.returncode == 2 and "between 0 and 1" in outside.stderr


@pytest.mark.sqlite_only
def test_the_bot_connects_only_its_slice_of_the_shards(tmp_path):
    from bot.client import JassBot
    from bot.config import Settings

    bot = JassBot(Settings(database=tmp_path / "x.sqlite3"), shards=Shards(4, (2, 3)))
    assert bot.shard_count == 4 and bot.shard_ids == [2, 3] and bot.shard_slice.owns(guild_in(3, 4))
    whole = JassBot(Settings(database=tmp_path / "x.sqlite3"))
    assert whole.shard_ids is None and whole.shard_slice is ALL
