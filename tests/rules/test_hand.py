"""docs/rules.md X36 (a complete hand) and X39–X41 (the game-end race on the same deal)."""

import pytest

from bot.rules import Contract, HandPlay, RuleSet, Scoreboard
from bot.rules.scoreboard import STICH, STOECK, WEIS

from .util import ints, mask

X36_HANDS = [
    mask("eichel-A eichel-K eichel-O rose-6 rose-10 schelle-6 schelle-9 schilte-U schilte-7"),
    mask("schelle-K schelle-O schelle-A rose-A rose-K eichel-6 schilte-6 schilte-8 eichel-9"),
    mask("schelle-U schelle-10 schelle-8 schelle-7 rose-U rose-O eichel-7 schilte-A schilte-K"),
    mask("eichel-8 eichel-10 eichel-U rose-7 rose-8 rose-9 schilte-9 schilte-10 schilte-O"),
]
X36_TRICKS = [  # (leader, cards in play order, winner, points)
    (0, "schelle-9 schelle-O schelle-U eichel-8", 2, 37),
    (2, "schilte-A schilte-9 schilte-U schelle-K", 1, 17),
    (1, "rose-A schelle-7 rose-7 rose-10", 2, 21),
    (2, "schilte-K schilte-O schilte-7 schelle-A", 1, 18),
    (1, "rose-K schelle-8 rose-8 rose-6", 2, 4),
    (2, "rose-O rose-9 eichel-A eichel-6", 2, 14),
    (2, "rose-U eichel-U eichel-K schilte-6", 2, 8),
    (2, "eichel-7 eichel-10 eichel-O eichel-9", 0, 13),
    (0, "schelle-6 schilte-8 schelle-10 schilte-10", 2, 20),
]


def x36_hand(rules: RuleSet, totals=(0, 0)) -> HandPlay:
    assert sum(h.bit_count() for h in X36_HANDS) == 36
    assert X36_HANDS[0] | X36_HANDS[1] | X36_HANDS[2] | X36_HANDS[3] == (1 << 36) - 1
    board = Scoreboard(rules=rules, totals=totals)
    return HandPlay(X36_HANDS, Contract.SCHELLE, forehand=0, declarer=2, rules=rules, board=board)


def play_out(hand: HandPlay, stop_when_over: bool = True) -> None:
    for leader, text, _, _ in X36_TRICKS:
        assert hand.turn == leader
        for card in ints(text):
            if stop_when_over and hand.done:
                return
            seat = hand.turn
            assert hand.legal() >> card & 1, f"{card} must be legal for P{seat}"
            hand.play(seat, card)


def test_x36_complete_hand():
    hand = x36_hand(RuleSet())
    play_out(hand)
    assert [(t.leader, t.winner, t.points) for t in hand.tricks] == [
        (leader, winner, points) for leader, _, winner, points in X36_TRICKS
    ]
    weis = hand.weis_result
    assert weis.team == 1 and weis.points == 40 and weis.best_seat == 1
    assert sorted(hand.declared) == [0, 1, 3]
    summary = hand.summary()
    assert summary.tricks_won == (7, 2)
    assert summary.card_points == (117, 35)
    assert summary.card_points[0] + 5 == 122  # 7 tricks incl. the last
    assert summary.stoeck_team == 1
    assert summary.written == (244, 190)
    assert hand.expected_written() == (244, 190)
    assert hand.board.totals == (244, 190)
    assert hand.done and hand.board.winner is None


def test_x36_stoeck_credited_when_the_second_card_is_played():
    hand = x36_hand(RuleSet())
    play_out(hand)
    stoeck = [c for c in hand.credits if c.kind == STOECK]
    assert len(stoeck) == 1 and stoeck[0].team == 1 and stoeck[0].points == 40
    assert stoeck[0].cards_played == 8  # Schelle K is the 8th card of the hand


def test_manual_stoeck_must_be_announced_with_the_second_card():
    rules = RuleSet(stoeck_auto=False)
    hand = x36_hand(rules)
    play_out(hand)
    assert hand.summary().written == (244, 150)  # forgotten: lost
    announced = x36_hand(rules)
    for _leader, text, _, _ in X36_TRICKS:
        for card in ints(text):
            seat = announced.turn
            due = announced.stoeck_due(seat, card)
            announced.play(seat, card, stoeck=due)
    assert announced.summary().written == (244, 190)


def test_x39_x36_as_the_final_hand_in_every_order():
    cases = {
        ("stoeck", "weis", "stich"): (1, (2470, 2550)),
        ("weis", "stoeck", "stich"): (1, (2470, 2510)),
        ("stoeck", "stich", "weis"): (0, (2544, 2470)),
        ("weis", "stich", "stoeck"): (1, (2470, 2510)),
        ("stich", "stoeck", "weis"): (0, (2544, 2430)),
        ("stich", "weis", "stoeck"): (0, (2544, 2430)),
    }
    for order, (winner, totals) in cases.items():
        rules = RuleSet(ausmach_order=order)
        hand = x36_hand(rules, totals=(2470, 2430))
        assert hand.board.winner is None  # H0: 2430 + 40 < 2500
        play_out(hand)
        assert hand.board.winner == winner, order
        assert hand.board.totals == totals, order
        assert len(hand.tricks) == 1, order


def test_x40_crossing_in_the_middle_of_a_hand():
    hand = x36_hand(RuleSet(), totals=(2380, 2300))
    play_out(hand)
    steps = [(c.kind, c.team, c.points) for c in hand.credits]
    assert steps == [
        (WEIS, 1, 80),
        (STICH, 0, 74),
        (STOECK, 1, 40),
        (STICH, 1, 34),
        (STICH, 0, 42),
        (STICH, 1, 36),
        (STICH, 0, 8),
    ]
    assert hand.board.winner == 0
    assert hand.board.totals == (2504, 2490)
    assert len(hand.tricks) == 5
    assert not hand.board.schneider


def test_x41_stoeck_preshow_before_the_first_card():
    hand = x36_hand(RuleSet(), totals=(0, 2465))
    assert hand.board.winner == 1
    assert hand.board.totals == (0, 2505)
    assert hand.credits[0].kind == STOECK and hand.credits[0].cards_played == 0
    assert hand.done


def test_no_preshow_when_disabled():
    hand = x36_hand(RuleSet(stoeck_preshow=False), totals=(0, 2465))
    assert hand.board.winner is None


def test_moves_are_refused_without_changing_anything():
    from bot.rules import RulesError

    hand = x36_hand(RuleSet())
    before = (list(hand.hands), list(hand.trick), list(hand.credits))
    with pytest.raises(RulesError) as err:
        hand.play(1, ints("schelle-K")[0])
    assert err.value.code == "NOT_YOUR_TURN"
    with pytest.raises(RulesError) as err:
        hand.play(0, ints("schelle-K")[0])
    assert err.value.code == "ILLEGAL_CARD" and err.value.facts["reason"] == "not_in_hand"
    hand.play(0, ints("schelle-9")[0])
    with pytest.raises(RulesError) as err:
        hand.play(1, ints("rose-A")[0])  # trump led: P1 holds trumps
    assert err.value.code == "ILLEGAL_CARD" and err.value.facts["reason"] == "must_play_trump"
    assert hand.trick == ints("schelle-9")
    assert before[0][1] == hand.hands[1]


def test_manual_weis_declares_only_what_the_hand_holds():
    from bot.rules import RulesError, find_weis

    rules = RuleSet(weis_mode="manual")
    hand = x36_hand(rules)
    own = find_weis(X36_HANDS[0], Contract.SCHELLE, rules)
    others = find_weis(X36_HANDS[1], Contract.SCHELLE, rules)
    with pytest.raises(RulesError) as err:
        hand.play(0, ints("schelle-9")[0], weis=others)
    assert err.value.code == "WEIS_INVALID"
    hand.play(0, ints("schelle-9")[0], weis=own)
    hand.play(1, ints("schelle-O")[0])  # P1 keeps its Weis secret
    hand.play(2, ints("schelle-U")[0])
    hand.play(3, ints("eichel-8")[0])
    assert hand.weis_result.team == 0 and hand.weis_result.points == 20
    with pytest.raises(RulesError) as err:
        hand.play(2, ints("schilte-A")[0], weis=own)
    assert err.value.code == "WEIS_NOT_NOW"


@pytest.mark.parametrize(
    "order",
    [
        ("stoeck", "weis", "stich"),
        ("stoeck", "stich", "weis"),
        ("weis", "stoeck", "stich"),
        ("weis", "stich", "stoeck"),
        ("stich", "stoeck", "weis"),
        ("stich", "weis", "stoeck"),
    ],
)
def test_first_trick_blocks_follow_the_ausmach_order(order):
    hand = x36_hand(RuleSet(ausmach_order=order))
    play_out(hand)
    first = [c.kind for c in hand.credits if c.cards_played == 4]
    assert first == [k for k in order if k != STOECK]  # Stöck waits for its card (no pre-show)
    assert hand.summary().written == (244, 190)  # the order never changes the hand's points
