"""What every game of individuals shares: a hand's card points per seat and the ranking by the lowest total.

>>> ranking([9, -1, 45, 37])
[1, 0, 3, 2]
"""

from __future__ import annotations

from collections.abc import Sequence

from .hand import PlayedTrick

#: The card points of a hand, the last trick's 5 included.
TOTAL = 157


def results(tricks: Sequence[PlayedTrick]) -> list[int]:
    """Each seat's card points of a hand: its tricks' points, +5 for trick 9 (no Match bonus)."""
    out = [0, 0, 0, 0]
    for n, trick in enumerate(tricks, start=1):
        out[trick.winner] += trick.taken(n)
    return out


def ranking(totals: Sequence[int]) -> list[int]:
    """Seats from the lowest total (the winner) to the highest; equal totals keep seat order."""
    return sorted(range(len(totals)), key=lambda s: (totals[s], s))
