"""Text in the pictures with fallback fonts: what DejaVu Sans lacks is drawn, glyph run by glyph run,
in a colour emoji font (Noto Color Emoji, in colour) or a CJK font (WenQuanYi, Noto Sans CJK), where
the machine has them (Debian's ``fonts-noto-color-emoji``, ``fonts-wqy-microhei``; the Dockerfile
installs both). Right-to-left names (Hebrew, Arabic) are laid out by Pillow's raqm layout
(``libraqm0``). :func:`missing` says what is not there, for the log at start-up.

Text DejaVu covers whole (nearly every name) is drawn exactly as before, in one call.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

from .cards import _font, font_file

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Box = tuple[int, int, int, int]

EMOJI_FILES = (Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),)
CJK_FILES = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
    Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
)
#: Noto Color Emoji's bitmaps come in this size only; they are drawn so and scaled.
EMOJI_SIZE = 109
#: From here on (Mahjong tiles, playing cards, emoticons, symbols and pictographs), and before a
#: U+FE0F, a character is an emoji.
EMOJI_FIRST = 0x1F000
#: Characters that belong to the glyph before them (joiners, variation selectors, skin tones, tags).
_JOINING = {0x200D, 0xFE0E, 0xFE0F, 0x20E3, *range(0x1F3FB, 0x1F400), *range(0xE0020, 0xE0080)}


@lru_cache(maxsize=8)
def coverage(path: Path) -> frozenset[int]:
    """The code points a font file has glyphs for."""
    from matplotlib.ft2font import FT2Font  # matplotlib is a dependency (DejaVu comes with it)

    return frozenset(FT2Font(str(path)).get_charmap())


@lru_cache(maxsize=1)
def emoji_file() -> Path | None:
    return next((p for p in EMOJI_FILES if p.is_file()), None)


@lru_cache(maxsize=1)
def cjk_file() -> Path | None:
    return next((p for p in CJK_FILES if p.is_file()), None)


@lru_cache(maxsize=2)
def _base_coverage(bold: bool) -> frozenset[int]:
    path = font_file(bold)
    return coverage(path) if path is not None else frozenset(range(0x20, 0x7F))


def missing() -> list[str]:
    """What the pictures lack on this machine (empty: nothing), in words for the log."""
    out = []
    if emoji_file() is None:
        out.append("no colour emoji font (Debian: fonts-noto-color-emoji): emoji in names are empty boxes")
    if cjk_file() is None:
        out.append("no CJK font (Debian: fonts-wqy-microhei): Chinese and Japanese names are empty boxes")
    if not features.check("raqm"):
        out.append("no raqm layout (Debian: libraqm0): right-to-left names are drawn left to right")
    return out


def _is_bold(font: Font) -> bool:
    return isinstance(font, ImageFont.FreeTypeFont) and "Bold" in str(font.path)


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """``text`` cut into runs of one font each: ``base`` (DejaVu), ``emoji`` or ``cjk``.

    >>> runs("Anna")
    [('base', 'Anna')]
    """
    base = _base_coverage(bold)
    if all(ord(ch) in base and ord(ch) < EMOJI_FIRST for ch in text) and "\ufe0f" not in text:
        return [("base", text)]
    emoji, cjk = emoji_file(), cjk_file()
    emoji_points = coverage(emoji) if emoji is not None else frozenset()
    out: list[tuple[str, str]] = []
    for i, ch in enumerate(text):
        point = ord(ch)
        # An emoji is drawn as one where it can be (DejaVu has some in black and white only).
        pictograph = point >= EMOJI_FIRST or text[i + 1 : i + 2] == "\ufe0f"
        if point in _JOINING and out:
            kind = out[-1][0]
        elif pictograph and point in emoji_points:
            kind = "emoji"
        elif point in base:
            kind = "base"
        elif point in emoji_points:
            kind = "emoji"
        elif cjk is not None and point in coverage(cjk):
            kind = "cjk"
        else:
            kind = "base"  # nowhere: DejaVu's empty box
        if out and out[-1][0] == kind:
            out[-1] = (kind, out[-1][1] + ch)
        else:
            out.append((kind, ch))
    return out


@lru_cache(maxsize=32)
def _cjk_font(size: int) -> ImageFont.FreeTypeFont:
    path = cjk_file()
    assert path is not None
    return ImageFont.truetype(str(path), size=size)


@lru_cache(maxsize=1)
def _emoji_font() -> ImageFont.FreeTypeFont:
    path = emoji_file()
    assert path is not None
    return ImageFont.truetype(str(path), size=EMOJI_SIZE)


def _size(font: Font) -> int:
    return int(getattr(font, "size", 12))


@lru_cache(maxsize=256)
def _emoji_image(run: str, size: int) -> Image.Image:
    """A run of emoji in colour, ``size`` pixels high."""
    font = _emoji_font()
    width = int(font.getlength(run)) + 4
    canvas = Image.new("RGBA", (width, int(EMOJI_SIZE * 1.3)), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((2, 0), run, font=font, embedded_color=True)
    box = canvas.getbbox() or (0, 0, 1, 1)
    glyphs = canvas.crop((0, box[1], width, box[3]))
    scale = size / max(1, glyphs.height)
    return glyphs.resize((max(1, round(glyphs.width * scale)), size), Image.Resampling.LANCZOS)


def _run_font(kind: str, font: Font) -> Font:
    return _cjk_font(_size(font)) if kind == "cjk" else font


def text_length(d: ImageDraw.ImageDraw, text: str, font: Font) -> float:
    """How wide ``text`` is drawn with its fallbacks."""
    pieces = runs(text, _is_bold(font))
    if len(pieces) == 1 and pieces[0][0] == "base":
        return d.textlength(text, font=font)
    size = _size(font)
    return sum(_emoji_image(run, size).width if kind == "emoji" else d.textlength(run, font=_run_font(kind, font))
               for kind, run in pieces)  # fmt: skip


def draw_text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: Font, fill: tuple[int, int, int],
              anchor: str = "la") -> Box:  # fmt: skip
    """Draw one line like ``ImageDraw.text`` (the same anchors), each run in its font; returns its box."""
    pieces = runs(text, _is_bold(font))
    if len(pieces) == 1 and pieces[0][0] == "base":
        d.text(xy, text, fill=fill, font=font, anchor=anchor)
        box = d.textbbox(xy, text, font=font, anchor=anchor)
        return int(box[0]), int(box[1]), int(box[2]), int(box[3])
    horizontal, vertical = anchor[0], anchor[1]
    width = text_length(d, text, font)
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}.get(horizontal, 0.0)
    line = d.textbbox((0, xy[1]), "Hg", font=font, anchor="l" + vertical)  # the line's height at this anchor
    top, bottom = int(line[1]), int(line[3])
    image = getattr(d, "_image", None)
    boxes: list[Box] = []
    for kind, run in pieces:
        if kind == "emoji" and image is not None:
            glyphs = _emoji_image(run, max(1, bottom - top))
            image.paste(glyphs, (round(x), top), glyphs)
            boxes.append((round(x), top, round(x) + glyphs.width, top + glyphs.height))
            x += glyphs.width
            continue
        run_font = _run_font(kind, font)
        d.text((x, xy[1]), run, fill=fill, font=run_font, anchor="l" + vertical)
        box = d.textbbox((x, xy[1]), run, font=run_font, anchor="l" + vertical)
        boxes.append((int(box[0]), int(box[1]), int(box[2]), int(box[3])))
        x += d.textlength(run, font=run_font)
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


__all__ = ["Font", "_font", "draw_text", "missing", "runs", "text_length"]
