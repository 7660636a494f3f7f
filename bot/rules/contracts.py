"""Contracts (a trump suit, Obenabe, Undenufe) and multiplier profiles (docs/rules.md §5, §9)."""

from __future__ import annotations

from enum import IntEnum

from .cards import Suit


class Contract(IntEnum):
    """The contract of a hand.  The four trump contracts share their suit's number.

    >>> Contract.trump(Suit.SCHELLE)
    <Contract.SCHELLE: 2>
    >>> str(Contract.OBENABE)
    'obenabe'
    """

    EICHEL = 0
    ROSE = 1
    SCHELLE = 2
    SCHILTE = 3
    OBENABE = 4
    UNDENUFE = 5

    @classmethod
    def trump(cls, suit: Suit | int) -> Contract:
        """The trump contract of ``suit``."""
        return cls(int(Suit(suit)))

    @classmethod
    def parse(cls, name: str) -> Contract:
        """A contract from its name: ``eichel rose schelle schilte obenabe undenufe``."""
        try:
            return cls[name.strip().upper()]
        except KeyError:
            names = ", ".join(str(c) for c in cls)
            raise ValueError(f"not a contract: {name!r} (one of {names})") from None

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit, or ``None`` for Obenabe and Undenufe."""
        return Suit(self.value) if self.value < 4 else None

    @property
    def is_trump(self) -> bool:
        return self.value < 4

    def __str__(self) -> str:
        return self.name.lower()


OBENABE = 4
UNDENUFE = 5

#: Multiplier per contract (index = contract int) for each profile of docs/rules.md §9.
MULTIPLIER_PROFILES: dict[str, tuple[int, int, int, int, int, int]] = {
    "classic": (1, 1, 2, 2, 3, 4),
    "swiss_3_3": (1, 1, 2, 2, 3, 3),
    "ascending": (1, 2, 3, 4, 5, 6),
    "single": (1, 1, 1, 1, 1, 1),
}
