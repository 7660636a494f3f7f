"""Random legal play-outs on masks: the engine of benchmarks, property tests and search.

A play-out plays every remaining card of a hand, each player choosing uniformly among
its legal cards, and returns the card points and tricks of each team.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import SUIT_MASKS, SUIT_OF
from .tables import POINTS, POWER, PUUR, TRUMP_ABOVE, TRUMP_STRENGTH


def pick(mask: int, rnd: Callable[[], float]) -> int:
    """A uniformly chosen card int of a non-empty ``mask``."""
    k = int(rnd() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_playout(
    hands: list[int],
    contract: int,
    leader: int,
    rnd: Callable[[], float],
    trump_anytime: bool = True,
    undertrump_when_void: bool = False,
    puur_exemption: bool = True,
    legacy_undenufe: bool = False,
) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """Play the hands (masks, modified in place) to the end from an empty trick.

    Returns (card points per team incl. the +5 of the last trick, tricks per team,
    the tricks in play order as tuples of card ints).  Legal moves are those of
    :func:`bot.rules.play.legal_mask`, inlined here for speed.
    """
    values = POINTS[legacy_undenufe][contract]
    trump = contract if contract < 4 else -1
    trump_mask = SUIT_MASKS[contract] if contract < 4 else 0
    puur = PUUR[contract] if contract < 4 else -1
    points = [0, 0]
    won = [0, 0]
    played: list[tuple[int, ...]] = []
    n_tricks = hands[0].bit_count()
    for t in range(n_tricks):
        seat = leader
        hand = hands[seat]
        card = pick(hand, rnd)
        hands[seat] = hand & ~(1 << card)
        lead = SUIT_OF[card]
        lead_mask = SUIT_MASKS[lead]
        power = POWER[contract * 4 + lead]
        trick = [card]
        best_seat, best_power = seat, power[card]
        hi_card = card if lead == trump else -1
        for _ in range(3):
            seat = (seat + 1) & 3
            hand = hands[seat]
            follow = hand & lead_mask
            if trump < 0:
                legal = follow or hand
            else:
                trumps = hand & trump_mask
                if lead == trump:
                    legal = hand if not trumps or (puur_exemption and trumps == puur) else trumps
                elif hi_card < 0:
                    if not follow:
                        legal = hand
                    else:
                        legal = follow | trumps if trump_anytime else follow
                elif trumps == hand:
                    legal = hand
                else:
                    up = trumps & TRUMP_ABOVE[hi_card]
                    if follow:
                        legal = follow | up if trump_anytime else follow
                    elif undertrump_when_void:
                        legal = hand
                    else:
                        legal = (hand & ~trumps) | up
            card = pick(legal, rnd)
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            p = power[card]
            if p > best_power:
                best_seat, best_power = seat, p
            if SUIT_OF[card] == trump and (hi_card < 0 or TRUMP_STRENGTH[card] > TRUMP_STRENGTH[hi_card]):
                hi_card = card
        team = best_seat & 1
        pts = values[trick[0]] + values[trick[1]] + values[trick[2]] + values[trick[3]]
        if t == n_tricks - 1:
            pts += 5
        points[team] += pts
        won[team] += 1
        played.append(tuple(trick))
        leader = best_seat
    return points, won, played
