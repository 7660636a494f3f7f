"""What the benchmarks of the games of individuals share (Differenzler, Molotow): a deal played
twice through the table engine, level A on seats 1 and 3, then on seats 2 and 4, so that both
levels hold the same cards; the deals spread over processes; a bootstrap interval."""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from bot.ai import make_player
from bot.game import AddComputer, Phase, StartGame, Table

HOST = "bench"


def play_twice(rules: dict[str, Any], deal_seed: str, a: str, b: str) -> list[tuple[str, int, dict[str, Any]]]:
    """(level, seat, the hand's ``seats_scored`` event) of each seat in both plays of one deal."""
    out = []
    for swap in (0, 1):
        table, _ = Table.create("bench", HOST, rules)
        for _ in range(4):
            table.apply(AddComputer(HOST, level="random"))
        levels = {seat: a if seat % 2 == swap else b for seat in range(4)}
        players = {seat: make_player(levels[seat], hashlib.sha256(f"{deal_seed}:{swap}:{seat}".encode()).hexdigest())
                   for seat in range(4)}  # fmt: skip
        table.apply(StartGame(HOST, seed=deal_seed))
        scored = None
        while table.phase != Phase.GAME_OVER:
            seat = table.to_act
            assert seat is not None
            for ev in table.apply(players[seat].decide(table.view_for(seat), table.actor_for(seat))):
                if ev["type"] == "seats_scored":
                    scored = dict(ev)
        assert scored is not None
        out += [(levels[seat], seat, scored) for seat in range(4)]
    return out


def run_deals(play_deal: Callable[[int, int, str, str], Any], deals: int, seed: int, a: str, b: str,
              jobs: int) -> list[Any]:  # fmt: skip
    """``play_deal(index, seed, a, b)`` for every deal, on ``jobs`` processes, in deal order per process."""
    chunks = [list(range(deals))[i::jobs] for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(_chunk, [(play_deal, c, seed, a, b) for c in chunks if c])
        return [r for part in parts for r in part]


def _chunk(args: tuple[Callable[[int, int, str, str], Any], list[int], int, str, str]) -> list[Any]:
    play_deal, indexes, seed, a, b = args
    return [play_deal(i, seed, a, b) for i in indexes]


def interval(per_deal: np.ndarray, seed: int, rounds: int = 2000) -> tuple[float, float]:
    """95 % bootstrap interval of the mean over deals."""
    rng = np.random.default_rng(seed)
    means = [per_deal[rng.integers(0, len(per_deal), len(per_deal))].mean() for _ in range(rounds)]
    return float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def run_levels(name: str, doc: str, play_deal: Callable[[int, int, str, str], Any], argv: list[str] | None,
               deals: int) -> tuple[argparse.Namespace, list[Any], float]:  # fmt: skip
    """The command line every such benchmark shares (``--a --b --deals --seed --jobs``): its
    arguments, each deal's result and the wall time; prints the header line."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--a", default="club")
    parser.add_argument("--b", default="random")
    parser.add_argument("--deals", type=int, default=deals, help="deals (each played twice: 2 hands per seat pair)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.a == args.b:
        parser.error("two different levels, please")
    t0 = time.perf_counter()
    parts = run_deals(play_deal, args.deals, args.seed, args.a, args.b, args.jobs)
    wall = time.perf_counter() - t0
    hands = 2 * len(parts)
    print(f"{name}: A={args.a} B={args.b} seed={args.seed} deals={len(parts)} hands={hands} "
          f"(each level: {2 * hands} player-hands)")  # fmt: skip
    return args, parts, wall
