"""Table service under load, on SQLite on disk and (``--backend postgresql``) on PostgreSQL as
well, in the same run.  Prints ``name: value`` lines, each name prefixed with its database.

* N tables of four computer players run concurrently for ``--seconds`` (after a warm-up of
  3 s that is not measured: all N games start at the same instant); computer players act
  after ``--ai-delay`` seconds on average (human pace; 0 = as fast as possible).  Latency is
  measured per command from ``execute`` called to events committed and subscribers notified;
  events per second are the events committed.
* Restore: 1,000 open tables, each in the middle of a hand, are replayed from the database.
* ``--processes K`` (PostgreSQL): K processes share the database, each with its own N/K tables
  (``--tables`` is the total), as bot processes of several shards do.

PostgreSQL: ``--dsn postgresql://…`` or, without it, a throw-away cluster (tests/pg.py).
Run: ``python -m benchmarks.service_bench --backend postgresql --tables 500 --processes 1,2``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.ai import computer_command
from bot.game import StartGame
from bot.services import ServiceSettings, TableService
from bot.storage import Storage


class TimedService(TableService):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.latencies: list[float] = []

    async def execute(self, table_id, command):
        start = time.perf_counter()
        try:
            return await super().execute(table_id, command)
        finally:
            self.latencies.append(time.perf_counter() - start)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def load_run(db: Path | str, tables: int, seconds: float, ai_delay: float, label: str = "") -> dict:
    """Returns the raw figures: latencies (s), events and the measured seconds."""
    storage = await Storage.open(db)
    counter = itertools.count()
    service = TimedService(
        storage,
        ServiceSettings(ai_delay=ai_delay, hand_pause=ai_delay, ai_seed="bench"),
        seeds=lambda: f"seed-{next(counter)}",
    )
    events = [0]

    async def count(table_id, new_events, table) -> None:
        events[0] += len(new_events)

    service.subscribe(count)
    ids = []
    for _ in range(tables):
        table = await service.create_table("u:bench")
        ids.append(table.table_id)
    await asyncio.gather(*(service.execute(t, StartGame("u:bench", seed=f"s{t}", fill_computers=True)) for t in ids))
    # Warm-up (not measured): the 500 simultaneous starts queue behind each other.
    await asyncio.sleep(max(3.0, 3 * ai_delay))
    service.latencies.clear()
    events[0] = 0
    start = time.perf_counter()
    # Keep every table busy: start a new game wherever one ends.
    while (elapsed := time.perf_counter() - start) < seconds:
        await asyncio.sleep(0.25)
        for t in ids:
            table = service._tables[t]
            if table.phase == "game_over":
                await service.execute(t, StartGame("u:bench", seed=f"s{t}-{table.game_no}"))
    figures = {"latencies": service.latencies, "events": events[0], "seconds": elapsed}
    await service.close()
    await storage.close()
    if label:
        report(label, figures)
    return figures


def report(label: str, figures: dict) -> None:
    lat, elapsed = figures["latencies"], figures["seconds"]
    print(f"{label}_commands_per_second: {len(lat) / elapsed:.0f}")
    print(f"{label}_events_per_second: {figures['events'] / elapsed:.0f}")
    print(f"{label}_p50_ms: {1000 * pct(lat, 0.50):.2f}")
    print(f"{label}_p99_ms: {1000 * pct(lat, 0.99):.2f}")
    print(f"{label}_mean_ms: {1000 * statistics.fmean(lat):.2f}")


async def restore_run(db: Path | str, tables: int, moves: int, label: str) -> None:
    """Fill an empty database with ``tables`` tables in the middle of a hand, then time their restore."""
    storage = await Storage.open(db)
    if await storage.count_open(host="u:bench"):
        raise SystemExit(f"{label}: the restore must start from an empty database")
    counter = itertools.count()
    # Computer players wait an hour: the benchmark makes their moves itself, then stops.
    service = TableService(
        storage, ServiceSettings(ai_delay=3600, ai_seed="bench"), seeds=lambda: f"seed-{next(counter)}"
    )
    ids = []
    for _ in range(tables):
        table = await service.create_table("u:bench")
        ids.append(table.table_id)
        await service.execute(table.table_id, StartGame("u:bench", seed=f"r{table.table_id}", fill_computers=True))
    # Every table plays ``moves`` commands, then the process stops in the middle of a hand.
    events = 0
    for t in ids:
        for _ in range(moves):
            table = service._tables[t]
            if table.to_act is None:
                break
            await service.execute(t, computer_command(table, "bench"))
        events += service._tables[t].seq
    await service.close()
    await storage.close()

    storage = await Storage.open(db)
    fresh = TableService(storage, ServiceSettings(ai_seed="bench"))
    fresh.settings.ai_delay = 3600  # restored, but nobody plays during the measurement
    start = time.perf_counter()
    restored = await fresh.restore()
    elapsed = time.perf_counter() - start
    if len(restored) != tables:
        raise SystemExit(f"{label}: restored {len(restored)} tables where {tables} were made")
    print(f"{label}_restore_tables: {len(restored)}")
    print(f"{label}_restore_events: {events}")
    print(f"{label}_restore_seconds: {elapsed:.3f}")
    await fresh.close()
    await storage.close()


def processes_run(url: str, tables: int, processes: int, seconds: float, ai_delay: float, label: str) -> None:
    """K processes, tables/K tables each, on one database; figures over all of them."""
    each = tables // processes
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "benchmarks.service_bench",
                "--worker",
                "--dsn",
                url,
                "--tables",
                str(each),
                "--seconds",
                str(seconds),
                "--ai-delay",
                str(ai_delay),
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for _ in range(processes)
    ]
    results = [json.loads(w.communicate(timeout=seconds + 600)[0]) for w in workers]
    merged = {"latencies": [x for r in results for x in r["latencies"]], "events": sum(r["events"] for r in results),
              "seconds": max(r["seconds"] for r in results)}  # fmt: skip
    report(f"{label}_processes_{processes}x{each}", merged)


ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def postgres(dsn: str | None):
    if dsn:
        yield dsn
        return
    from tests.pg import cluster

    with cluster(durable=True) as url:  # commits synced to disk, as on a real server
        yield url


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--ai-delay", type=float, default=1.0, help="seconds a computer player waits")
    parser.add_argument("--tables", default="100,500")
    parser.add_argument("--restore", type=int, default=1000)
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite",
                        help="postgresql: PostgreSQL's figures next to SQLite's")  # fmt: skip
    parser.add_argument("--dsn", default=None, help="a PostgreSQL database to use (default: a throw-away cluster)")
    parser.add_argument("--processes", default="1", help="PostgreSQL: process counts to compare, e.g. 1,2")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:  # one of --processes: its raw figures as JSON
        print(json.dumps(await load_run(args.dsn, int(args.tables), args.seconds, args.ai_delay)))
        return
    sizes = [int(x) for x in args.tables.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            await load_run(Path(tmp) / f"load{n}.sqlite3", n, args.seconds, args.ai_delay,
                           f"sqlite_tables_{n}_delay_{args.ai_delay:g}")  # fmt: skip
        await load_run(Path(tmp) / "saturated.sqlite3", 100, args.seconds / 2, 0.0, "sqlite_tables_100_delay_0")
        await restore_run(Path(tmp) / "restore.sqlite3", args.restore, 20, "sqlite")
        if args.backend == "sqlite":
            return
        from tests.pg import find_bin, fresh_schema

        if args.dsn is None and find_bin() is None:
            print("postgresql: not measured: no PostgreSQL server is installed here (or give --dsn)")
            return

        with postgres(args.dsn) as dsn:
            schemas = itertools.count()
            for n in sizes:
                for k in (int(x) for x in args.processes.split(",")):
                    url = await fresh_schema(dsn, f"bench{next(schemas)}")
                    if k == 1:
                        await load_run(
                            url, n, args.seconds, args.ai_delay, f"postgresql_tables_{n}_delay_{args.ai_delay:g}"
                        )
                    else:
                        processes_run(
                            url, n, k, args.seconds, args.ai_delay, f"postgresql_tables_{n}_delay_{args.ai_delay:g}"
                        )
            # A fresh file next to the fresh schema (the first restore's file already holds its tables).
            await restore_run(Path(tmp) / "restore-beside-postgresql.sqlite3", args.restore, 20, "sqlite")
            await restore_run(await fresh_schema(dsn, "restore"), args.restore, 20, "postgresql")


if __name__ == "__main__":
    asyncio.run(main())
