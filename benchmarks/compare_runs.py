"""Pair two arena runs on the same deals: the difference of their point shares with a 95 % interval.

Two variants of a player, each measured with ``python -m bot.ai.arena ... --per-deal FILE.csv``
on the same ``--hands``, ``--seed`` and ``--jobs`` (so the files list the same deals in the same
order), differ by much less noise deal by deal than their two intervals suggest:

    python -m bot.ai.arena --a search --b rules --hands 600 --per-deal /tmp/base.csv
    python -m bot.ai.arena --a search --b rules --hands 600 --a-option model_candidates=1 --per-deal /tmp/new.csv
    python benchmarks/compare_runs.py /tmp/new.csv /tmp/base.csv
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from search_by_decision import paired_difference, share


def read_points(path: Path) -> np.ndarray:
    """(deals, 2): A's and B's points per deal."""
    return np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float64, ndmin=2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new", type=Path)
    parser.add_argument("base", type=Path)
    parser.add_argument("--seed", type=int, default=1, help="seed of the bootstrap")
    args = parser.parse_args(argv)
    new, base = read_points(args.new), read_points(args.base)
    if new.shape != base.shape:
        parser.error(f"the runs have {len(new)} and {len(base)} deals: not the same deals")
    diff, lo, hi = paired_difference(new, base, args.seed)
    print(f"deals: {len(new)}")
    print(f"point_share new: {share(new):.4f}  base: {share(base):.4f}")
    print(f"difference: {diff:+.4f} [{lo:+.4f}, {hi:+.4f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
