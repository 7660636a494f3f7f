"""Where the written points are: A's share by contract and by the team that chose it.

Plays the arena's duplicate deals (same seeds as ``python -m research.arena``) and prints, per
contract and declaring team, the number of hands, the share of all written points they carry
and A's share of them.

    python -m research.points_by_contract --a rules --b random --deals 1000
"""

from __future__ import annotations

import argparse
import collections

from bot.ai.base import LEVELS
from bot.rules import Contract
from research.arena import deal_rules, play_hand, seat_players


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="rules", choices=LEVELS)
    parser.add_argument("--b", default="random", choices=LEVELS)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    points: dict[tuple[str, str], list[float]] = collections.defaultdict(lambda: [0, 0, 0])
    for index in range(args.deals):
        deal_seed = f"arena:{args.seed}:{index}"
        for swap in (0, 1):  # A's team is ``swap``
            hand = play_hand(deal_seed, seat_players(deal_seed, swap, args.a, args.b), deal_rules("standard"))
            written = hand.written
            key = (Contract(hand.contract).name.lower(), "A" if hand.declarer % 2 == swap else "B")
            row = points[key]
            row[0] += written[swap]
            row[1] += written[1 - swap]
            row[2] += 1
    total = sum(r[0] + r[1] for r in points.values())
    print(f"players: a={args.a} b={args.b}  deals: {args.deals} (each played twice)  seed: {args.seed}")
    for (contract, chooser), (pa, pb, n) in sorted(points.items()):
        print(
            f"{contract:>9} chosen by {chooser}: hands {n:5d}  share_of_all_points {(pa + pb) / total:.3f}  "
            f"share_a {pa / max(pa + pb, 1):.3f}"
        )
    print(f"point_share_a: {sum(r[0] for r in points.values()) / total:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
