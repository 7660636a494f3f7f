"""Coiffeur games between two computer levels, on duplicate deals: ``python -m benchmarks.coiffeur_bench``.

Every set of deals is played twice: team A on seats 1 and 3, then on seats 2 and 4, with hand
*k* of both games dealt from the same seed (``StartGame.fixed_deals``), so the luck of the cards
cancels out. Each game is a whole Coiffeur (every row by both teams) through the table engine,
decided through ``view_for(seat)`` only. Prints A's games won (draws count half) with a 95 %
Wilson interval, mean totals, rows A filled with a Match, and decision times.

``--a club --b random --games 200`` and ``--a strong --b club --games 200`` are the figures of
issue 42 (≥ 90 % and ≥ 55 %).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.ai import make_player
from bot.game import SYSTEM, AddComputer, NextHand, Phase, StartGame, Table

HOST = "bench"


@dataclass
class GameResult:
    pair: int
    swap: int
    totals_a: int = 0
    totals_b: int = 0
    matches_a: int = 0
    matches_b: int = 0
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})

    @property
    def score_a(self) -> float:
        return 1.0 if self.totals_a > self.totals_b else 0.5 if self.totals_a == self.totals_b else 0.0


Options = dict[str, object]


def play_game(pair: int, swap: int, seed: int, a: str, b: str, preset: str, budget: float | None,
              a_options: Options | None = None) -> GameResult:  # fmt: skip
    """One whole Coiffeur: A on seats 0 and 2 (``swap`` 0) or 1 and 3 (``swap`` 1)."""
    deals = f"coiffeur-bench:{seed}:{pair}"
    table, _ = Table.create("bench", HOST, {"preset": preset})
    for _ in range(4):
        table.apply(AddComputer(HOST, level="random"))
    players = {}
    for seat in range(4):
        level, options = (a, a_options or {}) if seat % 2 == swap else (b, {})
        player_seed = hashlib.sha256(f"{deals}:{swap}:{seat}".encode()).hexdigest()
        players[seat] = make_player(level, player_seed, budget=budget, **options)
    table.apply(StartGame(HOST, seed="unused", fixed_deals=deals))
    out = GameResult(pair, swap)
    while table.phase != Phase.GAME_OVER:
        if table.phase == Phase.HAND_OVER:
            table.apply(NextHand(SYSTEM, seed="unused"))
            continue
        seat = table.to_act
        assert seat is not None
        t0 = time.perf_counter()
        command = players[seat].decide(table.view_for(seat), table.actor_for(seat))
        out.times["a" if seat % 2 == swap else "b"].append(time.perf_counter() - t0)
        for ev in table.apply(command):
            if ev["type"] == "hand_scored" and ev["match_team"] is not None and ev["match_team"] == ev["team"]:
                if ev["team"] == swap:
                    out.matches_a += 1
                else:
                    out.matches_b += 1
            if ev["type"] == "game_over":
                out.totals_a, out.totals_b = ev["totals"][swap], ev["totals"][1 - swap]
    return out


def _chunk(args: tuple[list[tuple[int, int]], int, str, str, str, float | None, Options]) -> list[GameResult]:
    games, seed, a, b, preset, budget, a_options = args
    return [play_game(pair, swap, seed, a, b, preset, budget, a_options) for pair, swap in games]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="club", help="level of team A")
    parser.add_argument("--b", default="random", help="level of team B")
    parser.add_argument("--games", type=int, default=200, help="games in all (an even number: pairs of deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="coiffeur", help="rule preset (coiffeur, coiffeur-ten)")
    parser.add_argument("--budget", type=float, default=None, help="seconds per decision of strong (default)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--a-option", action="append", default=[], metavar="KEY=VALUE",
                        help="a keyword for team A's player class (a Python literal)")  # fmt: skip
    args = parser.parse_args(argv)
    a_options = {k: ast.literal_eval(v) for k, _, v in (o.partition("=") for o in args.a_option)}
    pairs = max(1, args.games // 2)
    games = [(p, s) for p in range(pairs) for s in (0, 1)]
    chunks = [games[i :: args.jobs] for i in range(args.jobs)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = pool.map(
            _chunk, [(c, args.seed, args.a, args.b, args.preset, args.budget, a_options) for c in chunks if c]
        )
        results = [r for part in parts for r in part]
    wall = time.perf_counter() - t0
    n = len(results)
    wins = sum(r.score_a for r in results)
    lo, hi = wilson(wins, n)
    times_a = [t for r in results for t in r.times["a"]]
    times_b = [t for r in results for t in r.times["b"]]
    print(
        f"coiffeur_bench: A={args.a}{a_options or ''} B={args.b} preset={args.preset} seed={args.seed} "
        f"games={n} (duplicate pairs {pairs})"
    )
    print(f"games_won_a: {wins:g} of {n} = {wins / n:.1%} (95% interval {lo:.1%} to {hi:.1%}; a draw counts half)")
    print(f"draws: {sum(r.score_a == 0.5 for r in results)}")
    print(f"mean_total_a: {statistics.mean(r.totals_a for r in results):.0f}  "
          f"mean_total_b: {statistics.mean(r.totals_b for r in results):.0f}")  # fmt: skip
    print(
        f"rows_with_match_a: {sum(r.matches_a for r in results)}  "
        f"rows_with_match_b: {sum(r.matches_b for r in results)}"
    )
    for name, ts in (("a", times_a), ("b", times_b)):
        if ts:
            ts.sort()
            print(f"decision_ms_{name}: p50 {1000 * ts[len(ts) // 2]:.1f}  p95 {1000 * ts[int(len(ts) * 0.95)]:.1f}  "
                  f"n {len(ts)}")  # fmt: skip
    print(f"wall_seconds: {wall:.0f} on {args.jobs} processes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
