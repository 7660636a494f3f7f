"""Duplicate matches between two computer players: ``python -m research.arena --a club --b random``.

Every deal is played twice with the same cards: once with player A on seats 1 and 3, once
on seats 2 and 4, so the luck of the cards cancels out.  Each play is one hand of the table
engine (the first hand of a game: Rose 7 chooses), decided through ``view_for(seat)`` only.
Prints ``point_share_a`` (A's share of all written points) with a 95 % bootstrap interval
over deals, hands won, Matches, mean points per hand, A's share in the hands its team chose the
contract in and in the others, and decision times per player.
``--a-option worlds=768`` (repeatable; also ``--b-option``) passes a keyword to player A's class,
so that variants of a player are measured without editing it.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from bot.game import AddComputer, StartGame, Table
from bot.rules import PRESETS
from research.players import make_player

HOST = "arena"


@dataclass
class DealResult:
    deal: int = 0  # the deal's index in the run (its cards: ``arena:{seed}:{deal}``)
    points_a: int = 0  # A's written points over both plays of the deal
    points_b: int = 0
    hands_won_a: int = 0
    hands_won_b: int = 0
    matches_a: int = 0
    matches_b: int = 0
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)
    chose_a: int = 0  # hands (of the two) in which A's team chose the contract
    chose_points_a: int = 0  # A's written points in those hands
    chose_points_b: int = 0  # B's written points in those hands


@dataclass
class HandResult:
    written: list[int]  # written points per team
    match_team: int | None
    times: dict[int, list[float]]  # decision seconds per seat
    contract: int
    declarer: int  # the seat that chose the contract


def play_hand(seed: str, players: dict[int, object], rules: dict) -> HandResult:
    """One hand of the table engine, every seat decided by ``players`` from its view."""
    table, _ = Table.create("arena", HOST, rules)
    for _ in range(4):
        table.apply(AddComputer(HOST, level="random"))
    table.apply(StartGame(HOST, seed=seed))
    times: dict[int, list[float]] = {s: [] for s in range(4)}
    while True:
        seat = table.to_act
        if seat is None:
            break
        view = table.view_for(seat)
        t0 = time.perf_counter()
        command = players[seat].decide(view, table.actor_for(seat))
        times[seat].append(time.perf_counter() - t0)
        for ev in table.apply(command):
            if ev["type"] == "hand_scored":
                final = table.view_for(0)
                return HandResult(list(ev["written"]), ev["match_team"], times, final.contract, final.declarer)
    raise RuntimeError("the hand ended without a score")


Options = dict[str, object]


def deal_rules(preset: str) -> dict:
    """The rules of an arena hand: ``preset`` with a target no single hand reaches."""
    return {"preset": preset, "target": 100_000}


def seat_players(
    deal_seed: str,
    swap: int,
    a: str,
    b: str,
    budget: float | None = None,
    a_options: Options | None = None,
    b_options: Options | None = None,
) -> dict[int, object]:
    """The four players of one play of a deal: A on seats 0 and 2 (``swap`` 0) or 1 and 3
    (``swap`` 1), each with its own seed derived from the deal, the swap and the seat."""
    players = {}
    for seat in range(4):
        level, options = (a, a_options) if seat % 2 == swap else (b, b_options)
        player_seed = hashlib.sha256(f"{deal_seed}:{swap}:{seat}".encode()).hexdigest()
        players[seat] = make_player(level, player_seed, budget=budget, **(options or {}))
    return players


def play_deal(
    index: int,
    seed: int,
    a: str,
    b: str,
    preset: str,
    budget: float | None,
    a_options: Options | None = None,
    b_options: Options | None = None,
) -> DealResult:
    deal_seed = f"arena:{seed}:{index}"
    out = DealResult(deal=index)
    for swap in (0, 1):
        team_a = swap  # A sits on seats 0 and 2 first, then on 1 and 3
        players = seat_players(deal_seed, swap, a, b, budget, a_options, b_options)
        hand = play_hand(deal_seed, players, deal_rules(preset))
        written, match_team, times = hand.written, hand.match_team, hand.times
        pa, pb = written[team_a], written[1 - team_a]
        out.points_a += pa
        out.points_b += pb
        out.hands_won_a += pa > pb
        out.hands_won_b += pb > pa
        out.matches_a += match_team == team_a
        out.matches_b += match_team == 1 - team_a
        if hand.declarer % 2 == team_a:
            out.chose_a += 1
            out.chose_points_a += pa
            out.chose_points_b += pb
        for seat, ts in times.items():
            (out.times_a if seat % 2 == team_a else out.times_b).extend(ts)
    return out


def _play_chunk(
    args: tuple[list[int], int, str, str, str, float | None, Options | None, Options | None],
) -> list[DealResult]:
    indexes, seed, a, b, preset, budget, a_options, b_options = args
    return [play_deal(i, seed, a, b, preset, budget, a_options, b_options) for i in indexes]


def bootstrap_interval(a: np.ndarray, total: np.ndarray, seed: int, rounds: int = 2000) -> tuple[float, float]:
    """95 % interval of sum(a) / sum(total), resampling deals."""
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(a), size=(rounds, len(a)))
    shares = a[idx].sum(axis=1) / np.maximum(total[idx].sum(axis=1), 1)
    lo, hi = np.percentile(shares, [2.5, 97.5])
    return float(lo), float(hi)


def run(
    a: str,
    b: str,
    deals: int,
    seed: int,
    jobs: int,
    preset: str,
    budget: float | None = None,
    a_options: Options | None = None,
    b_options: Options | None = None,
) -> list[DealResult]:
    indexes = list(range(deals))
    chunks = [indexes[i :: max(1, jobs * 4)] for i in range(max(1, jobs * 4))]
    work = [(chunk, seed, a, b, preset, budget, a_options, b_options) for chunk in chunks if chunk]
    if jobs <= 1:
        return [r for w in work for r in _play_chunk(w)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [r for part in pool.map(_play_chunk, work) for r in part]


def parse_options(level: str, pairs: list[str]) -> Options:
    """``key=value`` pairs (values as Python literals: 768, 0.1, None) checked against ``level``'s
    player class; raises ``ValueError`` naming the bad pair."""
    options: Options = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.isidentifier():
            raise ValueError(f"option {pair!r}: expected key=value")
        try:
            options[key] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError(f"option {pair!r}: the value must be a number, True/False/None or a quoted text") from None
    try:
        make_player(level, 0, **options)
    except TypeError as exc:
        raise ValueError(f"options {pairs} do not fit the {level!r} player: {exc}") from None
    return options


def report(results: list[DealResult], a: str, b: str, seed: int) -> list[str]:
    pa = np.array([r.points_a for r in results], dtype=np.float64)
    pb = np.array([r.points_b for r in results], dtype=np.float64)
    share = pa.sum() / max(pa.sum() + pb.sum(), 1)
    lo, hi = bootstrap_interval(pa, pa + pb, seed)
    hands = 2 * len(results)
    times_a = [t for r in results for t in r.times_a]
    times_b = [t for r in results for t in r.times_b]

    def pct(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0

    def part(a: float, b: float) -> str:
        return f"{a / (a + b):.3f}" if a + b else "-"

    chose = sum(r.chose_a for r in results)
    own_a, own_b = sum(r.chose_points_a for r in results), sum(r.chose_points_b for r in results)

    return [
        f"players: a={a} b={b}",
        f"deals: {len(results)} (each played twice, seats swapped: {hands} hands)",
        f"point_share_a: {share:.3f}",
        f"point_share_a_95ci: [{lo:.3f}, {hi:.3f}]",
        f"hands_won: a={sum(r.hands_won_a for r in results)} b={sum(r.hands_won_b for r in results)}",
        f"matches: a={sum(r.matches_a for r in results)} b={sum(r.matches_b for r in results)}",
        f"mean_points_per_hand: a={pa.sum() / hands:.1f} b={pb.sum() / hands:.1f}",
        f"point_share_a_by_chooser: a_chose={part(own_a, own_b)} ({chose} hands) "
        f"b_chose={part(pa.sum() - own_a, pb.sum() - own_b)} ({hands - chose} hands)",
        f"decision_ms_a: p50={1000 * pct(times_a, 0.5):.2f} p95={1000 * pct(times_a, 0.95):.2f} "
        f"mean={1000 * statistics.fmean(times_a or [0]):.2f} n={len(times_a)}",
        f"decision_ms_b: p50={1000 * pct(times_b, 0.5):.2f} p95={1000 * pct(times_b, 0.95):.2f} "
        f"mean={1000 * statistics.fmean(times_b or [0]):.2f} n={len(times_b)}",
    ]


def main(argv: list[str] | None = None) -> int:
    from bot.ai.base import LEVELS

    parser = argparse.ArgumentParser(prog="python -m research.arena", description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="search", choices=LEVELS)
    parser.add_argument("--b", default="rules", choices=LEVELS)
    parser.add_argument("--hands", type=int, default=2000, help="deals; each is played twice (seats swapped)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds per search decision (default: the search player's own budget)",
    )
    parser.add_argument(
        "--a-option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="keyword for player A's class, e.g. worlds=768 (repeatable)",
    )
    parser.add_argument(
        "--b-option", action="append", default=[], metavar="KEY=VALUE", help="keyword for player B's class (repeatable)"
    )
    parser.add_argument(
        "--per-deal",
        metavar="FILE.csv",
        help="also write each deal's index and points (A, B) to this file "
        "(research/compare_runs.py pairs two runs on the deals they share)",
    )
    args = parser.parse_args(argv)
    try:
        a_options = parse_options(args.a, args.a_option)
        b_options = parse_options(args.b, args.b_option)
    except ValueError as exc:
        parser.error(str(exc))
    t0 = time.perf_counter()
    results = run(args.a, args.b, args.hands, args.seed, args.jobs, args.preset, args.budget, a_options, b_options)
    for line in report(results, args.a, args.b, args.seed):
        print(line)
    if args.per_deal:
        with open(args.per_deal, "w", encoding="utf-8") as f:
            f.write("deal,points_a,points_b\n")
            f.writelines(f"{r.deal},{r.points_a},{r.points_b}\n" for r in sorted(results, key=lambda r: r.deal))
    for name, options in (("a", a_options), ("b", b_options)):
        if options:
            print(f"options_{name}: " + " ".join(f"{k}={v!r}" for k, v in options.items()))
    print(f"wall_seconds: {time.perf_counter() - t0:.1f} (jobs {args.jobs})")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
