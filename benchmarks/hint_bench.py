"""How fast a tip comes (issue 44: "within 1 s"): ``python -m benchmarks.hint_bench``.

A friendly table with tips, one person (seat 1, played by the club rules) and three club
computers, through the table service with its worker processes; at each of the person's cards
where there is a choice, the time of ``TableService.hint`` (the ``hint`` event written, the
``strong`` search in a worker with ``HINT_BUDGET``, the answer back). Prints p50, p95 and the
largest, over ``--hints`` tips, and whether every tip was a legal card.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bot.ai import computer_command
from bot.game import AddComputer, JoinSeat, StartGame
from bot.services import ServiceSettings, TableService
from bot.services.tables import HINT_BUDGET
from bot.storage import Storage

PERSON = "u:person"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


async def run(hints: int, seed: int) -> tuple[list[float], int]:
    times: list[float] = []
    legal = 0
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(Path(tmp) / "bench.sqlite3")
        service = TableService(storage, ServiceSettings(ai_delay=0.0, hand_pause=0.0, ai_workers=1))
        game = 0
        while len(times) < hints:
            game += 1
            table = await service.create_table(PERSON, {"preset": "standard"}, limits=False, rated=False, hints=True)
            tid = table.table_id
            await service.execute(tid, JoinSeat(PERSON, name="Person", seat=0))
            for _ in range(3):
                await service.execute(tid, AddComputer(PERSON, level="club"))
            await service.execute(tid, StartGame(PERSON, seed=f"hint:{seed}:{game}"))
            while len(times) < hints:
                await service.wait_idle()
                live = service._tables[tid]
                if live.phase == "game_over":
                    break
                if live.to_act != 0:
                    await asyncio.sleep(0.01)
                    continue
                view = live.view_for(0)
                if live.phase == "play" and view.legal.bit_count() > 1:
                    start = time.perf_counter()
                    card = await service.hint(tid, PERSON)
                    times.append(time.perf_counter() - start)
                    legal += bool(view.legal >> card & 1)
                await service.execute(tid, computer_command(live, PERSON))
        await service.close()
        await storage.close()
    return times, legal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    times, legal = asyncio.run(run(args.hints, args.seed))
    ms = [t * 1000 for t in times]
    print(f"hint_bench: the first tip (the worker process starting): {ms[0]:.0f} ms")
    print(f"hint_bench: {len(ms)} tips (search budget {HINT_BUDGET:.1f} s, one worker process): "
          f"p50 {pct(ms, 0.5):.0f} ms, p95 {pct(ms, 0.95):.0f} ms, max {max(ms):.0f} ms; "
          f"over 1 s: {sum(m > 1000 for m in ms)}; legal cards: {legal} of {len(ms)}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
