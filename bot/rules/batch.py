"""Many random legal hands at once: the play-out of :mod:`.playout` vectorised with numpy.

Each row is an independent hand (its own cards, contract and leader); the rows advance
card by card together, so the Python overhead is paid once per card, not once per hand.
Computer players use this to evaluate many sampled deals per decision.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cards import SUIT_MASKS
from .tables import POINTS, POWER, PUUR, TRUMP_ABOVE, TRUMP_STRENGTH

_ONE = np.uint64(1)
_BIT = np.array([1 << c for c in range(36)], dtype=np.uint64)
_SUIT_MASK = np.array(SUIT_MASKS, dtype=np.uint64)
_TRUMP_MASK = np.array([*SUIT_MASKS, 0, 0], dtype=np.uint64)  # by contract; none for 4, 5
_PUUR = np.array([*PUUR, 0, 0], dtype=np.uint64)
_POWER = np.array(POWER, dtype=np.int16).reshape(6, 4, 36)
_POINTS = np.array(POINTS, dtype=np.int16)  # [legacy, contract, card]
_TRUMP_ABOVE = np.array(TRUMP_ABOVE, dtype=np.uint64)
_TRUMP_STRENGTH = np.array(TRUMP_STRENGTH, dtype=np.int16)
_SUIT_OF = np.arange(36) // 9


@dataclass(frozen=True)
class BatchResult:
    points: np.ndarray  # (n, 2) card points per team, +5 for the last trick
    tricks: np.ndarray  # (n, 2) tricks per team
    cards: np.ndarray  # (n, tricks, 4) card ints in play order
    leaders: np.ndarray  # (n, tricks) leader seat of each trick


def pick_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly chosen card int from each non-empty mask."""
    counts = np.bitwise_count(masks)
    k = (rng.random(masks.shape[0]) * counts).astype(np.int8)
    m = masks
    for i in range(int(k.max(initial=0))):
        m = np.where(k > i, m & (m - _ONE), m)
    low = m & (~m + _ONE)
    cards: np.ndarray = np.bitwise_count(low - _ONE).astype(np.int64)
    return cards


def random_deals(rng: np.random.Generator, n: int, dealer: int = 0) -> np.ndarray:
    """``n`` random deals as an ``(n, 4)`` array of uint64 hand masks (index = seat)."""
    order = np.argsort(rng.random((n, 36)), axis=1)
    packets = np.bitwise_or.reduce(_BIT[order].reshape(n, 3, 4, 3), axis=(1, 3))
    seats = [(dealer + 1 + j) % 4 for j in range(4)]
    hands: np.ndarray = np.empty_like(packets)
    hands[:, seats] = packets
    return hands


def legal_batch(
    hand: np.ndarray,
    lead_suit: np.ndarray,
    contract: np.ndarray,
    hi_card: np.ndarray,
    trump_anytime: bool = True,
    undertrump_when_void: bool = False,
    puur_exemption: bool = True,
) -> np.ndarray:
    """Legal masks of docs/rules.md §6.2 for each row (``hi_card`` -1: no trump in the trick yet)."""
    lead_mask = _SUIT_MASK[lead_suit]
    trump_mask = _TRUMP_MASK[contract]
    follow = hand & lead_mask
    trumps = hand & trump_mask
    can_follow = follow != 0
    no_trump = contract >= 4
    trump_led = (lead_suit == contract) & ~no_trump
    free = trumps == 0
    if puur_exemption:
        free |= trumps == _PUUR[contract]
    led_trump = np.where(free, hand, trumps)
    with_ruff = (follow | trumps) if trump_anytime else follow
    clean = np.where(can_follow, with_ruff, hand)
    up = trumps & _TRUMP_ABOVE[np.maximum(hi_card, 0)]
    void = hand if undertrump_when_void else (hand & ~trumps) | up
    ruffed = np.where(can_follow, (follow | up) if trump_anytime else follow, void)
    ruffed = np.where(trumps == hand, hand, ruffed)
    trump_game = np.where(trump_led, led_trump, np.where(hi_card < 0, clean, ruffed))
    return np.where(no_trump, np.where(can_follow, follow, hand), trump_game)


def playout_batch(
    hands: np.ndarray,
    contracts: np.ndarray,
    leaders: np.ndarray,
    rng: np.random.Generator,
    trump_anytime: bool = True,
    undertrump_when_void: bool = False,
    puur_exemption: bool = True,
    legacy_undenufe: bool = False,
) -> BatchResult:
    """Play every row to the end from an empty trick, each card uniform among the legal ones.

    ``hands`` (n, 4) uint64 masks with equal card counts; ``contracts`` and ``leaders`` (n,).
    """
    hands = hands.copy()
    n = hands.shape[0]
    rows = np.arange(n)
    contracts = np.asarray(contracts, dtype=np.int64)
    leader = np.asarray(leaders, dtype=np.int64).copy()
    trump = np.where(contracts < 4, contracts, -1)
    n_tricks = int(np.bitwise_count(hands[0, 0]))
    points = np.zeros((n, 2), dtype=np.int32)
    won = np.zeros((n, 2), dtype=np.int32)
    all_cards = np.empty((n, n_tricks, 4), dtype=np.int64)
    all_leaders = np.empty((n, n_tricks), dtype=np.int64)
    values = _POINTS[int(legacy_undenufe)]
    for t in range(n_tricks):
        all_leaders[:, t] = leader
        card = pick_random(hands[rows, leader], rng)
        hands[rows, leader] &= ~_BIT[card]
        lead_suit = _SUIT_OF[card]
        hi_card = np.where(lead_suit == trump, card, -1)
        all_cards[:, t, 0] = card
        for i in range(1, 4):
            seat = (leader + i) & 3
            hand = hands[rows, seat]
            legal = legal_batch(
                hand, lead_suit, contracts, hi_card, trump_anytime, undertrump_when_void, puur_exemption
            )
            card = pick_random(legal, rng)
            hands[rows, seat] = hand & ~_BIT[card]
            all_cards[:, t, i] = card
            is_trump = _SUIT_OF[card] == trump
            stronger = _TRUMP_STRENGTH[card] > _TRUMP_STRENGTH[np.maximum(hi_card, 0)]
            higher = is_trump & ((hi_card < 0) | stronger)
            hi_card = np.where(higher, card, hi_card)
        trick = all_cards[:, t, :]
        power = _POWER[contracts[:, None], lead_suit[:, None], trick]
        winner = (leader + np.argmax(power, axis=1)) & 3
        pts = values[contracts[:, None], trick].sum(axis=1)
        if t == n_tricks - 1:
            pts = pts + 5
        team = winner & 1
        points[rows, team] += pts
        won[rows, team] += 1
        leader = winner
    return BatchResult(points, won, all_cards, all_leaders)
