"""Where the search's edge comes from: the search on some kinds of card decisions only.

For each set of decision kinds (:mod:`research.decisions`), the ``search`` player that searches
only those decisions (the club player's card elsewhere, the club player's contracts always)
plays duplicate matches against ``--opponent``; the ``rules`` player plays the same deals with
the same seeds.  Prints both point shares and their difference with a 95 % bootstrap interval
over deals: the difference is what searching those decisions is worth against that opponent.

    python -m research.search_by_decision --opponent random --deals 400 \
        --kinds notrump-lead-defence --kinds notrump-lead-declarer --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from research import arena
from research.decisions import KINDS, parse_kinds


def points_per_deal(results: list[arena.DealResult]) -> np.ndarray:
    """Per deal: (A's points, B's points)."""
    return np.array([(r.points_a, r.points_b) for r in results], dtype=np.float64)


def share(points: np.ndarray) -> np.ndarray:
    """A's share of all points over the deals (the last two axes: deal, team)."""
    return points[..., 0].sum(axis=-1) / np.maximum(points.sum(axis=(-1, -2)), 1)


def paired_difference(new: np.ndarray, base: np.ndarray, seed: int, rounds: int = 2000) -> tuple[float, float, float]:
    """Share of ``new`` minus share of ``base`` (same deals, same order) and its 95 % interval."""
    idx = np.random.default_rng(seed).integers(0, len(new), size=(rounds, len(new)))
    diffs = share(new[idx]) - share(base[idx])
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    return float(share(new) - share(base)), float(lo), float(hi)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="random", choices=("random", "rules"))
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--kinds",
        action="append",
        default=[],
        help=f"comma-separated decision kinds searched (repeatable; known: {', '.join(KINDS)})",
    )
    args = parser.parse_args(argv)
    try:
        kind_sets = [",".join(sorted(parse_kinds(k))) for k in (args.kinds or [",".join(KINDS)])]
    except ValueError as exc:
        parser.error(str(exc))
    t0 = time.perf_counter()
    # The same --jobs gives the same order of deals, so the runs below pair deal by deal.
    base = points_per_deal(arena.run("rules", args.opponent, args.deals, args.seed, args.jobs, "standard"))
    print(f"opponent: {args.opponent}  deals: {args.deals} (each played twice)  seed: {args.seed}")
    print(f"rules: point_share {share(base):.3f}")
    for kinds in kind_sets:
        new = points_per_deal(
            arena.run("search", args.opponent, args.deals, args.seed, args.jobs, "standard", a_options={"kinds": kinds})
        )
        diff, lo, hi = paired_difference(new, base, args.seed)
        print(f"search on {kinds}: point_share {share(new):.3f}  minus rules {diff:+.4f} [{lo:+.4f}, {hi:+.4f}]")
        sys.stdout.flush()
    print(f"wall_seconds: {time.perf_counter() - t0:.0f} (jobs {args.jobs})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
