"""Shuffling from a seed, dealing in threes, first forehand and rotation (docs/rules.md §4).

The shuffle is a documented function of a text seed, so anyone can re-derive a deal:

1. Start from the deck in card order ``0..35`` (``eichel-6 … eichel-A, rose-6 … schilte-A``).
2. Byte stream: ``SHA-256(seed_utf8 + b":" + n)`` for n = 0, 1, 2 … (n as 8-byte big-endian),
   concatenated; read it as 8-byte big-endian unsigned integers ``x``.
3. Fisher–Yates: for ``i`` from 35 down to 1, draw ``x`` until ``x < 2**64 - 2**64 % (i+1)``
   (rejection keeps it uniform), ``j = x % (i+1)``, swap ``deck[i]`` and ``deck[j]``.
4. Deal: ``deck[k]`` goes to seat ``(dealer + 1 + k // 3) % 4`` (packets of three from the
   dealer's right).

>>> deck = shuffle_deck("example")
>>> sorted(deck) == list(range(36))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence

from .cards import FULL_DECK, Rank, Suit
from .ruleset import RuleSet

ROSE_SEVEN = Suit.ROSE * 9 + Rank.SEVEN
_TWO64 = 1 << 64


def _stream(seed: str) -> Iterator[int]:
    base = seed.encode("utf-8") + b":"
    n = 0
    while True:
        block = hashlib.sha256(base + n.to_bytes(8, "big")).digest()
        for k in range(0, 32, 8):
            yield int.from_bytes(block[k : k + 8], "big")
        n += 1


def shuffle_deck(seed: str) -> list[int]:
    """The 36 card ints in shuffled order, a pure function of ``seed``."""
    deck = list(range(36))
    draws = _stream(seed)
    for i in range(35, 0, -1):
        bound = i + 1
        limit = _TWO64 - _TWO64 % bound
        x = next(draws)
        while x >= limit:
            x = next(draws)
        j = x % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(deck: Sequence[int], dealer: int) -> list[int]:
    """Hands as masks, index = seat: packets of three anticlockwise from ``dealer + 1``."""
    hands = [0, 0, 0, 0]
    for k, card in enumerate(deck):
        hands[(dealer + 1 + k // 3) & 3] |= 1 << card
    if len(deck) != 36 or hands[0] | hands[1] | hands[2] | hands[3] != FULL_DECK:
        raise ValueError("a deck must hold each of the 36 cards once")
    return hands


def seat_of(hands: Sequence[int], card: int) -> int:
    """The seat whose hand holds ``card``."""
    for seat, hand in enumerate(hands):
        if hand >> card & 1:
            return seat
    raise ValueError(f"card {card} is in no hand")


def first_forehand(hands: Sequence[int], dealer: int, rules: RuleSet) -> int:
    """Forehand of the first hand: the Rose-7 holder, or the dealer's right-hand neighbour."""
    if rules.first_forehand == "rose7":
        return seat_of(hands, ROSE_SEVEN)
    return (dealer + 1) % 4


def next_dealer(forehand: int) -> int:
    """The forehand of a hand deals the next one (shoving changes nothing)."""
    return forehand


def forehand_of(dealer: int) -> int:
    """From the second hand on, forehand sits to the dealer's right."""
    return (dealer + 1) % 4
