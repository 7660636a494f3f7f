"""A deck's 36 cards in one picture, for the live table (one cached request per deck).

The cards are the bot's own card pictures (``cards.py``), nine a row in suit order: card ``c`` is at
column ``c % 9``, row ``c // 9``. A page shows a card as that cell of the sprite (CSS
``background-position``), so the browser fetches each deck once and keeps it.

>>> sprite_key("swiss", "official", "en"), sprite_key("french", "official", "en")
('swiss', 'french-official-en')
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from PIL import Image

from .cards import card_image, png_bytes

#: Each card's height in the sprite (its width follows the cards' ratio); drawn at twice the size a
#: phone shows, so it stays sharp on a dense screen.
CARD_HEIGHT = 168
COLUMNS, ROWS = 9, 4


def sprite_key(kind: str, french_map: str, lang: str) -> str:
    """The name of a deck's sprite: Swiss cards look the same in every language; French cards
    differ by the suit map and by the court cards' letters (B/D, J/Q)."""
    return "swiss" if kind != "french" else f"french-{french_map}-{lang}"


def parse_key(key: str) -> tuple[str, str, str] | None:
    """(kind, french_map, lang) of a sprite's name, or None for a name no deck has."""
    if key == "swiss":
        return "swiss", "official", "de"
    parts = key.split("-")
    if len(parts) == 3 and parts[0] == "french" and parts[2] in ("de", "en"):
        from bot.rules.cards import FRENCH_SUITS

        if parts[1] in FRENCH_SUITS:
            return "french", parts[1], parts[2]
    return None


@lru_cache(maxsize=16)
def sprite_png(key: str) -> bytes:
    """The sprite of ``key`` as PNG bytes (drawn once per process)."""
    found = parse_key(key)
    if found is None:
        raise KeyError(key)
    kind, french_map, lang = found
    cards = [card_image(c, CARD_HEIGHT, kind, french_map, compact=False, lang=lang) for c in range(36)]
    width, height = cards[0].size
    sheet = Image.new("RGBA", (width * COLUMNS, height * ROWS), (0, 0, 0, 0))
    for c, image in enumerate(cards):
        sheet.paste(image, ((c % COLUMNS) * width, (c // COLUMNS) * height))
    # 128 colours (transparent corners kept): a fifth of the size, and the cards look the same
    return png_bytes(sheet.quantize(colors=128, method=Image.Quantize.FASTOCTREE))


@lru_cache(maxsize=1)
def _drawing_version() -> str:
    """A digest of the code that draws the cards (this module and ``cards.py``)."""
    from importlib import resources

    files = resources.files("bot.render")
    code = b"".join(files.joinpath(name).read_bytes() for name in ("cards.py", "sprite.py"))
    return hashlib.sha256(code).hexdigest()[:12]


def sheet_url(key: str) -> str:
    """A tiny style sheet naming the sprite of ``key`` (``--sprite``), for pages without script."""
    return f"/static/deck-{key}.css?v={_drawing_version()}"


def sheet_css(key: str) -> str:
    """That style sheet's text."""
    return f'.table-felt, .hand {{ --sprite: url("{sprite_url(key)}"); }}\n'


def sprite_url(key: str) -> str:
    """Where a page finds the sprite: the URL changes when the drawing code does, so a browser may
    keep it for good (``Cache-Control: immutable``)."""
    return f"/static/cards-{key}.png?v={_drawing_version()}"
