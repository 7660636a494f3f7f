"""Fit the Differenzler prediction model: ``python -m research.differenzler_fit --hands 4000``.

Plays hands with four ``club`` Differenzler players (predicting with the current model), records
each seat's hand features (:func:`bot.kinds.differenzler.players.features`) and the card points it took,
and fits the points by least squares. Repeats ``--rounds`` times, each round predicting with the
last fit (the play aims at the predictions, so the two settle together). Prints each round's
model and mean absolute error.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from bot.ai import differenzler as diff
from bot.game import AddComputer, Phase, StartGame, Table
from bot.kinds.differenzler.players import MODEL, DifferenzlerPlayer, features

RULES = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False, "stoeck_enabled": False,
         "hands_per_game": 1}  # fmt: skip


def sample(hands: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    xs, ys = [], []
    for i in range(hands):
        table, _ = Table.create("fit", "fit", RULES)
        for _ in range(4):
            table.apply(AddComputer("fit", level="club"))
        table.apply(StartGame("fit", seed=f"fit:{seed}:{i}"))
        players = [DifferenzlerPlayer(rng) for _ in range(4)]
        start = list(table.start_hands)
        trump = table.trump or 0
        while table.phase != Phase.GAME_OVER:
            seat = table.to_act
            assert seat is not None
            for ev in table.apply(players[seat].decide(table.view_for(seat), table.actor_for(seat))):
                if ev["type"] == "seats_scored":
                    for s in range(4):
                        xs.append(features(start[s], trump))
                        ys.append(ev["points"][s])
    return np.array(xs), np.array(ys, dtype=float)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    model = tuple(MODEL)
    for r in range(args.rounds):
        diff.MODEL = model
        x, y = sample(args.hands, args.seed + r)
        before = float(np.mean(np.abs(x @ np.array(model) - y)))
        coef, *_ = np.linalg.lstsq(x, y, rcond=None)
        model = tuple(round(float(c), 2) for c in coef)
        after = float(np.mean(np.abs(x @ coef - y)))
        print(f"round {r + 1}: mean abs error {before:.2f} -> {after:.2f}; MODEL = {model}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
