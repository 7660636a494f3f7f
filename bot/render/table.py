"""The table and the Jasstafel as pictures (Pillow), from what a spectator may see.

``table_image`` draws the current trick as cards around the table (seat 1 at the bottom, play
going anticlockwise: seat 2 on the right), the last trick small, the contract with its
multiplier, both teams' totals and whose turn it is. ``jasstafel_image`` draws the chalk slate:
one Z per team, its strokes worth 20 (top line), 50 (diagonal) and 100 (bottom line), the rest
written as a number, and the points of the hand just written. Both are pure functions of their
arguments: the same state gives the same pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

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
    """The Jasstafel: both teams' totals, names and the points just written."""

    teams: tuple[str, str]
    totals: tuple[int, int]
    written: tuple[int, int] = (0, 0)  # this hand's points (shown as +n)
    title: str = ""


def strokes(total: int) -> tuple[int, int, int, int]:
    """(hundreds, fifties, twenties, rest) of a total as the Jasstafel writes it."""
    hundreds, rest = divmod(max(0, total), 100)
    fifties, rest = divmod(rest, 50)
    twenties, rest = divmod(rest, 20)
    return hundreds, fifties, twenties, rest


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


def _zed(d: ImageDraw.ImageDraw, top: int, bottom: int, counts: tuple[int, int, int]) -> None:
    left, right = 40, WIDTH - 150
    d.line([(left, top), (right, top)], fill=CHALK, width=3)
    d.line([(right, top), (left, bottom)], fill=CHALK, width=3)
    d.line([(left, bottom), (right, bottom)], fill=CHALK, width=3)
    hundreds, fifties, twenties = counts
    _stroke_row(d, left, top, right, top, twenties)
    _stroke_row(d, right, top, left, bottom, fifties, start=0.3)
    _stroke_row(d, left, bottom, right, bottom, hundreds)


@lru_cache(maxsize=128)
def _jasstafel_image(p: SlatePicture) -> Image.Image:
    img = Image.new("RGB", (WIDTH, 330), SLATE)
    d = ImageDraw.Draw(img)
    d.rectangle([4, 4, WIDTH - 5, 325], outline=(120, 90, 50), width=8)
    font, big = _font(15), _font(22)
    if p.title:
        d.text((WIDTH // 2, 14), p.title, fill=CHALK, font=font, anchor="ma")
    for team in (0, 1):
        top = 52 + team * 140
        h, f, t, rest = strokes(p.totals[team])
        _zed(d, top, top + 95, (h, f, t))
        x = WIDTH - 130
        d.text((x, top - 8), p.teams[team][:16], fill=CHALK, font=font)
        d.text((x, top + 18), str(p.totals[team]), fill=CHALK, font=big)
        if p.written[team]:
            d.text((x, top + 50), f"+{p.written[team]}", fill=HIGHLIGHT, font=font)
        if rest:
            d.text((x, top + 74), f"({rest})", fill=CHALK, font=font)
    return img


@lru_cache(maxsize=256)
def table_png(p: TablePicture) -> bytes:
    """The table picture as PNG bytes (cached by what it shows), naming the cards it shows."""
    return png_bytes(_table_image(p), cards=tuple(card for _, card in p.trick + p.last), palette=True)


@lru_cache(maxsize=64)
def slate_png(p: SlatePicture) -> bytes:
    """The Jasstafel as PNG bytes; it shows no card."""
    return png_bytes(_jasstafel_image(p), cards=(), palette=True)
