"""Molotow's rules: the worked examples V35–V44 of the specification (docs/rules-variants.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.kinds.molotow.rules import (
    OBENABE,
    Fixed,
    MolotowHand,
    game_totals,
    strich_scores,
    table_weis_points,
)
from bot.rules import Card, RuleSet, Scoreboard
from bot.rules.deal import deal, shuffle_deck
from bot.rules.play import trick_points

EICHEL, ROSE, SCHELLE, SCHILTE = 0, 1, 2, 3
RULES = RuleSet(game="molotow", undertrump_when_void=True)


def ids(text: str) -> list[int]:
    return [Card.parse(t.strip()).index for t in text.split(",") if t.strip()]


def mask(text: str) -> int:
    return sum(1 << c for c in ids(text))


def hand_of(hands: dict[int, str], forehand: int = 0, **options) -> MolotowHand:
    one = RULES.one_hand(stoeck=False)
    masks = [mask(hands.get(s, "")) for s in range(4)]
    return MolotowHand(masks, OBENABE, forehand, one, Scoreboard(rules=one), factor=1, weis_rules=RULES, **options)


def play(hand: MolotowHand, text: str) -> None:
    for card in ids(text):
        hand.play(hand.turn, card)


def test_v35_before_trump_a_trick_is_obenabe_and_its_value_follows_the_final_trump():
    hand = hand_of({0: "schelle-8, rose-6", 1: "schelle-A, rose-7", 2: "schelle-6, rose-8", 3: "schelle-K, rose-9"})
    play(hand, "schelle-8, schelle-A, schelle-6, schelle-K")
    assert hand.fixed is None and hand.tricks[0].winner == 1  # the Ace wins, nobody fixed trump
    cards = hand.tricks[0].cards
    assert trick_points(cards, OBENABE) == 23 and trick_points(cards, ROSE) == 15


def test_v36_fixing_trump_and_the_legal_set_that_follows():
    hands = {0: "rose-6, eichel-6, eichel-U, schilte-A", 1: "rose-9", 2: "rose-K", 3: "eichel-8"}
    for p0_card, winner, points in (("rose-6", 3, 4), ("eichel-U", 0, 24)):
        hand = hand_of(hands, forehand=1)
        play(hand, "rose-9, rose-K")
        assert hand.fixes_trump(3, ids("eichel-8")[0])
        play(hand, "eichel-8")
        assert hand.fixed == Fixed(3, EICHEL, 1) and hand.contract == EICHEL
        assert hand.legal(0) == mask("rose-6, eichel-U")  # Eichel 6 would undertrump, Schilte A neither
        play(hand, p0_card)
        assert (hand.tricks[0].winner, hand.tricks[0].points) == (winner, points)


def test_v37_a_void_player_may_undertrump_once_trump_is_fixed():
    hand = hand_of({1: "schelle-10", 2: "eichel-A", 3: "eichel-7, rose-8", 0: "schelle-6"}, forehand=1)
    play(hand, "schelle-10, eichel-A")  # P2 cannot follow: Eichel is trump
    assert hand.fixed is not None and hand.fixed.suit == EICHEL
    assert hand.legal(3) == mask("eichel-7, rose-8")


def test_v38_values_are_counted_with_the_final_trump():
    cards = ids("eichel-U, eichel-A, eichel-8, eichel-10")
    assert trick_points(cards, EICHEL) == 41 and trick_points(cards, OBENABE) == 31


@pytest.mark.parametrize(
    ("rule", "fixer_holds_both", "expected"),
    [("lenient", False, 1), ("strict", False, 1), ("lenient", True, 1), ("strict", True, None), ("off", False, None)],
)
def test_v39_stoeck_needs_both_cards_in_hand_when_trump_is_fixed(rule, fixer_holds_both, expected):
    if fixer_holds_both:  # P1 fixes Schelle with its King while holding the Ober
        hand = hand_of({0: "rose-6", 1: "schelle-K, schelle-O", 2: "rose-7", 3: "rose-8"}, stoeck_rule=rule)
        play(hand, "rose-6, schelle-K")
    else:  # P2 fixes Schelle; P1 still holds King and Ober
        hand = hand_of({0: "rose-6", 1: "rose-7, schelle-K, schelle-O", 2: "schelle-6", 3: "rose-8"}, stoeck_rule=rule)
        play(hand, "rose-6, rose-7, schelle-6")
    assert hand.molotow_stoeck == expected


def test_v39_a_king_played_before_trump_loses_the_stoeck():
    hand = hand_of({0: "schelle-6, rose-10", 1: "schelle-K, schelle-O, rose-6", 2: "schelle-7, schelle-9",
                    3: "schelle-8, rose-7"})  # fmt: skip
    play(hand, "schelle-6, schelle-K, schelle-7, schelle-8")  # P1 wins with the King, before trump
    play(hand, "rose-6, schelle-9")  # P2 cannot follow Rose: Schelle is trump
    assert hand.fixed == Fixed(2, SCHELLE, 2) and hand.molotow_stoeck is None


@pytest.mark.parametrize(
    ("cards", "both", "sequences_only"),
    [
        ("schilte-9, schilte-7, schilte-K, schilte-8", 20, 20),
        ("rose-10, rose-U, rose-O, rose-K", 50, 50),
        ("rose-K, eichel-K, schelle-K, schilte-K", 100, 0),
        ("rose-6, rose-7, rose-9, rose-10", 0, 0),
    ],
)
def test_v40_which_tricks_form_a_tischweis(cards, both, sequences_only):
    assert table_weis_points(ids(cards)) == both
    assert table_weis_points(ids(cards), "sequence") == sequences_only
    assert table_weis_points(ids(cards), "off") == 0


V41_HANDS = {
    0: "eichel-8, eichel-O, rose-K, schelle-7, schelle-8, schelle-9, schelle-A, schilte-9, schilte-U",
    1: "eichel-6, eichel-9, eichel-K, rose-6, rose-7, schelle-6, schelle-10, schelle-K, schilte-7",
    2: "eichel-7, eichel-A, rose-8, rose-A, schilte-6, schilte-10, schilte-O, schilte-K, schilte-A",
    3: "eichel-10, eichel-U, rose-9, rose-10, rose-U, rose-O, schelle-U, schelle-O, schilte-8",
}
V41_TRICKS = [  # cards in order, winner, card points with the final values, Tischweis
    ("eichel-8, eichel-6, eichel-7, eichel-10", 3, 10, 20),
    ("eichel-U, eichel-O, eichel-9, eichel-A", 2, 16, 0),
    ("rose-8, rose-9, rose-K, rose-6", 0, 18, 0),
    ("schelle-7, schelle-6, rose-A, rose-U", 3, 31, 0),
    ("rose-10, schelle-8, rose-7, schilte-6", 3, 10, 0),
    ("rose-O, schelle-9, eichel-K, schilte-10", 3, 17, 0),
    ("schelle-U, schelle-A, schelle-10, schilte-O", 0, 26, 0),
    ("schilte-9, schilte-7, schilte-K, schilte-8", 2, 4, 20),
    ("schilte-A, schelle-O, schilte-U, schelle-K", 2, 25, 0),
]


def test_v41_a_complete_hand():
    hand = hand_of(V41_HANDS, forehand=0)
    assert {s: [w.points for w in ws] for s, ws in hand.own_weis.items()} == {0: [20], 2: [20], 3: [50]}
    for n, (cards, winner, _, _) in enumerate(V41_TRICKS, start=1):
        if n == 4:  # P2 fixes Rose with its Ace; P3 could follow Schelle: no undertrumping the Ace
            play(hand, "schelle-7, schelle-6, rose-A")
            assert hand.fixed == Fixed(2, ROSE, 4)
            assert hand.legal(3) == mask("schelle-U, schelle-O, rose-U")
            play(hand, "rose-U")
        else:
            play(hand, cards)
        assert hand.tricks[-1].winner == winner, n
    assert [t.taken(n) for n, t in enumerate(hand.tricks, start=1)] == [p for _, _, p, _ in V41_TRICKS]
    assert [table_weis_points(t.cards) for t in hand.tricks] == [w for _, _, _, w in V41_TRICKS]
    score = hand.scores()
    assert score.points == [44, 0, 45, 68] and sum(score.points) == 157
    assert score.table_weis == [0, 0, 20, 20] and score.hand_weis == [20, 0, 20, 50]
    assert score.stoeck == [0, 0, 0, 0] and score.totals == [24, 0, 45, 38]


V42 = [[24, 0, 45, 38], [31, 52, -20, 64], [12, 70, 41, 54], [60, 25, 30, 42], [-10, 88, 47, 32],
       [40, 40, 35, 42], [18, 33, 71, 55], [35, 20, 62, 40]]  # fmt: skip


def test_v42_an_eight_hand_game():
    totals = game_totals(V42)
    assert totals == [210, 328, 311, 367]
    assert sorted(range(4), key=lambda s: totals[s]) == [0, 2, 1, 3]
    doubled = game_totals(V42, double_last_hand=True)
    assert doubled == [245, 348, 373, 407]
    assert sorted(range(4), key=lambda s: doubled[s]) == [0, 1, 2, 3]  # P1 and P2 swap places


def test_v43_the_v41_hand_as_strich_molotow():
    assert strich_scores([44, 0, 45, 68]) == ([0, 1, 0, 1], [1, 0, 1, 0])


@pytest.mark.parametrize(
    ("points", "striche", "nuller"),
    [
        ([90, 9, 34, 24], [1, 1, 0, 0], [0, 0, 1, 1]),
        ([90, 0, 34, 33], [1, 1, 0, 0], [0, 0, 1, 1]),
        ([157, 0, 0, 0], [3, 0, 0, 0], [0, 1, 1, 1]),
        ([110, 20, 15, 12], [0, 1, 1, 1], [3, 0, 0, 0]),
        ([97, 30, 30, 0], [1, 0, 0, 1], [0, 0, 0, 0]),
    ],
)
def test_v44_strich_molotow_special_cases(points, striche, nuller):
    assert strich_scores(points) == (striche, nuller)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 3))
def test_a_random_hand_played_out_takes_157_and_fixes_trump_at_most_once(seed, dealer):
    import random

    masks = deal(shuffle_deck(str(seed)), dealer)
    one = RULES.one_hand(stoeck=False)
    hand = MolotowHand(list(masks), OBENABE, (dealer + 1) % 4, one, Scoreboard(rules=one), factor=1,
                       weis_rules=RULES)  # fmt: skip
    rng = random.Random(seed)
    fixes = 0
    while len(hand.tricks) < 9:
        legal = [c for c in range(36) if hand.legal() >> c & 1]
        assert legal, "a seat to play always has a legal card"
        card = rng.choice(legal)
        fixes += hand.fixes_trump(hand.turn, card)
        hand.play(hand.turn, card)
    score = hand.scores()
    assert sum(score.points) == 157 and fixes == int(hand.fixed is not None) <= 1
    if hand.fixed is None:  # no trump fixed: every trick valued Obenabe (8 = 8)
        assert all(t.points == trick_points(t.cards, OBENABE) for t in hand.tricks)
    else:
        assert all(t.points == trick_points(t.cards, hand.fixed.suit) for t in hand.tricks)
