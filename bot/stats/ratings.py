"""Ratings of people from 2-against-2 results, with openskill's Weng-Lin models.

Each finished game updates the four seats' ratings: the teams are seats 0/2 and 1/3, and the
game counts as a win, a loss or a draw (openskill ``ranks``), however many points it was won by.
A margin on the game totals (openskill's ``margin``: ``log1p(diff / margin)``) made a 1,500-point
win count like a far larger upset, so favourites kept gaining and the shown scale drifted without
bound (issue 39); ``benchmarks/rating_bench.py`` measures both, and docs/ratings.md has the figures.
Computer players take part as one fixed rating per level, calibrated once from computer-only
games (``benchmarks/rating_bench.py --calibrate``) and never updated, so a person's rating
reads against known references. A person whose cards a stand-in played in part counts with a
reduced weight: their update is scaled by the share of their cards they played themselves
(openskill 6.2's ``weights`` are rescaled within a team to 1…2, so a person next to a computer
partner would count fully whatever the weight; scaling the update says what we mean).

Shown on an Elo-like scale: 1500 + 40 × (mu − 25), ± 2 sigma on the same scale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from bot.rules.kinds import find_kind

from .records import GameRecord, is_person

MU, SIGMA = 25.0, 25.0 / 3
SCALE, CENTRE = 40.0, 1500.0
#: Fixed ratings (mu, sigma) of the computer levels, folded the way the bot rates (win, draw or
#: loss, no margin): the mu from ``python -m benchmarks.rating_bench --calibrate --levels
#: random,thrower,beginner,club,strong --games 400 --hands 4 --budget 0.03 --seed 7`` (club anchored
#: at 25; the calibration's sigma was 2.4-2.6), held as known references (sigma 1). ``strong``
#: thought 0.03 s per decision there, far less than in play, so its reference is on the low side.
COMPUTER_RATINGS: dict[str, tuple[float, float]] = {
    "random": (7.1, 1.0),
    "beginner": (19.6, 1.0),
    "club": (25.0, 1.0),
    "strong": (25.3, 1.0),
}
DEFAULT_MARGIN = 0.0  # 0: win, draw or loss only; chosen with benchmarks/rating_bench.py (docs/ratings.md)
MIN_WEIGHT = 0.2  # a person whose cards a stand-in played entirely still counts a little


def shown(mu: float) -> int:
    """The Elo-like number of a rating."""
    return round(CENTRE + SCALE * (mu - MU))


def spread(sigma: float) -> int:
    """The ± of a rating on the shown scale (two sigma)."""
    return round(2 * SCALE * sigma)


@dataclass
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    history: list[float] = field(default_factory=list)  # mu after each of the last 20 games

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def spread(self) -> int:
        return spread(self.sigma)

    @property
    def trend(self) -> int:
        """Change on the shown scale over the last games kept (up to 20)."""
        if len(self.history) < 2:
            return 0
        return shown(self.history[-1]) - shown(self.history[0])


def rating_key(actor: str, game_kind: str = "schieber") -> str:
    """Whose rating a game moves: a person has one rating per game kind (Schieber under their
    actor, Coiffeur under ``<actor>@coiffeur``, Differenzler under ``<actor>@differenzler``)."""
    return f"{actor}@{game_kind}" if find_kind(game_kind).own_leaderboard else actor


def split_key(key: str) -> tuple[str, str]:
    """(actor, game kind) of a rating key."""
    actor, _, kind = key.partition("@")
    return actor, kind or "schieber"


class Rater:
    """Folds finished games into people's ratings (one server and season at a time)."""

    def __init__(self, margin: float = DEFAULT_MARGIN, computers: Mapping[str, tuple[float, float]] | None = None,
                 model: type = PlackettLuce) -> None:  # fmt: skip
        self.margin = margin
        self.model = model(mu=MU, sigma=SIGMA, margin=margin)
        self.computers = dict(COMPUTER_RATINGS if computers is None else computers)
        self.people: dict[str, Rating] = {}

    def rate(self, record: GameRecord) -> bool:
        """Update the people of a finished game; False when nobody is rated (no person at it, a
        friendly table's game, a game where a hint was used)."""
        if not record.people() or not record.rated:
            return False
        players: list[Any] = []
        weights: list[float] = []
        actors: list[str | None] = []
        for s in record.seats:
            if s.actor is not None and not is_person(s.actor):  # a forgotten person: a neutral reference
                players.append(self.model.rating(mu=MU, sigma=SIGMA))
                weights.append(0.0)
                actors.append(None)
                continue
            if s.actor is None:
                mu, sigma = self.computers.get(s.level or "club", self.computers["club"])
                players.append(self.model.rating(mu=mu, sigma=sigma))
                weights.append(0.0)  # a reference: never moved
            else:
                key = rating_key(s.actor, record.game_kind)
                r = self.people.setdefault(key, Rating())
                players.append(self.model.rating(mu=r.mu, sigma=r.sigma))
                own = 1.0 - (s.standin_cards / s.cards if s.cards else 0.0)
                weights.append(max(MIN_WEIGHT, own))
            actors.append(None if s.actor is None else rating_key(s.actor, record.game_kind))
        if find_kind(record.game_kind).individual:  # each a team of one, ranked by penalty total (lowest first)
            ranks = [sum(t < own for t in record.totals) for own in record.totals]
            rated = self.model.rate([[p] for p in players], ranks=ranks)
            self._move(actors, weights, [r[0] for r in rated])
            return True
        teams = [[players[0], players[2]], [players[1], players[3]]]
        if self.margin > 0:  # the old way, kept for the benchmark's comparison: scores with a margin
            new = self.model.rate(teams, scores=[float(record.totals[0]), float(record.totals[1])])
        else:
            first, second = record.totals
            new = self.model.rate(teams, ranks=[0 if first >= second else 1, 0 if second >= first else 1])
        self._move(actors, weights, [new[seat % 2][seat // 2] for seat in range(4)])
        return True

    def _move(self, actors: list[str | None], weights: list[float], after: list[Any]) -> None:
        """Each rated seat's rating towards its new value by its weight (its own share of the cards)."""
        for seat, actor in enumerate(actors):
            if actor is None:
                continue
            weight = weights[seat]
            r = self.people[actor]
            r.mu += weight * (after[seat].mu - r.mu)
            r.sigma += weight * (after[seat].sigma - r.sigma)
            r.games += 1
            r.history = [*r.history, r.mu][-20:]
