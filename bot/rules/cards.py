"""Suits, ranks, cards, the compact card notation and card-set masks.

A card is an int ``suit * 9 + rank`` (0..35) where rank is the natural index
6=0, 7=1, 8=2, 9=3, 10=4, U=5, O=6, K=7, A=8.  A set of cards is an int mask
with bit ``card`` set.  :class:`Card` is the friendly face of the same thing.

>>> str(Card(Suit.ROSE, Rank.SEVEN))
'rose-7'
>>> Card.parse("eichel-A").index
8
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum


class Suit(IntEnum):
    """The four Swiss suits, in the order used for card indices."""

    EICHEL = 0
    ROSE = 1
    SCHELLE = 2
    SCHILTE = 3

    def __str__(self) -> str:
        return self.name.lower()


class Rank(IntEnum):
    """Ranks in natural order (the order of Weis sequences and of Obenabe)."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    UNDER = 5
    OBER = 6
    KING = 7
    ACE = 8

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return self.symbol


RANK_SYMBOLS = ("6", "7", "8", "9", "10", "U", "O", "K", "A")
_RANK_BY_SYMBOL = {s: Rank(i) for i, s in enumerate(RANK_SYMBOLS)}
_SUIT_BY_NAME = {s.name.lower(): s for s in Suit}

NUM_CARDS = 36
FULL_DECK = (1 << NUM_CARDS) - 1
SUIT_MASKS = tuple(0x1FF << (9 * s) for s in range(4))
SUIT_OF = tuple(c // 9 for c in range(NUM_CARDS))
RANK_OF = tuple(c % 9 for c in range(NUM_CARDS))


def card_index(suit: int, rank: int) -> int:
    """The int of the card ``(suit, rank)``."""
    return suit * 9 + rank


#: Trump ranks from the strongest: Puur (Under), Näll (9), Ace, King, Ober, 10, 8, 7, 6.
TRUMP_STRENGTH = (5, 3, 8, 7, 6, 4, 2, 1, 0)


def display_order(mask: int, contract: int | None = None) -> list[int]:
    """A hand as players sort it: the trump suit first, strongest first (Puur, Näll, Ace…),
    then the other suits in suit order, high to low (in Undenufe low to high: the 6 is high).

    >>> display_order(mask_of([0, 5, 8, 17, 27]), 0)  # Eichel 6, U, A, Rose A, Schilte 6; Eichel trump
    [5, 8, 0, 17, 27]
    >>> display_order(mask_of([0, 8, 27]), 5)  # Undenufe: the 6 first
    [0, 8, 27]
    """

    def key(card: int) -> tuple[int, int, int]:
        suit, rank = divmod(card, 9)
        if contract is not None and contract < 4 and suit == contract:
            return (0, suit, TRUMP_STRENGTH.index(rank))
        return (1, suit, rank if contract == 5 else -rank)

    return sorted(cards_of(mask), key=key)


def mask_of(cards: Iterable[int]) -> int:
    """The mask holding the given card ints."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The card ints of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card.  Hashable, ordered by (suit, rank), ``str`` gives the notation."""

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        object.__setattr__(self, "suit", Suit(self.suit))
        object.__setattr__(self, "rank", Rank(self.rank))

    @property
    def index(self) -> int:
        """The card's int (0..35)."""
        return self.suit * 9 + self.rank

    @property
    def bit(self) -> int:
        return 1 << (self.suit * 9 + self.rank)

    @staticmethod
    def from_index(index: int) -> Card:
        """The card for an int 0..35."""
        return ALL_CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse the notation ``suit-rank`` (``rose-7``, ``eichel-A``, ``schilte-10``).

        Suit words are case-insensitive; ranks are ``6 7 8 9 10 U O K A``.
        """
        suit_word, sep, rank_word = text.strip().partition("-")
        suit = _SUIT_BY_NAME.get(suit_word.lower())
        rank = _RANK_BY_SYMBOL.get(rank_word.upper())
        if not sep or suit is None or rank is None:
            raise ValueError(f"not a card: {text!r} (expected e.g. 'rose-7', 'eichel-A', 'schilte-10')")
        return ALL_CARDS[suit * 9 + rank]

    def __str__(self) -> str:
        return f"{self.suit}-{RANK_SYMBOLS[self.rank]}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


ALL_CARDS: tuple[Card, ...] = tuple(Card(Suit(c // 9), Rank(c % 9)) for c in range(NUM_CARDS))


def to_mask(cards: Iterable[Card | int]) -> int:
    """Mask of a collection of :class:`Card` or card ints."""
    m = 0
    for c in cards:
        m |= 1 << (c if isinstance(c, int) else c.index)
    return m


def to_cards(mask: int) -> frozenset[Card]:
    """The :class:`Card` set of a mask."""
    return frozenset(ALL_CARDS[c] for c in cards_of(mask))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse several cards, given as a list or a whitespace/comma separated string."""
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return [Card.parse(t) for t in items]


#: French suit shown for each Swiss suit, per ``french_map`` (docs/rules.md §2.3; display only).
FRENCH_SUITS: dict[str, tuple[str, str, str, str]] = {
    # Eichel, Rose, Schelle, Schilte
    "official": ("ecken", "herz", "kreuz", "schaufel"),
    "jass_manual": ("kreuz", "herz", "ecken", "schaufel"),
    "parlett": ("kreuz", "schaufel", "ecken", "herz"),
    "coiffeur": ("schaufel", "kreuz", "herz", "ecken"),
}
#: French rank names (Bube for Under, Dame for Ober); the others keep their symbols.
FRENCH_RANKS = ("6", "7", "8", "9", "10", "B", "D", "K", "A")
