"""The Differenzler Schätzzettel as a picture (Pillow): one line per hand, one column per player,
each cell the prediction, the points made and (large) the penalty; the penalty totals below.

Drawn 480 px wide so that it stays readable on a phone. A pure function of its argument: the
same Schätzzettel gives the same pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from PIL import Image, ImageDraw

from bot.rules.kinds import KINDS, find_kind

from .cards import _font, png_bytes
from .table import CHALK, HIGHLIGHT, SLATE
from .text import Canvas, Drawn

WIDTH = 480
LEAST = 15  # no text under 11 px when Discord shows the picture 360 px wide (480 → 360: ×0.75)
HEAD = 124  # the title, the players' names (two lines) and the legend
LINE = 48  # one hand: the detail above, the hand's score below
FOOT = 52  # the totals
LABEL_WIDTH = 40  # the hand's number
MUTED = (160, 166, 160)
HIT = (130, 210, 130)  # an exact prediction


@dataclass(frozen=True)
class PadPicture:
    """What the Schätzzettel shows: the four players, per hand and player (prediction, points,
    penalty), the penalty totals, the hand just over (highlighted) and, at the end, the winner.
    ``legend`` says what the numbers of a cell are (in the reader's language)."""

    title: str
    players: tuple[str, str, str, str]
    hands: tuple[tuple[tuple[int, int, int], ...], ...]
    totals: tuple[int, int, int, int]
    latest: int | None = None  # index into ``hands``
    winner: str = ""
    kind: str = "differenzler"  # molotow: per hand and player (card points, Weis and Stöck, score)
    legend: str = ""

    metric: ClassVar[str] = "pad"
    file_name: ClassVar[str] = "schaetzzettel.png"

    def png(self) -> bytes:
        return pad_png(self)


def pad_height(hands: int) -> int:
    return HEAD + LINE * max(hands, 1) + FOOT + 12


def signed(kind: str) -> bool:
    """Whether the pad of ``kind`` shows its small figures as points ± the rest (the kind's option
    ``pad``), else as prediction → points."""
    return kind in KINDS and find_kind(kind).options.get("pad") == "signed"


def detail(kind: str, first: int, second: int) -> str:
    """A cell's small line: Differenzler ``prediction → points``, Molotow ``points ± Weis/Stöck``."""
    return f"{first} {second:+d}" if signed(kind) else f"{first} → {second}"


def pad_image(p: PadPicture) -> Image.Image:
    return _pad_render(p)[0]


def pad_layout(p: PadPicture) -> tuple[Drawn, ...]:
    """Every piece of text the Schätzzettel of ``p`` draws, with its box (for tests)."""
    return _pad_render(p)[1]


@lru_cache(maxsize=64)
def _pad_render(p: PadPicture) -> tuple[Image.Image, tuple[Drawn, ...]]:
    height = pad_height(len(p.hands)) + (34 if p.winner else 0)
    img = Image.new("RGB", (WIDTH, height), SLATE)
    d = ImageDraw.Draw(img)
    c = Canvas(d)
    d.rectangle([3, 3, WIDTH - 4, height - 4], outline=(120, 90, 50), width=6)
    column = (WIDTH - 16 - LABEL_WIDTH - 16) // 4
    left = [16 + LABEL_WIDTH + i * column for i in range(4)]
    lines, font = c.fit(p.title, WIDTH - 32, 18, least=LEAST, lines=1)
    c.text("title", (WIDTH // 2, 12), lines[0], font, CHALK, anchor="ma")
    for seat in range(4):
        lines, font = c.fit(p.players[seat], column - 8, 16, least=LEAST, lines=2)
        c.block(f"name:{seat}", (left[seat] + column // 2, 60), lines, font, CHALK)
    if p.legend:
        lines, font = c.fit(p.legend, WIDTH - 32, 15, least=LEAST, lines=1)
        c.text("legend", (WIDTH // 2, HEAD - 12), lines[0], font, MUTED, anchor="md")
    small, large = _font(LEAST), _font(20, bold=True)
    y = HEAD
    for i, row in enumerate(p.hands):
        d.line([(12, y), (WIDTH - 12, y)], fill=MUTED, width=1)
        c.text(f"hand:{i}", (16 + LABEL_WIDTH // 2, y + LINE // 2), str(i + 1), small, MUTED, anchor="mm")
        for seat, (first, second, score) in enumerate(row):
            x = left[seat]
            if i == p.latest:
                d.rectangle([x + 3, y + 3, x + column - 3, y + LINE - 3], outline=HIGHLIGHT, width=2)
            c.text(f"detail:{i}:{seat}", (x + 8, y + 5), detail(p.kind, first, second), small, MUTED, anchor="la")
            exact = not signed(p.kind) and (score < 0 or (score == 0 and first == second))
            c.text(f"score:{i}:{seat}", (x + column - 8, y + LINE - 5), str(score), large, HIT if exact else CHALK,
                   anchor="rd")  # fmt: skip
        y += LINE
    if not p.hands:
        y += LINE
    d.line([(12, y), (WIDTH - 12, y)], fill=CHALK, width=2)
    best = min(p.totals)
    for seat in range(4):
        colour = HIGHLIGHT if p.winner and p.totals[seat] == best else CHALK
        c.text(f"total:{seat}", (left[seat] + column - 8, y + 26), str(p.totals[seat]), _font(24, bold=True), colour,
               anchor="rm")  # fmt: skip
    c.text("sum", (16, y + 26), "Σ", _font(24, bold=True), CHALK, anchor="lm")
    for seat in range(4):
        d.line([(left[seat] - 1, HEAD - 6), (left[seat] - 1, y + FOOT - 4)], fill=MUTED, width=1)
    if p.winner:
        lines, font = c.fit(p.winner, WIDTH - 32, 18, least=LEAST, lines=1)
        c.text("winner", (WIDTH // 2, height - 30), lines[0], font, HIGHLIGHT, anchor="ma")
    return img, tuple(c.drawn)


@lru_cache(maxsize=64)
def pad_png(p: PadPicture) -> bytes:
    """The Schätzzettel as PNG bytes; it shows no card."""
    return png_bytes(pad_image(p), cards=(), palette=True)
