"""The Discord layer under load, through the test harness (real discord.py, no network).

Each table has one person, driven here by clicks ("My cards", then a legal card or a contract),
and three computer players that act at once.  Prints ``name: value`` lines:

* cpu_ms_per_card_play_p50: CPU time of one card-play click, from the payload fed in to the
  interaction answered (one table alone, so nothing else runs in between);
* tables_N_click_latency_p50_ms / _p99_ms: wall time from payload in to the answer, N tables at once,
  people thinking ``--think`` seconds and computer players waiting ``--ai-delay`` seconds on average;
* tables_N_table_pictures / _max_pictures_per_table_per_s: table pictures uploaded (server setting
  ``images``, on by default; ``--images off`` to compare) and the most one table message got in
  any one second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import statistics
import tempfile
import time
from pathlib import Path

from bot.client import JassBot
from bot.config import Settings
from tests.discord.harness import Harness, custom_ids, message_payload, user


class Patch:
    def setattr(self, obj, name, value):
        setattr(obj, name, value)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def person(
    h: Harness,
    who: dict,
    tid: str,
    clicks: int,
    cpu: list[float],
    wall: list[float],
    think: float = 0.0,
    turn: asyncio.Event | None = None,
    message_id: int = 1,
) -> None:
    service = h.bot.service
    hand_id = f"jass:{tid}:0:hand"
    table_msg = message_payload(
        message_id,
        {
            "components": [
                {"type": 1, "components": [{"type": 2, "style": 1, "label": "My cards", "custom_id": hand_id}]}
            ]
        },
    )
    for _ in range(clicks):
        deadline = time.perf_counter() + 120
        while time.perf_counter() < deadline:
            table = service._tables[tid]
            if table.phase == "game_over" or (table.to_act == 0 and table.phase in ("contract", "play")):
                break
            turn.clear()
            with contextlib.suppress(TimeoutError):  # woken by the service when the table moves
                await asyncio.wait_for(turn.wait(), 1.0)
        if service._tables[tid].phase == "game_over":
            return
        if think:
            await asyncio.sleep(think * (0.5 + (hash((tid, len(wall))) % 1000) / 1000))
        [shown] = await h.send(h.click_payload(hand_id, who, table_msg), timeout=60)
        hand = shown.payload["data"]
        enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        if not enabled:  # the turn moved on meanwhile (a computer was faster): look again
            continue
        choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
        t0, c0 = time.perf_counter(), time.process_time()
        await h.send(h.click_payload(choice, who, message_payload(2, hand, flags=64), ephemeral=True), timeout=60)
        if ":c" in choice:
            cpu.append(time.process_time() - c0)
            wall.append((t0, time.perf_counter() - t0))


def most_per_second(uploads: list[tuple[float, str, str]]) -> tuple[int, int]:
    """(table pictures, the most any one message got within one second) of the recorded uploads."""
    by_message: dict[str, list[float]] = {}
    for when, method, url in uploads:
        if method == "PATCH":  # edits of a table message (the Jasstafel is a new message)
            by_message.setdefault(url, []).append(when)
    most = 0
    for times in by_message.values():
        times.sort()
        first = 0
        for last, t in enumerate(times):
            while t - times[first] >= 1.0:
                first += 1
            most = max(most, last - first + 1)
    return sum(len(t) for t in by_message.values()), most


async def run(
    tables: int,
    clicks: int,
    think: float = 0.0,
    ai_delay: float = 0.0,
    images: str = "on",
    uploads: list | None = None,
    collector: str = "policy",
    measured: list[str] | None = None,
) -> tuple[list[float], list[tuple[float, float]], float]:
    with tempfile.TemporaryDirectory() as tmp:
        bot = JassBot(
            Settings(
                database=Path(tmp) / "b.sqlite3",
                computer_delay_seconds=ai_delay,
                hand_pause_seconds=ai_delay,
                turn_timer_seconds=0,
                tables_per_channel=0,  # every table of the benchmark is in one channel
            )
        )
        h = Harness(bot, Patch())
        await h.start()
        if collector == "startup":  # as before issue 41: frozen once after start-up, nothing more
            bot.collector.uninstall()
        h.side.record = False  # a benchmark keeps no transcript (the tests' audit does)
        cog = bot.get_cog("Jass")
        await cog.flush()  # the card emojis are up
        settings = [{"name": "settings", "type": 1, "options": [{"name": "images", "type": 3, "value": images}]}]
        await h.send(h.command_payload("jass", settings, user(9_999, "admin"), manager=True))
        people = []
        for i in range(tables):
            who = user(10_000 + i, f"p{i}")
            new = [
                {
                    "name": "new",
                    "type": 1,
                    "options": [
                        {"name": "computer_players", "type": 4, "value": 3},
                        {"name": "preset", "type": 3, "value": "single-1000"},
                    ],
                }
            ]
            await h.send(h.command_payload("jass", new, who))
            tid = next(t for t, tab in bot.service._tables.items() if tab.host == f"u:{who['id']}")
            for _ in range(200):  # the table message is on its way (clicks must come from it)
                _, mid = cog.messages.located(tid)
                if mid:
                    break
                await asyncio.sleep(0.01)
            start = message_payload(
                mid or 1,
                {
                    "components": [
                        {
                            "type": 1,
                            "components": [
                                {"type": 2, "style": 3, "label": "Start", "custom_id": f"jass:{tid}:0:start"}
                            ],
                        }
                    ]
                },
            )
            await h.send(h.click_payload(f"jass:{tid}:0:start", who, start))
            people.append((who, tid, mid or 1))
        cpu: list[float] = []
        wall: list[tuple[float, float]] = []  # (started at, seconds)
        began = time.perf_counter()
        turns = {tid: asyncio.Event() for _, tid, _ in people}

        async def wake(table_id, events, table):
            if table_id in turns:
                turns[table_id].set()

        bot.service.subscribe(wake)
        await asyncio.gather(
            *(person(h, who, tid, clicks, cpu, wall, think, turns[tid], mid) for who, tid, mid in people)
        )
        await cog.flush()
        for watcher in [c for c in gc.callbacks if isinstance(c, GcPauses)]:
            gc.callbacks.remove(watcher)  # the play is over: what follows is not the clicks' pause
        if collector == "policy" and measured is not None:
            # The policy's periodic sweep (every hour in the bot): one full pass over everything.
            measured.append(f"tables_{tables}_sweep_of_every_object_ms: {bot.collector.sweep():.1f}")
        await bot.close()
        if uploads is not None:
            uploads.extend(h.side.uploads)
        return cpu, wall, began


class GcPauses:
    """Pause of every full (generation 2) collection of the cyclic garbage collector."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._start = 0.0
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._start)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", default="50,200")
    parser.add_argument("--clicks", type=int, default=20, help="card plays per person")
    parser.add_argument("--think", type=float, default=4.0, help="mean seconds a person thinks before a click")
    parser.add_argument("--ai-delay", type=float, default=1.0, help="mean seconds a computer player waits")
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="also report clicks after this many seconds (all games start at once)",
    )
    parser.add_argument("--images", default="on", choices=("on", "off"), help="table pictures (server setting)")
    parser.add_argument(
        "--ratelimits",
        action="store_true",
        help="Discord's rate limits enforced: requests per card, 429s, public lag (issue 41)",
    )
    parser.add_argument(
        "--collector",
        default="policy",
        choices=("policy", "startup", "both"),
        help="garbage collector: the bot's policy (bot/collector.py), a freeze after start-up only, "
        "or both one after the other in this run (issue 41, item 5)",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="with --ratelimits: seconds of play per run")
    parser.add_argument("--budget", type=int, default=None, help="with --ratelimits: the bot's requests per second")
    args = parser.parse_args()
    if args.ratelimits:
        from benchmarks import ratelimit_bench

        tables = [int(x) for x in args.tables.split(",")]
        await ratelimit_bench.main(tables, args.seconds, args.budget)
        return
    print(f"images: {args.images}")
    cpu, wall, _ = await run(1, 60, images=args.images)
    print(f"cpu_ms_per_card_play_p50: {1000 * pct(cpu, 0.5):.2f}")
    print(f"cpu_ms_per_card_play_mean: {1000 * statistics.fmean(cpu):.2f}")
    print(f"single_table_click_latency_p50_ms: {1000 * pct([w for _, w in wall], 0.5):.2f}")
    modes = ("startup", "policy") if args.collector == "both" else (args.collector,)
    for n, mode in ((int(x), m) for x in args.tables.split(",") for m in modes):
        gc.collect()  # (what the run before left is not this run's pause)
        gc_pauses = GcPauses()
        uploads: list[tuple[float, str, str]] = []
        measured: list[str] = []
        _, wall, began = await run(n, args.clicks, args.think, args.ai_delay, args.images, uploads, mode, measured)
        every = [w for _, w in wall]
        steady = [w for t, w in wall if t - began >= args.warmup]
        print(f"collector: {mode}")
        print(f"tables_{n}_card_plays: {len(wall)} (think {args.think:g} s, computers {args.ai_delay:g} s)")
        print(f"tables_{n}_click_latency_p50_ms: {1000 * pct(every, 0.5):.2f}")
        print(f"tables_{n}_click_latency_p99_ms: {1000 * pct(every, 0.99):.2f}")
        if steady:
            print(f"tables_{n}_after_{args.warmup:g}s_card_plays: {len(steady)}")
            print(f"tables_{n}_after_{args.warmup:g}s_p99_ms: {1000 * pct(steady, 0.99):.2f}")
        pictures, most = most_per_second(uploads)
        print(f"tables_{n}_table_pictures: {pictures}")
        print(f"tables_{n}_max_pictures_per_table_per_s: {most}")
        longest = 1000 * max(gc_pauses.pauses, default=0.0)
        print(f"tables_{n}_full_gc_passes: {len(gc_pauses.pauses)} (longest {longest:.1f} ms)")
        if gc_pauses.pauses:
            print(f"tables_{n}_full_gc_pause_p50_ms: {1000 * pct(gc_pauses.pauses, 0.5):.1f}")
        for line in measured:
            print(line)


if __name__ == "__main__":
    asyncio.run(main())
