"""Pictures: time and size of the table picture and the Jasstafel, on states of real games.

States come from computer games (every card played, every hand scored); each picture is drawn
and PNG-encoded from scratch (the caches bypassed), as the bot does when something visible
changed. Prints ``name: value`` lines: p50 and p99 milliseconds per picture, and PNG sizes.
Run: ``python -m benchmarks.render_bench [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.game import SYSTEM, AddComputer, NextHand, Phase, StartGame, Table
from bot.kinds.coiffeur.pictures import CoiffeurPicture, coiffeur_image
from bot.kinds.coiffeur.rules import Tafel
from bot.render.cards import png_bytes
from bot.render.table import SlatePicture, TablePicture, _jasstafel_image, _table_image, strokes
from bot.texts.cards import Deck
from cogs.presenter import slate_picture, table_picture


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def game_states(games: int) -> tuple[list[TablePicture], list[SlatePicture]]:
    """The table picture after every move and the Jasstafel after every hand of ``games`` games."""
    from bot.ai import computer_command

    tables: list[TablePicture] = []
    slates: list[SlatePicture] = []
    for g in range(games):
        table, _ = Table.create(f"b{g}", "u:host", None)
        for seat in range(4):
            table.apply(AddComputer("u:host", seat=seat))
        table.apply(StartGame("u:host", seed=f"bench:{g}"))
        deck = Deck("de", "french" if g % 2 else "swiss")
        while table.phase not in (Phase.GAME_OVER, Phase.ABANDONED):
            if table.phase == Phase.HAND_OVER:
                events = table.apply(NextHand(SYSTEM, seed=f"bench:{g}:{table.hand_no + 1}"))
            else:
                events = table.apply(computer_command(table, f"bench:{g}"))
            view = table.view_for(None)
            picture = table_picture(view, "de", deck)
            if picture is not None:
                tables.append(picture)
            for ev in events:
                if ev["type"] in ("hand_scored", "game_over"):
                    slates.append(slate_picture(view, ev, "de"))  # type: ignore[arg-type]
    return tables, slates


def measure(draw, pictures: list) -> tuple[list[float], list[int]]:
    """Draw and encode each picture as the bot sends it (``table_png`` / ``slate_png`` without their cache)."""
    times, sizes = [], []
    for p in pictures:
        t0 = time.perf_counter()
        data = png_bytes(draw(p), cards=(), palette=True)
        times.append(time.perf_counter() - t0)
        sizes.append(len(data))
    return times, sizes


def coiffeur_tafeln() -> list[CoiffeurPicture]:
    """A Coiffeur Tafel (``ten``: 10 rows) after each of its 20 hands, random values."""
    rng = random.Random(1)
    rows = tuple((row.contract.capitalize(), row.factor) for row in Tafel.of("ten").rows)
    cells: list[list[int | None]] = [[None, None] for _ in rows]
    out = []
    for hand in range(2 * len(rows)):
        team, row = hand % 2, hand // 2
        cells[row][team] = rng.randint(0, 157) * rows[row][1]
        totals = tuple(sum(c[t] or 0 for c in cells) for t in (0, 1))
        out.append(CoiffeurPicture("Annas Tisch · Coiffeur", ("Anna & Cla", "Beat & Dora"), rows,
                                   tuple((a, b) for a, b in cells), latest=(row, team),
                                   totals=(totals[0], totals[1])))  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="computer games whose states are drawn")
    args = parser.parse_args()
    tables, slates = game_states(args.games)
    draw_table = _table_image.__wrapped__  # no cache: every picture drawn anew
    draw_slate = _jasstafel_image.__wrapped__
    measure(draw_table, tables[:20])  # warm up: fonts and card faces loaded once per process
    tafeln = coiffeur_tafeln()
    for name, draw, pictures in (("table_image", draw_table, tables), ("jasstafel", draw_slate, slates),
                                 ("coiffeur_tafel", coiffeur_image.__wrapped__, tafeln)):  # fmt: skip
        times, sizes = measure(draw, pictures)
        print(f"{name}_count: {len(pictures)}")
        print(f"{name}_ms_p50: {1000 * pct(times, 0.5):.1f}")
        print(f"{name}_ms_p99: {1000 * pct(times, 0.99):.1f}")
        print(f"{name}_png_kb_mean: {statistics.fmean(sizes) / 1024:.1f}")
        print(f"{name}_png_kb_max: {max(sizes) / 1024:.1f}")
    big = max(slates, key=lambda s: sum(strokes(t)[0] for t in s.totals))
    print(f"jasstafel_most_strokes_totals: {big.totals[0]} : {big.totals[1]}")


if __name__ == "__main__":
    main()
