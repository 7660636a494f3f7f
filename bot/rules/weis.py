"""Weis: detection, values, comparison and the team rule (docs/rules.md §10).

>>> from bot.rules.cards import parse_cards, to_mask
>>> hand = to_mask(parse_cards("rose-7 rose-8 rose-9 rose-10 rose-U eichel-U schelle-U schilte-U eichel-6"))
>>> sum(w.points for w in find_weis(hand, 1, RuleSet()))
300
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .cards import ALL_CARDS, Card, Rank, cards_of
from .ruleset import RuleSet

SEQUENCE = "sequence"
QUARTET = "quartet"

#: Points of a sequence by length (index = number of cards) for each ``weis_sequences``.
SEQUENCE_VALUES: dict[str, tuple[int, ...]] = {
    "big": (0, 0, 0, 20, 50, 100, 150, 200, 250, 300),
    "small": (0, 0, 0, 20, 50, 100, 100, 100, 100, 100),
    "plus20": (0, 0, 0, 20, 50, 100, 120, 140, 160, 180),
}


@dataclass(frozen=True, order=True)
class Weis:
    """One declared combination: a sequence (Blatt) or four of a kind."""

    kind: str
    mask: int
    points: int
    low: int  # natural rank of the lowest card (a quartet: its rank)
    high: int  # natural rank of the highest card
    suit: int | None = None  # sequences only

    @property
    def length(self) -> int:
        return self.mask.bit_count()

    @property
    def cards(self) -> list[Card]:
        return [ALL_CARDS[c] for c in cards_of(self.mask)]

    def __str__(self) -> str:
        return f"{self.kind}({' '.join(map(str, self.cards))})={self.points}"


def _runs(m9: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs (start, length) of length >= 3 in a 9-bit rank mask."""
    runs, r = [], 0
    while r < 9:
        if m9 >> r & 1:
            start = r
            while r < 9 and m9 >> r & 1:
                r += 1
            if r - start >= 3:
                runs.append((start, r - start))
        else:
            r += 1
    return tuple(runs)


_RUNS = tuple(_runs(m) for m in range(512))


def sequence(suit: int, low: int, length: int, rules: RuleSet) -> Weis:
    """The sequence Weis of ``length`` cards in ``suit`` starting at natural rank ``low``."""
    mask = ((1 << length) - 1) << (suit * 9 + low)
    points = SEQUENCE_VALUES[rules.weis_sequences][length]
    return Weis(SEQUENCE, mask, points, low, low + length - 1, suit)


def quartet_points(rank: int, contract: int, rules: RuleSet) -> int:
    """Value of four cards of ``rank`` (0 when they do not count)."""
    if rank == Rank.UNDER:
        return 200
    if rank == Rank.NINE:
        return rules.four_nines
    if rank >= Rank.TEN:
        return 100
    if rules.low_quartets == "always":
        return 100
    if rules.low_quartets == "sixes_in_undenufe_only":
        return 100 if rank == Rank.SIX and contract == 5 else 0
    return 0


def _quartets(hand: int, contract: int, rules: RuleSet) -> list[Weis]:
    common = hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 0x1FF
    out = []
    for rank in range(9):
        if common >> rank & 1:
            points = quartet_points(rank, contract, rules)
            if points:
                mask = sum(1 << (s * 9 + rank) for s in range(4))
                out.append(Weis(QUARTET, mask, points, rank, rank))
    return out


def _declared_sequences(hand: int, rules: RuleSet) -> list[Weis]:
    out = []
    for suit in range(4):
        for low, length in _RUNS[hand >> (9 * suit) & 0x1FF]:
            if rules.weis_sequences == "small" and length >= 8:
                # "Hundert vom As und Fünfzig vom Neun": top five plus the rest.
                out.append(sequence(suit, low + length - 5, 5, rules))
                out.append(sequence(suit, low, length - 5, rules))
            else:
                out.append(sequence(suit, low, length, rules))
    return out


def _suit_sequences(m9: int, suit: int, rules: RuleSet) -> list[Weis]:
    """Every sequence of 3 or more cards inside the runs of one suit's 9-bit mask."""
    out = []
    for low, length in _RUNS[m9]:
        for n in range(3, length + 1):
            for start in range(low, low + length - n + 1):
                out.append(sequence(suit, start, n, rules))
    return out


def find_weis(hand: int, contract: int, rules: RuleSet) -> list[Weis]:
    """Every Weis a 9-card hand declares under ``rules`` (empty when Weis is off).

    With ``kreuzweis`` a card may be in a sequence and a quartet; without it the
    card-disjoint selection with the highest total is chosen (docs/rules.md §10.2).
    """
    if not rules.weis_enabled:
        return []
    quartets = _quartets(hand, contract, rules)
    if rules.kreuzweis:
        return _declared_sequences(hand, rules) + quartets
    return _best_disjoint(hand, quartets, contract, rules)


#: A partial selection: (points, strongest single Weis, number of Weis, the Weis).
_Partial = tuple[int, tuple[int, ...], int, tuple[Weis, ...]]


def _pareto(options: list[_Partial]) -> list[_Partial]:
    """The selections no other beats on every count (more points, a stronger top, fewer Weis)."""
    options.sort(key=lambda o: (-o[0], tuple(-x for x in o[1]), o[2]))
    kept: list[_Partial] = []
    for o in options:
        if not any(k[0] >= o[0] and k[1] >= o[1] and k[2] <= o[2] for k in kept):
            kept.append(o)
    return kept


def _suit_selections(m9: int, suit: int, contract: int, rules: RuleSet) -> list[_Partial]:
    """The card-disjoint selections of sequences within one suit (few: one suit has 9 cards)."""
    candidates = _suit_sequences(m9, suit, rules)
    out: list[_Partial] = []

    def walk(i: int, used: int, chosen: tuple[Weis, ...]) -> None:
        if i == len(candidates):
            top = max((strength(w, contract, rules) for w in chosen), default=())
            out.append((sum(w.points for w in chosen), top, len(chosen), chosen))
            return
        w = candidates[i]
        if not w.mask & used:
            walk(i + 1, used | w.mask, (*chosen, w))
        walk(i + 1, used, chosen)

    walk(0, 0, ())
    return _pareto(out)


def _best_disjoint(hand: int, quartets: list[Weis], contract: int, rules: RuleSet) -> list[Weis]:
    """The card-disjoint Weis with the highest total, then the strongest single Weis, then the
    fewest. Quartets (one card of each suit, at most nine of them) are tried in every
    combination; the sequences of each suit are then chosen independently, keeping only the
    selections no other beats, so the work grows with the number of quartet combinations
    times four suits, not with the subsets of all candidates."""
    best_key: tuple[int, tuple[int, ...], int] | None = None
    best: tuple[Weis, ...] = ()
    for pick in range(1 << len(quartets)):
        chosen = tuple(q for i, q in enumerate(quartets) if pick >> i & 1)
        used = sum(q.mask for q in chosen)
        top = max((strength(q, contract, rules) for q in chosen), default=())
        front: list[_Partial] = [(sum(q.points for q in chosen), top, len(chosen), chosen)]
        for suit in range(4):
            free = (hand & ~used) >> (9 * suit) & 0x1FF
            options = _suit_selections(free, suit, contract, rules)
            front = _pareto([(p + q, max(t, u), n + k, ws + vs) for p, t, n, ws in front for q, u, k, vs in options])
        for points, strongest, count, weis in front:
            key = (points, strongest, -count)
            if weis and (best_key is None or key > best_key):
                best_key, best = key, weis
    return sorted(best, key=lambda w: strength(w, contract, rules), reverse=True)


def _kind_rank(w: Weis, tie_kind: str) -> tuple[int, ...]:
    n = w.length
    if tie_kind == "more_cards":
        return (n,)
    if tie_kind == "quartet_first":
        return (1 if w.kind == QUARTET else 0, n)
    if tie_kind == "pagat_list":
        # Quartets beat sequences of up to five cards; longer sequences beat quartets.
        if w.kind == QUARTET:
            return (1, n)
        return (2 if n >= 6 else 0, n)
    return ()  # height_only


def strength(w: Weis, contract: int, rules: RuleSet) -> tuple[int, ...]:
    """Comparison key of one Weis, seat order aside: value, kind, height, trump.

    Heights run in natural order; in Undenufe the lower cards win (docs/rules.md §10.4).
    """
    height = 8 - w.low if contract == 5 else w.high
    is_trump = 1 if w.kind == SEQUENCE and w.suit == contract and contract < 4 else 0
    return (w.points, *_kind_rank(w, rules.weis_tie_kind), height, is_trump)


@dataclass(frozen=True)
class WeisResult:
    """Who scores Weis this hand: the team of the best single Weis, and how much (x1)."""

    team: int | None
    points: int
    best_seat: int | None
    best: Weis | None


def resolve_weis(declared: Mapping[int, Iterable[Weis]], contract: int, forehand: int, rules: RuleSet) -> WeisResult:
    """Apply the team rule of docs/rules.md §10.5 to the Weis declared per seat.

    Seat order breaks a full tie: the player nearer to forehand (who leads trick 1) wins.
    """
    best_key: tuple[int, ...] | None = None
    best_seat = best = None
    for seat, weis in declared.items():
        for w in weis:
            key = (*strength(w, contract, rules), -((seat - forehand) % 4))
            if best_key is None or key > best_key:
                best_key, best_seat, best = key, seat, w
    if best_seat is None:
        return WeisResult(None, 0, None, None)
    team = best_seat % 2
    points = sum(w.points for seat, ws in declared.items() if seat % 2 == team for w in ws)
    return WeisResult(team, points, best_seat, best)
