"""Card, suit, rank and contract names for a reader: Swiss or French deck, German or English.

``Deck(lang, kind, french_map)`` names cards as one person sees them (docs/rules.md §2);
Discord (``cogs/``) and the terminal (``bot/terminal/``) both use it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules import RuleSet, Weis
from bot.rules.cards import FRENCH_SUITS

DECKS = ("swiss", "french")
SUIT_ICONS = ("🌰", "🌹", "🔔", "🛡️")
SWISS_SUITS = ("Eichel", "Rose", "Schelle", "Schilte")
SWISS_RANKS = {
    "de": ("6", "7", "8", "9", "10", "Under", "Ober", "König", "Ass"),
    "en": ("6", "7", "8", "9", "10", "Under", "Ober", "King", "Ace"),
}
FRENCH_SUIT_NAMES = {
    "de": {"ecken": "Ecken", "herz": "Herz", "kreuz": "Kreuz", "schaufel": "Schaufel"},
    "en": {"ecken": "Diamonds", "herz": "Hearts", "kreuz": "Clubs", "schaufel": "Spades"},
}
FRENCH_ICONS = {"ecken": "♦️", "herz": "♥️", "kreuz": "♣️", "schaufel": "♠️"}
FRENCH_RANK_NAMES = {
    "de": ("6", "7", "8", "9", "10", "Bube", "Dame", "König", "Ass"),
    "en": ("6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace"),
}


@dataclass(frozen=True)
class Deck:
    """How cards are named for one reader: Swiss names (default) or French ones (docs/rules.md §2)."""

    lang: str = "de"
    kind: str = "swiss"
    french_map: str = "official"

    def suit(self, suit: int) -> str:
        if self.kind == "french":
            return FRENCH_SUIT_NAMES[self.lang][FRENCH_SUITS[self.french_map][suit]]
        return SWISS_SUITS[suit]

    def icon(self, suit: int) -> str:
        if self.kind == "french":
            return FRENCH_ICONS[FRENCH_SUITS[self.french_map][suit]]
        return SUIT_ICONS[suit]

    def rank(self, rank: int) -> str:
        return (FRENCH_RANK_NAMES if self.kind == "french" else SWISS_RANKS)[self.lang][rank]

    def card(self, card: int, contract: int | None = None) -> str:
        """A card's name; with a trump ``contract`` its Under and Nine are the Puur and the Näll."""
        if contract is not None and contract < 4 and card // 9 == contract and card % 9 in (3, 5):
            return f"{self.suit(contract)} {'Puur' if card % 9 == 5 else 'Näll'}"
        return f"{self.suit(card // 9)} {self.rank(card % 9)}"

    def contract(self, contract: int) -> str:
        return self.suit(contract) if contract < 4 else ("Obenabe", "Undenufe")[contract - 4]

    def named(self, name: str) -> str:
        """A contract by its name (bot.rules.contract_names): ``Slalom Obenabe``, ``TUO Rosen``,
        ``Misère Undenufe``; a Coiffeur row's ``joker`` as Joker."""
        plain = ("eichel", "rose", "schelle", "schilte", "obenabe", "undenufe")
        if name in plain:
            return self.contract(plain.index(name))
        words = {"slalom": "Slalom", "guschti": "Guschti", "tuo": "TUO", "misere": "Misère", "joker": "Joker"}
        parts = name.split("-")
        return " ".join(words.get(p) or (self.contract(plain.index(p)) if p in plain else p) for p in parts)


def deck_for(lang: str, rules: RuleSet | None = None, kind: str | None = None) -> Deck:
    return Deck(lang, kind if kind in DECKS else "swiss", rules.french_map if rules else "official")


def card_label(card: int, lang: str, deck: Deck | None = None) -> str:
    return (deck or Deck(lang)).card(card)


def contract_label(contract: int, lang: str, deck: Deck | None = None) -> str:
    return (deck or Deck(lang)).contract(contract)


def weis_label(weis: Weis, deck: Deck, lang: str) -> str:
    """E.g. ``Weis 50: Rose 7–10`` or ``Weis 200: 4 × Under``."""
    from . import message as _message  # (the catalogue imports this module's names)

    if weis.kind == "quartet":
        return _message("weis.quartet", lang, points=weis.points, rank=deck.rank(weis.low))
    return _message(
        "weis.sequence",
        lang,
        points=weis.points,
        suit=deck.suit(weis.suit or 0),
        low=deck.rank(weis.low),
        high=deck.rank(weis.high),
    )
