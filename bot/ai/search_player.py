"""The ``search`` computer player: determinised Monte Carlo search over the rules engine's masks.

For a card: draw many deals of the hidden cards that agree with everything public (cards
played, voids shown by not following suit, declared Weis, announced Stöck), play each legal
card in every deal, finish the hand with the greedy club policy of :mod:`.rollout` (numpy, all
deals at once) and keep the card with the best average result for the team.  For the contract:
the same play-outs over deals of the 27 unseen cards, one batch per contract, times the
multiplier, plus Weis and Stöck; Schieben when the partner's expected choice (estimated with
the rules player's hand model over the sampled partner hands) is worth more.
"""

from __future__ import annotations

import random
import time

import numpy as np

from bot.game.commands import AnnounceStoeck, ChooseContract, Command, Schieben
from bot.game.view import TableView
from bot.rules import Card, Contract
from bot.rules.cards import cards_of

from .base import play_command
from .knowledge import Knowledge, knowledge_of
from .rollout import State, playout
from .rules_player import RulesPlayer, contract_values, declarations
from .sampling import sample_worlds

DEFAULT_BUDGET = 1.0  # seconds per decision at most (a cap: ``worlds`` normally ends the search first)
ROUND = 192  # deals drawn per search round at most (bigger batches: less numpy overhead)
FIRST_ROUND = 48  # the first round also measures the time one deal takes
MIN_ROUND = 8  # a round smaller than this is not worth its overhead
PRIOR_MARGIN = 8.0  # points: a search result closer than this to the rules player's card is noise (arena-tuned)


class SearchPlayer:
    """``budget``: seconds per decision at most; ``worlds``: deals per decision at most."""

    def __init__(self, rng: random.Random, budget: float | None = None, worlds: int = 384,
                 level: str = "strong", prior_margin: float = PRIOR_MARGIN) -> None:
        self.rng = rng
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.worlds = worlds
        self.prior_margin = prior_margin
        self.level = level
        self.rules_player = RulesPlayer(rng)

    def decide(self, view: TableView, actor: str) -> Command:
        if view.phase == "contract":
            return self.choose_contract(view, actor)
        if view.can_preshow_stoeck:
            return AnnounceStoeck(actor)
        card = self.choose_card(view)
        return play_command(view, actor, card)

    # -- cards -------------------------------------------------------------------------------

    def choose_card(self, view: TableView) -> int:
        legal = cards_of(view.legal)
        if len(legal) == 1:
            return legal[0]
        values = self.card_values(view)
        best = max(legal, key=lambda c: (values[c], -c))
        # The rules player's card unless the search finds it clearly worse (within the noise
        # of the sampled play-outs the club player's judgement is the better guide).
        prior = Card.parse(self.rules_player.decide(view, "ai").card).index
        if values[prior] >= values[best] - self.prior_margin:
            return prior
        return best

    def card_values(self, view: TableView) -> dict[int, float]:
        """Mean point margin (team minus opponents, to the end of the hand) of each legal card."""
        legal = cards_of(view.legal)
        k = knowledge_of(view)
        state = self._state(view, k)
        start = time.perf_counter()
        totals = np.zeros(len(legal))
        seen = 0
        team = k.seat % 2
        candidates = np.array(legal, dtype=np.int64)
        n = min(FIRST_ROUND, self.worlds)
        while n > 0:
            worlds = sample_worlds(k, n, self.rng)
            hands = np.repeat(worlds, len(legal), axis=0)
            first = np.tile(candidates, n)
            points = playout(hands, state, self.np_rng, first=first)
            margin = (points[:, team] - points[:, 1 - team]).reshape(n, len(legal))
            totals += margin.sum(axis=0)
            seen += n
            # Size the next round to what is left of the budget (time per deal measured so far).
            spent = time.perf_counter() - start
            fits = int((self.budget - spent) / (spent / seen)) if spent > 0 else ROUND
            n = min(ROUND, self.worlds - seen, fits)
            if n < MIN_ROUND:
                break
        return {card: float(totals[i] / seen) for i, card in enumerate(legal)}

    @staticmethod
    def _state(view: TableView, k: Knowledge) -> State:
        points = [0, 0]
        tricks = [0, 0]
        for t in view.tricks:
            points[t.winner % 2] += t.points
            tricks[t.winner % 2] += 1
        leader = view.trick[0][0] if view.trick else k.seat
        r = view.rules
        return State(contract=k.contract, leader=leader, trick=tuple(c for _, c in view.trick),
                     points=(points[0], points[1]), tricks=(tricks[0], tricks[1]),
                     legacy_undenufe=r.undenufe_legacy,
                     trump_anytime=r.trump_anytime, undertrump_when_void=r.undertrump_when_void,
                     puur_exemption=r.puur_exemption, declarer_team=(view.declarer or 0) % 2)

    # -- contract ------------------------------------------------------------------------------

    def choose_contract(self, view: TableView, actor: str) -> Command:
        assert view.seat is not None and view.forehand is not None
        rules = view.rules
        seat, team = view.seat, view.seat % 2
        unseen = ((1 << 36) - 1) & ~view.hand
        n = max(ROUND, self.worlds // 3)
        worlds = self._deals(seat, view.hand, unseen, n)
        values: dict[Contract, float] = {}
        for contract in Contract:
            if not contract.is_trump and not rules.allow_obe_unde:
                continue
            k = int(contract)
            state = State(contract=k, leader=view.forehand, trick=(), points=(0, 0), tricks=(0, 0),
                          legacy_undenufe=rules.undenufe_legacy,
                          trump_anytime=rules.trump_anytime, undertrump_when_void=rules.undertrump_when_void,
                          puur_exemption=rules.puur_exemption, declarer_team=team)
            points = playout(worlds, state, self.np_rng)
            margin = float((points[:, team] - points[:, 1 - team]).mean())
            values[contract] = (margin + declarations(view.hand, k, rules)) * rules.multiplier(k)
        best = max(values, key=lambda c: values[c])
        if view.may_schieben and not view.geschoben and values[best] < self._schieben_value(view, worlds):
            return Schieben(actor)
        return ChooseContract(actor, str(best))

    def _deals(self, seat: int, hand: int, unseen: int, n: int) -> np.ndarray:
        cards = cards_of(unseen)
        out = np.empty((n, 4), dtype=np.uint64)
        others = [s for s in range(4) if s != seat]
        for i in range(n):
            self.rng.shuffle(cards)
            row = [0, 0, 0, 0]
            row[seat] = hand
            for j, s in enumerate(others):
                mask = 0
                for c in cards[9 * j:9 * j + 9]:
                    mask |= 1 << c
                row[s] = mask
            out[i] = row
        return out

    def _schieben_value(self, view: TableView, worlds: np.ndarray) -> float:
        """What the partner's choice is worth on average (its best contract by the hand model)."""
        partner = (view.seat + 2) % 4
        sample = worlds[: min(len(worlds), 48)]
        total = 0.0
        for row in sample:
            shadow = _with_hand(view, int(row[partner]), partner)
            total += max(contract_values(shadow).values())
        return total / len(sample)


def _with_hand(view: TableView, hand: int, seat: int) -> TableView:
    from dataclasses import replace

    return replace(view, hand=hand, seat=seat, geschoben=True, may_schieben=False)
