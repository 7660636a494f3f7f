"""Table service under load, with SQLite on disk.  Prints ``name: value`` lines.

* N tables of four computer players run concurrently for ``--seconds`` (after a warm-up of
  3 s that is not measured: all N games start at the same instant); computer players act
  after ``--ai-delay`` seconds on average (human pace; 0 = as fast as possible).  Latency is
  measured per command from ``execute`` called to events committed and subscribers notified.
* Restore: 1,000 open tables, each in the middle of a hand, are replayed from the database.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
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


async def load_run(db: Path, tables: int, seconds: float, ai_delay: float) -> None:
    storage = await Storage.open(db)
    counter = itertools.count()
    service = TimedService(
        storage,
        ServiceSettings(ai_delay=ai_delay, hand_pause=ai_delay, ai_seed="bench"),
        seeds=lambda: f"seed-{next(counter)}",
    )
    ids = []
    for _ in range(tables):
        table = await service.create_table("u:bench")
        ids.append(table.table_id)
    await asyncio.gather(*(service.execute(t, StartGame("u:bench", seed=f"s{t}", fill_computers=True)) for t in ids))
    # Warm-up (not measured): the 500 simultaneous starts queue behind each other.
    await asyncio.sleep(max(3.0, 3 * ai_delay))
    service.latencies.clear()
    start = time.perf_counter()
    # Keep every table busy: start a new game wherever one ends.
    while (elapsed := time.perf_counter() - start) < seconds:
        await asyncio.sleep(0.25)
        for t in ids:
            table = service.tables[t]
            if table.phase == "game_over":
                await service.execute(t, StartGame("u:bench", seed=f"s{t}-{table.game_no}"))
    n = len(service.latencies)
    lat = service.latencies
    label = f"tables_{tables}_delay_{ai_delay:g}"
    print(f"{label}_commands_per_second: {n / elapsed:.0f}")
    print(f"{label}_p50_ms: {1000 * pct(lat, 0.50):.2f}")
    print(f"{label}_p99_ms: {1000 * pct(lat, 0.99):.2f}")
    print(f"{label}_mean_ms: {1000 * statistics.fmean(lat):.2f}")
    await service.close()
    await storage.close()


async def restore_run(db: Path, tables: int, moves: int) -> None:
    storage = await Storage.open(db)
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
            table = service.tables[t]
            if table.to_act is None:
                break
            await service.execute(t, computer_command(table, "bench"))
        events += service.tables[t].seq
    await service.close()
    await storage.close()

    storage = await Storage.open(db)
    fresh = TableService(storage, ServiceSettings(ai_seed="bench"))
    fresh.settings.ai_delay = 3600  # restored, but nobody plays during the measurement
    start = time.perf_counter()
    restored = await fresh.restore()
    elapsed = time.perf_counter() - start
    print(f"restore_tables: {len(restored)}")
    print(f"restore_events: {events}")
    print(f"restore_seconds: {elapsed:.3f}")
    await fresh.close()
    await storage.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--ai-delay", type=float, default=1.0, help="seconds a computer player waits")
    parser.add_argument("--tables", default="100,500")
    parser.add_argument("--restore", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.tables.split(",")):
            await load_run(Path(tmp) / f"load{n}.sqlite3", n, args.seconds, args.ai_delay)
        await load_run(Path(tmp) / "saturated.sqlite3", 100, args.seconds / 2, 0.0)
        await restore_run(Path(tmp) / "restore.sqlite3", args.restore, moves=20)


if __name__ == "__main__":
    asyncio.run(main())
