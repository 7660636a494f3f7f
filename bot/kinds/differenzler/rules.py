"""Differenzler: four players each for themselves predict their card points; the penalty is the
miss (docs/rules-variants.md, Differenzler). Pure rules: the table engine plays the hands.

>>> penalty(55, 58), penalty(17, 17), penalty(0, 0)
(3, -10, 0)
>>> ranking([9, -1, 45, 37])
[1, 0, 3, 2]
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from bot.rules.cards import SUIT_OF
from bot.rules.hand import PlayedTrick
from bot.rules.individual import TOTAL, ranking  # noqa: F401 (ranking: the doctest)
from bot.rules.play import mask_points

EXACT_BONUS = 10
STOECK = 20
ZERO_BONUS = ("never", "needs_zero_trick")
STOECK_RULES = ("off", "add", "add_or_subtract")


def penalty(prediction: int, result: int, *, exact_bonus: int = EXACT_BONUS, zero_bonus: str = "never",
            won_zero_trick: bool = False) -> int:  # fmt: skip
    """The penalty of a hand (R4.6): the miss; an exact hit −``exact_bonus``, except a zero
    prediction, which earns it only with ``zero_bonus = "needs_zero_trick"`` and a trick won
    that was worth nothing."""
    if not 0 <= prediction <= TOTAL:
        raise ValueError(f"a prediction is 0 to {TOTAL}, not {prediction!r}")
    if zero_bonus not in ZERO_BONUS:
        raise ValueError(f"zero_bonus is one of {', '.join(ZERO_BONUS)}, not {zero_bonus!r}")
    miss = abs(prediction - result)
    if miss:
        return miss
    if prediction == 0:
        return -exact_bonus if zero_bonus == "needs_zero_trick" and won_zero_trick else 0
    return -exact_bonus


def zero_tricks(tricks: Sequence[PlayedTrick]) -> list[bool]:
    """Whether each seat won a trick worth nothing (for ``needs_zero_trick``)."""
    out = [False] * 4
    for n, trick in enumerate(tricks, start=1):
        if trick.taken(n) == 0:
            out[trick.winner] = True
    return out


def with_stoeck(prediction: int, result: int, rule: str) -> int:
    """The Stöck holder's result under ``rule`` (R4.8): ``off`` as it is, ``add`` +20,
    ``add_or_subtract`` ±20, whichever misses the prediction by less."""
    if rule == "off":
        return result
    if rule == "add":
        return result + STOECK
    if rule == "add_or_subtract":
        return min(result + STOECK, result - STOECK, key=lambda r: (abs(prediction - r), r))
    raise ValueError(f"stoeck is one of {', '.join(STOECK_RULES)}, not {rule!r}")


def random_trump(seed: str) -> int:
    """The trump suit drawn for a hand (``random``, the default: independent of the deal)."""
    return hashlib.sha256((seed + ":trump").encode("utf-8")).digest()[0] % 4


def bottom_card(hands: Sequence[int], dealer: int, deck: Sequence[int]) -> int:
    """``bottom_card``: the pack's last card, the dealer's last one dealt; its suit is trump."""
    card = deck[-1]
    if not hands[dealer] >> card & 1:
        raise ValueError("the bottom card is the dealer's")
    return card


def trump_of(card: int) -> int:
    return SUIT_OF[card]


def prediction_order(dealer: int) -> list[int]:
    """Open predictions: forehand first, anticlockwise, the dealer last (V27)."""
    return [(dealer + 1 + i) % 4 for i in range(4)]


def dealer_credit(predictions: Sequence[int]) -> int:
    """Three players (option, flagged): 1 point per full 5 by which the predictions miss 157 (V34)."""
    return abs(TOTAL - sum(predictions)) // 5


def points_of(cards: Sequence[int], trump: int) -> int:
    """Card points of some cards under ``trump`` (a trump contract)."""
    return mask_points(sum(1 << c for c in set(cards)), trump)
