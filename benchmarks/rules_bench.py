"""Rules-module speed, one thread, seeded.  Prints ``name: value`` lines.

hands_per_second             random legal full hands (deal + 36 cards), all six contracts,
                             vectorised over uint64 masks (bot.rules.batch), 4096 rows a batch
hands_per_second_sequential  the same, one hand at a time (bot.rules.playout, pure Python)
legal_cards_per_second       bot.rules.play.legal_mask on random mid-trick states
weis_detect_per_second       bot.rules.weis.find_weis on random 9-card hands (default rules)
jasskit_hands_per_second     jass-kit 2.0.5 (if installed) on the same machine, same run
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from bot.rules import RuleSet
from bot.rules.batch import playout_batch, random_deals
from bot.rules.deal import deal
from bot.rules.play import legal_mask
from bot.rules.playout import random_playout
from bot.rules.weis import find_weis


def timed(seconds: float, step) -> float:
    """Run ``step`` (returning a count) until ``seconds`` pass; return count per second."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed


def bench_batch(seconds: float, seed: int, rows: int = 4096) -> float:
    rng = np.random.default_rng(seed)

    def step() -> int:
        hands = random_deals(rng, rows)
        res = playout_batch(hands, rng.integers(0, 6, rows), rng.integers(0, 4, rows), rng)
        assert int(res.points.sum()) == 157 * rows
        return rows

    return timed(seconds, step)


def bench_sequential(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    deck = list(range(36))

    def step() -> int:
        for i in range(100):
            rng.shuffle(deck)
            hands = deal(deck, i & 3)
            points, _, _ = random_playout(hands, i % 6, rng.randrange(4), rng.random)
            assert points[0] + points[1] == 157
        return 100

    return timed(seconds, step)


def bench_legal(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    states = []
    for _ in range(5000):
        perm = rng.sample(range(36), 36)
        size = rng.randint(1, 9)
        hand = sum(1 << c for c in perm[:size])
        states.append((hand, perm[size : size + rng.randint(0, 3)], rng.randrange(6)))

    def step() -> int:
        for hand, trick, contract in states:
            legal_mask(hand, trick, contract)
        return len(states)

    return timed(seconds, step)


def bench_weis(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    rules = RuleSet()
    hands = [(sum(1 << c for c in rng.sample(range(36), 9)), rng.randrange(6)) for _ in range(5000)]

    def step() -> int:
        for hand, contract in hands:
            find_weis(hand, contract, rules)
        return len(hands)

    return timed(seconds, step)


def bench_jasskit(seconds: float, seed: int) -> float | None:
    try:
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError:
        return None
    np.random.seed(seed)
    rng = random.Random(seed)
    rule = RuleSchieber()
    sim = GameSim(rule)

    def step() -> int:
        sim.init_from_cards(deal_random_hand(), dealer=rng.randrange(4))
        sim.action_trump(rng.randrange(6))
        s = sim.state
        while not sim.is_done():
            valid = np.flatnonzero(
                rule.get_valid_cards(s.hands[s.player], s.current_trick, s.nr_cards_in_trick, s.trump)
            )
            sim.action_play_card(int(valid[rng.randrange(len(valid))]))
        return 1

    return timed(seconds, step)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures = {
        "hands_per_second": bench_batch(args.seconds, args.seed),
        "hands_per_second_sequential": bench_sequential(args.seconds, args.seed),
        "legal_cards_per_second": bench_legal(args.seconds, args.seed),
        "weis_detect_per_second": bench_weis(args.seconds, args.seed),
    }
    jasskit = bench_jasskit(args.seconds, args.seed)
    for name, value in figures.items():
        print(f"{name}: {value:.0f}")
    if jasskit is None:
        print("jasskit_hands_per_second: not installed (pip install jass-kit==2.0.5 to compare)")
    else:
        print(f"jasskit_hands_per_second: {jasskit:.0f}")
        print(f"ratio_vs_jasskit: {figures['hands_per_second'] / jasskit:.1f}")
        print(f"ratio_sequential_vs_jasskit: {figures['hands_per_second_sequential'] / jasskit:.1f}")


if __name__ == "__main__":
    main()
