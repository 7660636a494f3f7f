"""Legal moves and trick evaluation on card ints and masks (docs/rules.md §6, §7).

These are the hot paths used by the table engine and computer players;
:mod:`bot.rules.facade` wraps them for :class:`~bot.rules.cards.Card` objects.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASKS, SUIT_OF
from .tables import POINTS, POWER, PUUR, TRUMP_ABOVE, TRUMP_STRENGTH

# Why a card is not legal, for messages (docs/rules.md §6.2).
MUST_FOLLOW = "must_follow_suit"
MUST_FOLLOW_NO_TRUMP = "must_follow_suit_no_trumping"
MUST_PLAY_TRUMP = "must_play_trump"
NO_UNDERTRUMP = "no_undertrump"
NOT_IN_HAND = "not_in_hand"


def legal_mask(
    hand: int,
    trick: Sequence[int],
    contract: int,
    trump_anytime: bool = True,
    undertrump_when_void: bool = False,
    puur_exemption: bool = True,
) -> int:
    """The mask of legal cards of ``hand`` given the cards already in ``trick`` (play order).

    Implements the decision procedure of docs/rules.md §6.2 line by line.
    """
    if not trick:
        return hand
    lead = SUIT_OF[trick[0]]
    follow = hand & SUIT_MASKS[lead]
    if contract >= 4:
        return follow or hand
    trumps = hand & SUIT_MASKS[contract]
    if lead == contract:
        if not trumps or (puur_exemption and trumps == PUUR[contract]):
            return hand
        return trumps
    hi = -1
    for c in trick:
        if SUIT_OF[c] == contract and TRUMP_STRENGTH[c] > hi:
            hi, top = TRUMP_STRENGTH[c], c
    if hi < 0:
        if not follow:
            return hand
        return follow | trumps if trump_anytime else follow
    if trumps == hand:
        return hand
    up = trumps & TRUMP_ABOVE[top]
    if follow:
        return follow | up if trump_anytime else follow
    if undertrump_when_void:
        return hand
    return (hand & ~trumps) | up


def illegal_reason(
    card: int,
    hand: int,
    trick: Sequence[int],
    contract: int,
    trump_anytime: bool = True,
    undertrump_when_void: bool = False,
    puur_exemption: bool = True,
) -> str | None:
    """``None`` if ``card`` is legal, else a stable code saying which rule forbids it."""
    if not hand >> card & 1:
        return NOT_IN_HAND
    legal = legal_mask(hand, trick, contract, trump_anytime, undertrump_when_void, puur_exemption)
    if legal >> card & 1:
        return None
    lead = SUIT_OF[trick[0]]
    if contract < 4 and lead == contract:
        return MUST_PLAY_TRUMP
    if contract < 4 and SUIT_OF[card] == contract:
        return NO_UNDERTRUMP if trump_anytime or not hand & SUIT_MASKS[lead] else (MUST_FOLLOW_NO_TRUMP)
    return MUST_FOLLOW


def trick_winner_index(trick: Sequence[int], contract: int) -> int:
    """Index into ``trick`` (0 = leader) of the card that wins it."""
    power = POWER[contract * 4 + SUIT_OF[trick[0]]]
    best, best_power = 0, power[trick[0]]
    for i in range(1, len(trick)):
        p = power[trick[i]]
        if p > best_power:
            best, best_power = i, p
    return best


def trick_points(trick: Sequence[int], contract: int, legacy_undenufe: bool = False) -> int:
    """Card points in ``trick`` (without the +5 of the last trick)."""
    values = POINTS[legacy_undenufe][contract]
    return sum(values[c] for c in trick)


def mask_points(mask: int, contract: int, legacy_undenufe: bool = False) -> int:
    """Card points of every card in ``mask``."""
    values = POINTS[legacy_undenufe][contract]
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total
