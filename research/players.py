"""Variants of the product's computer players that measured no gain, kept for experiments.

``make_player`` is :func:`bot.ai.base.make_player` plus the search options below; the arena
and the probes use it, the product never does.
"""

from __future__ import annotations

import random

from bot.ai.base import Player
from bot.ai.base import make_player as product_player
from bot.ai.card_model import advantages
from bot.ai.knowledge import knowledge_of
from bot.ai.search_player import SearchPlayer
from bot.game.commands import ChooseContract, Command, Schieben
from bot.game.view import TableView
from bot.rules import Contract

from .contract_search import SCHIEBEN, contract_margins
from .decisions import decision_kind, parse_kinds

#: Options only the research variant takes (the rest go to the product's SearchPlayer).
RESEARCH_OPTIONS = ("kinds", "contract_worlds", "model_candidates", "partner_slip")


class ResearchSearchPlayer(SearchPlayer):
    """The search with the options that measured no gain (figures in ``docs/ai.md``):

    ``kinds``: search only card decisions of these kinds (:mod:`research.decisions`), play the
    club player's card in the others; ``contract_worlds``: deals per option when every contract
    and Schieben are played out by club players (0.558 against 0.562 on 400 deals);
    ``model_candidates``: that many cards the learned correction ranks best after the club card
    are checked too (1: -0.002 [-0.009, +0.006] on 600 deals, p50 183 ms instead of 68 ms);
    ``partner_slip``: the partner's cards weigh with their own slip (0.5: -0.0054)."""

    def __init__(
        self,
        rng: random.Random,
        *,
        kinds: str | tuple[str, ...] | None = None,
        contract_worlds: int = 0,
        model_candidates: int = 0,
        partner_slip: float | None = None,
        **options: object,
    ) -> None:
        super().__init__(rng, **options)  # type: ignore[arg-type]
        self.kinds = parse_kinds(kinds)
        self.contract_worlds = contract_worlds
        self.model_candidates = model_candidates
        self.partner_slip = partner_slip

    def choose_card(self, view: TableView) -> int:
        if self.kinds is not None and view.legal.bit_count() > 1 and decision_kind(view) not in self.kinds:
            return self._club_card(view)
        return super().choose_card(view)

    def extra_candidates(self, view: TableView, legal: list[int], prior: int) -> list[int]:
        """The ``model_candidates`` cards other than ``prior`` the learned correction ranks best."""
        model = self.club_player.model
        if not self.model_candidates or model is None:
            return []
        k = knowledge_of(view)
        gains = advantages(view, k, legal, self.club_player.heuristic_card(view, k, legal), model)
        return sorted((c for c in legal if c != prior), key=lambda c: (-gains[c], c))[: self.model_candidates]

    def choose_contract(self, view: TableView, actor: str) -> Command:
        """With ``contract_worlds``: the option with the best mean margin over that many deals
        played out by club players; ties and 0: the club player's hand model."""
        prior = self.rules_player.choose_contract(view, actor)
        if not self.contract_worlds:
            return prior
        margins = contract_margins(view, self.rules_player, self.contract_worlds, self.rng, self.budget)
        first = SCHIEBEN if isinstance(prior, Schieben) else Contract.parse(prior.contract)
        best = max(margins, key=lambda o: (margins[o], o == first))
        if best == first:
            return prior
        return Schieben(actor) if best == SCHIEBEN else ChooseContract(actor, str(best))


def make_player(level: str, seed: int | str | None = None, budget: float | None = None, **options: object) -> Player:
    """A product player, or the research search when one of :data:`RESEARCH_OPTIONS` is given."""
    if level in ("strong", "search") and any(k in options for k in RESEARCH_OPTIONS):
        return ResearchSearchPlayer(random.Random(seed), budget=budget, level=level, **options)
    return product_player(level, seed, budget=budget, **options)
