"""Two bot processes behind one web address, as the live table sees them: each with its own shards
of one database, its claim (with its web address announced), its services and its web server with
the live table and the forwarding of the other's tables. ``python -m tests.web.shards`` runs one as
a process of its own (the browser test's second process)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.services.peers import Peers
from bot.services.shards import ShardClaim, Shards
from bot.storage import Storage
from bot.web.forward import Forwarder
from bot.web.live import MAX_FRAME, SEND_TIMEOUT, LiveTables
from bot.web.pages import Pages
from bot.web.server import RateLimit, WebServer

from .live_game import PEOPLE, seated_table
from .site import healthy, no_metrics

COUNT = 2


def guild_in(shard: int, n: int = 1) -> int:
    """A server id (a snowflake) that Discord gives to ``shard`` of :data:`COUNT`."""
    return ((n * COUNT + shard) << 22) | 4242


@dataclass
class Process:
    """One bot process's part in this: its services, claim and web server."""

    services: Services
    claim: ShardClaim
    server: WebServer
    live: LiveTables

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    async def stop(self) -> None:
        await self.server.stop()
        await self.claim.release()
        await self.services.close()
        await self.services.storage.close()


async def start(path: Path, shard: int, rate: float = 1000, burst: float = 1000) -> Process:
    storage = await Storage.open(path)
    shards = Shards(COUNT, (shard,))
    claim = ShardClaim(storage, shards)
    await claim.acquire()
    services = Services.build(storage, ServiceSettings(ai_seed="shards", shards=shards), "random")
    pages = Pages(services.site)
    peers = Peers(storage, shards, claim.holder)
    live = LiveTables(services.tables, services.live, pages.env, forward=Forwarder(peers, SEND_TIMEOUT, MAX_FRAME))
    live.frames = []
    server = WebServer(healthy, no_metrics, pages, RateLimit(rate=rate, burst=burst), live=live, peers=peers)
    await server.start("127.0.0.1", 0)
    await claim.announce(f"http://127.0.0.1:{server.port}")
    return Process(services, claim, server, live)


async def links(process: Process, table_id: str) -> list[str]:
    """The four people's links and a spectator's (tokens)."""
    live = process.services.live
    return [*[await live.token(table_id, s, a) for s, a in enumerate(PEOPLE)], await live.token(table_id, None)]


async def main() -> None:
    """A process of shard ``--shard`` that opens a table of four people on a server of its shard,
    prints its port, the table and the links as one line of JSON, and serves until stdin closes."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--shard", type=int, required=True)
    parser.add_argument("--rules", default='{"preset": "tournament", "hands_per_game": 2}')
    args = parser.parse_args()
    process = await start(args.db, args.shard)
    table_id = await seated_table(process.services, json.loads(args.rules), guild=guild_in(args.shard))
    print(json.dumps({"port": process.server.port, "table": table_id, "links": await links(process, table_id)}),
          flush=True)  # fmt: skip
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the test closes stdin
    await process.stop()


if __name__ == "__main__":
    asyncio.run(main())
