"""How many of the points can a player take against ``--b`` when it sees every card?

An upper-bound probe for the arena targets, not a player: the search player's card choice with
the true deal in place of sampled ones (its contract choice stays the club player's hand
model).  Plays duplicate deals like ``research.arena`` and prints the oracle's point share,
overall and by which team chose the contract.  ``--kinds`` lets it see the cards only in some
kinds of card decisions, to compare with the search on the same kinds (``--a-option kinds=...``).
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections import defaultdict
from collections.abc import Callable

import numpy as np

from bot.ai.knowledge import Knowledge
from bot.game import AddComputer, StartGame, Table
from bot.game.view import TableView
from research.players import ResearchSearchPlayer, make_player


class Oracle(ResearchSearchPlayer):
    """The search player, told the true deal."""

    table: Table

    def _worlds(self, view: TableView, k: Knowledge, n: int, judge: object = None) -> np.ndarray:
        return np.array([list(self.table.hand.hands)] * n, dtype=np.uint64)


def play_hand(deal_seed: str, team_a: int, oracle: Callable[[str], Oracle], b: str) -> tuple[list[int], int]:
    """Written points per team and the declarer's seat of one hand of the deal ``deal_seed``, the
    oracles made by ``oracle(seed)`` on the seats of team ``team_a``, ``b`` players on the others."""
    table, _ = Table.create("oracle", "h", {"preset": "standard", "target": 100_000})
    for _ in range(4):
        table.apply(AddComputer("h", level="random"))
    players = {}
    for seat in range(4):
        seed = hashlib.sha256(f"{deal_seed}:{team_a}:{seat}".encode()).hexdigest()
        if seat % 2 == team_a:
            players[seat] = oracle(seed)
            players[seat].table = table
        else:
            players[seat] = make_player(b, seed)
    table.apply(StartGame("h", seed=deal_seed))
    while True:
        seat = table.to_act
        for ev in table.apply(players[seat].decide(table.view_for(seat), table.actor_for(seat))):
            if ev["type"] == "hand_scored":
                return ev["written"], table.view_for(0).declarer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--b", default="random")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--kinds",
        help="see the cards only in these decision kinds (research.decisions, "
        "comma-separated); the club player's card in the others",
    )
    args = parser.parse_args()

    def oracle(seed: str) -> Oracle:
        return Oracle(random.Random(seed), worlds=16, verify_worlds=1, kinds=args.kinds)  # one deal: exact

    by_chooser: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for index in range(args.deals):
        for team_a in (0, 1):
            written, declarer = play_hand(f"arena:{args.seed}:{index}", team_a, oracle, args.b)
            row = by_chooser["oracle's team" if declarer % 2 == team_a else f"{args.b}'s team"]
            row[0] += written[team_a]
            row[1] += written[1 - team_a]
            row[2] += 1
    total = [sum(r[0] for r in by_chooser.values()), sum(r[1] for r in by_chooser.values())]
    for who, (a, b, n) in sorted(by_chooser.items()):
        print(f"contract chosen by {who}: hands {n}, oracle's share {a / (a + b):.3f}")
    print(f"point_share_oracle: {total[0] / sum(total):.3f} ({2 * args.deals} hands against {args.b})")


if __name__ == "__main__":
    main()
