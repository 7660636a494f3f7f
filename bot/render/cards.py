"""Card pictures drawn by this project with Pillow: 36 Swiss and 36 French cards.

Every card is a rounded white card with its rank in two corners and its suit symbol, drawn
from simple vector shapes (no third-party art): Eichel (an acorn), Rose, Schelle (a round
bell), Schilte (a shield); Herz, Ecken (diamonds), Kreuz (clubs), Schaufel (spades). Under,
Ober and König (Bube, Dame, König) carry a banner with their letter over a larger symbol.
Drawing is deterministic: the same card gives the same pixels. ``python -m bot.render.cards
[DIR]`` writes every card as PNG and the gallery page (default ``docs/cards`` and ``docs/cards.md``).
"""

from __future__ import annotations

import importlib.util
import io
import sys
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

from bot.rules.cards import FRENCH_SUITS

#: The card's height to width ratio (a Swiss Jass card is about 57 × 91 mm).
RATIO = 1.55
SCALE = 4  # drawn this much larger, then scaled down: smooth edges without anti-aliasing primitives

SWISS_RANK_MARKS = ("6", "7", "8", "9", "10", "U", "O", "K", "A")
FRENCH_RANK_MARKS = ("6", "7", "8", "9", "10", "B", "D", "K", "A")  # Bube, Dame, König, Ass
FRENCH_RANK_MARKS_EN = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")  # Jack, Queen, King, Ace

INK = (30, 30, 30)
RED = (200, 30, 40)
GOLD = (230, 170, 30)
BROWN = (140, 85, 35)
GREEN = (40, 120, 50)


def font_file(bold: bool = False) -> Path | None:
    """DejaVu Sans (umlauts, ×, ·), as matplotlib ships it, else the system's copy; None: Pillow's own."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    places = []
    spec = importlib.util.find_spec("matplotlib")  # found without importing matplotlib
    if spec is not None and spec.submodule_search_locations:
        places.append(Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf" / name)
    places.append(Path("/usr/share/fonts/truetype/dejavu") / name)
    return next((p for p in places if p.is_file()), None)


@lru_cache(maxsize=16)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_file(bold)
    if path is None:  # Pillow's built-in font has no umlauts: only when DejaVu is nowhere
        return ImageFont.load_default(size=size)
    return ImageFont.truetype(str(path), size=size)


def _acorn(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.line([(cx, cy - r * 1.05), (cx + r * 0.15, cy - r * 0.75)], fill=BROWN, width=max(1, int(r * 0.12)))
    d.ellipse([cx - r * 0.55, cy - r * 0.35, cx + r * 0.55, cy + r * 0.95], fill=(190, 130, 60), outline=INK,
              width=max(1, int(r * 0.06)))  # fmt: skip
    d.chord([cx - r * 0.7, cy - r * 0.8, cx + r * 0.7, cy + r * 0.2], 180, 360, fill=BROWN, outline=INK,
            width=max(1, int(r * 0.06)))  # fmt: skip
    d.line([(cx - r * 0.65, cy - r * 0.3), (cx + r * 0.65, cy - r * 0.3)], fill=INK, width=max(1, int(r * 0.06)))


def _rose(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    import math

    for k in range(5):
        a = math.radians(90 + 72 * k)
        px, py = cx + math.cos(a) * r * 0.5, cy - math.sin(a) * r * 0.5
        d.ellipse([px - r * 0.45, py - r * 0.45, px + r * 0.45, py + r * 0.45], fill=RED, outline=INK,
                  width=max(1, int(r * 0.05)))  # fmt: skip
    d.ellipse([cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3], fill=GOLD, outline=INK,
              width=max(1, int(r * 0.05)))  # fmt: skip


def _bell(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    w = max(1, int(r * 0.06))
    d.ellipse([cx - r * 0.2, cy - r * 1.0, cx + r * 0.2, cy - r * 0.6], outline=INK, width=w)
    d.ellipse([cx - r * 0.8, cy - r * 0.75, cx + r * 0.8, cy + r * 0.85], fill=GOLD, outline=INK, width=w)
    d.line([(cx - r * 0.75, cy - r * 0.05), (cx + r * 0.75, cy - r * 0.05)], fill=INK, width=w)
    d.ellipse([cx - r * 0.15, cy + r * 0.2, cx + r * 0.15, cy + r * 0.5], fill=INK)
    d.line([(cx, cy + r * 0.5), (cx, cy + r * 0.8)], fill=INK, width=w)


def _shield(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    outline = [(cx - r * 0.75, cy - r * 0.85), (cx + r * 0.75, cy - r * 0.85), (cx + r * 0.75, cy + r * 0.1),
               (cx, cy + r * 0.95), (cx - r * 0.75, cy + r * 0.1)]  # fmt: skip
    d.polygon(outline, fill=GOLD, outline=INK, width=max(1, int(r * 0.07)))
    d.rectangle([cx - r * 0.75, cy - r * 0.3, cx + r * 0.75, cy + r * 0.05], fill=RED)
    d.polygon(outline, outline=INK, width=max(1, int(r * 0.07)))


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: tuple[int, int, int] = RED) -> None:
    d.ellipse([cx - r * 0.9, cy - r * 0.75, cx, cy + r * 0.15], fill=colour)
    d.ellipse([cx, cy - r * 0.75, cx + r * 0.9, cy + r * 0.15], fill=colour)
    d.polygon([(cx - r * 0.86, cy - r * 0.1), (cx + r * 0.86, cy - r * 0.1), (cx, cy + r * 0.95)], fill=colour)


def _diamond(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)], fill=RED)


def _club(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    for px, py in ((cx, cy - r * 0.45), (cx - r * 0.48, cy + r * 0.12), (cx + r * 0.48, cy + r * 0.12)):
        d.ellipse([px - r * 0.4, py - r * 0.4, px + r * 0.4, py + r * 0.4], fill=INK)
    d.polygon([(cx, cy), (cx - r * 0.3, cy + r * 0.95), (cx + r * 0.3, cy + r * 0.95)], fill=INK)


def _spade(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.ellipse([cx - r * 0.9, cy - r * 0.25, cx, cy + r * 0.6], fill=INK)
    d.ellipse([cx, cy - r * 0.25, cx + r * 0.9, cy + r * 0.6], fill=INK)
    d.polygon([(cx - r * 0.86, cy + r * 0.2), (cx + r * 0.86, cy + r * 0.2), (cx, cy - r * 0.95)], fill=INK)
    d.polygon([(cx, cy + r * 0.2), (cx - r * 0.3, cy + r * 0.95), (cx + r * 0.3, cy + r * 0.95)], fill=INK)


SWISS_SYMBOLS = (_acorn, _rose, _bell, _shield)  # Eichel, Rose, Schelle, Schilte
FRENCH_SYMBOLS = {"herz": _heart, "ecken": _diamond, "kreuz": _club, "schaufel": _spade}


def draw_symbol(d: ImageDraw.ImageDraw, suit: int, cx: float, cy: float, r: float, kind: str = "swiss",
                french_map: str = "official") -> None:  # fmt: skip
    """The suit symbol of ``suit`` (0-3) centred at (cx, cy) with radius ``r``."""
    if kind == "french":
        FRENCH_SYMBOLS[FRENCH_SUITS[french_map][suit]](d, cx, cy, r)
    else:
        SWISS_SYMBOLS[suit](d, cx, cy, r)


def suit_colour(suit: int, kind: str = "swiss", french_map: str = "official") -> tuple[int, int, int]:
    if kind == "french":
        return RED if FRENCH_SUITS[french_map][suit] in ("herz", "ecken") else INK
    return (BROWN, RED, (170, 120, 0), RED)[suit]


def _pips(rank: int) -> list[tuple[float, float]]:
    """Where the symbols of a number card sit, as fractions of the inner area (6 to 10)."""
    rows = {0: (2, 2, 2), 1: (2, 3, 2), 2: (3, 2, 3), 3: (3, 3, 3), 4: (3, 4, 3)}[rank]
    out = []
    for col, count in enumerate(rows):
        x = (0.22, 0.5, 0.78)[col]
        for i in range(count):
            out.append((x, (i + 1) / (count + 1)))
    return out


def card_image(card: int, height: int = 120, kind: str = "swiss", french_map: str = "official",
               compact: bool | None = None, lang: str = "de") -> Image.Image:  # fmt: skip
    """The card (0-35) as an RGBA picture ``height`` pixels high. ``compact``: one big symbol
    under a big rank, readable at emoji size (the default below 64 px). ``lang``: French cards
    are marked B/D in German, J/Q in English."""
    return _card_image(card, height, kind, french_map, height < 64 if compact is None else compact, lang).copy()


@lru_cache(maxsize=512)
def _card_image(card: int, height: int, kind: str, french_map: str, compact: bool, lang: str = "de") -> Image.Image:
    suit, rank = divmod(card, 9)
    h = height * SCALE
    w = int(h / RATIO)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=int(w * 0.1), fill=(252, 250, 244), outline=(90, 90, 90),
                        width=max(2, SCALE * 2))  # fmt: skip
    marks = (FRENCH_RANK_MARKS_EN if lang == "en" else FRENCH_RANK_MARKS) if kind == "french" else SWISS_RANK_MARKS
    colour = suit_colour(suit, kind, french_map)
    small = compact  # emoji size: one big symbol and the rank
    font = _font(int(h * (0.4 if small else 0.15)), bold=True)
    if small:
        draw_symbol(d, suit, w * 0.5, h * 0.66, w * 0.36, kind, french_map)
        d.text((w * 0.5, h * 0.04), marks[rank], fill=colour, font=font, anchor="ma")
    else:
        d.text((w * 0.08, h * 0.03), marks[rank], fill=colour, font=font)
        d.text((w * 0.92, h * 0.97), marks[rank], fill=colour, font=font, anchor="rd")
        left, top, right, bottom = w * 0.14, h * 0.2, w * 0.86, h * 0.8
        if rank <= 4:
            r = w * 0.11
            for fx, fy in _pips(rank):
                draw_symbol(d, suit, left + fx * (right - left), top + fy * (bottom - top), r, kind, french_map)
        elif rank == 8:  # the Ace: one big symbol
            draw_symbol(d, suit, w * 0.5, h * 0.5, w * 0.3, kind, french_map)
        else:  # Under / Ober / König: a banner with the letter over the symbol
            d.rounded_rectangle([left, top, right, top + h * 0.17], radius=int(w * 0.04), fill=colour)
            d.text((w * 0.5, top + h * 0.085), marks[rank], fill=(255, 255, 255), font=_font(int(h * 0.12), bold=True),
                   anchor="mm")  # fmt: skip
            draw_symbol(d, suit, w * 0.5, h * 0.58, w * 0.25, kind, french_map)
    return img.resize((w // SCALE, h // SCALE), Image.Resampling.LANCZOS)


def png_bytes(image: Image.Image, cards: tuple[int, ...] | None = None, palette: bool = False) -> bytes:
    """``image`` as PNG (deterministic); ``cards``: the cards it shows, written in the file as the
    text ``jass:cards`` ("3,17,20"), so a reader (or the privacy audit) can tell. ``palette``:
    reduced to 128 colours first (a third of the size, and faster: for pictures sent often)."""
    info = None
    if cards is not None:
        info = PngInfo()
        info.add_text(CARDS_KEY, ",".join(str(c) for c in cards))
    if palette:
        image = image.convert("RGB").quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=not palette, pnginfo=info)
    return out.getvalue()


CARDS_KEY = "jass:cards"


def cards_shown(data: bytes) -> tuple[int, ...] | None:
    """The cards a PNG written by :func:`png_bytes` says it shows (None when it does not say)."""
    with Image.open(io.BytesIO(data)) as image:
        text = getattr(image, "text", {}).get(CARDS_KEY)
    if text is None:
        return None
    return tuple(int(c) for c in text.split(",") if c)


EMOJI_SIZE = 128  # pixels, square: Discord shows emojis at 22-48 px


def emoji_image(card: int, kind: str = "swiss", french_map: str = "official") -> Image.Image:
    """The card as a square emoji picture: the compact card centred on a transparent square."""
    card_im = card_image(card, EMOJI_SIZE, kind, french_map, compact=True)
    square = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    square.paste(card_im, ((EMOJI_SIZE - card_im.width) // 2, 0), card_im)
    return square


SWISS_SUIT_KEYS = ("eichel", "rose", "schelle", "schilte")
RANK_KEYS = ("6", "7", "8", "9", "10", "u", "o", "k", "a")


def card_name(card: int, kind: str = "swiss", french_map: str = "official") -> str:
    """A file and emoji name of the card as drawn: ``swiss_rose_7``, or for the French deck the
    French suit it shows under ``french_map``: ``french_herz_7`` (lowercase letters, digits, _)."""
    suit, rank = divmod(card, 9)
    suit_key = FRENCH_SUITS[french_map][suit] if kind == "french" else SWISS_SUIT_KEYS[suit]
    return f"{kind}_{suit_key}_{RANK_KEYS[rank]}"


def all_faces() -> list[tuple[int, str]]:
    """The 72 distinct faces: every Swiss card and every French card (official mapping), as (card, kind)."""
    return [(card, kind) for kind in ("swiss", "french") for card in range(36)]


def write_gallery(folder: Path, page: Path | None = None, height: int = 120) -> list[Path]:
    """Every face of both decks as PNG in ``folder`` and, with ``page``, a Markdown gallery of them."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for card, kind in all_faces():
        path = folder / f"{card_name(card, kind)}.png"
        path.write_bytes(png_bytes(card_image(card, height, kind)))
        files.append(path)
    if page is not None:
        page.write_text(_gallery_page(files, page.parent), encoding="utf-8")
    return files


def _gallery_page(files: list[Path], base: Path) -> str:
    lines = [
        "# The cards",
        "",
        "Every card as this project draws it (`bot/render/cards.py`, Pillow, simple vector shapes;",
        "no third-party art). Regenerate the pictures and this page with",
        "`python -m bot.render.cards` (writes `docs/cards/` and `docs/cards.md`). The bot draws",
        "the same faces at run time: 120 px high in table pictures, and as 128 × 128 emojis",
        "(a compact face: the rank over one big symbol) on the hand's card buttons.",
        "",
        "French cards are named by the French suit they show; which Swiss suit a French suit",
        "stands for is the rule set's `french_map` (`docs/rules.md` §2).",
        "",
    ]
    for kind, title in (("swiss", "Swiss deck (Eichel, Rose, Schelle, Schilte)"),
                        ("french", "French deck (Ecken, Herz, Kreuz, Schaufel)")):  # fmt: skip
        lines += [f"## {title}", ""]
        mine = [f for f in files if f.name.startswith(kind + "_")]
        for row in range(0, len(mine), 9):
            lines.append(" ".join(f"![{f.stem}]({f.relative_to(base).as_posix()})" for f in mine[row : row + 9]))
            lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/cards")
    written = write_gallery(target, target.parent / f"{target.name}.md")
    print(f"{len(written)} cards written to {target}, gallery {target.parent / (target.name + '.md')}")


def suit_icon(suit: int, size: int = 48) -> bytes:
    """A Swiss suit's symbol alone, on a transparent square, as a PNG (the web pages' cards)."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw_symbol(ImageDraw.Draw(image), suit, size / 2, size / 2, size * 0.42)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
