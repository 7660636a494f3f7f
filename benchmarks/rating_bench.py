"""Do the ratings mean something? A population of computer "people" of known strength.

``python -m benchmarks.rating_bench [--games 300] [--levels beginner,club,strong] [--per-level 8]``

Plays ``--games`` short games (``--hands`` hands of the ``tournament`` rules) through the real
table service and statistics service: each game seats four people drawn at random from the
population (rotating partners), every decision made by the person's own level. The stats
service records and rates every game as it would on a server. Then the recorded games are
folded again with other margins and openskill models (the same games, so the comparison is
fair), and for each it prints Kendall's tau-b between rating and true level, the share of pairs
of different levels ordered correctly, and after how many games tau reached 0.8 and stayed.

``--calibrate``: computer-only games between the levels (every seat a computer), folded with
one openskill player per level, club anchored at 25: the fixed computer ratings.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import tempfile
import time
from pathlib import Path

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from bot.ai.base import decision_seed, make_player
from bot.game import AddComputer, JoinSeat, StartGame
from bot.services import ServiceSettings, TableService
from bot.services.stats import StatsService
from bot.stats.ratings import DEFAULT_MARGIN, Rater
from bot.stats.records import GameRecord, game_records
from bot.storage import Storage

GUILD = 1
MODELS = {"PlackettLuce": PlackettLuce, "BradleyTerryFull": BradleyTerryFull,
          "ThurstoneMostellerFull": ThurstoneMostellerFull}  # fmt: skip
MARGINS = (0.0, 30.0, 60.0, 120.0, 250.0)


def kendall_tau_b(xs: list[float], ys: list[float]) -> float:
    """Kendall's tau-b (ties in either list are allowed)."""
    concordant = discordant = ties_x = ties_y = 0
    for i, j in itertools.combinations(range(len(xs)), 2):
        dx, dy = xs[i] - xs[j], ys[i] - ys[j]
        if dx == 0 and dy == 0:
            continue
        if dx == 0:
            ties_x += 1
        elif dy == 0:
            ties_y += 1
        elif (dx > 0) == (dy > 0):
            concordant += 1
        else:
            discordant += 1
    denominator = ((concordant + discordant + ties_x) * (concordant + discordant + ties_y)) ** 0.5
    return (concordant - discordant) / denominator if denominator else 0.0


def tau_ceiling(levels: int, per_level: int) -> float:
    """The largest tau-b a perfect order reaches when the true levels are tied within a level."""
    n = levels * per_level
    total = n * (n - 1) // 2
    tied = levels * per_level * (per_level - 1) // 2
    return (total - tied) / ((total - tied) * total) ** 0.5


def pairs_right(truth: list[int], ratings: list[float]) -> float:
    """Share of pairs of different true levels whose ratings are in the same order."""
    pairs = [(i, j) for i, j in itertools.combinations(range(len(truth)), 2) if truth[i] != truth[j]]
    right = sum((truth[i] - truth[j]) * (ratings[i] - ratings[j]) > 0 for i, j in pairs)
    return right / len(pairs) if pairs else 0.0


async def play(service: TableService, seats: list[tuple[str, str] | None], levels: dict[str, str], seed: str,
               hands: int, budget: float) -> str:  # fmt: skip
    """One game: people (actor, level) or computers (None: a club computer); returns the table id."""
    table = await service.create_table("u:host", {"preset": "tournament", "hands_per_game": hands}, guild_id=GUILD,
                                       limits=False)  # fmt: skip
    tid = table.table_id
    for seat, who in enumerate(seats):
        if who is None:
            await service.execute(tid, AddComputer("u:host", seat=seat, level="club"))
        else:
            await service.execute(tid, JoinSeat(who[0], name=who[0], seat=seat))
    await service.execute(tid, StartGame("u:host", seed=seed))
    while True:
        await service.wait_idle()
        live = service.tables[tid]
        if live.phase in ("game_over", "abandoned"):
            return tid
        seat = live.to_act
        assert seat is not None
        actor = live.actor_for(seat) or ""
        player = make_player(levels[actor], decision_seed(live, seed, seat), budget=budget)
        await service.execute(tid, player.decide(live.view_for(seat), actor))


def fold(
    records: list[GameRecord], truth: dict[str, int], margin: float, model: type
) -> tuple[float, float, int | None]:
    """(final tau, share of pairs right, games until tau ≥ 0.8 for good) of one rating set-up."""
    rater = Rater(margin, model=model)
    taus = []
    people = sorted(truth)
    for record in records:
        rater.rate(record)
        mus = [rater.people[p].mu if p in rater.people else 25.0 for p in people]
        taus.append(kendall_tau_b(mus, [truth[p] for p in people]))
    settled = next((i + 1 for i in range(len(taus)) if all(t >= 0.8 for t in taus[i:])), None)
    mus = [rater.people[p].mu if p in rater.people else 25.0 for p in people]
    return taus[-1], pairs_right([truth[p] for p in people], mus), settled


async def population(args: argparse.Namespace) -> None:
    levels_order = args.levels.split(",")
    people = {f"u:{100 * k + i}": level for k, level in enumerate(levels_order) for i in range(args.per_level)}
    truth = {actor: levels_order.index(level) for actor, level in people.items()}
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(Path(tmp) / "bench.sqlite3")
        service = TableService(storage, ServiceSettings(ai_delay=0, hand_pause=0, turn_timeout=None))
        stats = StatsService(storage, service, margin=args.margin)
        start = time.perf_counter()
        for g in range(args.games):
            four = rng.sample(sorted(people), 4)
            await play(service, [(a, people[a]) for a in four], people, f"pop{args.seed}:{g}", args.hands, args.budget)
            await stats.wait_idle()
        played = time.perf_counter() - start
        records = []
        for table_id in await storage.stats.tables_of(GUILD):
            records += game_records(table_id, await storage.load_events(table_id) or [])
        stored = [GameRecord.from_dict(d) for d in await storage.stats.games(GUILD)]
        ratings = {a: mu for a, _, mu, _, _, _ in await storage.stats.ratings(GUILD, 1)}
        await service.close()
        await storage.close()
    live = [ratings.get(p, 25.0) for p in sorted(truth)]
    print(f"{args.games} games of {args.hands} hands, {len(people)} people ({', '.join(levels_order)} × "
          f"{args.per_level}), strong budget {args.budget} s: played in {played:.0f} s")  # fmt: skip
    print(f"through the stats service (PlackettLuce, margin {args.margin:g}): "
          f"tau {kendall_tau_b(live, [truth[p] for p in sorted(truth)]):.3f}, "
          f"pairs right {pairs_right([truth[p] for p in sorted(truth)], live):.3f}")  # fmt: skip
    print(f"tau-b's ceiling with {args.per_level} people per level (ties in the true level): "
          f"{tau_ceiling(len(levels_order), args.per_level):.3f}")  # fmt: skip
    print(f"{'model':24} {'margin':>6} {'tau':>6} {'pairs':>6} {'games to tau>=0.8 for good':>28}")
    for name, model in MODELS.items():
        for margin in MARGINS:
            tau, right, settled = fold(stored, truth, margin, model)
            print(f"{name:24} {margin:6g} {tau:6.3f} {right:6.3f} {settled if settled else 'never':>28}")


async def calibrate(args: argparse.Namespace) -> None:
    """Computer-only games: each level one openskill player; club anchored at 25."""
    levels = args.levels.split(",")
    model = PlackettLuce(margin=args.margin)
    ratings = {level: model.rating(name=level) for level in levels}
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(Path(tmp) / "calibrate.sqlite3")
        service = TableService(storage, ServiceSettings(ai_delay=0, hand_pause=0, turn_timeout=None))
        for g in range(args.games):
            a, b = rng.sample(levels, 2)
            seats = [(f"u:{a}0", a), (f"u:{b}1", b), (f"u:{a}2", a), (f"u:{b}3", b)]
            names = {actor: level for actor, level in seats}
            tid = await play(service, list(seats), names, f"cal{args.seed}:{g}", args.hands, args.budget)
            [record] = game_records(tid, await storage.load_events(tid) or [])
            new = model.rate([[ratings[a], ratings[a]], [ratings[b], ratings[b]]],
                             scores=[float(record.totals[0]), float(record.totals[1])])  # fmt: skip
            ratings[a], ratings[b] = new[0][0], new[1][0]
        await service.close()
        await storage.close()
    shift = 25.0 - ratings["club"].mu if "club" in ratings else 0.0
    print(f"{args.games} computer-only games of {args.hands} hands (margin {args.margin:g}), club anchored at 25:")
    for level in levels:
        print(f"  {level:9} mu {ratings[level].mu + shift:6.2f}  sigma {ratings[level].sigma:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--hands", type=int, default=2, help="hands per game (the tournament rules)")
    parser.add_argument("--levels", default="beginner,club,strong", help="weakest first")
    parser.add_argument("--per-level", type=int, default=8)
    parser.add_argument("--budget", type=float, default=0.03, help="seconds per strong decision")
    parser.add_argument("--margin", type=float, default=DEFAULT_MARGIN)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--calibrate", action="store_true", help="computer-only games: the fixed computer ratings")
    args = parser.parse_args()
    asyncio.run(calibrate(args) if args.calibrate else population(args))


if __name__ == "__main__":
    main()
