"""The Einzelschieber draw: table-mate repeats against the counting bound, and its speed.

Prints one line per player count with, for 3 to 6 Passen, ``P:repeats/bound`` (the best of
``--seeds`` seeds, and the seed-0 figure), the partner repeats (0 while the Passen allow), and
the time of a 256-player draw over 8 Passen. Run: ``python -m benchmarks.draw_bench``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.tournament import draw, lower_bound


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=5, help="seeds per size")
    args = parser.parse_args()
    print("players  Passen: repeats (best of seeds / seed 0) / counting bound   partner repeats")
    for n in (8, 12, 16, 20, 24, 32, 64, 128):
        cells, partners = [], 0
        for p in range(3, 7):
            results = [draw(n, p, s) for s in range(args.seeds)]
            repeats = [r.table_mate_repeats() for r in results]
            partners = max(partners, *(r.partner_repeats() for r in results))
            cells.append(f"{p}: {min(repeats)}/{repeats[0]}/{lower_bound(n, p)}")
        print(f"{n:>7}  " + "   ".join(cells) + f"   {partners}")
    times = []
    for s in range(3):
        t0 = time.perf_counter()
        big = draw(256, 8, s)
        times.append(time.perf_counter() - t0)
    print(f"draw_256_players_8_passen_s: median {statistics.median(times):.2f}, max {max(times):.2f}")
    print(f"draw_256_players_8_passen_repeats: {big.table_mate_repeats()} (bound {lower_bound(256, 8)})")


if __name__ == "__main__":
    main()
