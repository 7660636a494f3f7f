"""A learned correction of the club player's card: how much better another legal card is.

For a card decision the club player has made, :func:`card_features` describes each other legal
card from the seat's view only (the contract, the trick so far, what is still out, voids, the
card's rank, points and Bock status, and how it differs from the club player's card).  A small
neural network (:class:`CardModel`, numpy) predicts the card's *advantage*: the card points its
team makes to the end of the hand when it plays that card instead of the club player's and
everyone then plays as the club player.  ``research/train_card_model.py`` makes the training
data (club play-outs of the true deal for every legal card, so the model learns the average over
the deals a view allows) and fits the network; its weights are ``card_model.npz`` next to this
file.  The club player plays another card than its own only when the network predicts it to be
better by more than a margin (:data:`MARGIN`).
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import numpy as np

from bot.game.view import TableView
from bot.rules.cards import SUIT_MASKS, SUIT_OF

from .knowledge import HIGHER, Knowledge, strength, trick_winner, value

log = logging.getLogger(__name__)

WEIGHTS = Path(__file__).with_name("card_model.npz")
MARGIN = 2.0  # card points another card must be predicted better by (1, 2, 3, 5 vs random: 0.695 0.695 0.693 0.690)


def _rank(card: int, contract: int) -> float:
    """0 (lowest) .. 1 (highest) within the card's suit under ``contract``."""
    s = strength(card, contract)
    return (s - 20) / 8 if s >= 20 else (s - 10) / 8


def context_features(view: TableView, k: Knowledge) -> list[float]:
    """What is the same for every card of the decision."""
    c = k.contract
    team = k.seat % 2
    ours_declare = view.declarer is not None and view.declarer % 2 == team
    won = [0, 0]
    for t in view.tricks:
        won[t.winner % 2 == team] += 1
    pos = len(k.trick)
    on_table = sum(value(x, c) for _, x in k.trick) / 20
    partner_wins = 0.0
    if k.trick:
        cards = [x for _, x in k.trick]
        partner_wins = float(k.trick[trick_winner(cards, c)][0] % 2 == team)
    trumps = k.trump_mask
    return [
        float(c < 4),
        float(c == 4),
        float(c == 5),
        float(ours_declare),
        float(view.geschoben and ours_declare),
        len(view.tricks) / 8,
        *(float(pos == i) for i in range(4)),
        partner_wins,
        on_table,
        won[1] / 9,
        won[0] / 9,
        float(won[0] == 0 and won[1] > 0),
        float(won[1] == 0 and won[0] > 0),
        k.trumps_out().bit_count() / 9,
        (k.hand & trumps).bit_count() / 9,
        sum(k.is_bock(x) for x in range(36) if k.hand >> x & 1) / 9,
    ]


def _discarded(k: Knowledge) -> tuple[int, int]:
    """Plain suits (bits) the partner and the opponents have thrown away cards of."""
    opps = k.discards[(k.seat + 1) % 4] | k.discards[(k.seat + 3) % 4]
    return k.discards[k.partner], opps


def _card_row(
    card: int,
    view: TableView,
    k: Knowledge,
    club: int,
    lead_suit: int | None,
    partner_led: set[int],
    opp_led: set[int],
    discarded: tuple[int, int],
) -> list[float]:
    c = k.contract
    suit = SUIT_OF[card]
    trump = c < 4 and suit == c
    unseen = k.unseen
    opps = ((k.seat + 1) % 4, (k.seat + 3) % 4)
    cards = [x for _, x in k.trick]
    wins = bool(cards) and trick_winner([*cards, card], c) == len(cards)
    others = [(k.seat + i) % 4 for i in (1, 2, 3)]
    in_suit = k.hand & SUIT_MASKS[suit]
    bocks_in_suit = sum(k.is_bock(x) for x in range(suit * 9, suit * 9 + 9) if in_suit >> x & 1)
    club_wins = bool(cards) and trick_winner([*cards, club], c) == len(cards)
    return [
        float(trump),
        float(trump and card % 9 == 5),
        float(trump and card % 9 == 3),
        _rank(card, c),
        value(card, c) / 20,
        float(k.is_bock(card)),
        (unseen & HIGHER[c][card]).bit_count() / 8,
        (unseen & SUIT_MASKS[suit]).bit_count() / 9,
        in_suit.bit_count() / 9,
        float(lead_suit is not None and suit == lead_suit),
        float(lead_suit is not None and trump and lead_suit != c),
        float(lead_suit is not None and suit != lead_suit and not trump),
        float(wins),
        sum(not k.may_hold(s, suit) for s in opps) / 2,
        float(not k.may_hold(k.partner, suit)),
        float(k.opponents_may_trump(suit, others)),
        float(suit in partner_led),
        float(suit in opp_led),
        float(not in_suit & ~HIGHER[c][card] & ~(1 << card)),  # lowest own card of its suit
        float(not in_suit & HIGHER[c][card]),  # highest own card of its suit
        float(suit == SUIT_OF[club]),
        _rank(card, c) - _rank(club, c),
        (value(card, c) - value(club, c)) / 20,
        float(k.is_bock(club)),
        bocks_in_suit / 9,
        float(discarded[0] >> suit & 1),
        float(discarded[1] >> suit & 1),
        float(club_wins),
        float(c < 4 and SUIT_OF[club] == c),
        _rank(club, c),
        value(club, c) / 20,
        (k.hand & SUIT_MASKS[SUIT_OF[club]]).bit_count() / 9,
    ]


def card_features(view: TableView, k: Knowledge, cards: list[int], club: int) -> np.ndarray:
    """One row per card of ``cards``: the context, then the card compared with ``club``."""
    context = context_features(view, k)
    lead_suit = SUIT_OF[k.trick[0][1]] if k.trick else None
    partner_led = {SUIT_OF[t.cards[0]] for t in view.tricks if t.leader == k.partner}
    opp_led = {SUIT_OF[t.cards[0]] for t in view.tricks if t.leader % 2 != k.seat % 2}
    discarded = _discarded(k)
    rows = [context + _card_row(x, view, k, club, lead_suit, partner_led, opp_led, discarded) for x in cards]
    return np.array(rows, dtype=np.float32)


class CardModel:
    """A two-layer network: features → ReLU hidden layer → predicted advantage (card points)."""

    def __init__(
        self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray, mean: np.ndarray, scale: np.ndarray
    ) -> None:
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2
        self.mean, self.scale = mean, scale

    def predict(self, x: np.ndarray) -> np.ndarray:
        h = np.maximum((x - self.mean) / self.scale @ self.w1 + self.b1, 0.0)
        out: np.ndarray = h @ self.w2 + self.b2
        return out

    def save(self, path: Path) -> None:
        np.savez(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2, mean=self.mean, scale=self.scale)

    @classmethod
    def load(cls, path: Path) -> CardModel:
        with np.load(path) as f:
            return cls(f["w1"], f["b1"], f["w2"], f["b2"], f["mean"], f["scale"])


def load_model(path: Path) -> CardModel | None:
    """The network stored at ``path``; ``None`` (with a warning: the club player then plays its
    heuristics alone) when the file is missing or unreadable."""
    try:
        return CardModel.load(path)
    except (OSError, KeyError, ValueError) as exc:
        log.warning("card model %s not loaded (%s): the club player plays without it", path, exc)
        return None


@lru_cache(maxsize=1)
def default_model() -> CardModel | None:
    return load_model(WEIGHTS)


def advantages(view: TableView, k: Knowledge, legal: list[int], club: int, model: CardModel) -> dict[int, float]:
    """The model's predicted advantage of every legal card over ``club`` (0 for ``club`` itself)."""
    others = [x for x in legal if x != club]
    gains = model.predict(card_features(view, k, others, club)) if others else np.zeros(0)
    return {club: 0.0, **{x: float(g) for x, g in zip(others, gains, strict=True)}}


def better_card(
    view: TableView, k: Knowledge, legal: list[int], club: int, model: CardModel, margin: float = MARGIN
) -> int:
    """The legal card the model prefers to ``club`` by more than ``margin``, else ``club``."""
    gains = advantages(view, k, legal, club, model)
    best = max(gains, key=lambda x: (gains[x], x == club))
    return best if gains[best] > margin else club
