"""Greedy play-outs of many sampled deals at once (numpy), from any point of a hand.

Every row is one complete deal (four hand masks) that continues a hand from the same public
state: the cards of the current trick, its leader, the tricks and points so far.  All four
seats then follow a simple club-player policy: lead the strongest card, win a trick as cheaply
as possible, give points to a partner who wins, otherwise throw the cheapest card; with a
little randomness, so that the rows explore.  Used by the ``search`` player.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bot.rules.batch import legal_batch
from bot.rules.cards import SUIT_OF
from bot.rules.tables import POINTS, POWER

from .knowledge import strength

RANK_COST = 2  # card points one step of rank is worth when a card is given away
_SHIFTS = np.arange(36, dtype=np.uint64)
_BIT = np.array([1 << c for c in range(36)], dtype=np.uint64)
_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_BIG = np.int32(1 << 20)
#: _BEATS[contract, lead, best]: mask of the cards that beat ``best`` in a trick led in ``lead``.
_BEATS = np.array(
    [
        [
            [sum(1 << c for c in range(36) if POWER[k * 4 + lead][c] > POWER[k * 4 + lead][b]) for b in range(36)]
            for lead in range(4)
        ]
        for k in range(6)
    ],
    dtype=np.uint64,
)
_STRENGTH = np.array([[strength(c, k) for c in range(36)] for k in range(6)], dtype=np.int32)
_POWER = np.array(POWER, dtype=np.int32).reshape(6, 4, 36)
_SUIT_MASK = np.array([0x1FF << (9 * s) for s in range(4)], dtype=np.uint64)
_TRUMP_MASK = np.array([0x1FF << (9 * s) for s in range(4)] + [0, 0], dtype=np.uint64)
#: _HIGHER[contract, card]: mask of the cards of the same suit that are stronger than ``card``.
_HIGHER = np.array(
    [
        [
            sum(1 << o for o in range(36) if SUIT_OF[o] == SUIT_OF[c] and strength(o, k) > strength(c, k))
            for c in range(36)
        ]
        for k in range(6)
    ],
    dtype=np.uint64,
)


@dataclass(frozen=True)
class State:
    """The public state a batch of play-outs continues from."""

    contract: int
    leader: int  # seat that led the current trick (or leads the next one)
    trick: tuple[int, ...]  # cards of the current trick in play order
    points: tuple[int, int]  # card points won so far per team
    tricks: tuple[int, int]  # tricks won so far per team
    legacy_undenufe: bool = False
    trump_anytime: bool = True
    undertrump_when_void: bool = False
    puur_exemption: bool = True
    declarer_team: int = 0


def _keys(k: int, values: np.ndarray) -> dict[str, np.ndarray]:
    """Orderings of the cards for the policy's choices under contract ``k``."""
    # Giving a card away costs its points and its rank (a high card wins a trick later).
    throw = (values + RANK_COST * (_STRENGTH[k] - 10)) * 64 + _STRENGTH[k]
    is_trump: np.ndarray = np.equal(_SUIT_OF, k)
    return {
        "throw": np.where(is_trump, 100_000 + throw, throw).astype(np.int32),  # keep trumps
        # Give points (the weaker of equal cards), not trumps.
        "smear": np.where(is_trump, -100_000 - throw, values * 64 - _STRENGTH[k]).astype(np.int32),
        "cash": (values * 64 + _STRENGTH[k]).astype(np.int32),
        "low_lead": np.where(is_trump, 100_000 + throw, throw).astype(np.int32),
    }


def _bits(masks: np.ndarray) -> np.ndarray:
    """(n, 36) booleans: which cards each mask holds."""
    raw = np.ascontiguousarray(masks, dtype=np.uint64).view(np.uint8).reshape(-1, 8)
    return np.unpackbits(raw, axis=1, count=36, bitorder="little").astype(bool)


def _pick(bits: np.ndarray, key: np.ndarray, highest: bool) -> np.ndarray:
    """The card of each row of ``bits`` with the lowest (or highest) ``key``."""
    picked: np.ndarray
    if highest:
        picked = np.where(bits, key, -_BIG).argmax(axis=1)
    else:
        picked = np.where(bits, key, _BIG).argmin(axis=1)
    return picked


def _random(bits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    picked: np.ndarray = np.where(bits, rng.random(bits.shape), -1.0).argmax(axis=1)
    return picked


def playout(
    hands: np.ndarray, state: State, rng: np.random.Generator, first: np.ndarray | None = None, noise: float = 0.1
) -> np.ndarray:
    """Play every row to the end; returns ``(n, 2)`` points per team (+5 last trick, +100 Match).

    ``hands``: (n, 4) uint64 masks after the current trick's cards were removed.  ``first``: the
    card each row plays next (the decision being evaluated), or ``None`` to let the policy choose.
    """
    hands = hands.copy()
    n = hands.shape[0]
    rows = np.arange(n)
    k = state.contract
    values = np.array(POINTS[state.legacy_undenufe][k], dtype=np.int32)
    keys = _keys(k, values)
    points = np.tile(np.array(state.points, dtype=np.int32), (n, 1))
    won = np.tile(np.array(state.tricks, dtype=np.int32), (n, 1))
    leader = np.full(n, state.leader, dtype=np.int64)
    trick_cards = [np.full(n, c, dtype=np.int64) for c in state.trick]
    done = state.tricks[0] + state.tricks[1]
    total_tricks = done + int(np.bitwise_count(hands[0]).max())
    if state.trick:
        total_tricks = done + 1 + int(np.bitwise_count(hands[0, (state.leader + len(state.trick)) % 4]))
    for t in range(done, total_tricks):
        while len(trick_cards) < 4:
            pos = len(trick_cards)
            seat = (leader + pos) & 3
            hand = hands[rows, seat]
            if pos == 0:
                legal = hand
                lead = None
            else:
                lead = _SUIT_OF[trick_cards[0]]
                best = _best(trick_cards, k, lead)
                hi = np.where(_SUIT_OF[best] == k, best, -1) if k < 4 else np.full(n, -1)
                legal = legal_batch(
                    hand, lead, np.full(n, k), hi, state.trump_anytime, state.undertrump_when_void, state.puur_exemption
                )
            if first is not None:
                card = first
                first = None
            else:
                card = _policy(hands, seat, legal, lead, trick_cards, leader, k, state.declarer_team, keys, rng, noise)
            hands[rows, seat] &= ~_BIT[card]
            trick_cards.append(card)
        lead = _SUIT_OF[trick_cards[0]]
        stacked = np.stack(trick_cards, axis=1)
        power = _POWER[k, lead[:, None], stacked]
        winner = (leader + power.argmax(axis=1)) & 3
        pts = values[stacked].sum(axis=1)
        if t == 8:
            pts = pts + 5
        team = winner & 1
        points[rows, team] += pts
        won[rows, team] += 1
        leader = winner
        trick_cards = []
    if total_tricks == 9:
        points += np.where(won == 9, 100, 0).astype(np.int32)
    return points


def _best(trick_cards: list[np.ndarray], k: int, lead: np.ndarray) -> np.ndarray:
    stacked = np.stack(trick_cards, axis=1)
    idx = _POWER[k, lead[:, None], stacked].argmax(axis=1)
    best: np.ndarray = stacked[np.arange(stacked.shape[0]), idx]
    return best


def _max_power(masks: np.ndarray, k: int, lead: np.ndarray) -> np.ndarray:
    """The highest trick power any card of each mask has in a trick led in ``lead``."""
    bits = _bits(masks)
    power: np.ndarray = np.where(bits, _POWER[k][lead], -1).max(axis=1)
    return power


def _policy(
    hands: np.ndarray,
    seat: np.ndarray,
    legal: np.ndarray,
    lead: np.ndarray | None,
    trick_cards: list[np.ndarray],
    leader: np.ndarray,
    k: int,
    declarer_team: int,
    keys: dict[str, np.ndarray],
    rng: np.random.Generator,
    noise: float,
) -> np.ndarray:
    """A club player's choice in every row, knowing the row's deal (a simulation, not a player)."""
    n = legal.shape[0]
    rows = np.arange(n)
    bits = _bits(legal)
    if lead is None:
        card = _lead(hands, seat, bits, k, declarer_team, keys)
    else:
        pos = len(trick_cards)
        stacked = np.stack(trick_cards, axis=1)
        powers = _POWER[k, lead[:, None], stacked]
        idx = powers.argmax(axis=1)
        best_power = powers[rows, idx]
        best_seat = (leader + idx) & 3
        partner_wins = (best_seat & 1) == (seat & 1)
        # The strongest card an opponent still to play could add (partners after me do not count).
        threat = np.full(n, -1, dtype=np.int32)
        for later in range(pos + 1, 4):
            other = (leader + later) & 3
            opp = (other & 1) != (seat & 1)
            threat = np.where(opp, np.maximum(threat, _max_power(hands[rows, other], k, lead)), threat)
        power = np.where(bits, _POWER[k][lead], -1)
        winning = bits & (power > best_power[:, None])
        safe = winning & (power > threat[:, None])
        has_safe = safe.any(axis=1)
        cheapest_safe = np.where(safe, _STRENGTH[k] + 0, _BIG).argmin(axis=1)
        smear = _pick(bits, keys["smear"], highest=True)
        throw = _pick(bits, keys["throw"], highest=False)
        partner_holds = partner_wins & (best_power > threat)
        card = np.where(partner_holds, smear, np.where(has_safe, cheapest_safe, throw))
    if noise:
        explore = np.flatnonzero(rng.random(n) < noise)
        if explore.size:
            card = card.copy()
            card[explore] = _random(bits[explore], rng)
    return card


def _lead(
    hands: np.ndarray, seat: np.ndarray, bits: np.ndarray, k: int, declarer_team: int, keys: dict[str, np.ndarray]
) -> np.ndarray:
    """Cash a Bock card (trumps first for the declaring team while opponents hold trumps),
    else lead the cheapest card of the longest suit."""
    n = bits.shape[0]
    rows = np.arange(n)
    others = np.zeros(n, dtype=np.uint64)
    opp_trump: np.ndarray = np.zeros(n, dtype=bool)
    opp_void = np.zeros((n, 4), dtype=bool)
    trump_mask = _TRUMP_MASK[k]
    for i in (1, 2, 3):
        other = (seat + i) & 3
        h = hands[rows, other]
        others |= h
        if i != 2:
            opp_trump |= (h & trump_mask) != 0
            for s in range(4):
                opp_void[:, s] |= (h & _SUIT_MASK[s]) == 0
    bock = bits & ((others[:, None] & _HIGHER[k][None, :]) == 0)
    is_trump: np.ndarray = np.equal(_SUIT_OF, k)
    ruff_risk = opp_void[:, _SUIT_OF] & opp_trump[:, None] & ~is_trump[None, :]
    good = bock & ~ruff_risk
    ours: np.ndarray = (seat & 1) == declarer_team
    trump_bock = good & is_trump[None, :] & (ours & opp_trump)[:, None]
    cash = np.where(good, keys["cash"], -_BIG).argmax(axis=1)
    pull = np.where(trump_bock, _STRENGTH[k], -_BIG).argmax(axis=1)
    low = _pick(bits, keys["low_lead"], highest=False)
    return np.where(trump_bock.any(axis=1), pull, np.where(good.any(axis=1), cash, low))
