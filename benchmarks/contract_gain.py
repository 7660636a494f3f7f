"""How much better could the club player choose its contract?  (Offline study, no product code.)

Plays ``--deals`` deals under all six contracts with four club players (the Rose-7 holder's team
chooses, :func:`bot.ai.club_playout.club_playout` on the true deal), then on the held-out tenth
of the deals compares the written margin (``(2 * points - 157 + Weis/Stöck estimate) *
multiplier``) the choosing team makes when it chooses by the linear hand model of
:mod:`bot.ai.rules_player` and by a small network fitted on the other nine tenths (hand features
plus the hand's cards, trump suit first).

    python benchmarks/contract_gain.py --deals 20000 --jobs 2 --data /tmp/contracts.npz
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai.arena import deal_rules
from bot.ai.club_playout import club_playout
from bot.ai.knowledge import knowledge_of
from bot.ai.rules_player import RulesPlayer, declarations, expected_points, hand_features
from bot.game import AddComputer, ChooseContract, StartGame, Table
from bot.rules import Contract, RuleSet
from bot.rules.cards import cards_of

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_card_model import fit


def deal_outcomes(index: int, seed: int) -> tuple[int, list[int], list[float]]:
    """(chooser's hand, choosing team's card points per contract, declarations estimate per contract)."""
    deal_seed = f"contracts:{seed}:{index}"
    rng = random.Random(deal_seed)
    player = RulesPlayer(rng)
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


def canonical_bits(hand: int, contract: int) -> list[float]:
    """The hand's 36 cards: the trump suit first (trump contracts), the other suits by length."""
    suits = [(hand >> (9 * s)) & 0x1FF for s in range(4)]
    if contract < 4:
        first, rest = [suits[contract]], [suits[s] for s in range(4) if s != contract]
    else:
        first, rest = [], suits
    rest.sort(key=lambda m: (bin(m).count("1"), m), reverse=True)
    return [float((m >> r) & 1) for m in first + rest for r in range(9)]


def features(hand: int, contract: int) -> np.ndarray:
    return np.array([*hand_features(hand, contract)[1:], *canonical_bits(hand, contract)], dtype=np.float32)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--data", type=Path, help="cache the outcomes in this .npz (read it if it exists)")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    if args.data and args.data.exists():
        f = np.load(args.data)
        hands, points, extras = f["hands"], f["points"], f["extras"]
    else:
        parts = max(1, args.jobs * 8)
        work = [(list(range(i, args.deals, parts)), args.seed) for i in range(parts)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = [r for chunk in pool.map(_chunk, work) for r in chunk]
        hands = np.array([r[0] for r in results], dtype=np.int64)
        points = np.array([r[1] for r in results], dtype=np.float32)
        extras = np.array([r[2] for r in results], dtype=np.float32)
        if args.data:
            np.savez(args.data, hands=hands, points=points, extras=extras)
    print(f"deals: {len(hands)}  data_seconds: {time.perf_counter() - t0:.0f}")
    test = np.arange(len(hands)) % 10 == 0
    rules = RuleSet.from_dict(deal_rules("standard"))
    multiplier = np.array([rules.multiplier(c) for c in range(6)], dtype=np.float32)
    linear = np.array([[expected_points(int(h), c) for c in range(6)] for h in hands], dtype=np.float32)
    learned = np.zeros_like(linear)
    for kind, contracts in (("trump", (0, 1, 2, 3)), ("obenabe", (4,)), ("undenufe", (5,))):
        x = {c: np.stack([features(int(h), c) for h in hands]) for c in contracts}
        xt = np.concatenate([x[c][~test] for c in contracts])
        yt = np.concatenate([points[~test, c] for c in contracts])
        model = fit(xt, yt, args.hidden, args.epochs, args.seed, delta=60.0)
        for c in contracts:
            learned[:, c] = np.clip(model.predict(x[c]), 0, 257)
            err_lin = np.abs(linear[test, c] - points[test, c]).mean()
            err_net = np.abs(learned[test, c] - points[test, c]).mean()
            print(f"{kind} {c}: mae linear {err_lin:.2f}  network {err_net:.2f}")
    written = (2 * points - 157 + extras) * multiplier
    for name, est in (("linear", linear), ("network", learned)):
        value = (2 * est - 157 + extras) * multiplier
        pick = value[test].argmax(axis=1)
        got = written[test][np.arange(test.sum()), pick]
        print(f"{name}: mean written margin of the chosen contract {got.mean():.2f}")
    best = written[test].max(axis=1).mean()
    print(f"best contract in hindsight: {best:.2f}")
    print(f"wall_seconds: {time.perf_counter() - t0:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
