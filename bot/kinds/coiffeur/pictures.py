"""The Coiffeur Tafel as a picture (Pillow): one line per row with its factor, one column per
team, filled cells with what was written, open cells empty, the running totals below.

Drawn 400 px wide with large figures, so that it stays readable when Discord scales it down to a
phone's 320 px. A pure function of its argument: the same Tafel gives the same pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from PIL import Image, ImageDraw

from bot.render.cards import _font, png_bytes
from bot.render.fonts import draw_text
from bot.render.table import CHALK, HIGHLIGHT, SLATE, _fitted
from bot.render.text import Canvas, Drawn

WIDTH = 400
HEAD = 120  # the title and the team's players
LINE = 36  # one row of the Tafel
FOOT = 52  # the totals
LABEL_WIDTH = 150  # the row's name and factor
MUTED = (150, 156, 150)


@dataclass(frozen=True)
class CoiffeurPicture:
    """What the Tafel shows: rows (name, factor), each team's cell per row (``None``: open), the
    contract a Joker row was played as, the cell just written, totals and (at the end) the winner."""

    title: str
    teams: tuple[str, str]
    rows: tuple[tuple[str, int], ...]
    cells: tuple[tuple[int | None, int | None], ...]
    played_as: tuple[tuple[str, str], ...] = ()  # per row: what each team's Joker was ("" otherwise)
    latest: tuple[int, int] | None = None  # (row, team) written by the hand just over
    totals: tuple[int, int] = (0, 0)
    winner: str = ""
    members: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # each team's players, one line each

    metric: ClassVar[str] = "coiffeur"
    file_name: ClassVar[str] = "coiffeur-tafel.png"

    def png(self) -> bytes:
        return coiffeur_png(self)


def tafel_height(rows: int) -> int:
    return HEAD + LINE * rows + FOOT + (30 if rows else 0)


def coiffeur_image(p: CoiffeurPicture) -> Image.Image:
    return _coiffeur_render(p)[0]


def coiffeur_layout(p: CoiffeurPicture) -> tuple[Drawn, ...]:
    """Every piece of text the Tafel of ``p`` draws, with its box (for tests)."""
    return _coiffeur_render(p)[1]


@lru_cache(maxsize=64)
def _coiffeur_render(p: CoiffeurPicture) -> tuple[Image.Image, tuple[Drawn, ...]]:
    height = tafel_height(len(p.rows)) + (34 if p.winner else 0)
    img = Image.new("RGB", (WIDTH, height), SLATE)
    d = ImageDraw.Draw(img)
    c = Canvas(d)
    d.rectangle([3, 3, WIDTH - 4, height - 4], outline=(120, 90, 50), width=6)
    column = (WIDTH - 16 - LABEL_WIDTH) // 2
    left = (16 + LABEL_WIDTH, 16 + LABEL_WIDTH + column)
    title, title_font = _fitted(d, p.title, WIDTH - 32, 17)
    c.text("title", (WIDTH // 2, 14), title, title_font, CHALK, anchor="ma")
    for team in (0, 1):  # both partners, each on a line of their own (a long name smaller, else cut)
        members = p.members[team] or (p.teams[team],)
        step = (HEAD - 40 - 6) / len(members)
        for k, member in enumerate(members):
            lines, font = c.fit(member, column - 10, 15, least=12, lines=2)
            c.block(f"team:{team}", (left[team] + column // 2, 40 + step * (k + 0.5)), lines, font, CHALK)
    value_font = _font(20, bold=True)
    y = HEAD
    for i, (label, factor) in enumerate(p.rows):
        d.line([(12, y), (WIDTH - 12, y)], fill=MUTED, width=1)
        text, font = _fitted(d, f"{label} ×{factor}", LABEL_WIDTH - 8, 18)
        draw_text(d, (16, y + LINE // 2), text, font, CHALK, "lm")
        for team in (0, 1):
            value = p.cells[i][team] if i < len(p.cells) else None
            centre = left[team] + column // 2
            if value is None:
                continue  # an open row: empty, as on a chalk Tafel
            if p.latest == (i, team):
                d.rectangle([left[team] + 4, y + 3, left[team] + column - 4, y + LINE - 3], outline=HIGHLIGHT, width=2)
            joker = p.played_as[i][team] if i < len(p.played_as) else ""
            colour = HIGHLIGHT if p.latest == (i, team) else CHALK
            if joker:
                d.text((centre, y + 2), str(value), fill=colour, font=_font(17, bold=True), anchor="ma")
                note, note_font = _fitted(d, joker, column - 12, 12)
                draw_text(d, (centre, y + LINE - 3), note, note_font, MUTED, "md")
            else:
                draw_text(d, (centre, y + LINE // 2), str(value), value_font, colour, "mm")
        y += LINE
    d.line([(12, y), (WIDTH - 12, y)], fill=CHALK, width=2)
    for team in (0, 1):
        d.text((left[team] + column // 2, y + 26), str(p.totals[team]), fill=CHALK, font=_font(24, bold=True),
               anchor="mm")  # fmt: skip
    d.text((16, y + 26), "Σ", fill=CHALK, font=_font(24, bold=True), anchor="lm")
    for x in (left[0] - 4, left[1] - 2):
        d.line([(x, HEAD - 6), (x, y + FOOT - 4)], fill=MUTED, width=1)
    if p.winner:
        line, line_font = _fitted(d, p.winner, WIDTH - 32, 18)
        draw_text(d, (WIDTH // 2, height - 30), line, line_font, HIGHLIGHT, "ma")
    return img, tuple(c.drawn)


@lru_cache(maxsize=64)
def coiffeur_png(p: CoiffeurPicture) -> bytes:
    """The Coiffeur Tafel as PNG bytes; it shows no card."""
    return png_bytes(coiffeur_image(p), cards=(), palette=True)
