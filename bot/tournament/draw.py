"""The Einzelschieber draw: tables and partners for every Passe, verifiable from a seed.

A draw seats ``players`` people (numbered 0 … N−1) at tables of four for ``passen`` Passen.
A table lists four seats in playing order; partners sit at positions 0/2 and 1/3. When N is
not a multiple of 4, ``None`` marks a computer seat.

What a good draw promises:
- nobody has the same partner twice while the Passen allow it (P ≤ N′−1 for N′ seats): the
  partners of Passe r are round r of a round robin of partnerships (the circle method), with
  the rounds in an order drawn from the seed;
- two people share a table as rarely as possible: the pairs of partners are put together at
  tables so that the people who met least meet now (a greedy start, then swaps of pairs
  between tables while they lower the count);
- for 16 players and up to 5 Passen nobody meets anybody twice: the five parallel classes of
  the affine plane of order 4 are the five Passen.
The seed decides the numbering behind the construction (a permutation of the players), the
order of the rounds and the order of the tables, so the same seed gives the same draw.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass

Seat = int | None
Table = tuple[Seat, Seat, Seat, Seat]

#: Rounds of partners tried per Passe: CANDIDATE_SEATS // seats (all of them up to 32 seats).
CANDIDATE_SEATS = 1024

#: Multiplication in GF(4) = {0, 1, a, a+1} written 0..3 (addition is XOR).
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


@dataclass(frozen=True)
class Draw:
    """The tables of every Passe; ``players`` people, the rest of the seats computers."""

    players: int
    passen: tuple[tuple[Table, ...], ...]

    def to_json(self) -> dict[str, list[list[list[int | None]]]]:
        return {"passen": [[list(table) for table in passe] for passe in self.passen]}

    def meetings(self) -> dict[tuple[int, int], int]:
        """How often each two people sat at the same table."""
        met: dict[tuple[int, int], int] = {}
        for passe in self.passen:
            for table in passe:
                people = sorted(p for p in table if p is not None)
                for pair in itertools.combinations(people, 2):
                    met[pair] = met.get(pair, 0) + 1
        return met

    def partnerships(self) -> dict[tuple[int, int], int]:
        """How often each two people were partners."""
        count: dict[tuple[int, int], int] = {}
        for passe in self.passen:
            for table in passe:
                for a, b in ((table[0], table[2]), (table[1], table[3])):
                    if a is not None and b is not None:
                        pair = (min(a, b), max(a, b))
                        count[pair] = count.get(pair, 0) + 1
        return count

    def table_mate_repeats(self) -> int:
        """Meetings beyond the first, summed over every two people."""
        return sum(n - 1 for n in self.meetings().values() if n > 1)

    def partner_repeats(self) -> int:
        return sum(n - 1 for n in self.partnerships().values() if n > 1)


def lower_bound(players: int, passen: int) -> int:
    """The counting bound on ``table_mate_repeats``: a Passe makes at least M meetings of two
    people (M = 6 a table, fewer where computers sit, spread as the draw spreads them), and only
    N(N−1)/2 pairs of people exist, so at least P·M − N(N−1)/2 meetings repeat. For N = 4n that is
    N(3P − (N−1))/2. Not always reachable (for 12 players the second Passe already seats at every
    table two people who met in the first: 4 people from 3 tables)."""
    tables = -(-players // 4)
    computers = 4 * tables - players
    per_table = [4 - computers // tables - (1 if t < computers % tables else 0) for t in range(tables)]
    meetings = passen * sum(k * (k - 1) // 2 for k in per_table)
    return max(0, meetings - players * (players - 1) // 2)


def draw(players: int, passen: int, seed: str | int) -> Draw:
    """The draw for ``players`` people over ``passen`` Passen, decided by ``seed``."""
    if players < 1 or passen < 1:
        raise ValueError("a draw needs at least one player and one Passe")
    rng = random.Random(f"jass-draw:{players}:{passen}:{seed}")
    seats = -(-players // 4) * 4
    label = list(range(seats))
    rng.shuffle(label)  # construction position -> seat number (numbers ≥ players are computers)
    if seats == 16 and players == 16 and passen <= 5:
        raw = _affine_plane_passen(passen, rng)
    else:
        raw = _round_robin_passen(seats, passen, rng, people=lambda s: label[s] < players)
    passen_out = []
    for passe in raw:
        tables = [tuple(label[s] if label[s] < players else None for s in table) for table in passe]
        rng.shuffle(tables)
        passen_out.append(tuple(tables))
    return Draw(players, tuple(passen_out))  # type: ignore[arg-type]


def _affine_plane_passen(passen: int, rng: random.Random) -> list[list[tuple[int, int, int, int]]]:
    """Parallel classes of AG(2, 4): points (x, y) numbered 4x + y; each class is a Passe."""
    classes = []
    for m in range(4):  # lines y = m·x + b
        classes.append([tuple(4 * x + (_GF4_MUL[m][x] ^ b) for x in range(4)) for b in range(4)])
    classes.append([tuple(4 * c + y for y in range(4)) for c in range(4)])  # lines x = c
    rng.shuffle(classes)
    return [[(t[0], t[1], t[2], t[3]) for t in cls] for cls in classes[:passen]]


def _rounds(seats: int) -> list[list[tuple[int, int]]]:
    """The circle method: seats−1 perfect matchings of 0 … seats−1, no pair twice."""
    n = seats
    out = []
    for r in range(n - 1):
        pairs = [(n - 1, r)]
        for k in range(1, n // 2):
            pairs.append(((r + k) % (n - 1), (r - k) % (n - 1)))
        out.append(pairs)
    return out


def _round_robin_passen(
    seats: int, passen: int, rng: random.Random, people: Callable[[int], bool]
) -> list[list[tuple[int, int, int, int]]]:
    rounds = _rounds(seats)
    rng.shuffle(rounds)
    computers = frozenset(s for s in range(seats) if not people(s))
    met = [[0] * seats for _ in range(seats)]
    out = []
    unused = list(range(len(rounds)))
    tries = max(1, CANDIDATE_SEATS // seats)  # rounds tried per Passe: all of them for small draws
    for _ in range(passen):
        if not unused:  # beyond seats−1 Passen partners must repeat: the rounds again
            unused = list(range(len(rounds)))
        best: tuple[int, int, list[tuple[int, int, int, int]]] | None = None
        for r in unused[:tries]:
            pairs = list(rounds[r])
            rng.shuffle(pairs)
            tables = _group_pairs(pairs, met, rng, computers)
            repeats = sum(met[x][y] for t in tables for x, y in itertools.combinations(t, 2))
            crowded = sum(max(0, sum(x in computers for x in t) - 1) for t in tables)
            repeats += 1000 * crowded  # two computers at one table: only when no round avoids it
            if best is None or repeats < best[0]:
                best = (repeats, r, tables)
        assert best is not None
        _, r, tables = best
        unused.remove(r)
        for a, b, c, d in tables:
            for x, y in itertools.combinations((a, b, c, d), 2):
                if people(x) and people(y):
                    met[x][y] += 1
                    met[y][x] += 1
        out.append(tables)
    return out


def _group_pairs(pairs: list[tuple[int, int]], met: list[list[int]], rng: random.Random,
                 computer: frozenset[int] = frozenset()) -> list[tuple[int, int, int, int]]:  # fmt: skip
    """Pairs of partners put together two by two, so that people who met least meet now (and
    computer seats spread over the tables, one at a table while there are tables enough)."""

    def cost(p: tuple[int, int], q: tuple[int, int]) -> int:
        # Meetings so far of the four new table-mates, squared so that a third meeting weighs more.
        together = sum(met[x][y] ** 2 + met[x][y] for x in p for y in q) + met[p[0]][p[1]] + met[q[0]][q[1]]
        computers = sum(x in computer for x in (*p, *q))
        return together + 1000 * computers * (computers - 1)

    left = list(pairs)
    tables: list[list[tuple[int, int]]] = []
    while left:  # greedy: each pair with the pair it met least
        p = left.pop()
        best = min(range(len(left)), key=lambda i: (cost(p, left[i]), i))
        tables.append([p, left.pop(best)])
    improved = True
    rounds = 0
    while improved and rounds < 20:  # swaps of pairs between two tables while they help
        improved = False
        rounds += 1
        order = list(range(len(tables)))
        rng.shuffle(order)
        for i, j in itertools.combinations(order, 2):
            (a, b), (c, d) = tables[i], tables[j]
            now = cost(a, b) + cost(c, d)
            if cost(a, c) + cost(b, d) < now:
                tables[i], tables[j] = [a, c], [b, d]
                improved = True
            elif cost(a, d) + cost(b, c) < now:
                tables[i], tables[j] = [a, d], [b, c]
                improved = True
    return [(p[0], q[0], p[1], q[1]) for p, q in tables]  # partners at 0/2 and 1/3
