"""How well the search player's sampled deals know the hidden cards.

For card decisions of club players at random points of real hands, the search player's deals of
the hidden cards (:meth:`SearchPlayer._worlds`, with its inference) are compared with the true
deal: the share of the hidden cards a sampled deal puts in the right seat (a blind guess puts
about a third there; voids shown and cards played raise it).  Each variant (``--variant NAME=JSON``, the
search player's options) is measured on the same states; the differences are paired.

    python -m research.belief_accuracy --states 400 --jobs 2 \
        --variant base={} --variant check='{"learned_inference": "check"}'
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from benchmarks.ai_bench import states
from bot.ai.search_player import SearchPlayer
from bot.game.view import TableView

WORLDS = 96  # deals drawn per state (as many as the search's check uses)


def club_states(n: int, seed: int) -> list[tuple[TableView, list[int]]]:
    """``n`` card decisions with a choice (the view of the seat to act, the true hands)."""
    return [(table.view_for(table.to_act), list(table.hand.hands)) for table in states(n, seed, f"belief:{seed}")]


def accuracy(args: tuple[int, TableView, list[int], dict[str, dict]]) -> dict[str, tuple[float, float]]:
    """Per variant: the share of hidden cards in the right seat, and the seconds the deals took."""
    index, view, hands, variants = args
    out = {}
    for name, options in variants.items():
        player = SearchPlayer(random.Random(f"{index}:{name}"), **options)
        start = time.perf_counter()
        worlds = player._worlds(view, player._knowledge(view), WORLDS)
        seconds = time.perf_counter() - start
        right = total = 0
        for seat in range(4):
            if seat != view.seat:
                right += sum(int(w).bit_count() for w in worlds[:, seat] & np.uint64(hands[seat]))
                total += len(worlds) * hands[seat].bit_count()
        out[name] = (right / total if total else 1.0, seconds)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="a name and the search player's options as JSON (repeatable; the first is the base)",
    )
    args = parser.parse_args(argv)
    variants: dict[str, dict] = {}
    for text in args.variant or ["base={}"]:
        name, _, options = text.partition("=")
        try:
            variants[name] = json.loads(options or "{}")
        except json.JSONDecodeError as exc:
            parser.error(f"--variant {text!r}: {exc}")
    states = club_states(args.states, args.seed)
    work = [(i, view, hands, variants) for i, (view, hands) in enumerate(states)]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(accuracy, work, chunksize=8))
    names = list(variants)
    base = np.array([r[names[0]][0] for r in rows])
    for name in names:
        acc = np.array([r[name][0] for r in rows])
        ms = 1000 * np.median([r[name][1] for r in rows])
        line = f"{name}: right_seat {acc.mean():.4f}  deals_p50_ms {ms:.0f}"
        if name != names[0]:
            diff = acc - base
            half = 1.96 * diff.std() / len(diff) ** 0.5
            line += f"  minus {names[0]} {diff.mean():+.4f} [{diff.mean() - half:+.4f}, {diff.mean() + half:+.4f}]"
        print(line)
    print(f"states: {len(rows)} (seed {args.seed}), deals per state: {WORLDS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
