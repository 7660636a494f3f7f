"""Differenzler hands between two computer levels: ``python -m benchmarks.differenzler_bench``.

Every deal (trump drawn with it) is played twice through the table engine: level A on seats 1
and 3, then on seats 2 and 4, so both levels hold the same cards. Each hand is one hand of a
game (hidden predictions, undertrumping when void, no Weis, no Stöck), decided through
``view_for(seat)`` only. Prints each level's mean penalty per hand (with a 95 % bootstrap
interval over deals), its exact hits, its mean miss, and A's penalty as a share of B's.
``random`` predicts 39 and plays any legal card.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from bot.ai import make_player
from bot.game import AddComputer, Phase, StartGame, Table

HOST = "bench"
RULES = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False, "stoeck_enabled": False,
         "hands_per_game": 1}  # fmt: skip


def play_deal(index: int, seed: int, a: str, b: str) -> tuple[list[int], list[int], list[int], list[int]]:
    """Both plays of deal ``index``: A's and B's penalties, and A's and B's misses (4 each)."""
    deal_seed = f"differenzler-bench:{seed}:{index}"
    pen = {a: [], b: []}
    miss = {a: [], b: []}
    for swap in (0, 1):
        table, _ = Table.create("bench", HOST, RULES)
        for _ in range(4):
            table.apply(AddComputer(HOST, level="random"))
        players = {}
        for seat in range(4):
            level = a if seat % 2 == swap else b
            players[seat] = make_player(level, hashlib.sha256(f"{deal_seed}:{swap}:{seat}".encode()).hexdigest())
        table.apply(StartGame(HOST, seed=deal_seed))
        scored = None
        while table.phase != Phase.GAME_OVER:
            seat = table.to_act
            assert seat is not None
            for ev in table.apply(players[seat].decide(table.view_for(seat), table.actor_for(seat))):
                if ev["type"] == "seats_scored":
                    scored = ev
        assert scored is not None
        for seat in range(4):
            level = a if seat % 2 == swap else b
            pen[level].append(scored["penalties"][seat])
            miss[level].append(abs(scored["predictions"][seat] - scored["points"][seat]))
    return pen[a], pen[b], miss[a], miss[b]


def _chunk(args: tuple[list[int], int, str, str]) -> list[tuple[list[int], list[int], list[int], list[int]]]:
    indexes, seed, a, b = args
    return [play_deal(i, seed, a, b) for i in indexes]


def interval(per_deal: np.ndarray, seed: int, rounds: int = 2000) -> tuple[float, float]:
    """95 % bootstrap interval of the mean over deals."""
    rng = np.random.default_rng(seed)
    means = [per_deal[rng.integers(0, len(per_deal), len(per_deal))].mean() for _ in range(rounds)]
    return float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="club")
    parser.add_argument("--b", default="random")
    parser.add_argument("--deals", type=int, default=100, help="deals (each played twice: 2 hands per seat pair)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.a == args.b:
        parser.error("two different levels, please")
    t0 = time.perf_counter()
    chunks = [list(range(args.deals))[i :: args.jobs] for i in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = [r for part in pool.map(_chunk, [(c, args.seed, args.a, args.b) for c in chunks if c]) for r in part]
    wall = time.perf_counter() - t0
    hands = 2 * len(parts)
    print(f"differenzler_bench: A={args.a} B={args.b} seed={args.seed} deals={len(parts)} hands={hands} "
          f"(each level: {2 * hands} player-hands)")  # fmt: skip
    means = {}
    for name, pi, mi in ((args.a, 0, 2), (args.b, 1, 3)):
        pens = [p for part in parts for p in part[pi]]
        misses = [m for part in parts for m in part[mi]]
        per_deal = np.array([statistics.mean(part[pi]) for part in parts])
        lo, hi = interval(per_deal, args.seed)
        means[name] = statistics.mean(pens)
        exact = sum(1 for m in misses if m == 0)
        print(f"mean_penalty_per_hand_{name}: {means[name]:.2f} (95% interval {lo:.2f} to {hi:.2f}); "
              f"mean_miss {statistics.mean(misses):.2f}; exact hits {exact} of {len(misses)}")  # fmt: skip
    print(f"penalty_ratio_{args.a}_to_{args.b}: {means[args.a] / means[args.b]:.3f}")
    print(f"wall_seconds: {wall:.0f} on {args.jobs} processes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
