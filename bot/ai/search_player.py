"""The ``search`` computer player: determinised Monte Carlo search over the rules engine's masks.

For a card: draw many deals of the hidden cards that agree with everything public (cards
played, voids shown by not following suit, declared Weis, announced Stöck; with automatic Weis,
from trick 2 on, no deal in which a seat would have declared other Weis), weighted by how well
each explains the contract choice and the Schieben (:mod:`.inference`) and the cards the others
have played (:mod:`.play_inference`); play each legal card in every deal, finish the hand with
the greedy club policy of :mod:`.rollout` (numpy, all deals at once).  The (at most three)
cards those play-outs prefer to the one the club player would play are compared with it once
more on other deals, weighed by the learned club player and played out exactly as club players
would (:mod:`.club_playout`): the greedy play-outs find the candidates, the exact ones judge them.
For the contract: the club player's calibrated hand model (playing every contract out on
deals of the unseen cards measured no better: ``research/contract_search.py``).

Options that measured no gain (searching only some kinds of decisions, contract play-outs,
the learned correction's own candidates, a separate weight for the partner's cards) live in
``research/`` as variants of this player, not here; ``docs/ai.md`` has the figures.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from bot.game.commands import AnnounceStoeck, Command, PlayCard
from bot.game.view import TableView
from bot.rules import Card
from bot.rules.cards import cards_of

from .club_playout import club_playout
from .inference import choice_weights
from .knowledge import Knowledge, knowledge_of
from .play_inference import SLIP, play_weights
from .player import play_command
from .rollout import State, playout
from .rules_player import RulesPlayer
from .sampling import sample_worlds

#: The search a Coiffeur card gets: without inference, 96 deals, 48 checked, 0.1 s at most. A
#: Coiffeur is 16 hands; with these, strong against club took 12 s a game on one core (the full
#: search about 60 s) and won 18 of 20 games (seed 5); with the play inference but not the
#: cards' (slip None): 15 of 20 (benchmarks/coiffeur_bench.py, docs/rules-variants.md).
COIFFEUR_SEARCH: dict[str, Any] = {"inference": False, "worlds": 96, "verify_worlds": 48, "budget": 0.1}
PLAIN_NAMES = frozenset(("eichel", "rose", "schelle", "schilte", "obenabe", "undenufe"))
DEFAULT_BUDGET = 0.9  # seconds per decision at most (the check stops here: p95 904 ms, p50 65 ms on 400 deals)
ROUND = 192  # deals drawn per search round at most (bigger batches: less numpy overhead)
FIRST_ROUND = 48  # the first round also measures the time one deal takes
MIN_ROUND = 8  # a round smaller than this is not worth its overhead
OVERSAMPLE = 2  # with inference: deals drawn per deal kept (1 / 4 / 8: as many hidden cards in the right seat)
PRIOR_MARGIN = 0.0  # points: the fast play-outs must prefer a card by more than this to check it
VERIFY_WORLDS = 256  # deals on which the cards preferred to the club player's are checked (96 before)
VERIFY_CHUNK = 16  # deals drawn at a time for the check (the time budget is looked at in between)
VERIFY_CANDIDATES = 3  # cards preferred to the club player's that are checked (the best first; 1 before)
LEARNED_INFERENCE = "check"  # the learned club player judges the cards played in the check's deals
# (with VERIFY_WORLDS 256 and VERIFY_CANDIDATES 3; the three against 96 / 1 / off, 400 deals: +0.007 [+0.000, +0.015])


class SearchPlayer:
    """``budget``: seconds per decision at most; ``worlds``: deals per decision at most;
    ``slip``: weight of a deal per card the club player would not have played in it (``None``: no
    inference from the cards played; ``inference=False`` turns off all inference);
    ``weis=False``: deals need not agree with the Weis the seats did not declare;
    ``learned_playouts``: the club play-outs use the club player's learned card correction
    (:mod:`.card_model`) too (by default: 0.542 against 0.537 for rules on 1,000 deals, p95 0.41 s
    against 0.23 s); ``learned_inference``: so does the inference from the cards played, for the
    check's deals only (``'check'``, the default) or for all (``True``) or for none (``False``);
    ``oversample``: with inference, deals drawn (consistent with what is public) per deal kept"""

    def __init__(
        self,
        rng: random.Random,
        budget: float | None = None,
        worlds: int = 384,
        level: str = "strong",
        prior_margin: float = PRIOR_MARGIN,
        inference: bool = True,
        verify_worlds: int = VERIFY_WORLDS,
        verify_candidates: int = VERIFY_CANDIDATES,
        slip: float | None = SLIP,
        weis: bool = True,
        learned_playouts: bool = True,
        learned_inference: bool | str = LEARNED_INFERENCE,
        oversample: int = OVERSAMPLE,
        coiffeur: dict[str, Any] | None = None,
    ) -> None:
        self.rng = rng
        # Coiffeur's cards: a lighter search of its own (``coiffeur``: its keywords; default COIFFEUR_SEARCH)
        self.coiffeur_options = dict(COIFFEUR_SEARCH if coiffeur is None else coiffeur)
        self._coiffeur: SearchPlayer | None = None
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.worlds = worlds
        self.prior_margin = prior_margin
        self.inference = inference
        self.weis = weis
        self.verify_worlds = verify_worlds
        self.verify_candidates = verify_candidates
        self.slip = slip
        self.partner_slip: float | None = None  # the partner's cards weigh as the others' (variants: research/)
        self.level = level
        if isinstance(oversample, bool) or not isinstance(oversample, int) or oversample < 1:
            raise ValueError(f"oversample must be a whole number of at least 1, not {oversample!r}")
        self.oversample = oversample
        if learned_inference not in (False, True, "check"):
            raise ValueError(f"learned_inference must be False, True or 'check', not {learned_inference!r}")
        # The full club player for the card to beat; the learned correction in the exact play-outs;
        # the heuristics alone in the inference unless asked (it weighs hundreds of deals per card played).
        self.club_player = RulesPlayer(rng)
        self.rules_player = self.club_player if learned_playouts else RulesPlayer(rng, learned=False)
        heuristics = RulesPlayer(rng, learned=False) if learned_playouts else self.rules_player
        #: judges the cards played for the fast play-outs' deals and for the check's deals
        self.inference_player = self.club_player if learned_inference is True else heuristics
        self.check_inference_player = self.club_player if learned_inference else heuristics

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
        if view.contract_name is not None and view.contract_name not in PLAIN_NAMES:  # an extra contract: club card
            return self._club_card(view)
        start = time.perf_counter()
        values = self.card_values(view)
        prior = self._club_card(view)
        # The cards the fast play-outs prefer to the club player's, the best first.
        better = sorted(
            (c for c in legal if values[c] > values[prior] + self.prior_margin), key=lambda c: (-values[c], c)
        )[: self.verify_candidates]
        if better and not self.verify_worlds:
            return better[0]
        better += [c for c in self.extra_candidates(view, legal, prior) if c not in better]
        if not better or not self.verify_worlds:
            return prior
        # Check them on a few deals played out exactly as club players would (the fast
        # play-outs' bias decides close calls).
        left = self.budget - (time.perf_counter() - start)
        check = self.club_values(view, [prior, *better], self.verify_worlds, left)
        return max([prior, *better], key=lambda c: (check[c], c == prior))

    def _club_card(self, view: TableView) -> int:
        """The card the club player would play."""
        command = self.club_player.decide(view, "ai")
        if not isinstance(command, PlayCard):
            raise TypeError(f"the club player answered {command!r} where a card was due")
        return Card.parse(command.card).index

    def extra_candidates(self, view: TableView, legal: list[int], prior: int) -> list[int]:
        """Cards checked besides those the fast play-outs prefer (none here; variants in research/)."""
        return []

    def card_values(self, view: TableView) -> dict[int, float]:
        """Mean point margin (team minus opponents, to the end of the hand) of each legal card."""
        legal = cards_of(view.legal)
        k = self._knowledge(view)
        state = self._state(view, k)
        start = time.perf_counter()
        totals = np.zeros(len(legal))
        seen = 0
        team = k.seat % 2
        candidates = np.array(legal, dtype=np.int64)
        n = min(FIRST_ROUND, self.worlds)
        while n > 0:
            worlds = self._worlds(view, k, n)
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

    def club_values(self, view: TableView, cards: list[int], n: int, budget: float = float("inf")) -> dict[int, float]:
        """Mean point margin of each of ``cards`` over at most ``n`` sampled deals (the same for
        every card) when everyone then plays as the club player (:mod:`.club_playout`); stops
        early when ``budget`` seconds are spent (deals are drawn ``VERIFY_CHUNK`` at a time:
        weighing a deal by the cards played costs about as much as playing it out)."""
        samples = self.club_samples(view, cards, n, budget)
        return {card: sum(a - b for a, b in points) / len(points) for card, points in samples.items()}

    def club_samples(self, view: TableView, cards: list[int], n: int,
                     budget: float = float("inf")) -> dict[int, list[tuple[int, int]]]:  # fmt: skip
        """Each of ``cards``'s points (the viewer's team, the other team; the whole hand) on each
        of at most ``n`` sampled deals (the same for every card, in the same order) played out by
        club players; stops early when ``budget`` seconds are spent."""
        start = time.perf_counter()
        k = self._knowledge(view)
        team = k.seat % 2
        out: dict[int, list[tuple[int, int]]] = {card: [] for card in cards}
        seen = 0
        while seen < n:
            for world in self._worlds(view, k, min(VERIFY_CHUNK, n - seen), self.check_inference_player):
                for card in cards:
                    points = club_playout(view, world, card, self.rules_player)
                    out[card].append((points[team], points[1 - team]))
                seen += 1
                if time.perf_counter() - start > budget:
                    n = seen  # no time left: this was the last deal
                    break
        return out

    def sampled_deals(self, view: TableView, n: int) -> np.ndarray:
        """``n`` deals of the hidden cards drawn as the check draws them (weighted by the cards played)."""
        return self._worlds(view, self._knowledge(view), n, self.check_inference_player)

    def _knowledge(self, view: TableView) -> Knowledge:
        k = knowledge_of(view)
        if not self.weis:
            k.all_weis = None  # sampling then ignores the Weis not declared
        return k

    def _worlds(self, view: TableView, k: Knowledge, n: int, judge: RulesPlayer | None = None) -> np.ndarray:
        """``n`` deals of the hidden cards; with inference, drawn from ``oversample * n`` deals
        in proportion to how well each explains the contract choice (:mod:`.inference`) and the
        cards played as ``judge`` (default: :attr:`inference_player`) would have played them."""
        if not self.inference:
            return sample_worlds(k, n, self.rng)
        pool = sample_worlds(k, self.oversample * n, self.rng)
        weights = choice_weights(pool, view, k)
        if self.slip is not None:
            weights = weights * play_weights(view, pool, judge or self.inference_player, self.slip, self.partner_slip)
        return pool[self.np_rng.choice(len(pool), size=n, p=weights / weights.sum())]

    @staticmethod
    def _state(view: TableView, k: Knowledge) -> State:
        points = [0, 0]
        tricks = [0, 0]
        for t in view.tricks:
            points[t.winner % 2] += t.points
            tricks[t.winner % 2] += 1
        leader = view.trick[0][0] if view.trick else k.seat
        r = view.rules
        return State(
            contract=k.contract,
            leader=leader,
            trick=tuple(c for _, c in view.trick),
            points=(points[0], points[1]),
            tricks=(tricks[0], tricks[1]),
            legacy_undenufe=r.undenufe_legacy,
            trump_anytime=r.trump_anytime,
            undertrump_when_void=r.undertrump_when_void,
            puur_exemption=r.puur_exemption,
            declarer_team=(view.declarer or 0) % 2,
        )

    # -- contract ------------------------------------------------------------------------------

    def choose_contract(self, view: TableView, actor: str) -> Command:
        """The club player's hand model (calibrated on play-outs, :mod:`.rules_player`)."""
        return self.rules_player.choose_contract(view, actor)
