"""Computer players that do not stall the tables: 50 tables of strong computers, one person
clicking at one of them, before (two threads, full budgets) and after (worker processes, budgets
that shrink with the queue).

Prints, per set-up: the person's click latency (p50/p99: their command through the service), the
computers' wait for a worker (p50/p99), and the decisions made. Run:
``python -m benchmarks.computer_queue_bench [--tables 50] [--seconds 60]``.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import tempfile
import time
from pathlib import Path

from bot.ai import computer_command
from bot.game import AddComputer, JoinSeat, StartGame
from bot.services import ServiceSettings, TableService
from bot.storage import Storage


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] if values else 0.0


async def run(tables: int, seconds: float, workers: int, max_wait: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(Path(tmp) / "bench.sqlite3")
        service = TableService(storage, ServiceSettings(ai_delay=0.2, hand_pause=0.5, ai_workers=workers,
                                                        ai_max_wait=max_wait))  # fmt: skip
        ids = []
        for t in range(tables):
            table = await service.create_table("u:host", {"preset": "standard", "target": 100_000}, limits=False)
            for seat in range(4):
                if t == 0 and seat == 0:
                    await service.execute(table.table_id, JoinSeat("u:person", name="Person", seat=0))
                else:
                    await service.execute(table.table_id, AddComputer("u:host", seat=seat, level="strong"))
            await service.execute(table.table_id, StartGame("u:host", seed=f"q{t}"))
            ids.append(table.table_id)
        person = ids[0]
        clicks: list[float] = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            live = service._tables[person]
            if live.to_act == 0 and live.phase in ("contract", "play"):
                command = computer_command(live, "person")  # the club rules decide quickly, like a click
                start = time.perf_counter()
                await service.execute(person, command)
                clicks.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0.05)
        stats = service.thinkers.wait_stats()
        await service.close()
        await storage.close()
    return {"clicks": len(clicks), "click_p50": pct(clicks, 0.5), "click_p99": pct(clicks, 0.99),
            "wait_p50": stats["p50"], "wait_p99": stats["p99"], "decisions": stats["decisions"]}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for name, workers, max_wait in (
        ("before: 2 threads, full budget", 0, math.inf),
        (f"after: {args.workers} processes, budget for a 2 s wait", args.workers, 2.0),
    ):
        r = asyncio.run(run(args.tables, args.seconds, workers, max_wait))
        print(f"{name}: {r['clicks']} clicks, click p50 {r['click_p50']:.1f} ms p99 {r['click_p99']:.1f} ms; "
              f"{r['decisions']} strong decisions, wait for a worker p50 {r['wait_p50']:.2f} s "
              f"p99 {r['wait_p99']:.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
