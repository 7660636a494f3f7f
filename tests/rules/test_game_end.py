"""docs/rules.md X37, X38, X42–X44: the order of credits, Bedanken, Berg and Schneider."""

import pytest

from bot.rules import Contract, Credit, HandPlay, RuleSet, Scoreboard, find_weis, stoeck_seat

from .util import ints, mask

# X37 deal (trump Rose): P0 holds the Vierblatt Eichel 6-9 (50), P1 Rose K + O.
X37_HANDS = [
    mask("eichel-6 eichel-7 eichel-8 eichel-9 rose-6 schelle-6 schelle-8 schilte-8 schilte-10"),
    mask("rose-K rose-O eichel-10 eichel-O schelle-7 schelle-9 schelle-U schilte-6 schilte-7"),
    mask("eichel-U eichel-K rose-7 rose-8 rose-10 schelle-10 schelle-A schilte-9 schilte-U"),
    mask("eichel-A rose-9 rose-U rose-A schelle-O schelle-K schilte-O schilte-K schilte-A"),
]
# X38 deal (trump Eichel, all single): trick 1 Rose A K 10 6 = 25 for A; P3 Dreiblatt Schilte 6-7-8.
X38_HANDS = [
    mask("rose-A eichel-6 eichel-8 schelle-6 schelle-8 schelle-10 schilte-10 schilte-O eichel-U"),
    mask("rose-K eichel-7 eichel-9 schelle-7 schelle-9 schelle-O schilte-9 schilte-K rose-8"),
    mask("rose-10 eichel-10 eichel-O schelle-U schelle-A schilte-U schilte-A rose-7 rose-9"),
    mask("rose-6 rose-U rose-O eichel-K eichel-A schelle-K schilte-6 schilte-7 schilte-8"),
]


def full_deal(hands):
    assert sum(h.bit_count() for h in hands) == 36
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 36) - 1


def first_trick(hand: HandPlay, cards: str) -> None:
    for card in ints(cards):
        hand.play(hand.turn, card)


def test_x37_preconditions():
    full_deal(X37_HANDS)
    rules = RuleSet()
    assert [w.points for w in find_weis(X37_HANDS[0], Contract.ROSE, rules)] == [50]
    assert max(w.points for s in (1, 3) for w in find_weis(X37_HANDS[s], Contract.ROSE, rules)) < 50
    assert stoeck_seat(X37_HANDS, Contract.ROSE) == 1


def test_x37_stoeck_weis_stich_b_wins_by_preshow():
    rules = RuleSet()
    board = Scoreboard(rules=rules, totals=(2460, 2485))
    hand = HandPlay(X37_HANDS, Contract.ROSE, forehand=0, rules=rules, board=board)
    assert hand.board.winner == 1 and hand.board.totals == (2460, 2505)


def test_x37_weis_stoeck_stich_a_wins_by_weis():
    rules = RuleSet.preset("app")
    board = Scoreboard(rules=rules, totals=(2460, 2485))
    hand = HandPlay(X37_HANDS, Contract.ROSE, forehand=0, rules=rules, board=board)
    assert hand.board.winner is None
    for _ in range(4):
        seat = hand.turn
        legal = hand.legal()
        hand.play(seat, (legal & -legal).bit_length() - 1)
    assert hand.board.winner == 0 and hand.board.totals[0] == 2510


@pytest.mark.parametrize(
    ("order", "winner"),
    [
        (("stoeck", "weis", "stich"), 1),
        (("stoeck", "stich", "weis"), 0),
    ],
)
def test_x38_weis_against_first_trick_points(order, winner):
    full_deal(X38_HANDS)
    rules = RuleSet(multiplier_profile="single", target=1000, ausmach_order=order)
    assert [w.points for w in find_weis(X38_HANDS[3], Contract.EICHEL, rules)] == [20]
    assert all(not find_weis(X38_HANDS[s], Contract.EICHEL, rules) for s in (0, 1, 2))
    board = Scoreboard(rules=rules, totals=(980, 985))
    hand = HandPlay(X38_HANDS, Contract.EICHEL, forehand=0, rules=rules, board=board)
    first_trick(hand, "rose-A rose-K rose-10 rose-6")
    assert hand.tricks[0].winner == 0 and hand.tricks[0].points == 25
    assert hand.board.winner == winner
    assert hand.board.totals[winner] == 1005


@pytest.mark.parametrize(("tricks_worth", "winner"), [(55, 1), (62, 0)])
def test_x42_bedanken(tricks_worth, winner):
    rules = RuleSet(end_mode="bedanken")
    board = Scoreboard(rules=rules, totals=(2380, 2000))
    board = board.credit(Credit(0, 2 * tricks_worth, "stich"))
    assert board.winner is None  # no automatic end in bedanken mode
    assert board.claim(0).winner == winner


def test_bedanken_counts_stoeck_still_to_show():
    rules = RuleSet(end_mode="bedanken")
    board = Scoreboard(rules=rules, totals=(2465, 1000))
    assert board.claim(0).winner == 1
    assert board.claim(0, preshow_stoeck=40).winner == 0
    # In a hand: the claimer's team holds Stöck that was not played yet.
    from .test_hand import x36_hand

    hand = x36_hand(rules, totals=(1000, 2465))
    assert hand.board.winner is None
    assert hand.claim(1).winner == 1 and hand.board.totals[1] == 2505


def test_auto_mode_ignores_credits_after_the_end():
    rules = RuleSet(target=1000, multiplier_profile="single")
    board = Scoreboard(rules=rules, totals=(990, 0)).credit(Credit(0, 20, "stich"))
    assert board.winner == 0
    assert board.credit(Credit(1, 2000, "stich")).totals == (1010, 0)


def test_x43_berg_and_schneider():
    rules = RuleSet()
    assert rules.berg_mark == 1250 and RuleSet(berg=1500).berg_mark == 1500
    assert RuleSet(berg="off").berg_mark is None
    board = Scoreboard(rules=rules, totals=(1200, 1000)).credit(Credit(0, 60, "stich"))
    assert board.berg == 0
    board = board.credit(Credit(1, 300, "stich"))
    assert board.berg == 0  # the first to the mark keeps it
    final = Scoreboard(rules=rules, totals=(2400, 1180)).credit(Credit(0, 130, "stich"))
    assert final.winner == 0 and final.totals == (2530, 1180) and final.schneider
    not_schneider = Scoreboard(rules=rules, totals=(2400, 1250)).credit(Credit(0, 130, "stich"))
    assert not not_schneider.schneider
    off = Scoreboard(rules=RuleSet(schneider="off"), totals=(2400, 0)).credit(Credit(0, 130, "stich"))
    assert off.winner == 0 and not off.schneider


def test_x44_seed_example_reaches_nothing():
    rules = RuleSet(multiplier_profile="single")
    board = Scoreboard(rules=rules, totals=(2422, 2434))
    board = board.credit(Credit(0, 50, "weis")).credit(Credit(1, 20, "stoeck"))
    assert board.totals == (2472, 2454) and board.winner is None


def test_fixed_length_game_ends_by_the_higher_total():
    rules = RuleSet.preset("tournament")
    board = Scoreboard(rules=rules, totals=(1500, 400)).credit(Credit(0, 200, "stich"))
    assert board.winner is None  # no target race in a Passe
    assert board.finish().winner == 0
    assert Scoreboard(rules=rules, totals=(900, 900)).finish().winner is None
