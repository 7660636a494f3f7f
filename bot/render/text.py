"""Text on the pictures: fitted into its room (smaller type, then two lines, an ellipsis only as a
last resort, and a figure after a name never cut), and every piece drawn recorded with its box, so
that tests can check on the rendered layout that nothing leaves the picture or overlaps.

>>> from PIL import Image, ImageDraw
>>> canvas = Canvas(ImageDraw.Draw(Image.new("RGB", (200, 60))))
>>> lines, font = canvas.fit("Hansruedi Zimmermann-Bürgi", 120, 16, suffix=" · 33")
>>> lines[-1].endswith(" · 33"), len(lines) <= 2
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import ImageDraw
from PIL.ImageFont import FreeTypeFont, ImageFont

from .cards import _font
from .fonts import draw_text, text_length

Font = FreeTypeFont | ImageFont
#: Unicode's direction controls (embeddings, overrides, isolates, marks): a name that carries one would
#: turn round what is drawn after it in the same line, so the pictures draw text without them.
BIDI_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


def drawable(text: str) -> str:
    """``text`` without direction controls: each name keeps its own direction, and no other.

    >>> drawable("\u202eAnna & Beat")
    'Anna & Beat'
    """
    return text.translate(BIDI_CONTROLS)


Box = tuple[int, int, int, int]  # left, top, right, bottom


@dataclass(frozen=True)
class Drawn:
    """One piece of a picture: ``what`` it is (``name:0``, ``card:3``, ``title`` …), its text, its box
    and the font size it was written in (0 for a card)."""

    what: str
    text: str
    box: Box
    size: int = 0


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share any pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass
class Canvas:
    """Draws text and records what it drew."""

    d: ImageDraw.ImageDraw
    drawn: list[Drawn] = field(default_factory=list)

    def width(self, text: str, font: Font) -> float:
        return text_length(self.d, text, font)

    def fit(self, text: str, width: float, size: int, *, least: int = 11, suffix: str = "", lines: int = 2,
            bold: bool = False) -> tuple[list[str], Font]:  # fmt: skip
        """``text`` (+ ``suffix``, never cut) in the largest font from ``size`` down to ``least`` that
        fits ``width`` on one line or (two sizes down and below) on two lines broken at a space or
        hyphen; only when nothing fits even so, the text is cut with an ellipsis (the suffix stays)."""
        text = drawable(text)
        for s in range(size, least - 1, -1):  # the larger type first, on two lines if need be
            font = _font(s, bold)
            if self.width(text + suffix, font) <= width:
                return [text + suffix], font
            if lines >= 2 and s <= size - 2:  # two lines only once smaller type alone did not do
                split = self._split(text, suffix, width, font)
                if split is not None:
                    return split, font
        font = _font(least, bold)
        if lines >= 2:  # as much as fits whole on the first line (broken at a space or hyphen), the rest cut
            fits = [i for i, ch in enumerate(text) if ch in " -" and self.width(text[: i + 1].rstrip(), font) <= width]
            breaks = fits
            if breaks:
                i = breaks[-1]
                return [text[: i + 1].rstrip(), self._cut(text[i + 1 :].lstrip(), width, font, suffix)], font
        return [self._cut(text, width, font, suffix)], font

    def _split(self, text: str, suffix: str, width: float, font: Font) -> list[str] | None:
        """Two lines broken after a space or hyphen, both within ``width`` (the most even break)."""
        best: list[str] | None = None
        for i, ch in enumerate(text):
            if ch not in " -":
                continue
            first, second = text[: i + 1].rstrip(), text[i + 1 :].lstrip() + suffix
            fit = first and second and self.width(first, font) <= width and self.width(second, font) <= width
            if fit and (best is None or abs(len(first) - len(second)) < abs(len(best[0]) - len(best[1]))):
                best = [first, second]
        return best

    def _cut(self, text: str, width: float, font: Font, suffix: str) -> str:
        """The longest start of ``text`` that fits with an ellipsis and ``suffix``."""
        if self.width(text + suffix, font) <= width:
            return text + suffix
        while text and self.width(text + "…" + suffix, font) > width:
            text = text[:-1]
        return text.rstrip() + "…" + suffix

    def text(self, what: str, xy: tuple[float, float], text: str, font: Font, fill: tuple[int, int, int],
             anchor: str = "la") -> Box:  # fmt: skip
        """Draw one line and record its box."""
        text = drawable(text)
        drawn = draw_text(self.d, xy, text, font, fill, anchor)
        self.drawn.append(Drawn(what, text, drawn, int(getattr(font, "size", 0))))
        return drawn

    def block(self, what: str, centre: tuple[float, float], lines: list[str], font: Font,
              fill: tuple[int, int, int], align: str = "m") -> Box:  # fmt: skip
        """Lines centred (``align`` ``m``), left- (``l``) or right-aligned (``r``) at ``centre``'s x,
        the block's middle at its y; returns the box of the whole block."""
        size = int(getattr(font, "size", 12))
        step = size + 3
        y = centre[1] - step * (len(lines) - 1) / 2
        boxes = [self.text(what, (centre[0], y + k * step), line, font, fill, anchor=f"{align}m")
                 for k, line in enumerate(lines)]  # fmt: skip
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def mark(self, what: str, box: Box) -> None:
        """Record something drawn that is not text (a card)."""
        self.drawn.append(Drawn(what, "", box))
