"""Pair two arena runs on the same deals: the difference of their point shares with a 95 % interval.

Two variants of a player, each measured with ``python -m research.arena ... --per-deal FILE.csv``
on the same ``--seed``, differ by much less noise deal by deal than their two intervals suggest.
The runs are paired on the deals both played (a run of 300 deals pairs with the first 300 of a
run of 2,000, whatever ``--jobs`` each had):

    python -m research.arena --a search --b rules --hands 600 --per-deal /tmp/base.csv
    python -m research.arena --a search --b rules --hands 600 --a-option model_candidates=1 --per-deal /tmp/new.csv
    python -m research.compare_runs /tmp/new.csv /tmp/base.csv

More pairs (``NEW BASE NEW2 BASE2 ...``, e.g. one per seed) are pooled into one comparison.
Files without the ``deal`` column (written before it existed) pair row by row, so they must come
from runs of the same ``--hands`` and ``--jobs``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from research.search_by_decision import paired_difference, share


def read_points(path: Path) -> dict[int, tuple[float, float]]:
    """A's and B's points by deal index (by row number for files without the ``deal`` column)."""
    lines = path.read_text(encoding="utf-8").split() or [""]  # an empty file: refused below
    header = lines[0].split(",")
    rows = [[float(x) for x in line.split(",")] for line in lines[1:]]
    if header == ["deal", "points_a", "points_b"]:
        return {int(d): (a, b) for d, a, b in rows}
    if header == ["points_a", "points_b"]:
        return {i: (a, b) for i, (a, b) in enumerate(rows)}
    raise ValueError(f"{path}: not an arena --per-deal file (header {lines[0]!r})")


def paired(new: dict[int, tuple[float, float]], base: dict[int, tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """(deals, 2) points of both runs on the deals both played, in deal order."""
    common = sorted(new.keys() & base.keys())
    return (
        np.array([new[d] for d in common], dtype=np.float64).reshape(-1, 2),
        np.array([base[d] for d in common], dtype=np.float64).reshape(-1, 2),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files",
        type=Path,
        nargs="+",
        metavar="NEW BASE",
        help="per-deal files in pairs: the variant's, then the run it is compared with",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the bootstrap")
    args = parser.parse_args(argv)
    if len(args.files) % 2:
        parser.error("the files come in pairs: NEW BASE [NEW BASE ...]")
    news, bases, counts = [], [], []
    for new_path, base_path in zip(args.files[::2], args.files[1::2], strict=True):
        try:
            first, second = read_points(new_path), read_points(base_path)
        except (OSError, ValueError) as exc:
            parser.error(str(exc))
        new, base = paired(first, second)
        news.append(new)
        bases.append(base)
        counts.append(f"new: {len(first)}, base: {len(second)}")
    new, base = np.concatenate(news), np.concatenate(bases)
    if not len(new):
        parser.error("the runs share no deal")
    diff, lo, hi = paired_difference(new, base, args.seed)
    print(f"deals: {len(new)} ({'; '.join(counts)})")
    print(f"point_share new: {share(new):.4f}  base: {share(base):.4f}")
    print(f"difference: {diff:+.4f} [{lo:+.4f}, {hi:+.4f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
