"""Partnerschieber: which pair meets which in each round.

Up to 8 pairs play a round robin (every pair meets every other once; with an odd number, one
pair a round plays against computers). More pairs are paired Swiss-style: the pairs sorted
by their totals, each meets the best-placed pair it has not met yet (a backtracking search
keeps rematches out while any pairing without one exists); with an odd number the lowest
pair that has not had one gets the computers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

Match = tuple[int, int | None]  # (pair, opposing pair), None: against two computer players
ROUND_ROBIN_MAX = 8


def round_robin(pairs: int, rounds: int, seed: str | int = 0) -> list[list[Match]]:
    """``rounds`` rounds of a round robin of ``pairs`` pairs (the circle method, order from the seed)."""
    if pairs < 2:
        raise ValueError("a Partnerschieber needs at least two pairs")
    slots = pairs + pairs % 2  # an odd number: a slot for "the computers"
    circle: list[int | None] = [*range(pairs), *([None] if pairs % 2 else [])]
    rng = random.Random(f"jass-pairs:{pairs}:{seed}")
    rng.shuffle(circle)
    schedule = []
    for r in range(slots - 1):
        order = circle[:1] + circle[1:][-r:] + circle[1:][:-r] if r else circle
        matches: list[Match] = []
        for k in range(slots // 2):
            a, b = order[k], order[slots - 1 - k]
            if a is None:
                a, b = b, None
            assert a is not None
            matches.append((a, b))
        schedule.append(matches)
    return [schedule[r % len(schedule)] for r in range(rounds)]


def swiss_round(totals: Mapping[int, int], met: set[frozenset[int]], byes: set[int]) -> list[Match]:
    """One round: pairs with similar totals meet, no rematch while one can be avoided.

    ``totals``: every pair's points so far; ``met``: the meetings so far; ``byes``: the pairs
    that played against computers already.
    """
    order = sorted(totals, key=lambda p: (-totals[p], p))
    bye: int | None = None
    if len(order) % 2:
        bye = next((p for p in reversed(order) if p not in byes), order[-1])
        order.remove(bye)
    matches = _pair_up(order, met) or _pair_up(order, set())  # rematches only when unavoidable
    assert matches is not None
    return [*matches, *([(bye, None)] if bye is not None else [])]


def _pair_up(order: list[int], met: set[frozenset[int]]) -> list[Match] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair_up(rest[:i] + rest[i + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def pair_round(totals: Mapping[int, int], met: set[frozenset[int]], byes: set[int], round_no: int,
               seed: str | int = 0) -> list[Match]:  # fmt: skip
    """Round ``round_no`` (0-based): the round robin up to 8 pairs, else Swiss-style."""
    if len(totals) <= ROUND_ROBIN_MAX:
        return round_robin(len(totals), round_no + 1, seed)[round_no]
    if round_no == 0:  # nothing to go by yet: a seeded draw
        order = sorted(totals)
        random.Random(f"jass-swiss:{len(order)}:{seed}").shuffle(order)
        return swiss_round({p: -i for i, p in enumerate(order)}, met, byes)
    return swiss_round(totals, met, byes)
