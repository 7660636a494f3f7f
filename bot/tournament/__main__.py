"""``python -m bot.tournament draw --players N --passen P --seed S [--json]``: the Einzelschieber draw.

With ``--json`` one JSON object, ``{"passen": [[[a, b, c, d], ...], ...]}``: for each Passe its
tables, each four player numbers (0 … N−1) in seat order, partners at positions 0/2 and 1/3,
``null`` for a computer seat. Without it, the tables as text and how often people meet again.
"""

from __future__ import annotations

import argparse
import json
import sys

from .draw import draw, lower_bound


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.tournament", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="draw the tables and partners of every Passe")
    d.add_argument("--players", type=int, required=True, help="number of players (0 … N−1)")
    d.add_argument("--passen", type=int, required=True, help="number of Passen")
    d.add_argument("--seed", required=True, help="the published seed: the same seed gives the same draw")
    d.add_argument("--json", action="store_true", help='one JSON object: {"passen": [[[a, b, c, d], ...], ...]}')
    args = parser.parse_args(argv)
    if not 4 <= args.players <= 4096 or not 1 <= args.passen <= 64:
        print("expected 4 to 4096 players and 1 to 64 Passen", file=sys.stderr)
        return 2
    result = draw(args.players, args.passen, args.seed)
    if args.json:
        print(json.dumps(result.to_json(), separators=(",", ":")))
        return 0
    for n, passe in enumerate(result.passen, 1):
        print(f"Passe {n}")
        for t, table in enumerate(passe, 1):
            names = ["computer" if p is None else str(p) for p in table]
            print(f"  table {t}: {names[0]} & {names[2]} against {names[1]} & {names[3]}")
    print(f"partner repeats: {result.partner_repeats()}")
    print(
        f"table-mate repeats: {result.table_mate_repeats()} (counting bound {lower_bound(args.players, args.passen)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
