"""Cards as people write them: ``rose-7``, ``Rose 7``, ``Rosen-Sieben``, ``Herz Dame``,
``hearts queen``, ``Schilte Ass``, ``Puur`` and ``Näll`` (the trump Under and Nine).

``parse_cards(text, trump)`` reads a list of cards separated by commas, semicolons, "und" or
"and"; :class:`CardWordsError` quotes the part it could not read. French names follow the
official mapping (Ecken = Eichel, Herz = Rose, Kreuz = Schelle, Schaufel = Schilte;
docs/rules.md §2).
"""

from __future__ import annotations

import re
import unicodedata

from bot.rules.cards import FRENCH_SUITS

SUIT_WORDS: dict[str, int] = {
    **{w: 0 for w in ("eichel", "eicheln", "eichle", "acorn", "acorns")},
    **{w: 1 for w in ("rose", "rosen", "rosa", "roses")},
    **{w: 2 for w in ("schelle", "schellen", "schälle", "bell", "bells")},
    **{w: 3 for w in ("schilte", "schilten", "schilt", "schild", "shield", "shields")},
}
_FRENCH = {"ecken": ("ecken", "ecke", "karo", "diamond", "diamonds"), "herz": ("herz", "heart", "hearts"),
           "kreuz": ("kreuz", "club", "clubs", "treff"), "schaufel": ("schaufel", "schaufeln", "pik", "spade",
                                                                    "spades")}  # fmt: skip
for _suit, _name in enumerate(FRENCH_SUITS["official"]):
    SUIT_WORDS.update({w: _suit for w in _FRENCH[_name]})

RANK_WORDS: dict[str, int] = {
    **{w: 0 for w in ("6", "sechs", "sechsi", "six")},
    **{w: 1 for w in ("7", "sieben", "siebni", "seven")},
    **{w: 2 for w in ("8", "acht", "achti", "eight")},
    **{w: 3 for w in ("9", "neun", "nüün", "nine")},
    **{w: 4 for w in ("10", "zehn", "zähni", "banner", "ten")},
    **{w: 5 for w in ("u", "under", "bube", "bur", "jack", "unter")},
    **{w: 6 for w in ("o", "ober", "dame", "queen")},
    **{w: 7 for w in ("k", "könig", "koenig", "king")},
    **{w: 8 for w in ("a", "ass", "as", "ace", "sau")},
}
TRUMP_WORDS = {"puur": 5, "buur": 5, "näll": 3, "nell": 3, "nöll": 3}


class CardWordsError(ValueError):
    """A part of the text is not a card; ``part`` is it, as written."""

    def __init__(self, part: str, reason: str = "unknown") -> None:
        super().__init__(f"{reason}: {part!r}")
        self.part = part
        self.reason = reason  # "unknown", "needs_trump" (Puur/Näll without a trump suit), "twice"


def _norm(word: str) -> str:
    return unicodedata.normalize("NFC", word.strip().lower())


def parse_card(part: str, trump: int | None = None) -> int:
    """One card (an index 0..35) from ``part``; CardWordsError quotes ``part`` when unreadable."""
    words = [_norm(w) for w in re.split(r"[\s\-_/.]+", part) if w.strip()]
    if len(words) == 1 and words[0] in TRUMP_WORDS:
        if trump is None:
            raise CardWordsError(part.strip(), "needs_trump")
        return trump * 9 + TRUMP_WORDS[words[0]]
    suit = rank = None
    for word in words:
        if word in SUIT_WORDS and suit is None:
            suit = SUIT_WORDS[word]
        elif word in RANK_WORDS and rank is None:
            rank = RANK_WORDS[word]
        elif word in TRUMP_WORDS and rank is None:
            rank = TRUMP_WORDS[word]
        else:
            raise CardWordsError(part.strip())
    if suit is None or rank is None:
        raise CardWordsError(part.strip())
    return suit * 9 + rank


def parse_cards(text: str, trump: int | None = None) -> list[int]:
    """Every card of ``text``, in order; a card twice or an unreadable part raises CardWordsError."""
    parts = [p for p in re.split(r"\s*(?:[,;+]|\bund\b|\band\b)\s*", text.strip(), flags=re.IGNORECASE) if p.strip()]
    out: list[int] = []
    for part in parts:
        card = parse_card(part, trump)
        if card in out:
            raise CardWordsError(part.strip(), "twice")
        out.append(card)
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
