"""Einzelschieber scoring: each player's points per Passe, which Passen count, ranks and ties.

A player scores, in every Passe, the points their team made at their table. Their result is
the sum of the Passen that count: all of them, all but the worst (the Streichresultat), or the
best k. Ties are broken by the best single counting Passe, then the second best, and so on;
players still equal share the rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

CountKind = Literal["all", "drop_worst", "best"]


@dataclass(frozen=True)
class Counting:
    """Which Passen count: ``all``, ``drop_worst`` (the worst one struck) or the ``best`` k."""

    kind: CountKind = "all"
    k: int = 0  # with "best": how many

    def counted(self, points: Sequence[int]) -> list[int]:
        """Indices of the Passen that count (a missing Passe, e.g. after a drop, counts as 0)."""
        order = sorted(range(len(points)), key=lambda i: (-points[i], i))
        if self.kind == "drop_worst" and len(points) > 1:
            return sorted(order[:-1])
        if self.kind == "best":
            return sorted(order[: self.k])
        return list(range(len(points)))


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    total: int  # the counting Passen
    passen: tuple[int, ...]  # points of every Passe
    counted: tuple[int, ...]  # indices of the Passen that count
    tie_break: tuple[int, ...]  # the counting Passen, best first (what breaks a tie)


def standings(points: Mapping[int, Sequence[int | None]], counting: Counting = Counting()) -> list[Standing]:
    """Every player ranked; ``points[player][passe]`` (None: did not play it, counts 0)."""
    rows = []
    for player, raw in points.items():
        played = tuple(p or 0 for p in raw)
        counted = tuple(counting.counted(played))
        total = sum(played[i] for i in counted)
        tie_break = tuple(sorted((played[i] for i in counted), reverse=True))
        rows.append((player, total, played, counted, tie_break))
    rows.sort(key=lambda r: (-r[1], tuple(-p for p in r[4]), r[0]))
    out: list[Standing] = []
    for i, (player, total, played, counted, tie_break) in enumerate(rows):
        if out and (out[-1].total, out[-1].tie_break) == (total, tie_break):
            rank = out[-1].rank
        else:
            rank = i + 1
        out.append(Standing(player, rank, total, played, counted, tie_break))
    return out


def penalty_standings(points: Mapping[int, Sequence[int | None]], exact: Mapping[int, int]) -> list[Standing]:
    """Einzel-Differenzler: every player ranked by total penalty (the lowest first; every Passe
    counts, one not played counts 0), ties by more exact predictions; players still equal share
    the rank. ``tie_break`` holds the exact predictions."""
    rows = []
    for player, raw in points.items():
        played = tuple(p or 0 for p in raw)
        rows.append((player, sum(played), played, exact.get(player, 0)))
    rows.sort(key=lambda r: (r[1], -r[3], r[0]))
    out: list[Standing] = []
    for i, (player, total, played, hits) in enumerate(rows):
        same = out and (out[-1].total, out[-1].tie_break) == (total, (hits,))
        rank = out[-1].rank if same else i + 1
        out.append(Standing(player, rank, total, played, tuple(range(len(played))), (hits,)))
    return out


def passe_points(tables: Sequence[Sequence[int | None]], team_points: Sequence[tuple[int, int]]) -> dict[int, int]:
    """Each person's points in one Passe: their team's points at their table (seats 0/2 are team
    0, seats 1/3 team 1; computer seats, ``None``, score nothing for anybody)."""
    out: dict[int, int] = {}
    for table, (a, b) in zip(tables, team_points, strict=True):
        for seat, player in enumerate(table):
            if player is not None:
                out[player] = a if seat % 2 == 0 else b
    return out
