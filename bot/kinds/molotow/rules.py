"""Molotow (game A of docs/molotow.md): four players each for themselves take as
few points as possible. No contract: a hand starts as Obenabe, and the first card played by a
player who cannot follow suit makes its suit trump for the rest of the hand ("Farbverrat").
Pure rules: the table engine plays the hands.

A hand scores, per seat: its card points (counted with the final trump, +5 for the last trick)
+ the Tischweis of the tricks it took − its own Handweis − its Stöck. The lowest total wins.

>>> table_weis_points([Card.parse(c).index for c in ("schilte-9", "schilte-7", "schilte-K", "schilte-8")])
20
>>> strich_scores([90, 9, 34, 24])
([1, 1, 0, 0], [0, 0, 1, 1])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from bot.rules.cards import Card  # noqa: F401 (the doctests)
from bot.rules.contracts import Contract
from bot.rules.hand import HandPlay
from bot.rules.play import trick_points
from bot.rules.ruleset import RuleSet
from bot.rules.stoeck import STOECK_MASK, STOECK_POINTS
from bot.rules.weis import Weis, find_weis

OBENABE = int(Contract.OBENABE)  # the mode of a hand until trump is fixed
HAND_WEIS = ("each_player", "off")
STOECK_RULES = ("lenient", "strict", "off")
TABLE_WEIS = ("sequence_quartet", "sequence", "off")
SCORING = ("points", "striche")
TOTAL = 157


@dataclass(frozen=True)
class Fixed:
    """Who fixed trump, with which suit, in which trick (1-9)."""

    seat: int
    suit: int
    trick: int


@dataclass
class MolotowHand(HandPlay):
    """A Molotow hand: played as Obenabe until a player who cannot follow suit fixes trump with
    the card they play (already a trump in that trick); then as a trump hand where undertrumping
    is allowed when void. ``contract`` is the mode now (Obenabe, then the fixed suit).

    ``weis_rules``: how Weis are found and valued (Handweis and Tischweis); ``hand_weis``,
    ``table_weis`` and ``stoeck_rule`` are the options (docs/molotow.md)."""

    weis_rules: RuleSet | None = None
    hand_weis_rule: str = "each_player"
    table_weis_rule: str = "sequence_quartet"
    stoeck_rule: str = "lenient"
    fixed: Fixed | None = None
    molotow_stoeck: int | None = None  # the seat whose Stöck count (−20), once trump is fixed
    own_weis: dict[int, list[Weis]] = field(default_factory=dict)  # each seat's Handweis

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.weis_rules is None:
            self.weis_rules = self.rules.with_changes(weis_enabled=True)
        if self.hand_weis_rule == "each_player":
            for seat in range(4):
                found = find_weis(self.start_hands[seat], OBENABE, self.weis_rules)
                if found:
                    self.own_weis[seat] = found

    def fixes_trump(self, seat: int, card: int) -> bool:
        """Whether ``seat`` playing ``card`` now fixes trump: the first card of a suit other than
        the one led, played by a seat that cannot follow (only then is such a card legal)."""
        return (
            self.fixed is None
            and bool(self.trick)
            and card // 9 != self.trick[0] // 9
            and seat == self.turn
            and bool(self.legal(seat) >> card & 1)
        )

    def play(self, seat: int, card: int, weis: Iterable[Weis] | None = None, stoeck: bool = False) -> None:
        """``seat`` plays ``card``; a card that fixes trump is a trump in this very trick.
        Handweis are each seat's own and found by the hand (nothing to declare)."""
        if self.fixes_trump(seat, card):
            self._fix(seat, card)
        super().play(seat, card)
        if len(self.tricks) == 9 and self.trick == []:
            self._final_values()

    def completes_stoeck(self, seat: int, card: int) -> bool:
        """Whether ``card``, just played by ``seat``, was the second of its counted Stöck (R5.2.7:
        they are announced with the second card)."""
        if self.fixed is None or seat != self.molotow_stoeck:
            return False
        pair = STOECK_MASK[self.fixed.suit]
        return bool(pair >> card & 1) and not self.hands[seat] & pair

    def _fix(self, seat: int, card: int) -> None:
        suit = card // 9
        self.fixed = Fixed(seat, suit, len(self.tricks) + 1)
        self.contract = suit
        if self.stoeck_rule == "off":
            return
        pair = STOECK_MASK[suit]
        for s in range(4):
            held = self.hands[s] if self.stoeck_rule == "lenient" or s != seat else self.hands[s] & ~(1 << card)
            if held & pair == pair:
                self.molotow_stoeck = s

    def _final_values(self) -> None:
        """Every trick valued with the final trump state (no trump fixed: Obenabe, 8 = 8)."""
        self.tricks = [replace(t, points=trick_points(t.cards, self.contract)) for t in self.tricks]

    # -- the hand's score ------------------------------------------------------------

    def table_weis(self) -> list[int]:
        """The Tischweis each seat is charged: the Weis formed by the cards of the tricks it took."""
        out = [0, 0, 0, 0]
        for t in self.tricks:
            out[t.winner] += table_weis_points(t.cards, self.table_weis_rule, self.weis_rules)
        return out

    def scores(self) -> MolotowScore:
        """What each seat scores for the hand (after the last trick)."""
        points = [0, 0, 0, 0]
        for n, t in enumerate(self.tricks, start=1):
            points[t.winner] += t.taken(n)
        weis = [sum(w.points for w in self.own_weis.get(s, ())) for s in range(4)]
        stoeck = [STOECK_POINTS if s == self.molotow_stoeck else 0 for s in range(4)]
        return MolotowScore(points, self.table_weis(), weis, stoeck)


@dataclass(frozen=True)
class MolotowScore:
    """A Molotow hand per seat: card points (+5 last trick), Tischweis charged, own Handweis and Stöck."""

    points: list[int]
    table_weis: list[int]
    hand_weis: list[int]
    stoeck: list[int]

    @property
    def totals(self) -> list[int]:
        """The hand's score per seat: points + Tischweis − Handweis − Stöck (may be negative)."""
        return [self.points[s] + self.table_weis[s] - self.hand_weis[s] - self.stoeck[s] for s in range(4)]


def table_weis_points(cards: Sequence[int], kinds: str = "sequence_quartet", rules: RuleSet | None = None) -> int:
    """The Tischweis of a trick's four cards (R5.2.8): a sequence of 3 (20) or 4 (50), four of a
    kind (100, 150 for Nells, 200 for Unders) unless ``kinds`` is ``sequence``; none when ``off``."""
    if kinds == "off":
        return 0
    rules = rules or RuleSet(weis_enabled=True)
    mask = sum(1 << c for c in cards)
    found = find_weis(mask, OBENABE, rules.with_changes(weis_enabled=True))
    return sum(w.points for w in found if kinds == "sequence_quartet" or w.kind != "quartet")


def game_totals(hand_scores: Sequence[Sequence[int]], double_last_hand: bool = False) -> list[int]:
    """Each seat's total over a game's hand scores (the last hand twice with ``double_last_hand``)."""
    totals = [0, 0, 0, 0]
    for i, row in enumerate(hand_scores):
        factor = 2 if double_last_hand and i == len(hand_scores) - 1 else 1
        for s in range(4):
            totals[s] += factor * row[s]
    return totals


def strich_scores(points: Sequence[int]) -> tuple[list[int], list[int]]:
    """Strich-Molotow (game B, R5.3.2): each seat's (Striche, Nuller) for a hand's card points.

    The highest and the lowest each get a Strich, the two others a Nuller; 157 points: 3 Striche
    and a Nuller to each other seat; 100 or more (not 157): 3 Nuller and a Strich to each other
    seat; two seats with equal points get neither (the others as usual, where that is defined)."""
    striche, nuller = [0] * 4, [0] * 4
    top = max(range(4), key=lambda s: points[s])
    if points[top] == TOTAL:
        return [3 if s == top else 0 for s in range(4)], [0 if s == top else 1 for s in range(4)]
    if points[top] >= 100:
        return [0 if s == top else 1 for s in range(4)], [3 if s == top else 0 for s in range(4)]
    tied = {s for s in range(4) if sum(points[o] == points[s] for o in range(4)) > 1}
    free = [s for s in range(4) if s not in tied]
    high = max(points)
    low = min(points)
    for s in free:
        if points[s] == high or points[s] == low:
            striche[s] = 1
        else:
            nuller[s] = 1
    return striche, nuller
