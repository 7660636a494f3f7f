"""Differenzler's rules: the worked examples V26–V34 of the specification (docs/rules-variants.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.kinds.differenzler.rules import (
    bottom_card,
    dealer_credit,
    penalty,
    prediction_order,
    with_stoeck,
    zero_tricks,
)
from bot.rules import Card, HandPlay, RuleSet, Scoreboard
from bot.rules.cards import mask_of
from bot.rules.deal import deal, shuffle_deck
from bot.rules.individual import ranking, results
from bot.rules.play import legal_mask

EICHEL, ROSE, SCHELLE, SCHILTE = 0, 1, 2, 3
DIFF = RuleSet(undertrump_when_void=True, weis_enabled=False, stoeck_enabled=False, match_bonus=0,
               multiplier_profile="single", target=1_000_000, berg="off", schneider="off")  # fmt: skip


def cards(text: str) -> list[int]:
    return [Card.parse(t.strip()).index for t in text.split(",")]


V29_HANDS = {
    0: "eichel-O, eichel-K, eichel-A, rose-6, rose-9, schelle-U, schilte-6, schilte-8, schilte-9",
    1: "eichel-8, rose-7, rose-O, rose-K, schelle-7, schelle-8, schelle-10, schelle-A, schilte-10",
    2: "eichel-6, eichel-10, eichel-U, rose-A, schelle-6, schelle-O, schelle-K, schilte-U, schilte-O",
    3: "eichel-7, eichel-9, rose-8, rose-10, rose-U, schelle-9, schilte-7, schilte-K, schilte-A",
}
V29_PLAY = [  # (leader, cards in play order)
    (0, "eichel-O, eichel-8, eichel-6, eichel-7"),
    (0, "eichel-K, rose-7, eichel-10, eichel-9"),
    (0, "eichel-A, rose-O, eichel-U, rose-8"),
    (0, "rose-6, rose-K, rose-A, rose-10"),
    (2, "schelle-6, schelle-9, rose-9, schelle-7"),
    (3, "rose-U, schelle-U, schelle-8, schelle-O"),
    (0, "schilte-6, schelle-10, schelle-K, schilte-7"),
    (2, "schilte-U, schilte-K, schilte-8, schelle-A"),
    (1, "schilte-10, schilte-O, schilte-A, schilte-9"),
]


def v29_hand() -> HandPlay:
    hands = [mask_of(cards(V29_HANDS[s])) for s in range(4)]
    hand = HandPlay(hands, SCHELLE, 0, DIFF, Scoreboard(DIFF), factor=1)
    for leader, played in V29_PLAY:
        assert hand.turn == leader
        for card in cards(played):
            hand.play(hand.turn, card)  # every card legal under undertrump_when_void
    return hand


def test_v26_the_bottom_card_is_the_dealers_last_card():
    for seed in ("a", "b", "c"):
        deck = shuffle_deck(seed)
        for dealer in range(4):
            hands = deal(deck, dealer)
            assert bottom_card(hands, dealer, deck) == deck[-1]  # the 36th card goes to the dealer


def test_v27_open_predictions_start_at_forehand_and_end_with_the_dealer():
    assert prediction_order(3) == [0, 1, 2, 3]
    assert prediction_order(1) == [2, 3, 0, 1]


def test_v28_undertrumping_when_void():
    trick = cards("rose-K, eichel-10")
    assert legal_mask(mask_of(cards("eichel-6, eichel-7, schelle-A")), trick, EICHEL, True, True, True) == mask_of(
        cards("eichel-6, eichel-7, schelle-A")
    )
    assert legal_mask(mask_of(cards("eichel-6, eichel-7, schelle-A")), trick, EICHEL, True, False, True) == mask_of(
        cards("schelle-A")
    )  # Schieber (RULES X11)
    assert legal_mask(mask_of(cards("eichel-6, eichel-7, schelle-A, rose-8")), trick, EICHEL, True, True, True) == (
        mask_of(cards("rose-8"))
    )


def test_v29_a_whole_hand_card_by_card():
    hand = v29_hand()
    assert [t.winner for t in hand.tricks] == [0, 0, 0, 2, 3, 0, 2, 1, 3]
    assert [t.taken(n) for n, t in enumerate(hand.tricks, start=1)] == [3, 14, 16, 25, 14, 25, 14, 17, 29]
    taken = results(hand.tricks)
    assert taken == [58, 17, 39, 43] and sum(taken) == 157
    assert [penalty(p, r) for p, r in zip((55, 17, 45, 30), taken, strict=True)] == [3, -10, 6, 13]


@pytest.mark.parametrize(
    ("prediction", "result", "zero_trick", "default", "needs_zero_trick"),
    [(60, 47, False, 13, 13), (82, 82, False, -10, -10), (157, 157, False, -10, -10), (0, 0, True, 0, -10),
     (0, 0, False, 0, 0), (0, 14, True, 14, 14)],
)  # fmt: skip
def test_v30_penalties(prediction, result, zero_trick, default, needs_zero_trick):
    assert penalty(prediction, result, won_zero_trick=zero_trick) == default
    assert penalty(prediction, result, zero_bonus="needs_zero_trick", won_zero_trick=zero_trick) == needs_zero_trick


def test_v31_one_player_takes_every_trick():
    taken = [0, 157, 0, 0]
    assert [penalty(p, r) for p, r in zip((0, 150, 10, 5), taken, strict=True)] == [0, 7, 10, 5]
    assert penalty(0, 0, zero_bonus="needs_zero_trick", won_zero_trick=False) == 0


def test_v32_a_four_hand_game():
    hands = [((55, 58), (17, 17), (45, 39), (30, 43)), ((40, 40), (0, 0), (70, 61), (47, 56)),
             ((20, 31), (90, 84), (0, 14), (35, 28)), ((62, 57), (30, 27), (25, 41), (40, 32))]  # fmt: skip
    totals = [0, 0, 0, 0]
    for hand in hands:
        assert sum(r for _, r in hand) == 157
        for seat, (p, r) in enumerate(hand):
            totals[seat] += penalty(p, r)
    assert totals == [9, -1, 45, 37]
    assert ranking(totals) == [1, 0, 3, 2]  # P1 wins
    assert penalty(0, 0, zero_bonus="needs_zero_trick", won_zero_trick=True) - penalty(0, 0) == -10  # P1: −11


def test_v33_stoeck_options_on_the_v29_hand():
    assert penalty(20, with_stoeck(20, 39, "off")) == 19
    assert penalty(20, with_stoeck(20, 39, "add")) == 39
    assert with_stoeck(20, 39, "add_or_subtract") == 19 and penalty(20, 19) == 1


def test_v34_three_player_dealer_credit():
    assert dealer_credit([60, 50, 30]) == 3


def test_a_prediction_outside_0_to_157_is_refused():
    with pytest.raises(ValueError, match="0 to 157"):
        penalty(158, 0)


@given(seed=st.text(min_size=1, max_size=8), choices=st.randoms(use_true_random=False))
def test_property_the_four_results_sum_to_157_and_one_trick_winner_each(seed, choices):
    hands = deal(shuffle_deck(seed), 0)
    hand = HandPlay(hands, choices.randrange(4), 1, DIFF, Scoreboard(DIFF), factor=1)
    while not hand.done:
        legal = hand.legal()
        assert legal
        hand.play(hand.turn, choices.choice([c for c in range(36) if legal >> c & 1]))
    assert sum(results(hand.tricks)) == 157
    assert len(hand.tricks) == 9 and all(0 <= t.winner < 4 for t in hand.tricks)
    assert len(zero_tricks(hand.tricks)) == 4
