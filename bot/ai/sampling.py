"""Deals of the hidden cards consistent with everything a seat knows (determinisation)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import numpy as np

from bot.rules.cards import cards_of
from bot.rules.weis import find_weis

from .knowledge import Knowledge, allowed_cards

#: Bits of the cards that can start a run of three in their suit (the Six up to the Ober).
RUN_STARTS = sum(0b1111111 << (9 * suit) for suit in range(4))
WEIS_TRIES = 60  # deals drawn at most for one that agrees with every seat's Weis


def sample_worlds(k: Knowledge, n: int, rng: random.Random, tries: int = 20) -> np.ndarray:
    """``n`` deals as an ``(n, 4)`` uint64 array: the seat's own hand, the others' hands drawn
    from the unseen cards so that every void, declared Weis and Stöck is respected, and (with
    automatic Weis, after trick 1) so that no seat would have declared other Weis than it did."""
    others = [s for s in range(4) if s != k.seat]
    allowed = {s: allowed_cards(k, s) for s in others}
    fixed = {s: k.must_hold[s] & k.unseen for s in others}
    free = k.unseen
    for s in others:
        free &= ~fixed[s]
    need = {s: k.hand_sizes[s] - fixed[s].bit_count() for s in others}
    # Cards only some of the others may hold are placed first (most constrained first);
    # the rest are shuffled into the places left.
    constrained: list[tuple[int, list[int]]] = []
    loose: list[tuple[int, list[int]]] = []
    for c in cards_of(free):
        seats = [s for s in others if allowed[s] >> c & 1]
        (loose if len(seats) == len(others) else constrained).append((c, seats))
    constrained.sort(key=lambda cs: len(cs[1]))
    loose_cards = [c for c, _ in loose]

    def draw() -> list[int]:
        for _ in range(tries):
            deal = _draw(constrained, loose_cards, need, fixed, rng)
            if deal is not None:
                return deal
        # The inferences contradict each other (should not happen): ignore voids.
        deal = _draw([], [c for c, _ in constrained] + loose_cards, need, fixed, rng)
        assert deal is not None
        return deal

    weis_ok = weis_check(k)
    out = np.empty((n, 4), dtype=np.uint64)
    for i in range(n):
        deal = draw()
        if weis_ok is not None:
            for _ in range(WEIS_TRIES - 1):  # after that many misses the deal is kept as it is
                if weis_ok(deal):
                    break
                deal = draw()
        deal[k.seat] = k.hand
        out[i] = deal
    return out


def weis_check(k: Knowledge) -> Callable[[list[int]], bool] | None:
    """With every seat's Weis public (:attr:`Knowledge.all_weis`): a test whether the other
    seats' hands of a deal (plus the cards each has played) declare exactly those Weis."""
    if k.all_weis is None or k.weis_rules is None:
        return None
    rules, contract = k.weis_rules, k.contract
    others = [s for s in range(4) if s != k.seat]
    declared = {s: frozenset(w.mask for w in k.all_weis.get(s, ())) for s in others}
    played = k.played_by

    def agrees(deal: list[int]) -> bool:
        for s in others:
            start = deal[s] | played[s]
            if not declared[s] and not may_hold_weis(start):
                continue
            if frozenset(w.mask for w in find_weis(start, contract, rules)) != declared[s]:
                return False
        return True

    return agrees


def may_hold_weis(hand: int) -> bool:
    """Whether ``hand`` has three cards in a row in a suit or four cards of a rank (a cheap
    test: only such hands can declare a Weis)."""
    if hand & (hand >> 1) & (hand >> 2) & RUN_STARTS:
        return True
    return bool(hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 0x1FF)


def _draw(
    constrained: list[tuple[int, list[int]]],
    loose: list[int],
    need: dict[int, int],
    fixed: dict[int, int],
    rng: random.Random,
) -> list[int] | None:
    left = dict(need)
    hands = [0, 0, 0, 0]
    for s, mask in fixed.items():
        hands[s] = mask
    for c, seats in constrained:
        open_seats = [s for s in seats if left[s] > 0]
        if not open_seats:
            return None
        if len(open_seats) == 1:
            s = open_seats[0]
        else:
            r = rng.random() * sum(left[s] for s in open_seats)
            for s in open_seats:
                r -= left[s]
                if r < 0:
                    break
        hands[s] |= 1 << c
        left[s] -= 1
    cards = loose[:]
    rng.shuffle(cards)
    pos = 0
    for s, count in left.items():
        for c in cards[pos : pos + count]:
            hands[s] |= 1 << c
        pos += count
    return hands


def all_deals(k: Knowledge, limit: int) -> list[list[int]] | None:
    """Every deal of the unseen cards to the other three seats that agrees with what ``k`` knows
    (voids, cards known to be held, every seat's Weis), the seat's own hand in it; ``None`` when
    there are more than ``limit`` to try (then deals are drawn instead)."""
    others = [s for s in range(4) if s != k.seat]
    allowed = {s: allowed_cards(k, s) for s in others}
    fixed = {s: k.must_hold[s] & k.unseen for s in others}
    free = k.unseen & ~(fixed[others[0]] | fixed[others[1]] | fixed[others[2]])
    need = [k.hand_sizes[s] - fixed[s].bit_count() for s in others]
    cards = cards_of(free)
    if min(need) < 0 or sum(need) != len(cards):
        return None
    if math.comb(len(cards), need[0]) * math.comb(len(cards) - need[0], need[1]) > limit:
        return None
    check = weis_check(k)
    out = []
    for first in itertools.combinations(cards, need[0]):
        a = sum(1 << c for c in first) | fixed[others[0]]
        if a & ~allowed[others[0]]:
            continue
        rest = [c for c in cards if not a >> c & 1]
        for second in itertools.combinations(rest, need[1]):
            b = sum(1 << c for c in second) | fixed[others[1]]
            if b & ~allowed[others[1]]:
                continue
            c = sum(1 << x for x in rest if x not in second) | fixed[others[2]]
            if c & ~allowed[others[2]]:
                continue
            deal = [0, 0, 0, 0]
            deal[k.seat] = k.hand
            deal[others[0]], deal[others[1]], deal[others[2]] = a, b, c
            if check is None or check(deal):
                out.append(deal)
    return out
