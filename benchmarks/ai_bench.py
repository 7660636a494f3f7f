"""Decision time of the computer players, and whether the search keeps its time budget.

Prints ``name: value`` lines: per level the p50/p95/max milliseconds of a decision over random
states of real hands; for the search with a time budget (and unlimited deals) the p50/p95/max
and the worst overshoot over the budget.  One thread; run it on an idle machine.
"""

from __future__ import annotations

import argparse
import random
import time

from bot.ai.base import computer_command, make_player
from bot.ai.search_player import SearchPlayer
from bot.game import AddComputer, StartGame, Table


def states(n: int, seed: int, label: str = "bench") -> list[Table]:
    """``n`` tables at random points of hands played by club players, a card decision with a
    choice to make (``label`` names the deals: other labels, other deals)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        table, _ = Table.create("b", "h", {"preset": "standard"})
        for _ in range(4):
            table.apply(AddComputer("h", level="club"))
        table.apply(StartGame("h", seed=f"{label}:{rng.random()}"))
        for _ in range(rng.randrange(1, 34)):
            if table.to_act is None:
                break
            table.apply(computer_command(table, str(rng.random())))
        if table.to_act is not None and table.phase == "play" and table.view_for(table.to_act).legal.bit_count() > 1:
            out.append(table)
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def timed(player_for, tables: list[Table]) -> list[float]:
    out = []
    for i, table in enumerate(tables):
        seat = table.to_act
        view = table.view_for(seat)
        player = player_for(i)
        t0 = time.perf_counter()
        player.decide(view, "ai")
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--budgets", default="0.05,0.1,0.25,0.5")
    args = parser.parse_args()
    tables = states(args.states, 1)
    for level in ("beginner", "club", "strong"):
        ts = timed(lambda i, lv=level: make_player(lv, i), tables)
        print(
            f"{level}_decision_ms: p50={1000 * pct(ts, 0.5):.2f} p95={1000 * pct(ts, 0.95):.2f} "
            f"max={1000 * max(ts):.2f} (card decisions, {len(ts)} states)"
        )
    for budget in (float(b) for b in args.budgets.split(",")):
        some = tables[: max(20, int(args.states * 0.1 / budget))]
        ts = timed(lambda i, b=budget: SearchPlayer(random.Random(i), budget=b, worlds=10**9), some)
        over = max(t - budget for t in ts)
        print(
            f"search_budget_{budget:g}s_ms: p50={1000 * pct(ts, 0.5):.1f} p95={1000 * pct(ts, 0.95):.1f} "
            f"max={1000 * max(ts):.1f} worst_overshoot_ms={1000 * over:.1f} ({len(ts)} decisions)"
        )


if __name__ == "__main__":
    main()
