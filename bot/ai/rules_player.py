"""The ``rules`` computer player: a good club player's habits, written down.

Contract: a model of the card points a hand makes under each contract (Puur and Näll, trump
length, side aces, runs from the top or the bottom; fitted by ``research/calibrate_contracts.py``),
as a margin times the multiplier, plus Weis and Stöck; schiebe when the best is worth less than
what the partner's choice is worth on average; when geschoben the multiplier makes the cheapest
contract the least bad for a weak hand.  Play: the highest trump after Schieben, pull trumps with
a strong trump hand, cash Bock cards, return the partner's suit, win tricks as cheaply as safely
possible, give points (schmieren) to a partner whose card holds, keep the Puur for tricks that
matter, discard cards that cost little (few points, low rank: in Undenufe a 7 is worth nothing
but wins tricks) towards a void, and fight for every trick once a Match is at stake (ours or
theirs).  In Obenabe/Undenufe: give up a long suit first while the Bock cards can still bring
the lead back, and neither smear nor discard a card that wins once the one or two cards above
it have fallen.  A learned correction (:mod:`.card_model`) then plays another legal card where a
network trained on club play-outs predicts it to be clearly better.  It only reads
``view_for(seat)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from bot.game.commands import AnnounceStoeck, ChooseContract, Command, Schieben
from bot.game.view import TableView
from bot.rules import Contract, RuleSet
from bot.rules.cards import SUIT_MASKS, SUIT_OF, cards_of
from bot.rules.weis import find_weis

from .card_model import MARGIN, better_card, default_model, load_model
from .knowledge import HIGHER, Knowledge, knowledge_of, strength, trick_winner, value
from .player import play_command
from .variants import CLUB_ROWS, RowPolicy, extra_values, is_misere, misere_card

PUUR_RANK, NAELL_RANK, ACE, KING, OBER, TEN = 5, 3, 8, 7, 6, 4
MATCH_WATCH_FROM = 4  # tricks won by one team after which the Match counts in a trick's worth
SCHIEBEN_BELOW = 130.0  # expected net points below which to schiebe (arena against random: 60 to 160 tried)
STRENGTH_WEIGHT = 2.0  # card points one step of rank is worth when choosing a card to give away (1-3 tried)
NOTRUMP_STRENGTH_WEIGHT = 1.0  # the same in Obenabe/Undenufe (against random, paired: 0.5 / 1 / 2 / 3 tried)


def loss(card: int, contract: int) -> float:
    """What giving ``card`` away costs: its points and its rank (a high card wins a trick later)."""
    weight = STRENGTH_WEIGHT if contract < 4 else NOTRUMP_STRENGTH_WEIGHT
    return value(card, contract) + weight * (strength(card, contract) - 10)


def future_winner(k: Knowledge, card: int) -> bool:
    """One or two unseen cards of its suit beat ``card`` and we hold more cards of the suit than
    that: kept, it wins a trick once they have fallen."""
    higher = (k.unseen & HIGHER[k.contract][card]).bit_count()
    return 1 <= higher <= 2 and k.suit_lengths()[SUIT_OF[card]] > higher


def spare_future_winners(k: Knowledge, cards: list[int]) -> list[int]:
    """``cards`` without the future winners (all of them if nothing else is left)."""
    return [x for x in cards if not future_winner(k, x)] or cards


def hand_features(hand: int, contract: int) -> tuple[float, ...]:
    """What a club player looks at in a hand for one contract (the constant first)."""
    if contract < 4:
        trumps = {c % 9 for c in cards_of(hand & SUIT_MASKS[contract])}
        n = len(trumps)
        side_aces = side_ak = side_10a = voids = singles = side_k = 0
        for side in range(4):
            if side == contract:
                continue
            ranks = {c % 9 for c in cards_of(hand & SUIT_MASKS[side])}
            side_aces += ACE in ranks
            side_ak += ACE in ranks and KING in ranks
            side_10a += ACE in ranks and TEN in ranks
            side_k += KING in ranks and ACE not in ranks
            voids += not ranks
            singles += len(ranks) == 1 and ACE not in ranks
        return (
            1.0,
            PUUR_RANK in trumps,
            NAELL_RANK in trumps,
            ACE in trumps,
            (KING in trumps) + (OBER in trumps),
            len(trumps - {PUUR_RANK, NAELL_RANK, ACE, KING, OBER}),
            max(0, n - 4),
            side_aces,
            side_ak,
            side_10a,
            voids * (n >= 3),
            singles,
            PUUR_RANK in trumps and NAELL_RANK in trumps,
            side_k,
        )
    order = list(range(8, -1, -1)) if contract == 4 else list(range(9))  # best card first
    tops = [0, 0, 0, 0]  # suits with a run from the top of length >= 1, 2, 3, 4
    behind = second = long_plain = 0
    for suit in range(4):
        ranks = {c % 9 for c in cards_of(hand & SUIT_MASKS[suit])}
        run = 0
        for r in order:
            if r not in ranks:
                break
            run += 1
        for i in range(min(run, 4)):
            tops[i] += 1
        if run:
            behind += len(ranks) - run
        else:
            second += order[1] in ranks
            long_plain += len(ranks) >= 4
    return (1.0, *tops, behind, second, long_plain)


#: Card points (with the Match bonus) the choosing team makes, as a linear model of
#: :func:`hand_features`; fitted by ``research/calibrate_contracts.py`` (60,000 deals played out
#: by club players with the learned correction, ``--deals 60000 --seed 2``).
TRUMP_MODEL = (36.78, 31.09, 18.26, 15.42, 11.35, 10.01, 3.76, 7.13, 3.63, -0.1, 5.76, 1.24, 11.11, 2.1)
OBENABE_MODEL = (52.66, 16.82, 12.52, 13.99, 15.04, 2.1, 5.8, 4.7)
UNDENUFE_MODEL = (52.37, 16.02, 12.74, 13.68, 15.34, 2.96, 5.6, 5.92)


def contract_model(contract: int) -> tuple[float, ...]:
    """The coefficients of :func:`expected_points` for ``contract``."""
    return TRUMP_MODEL if contract < 4 else (OBENABE_MODEL if contract == 4 else UNDENUFE_MODEL)


def expected_points(hand: int, contract: int, model: Sequence[float] | None = None) -> float:
    """Card points (Match bonus included) the choosing team can expect with ``hand``
    (by the model in use, or by the coefficients ``model``)."""
    model = contract_model(contract) if model is None else model
    return max(0.0, min(257.0, sum(w * x for w, x in zip(model, hand_features(hand, contract), strict=True))))


def declarations(hand: int, contract: int, rules: RuleSet) -> float:
    """What the hand's Weis (counted at 80 %: another may be higher) and Stöck add, unmultiplied."""
    extra = 0.8 * sum(w.points for w in find_weis(hand, contract, rules)) if rules.weis_enabled else 0.0
    pair = (1 << (contract * 9 + KING)) | (1 << (contract * 9 + OBER))
    if contract < 4 and rules.stoeck_enabled and hand & pair == pair:
        extra += 20
    return extra


def contract_values(view: TableView) -> dict[Contract, float]:
    """Expected written points (ours minus theirs) of each allowed contract, from the hand alone."""
    hand, rules = view.hand, view.rules
    out: dict[Contract, float] = {}
    for contract in Contract:
        if not contract.is_trump and not rules.allow_obe_unde:
            continue
        k = int(contract)
        expected = expected_points(hand, k)
        out[contract] = ((2 * expected - 157) + declarations(hand, k, rules)) * rules.multiplier(k)
    return out


class RulesPlayer:
    """Heuristic club player; ``noise`` > 0 makes the ``beginner`` level (random slips);
    ``learned``: the card the heuristics choose is corrected by :mod:`.card_model` (another
    legal card when the network predicts it better by more than ``margin`` card points);
    ``schieben_below``: the expected written points under which the player schiebt;
    ``weights``: a file of other card model weights than the shipped ones (for measuring them)."""

    def __init__(
        self,
        rng: random.Random,
        noise: float = 0.0,
        level: str = "club",
        learned: bool = True,
        margin: float = MARGIN,
        schieben_below: float = SCHIEBEN_BELOW,
        weights: str | None = None,
        rows: RowPolicy | dict[str, float] = CLUB_ROWS,
    ) -> None:
        self.rng = rng
        self.noise = noise
        self.level = level
        self.model = None
        if learned:
            self.model = load_model(Path(weights)) if weights else default_model()
        self.margin = margin
        self.schieben_below = schieben_below
        self.rows = rows if isinstance(rows, RowPolicy) else RowPolicy(**rows)

    # -- contract ---------------------------------------------------------------------------

    def choose_contract(self, view: TableView, actor: str) -> Command:
        values: dict[Contract | str, float] = dict(contract_values(view).items())
        values.update(extra_values(view, expected_points))
        if self.noise:
            values = {c: v + self.rng.gauss(0, 60 * self.noise) for c, v in values.items()}
        best = max(values, key=lambda c: values[c])
        threshold = self.schieben_below + self._risk(view)
        if view.may_schieben and not view.geschoben and values[best] < threshold:
            return Schieben(actor)
        return ChooseContract(actor, str(best))

    @staticmethod
    def _risk(view: TableView) -> float:
        """Behind in the game: take more risk (schiebe less); far ahead: a little less."""
        if view.seat is None or not view.rules.target:
            return 0.0
        ours, theirs = view.totals[view.seat % 2], view.totals[1 - view.seat % 2]
        gap = (theirs - ours) / view.rules.target
        return -30.0 if gap > 0.25 else (15.0 if gap < -0.25 else 0.0)

    # -- play ----------------------------------------------------------------------------------

    def decide(self, view: TableView, actor: str) -> Command:
        if view.phase == "contract":
            return self.choose_contract(view, actor)
        if view.can_preshow_stoeck:
            return AnnounceStoeck(actor)
        legal = cards_of(view.legal)
        if self.noise and self.rng.random() < self.noise:
            card = self.rng.choice(legal)
        else:
            card = self.choose_card(view, knowledge_of(view), legal)
        return play_command(view, actor, card)

    def choose_card(self, view: TableView, k: Knowledge, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if is_misere(view):
            return misere_card(view)
        card = self.heuristic_card(view, k, legal)
        if self.model is not None and not self._first_lead_after_schieben(view, k):
            card = better_card(view, k, legal, card, self.model, self.margin)
        return card

    def heuristic_card(self, view: TableView, k: Knowledge, legal: list[int]) -> int:
        """The card the heuristics choose (before the learned correction)."""
        return self.lead(view, k, legal) if not k.trick else self.follow(view, k, legal)

    @staticmethod
    def _first_lead_after_schieben(view: TableView, k: Knowledge) -> bool:
        """The convention (the highest trump tells the partner what was pushed) is kept as it is."""
        return view.geschoben and view.declarer == k.partner and not view.tricks and not k.trick

    def lead(self, view: TableView, k: Knowledge, legal: list[int]) -> int:
        c = k.contract
        ours = view.declarer is not None and view.declarer % 2 == k.seat % 2
        if c >= 4 and (give_up := self._suit_to_give_up(k, legal, ours)) is not None:
            return min((x for x in legal if SUIT_OF[x] == give_up), key=lambda x: (loss(x, c), strength(x, c)))
        trumps = [x for x in legal if c < 4 and SUIT_OF[x] == c]
        if len(trumps) == 1 and len(legal) > 1 and k.trumps_out():
            legal = [x for x in legal if x != trumps[0]]  # a lone trump is worth more kept
            trumps = []
        if trumps and k.trumps_out():
            top = max(trumps, key=lambda x: strength(x, c))
            pushed_to_partner = view.geschoben and view.declarer == k.partner and not view.tricks
            if pushed_to_partner and len(trumps) > 1:
                return top  # after Schieben: the highest trump
            if ours and (k.is_bock(top) or len(trumps) >= max(3, k.trumps_out().bit_count())):
                return top if k.is_bock(top) else min(trumps, key=lambda x: strength(x, c))
        others = [x for x in legal if not (c < 4 and SUIT_OF[x] == c)] or legal
        after = [(k.seat + i) % 4 for i in (1, 2, 3)]
        bocks = [x for x in others if k.is_bock(x) and not k.opponents_may_trump(SUIT_OF[x], after)]
        if bocks:
            return max(bocks, key=lambda x: (value(x, c), strength(x, c)))
        # Return the suit the partner led last (its strength), low.
        partner_led = [SUIT_OF[t.cards[0]] for t in view.tricks if t.leader == k.partner]
        if partner_led:
            back = [x for x in others if SUIT_OF[x] == partner_led[-1]]
            if back:
                return min(back, key=lambda x: (loss(x, c), strength(x, c)))
        # Nothing sure: lead low from the longest suit (gives the partner a chance).
        length = k.suit_lengths()
        return min(others, key=lambda x: (loss(x, c), -length[SUIT_OF[x]], strength(x, c)))

    @staticmethod
    def _suit_to_give_up(k: Knowledge, legal: list[int], ours: bool) -> int | None:
        """Obenabe/Undenufe: the long suit to lead low from first, while the Bock cards are still
        there to come back in with: the longest of three cards or more without a Bock card; for
        the declarer's team, failing that, one with two cards or more below its Bock card."""
        bock_suits = {SUIT_OF[x] for x in legal if k.is_bock(x)}
        if not bock_suits:
            return None
        length = k.suit_lengths()
        weak = [s for s in range(4) if s not in bock_suits and length[s] >= 3]
        if not weak and ours:
            weak = [
                s for s in range(4) if length[s] >= 3 and sum(SUIT_OF[x] == s and not k.is_bock(x) for x in legal) >= 2
            ]
        return max(weak, key=lambda s: length[s]) if weak else None

    def follow(self, view: TableView, k: Knowledge, legal: list[int]) -> int:
        c = k.contract
        cards = [card for _, card in k.trick]
        win_i = trick_winner(cards, c)
        win_seat, win_card = k.trick[win_i]
        lead = SUIT_OF[cards[0]]
        after = [(k.seat + i) % 4 for i in range(1, 4 - len(cards))]
        on_table = sum(value(x, c) for x in cards) + self._match_at_stake(view)
        last = not after

        def holds(x: int) -> bool:
            """Would ``x`` still win after the players in ``after``?"""
            if last:
                return True
            suit = SUIT_OF[x]
            if c < 4 and suit == c:
                return k.is_bock(x)
            return k.is_bock(x) and not k.opponents_may_trump(lead, after)

        def throw() -> int:
            pool = [x for x in legal if not (c < 4 and SUIT_OF[x] == c)] or legal
            best = min(pool, key=lambda x: (loss(x, c), k.is_bock(x), strength(x, c)))
            if SUIT_OF[best] != lead and value(best, c) < 5:
                # Discarding a card worth little: from the shortest suit, towards a void.
                length = k.suit_lengths()
                cheap = [
                    x
                    for x in pool
                    if value(x, c) < 5 and not k.is_bock(x) and trick_winner([*cards, x], c) != len(cards)
                ]
                if c >= 4:
                    cheap = spare_future_winners(k, cheap)
                if cheap:
                    return min(cheap, key=lambda x: (length[SUIT_OF[x]], loss(x, c), strength(x, c)))
            return best

        if win_seat % 2 == k.seat % 2:
            # Partner wins so far: give points if the trick is safe, else keep low.
            if holds(win_card) or (
                len(after) == 1 and after[0] % 2 != k.seat % 2 and self._safe_vs_last(k, win_card, lead, after[0])
            ):
                # Smear: the most points, but keep trumps and Bock cards (future tricks).
                plain = [x for x in legal if not (c < 4 and SUIT_OF[x] == c)] or legal
                pool = [x for x in plain if not k.is_bock(x)] or plain
                if c >= 4:
                    pool = spare_future_winners(k, pool)
                return max(pool, key=lambda x: (value(x, c), -strength(x, c)))
            return throw()
        winners = [x for x in legal if trick_winner([*cards, x], c) == len(cards)]
        if winners:
            safe = [x for x in winners if holds(x)]
            plain = [x for x in safe if not (c < 4 and SUIT_OF[x] == c)]
            if plain:
                return min(plain, key=lambda x: strength(x, c))
            if safe:
                cheapest = min(safe, key=lambda x: strength(x, c))
                precious = c < 4 and cheapest % 9 in (PUUR_RANK, NAELL_RANK)
                if on_table >= 10 or (not precious and on_table >= 4) or last:
                    return cheapest
            elif last or len(after) == 1:
                cheapest = min(winners, key=lambda x: strength(x, c))
                if on_table >= 10 and not (c < 4 and cheapest % 9 == PUUR_RANK and on_table < 15):
                    return cheapest
        return throw()

    @staticmethod
    def _match_at_stake(view: TableView) -> int:
        """The Match bonus when one team has won every trick of a hand well under way (this
        trick decides whether the Match is still possible), else 0."""
        if len(view.tricks) < MATCH_WATCH_FROM or view.rules.match_bonus <= 0:
            return 0
        teams = {t.winner % 2 for t in view.tricks}
        return view.rules.match_bonus if len(teams) == 1 else 0

    @staticmethod
    def _safe_vs_last(k: Knowledge, card: int, lead: int, seat: int) -> bool:
        """The last opponent can neither follow higher nor ruff (as far as we know)."""
        if k.may_hold(seat, lead):
            return k.is_bock(card)
        return not (k.contract < 4 and lead != k.contract and k.may_hold(seat, k.contract) and k.trumps_out())
