"""The table and the Jasstafel as pictures (Pillow), from what a spectator may see.

``table_image`` draws the current trick as cards around the table (seat 1 at the bottom, play
going anticlockwise: seat 2 on the right), the last trick small, the contract with its
multiplier, both teams' totals and whose turn it is. ``jasstafel_image`` draws the chalk slate as
Swiss players write it: one Z per team, its strokes worth 100 on the top line, 50 on the diagonal
and 20 on the bottom line, the rest written as a number, the points of the hand just written,
the Striche (Berg, Match, Kontermatsch, Sieg, Schneider) and, on the final slate, the winner.
Both are pure functions of their arguments: the same state gives the same pixels.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont, ImageFont

from .cards import _font, card_image, png_bytes
from .fonts import draw_text, text_length
from .text import Canvas, Drawn, drawable

FELT = (26, 92, 48)
CHALK = (236, 236, 226)
SLATE = (38, 44, 42)
HIGHLIGHT = (250, 210, 70)
WIDTH, HEIGHT = 560, 410


@dataclass(frozen=True)
class TablePicture:
    """Everything the table picture shows (hashable: pictures are cached by it)."""

    title: str  # e.g. "Rose ×1"
    names: tuple[str, str, str, str]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    last: tuple[tuple[int, int], ...] = ()  # the last completed trick, (seat, card)
    last_label: str = ""  # e.g. "Last trick: dario (20)"
    totals: tuple[int, int] = (0, 0)
    teams: tuple[str, str] = ("", "")
    turn: int | None = None
    deck: str = "swiss"
    french_map: str = "official"
    lang: str = "de"  # the marks on French cards: B/D in German, J/Q in English


#: The picture's bands: a header (contract, team totals), the table, the seats' names under their cards.
HEADER = 48
#: Where each seat's card lies (centre x, centre y), seat 0 at the bottom.
_SPOTS = ((280, 298), (410, 216), (280, 134), (150, 216))
#: Each seat's name: (centre x, centre y, room in px), under (or above) its card, clear of the others.
_NAMES = ((280, 384, 250), (410, 300, 176), (280, 64, 330), (150, 300, 176))
NAME_SIZE, LEAST = 17, 13  # names: from 17 px down to 13 px, then two lines, then an ellipsis
LAST_ROOM = 190  # the last trick's label: right of the bottom card


def table_image(p: TablePicture) -> Image.Image:
    return _table_render(p)[0].copy()


def table_layout(p: TablePicture) -> tuple[Drawn, ...]:
    """Every piece of text and every card the picture of ``p`` draws, with its box (for tests)."""
    return _table_render(p)[1]


def _name_parts(name: str) -> tuple[str, str]:
    """A seat's label split into the name and the figure after it (``Anna · 33``): the figure is never cut."""
    head, sep, tail = name.rpartition(" · ")
    return (head, sep + tail) if sep and tail.lstrip("-").isdigit() else (name, "")


@lru_cache(maxsize=256)
def _table_render(p: TablePicture) -> tuple[Image.Image, tuple[Drawn, ...]]:
    img = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    d = ImageDraw.Draw(img)
    c = Canvas(d)
    d.ellipse([90, HEADER + 40, 470, HEADER + 300], outline=(60, 130, 80), width=4)
    d.line([(0, HEADER - 2), (WIDTH, HEADER - 2)], fill=(20, 70, 36), width=2)
    half = WIDTH // 2 - 16
    teams = [(name, total) for name, total in zip(p.teams, p.totals, strict=True) if name]
    title_room = WIDTH - 20 - (half + 12 if teams else 0)
    lines, font = c.fit(p.title, title_room, 17, least=LEAST, lines=1)
    c.text("title", (10, HEADER // 2), lines[0], font, CHALK, anchor="lm")
    for row, (name, total) in enumerate(teams):  # the team's total written whole, the names fitted beside it
        figure = f"  {total}"
        lines, font = c.fit(name, half, 14, least=12, suffix=figure, lines=1)
        y = 14 + 20 * row if len(teams) == 2 else HEADER // 2
        c.text(f"team:{row}", (WIDTH - 10, y), lines[0], font, CHALK, anchor="rm")
    for seat, (x, y, room) in enumerate(_NAMES):
        colour = HIGHLIGHT if seat == p.turn else CHALK
        name, figure = _name_parts(p.names[seat])
        lines, font = c.fit(name, room, NAME_SIZE, least=LEAST, suffix=figure)
        c.block(f"name:{seat}", (x, y), lines, font, colour)
    for seat, card in p.trick:
        im = card_image(card, 110, p.deck, p.french_map, lang=p.lang)
        x, y = _SPOTS[seat]
        left, top = x - im.width // 2, y - im.height // 2
        img.paste(im, (left, top), im)
        c.mark(f"card:{seat}", (left, top, left + im.width, top + im.height))
    if p.last:
        base = HEIGHT - 8
        for i, (_, card) in enumerate(p.last):
            im = card_image(card, 44, p.deck, p.french_map, lang=p.lang)
            left = WIDTH - 4 * 32 - 8 + i * 32
            img.paste(im, (left, base - im.height), im)
            c.mark(f"last:{i}", (left, base - im.height, left + im.width, base))
        # "Letzter Stich 4:" on a line of its own, then who took it with the points (never cut)
        head, _, rest = p.last_label.partition(": ")
        points = re.search(r" \(\d+\)$", rest)
        taker = rest[: points.start()] if points else rest
        font = _font(13)
        lines = [head + ":"] if rest else []
        fitted, font = c.fit(taker or head, LAST_ROOM, 13, least=12, suffix=points[0] if points else "", lines=1)
        lines = [*lines, *fitted] if rest else fitted
        step = int(getattr(font, "size", 12)) + 4
        top = base - 44 - 6 - step * len(lines)
        for k, line in enumerate(lines):
            c.text("last_label", (WIDTH - 8, top + k * step), line, font, CHALK, anchor="ra")
    return img, tuple(c.drawn)


@dataclass(frozen=True)
class SlatePicture:
    """The Jasstafel: both teams' totals, names, the points just written, the Striche and (final
    slate) the winner."""

    teams: tuple[str, str]
    totals: tuple[int, int]
    written: tuple[int, int] = (0, 0)  # this hand's points (shown as +n)
    title: str = ""
    striche: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] = ((), ())  # per team: (what, strokes)
    winner: str = ""  # the final slate's line naming the winner

    metric: ClassVar[str] = "jasstafel"
    file_name: ClassVar[str] = "jasstafel.png"

    def png(self) -> bytes:
        return slate_png(self)


def strokes(total: int) -> tuple[int, int, int, int]:
    """(hundreds, fifties, twenties, rest) of a total as the Jasstafel writes it."""
    hundreds, rest = divmod(max(0, total), 100)
    fifties, rest = divmod(rest, 50)
    twenties, rest = divmod(rest, 20)
    return hundreds, fifties, twenties, rest


def zed_lines(total: int) -> dict[str, int]:
    """Strokes on each line of the Z: hundreds on the top line, fifties on the diagonal, twenties
    on the bottom line (as Swiss players write; jassonkel.ch "Schreiben auf Tafel").

    >>> zed_lines(370)
    {'top': 3, 'diagonal': 1, 'bottom': 1}
    """
    hundreds, fifties, twenties, _ = strokes(total)
    return {"top": hundreds, "diagonal": fifties, "bottom": twenties}


def jasstafel_image(p: SlatePicture) -> Image.Image:
    return _jasstafel_image(p).copy()


def _stroke_row(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float, n: int,
                start: float = 0.1) -> None:  # fmt: skip
    """``n`` short strokes across the line from (x0, y0) to (x1, y1); every fifth crosses the four before it."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the line
    px, py = -uy, ux  # across it
    step = min((0.97 - start) / max(n, 1), 14 / length)  # 14 px apart, closer together when there are many
    for k in range(n):
        t = start + k * step
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        if (k + 1) % 5 == 0:  # the fifth: across the four before it
            back = 4 * step * length
            d.line([(x - ux * back + px * 8, y - uy * back + py * 8), (x - px * 8, y - py * 8)], fill=CHALK, width=2)
        else:
            d.line([(x - px * 9, y - py * 9), (x + px * 9, y + py * 9)], fill=CHALK, width=2)


ZED_LEFT, ZED_RIGHT, ZED_HEIGHT = 40, WIDTH - 150, 95
BLOCK = 160  # height of one team's part of the slate
SLATE_HEIGHT = 48 + 2 * BLOCK + 36


def zed_top(team: int) -> int:
    """The y of a team's Z top line (the bottom line is ZED_HEIGHT below)."""
    return 76 + team * BLOCK


def _zed(d: ImageDraw.ImageDraw, top: int, total: int) -> None:
    left, right, bottom = ZED_LEFT, ZED_RIGHT, top + ZED_HEIGHT
    d.line([(left, top), (right, top)], fill=CHALK, width=3)
    d.line([(right, top), (left, bottom)], fill=CHALK, width=3)
    d.line([(left, bottom), (right, bottom)], fill=CHALK, width=3)
    lines = zed_lines(total)
    _stroke_row(d, left, top, right, top, lines["top"])
    _stroke_row(d, right, top, left, bottom, lines["diagonal"], start=0.3)
    _stroke_row(d, left, bottom, right, bottom, lines["bottom"])


def _fitted(d: ImageDraw.ImageDraw, text: str, width: int, size: int) -> tuple[str, FreeTypeFont | ImageFont]:
    """The text in the largest font (down to 11 px) that fits ``width``; cut with … only below that."""
    text = drawable(text)
    for s in range(size, 10, -1):
        font = _font(s)
        if text_length(d, text, font) <= width:
            return text, font
    font = _font(11)
    while text and text_length(d, text + "…", font) > width:
        text = text[:-1]
    return text + "…", font


def _striche(d: ImageDraw.ImageDraw, x: int, y: int, marks: tuple[tuple[str, int], ...]) -> None:
    """Each kind of Strich with its label and as many short vertical strokes."""
    font = _font(13)
    for label, n in marks:
        draw_text(d, (x, y), label, font, CHALK)
        x += int(text_length(d, label, font)) + 6
        for _ in range(n):
            d.line([(x, y + 1), (x, y + 14)], fill=HIGHLIGHT, width=2)
            x += 6
        x += 12


@lru_cache(maxsize=128)
def _jasstafel_image(p: SlatePicture) -> Image.Image:
    img = Image.new("RGB", (WIDTH, SLATE_HEIGHT), SLATE)
    d = ImageDraw.Draw(img)
    d.rectangle([4, 4, WIDTH - 5, SLATE_HEIGHT - 5], outline=(120, 90, 50), width=8)
    font, big = _font(15), _font(22)
    if p.title:
        title, title_font = _fitted(d, p.title, WIDTH - 40, 15)
        draw_text(d, (WIDTH // 2, 16), title, title_font, CHALK, "ma")
    for team in (0, 1):
        top = zed_top(team)
        name, name_font = _fitted(d, p.teams[team], WIDTH - 2 * ZED_LEFT, 16)
        draw_text(d, (ZED_LEFT, top - 30), name, name_font, CHALK)  # the whole name, above its Z
        _zed(d, top, p.totals[team])
        x = WIDTH - 130
        draw_text(d, (x, top + 4), str(p.totals[team]), big, CHALK)
        if p.written[team]:
            draw_text(d, (x, top + 36), f"+{p.written[team]}", font, HIGHLIGHT)
        rest = strokes(p.totals[team])[3]
        if rest:
            draw_text(d, (x, top + 62), f"({rest})", font, CHALK)
        if p.striche[team]:
            _striche(d, ZED_LEFT, top + ZED_HEIGHT + 10, p.striche[team])
    if p.winner:
        line, line_font = _fitted(d, p.winner, WIDTH - 40, 18)
        draw_text(d, (WIDTH // 2, SLATE_HEIGHT - 34), line, line_font, HIGHLIGHT, "ma")
    return img


@lru_cache(maxsize=256)
def table_png(p: TablePicture) -> bytes:
    """The table picture as PNG bytes (cached by what it shows), naming the cards it shows."""
    return png_bytes(_table_render(p)[0], cards=tuple(card for _, card in p.trick + p.last), palette=True)


@lru_cache(maxsize=64)
def slate_png(p: SlatePicture) -> bytes:
    """The Jasstafel as PNG bytes; it shows no card."""
    return png_bytes(_jasstafel_image(p), cards=(), palette=True)
