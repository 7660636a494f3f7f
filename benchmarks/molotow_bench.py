"""Molotow hands between two computer levels: ``python -m benchmarks.molotow_bench``.

Every deal is played twice through the table engine: level A on seats 1 and 3, then on seats 2
and 4, so both levels hold the same cards. Each hand is one hand of a game of Molotow (game A:
the lowest score wins; Handweis, Tischweis and Stöck as the defaults), decided through
``view_for(seat)`` only. Prints each level's mean hand score (card points + Tischweis −
Handweis − Stöck; lower is better) with a 95 % bootstrap interval over deals, its mean card
points, and A's mean score as a share of B's.
"""

from __future__ import annotations

import statistics

import numpy as np

from .individual import interval, play_twice, run_levels

RULES = {"game": "molotow", "undertrump_when_void": True, "hands_per_game": 1}


def play_deal(index: int, seed: int, a: str, b: str) -> dict[str, tuple[list[int], list[int]]]:
    """Both plays of deal ``index``: per level, its hand scores and card points (4 each)."""
    out: dict[str, tuple[list[int], list[int]]] = {a: ([], []), b: ([], [])}
    for level, seat, scored in play_twice(RULES, f"molotow-bench:{seed}:{index}", a, b):
        out[level][0].append(scored["penalties"][seat])
        out[level][1].append(scored["points"][seat])
    return out


def main(argv: list[str] | None = None) -> int:
    args, parts, wall = run_levels("molotow_bench", __doc__ or "", play_deal, argv, 200)
    means = {}
    for name in (args.a, args.b):
        scores = [s for part in parts for s in part[name][0]]
        cards = [p for part in parts for p in part[name][1]]
        lo, hi = interval(np.array([statistics.mean(part[name][0]) for part in parts]), args.seed)
        means[name] = statistics.mean(scores)
        print(f"mean_hand_score_{name}: {means[name]:.2f} (95% interval {lo:.2f} to {hi:.2f}); "
              f"mean card points {statistics.mean(cards):.2f}")  # fmt: skip
    print(f"score_ratio_{args.a}_to_{args.b}: {means[args.a] / means[args.b]:.3f}")
    print(f"wall_seconds: {wall:.0f} on {args.jobs} processes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
