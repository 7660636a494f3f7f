"""Differenzler hands between two computer levels: ``python -m benchmarks.differenzler_bench``.

Every deal (trump drawn with it) is played twice through the table engine: level A on seats 1
and 3, then on seats 2 and 4, so both levels hold the same cards. Each hand is one hand of a
game (hidden predictions, undertrumping when void, no Weis, no Stöck), decided through
``view_for(seat)`` only. Prints each level's mean penalty per hand (with a 95 % bootstrap
interval over deals), its exact hits, its mean miss, and A's penalty as a share of B's.
``random`` predicts 39 and plays any legal card.
"""

from __future__ import annotations

import statistics

import numpy as np

from .individual import interval, play_twice, run_levels

RULES = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False, "stoeck_enabled": False,
         "hands_per_game": 1}  # fmt: skip


def play_deal(index: int, seed: int, a: str, b: str) -> dict[str, tuple[list[int], list[int]]]:
    """Both plays of deal ``index``: per level, its penalties and its misses (4 each)."""
    out: dict[str, tuple[list[int], list[int]]] = {a: ([], []), b: ([], [])}
    for level, seat, scored in play_twice(RULES, f"differenzler-bench:{seed}:{index}", a, b):
        out[level][0].append(scored["penalties"][seat])
        out[level][1].append(abs(scored["predictions"][seat] - scored["points"][seat]))
    return out


def main(argv: list[str] | None = None) -> int:
    args, parts, wall = run_levels("differenzler_bench", __doc__ or "", play_deal, argv, 100)
    means = {}
    for name in (args.a, args.b):
        pens = [p for part in parts for p in part[name][0]]
        misses = [m for part in parts for m in part[name][1]]
        per_deal = np.array([statistics.mean(part[name][0]) for part in parts])
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
