"""Calibrate the rules player's contract estimate: how many card points does the choosing
team make with a hand under each contract, when four ``club`` players play it out?

Plays ``--deals`` deals under all six contracts (the Rose-7 holder's team chooses; the hand is
played to the end by four club players, :func:`bot.ai.club_playout.club_playout`), fits a
linear model per contract kind on the hand features of
:func:`bot.ai.rules_player.hand_features` and prints its coefficients (pasted into
``rules_player.py``).  To judge a fit, it is also made on nine tenths of the deals and compared
with the models in use on the other tenth: the error, and the written margin
(``(2 * points - 157 + Weis/Stöck estimate) * multiplier``) of the contract each would choose.
Once the printed coefficients are pasted, the models in use have seen that tenth too, so the
comparison is fair only against the models of before.

    python -m research.calibrate_contracts --deals 60000 --seed 2 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from bot.ai.club_playout import club_playout
from bot.ai.knowledge import knowledge_of
from bot.ai.rules_player import RulesPlayer, declarations, expected_points, hand_features
from bot.game import AddComputer, ChooseContract, StartGame, Table
from bot.rules import Contract, RuleSet
from bot.rules.cards import cards_of
from research.arena import deal_rules

KINDS = (("trump", (0, 1, 2, 3)), ("obenabe", (4,)), ("undenufe", (5,)))


def deal_outcomes(index: int, seed: int) -> tuple[int, list[int], list[float]]:
    """(chooser's hand, choosing team's card points per contract incl. +5 and the Match bonus,
    Weis/Stöck estimate per contract)."""
    deal_seed = f"contracts:{seed}:{index}"
    player = RulesPlayer(random.Random(deal_seed))
    points, extras = [], []
    hand = 0
    for contract in range(6):
        table, _ = Table.create("c", "c", deal_rules("standard"))
        for _ in range(4):
            table.apply(AddComputer("c", level="random"))
        table.apply(StartGame("c", seed=deal_seed))
        chooser = table.chooser
        hand = table.start_hands[chooser]
        table.apply(ChooseContract(table.actor_for(chooser), str(Contract(contract))))
        view = table.view_for(table.to_act)
        card = player.choose_card(view, knowledge_of(view), cards_of(view.legal))
        result = club_playout(view, list(table.hand.hands), card, player)
        points.append(result[chooser % 2])
        extras.append(declarations(hand, contract, view.rules))
    return hand, points, extras


def _chunk(args: tuple[list[int], int]) -> list[tuple[int, list[int], list[float]]]:
    indexes, seed = args
    return [deal_outcomes(i, seed) for i in indexes]


def generate(deals: int, seed: int, jobs: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    parts = max(1, jobs * 8)
    work = [(list(range(i, deals, parts)), seed) for i in range(parts)]
    if jobs <= 1:
        chunks = [_chunk(w) for w in work]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            chunks = list(pool.map(_chunk, work))
    results = [r for chunk in chunks for r in chunk]
    return (
        np.array([r[0] for r in results], dtype=np.int64),
        np.array([r[1] for r in results], dtype=np.float32),
        np.array([r[2] for r in results], dtype=np.float32),
    )


def fit_linear(hands: np.ndarray, points: np.ndarray, rows: np.ndarray) -> dict[int, np.ndarray]:
    """Least-squares coefficients per contract kind, fitted on the deals ``rows``."""
    out = {}
    for _, contracts in KINDS:
        x = np.concatenate([[hand_features(int(h), c) for h in hands[rows]] for c in contracts])
        y = np.concatenate([points[rows, c] for c in contracts])
        coef, *_ = np.linalg.lstsq(np.asarray(x, dtype=float), y, rcond=None)
        out.update(dict.fromkeys(contracts, coef))
    return out


def predict(hands: np.ndarray, coefs: dict[int, np.ndarray] | None = None) -> np.ndarray:
    """Expected points per deal and contract, by the models in use or by ``coefs``."""
    return np.array(
        [[expected_points(int(h), c, None if coefs is None else coefs[c]) for c in range(6)] for h in hands]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60000)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--data", type=Path, help="cache the outcomes in this .npz (read it if it exists)")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    if args.data and args.data.exists():
        f = np.load(args.data)
        hands, points, extras = f["hands"], f["points"], f["extras"]
    else:
        hands, points, extras = generate(args.deals, args.seed, args.jobs)
        if args.data:
            np.savez(args.data, hands=hands, points=points, extras=extras)
    print(f"deals: {len(hands)}  data_seconds: {time.perf_counter() - t0:.0f}")
    test = np.arange(len(hands)) % 10 == 0
    current = predict(hands[test])
    refitted = predict(hands[test], fit_linear(hands, points, ~test))
    rules = RuleSet.from_dict(deal_rules("standard"))
    multiplier = np.array([rules.multiplier(c) for c in range(6)], dtype=float)
    written = (2 * points[test] - 157 + extras[test]) * multiplier
    for name, est in (("in use", current), ("refitted", refitted)):
        rmse = np.sqrt(((est - points[test]) ** 2).mean(axis=0))
        pick = ((2 * est - 157 + extras[test]) * multiplier).argmax(axis=1)
        chosen = written[np.arange(len(pick)), pick]
        print(
            f"held out, {name:8}: rmse per contract {' '.join(f'{r:.1f}' for r in rmse)}  "
            f"written margin of the chosen contract {chosen.mean():.2f}"
        )
    print(f"held out, best contract in hindsight: {written.max(axis=1).mean():.2f}")
    everything = fit_linear(hands, points, np.ones(len(hands), dtype=bool))
    for kind, contracts in KINDS:
        print(f"{kind.upper()}_MODEL = {tuple(round(float(c), 2) for c in everything[contracts[0]])}")
    print(f"wall_seconds: {time.perf_counter() - t0:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
