"""Issue 64, item 8: any process serves any table. Two bot processes on one database, each with its
own shard, behind one address: the links of a table that the second plays work at the first (its
page, its socket, a whole game played there), forged links are still refused (by the owner), and a
client is counted by the owner for who it is, not as the peer that forwarded it."""

from __future__ import annotations

import json

import aiohttp
import pytest

from bot.services.peers import Peers
from bot.services.shards import Shards

from .live_game import Player, play_through, seated_table
from .shards import COUNT, guild_in, links, start
from .test_live_table import FRAMES, QUICK

pytestmark = pytest.mark.usefixtures("backend")


@pytest.fixture
async def pair(tmp_path):
    first = await start(tmp_path / "shared.sqlite3", 0)
    second = await start(tmp_path / "shared.sqlite3", 1)
    yield first, second
    await first.stop()
    await second.stop()


async def test_a_game_played_at_one_process_for_a_table_of_the_other(pair):
    first, second = pair
    table_id = await seated_table(second.services, QUICK, guild=guild_in(1))
    tokens = await links(second, table_id)
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{first.url}/table/{tokens[0]}") as answer:
            assert answer.status == 200
            page = await answer.text()
            assert 'id="table"' in page
            # the page's policy names the address it was asked at (the site's), not the owner's
            assert f"ws://127.0.0.1:{first.server.port}" in answer.headers["Content-Security-Policy"]
        players = [Player(await session.ws_connect(f"{first.url}/table/{t}/ws")) for t in tokens[:4]]
        watcher = Player(await session.ws_connect(f"{first.url}/table/{tokens[4]}/ws"))
        for p in (*players, watcher):
            await p.read(0.5)
            assert p.state is not None
        # the first process plays nothing of it: every command is the owner's
        await play_through(players, second.services, table_id)
        await watcher.read(0.5)
        assert watcher.state is not None and watcher.state["phase"] == "game_over"
        events = await second.services.tables.events(table_id)
        assert sum(ev["type"] == "card" for ev in events) == 2 * 36
        for p in (*players, watcher):
            await p.ws.close()
    # the owner sent every frame (the first process only passed them on), each as the protocol says
    assert second.live.frames and not first.live.frames
    for _, frame, _ in second.live.frames:
        FRAMES.validate(json.loads(json.dumps(frame)))


async def test_forged_and_odd_links_are_refused_across_processes(pair):
    first, second = pair
    table_id = await seated_table(second.services, QUICK, guild=guild_in(1))
    token = (await links(second, table_id))[1]
    forged = token[:-1] + ("0" if token[-1] != "0" else "1")
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{first.url}/table/{forged}") as answer:
            assert answer.status == 403  # refused by the owner, passed on
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"{first.url}/table/{forged}/ws")
        assert refused.value.status == 403
        # a request that says it was forwarded already is never forwarded again
        async with session.get(f"{first.url}/table/{token}", headers={"X-Jass-Forwarded": "1"}) as answer:
            assert answer.status == 403
        # the owner stopped: the first process says so, and nothing else breaks
        await second.server.stop()
        async with session.get(f"{first.url}/table/{token}") as answer:
            assert answer.status == 502 and "try again" in await answer.text()


async def test_the_owner_counts_the_client_not_the_peer(tmp_path):
    first = await start(tmp_path / "db.sqlite3", 0)
    # three requests per client at once, then one every 100 s (a slow machine gets no token back)
    second = await start(tmp_path / "db.sqlite3", 1, rate=0.01, burst=3)
    try:
        table_id = await seated_table(second.services, QUICK, guild=guild_in(1))
        token = (await links(second, table_id))[0]
        statuses = []
        async with aiohttp.ClientSession() as session:
            for forwarded_for in ("203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"):
                # four clients behind the first process's trusted proxy... here: four forwarded requests,
                # each vouched for as its own client by the first process
                vouch = await first.live.forward.peers.vouch(forwarded_for)  # type: ignore[union-attr]
                async with session.get(f"{second.url}/table/{token}", headers={"X-Jass-Peer": vouch}) as answer:
                    statuses.append(answer.status)
            assert statuses == [200] * 4  # four clients, one request each: none limited
            for _ in range(4):  # one client, four requests: the fourth waits
                async with session.get(f"{first.url}/table/{token}") as answer:
                    statuses.append(answer.status)
            assert statuses[4:] == [200, 200, 200, 429]
            # a header a client writes itself is worth nothing: it is counted as who it is (and this
            # client has used its budget)
            written = {"X-Jass-Peer": "198.51.100.9 99999999999 " + "0" * 32}
            async with session.get(f"{second.url}/table/{token}", headers=written) as answer:
                assert answer.status == 429
    finally:
        await first.stop()
        await second.stop()


async def test_vouching_holds_only_with_the_bots_key_and_in_time(tmp_path):
    first = await start(tmp_path / "db.sqlite3", 0)
    try:
        now = [1_000_000.0]
        peers = Peers(first.services.storage, Shards(COUNT, (0,)), clock=lambda: now[0])
        header = await peers.vouch("203.0.113.5")
        assert await peers.vouched(header) == "203.0.113.5"
        client, expires, signature = header.split(" ")
        assert await peers.vouched(f"203.0.113.6 {expires} {signature}") is None  # another client
        assert await peers.vouched(f"{client} {int(expires) + 1} {signature}") is None  # another expiry
        assert await peers.vouched("nonsense") is None and await peers.vouched(f"{client} ² {signature}") is None
        now[0] += 61
        assert await peers.vouched(header) is None  # too old
        # the address of a shard's process (none where no process claimed the shard), and none for the
        # asking process's own shard
        assert await peers.address_of(guild_in(0)) == first.url
        assert await peers.address_of(guild_in(1)) is None
        own = Peers(first.services.storage, Shards(COUNT, (0,)), first.claim.holder)
        assert await own.address_of(guild_in(0)) is None
    finally:
        await first.stop()
