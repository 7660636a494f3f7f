"""Stöck: trump King and Ober in one hand (docs/rules.md §11)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Rank

STOECK_POINTS = 20

#: Mask of trump King + Ober for each trump suit.
STOECK_MASK = tuple((1 << (s * 9 + Rank.KING)) | (1 << (s * 9 + Rank.OBER)) for s in range(4))


def has_stoeck(hand: int, contract: int) -> bool:
    """True when ``hand`` holds the trump King and Ober (never in Obenabe/Undenufe)."""
    return contract < 4 and hand & STOECK_MASK[contract] == STOECK_MASK[contract]


def stoeck_seat(hands: Sequence[int], contract: int) -> int | None:
    """The seat whose hand holds Stöck, or ``None``."""
    for seat, hand in enumerate(hands):
        if has_stoeck(hand, contract):
            return seat
    return None
