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
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont, ImageFont

from .cards import _font, card_image, png_bytes

FELT = (26, 92, 48)
CHALK = (236, 236, 226)
SLATE = (38, 44, 42)
HIGHLIGHT = (250, 210, 70)
WIDTH, HEIGHT = 560, 360


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


#: Where each seat's card lies (centre x, centre y) and its name, seat 0 at the bottom.
_SPOTS = ((280, 250), (400, 175), (280, 100), (160, 175))
_NAMES = ((280, 335), (505, 175), (280, 22), (55, 175))


def table_image(p: TablePicture) -> Image.Image:
    return _table_image(p).copy()


@lru_cache(maxsize=256)
def _table_image(p: TablePicture) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    d = ImageDraw.Draw(img)
    d.ellipse([90, 45, 470, 305], outline=(60, 130, 80), width=4)
    font, small = _font(17), _font(13)
    d.text((10, 8), p.title, fill=CHALK, font=font)
    for team, (name, total) in enumerate(zip(p.teams, p.totals, strict=True)):
        if not name:
            continue  # a game without teams (Differenzler)
        d.text((WIDTH - 10, 8 + 22 * team), f"{name}  {total}", fill=CHALK, font=small, anchor="ra")
    for seat, (x, y) in enumerate(_NAMES):
        colour = HIGHLIGHT if seat == p.turn else CHALK
        d.text((x, y), p.names[seat][:18], fill=colour, font=font, anchor="mm")
    for seat, card in p.trick:
        im = card_image(card, 110, p.deck, p.french_map)
        x, y = _SPOTS[seat]
        img.paste(im, (x - im.width // 2, y - im.height // 2), im)
    if p.last:
        d.text((WIDTH - 8, HEIGHT - 58), p.last_label, fill=CHALK, font=small, anchor="rd")
        for i, (_, card) in enumerate(p.last):
            im = card_image(card, 44, p.deck, p.french_map)
            img.paste(im, (WIDTH - 4 * 32 - 8 + i * 32, HEIGHT - 52), im)
    return img


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
    for s in range(size, 10, -1):
        font = _font(s)
        if d.textlength(text, font=font) <= width:
            return text, font
    font = _font(11)
    while text and d.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…", font


def _striche(d: ImageDraw.ImageDraw, x: int, y: int, marks: tuple[tuple[str, int], ...]) -> None:
    """Each kind of Strich with its label and as many short vertical strokes."""
    font = _font(13)
    for label, n in marks:
        d.text((x, y), label, fill=CHALK, font=font)
        x += int(d.textlength(label, font=font)) + 6
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
        d.text((WIDTH // 2, 16), title, fill=CHALK, font=title_font, anchor="ma")
    for team in (0, 1):
        top = zed_top(team)
        name, name_font = _fitted(d, p.teams[team], WIDTH - 2 * ZED_LEFT, 16)
        d.text((ZED_LEFT, top - 30), name, fill=CHALK, font=name_font)  # the whole name, above its Z
        _zed(d, top, p.totals[team])
        x = WIDTH - 130
        d.text((x, top + 4), str(p.totals[team]), fill=CHALK, font=big)
        if p.written[team]:
            d.text((x, top + 36), f"+{p.written[team]}", fill=HIGHLIGHT, font=font)
        rest = strokes(p.totals[team])[3]
        if rest:
            d.text((x, top + 62), f"({rest})", fill=CHALK, font=font)
        if p.striche[team]:
            _striche(d, ZED_LEFT, top + ZED_HEIGHT + 10, p.striche[team])
    if p.winner:
        line, line_font = _fitted(d, p.winner, WIDTH - 40, 18)
        d.text((WIDTH // 2, SLATE_HEIGHT - 34), line, fill=HIGHLIGHT, font=line_font, anchor="ma")
    return img


@lru_cache(maxsize=256)
def table_png(p: TablePicture) -> bytes:
    """The table picture as PNG bytes (cached by what it shows), naming the cards it shows."""
    return png_bytes(_table_image(p), cards=tuple(card for _, card in p.trick + p.last), palette=True)


@lru_cache(maxsize=64)
def slate_png(p: SlatePicture) -> bytes:
    """The Jasstafel as PNG bytes; it shows no card."""
    return png_bytes(_jasstafel_image(p), cards=(), palette=True)
