"""docs/rules.md X21–X30: Weis detection, comparison and the team rule."""

import pytest

from bot.rules import Contract, RuleSet, find_weis, resolve_weis
from bot.rules.weis import QUARTET, SEQUENCE, Weis, sequence, strength

from .util import mask, names

R = RuleSet()
EICHEL, ROSE, SCHELLE, SCHILTE = range(4)
SIX, SEVEN, EIGHT, NINE, TEN, UNDER, OBER, KING, ACE = range(9)


def quartet(rank: int, points: int) -> Weis:
    return Weis(QUARTET, sum(1 << (s * 9 + rank) for s in range(4)), points, rank, rank)


def seq(suit: int, low: int, length: int, rules: RuleSet = R) -> Weis:
    return sequence(suit, low, length, rules)


X21_HAND = mask("rose-7 rose-8 rose-9 rose-10 rose-U eichel-U schelle-U schilte-U eichel-6")


def test_x21_kreuzweis_counts_both():
    weis = find_weis(X21_HAND, Contract.OBENABE, R)
    assert sorted((w.kind, w.points) for w in weis) == [(QUARTET, 200), (SEQUENCE, 100)]
    assert sum(w.points for w in weis) == 300
    run = next(w for w in weis if w.kind == SEQUENCE)
    assert names(run.cards) == {"rose-7", "rose-8", "rose-9", "rose-10", "rose-U"}


def test_x21_without_kreuzweis_best_disjoint_selection():
    weis = find_weis(X21_HAND, Contract.OBENABE, R.with_changes(kreuzweis=False))
    assert sum(w.points for w in weis) == 250
    run = next(w for w in weis if w.kind == SEQUENCE)
    assert names(run.cards) == {"rose-7", "rose-8", "rose-9", "rose-10"}
    used = 0
    for w in weis:
        assert not used & w.mask
        used |= w.mask


def test_maximal_runs_are_not_split_under_big_weis():
    weis = find_weis(
        mask("eichel-6 eichel-7 eichel-8 eichel-9 eichel-10 eichel-U rose-6 rose-8 rose-A"), Contract.ROSE, R
    )
    assert [(w.kind, w.length, w.points) for w in weis] == [(SEQUENCE, 6, 150)]


@pytest.mark.parametrize(
    ("kind", "values"),
    [
        ("big", [20, 50, 100, 150, 200, 250, 300]),
        ("small", [20, 50, 100, 100, 100, 100, 100]),
        ("plus20", [20, 50, 100, 120, 140, 160, 180]),
    ],
)
def test_sequence_tables(kind, values):
    rules = R.with_changes(weis_sequences=kind)
    assert [seq(ROSE, 0, n, rules).points for n in range(3, 10)] == values


def test_small_weis_splits_eight_and_nine_runs():
    rules = R.with_changes(weis_sequences="small")
    nine = mask(" ".join(f"schelle-{r}" for r in ["6", "7", "8", "9", "10", "U", "O", "K", "A"]))
    weis = find_weis(nine, Contract.OBENABE, rules)
    assert sorted((w.length, w.points) for w in weis) == [(4, 50), (5, 100)]
    assert max(weis, key=lambda w: w.points).high == ACE  # "Hundert vom As und Fünfzig vom Neun"


@pytest.mark.parametrize(
    ("rank", "setting", "contract", "points"),
    [
        (UNDER, "always", Contract.ROSE, 200),
        (NINE, "always", Contract.ROSE, 150),
        (ACE, "always", Contract.UNDENUFE, 100),
        (SIX, "always", Contract.OBENABE, 100),
        (SEVEN, "never", Contract.ROSE, 0),
        (SIX, "sixes_in_undenufe_only", Contract.UNDENUFE, 100),
        (SIX, "sixes_in_undenufe_only", Contract.OBENABE, 0),
        (EIGHT, "sixes_in_undenufe_only", Contract.UNDENUFE, 0),
    ],
)
def test_quartet_values(rank, setting, contract, points):
    rules = R.with_changes(low_quartets=setting)
    hand = sum(1 << (s * 9 + rank) for s in range(4))
    assert sum(w.points for w in find_weis(hand, contract, rules)) == points


def test_four_nines_setting():
    hand = sum(1 << (s * 9 + NINE) for s in range(4))
    assert find_weis(hand, Contract.ROSE, R.with_changes(four_nines=0)) == []
    assert find_weis(hand, Contract.ROSE, R.with_changes(four_nines=100))[0].points == 100


def test_weis_disabled():
    assert find_weis(X21_HAND, Contract.ROSE, R.with_changes(weis_enabled=False)) == []


def best(declared, contract, forehand=0, rules=R):
    return resolve_weis(declared, contract, forehand, rules)


def test_x22_height_before_trump():
    p0 = seq(ROSE, TEN, 4)  # Rose 10-U-O-K, trump, from the King
    p1 = seq(EICHEL, UNDER, 4)  # Eichel U-O-K-A, from the Ace
    assert best({0: [p0], 1: [p1]}, Contract.ROSE).best_seat == 1


def test_x23_trump_tie_break():
    p0 = seq(EICHEL, UNDER, 3)
    p3 = seq(SCHELLE, UNDER, 3)
    assert best({0: [p0], 3: [p3]}, Contract.SCHELLE).best_seat == 3


def test_x24_seat_order_from_forehand():
    p1 = seq(ROSE, UNDER, 3)
    p3 = seq(SCHILTE, UNDER, 3)
    assert best({1: [p1], 3: [p3]}, Contract.OBENABE, forehand=1).best_seat == 1
    assert best({3: [p3], 1: [p1]}, Contract.OBENABE, forehand=1).best_seat == 1
    # With P3 as forehand, P3 plays first and wins the tie.
    assert best({1: [p1], 3: [p3]}, Contract.OBENABE, forehand=3).best_seat == 3


def test_x25_heights_reversed_in_undenufe():
    def stronger(a, b, contract):
        return strength(a, contract, R) > strength(b, contract, R)

    s789, s678, s9u = seq(ROSE, SEVEN, 3), seq(EICHEL, SIX, 3), seq(SCHELLE, NINE, 3)
    assert stronger(s789, s9u, Contract.UNDENUFE)
    assert stronger(s678, s789, Contract.UNDENUFE)
    assert stronger(s9u, s789, Contract.OBENABE)


@pytest.mark.parametrize(
    ("tie_kind", "winner"),
    [
        ("more_cards", 2),
        ("quartet_first", 0),
        ("pagat_list", 0),
    ],
)
def test_x26_equal_value_100(tie_kind, winner):
    rules = R.with_changes(weis_tie_kind=tie_kind)
    p2 = seq(EICHEL, NINE, 5)  # 9-10-U-O-K
    p0 = quartet(ACE, 100)
    assert best({2: [p2], 0: [p0]}, Contract.ROSE, rules=rules).best_seat == winner


@pytest.mark.parametrize(
    ("tie_kind", "winner"),
    [
        ("more_cards", 1),
        ("pagat_list", 1),
        ("quartet_first", 0),
    ],
)
def test_x27_equal_value_150(tie_kind, winner):
    rules = R.with_changes(weis_tie_kind=tie_kind)
    p1 = seq(ROSE, SIX, 6)
    p0 = quartet(NINE, 150)
    assert best({1: [p1], 0: [p0]}, Contract.EICHEL, rules=rules).best_seat == winner


def test_pagat_list_seven_sequence_beats_four_unders():
    rules = R.with_changes(weis_tie_kind="pagat_list")
    declared = {0: [quartet(UNDER, 200)], 1: [seq(ROSE, SIX, 7)]}
    assert best(declared, Contract.EICHEL, rules=rules).best_seat == 1


def test_height_only_ignores_kind():
    rules = R.with_changes(weis_tie_kind="height_only")
    # Fünfblatt up to the King vs four Aces: the Ace is higher.
    declared = {2: [seq(EICHEL, NINE, 5)], 0: [quartet(ACE, 100)]}
    assert best(declared, Contract.ROSE, rules=rules).best_seat == 0


def test_x28_quartet_heights():
    aces, kings, sixes = quartet(ACE, 100), quartet(KING, 100), quartet(SIX, 100)
    for contract in (Contract.ROSE, Contract.OBENABE):
        assert best({0: [aces], 1: [kings]}, contract).best_seat == 0
    assert best({0: [aces], 1: [kings]}, Contract.UNDENUFE).best_seat == 1
    assert best({0: [aces], 1: [sixes]}, Contract.UNDENUFE).best_seat == 1
    assert best({0: [aces], 1: [sixes]}, Contract.OBENABE).best_seat == 0


def test_x29_team_rule():
    declared = {
        0: [seq(ROSE, SIX, 3)],
        2: [seq(EICHEL, SIX, 4)],
        1: [seq(SCHELLE, SIX, 5)],
        3: [seq(SCHILTE, SIX, 4)],
    }
    result = best(declared, Contract.OBENABE)
    assert result.team == 1 and result.points == 150
    assert 3 * result.points == 450


def test_x30_seed_examples():
    obers = find_weis(sum(1 << (s * 9 + OBER) for s in range(4)), Contract.OBENABE, R)
    partner = [seq(ROSE, SIX, 3)]
    result = best({0: obers, 2: partner}, Contract.OBENABE)
    assert R.multiplier(Contract.OBENABE) * result.points == 360
    unders = find_weis(sum(1 << (s * 9 + UNDER) for s in range(4)), Contract.UNDENUFE, R)
    assert R.multiplier(Contract.UNDENUFE) * best({1: unders}, Contract.UNDENUFE).points == 800


def test_no_weis_no_team():
    result = best({}, Contract.ROSE)
    assert result.team is None and result.points == 0
