"""Molotow hands between two computer levels: ``python -m benchmarks.molotow_bench``.

Every deal is played twice through the table engine: level A on seats 1 and 3, then on seats 2
and 4, so both levels hold the same cards. Each hand is one hand of a game of Molotow (game A:
the lowest score wins; Handweis, Tischweis and Stöck as the defaults), decided through
``view_for(seat)`` only. Prints each level's mean hand score (card points + Tischweis −
Handweis − Stöck; lower is better) with a 95 % bootstrap interval over deals, its mean card
points, and A's mean score as a share of B's.
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

from .differenzler_bench import interval

HOST = "bench"
RULES = {"game": "molotow", "undertrump_when_void": True, "hands_per_game": 1}


def play_deal(index: int, seed: int, a: str, b: str) -> tuple[list[int], list[int], list[int], list[int]]:
    """Both plays of deal ``index``: A's and B's hand scores, and A's and B's card points (4 each)."""
    deal_seed = f"molotow-bench:{seed}:{index}"
    score: dict[str, list[int]] = {a: [], b: []}
    points: dict[str, list[int]] = {a: [], b: []}
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
            score[level].append(scored["penalties"][seat])
            points[level].append(scored["points"][seat])
    return score[a], score[b], points[a], points[b]


def _chunk(args: tuple[list[int], int, str, str]) -> list[tuple[list[int], list[int], list[int], list[int]]]:
    indexes, seed, a, b = args
    return [play_deal(i, seed, a, b) for i in indexes]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="club")
    parser.add_argument("--b", default="random")
    parser.add_argument("--deals", type=int, default=200, help="deals (each played twice: 2 hands per seat pair)")
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
    print(f"molotow_bench: A={args.a} B={args.b} seed={args.seed} deals={len(parts)} hands={hands} "
          f"(each level: {2 * hands} player-hands)")  # fmt: skip
    means = {}
    for name, si, pi in ((args.a, 0, 2), (args.b, 1, 3)):
        scores = [s for part in parts for s in part[si]]
        cards = [p for part in parts for p in part[pi]]
        per_deal = np.array([statistics.mean(part[si]) for part in parts])
        lo, hi = interval(per_deal, args.seed)
        means[name] = statistics.mean(scores)
        print(f"mean_hand_score_{name}: {means[name]:.2f} (95% interval {lo:.2f} to {hi:.2f}); "
              f"mean card points {statistics.mean(cards):.2f}")  # fmt: skip
    print(f"score_ratio_{args.a}_to_{args.b}: {means[args.a] / means[args.b]:.3f}")
    print(f"wall_seconds: {wall:.0f} on {args.jobs} processes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
