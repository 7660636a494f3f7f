"""The Differenzler Schätzzettel as a picture (Pillow): one line per hand, one column per player,
each cell the prediction, the points made and (large) the penalty; the penalty totals below.

Drawn 480 px wide so that it stays readable on a phone. A pure function of its argument: the
same Schätzzettel gives the same pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from .cards import _font, png_bytes
from .table import CHALK, HIGHLIGHT, SLATE, _fitted

WIDTH = 480
HEAD = 76  # the title and the players' names
LINE = 38  # one hand
FOOT = 52  # the totals
LABEL_WIDTH = 44  # the hand's number
MUTED = (150, 156, 150)
HIT = (130, 210, 130)  # an exact prediction


@dataclass(frozen=True)
class PadPicture:
    """What the Schätzzettel shows: the four players, per hand and player (prediction, points,
    penalty), the penalty totals, the hand just over (highlighted) and, at the end, the winner."""

    title: str
    players: tuple[str, str, str, str]
    hands: tuple[tuple[tuple[int, int, int], ...], ...]
    totals: tuple[int, int, int, int]
    latest: int | None = None  # index into ``hands``
    winner: str = ""
    kind: str = "differenzler"  # molotow: per hand and player (card points, Weis and Stöck, score)


def pad_height(hands: int) -> int:
    return HEAD + LINE * max(hands, 1) + FOOT + 12


@lru_cache(maxsize=64)
def pad_image(p: PadPicture) -> Image.Image:
    height = pad_height(len(p.hands)) + (34 if p.winner else 0)
    img = Image.new("RGB", (WIDTH, height), SLATE)
    d = ImageDraw.Draw(img)
    d.rectangle([3, 3, WIDTH - 4, height - 4], outline=(120, 90, 50), width=6)
    column = (WIDTH - 16 - LABEL_WIDTH - 16) // 4
    left = [16 + LABEL_WIDTH + i * column for i in range(4)]
    title, title_font = _fitted(d, p.title, WIDTH - 32, 17)
    d.text((WIDTH // 2, 14), title, fill=CHALK, font=title_font, anchor="ma")
    for seat in range(4):
        name, name_font = _fitted(d, p.players[seat], column - 8, 15)
        d.text((left[seat] + column // 2, 46), name, fill=CHALK, font=name_font, anchor="ma")
    small, large = _font(12), _font(19, bold=True)
    y = HEAD
    for i, row in enumerate(p.hands):
        d.line([(12, y), (WIDTH - 12, y)], fill=MUTED, width=1)
        d.text((16 + LABEL_WIDTH // 2, y + LINE // 2), str(i + 1), fill=MUTED, font=_font(15), anchor="mm")
        for seat, (predicted, made, penalty) in enumerate(row):
            x = left[seat]
            if i == p.latest:
                d.rectangle([x + 3, y + 3, x + column - 3, y + LINE - 3], outline=HIGHLIGHT, width=2)
            detail = f"{predicted}{made:+d}" if p.kind == "molotow" else f"{predicted}/{made}"
            d.text((x + 8, y + LINE // 2), detail, fill=MUTED, font=small, anchor="lm")
            exact = p.kind != "molotow" and (penalty < 0 or (penalty == 0 and predicted == made))
            colour = HIT if exact else CHALK
            d.text((x + column - 8, y + LINE // 2), str(penalty), fill=colour, font=large, anchor="rm")
        y += LINE
    if not p.hands:
        y += LINE
    d.line([(12, y), (WIDTH - 12, y)], fill=CHALK, width=2)
    best = min(p.totals)
    for seat in range(4):
        colour = HIGHLIGHT if p.winner and p.totals[seat] == best else CHALK
        d.text((left[seat] + column - 8, y + 26), str(p.totals[seat]), fill=colour, font=_font(24, bold=True),
               anchor="rm")  # fmt: skip
    d.text((16, y + 26), "Σ", fill=CHALK, font=_font(24, bold=True), anchor="lm")
    for seat in range(4):
        d.line([(left[seat] - 1, HEAD - 6), (left[seat] - 1, y + FOOT - 4)], fill=MUTED, width=1)
    if p.winner:
        line, line_font = _fitted(d, p.winner, WIDTH - 32, 18)
        d.text((WIDTH // 2, height - 30), line, fill=HIGHLIGHT, font=line_font, anchor="ma")
    return img


@lru_cache(maxsize=64)
def pad_png(p: PadPicture) -> bytes:
    """The Schätzzettel as PNG bytes; it shows no card."""
    return png_bytes(pad_image(p), cards=(), palette=True)
