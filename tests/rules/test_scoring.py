"""docs/rules.md X31–X35: writing a hand's points."""

import pytest

from bot.rules import Contract, RuleSet, hand_points
from bot.rules.scoring import match_striche

CLASSIC = RuleSet()
SWISS = RuleSet.preset("swisslos")
SINGLE = RuleSet.preset("single-1000")


def test_x31_trump_schelle():
    got = hand_points(
        CLASSIC,
        Contract.SCHELLE,
        card_points=(97, 55),
        last_team=0,
        tricks_won=(6, 3),
        weis_team=0,
        weis_points=50,
        stoeck_team=1,
    )
    assert got == (304, 150)


def test_x32_match_in_undenufe_and_opponents_weis_counts():
    got = hand_points(
        CLASSIC,
        Contract.UNDENUFE,
        card_points=(152, 0),
        last_team=0,
        tricks_won=(9, 0),
        weis_team=1,
        weis_points=50,
        declarer_team=0,
    )
    assert got == (1028, 200)


@pytest.mark.parametrize(
    ("contract", "classic", "swiss"),
    [
        (Contract.ROSE, 257, 257),
        (Contract.EICHEL, 257, 257),
        (Contract.SCHELLE, 514, 514),
        (Contract.SCHILTE, 514, 514),
        (Contract.OBENABE, 771, 771),
        (Contract.UNDENUFE, 1028, 771),
    ],
)
def test_x33_match_values(contract, classic, swiss):
    kwargs = dict(card_points=(152, 0), last_team=0, tricks_won=(9, 0))
    assert hand_points(CLASSIC, contract, **kwargs)[0] == classic
    assert hand_points(SWISS, contract, **kwargs)[0] == swiss


def test_x34_ascending_schilte():
    rules = RuleSet.preset("ascending")
    got = hand_points(rules, Contract.SCHILTE, card_points=(75, 77), last_team=0, tricks_won=(4, 5), stoeck_team=0)
    assert got == (400, 308)


def test_x35_kontermatsch():
    got = hand_points(
        SINGLE, Contract.ROSE, card_points=(0, 152), last_team=1, tricks_won=(0, 9), stoeck_team=0, declarer_team=0
    )
    assert got == (20, 257)
    assert match_striche(1, declarer_team=0) == (0, 2)
    assert match_striche(0, declarer_team=0) == (1, 0)
    assert match_striche(None, declarer_team=0) == (0, 0)


def test_kontermatsch_factor_doubles_the_match():
    rules = SINGLE.with_changes(kontermatsch_factor=2)
    got = hand_points(rules, Contract.ROSE, card_points=(0, 152), last_team=1, tricks_won=(0, 9), declarer_team=0)
    assert got == (0, 514)


def test_zero_points_is_not_a_match():
    got = hand_points(SINGLE, Contract.ROSE, card_points=(0, 152), last_team=1, tricks_won=(1, 8))
    assert got == (0, 157)


def test_tournament_preset_match_is_157_and_no_stoeck():
    rules = RuleSet.preset("tournament")
    got = hand_points(rules, Contract.ROSE, card_points=(152, 0), last_team=0, tricks_won=(9, 0), stoeck_team=0)
    assert got == (157, 0)
