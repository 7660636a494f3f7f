"""The vectorised play-out plays exactly the legal moves of the scalar rules."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.batch import legal_batch, pick_random, playout_batch, random_deals
from bot.rules.play import legal_mask, trick_points, trick_winner_index


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_batch_playout_replays_legally(seed, anytime, void, puur, legacy):
    rng = np.random.default_rng(seed)
    n = 64
    hands = random_deals(rng, n, dealer=int(rng.integers(4)))
    assert (np.bitwise_or.reduce(hands, axis=1) == np.uint64((1 << 36) - 1)).all()
    assert (np.bitwise_count(hands) == 9).all()
    contracts = rng.integers(0, 6, n)
    leaders = rng.integers(0, 4, n)
    res = playout_batch(hands, contracts, leaders, rng, anytime, void, puur, legacy)
    assert (res.points.sum(axis=1) == 157).all()
    assert (res.tricks.sum(axis=1) == 9).all()
    for row in range(n):
        current = [int(h) for h in hands[row]]
        contract = int(contracts[row])
        leader = int(leaders[row])
        points = [0, 0]
        for t in range(9):
            assert res.leaders[row, t] == leader
            trick = [int(c) for c in res.cards[row, t]]
            for i, card in enumerate(trick):
                seat = (leader + i) % 4
                assert legal_mask(current[seat], trick[:i], contract, anytime, void, puur) >> card & 1
                current[seat] &= ~(1 << card)
            leader = (leader + trick_winner_index(trick, contract)) % 4
            points[leader % 2] += trick_points(trick, contract, legacy) + (5 if t == 8 else 0)
        assert current == [0, 0, 0, 0]
        assert points == res.points[row].tolist()


def test_pick_random_is_uniform_and_stays_in_the_mask():
    rng = np.random.default_rng(7)
    masks = np.full(20000, np.uint64(0b1010_0000_0001_0110), dtype=np.uint64)
    picks = pick_random(masks, rng)
    values, counts = np.unique(picks, return_counts=True)
    assert values.tolist() == [1, 2, 4, 13, 15]
    assert counts.min() > 3500 and counts.max() < 4500


def test_legal_batch_agrees_with_scalar_on_random_states():
    rng = np.random.default_rng(3)
    for _ in range(2000):
        perm = rng.permutation(36)
        size, k = int(rng.integers(1, 10)), int(rng.integers(1, 4))
        hand = sum(1 << int(c) for c in perm[:size])
        trick = [int(c) for c in perm[size : size + k]]
        contract = int(rng.integers(0, 6))
        trumps_in = [c for c in trick if contract < 4 and c // 9 == contract]
        from bot.rules.tables import TRUMP_STRENGTH

        hi = max(trumps_in, key=lambda c: TRUMP_STRENGTH[c]) if trumps_in else -1
        got = legal_batch(
            np.array([hand], dtype=np.uint64), np.array([trick[0] // 9]), np.array([contract]), np.array([hi])
        )
        assert int(got[0]) == legal_mask(hand, trick, contract)
