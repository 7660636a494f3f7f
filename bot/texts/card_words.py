"""Cards as people write them: ``rose-7``, ``Rose 7``, ``Rosen-Sieben``, ``Herz Dame``,
``hearts queen``, ``Schilte Ass``, ``Puur`` and ``Näll`` (the trump Under and Nine).

``parse_cards(text, trump)`` reads a list of cards separated by commas, semicolons, "und",
"and" or spaces; :class:`CardWordsError` quotes the part it could not read. The glossary's
words are read too (Bauer, Rösli, Blumen, Schilder, Neuner). French names follow the table's
``french_map`` (by default the official one: Ecken = Eichel, Herz = Rose, Kreuz = Schelle,
Schaufel = Schilte).
"""

from __future__ import annotations

import re
import unicodedata

from bot.rules.cards import FRENCH_SUITS

SUIT_WORDS: dict[str, int] = {
    **{w: 0 for w in ("eichel", "eicheln", "eichle", "acorn", "acorns")},
    **{w: 1 for w in ("rose", "rosen", "rosa", "roses", "rösli", "blumen", "blume", "flower", "flowers")},
    **{w: 2 for w in ("schelle", "schellen", "schälle", "bell", "bells")},
    **{w: 3 for w in ("schilte", "schilten", "schilt", "schild", "schilder", "shield", "shields")},
}
_FRENCH = {"ecken": ("ecken", "ecke", "karo", "diamond", "diamonds"), "herz": ("herz", "heart", "hearts"),
           "kreuz": ("kreuz", "club", "clubs", "treff"), "schaufel": ("schaufel", "schaufeln", "pik", "spade",
                                                                    "spades")}  # fmt: skip


def suit_words(french_map: str = "official") -> dict[str, int]:
    """Every suit word, the French names read through ``french_map`` (the table's deck mapping)."""
    words = dict(SUIT_WORDS)
    for suit, name in enumerate(FRENCH_SUITS[french_map]):
        words.update({w: suit for w in _FRENCH[name]})
    return words


RANK_WORDS: dict[str, int] = {
    **{w: 0 for w in ("6", "sechs", "sechsi", "sechser", "six")},
    **{w: 1 for w in ("7", "sieben", "siebni", "siebner", "seven")},
    **{w: 2 for w in ("8", "acht", "achti", "achter", "eight")},
    **{w: 3 for w in ("9", "neun", "nüün", "nüüni", "neuner", "nine")},
    **{w: 4 for w in ("10", "zehn", "zähni", "zehner", "banner", "ten")},
    **{w: 5 for w in ("u", "under", "bube", "bur", "jack", "unter")},
    **{w: 6 for w in ("o", "ober", "dame", "queen")},
    **{w: 7 for w in ("k", "könig", "koenig", "king")},
    **{w: 8 for w in ("a", "ass", "as", "ace", "sau")},
}
#: Puur and Näll: alone, the trump suit's Under and Nine; after a suit ("Eichel Bauer"), that suit's.
TRUMP_WORDS = {"puur": 5, "buur": 5, "bauer": 5, "näll": 3, "nell": 3, "nöll": 3}
MAX_CARDS = 36


class CardWordsError(ValueError):
    """A part of the text is not a card; ``part`` is it, as written."""

    def __init__(self, part: str, reason: str = "unknown") -> None:
        super().__init__(f"{reason}: {part!r}")
        self.part = part
        self.reason = reason  # "unknown", "needs_trump" (Puur/Näll without a trump suit), "twice"


def _norm(word: str) -> str:
    return unicodedata.normalize("NFC", word.strip().lower())


def _cards_in(part: str, trump: int | None, suits: dict[str, int]) -> list[int]:
    """The cards of one part: a single card ("Rosen Neuner") or several separated by spaces
    ("rose-6 rose-7", "Rose 6 Rose 7"); a suit word and a rank word make a card, in either order."""
    words = [w for w in re.split(r"[\s\-_/.]+", part) if w.strip()]
    out: list[int] = []
    suit = rank = None
    start = 0  # the word where the card being read began (quoted when it cannot be read)
    for i, raw in enumerate(words):
        word = _norm(raw)
        if suit is None and rank is None:
            start = i
        following = _norm(words[i + 1]) if i + 1 < len(words) else ""
        if word in suits and suit is None:
            suit = suits[word]
        elif word in RANK_WORDS and rank is None:
            rank = RANK_WORDS[word]
        elif word in TRUMP_WORDS and rank is None:
            if suit is None and following not in suits:  # Puur, Näll alone: the trump suit's
                if trump is None:
                    raise CardWordsError(raw, "needs_trump")
                out.append(trump * 9 + TRUMP_WORDS[word])
                continue
            rank = TRUMP_WORDS[word]
        else:
            raise CardWordsError(" ".join(words[start : max(i + 1, start + 2)]) if len(words) > 2 else part.strip())
        if suit is not None and rank is not None:
            out.append(suit * 9 + rank)
            suit = rank = None
    if suit is not None or rank is not None or not out:
        raise CardWordsError(" ".join(words[start:]) if len(words) > 2 else part.strip())
    return out


def parse_card(part: str, trump: int | None = None, french_map: str = "official") -> int:
    """One card (an index 0..35) from ``part``; CardWordsError quotes ``part`` when unreadable."""
    cards = _cards_in(part, trump, suit_words(french_map))
    if len(cards) != 1:
        raise CardWordsError(part.strip())
    return cards[0]


def parse_cards(text: str, trump: int | None = None, french_map: str = "official", limit: int = MAX_CARDS) -> list[int]:
    """Every card of ``text``, in order, separated by commas, semicolons, "und", "and" or spaces;
    a card twice, an unreadable part or more than ``limit`` cards raise CardWordsError."""
    suits = suit_words(french_map)
    parts = [p for p in re.split(r"\s*(?:[,;+]|\bund\b|\band\b)\s*", text.strip(), flags=re.IGNORECASE) if p.strip()]
    out: list[int] = []
    for part in parts:
        for card in _cards_in(part, trump, suits):
            if card in out:
                raise CardWordsError(part.strip(), "twice")
            out.append(card)
            if len(out) > limit:
                raise CardWordsError(str(limit), "too_many")
    return out


def suggestions(current: str, names: list[str], limit: int = 25) -> list[tuple[str, str]]:
    """Autocomplete for a card list: the text typed so far with each card name that continues its
    last part, as (shown, value) pairs. ``names``: the card names to offer."""
    head, _, last = current.rpartition(",")
    prefix = f"{head}, " if head else ""
    last = _norm(last)
    out = []
    for name in names:
        if not last or _norm(name).startswith(last) or last in _norm(name):
            value = f"{prefix}{name}"
            out.append((value[-100:], value[:100]))
        if len(out) >= limit:
            break
    return out
