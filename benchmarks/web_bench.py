"""How long the public pages take with a busy server's history, on SQLite and on PostgreSQL.

``python -m benchmarks.web_bench [--games 1000] [--people 200] [--requests 200] [--backend sqlite,postgresql]``

Plays ``--games`` real games (Schieber mostly, some Differenzler, Molotow and Coiffeur) and a
tournament among ``--people`` people on one server through the table and statistics services, into
SQLite; copies that database into a throw-away PostgreSQL cluster (``python -m bot migrate-db``'s
code; or ``--dsn``); then, for each database, serves the pages on a loopback port and asks each
kind of page ``--requests`` times, one request at a time, other addresses of the kind in turn
(people, games, replay steps drawn at random). Prints p50 and p99 per page and database, in
milliseconds, the time from sending the request to the last byte of the answer.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp

from benchmarks.web_fill import fill
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.services.migrate import migrate
from bot.services.web import person_key
from bot.storage import Storage
from bot.web.pages import Pages
from bot.web.server import Health, RateLimit, WebServer

GUILD = 77
ROOT = Path(__file__).resolve().parents[1]
PAGES = ("home", "leaderboard", "tournament", "person", "game", "replay")


@contextlib.contextmanager
def postgres(dsn: str | None) -> Iterator[str]:
    if dsn:
        yield dsn
        return
    from tests.pg import cluster  # run as python -m benchmarks.web_bench: the project is on the path

    with cluster(durable=True) as url:
        yield url


def mix(games: int) -> dict[str, int]:
    """The kinds of ``games`` games: 85 % Schieber, the rest shared by the other three."""
    others = games - round(games * 0.85)
    return {"schieber": games - others, "differenzler": others * 2 // 5, "molotow": others * 2 // 5,
            "coiffeur": others - 4 * (others // 5)}  # fmt: skip


async def filled(path: Path, games: int, people: int) -> None:
    storage = await Storage.open(path)
    services = Services.build(storage, ServiceSettings(ai_seed="bench"), "random")
    started = time.perf_counter()
    done = await fill(services, GUILD, people=people, games=mix(games))
    await services.site.switch(GUILD, True)
    summary = await services.stats.summary()
    print(f"filled: {summary['games']} games, {len(done.people)} people, 1 tournament "
          f"in {time.perf_counter() - started:.0f} s")  # fmt: skip
    await services.close()
    await storage.close()


async def healthy() -> Health:
    return Health(True, "none")


async def no_metrics() -> str:
    return ""


async def measure(database: str, label: str, requests: int, seed: int) -> dict[str, tuple[float, float]]:
    """p50 and p99 (ms) of each kind of page, served from ``database``."""
    storage = await Storage.open(database)
    services = Services.build(storage, ServiceSettings(ai_seed="bench"), "random")
    server = WebServer(healthy, no_metrics, Pages(services.site), RateLimit(rate=1e6, burst=1e6))
    try:
        await server.start("127.0.0.1", 0)
        return await ask_pages(services, f"http://127.0.0.1:{server.port}", label, requests, random.Random(seed))
    finally:
        await server.stop()
        await services.close()
        await storage.close()


async def ask_pages(services: Services, root: str, label: str, requests: int,
                    rng: random.Random) -> dict[str, tuple[float, float]]:  # fmt: skip
    site = await services.storage.web.site(GUILD)
    assert site is not None
    records = [r for _, r in await services.site.records(site)]
    people = sorted({a for r in records for _, a in r.people()} - await services.site.hidden(site))
    [tournament, *_] = await services.storage.web.tournament_ids(GUILD)
    kinds = ("schieber", "coiffeur", "differenzler", "molotow")

    async def path(page: str, i: int) -> str:
        r = rng.choice(records)
        if page == "leaderboard":
            return f"leaderboard/{kinds[i % len(kinds)]}"
        if page == "tournament":
            return f"t/{tournament}"
        if page == "person":
            return f"p/{person_key(site.secret, rng.choice(people))}"
        if page == "game":
            return f"g/{r.table_id}/{r.game}"
        if page == "replay":
            hand = rng.choice((await services.site.game(site, r.table_id, r.game, "-")).hands)
            return f"g/{r.table_id}/{r.game}/{hand.hand}/{rng.randrange(hand.steps + 1)}"
        return ""

    out: dict[str, tuple[float, float]] = {}
    async with aiohttp.ClientSession() as session:
        for page in PAGES:
            times = []
            for i in range(requests):
                url = f"{root}/s/{site.slug}/{await path(page, i)}"
                started = time.perf_counter()
                async with session.get(url) as response:
                    await response.read()
                    assert response.status == 200, (url, response.status)
                times.append((time.perf_counter() - started) * 1000)
            times.sort()
            out[page] = (statistics.median(times), times[max(0, round(0.99 * len(times)) - 1)])
            print(f"{label:<11} {page:<12} p50 {out[page][0]:7.1f} ms   p99 {out[page][1]:7.1f} ms   n {requests}")
    return out


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--requests", type=int, default=200, help="requests per kind of page")
    parser.add_argument("--backend", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument("--dsn", default=None, help="a PostgreSQL database (default: a throw-away cluster)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    backends = args.backend.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "web.sqlite3"
        await filled(source, args.games, args.people)
        results = {}
        if "sqlite" in backends:
            results["sqlite"] = await measure(str(source), "sqlite", args.requests, args.seed)
        if "postgresql" in backends:
            from tests.pg import find_bin

            if args.dsn is None and find_bin() is None:
                print("postgresql: not measured: no PostgreSQL server is installed here (or give --dsn)")
            else:
                with postgres(args.dsn) as dsn:
                    from tests.pg import fresh_schema

                    target = await fresh_schema(dsn, "web_bench") if args.dsn is None else dsn
                    report = await migrate(str(source), target)
                    assert report.ok, report.differences
                    results["postgresql"] = await measure(target, "postgresql", args.requests, args.seed)
    worst = max(p99 for pages in results.values() for _, p99 in pages.values())
    print(f"slowest p99 of any page: {worst:.1f} ms ({'within' if worst <= 200 else 'over'} the 200 ms goal)")


if __name__ == "__main__":
    asyncio.run(main())
