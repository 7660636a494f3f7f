"""Precomputed tables for the mask-level hot paths (docs/rules.md §3, §7).

All tables are plain tuples indexed by card int, built once at import.
"""

from __future__ import annotations

from .cards import NUM_CARDS, RANK_OF, SUIT_OF, Rank

#: Trump order strength of a natural rank: 6 < 7 < 8 < 10 < O < K < A < 9 (Näll) < U (Puur).
TRUMP_STRENGTH_OF_RANK = (0, 1, 2, 7, 3, 8, 4, 5, 6)
TRUMP_STRENGTH = tuple(TRUMP_STRENGTH_OF_RANK[RANK_OF[c]] for c in range(NUM_CARDS))

#: Mask of the trump cards (same suit) that beat card ``c`` in trump order.
TRUMP_ABOVE = tuple(
    sum(1 << (SUIT_OF[c] * 9 + r) for r in range(9) if TRUMP_STRENGTH_OF_RANK[r] > TRUMP_STRENGTH[c])
    for c in range(NUM_CARDS)
)

PUUR = tuple(1 << (s * 9 + Rank.UNDER) for s in range(4))
NAELL = tuple(1 << (s * 9 + Rank.NINE) for s in range(4))

_TRUMP_VALUES = (0, 0, 0, 14, 10, 20, 3, 4, 11)  # 6 7 8 9 10 U O K A
_PLAIN_VALUES = (0, 0, 0, 0, 10, 2, 3, 4, 11)
_NO_TRUMP_VALUES = (0, 0, 8, 0, 10, 2, 3, 4, 11)  # Obenabe, legacy Undenufe
_UNDENUFE_VALUES = (11, 0, 8, 0, 10, 2, 3, 4, 0)  # modern Undenufe


def _points(contract: int, legacy: bool) -> tuple[int, ...]:
    out = []
    for c in range(NUM_CARDS):
        r = RANK_OF[c]
        if contract < 4:
            out.append(_TRUMP_VALUES[r] if SUIT_OF[c] == contract else _PLAIN_VALUES[r])
        elif contract == 5 and not legacy:
            out.append(_UNDENUFE_VALUES[r])
        else:
            out.append(_NO_TRUMP_VALUES[r])
    return tuple(out)


#: ``POINTS[legacy][contract][card]``: card points (Augen); legacy = old Undenufe values.
POINTS = tuple(tuple(_points(k, legacy) for k in range(6)) for legacy in (False, True))


def _power(contract: int, lead: int) -> tuple[int, ...]:
    out = []
    for c in range(NUM_CARDS):
        s, r = SUIT_OF[c], RANK_OF[c]
        if contract < 4 and s == contract:
            out.append(20 + TRUMP_STRENGTH[c])
        elif s == lead:
            out.append(10 + (8 - r if contract == 5 else r))
        else:
            out.append(0)
    return tuple(out)


#: ``POWER[contract * 4 + lead_suit][card]``: the highest power in a trick wins it.
POWER = tuple(_power(k, lead) for k in range(6) for lead in range(4))
