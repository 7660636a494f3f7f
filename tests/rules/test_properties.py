"""Property tests (hypothesis): invariants of cards, legal moves, tricks and whole hands."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules import (
    ALL_CARDS,
    PRESETS,
    Contract,
    HandPlay,
    RuleSet,
    Scoreboard,
    card_points,
    deal,
    legal_cards,
    shuffle_deck,
    trick_winner,
)
from bot.rules.cards import cards_of
from bot.rules.play import legal_mask
from bot.rules.playout import random_playout
from bot.rules.tables import TRUMP_STRENGTH_OF_RANK

contracts = st.sampled_from(list(Contract))
presets = st.sampled_from(sorted(PRESETS))
switches = st.fixed_dictionaries(
    {
        "trump_anytime": st.booleans(),
        "undertrump_when_void": st.booleans(),
        "puur_exemption": st.booleans(),
    }
)


@given(contracts, st.sampled_from(["modern", "legacy"]))
def test_152_card_points_for_every_contract(contract, values):
    rules = RuleSet(undenufe_values=values)
    assert sum(card_points(c, contract, rules) for c in ALL_CARDS) == 152


def reference_legal(hand, trick, contract, sw):
    """docs/rules.md §6.2 written out naively on Card objects, as an independent check."""
    if not trick:
        return set(hand)
    lead = trick[0].suit
    follow = {c for c in hand if c.suit == lead}
    if contract >= 4:
        return follow or set(hand)
    trumps = {c for c in hand if c.suit == contract}
    if lead == contract:
        if not trumps:
            return set(hand)
        if sw["puur_exemption"] and {c.rank for c in trumps} == {5}:
            return set(hand)
        return trumps
    trick_trumps = [c for c in trick if c.suit == contract]
    if not trick_trumps:
        if not follow:
            return set(hand)
        return follow | trumps if sw["trump_anytime"] else follow
    hi = max(TRUMP_STRENGTH_OF_RANK[c.rank] for c in trick_trumps)
    if trumps == set(hand):
        return set(hand)
    up = {c for c in trumps if TRUMP_STRENGTH_OF_RANK[c.rank] > hi}
    if follow:
        return follow | up if sw["trump_anytime"] else follow
    if sw["undertrump_when_void"]:
        return set(hand)
    return (set(hand) - trumps) | up


@settings(max_examples=400)
@given(st.permutations(range(36)), st.integers(1, 9), st.integers(0, 3), contracts, switches)
def test_legal_cards_match_the_reference_and_are_never_empty(perm, size, trick_len, contract, sw):
    hand = [ALL_CARDS[c] for c in perm[:size]]
    trick = [ALL_CARDS[c] for c in perm[size : size + trick_len]]
    rules = RuleSet(**sw)
    got = legal_cards(hand, trick, contract, rules)
    assert got, "the legal set is never empty"
    assert got <= set(hand)
    assert set(got) == reference_legal(hand, trick, int(contract), sw)


@given(st.permutations(range(36)), contracts)
def test_trick_winner_holds_the_best_card(perm, contract):
    trick = [ALL_CARDS[c] for c in perm[:4]]
    w = trick_winner(trick, contract)
    assert 0 <= w < 4
    lead = trick[0].suit
    if contract < 4 and any(c.suit == contract for c in trick):
        assert trick[w].suit == contract
    else:
        assert trick[w].suit == lead


def play_random_hand(rules: RuleSet, seed: int, totals=(0, 0)):
    rng = random.Random(seed)
    hands = deal(shuffle_deck(f"prop-{seed}"), dealer=rng.randrange(4))
    contract = rng.choice([c for c in Contract if rules.allow_obe_unde or c < 4])
    board = Scoreboard(rules=rules, totals=totals)
    hand = HandPlay(
        hands, int(contract), forehand=rng.randrange(4), declarer=rng.randrange(4), rules=rules, board=board
    )
    played = []
    while not hand.done:
        seat = hand.turn
        legal = hand.legal()
        assert legal and legal & ~hand.hands[seat] == 0
        card = rng.choice(cards_of(legal))
        hand.play(seat, card)
        played.append(card)
    return hand, played


@settings(max_examples=60, deadline=None)
@given(presets, st.integers(0, 10**9))
def test_random_hands_under_every_preset(preset, seed):
    rules = RuleSet.preset(preset, target=1_000_000, end_mode="auto", hands_per_game=0)
    hand, played = play_random_hand(rules, seed)
    assert sorted(played) == list(range(36)), "each card played exactly once"
    for t in hand.tricks:
        assert len(t.cards) == 4
        assert t.cards[(t.winner - t.leader) % 4] in t.cards
    s = hand.summary()
    total = s.card_points[0] + s.card_points[1] + 5
    assert total == 157
    assert s.written == hand.expected_written()
    matched = s.match_team is not None
    m = rules.multiplier(s.contract)
    play_points = s.written[0] + s.written[1]
    extra = 0
    if s.weis and s.weis.team is not None:
        extra += m * s.weis.points
    if s.stoeck_team is not None:
        extra += 20 * m
    if s.kontermatsch:
        expected_play = m * (157 + rules.match_bonus) * rules.kontermatsch_factor
    elif matched:
        expected_play = m * (157 + rules.match_bonus)
    else:
        expected_play = m * 157
    assert play_points - extra == expected_play


@settings(max_examples=40, deadline=None)
@given(presets, st.integers(0, 10**9), st.integers(0, 2600), st.integers(0, 2600))
def test_game_end_race_invariants(preset, seed, a, b):
    rules = RuleSet.preset(preset)
    # A game whose total already reached the target is over: no hand starts from there.
    a, b = a % rules.target, b % rules.target
    hand, _ = play_random_hand(rules, seed, totals=(a, b))
    board = hand.board
    assert board.totals[0] >= a and board.totals[1] >= b
    if board.races_to_target and board.winner is not None:
        assert board.totals[board.winner] >= rules.target
        # the winner crossed with the last credit of the hand
        assert hand.credits[-1].team == board.winner
    if board.races_to_target and board.winner is None:
        assert max(board.totals) < rules.target


@settings(max_examples=200)
@given(st.integers(0, 10**9), contracts, switches)
def test_fast_playout_is_legal_and_sums_to_157(seed, contract, sw):
    rng = random.Random(seed)
    hands = deal(shuffle_deck(str(seed)), 0)
    start = list(hands)
    leader = rng.randrange(4)
    points, won, tricks = random_playout(hands, int(contract), leader, rng.random, **sw)
    assert points[0] + points[1] == 157 and won[0] + won[1] == 9
    # Replay the same cards through the reference rules: every card was legal.
    current, seat = list(start), leader
    for trick in tricks:
        for i, card in enumerate(trick):
            legal = legal_mask(current[seat], trick[:i], int(contract), **sw)
            assert legal >> card & 1
            current[seat] &= ~(1 << card)
            seat = (seat + 1) % 4
        seat = (seat - 4 + trick_winner([ALL_CARDS[c] for c in trick], contract)) % 4
    assert current == [0, 0, 0, 0]
