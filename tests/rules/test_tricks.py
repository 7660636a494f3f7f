"""docs/rules.md X1–X8: card values, trick winners and trick points."""

import pytest

from bot.rules import ALL_CARDS, Contract, RuleSet, card_points, trick_winner
from bot.rules.play import trick_points

from .util import cards, ints

LEGACY = RuleSet(undenufe_values="legacy")


def suit_total(contract, suit_index, rules=None):
    rules = rules or RuleSet()
    return sum(card_points(c, contract, rules) for c in ALL_CARDS if c.suit == suit_index)


def test_x1_totals_per_contract():
    assert suit_total(Contract.ROSE, 1) == 62
    assert suit_total(Contract.ROSE, 0) == 30
    for contract in Contract:
        assert sum(card_points(c, contract) for c in ALL_CARDS) == 152
        assert sum(card_points(c, contract, LEGACY) for c in ALL_CARDS) == 152
    for suit in range(4):
        assert suit_total(Contract.OBENABE, suit) == 38
        assert suit_total(Contract.UNDENUFE, suit) == 38
        assert suit_total(Contract.UNDENUFE, suit, LEGACY) == 38


def test_x1_values_by_table():
    assert card_points(cards("rose-U")[0], Contract.ROSE) == 20
    assert card_points(cards("rose-9")[0], Contract.ROSE) == 14
    assert card_points(cards("eichel-U")[0], Contract.ROSE) == 2
    assert card_points(cards("eichel-8")[0], Contract.OBENABE) == 8
    assert card_points(cards("eichel-8")[0], Contract.ROSE) == 0
    assert card_points(cards("eichel-6")[0], Contract.UNDENUFE) == 11
    assert card_points(cards("eichel-A")[0], Contract.UNDENUFE) == 0
    assert card_points(cards("eichel-6")[0], Contract.UNDENUFE, LEGACY) == 0
    assert card_points(cards("eichel-A")[0], Contract.UNDENUFE, LEGACY) == 11


@pytest.mark.parametrize(
    ("name", "contract", "trick", "winner", "points"),
    [
        ("X2 ruff wins", Contract.ROSE, "eichel-A eichel-K rose-6 eichel-10", 2, 25),
        ("X3 Puur", Contract.SCHELLE, "schelle-9 schelle-A schelle-U schelle-6", 2, 45),
        ("X4 Näll", Contract.ROSE, "rose-A rose-9 rose-O rose-10", 1, 38),
        ("X5 overtrump", Contract.EICHEL, "schilte-A eichel-6 eichel-10 schilte-K", 2, 25),
        ("X6 Obenabe", Contract.OBENABE, "rose-8 rose-6 eichel-A rose-K", 3, 23),
        ("X7 Undenufe", Contract.UNDENUFE, "schilte-10 schilte-7 schilte-6 schelle-6", 2, 32),
        ("X8 last trick", Contract.OBENABE, "eichel-8 eichel-9 schelle-8 eichel-7", 1, 16),
    ],
)
def test_x2_to_x8_trick_winner_and_points(name, contract, trick, winner, points):
    assert trick_winner(cards(trick), contract) == winner, name
    assert trick_points(ints(trick), contract) == points, name


def test_x6_x7_seats():
    # X6: P1 leads, so index 3 is P0.  X7: P3 leads, so index 2 is P1.
    assert (1 + trick_winner(cards("rose-8 rose-6 eichel-A rose-K"), Contract.OBENABE)) % 4 == 0
    assert (3 + trick_winner(cards("schilte-10 schilte-7 schilte-6 schelle-6"), Contract.UNDENUFE)) % 4 == 1


def test_x7_legacy_values():
    assert trick_points(ints("schilte-10 schilte-7 schilte-6 schelle-6"), Contract.UNDENUFE, True) == 10


def test_x8_last_trick_and_match_totals():
    assert trick_points(ints("eichel-8 eichel-9 schelle-8 eichel-7"), Contract.OBENABE) + 5 == 21
    assert 152 + 5 == 157 and 152 + 5 + RuleSet().match_bonus == 257
