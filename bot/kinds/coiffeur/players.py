"""Coiffeur's computer players: the row and its contract by the row policies (:mod:`.variants`), the
cards as in Schieber (the strong level with a lighter search of its own)."""

from __future__ import annotations

import random
from typing import Any

from bot.ai.levels import by_level
from bot.ai.player import Player
from bot.ai.random_player import RandomPlayer
from bot.ai.rules_player import RulesPlayer, expected_points
from bot.ai.search_player import COIFFEUR_SEARCH, SearchPlayer
from bot.ai.variants import CLUB_ROWS, STRONG_ROWS, Estimate, RowPolicy, expected_for
from bot.game.commands import ChooseContract, Command, Schieben
from bot.game.view import TableView
from bot.kinds.coiffeur.engine import coiffeur_part
from bot.rules.contract_names import SUIT_NAMES


class CoiffeurRulesPlayer(RulesPlayer):
    """The club player (``noise``: the beginner's slips) with the club row policy."""

    def choose_contract(self, view: TableView, actor: str) -> Command:
        return choose_row(view, actor, expected_points, self.rng, self.noise, self.rows)


class CoiffeurSearchPlayer:
    """The strong player: the strong row policy, and Coiffeur's cards by a lighter search of its own
    (``coiffeur``: its keywords, default :data:`.search_player.COIFFEUR_SEARCH`; empty: the full search)."""

    def __init__(self, rng: random.Random, budget: float | None = None, level: str = "strong",
                 coiffeur: dict[str, Any] | None = None, **options: Any) -> None:  # fmt: skip
        self.rng = rng
        self.level = level
        self.budget = budget
        self.coiffeur_options = dict(COIFFEUR_SEARCH if coiffeur is None else coiffeur)
        self.options = options
        self._cards: SearchPlayer | None = None

    def decide(self, view: TableView, actor: str) -> Command:
        if view.phase == "contract":
            return choose_row(view, actor, expected_points, policy=STRONG_ROWS)
        if self._cards is None:
            if self.coiffeur_options:
                self._cards = SearchPlayer(self.rng, level=self.level, coiffeur={}, **self.coiffeur_options)
            else:
                self._cards = SearchPlayer(self.rng, budget=self.budget, level=self.level, coiffeur={}, **self.options)
        return self._cards.decide(view, actor)


class CoiffeurRandomPlayer(RandomPlayer):
    def choose_contract(self, view: TableView, actor: str) -> Command:
        return random_announcement(view, actor, self.rng)


def make(level: str, rng: random.Random, budget: float | None = None, **options: Any) -> Player:
    """Coiffeur's player of ``level`` (the levels of :func:`bot.ai.levels.by_level`)."""
    return by_level(level, rng, budget, options, CoiffeurRandomPlayer, CoiffeurRulesPlayer, CoiffeurSearchPlayer)


def stoeck_bonus(view: TableView, name: str) -> float:
    """Stöck the announcer holds in a suit row (Coiffeur writes them outside Joker rows by default)."""
    if name not in SUIT_NAMES or view.rules.coiffeur_stoeck == "off":
        return 0.0
    suit = SUIT_NAMES.index(name)
    pair = (1 << (suit * 9 + 7)) | (1 << (suit * 9 + 6))
    return 20.0 if view.hand & pair == pair else 0.0


def row_values(view: TableView, estimate: Estimate, policy: RowPolicy = CLUB_ROWS) -> dict[tuple[int, str], float]:
    """Every announcement open to the chooser, (row, name), with its worth ``factor × (E − par)``."""
    part = coiffeur_part(view)
    assert part.tafel is not None
    out: dict[tuple[int, str], float] = {}
    later = len(part.row_options) - 1
    for row, names in part.row_options:
        contract, factor = part.tafel.rows[row]
        par = (policy.joker_par if contract == "joker" else policy.par) + policy.slope * later
        for name in names:
            bonus = stoeck_bonus(view, name) if contract != "joker" or view.rules.coiffeur_stoeck == "always" else 0
            out[(row, name)] = factor * (expected_for(name, view.hand, estimate) + bonus - par)
    return out


def choose_row(view: TableView, actor: str, estimate: Estimate, rng: random.Random | None = None,
               noise: float = 0.0, policy: RowPolicy = CLUB_ROWS) -> Command:  # fmt: skip
    """A Coiffeur announcement (or a shove) for the chooser of ``view``."""
    values = row_values(view, estimate, policy)
    if noise and rng is not None:
        values = {k: v + rng.gauss(0, 60 * noise) for k, v in values.items()}
    (row, name), best = max(values.items(), key=lambda kv: (kv[1], -kv[0][0]))
    tafel = coiffeur_part(view).tafel
    factor = tafel.rows[row][1] if tafel else 1
    if view.may_schieben and best < policy.shove * factor:
        return Schieben(actor)
    return ChooseContract(actor, name, row=row)


def random_announcement(view: TableView, actor: str, rng: random.Random) -> Command:
    """The ``random`` level in Coiffeur: any open row, played as any contract it allows; no shove."""
    row, names = rng.choice(coiffeur_part(view).row_options)
    return ChooseContract(actor, rng.choice(names), row=row)
