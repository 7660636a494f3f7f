"""Calibrate the rules player's contract estimate: how many card points does the choosing
team make with a hand under each contract, when four ``club`` players play it out?

Plays ``--deals`` deals under all six contracts (the Rose-7 holder chooses), fits a linear
model per contract kind on the hand features of :func:`bot.ai.rules_player.hand_features`,
and prints the coefficients (pasted into ``rules_player.py``) and the fit's error.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai.base import make_player
from bot.ai.rules_player import hand_features
from bot.game import AddComputer, ChooseContract, StartGame, Table
from bot.rules import Contract


def outcome(seed: str, contract: int) -> tuple[int, int]:
    """(start hand of the chooser, card points of the choosing team incl. +5 and Match bonus)."""
    table, _ = Table.create("cal", "cal", {"preset": "standard", "target": 100_000})
    for _ in range(4):
        table.apply(AddComputer("cal", level="random"))
    table.apply(StartGame("cal", seed=seed))
    chooser = table.chooser
    hand = table.start_hands[chooser]
    table.apply(ChooseContract(table.actor_for(chooser), str(Contract(contract))))
    players = [make_player("club", hashlib.sha256(f"{seed}:{s}".encode()).hexdigest()) for s in range(4)]
    while table.to_act is not None:
        seat = table.to_act
        for ev in table.apply(players[seat].decide(table.view_for(seat), table.actor_for(seat))):
            if ev["type"] == "hand_scored":
                team = chooser % 2
                pts = ev["card_points"][team] + (100 if ev["match_team"] == team else 0)
                return hand, pts
    raise RuntimeError("no score")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    for kind, contracts in (("trump", (0, 1, 2, 3)), ("obenabe", (4,)), ("undenufe", (5,))):
        xs, ys = [], []
        for d in range(args.deals if kind != "trump" else args.deals // 2):
            for k in contracts:
                hand, pts = outcome(f"cal:{d}", k)
                xs.append(hand_features(hand, k))
                ys.append(pts)
        x = np.array(xs, dtype=float)
        y = np.array(ys, dtype=float)
        coef, *_ = np.linalg.lstsq(x, y, rcond=None)
        resid = y - x @ coef
        print(f"{kind}: n={len(y)} mean={y.mean():.1f} rmse={np.sqrt((resid ** 2).mean()):.1f} "
              f"r2={1 - resid.var() / y.var():.3f}")
        print(f"  coefficients: {tuple(round(float(c), 2) for c in coef)}")


if __name__ == "__main__":
    main()
