"""Do the ratings mean something? A population of computer "people" of known strength.

``python -m benchmarks.rating_bench [--games 300] [--levels thrower,beginner,club,strong] [--per-level 8]``

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
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

from bot.ai.base import Player, decision_seed, make_player
from bot.game import AddComputer, JoinSeat, PlayCard, StartGame
from bot.game.commands import Command
from bot.game.view import TableView
from bot.rules import Card, Contract, card_points, trick_winner
from bot.services import ServiceSettings, TableService
from bot.services.stats import StatsService
from bot.stats.ratings import COMPUTER_RATINGS, DEFAULT_MARGIN, MU, SCALE, Rater, shown
from bot.stats.records import GameRecord, game_records
from bot.storage import Storage

GUILD = 1
MODELS = {"PlackettLuce": PlackettLuce, "BradleyTerryFull": BradleyTerryFull,
          "ThurstoneMostellerFull": ThurstoneMostellerFull}  # fmt: skip
MARGINS = (0.0, 30.0, 60.0, 120.0, 250.0)


class Thrower:
    """A person who throws points away (bench only): chooses and declares like ``club``, but plays
    the legal card worth the most whenever the opponents lead or win the trick, the least when
    the partner wins it."""

    level = "thrower"

    def __init__(self, seed: str) -> None:
        self.club = make_player("club", seed)

    def decide(self, view: TableView, actor: str) -> Command:
        if view.phase != "play" or view.seat is None or view.contract is None or not view.legal:
            return self.club.decide(view, actor)
        legal = [c for c in range(36) if view.legal >> c & 1]
        contract = Contract(view.contract)
        worth = {c: card_points(Card.from_index(c), contract) for c in legal}
        partner_wins = False
        if view.trick:
            cards = [Card.from_index(card) for _, card in view.trick]
            leader = view.trick[trick_winner(cards, contract)][0]
            partner_wins = leader % 2 == view.seat % 2
        pick = (min if partner_wins else max)(legal, key=lambda c: (worth[c], c))
        return PlayCard(actor, str(Card.from_index(pick)))


def player_for(level: str, seed: str, budget: float) -> Player | Thrower:
    return Thrower(seed) if level == "thrower" else make_player(level, seed, budget=budget)


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
        live = service._tables[tid]
        if live.phase in ("game_over", "abandoned"):
            return tid
        seat = live.to_act
        assert seat is not None
        actor = live.actor_for(seat) or ""
        player = player_for(levels[actor], decision_seed(live, seed, seat), budget)
        await service.execute(tid, player.decide(live.view_for(seat), actor))


@dataclass
class Folded:
    """One rating set-up folded over the recorded games."""

    tau: float
    right: float
    settled: int | None  # games until tau >= 0.8 for good
    shown: dict[str, int]  # every person's shown rating at the end
    favourite_gain: int  # the largest gain of a team >= 800 shown points ahead that won


def fold(records: list[GameRecord], truth: dict[str, int], margin: float, model: type) -> Folded:
    """The same games folded with one margin and model."""
    rater = Rater(margin, model=model)
    taus = []
    people = sorted(truth)
    favourite_gain = 0
    for record in records:
        before = {a: rater.people[a].mu if a in rater.people else MU for _, a in record.people()}
        rater.rate(record)
        if record.winner is not None:
            team = {s: a for s, a in record.people()}
            mine = [before[a] for s, a in team.items() if s % 2 == record.winner]
            theirs = [before[a] for s, a in team.items() if s % 2 != record.winner]
            if len(mine) == 2 and len(theirs) == 2 and SCALE * (sum(mine) - sum(theirs)) / 2 >= 800:
                a = next(a for s, a in team.items() if s % 2 == record.winner)
                favourite_gain = max(favourite_gain, shown(rater.people[a].mu) - shown(before[a]))
        mus = [rater.people[p].mu if p in rater.people else MU for p in people]
        taus.append(kendall_tau_b(mus, [truth[p] for p in people]))
    settled = next((i + 1 for i in range(len(taus)) if all(t >= 0.8 for t in taus[i:])), None)
    mus = [rater.people[p].mu if p in rater.people else MU for p in people]
    final = {p: shown(mu) for p, mu in zip(people, mus, strict=True)}
    return Folded(taus[-1], pairs_right([truth[p] for p in people], mus), settled, final, favourite_gain)


def per_level(final: dict[str, int], people: dict[str, str], levels: list[str]) -> str:
    """Mean shown rating per level, and the lowest and highest single person."""
    parts = []
    for level in levels:
        values = [v for a, v in final.items() if people[a] == level]
        parts.append(f"{level} {round(statistics.fmean(values))}")
    return " / ".join(parts) + f"   (people {min(final.values())} to {max(final.values())})"


async def population(args: argparse.Namespace) -> None:
    levels_order = args.levels.split(",")
    people = {f"u:{100 * k + i}": level for k, level in enumerate(levels_order) for i in range(args.per_level)}
    truth = {actor: levels_order.index(level) for actor, level in people.items()}
    rng = random.Random(args.seed)
    alone = 0
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(Path(tmp) / "bench.sqlite3")
        service = TableService(storage, ServiceSettings(ai_delay=0, hand_pause=0, turn_timeout=None))
        stats = StatsService(storage, service, margin=args.margin)
        start = time.perf_counter()
        for g in range(args.games):
            if rng.random() < args.computer_share:  # one person with three club computers, as on a server
                person = rng.choice(sorted(people))
                seats: list[tuple[str, str] | None] = [None, None, None, None]
                seats[rng.randrange(4)] = (person, people[person])
                alone += 1
            else:
                seats = [(a, people[a]) for a in rng.sample(sorted(people), 4)]
            await play(service, seats, people, f"pop{args.seed}:{g}", args.hands, args.budget)
            await stats.wait_idle()
        played = time.perf_counter() - start
        stored = [GameRecord.from_dict(d) for d in await storage.stats.games(GUILD)]
        ratings = {a: mu for a, _, mu, _, _, _ in await storage.stats.ratings(GUILD, 1)}
        await service.close()
        await storage.close()
    live = [ratings.get(p, MU) for p in sorted(truth)]
    print(f"{args.games} games of {args.hands} hands ({alone} of them one person with three club computers), "
          f"{len(people)} people ({', '.join(levels_order)} × {args.per_level}), strong budget {args.budget} s: "
          f"played in {played:.0f} s")  # fmt: skip
    print(f"through the stats service (PlackettLuce, margin {args.margin:g}): "
          f"tau {kendall_tau_b(live, [truth[p] for p in sorted(truth)]):.3f}, "
          f"pairs right {pairs_right([truth[p] for p in sorted(truth)], live):.3f}")  # fmt: skip
    print(f"tau-b's ceiling with {args.per_level} people per level (ties in the true level): "
          f"{tau_ceiling(len(levels_order), args.per_level):.3f}")  # fmt: skip
    refs = ", ".join(f"{level} {shown(COMPUTER_RATINGS[level][0])}" for level in levels_order
                     if level in COMPUTER_RATINGS)  # fmt: skip
    print(f"computer references (fixed): {refs}")
    print(f"{'model':24} {'margin':>6} {'tau':>6} {'pairs':>6} {'tau>=0.8 from':>13} {'fav+':>5}  mean shown per level")
    for name, model in MODELS.items():
        for margin in MARGINS:
            f = fold(stored, truth, margin, model)
            print(f"{name:24} {margin:6g} {f.tau:6.3f} {f.right:6.3f} {f.settled or 'never':>13} "
                  f"{f.favourite_gain:5d}  {per_level(f.shown, people, levels_order)}")  # fmt: skip


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
            teams = [[ratings[a], ratings[a]], [ratings[b], ratings[b]]]
            first, second = record.totals
            if args.margin > 0:
                new = model.rate(teams, scores=[float(first), float(second)])
            else:  # as the bot rates: win, draw or loss
                new = model.rate(teams, ranks=[0 if first >= second else 1, 0 if second >= first else 1])
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
    parser.add_argument("--levels", default="thrower,beginner,club,strong",
                        help="weakest first; thrower: a person who throws points away (bench only)")  # fmt: skip
    parser.add_argument("--per-level", type=int, default=8)
    parser.add_argument("--budget", type=float, default=0.03, help="seconds per strong decision")
    parser.add_argument("--margin", type=float, default=DEFAULT_MARGIN)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--computer-share", type=float, default=0.25,
                        help="share of games where one person plays with three club computers")  # fmt: skip
    parser.add_argument("--calibrate", action="store_true", help="computer-only games: the fixed computer ratings")
    args = parser.parse_args()
    asyncio.run(calibrate(args) if args.calibrate else population(args))


if __name__ == "__main__":
    main()
