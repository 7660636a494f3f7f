"""The coach: each of a player's decisions in a finished Schieber hand, valued from what the
player knew at that moment (never from the hidden hands).

For a card, every legal card is played out on the same deals of the unseen cards, drawn from
every deal consistent with what was public (voids, Weis and Stöck shown), each as likely as the
next, and played to the end of the hand by club players, as the ``strong`` search checks its
candidates: a card's value is its team's mean card points for the hand (before the multiplier).
In the last three tricks every deal consistent with what is certain is played out perfectly
(:mod:`.endgame`): those values are exact. The contract and Schieben likewise: each allowed
contract, and Schieben with the partner choosing by the club player's hand model, played out on
the same deals of the unseen cards by club players (:mod:`.contract_playout`), in written points.

A decision's loss is what it cost on average, counted only where the review is sure another
option was better: an option is surely better when its gain over the one taken, over the deals
both were played out on, stays above 0 less a number of standard errors of that gain
(:func:`sure`): two when there were two options, more with more (the best of many options looks
better than it is by chance alone, so the chance that any of them passes by the luck of the deals
alone stays at about 2 %). The loss is then the largest mean gain of such an option; a choice as
good as the best within the noise of the sampling costs 0. Where the loss is still undecided when
every decision has its deals, the time left plays the card taken and its likeliest rival out on
more deals.
The answer says how sure it is: the number of deals each option was played out on.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from statistics import NormalDist
from typing import Any

from bot.game import Table, TableView
from bot.game.events import hand_indexes, hands_over
from bot.rules import Card, Contract
from bot.rules.cards import cards_of, to_mask
from bot.rules.kinds import find_kind
from bot.rules.play import trick_points, trick_winner_index
from bot.rules.weis import Weis, find_weis, resolve_weis

from .contract_playout import SCHIEBEN, contract_samples
from .endgame import Endgame, exact_values
from .knowledge import value
from .rules_player import RulesPlayer
from .search_player import SearchPlayer

WORLDS = 64  # deals each card (each contract) is played out on
MORE_WORLDS = 8  # a card whose cost is undecided within the noise: up to this many times the deals, time allowing
SURE = 2.0  # standard errors of the difference subtracted from a loss when two options were compared
ENDGAME_CARDS = 3  # with this many cards or fewer in hand, every consistent deal is played out perfectly
PERFECT_CARDS = 4  # with this many, sampled deals are played out perfectly (the club player misjudges them)
COSTLY = 3  # decisions a review names
NOTABLE = 0.5  # points: a smaller loss is no mistake worth naming (1 before: a thrown Ten often costs 1 or less)
PLAIN = {str(c) for c in Contract}
#: The options of a manual Weis declaration: every Weis held, none, or some of them.
WEIS_ALL, WEIS_NONE, WEIS_SOME = "weis_all", "weis_none", "weis_some"


@cache
def sure(options: int) -> float:
    """Standard errors subtracted from a loss when ``options`` options were compared: ``SURE``
    for two; for more, as many as keep the chance that any of the others beats the one taken by
    sampling noise alone as small as one comparison's (Šidák's correction)."""
    tail = 1.0 - NormalDist().cdf(SURE)
    return NormalDist().inv_cdf(1.0 - tail / max(1, options - 1)) if options > 2 else SURE


def surely_better(gains: Mapping[str, float], noises: Mapping[str, float], options: int) -> list[str]:
    """The options whose mean gain over the one taken stays above 0 when ``sure(options)`` standard
    errors of it are taken off."""
    z = sure(options)
    return [option for option, gain in gains.items() if gain - z * noises[option] > 0]


@dataclass(frozen=True)
class Decision:
    """One decision: what was chosen, the best option, every option's expected points, and why."""

    trick: int  # 1-9 for a card and the Weis (declared with the first card); 0 for the contract
    kind: str  # "card", "contract" or "weis"
    taken: str  # a card (``rose-A``), a contract name, ``schieben`` or one of the WEIS_* options
    best: str
    values: Mapping[str, float]  # expected points of the player's team, by option
    reason: str = "better"  # better | take | gift | contract | weis: the kind of reason (texts: review.reason.*)
    facts: Mapping[str, Any] = field(default_factory=dict)
    noise: float = 0.0  # one standard error of (best − taken) over the deals
    #: per other option (cards): its mean gain over the one taken on the deals both were played out on,
    #: and one standard error of that gain; empty: only ``values`` and ``noise``
    noises: Mapping[str, float] = field(default_factory=dict)
    gains: Mapping[str, float] = field(default_factory=dict)

    @property
    def taken_value(self) -> float:
        return self.values[self.taken]

    @property
    def best_value(self) -> float:
        return self.values[self.best]

    @property
    def loss(self) -> float:
        """Points the decision cost on average (0 for the best one), counted only where the review
        is sure another option was better: an option is *surely better* when its gain over the one
        taken, less ``sure`` standard errors of that gain over the deals, is above 0; the loss is
        the largest mean gain of such an option. Exact values (no noise): their difference."""
        if self.gains:
            return max((self.gains[o] for o in surely_better(self.gains, self.noises, len(self.values))), default=0.0)
        gain = self.best_value - self.taken_value
        return gain if gain - sure(len(self.values)) * self.noise > 0 else 0.0


@dataclass(frozen=True)
class Review:
    table_id: str
    game: int
    hand: int
    seat: int
    decisions: tuple[Decision, ...]
    worlds: int  # deals each card was played out on (the fewest, when time ran short)
    contract: int | None = None  # the hand's contract (how its cards are named: the Puur, the Näll)

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    def costly(self, n: int = COSTLY) -> list[Decision]:
        """The decisions that cost most (at least ``NOTABLE`` points), the costliest first."""
        worst = sorted((d for d in self.decisions if d.loss >= NOTABLE), key=lambda d: (-d.loss, d.trick))
        return worst[:n]


class NotReviewable(ValueError):
    """A hand that cannot be reviewed: ``code`` says why (texts: review.err.*)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def decision_indexes(events: Sequence[Mapping[str, Any]], seat: int, game: int, hand: int) -> list[int]:
    """Indexes into ``events`` of ``seat``'s Schieben, contract and cards in that hand (each one's
    state is the log before it)."""
    return [i for i in hand_indexes(events, game, hand)
            if events[i]["type"] in ("schieben", "contract", "card") and events[i].get("seat") == seat]  # fmt: skip


def finished_hands(events: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """(game, hand) of every hand of the log that was played to its last trick."""
    return [(game, hand) for game, hand, complete in hands_over(events)[0] if complete]


def review_hand(events: Sequence[Mapping[str, Any]], seat: int, game: int, hand: int, *, worlds: int = WORLDS,
                seed: str = "review", budget: float = float("inf")) -> Review:  # fmt: skip
    """Every decision of ``seat`` in a finished Schieber or Coiffeur hand, valued (``budget``:
    seconds at most for all of them together; each card then gets fewer deals). In Coiffeur the
    cards only (the row is a choice for the whole Tafel); under an extra contract none."""
    if (game, hand) not in finished_hands(events):
        raise NotReviewable("not_finished")
    rules = events[0].get("rules", {})
    if find_kind(rules.get("game", "schieber")).individual:  # the coach knows the games of two teams
        raise NotReviewable("other_game")
    indexes = decision_indexes(events, seat, game, hand)
    start = time.perf_counter()
    decisions: list[Decision] = []
    cards: list[tuple[int, _CardValuation]] = []  # the card decisions, by their place in ``decisions``
    fewest = worlds
    contract: int | None = None
    tables = [Table.replay(events[:i]) for i in indexes]
    views = [table.view_for(seat) for table in tables]
    # The budget is shared by the decisions that are sampled: not those without a choice, nor the
    # exact endgames (solved in a moment).
    sampled = [events[i]["type"] != "card" or (v.legal.bit_count() > 1 and v.hand.bit_count() > ENDGAME_CARDS)
               for i, v in zip(indexes, views, strict=True)]  # fmt: skip
    for n, i in enumerate(indexes):
        table, view = tables[n], views[n]
        contract = view.contract if view.contract is not None else contract
        ev = events[i]
        left = (budget - (time.perf_counter() - start)) / max(1, sum(sampled[n:]))
        rng = random.Random(f"{seed}:{table.table_id}:{game}:{hand}:{i}")
        if ev["type"] in ("contract", "schieben"):
            chosen = SCHIEBEN if ev["type"] == "schieben" else str(ev["contract"])
            decision, used = _contract_decision(view, chosen, rng, worlds, left)
        else:
            if view.weis_options:  # manual Weis, declared (or not) with this first card
                weis = _weis_decision(view, ev.get("weis") or [], random.Random(f"{rng.random()}:weis"), worlds)
                decisions += [weis] if weis is not None else []
            valuation = _card_valuation(view, Card.parse(ev["card"]).index, events[i:], worlds, rng, left)
            if valuation is not None:
                cards.append((len(decisions), valuation))
                decisions.append(valuation.decision())
            continue
        if decision is not None:
            decisions.append(decision)
            fewest = min(fewest, used)
    # The time left goes to the cards whose cost is still undecided within the noise, the closest
    # to being named first: each gets as many deals again, until decided or the time is up.
    while (left := budget - (time.perf_counter() - start)) > 0:
        open_ = [(gap, n, v) for n, v in cards if (gap := v.undecided(worlds)) is not None]
        if not open_:
            break
        _, n, valuation = min(open_, key=lambda g: g[0])
        valuation.more(worlds, left)
        decisions[n] = valuation.decision()
    for _, valuation in cards:
        if not valuation.exact:  # an exact endgame was not sampled
            fewest = min(fewest, valuation.seen)
    return Review(str(events[0].get("table_id", "")), game, hand, seat, tuple(decisions), fewest, contract)


def _contract_decision(view: TableView, chosen: str, rng: random.Random, worlds: int,
                       budget: float) -> tuple[Decision | None, int]:  # fmt: skip
    """The contract (or Schieben): every plain contract the player could choose, and Schieben,
    played out on the same deals by club players (:func:`.contract_playout.contract_samples`);
    a value is half the expected margin of written points (our points, multiplier included)."""
    if (chosen not in PLAIN and chosen != SCHIEBEN) or not view.contracts:
        return None, worlds  # an extra contract, or a Coiffeur row (no plain contracts offered): not valued
    margins = contract_samples(view, RulesPlayer(rng), worlds, rng, budget)
    samples = {str(option): [m / 2 for m in points] for option, points in margins.items()}
    if chosen not in samples or len(samples) < 2:
        return None, worlds
    seen = len(samples[chosen])
    values = {option: sum(points) / seen for option, points in samples.items()}
    best = max(values, key=lambda c: (values[c], c == chosen))
    return Decision(0, "contract", chosen, best, values, "contract", noise=_noise(samples[best], samples[chosen])), seen


def _weis_decision(view: TableView, declared: Sequence[Sequence[str]], rng: random.Random,
                   worlds: int) -> Decision | None:  # fmt: skip
    """A manual Weis declaration: what was declared against every Weis held and none, on the same
    deals of the unseen cards (drawn from every deal consistent with what is certain; the others
    declare every Weis they hold, as the computer players do). A value is the team's Weis points
    that count less the opponents' (before the multiplier): only the team with the highest Weis
    writes, all of its Weis."""
    if view.contract is None or view.seat is None or view.forehand is None or view.contract_name not in (None, *PLAIN):
        return None  # an extra contract: not valued
    held = list(view.weis_options)
    masks = {to_mask(Card.parse(c) for c in cards) for cards in declared}
    chosen = [w for w in held if w.mask in masks]
    taken = WEIS_ALL if len(chosen) == len(held) else (WEIS_SOME if chosen else WEIS_NONE)
    options: dict[str, list[Weis]] = {WEIS_ALL: held, WEIS_NONE: [], taken: chosen}
    played = dict(view.trick)  # the cards of trick 1 so far: the rest of each hand is in the deal
    seat, team, contract = view.seat, view.seat % 2, view.contract
    samples: dict[str, list[float]] = {option: [] for option in options}
    for deal in SearchPlayer(rng, inference=False).sampled_deals(view, worlds):
        others = {s: find_weis(int(deal[s]) | (1 << played[s] if s in played else 0), contract, view.rules)
                  for s in range(4) if s != seat}  # fmt: skip
        for option, weis in options.items():
            result = resolve_weis({**others, seat: weis}, contract, view.forehand, view.rules)
            margin = 0 if result.team is None else (result.points if result.team == team else -result.points)
            samples[option].append(margin)
    seen = len(samples[taken])
    values = {option: sum(points) / seen for option, points in samples.items()}
    best = max(values, key=lambda o: (values[o], o == taken))
    facts = {"held": sum(w.points for w in held), "declared": sum(w.points for w in chosen)}
    return Decision(1, "weis", taken, best, values, "weis", facts, _noise(samples[best], samples[taken]))


@dataclass
class _CardValuation:
    """A card decision being valued: each legal card's points on the same deals (``base``), and,
    while the verdict is undecided within the noise, further deals on which the card taken and one
    rival are both played out (``extra``: per rival, pairs of its points and the taken card's)."""

    view: TableView
    legal: list[int]
    played: int
    base: dict[int, list[int]]
    rng: random.Random
    exact: bool
    after: Sequence[Mapping[str, Any]]
    extra: dict[int, list[tuple[int, int]]] = field(default_factory=dict)

    @property
    def seen(self) -> int:
        return len(self.base[self.legal[0]])

    def pairs(self, rival: int) -> list[tuple[int, int]]:
        """(the rival's points, the taken card's) on every deal both were played out on."""
        return [*zip(self.base[rival], self.base[self.played], strict=True), *self.extra.get(rival, ())]

    def decision(self) -> Decision:
        values = {}
        for c in self.legal:
            own = [*self.base[c], *(x for x, _ in self.extra.get(c, ()))]
            if c == self.played:
                own += [t for pairs in self.extra.values() for _, t in pairs]
            values[str(Card.from_index(c))] = sum(own) / len(own)
        taken = str(Card.from_index(self.played))
        best = max(values, key=lambda c: (values[c], c == taken))
        gains: dict[str, float] = {}
        noises: dict[str, float] = {}
        if not self.exact:  # every consistent deal solved: exact values, no sampling noise to allow for
            for c in self.legal:
                if c != self.played:
                    pairs = self.pairs(c)
                    gains[str(Card.from_index(c))] = sum(x - t for x, t in pairs) / len(pairs)
                    noises[str(Card.from_index(c))] = _noise([x for x, _ in pairs], [t for _, t in pairs])
            better = surely_better(gains, noises, len(values))
            best = max(better, key=lambda o: gains[o]) if better else best  # the loss names this option
        reason, facts = _reason(self.view, self.played, Card.parse(best).index, self.after)
        return Decision(len(self.view.tricks) + 1, "card", taken, best, values, reason, facts, noises.get(best, 0.0),
                        noises, gains)  # fmt: skip

    def _rival(self, d: Decision, cap: int) -> int | None:
        """The option that may yet be shown surely better than the card taken by ``NOTABLE`` or
        more and is not on ``cap`` deals: the one with the highest upper bound of its gain."""
        z = sure(len(d.values))
        bounds = {Card.parse(o).index: d.gains[o] + z * d.noises[o] for o in d.gains}
        open_ = [c for c, bound in bounds.items() if bound >= NOTABLE and len(self.pairs(c)) < cap]
        return max(open_, key=lambda c: bounds[c]) if open_ else None

    def undecided(self, worlds: int) -> float | None:
        """How far the card taken is from being named (None: decided, exact, or on as many deals as
        it may have): some option may or may not be surely better by ``NOTABLE`` within the noise.
        The distance is the rival's shortfall in points: of its lower bound below 0, or of its mean
        gain below ``NOTABLE``."""
        if self.exact:
            return None
        d = self.decision()
        rival = self._rival(d, MORE_WORLDS * worlds)
        if d.loss >= NOTABLE or rival is None:
            return None
        option = str(Card.from_index(rival))
        gain, margin = d.gains[option], sure(len(d.values)) * d.noises[option]
        return max(margin - gain, NOTABLE - gain, 0.0)

    def more(self, worlds: int, budget: float) -> None:
        """As many deals again for the card taken and its likeliest rival, within ``budget`` seconds."""
        rival = self._rival(self.decision(), MORE_WORLDS * worlds)
        if rival is None:
            return
        got = card_samples(self.view, [rival, self.played], len(self.pairs(rival)), self.rng, budget)
        self.extra.setdefault(rival, []).extend(zip(got[rival], got[self.played], strict=True))


def _card_valuation(view: TableView, played: int, after: Sequence[Mapping[str, Any]], worlds: int,
                    rng: random.Random, budget: float) -> _CardValuation | None:  # fmt: skip
    legal = cards_of(view.legal)
    if len(legal) < 2 or view.contract is None or (view.contract_name or str(Contract(view.contract))) not in PLAIN:
        return None  # no choice; or an extra contract (Slalom, Misère …): not valued
    exact = exact_values(view, legal) if view.hand.bit_count() <= ENDGAME_CARDS else None
    base = exact if exact is not None else card_samples(view, legal, worlds, rng, budget)
    return _CardValuation(view, legal, played, base, rng, exact is not None, after)


def _noise(best: Sequence[float], taken: Sequence[float]) -> float:
    """One standard error of the mean difference between two options over the same deals."""
    diffs = [b - t for b, t in zip(best, taken, strict=True)]
    return statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0


def card_samples(view: TableView, cards: list[int], worlds: int, rng: random.Random,
                 budget: float = float("inf")) -> dict[int, list[int]]:  # fmt: skip
    """Each card's points for the viewer's team on each of the same sampled deals: drawn from every
    deal consistent with what was public, each as likely as the next (not in proportion to how
    well a deal explains the cards played, as the strong search draws them: those draws repeat
    deals, and a mean over them looked surer than it was), and played to the end of the hand by
    club players; in the last three tricks, every deal consistent with what is certain (voids,
    undertrumps, Weis, Stöck, the first hand's Rose 7; no guessing from how the cards were played),
    each played out perfectly; with four cards left, deals drawn from those consistent ones, each
    played out perfectly."""
    if view.hand.bit_count() <= ENDGAME_CARDS:
        exact = exact_values(view, cards)
        if exact is not None:
            return exact
    if view.hand.bit_count() <= PERFECT_CARDS:  # sampled deals of what is certain, played out perfectly
        start = time.perf_counter()
        solver = Endgame(view)
        out: dict[int, list[int]] = {c: [] for c in cards}
        for deal in SearchPlayer(rng, inference=False).sampled_deals(view, worlds):
            for c in cards:
                out[c].append(solver.points_with([int(h) for h in deal], c))
            if len(out[cards[0]]) >= 2 and time.perf_counter() - start > budget:
                break
        return out
    samples = SearchPlayer(rng, worlds=worlds, inference=False).club_samples(view, cards, worlds, budget)
    return {c: [a for a, _ in points] for c, points in samples.items()}


def _reason(view: TableView, played: int, best: int, after: Sequence[Mapping[str, Any]]) -> tuple[str, dict[str, Any]]:
    """Why the best card was better, in everyday words: it would have taken the trick as it
    stood; or the card played gave points away to the opponents; or simply better on average."""
    contract = view.contract if view.contract is not None else 0
    cards = [c for _, c in view.trick]
    team = (view.seat or 0) % 2
    if cards:

        def takes(card: int) -> bool:
            return trick_winner_index([*cards, card], contract) == len(cards)

        if takes(best) and not takes(played):
            return "take", {"points": trick_points([*cards, best], contract)}
    trick = next((ev for ev in after if ev["type"] == "trick"), None)
    if trick is not None and trick["winner"] % 2 != team and value(played, contract) >= 10:
        return "gift", {"points": value(played, contract)}
    return "better", {}
