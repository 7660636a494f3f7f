"""docs/rules.md X9–X20 and X52: legal moves, given exactly."""

import pytest

from bot.rules import Contract, RuleSet, legal_cards, why_illegal
from bot.rules.play import MUST_FOLLOW, MUST_FOLLOW_NO_TRUMP, MUST_PLAY_TRUMP, NO_UNDERTRUMP, NOT_IN_HAND

from .util import cards, names

NO_RUFF = RuleSet(trump_anytime=False)
DIFFERENZLER = RuleSet(undertrump_when_void=True)

CASES = [
    (
        "X9",
        Contract.ROSE,
        "eichel-8",
        "eichel-K eichel-6 rose-7 schelle-A",
        "eichel-K eichel-6 rose-7",
        "eichel-K eichel-6",
    ),
    ("X10", Contract.ROSE, "eichel-8 rose-10", "eichel-A rose-6 rose-U schilte-9", "eichel-A rose-U", "eichel-A"),
    (
        "X11",
        Contract.ROSE,
        "eichel-8 rose-10",
        "rose-6 rose-8 schilte-9 schelle-K",
        "schilte-9 schelle-K",
        "schilte-9 schelle-K",
    ),
    ("X12", Contract.ROSE, "eichel-8 rose-10", "rose-6 rose-8", "rose-6 rose-8", "rose-6 rose-8"),
    (
        "X13",
        Contract.SCHILTE,
        "schilte-7",
        "schilte-U rose-A eichel-9",
        "schilte-U rose-A eichel-9",
        "schilte-U rose-A eichel-9",
    ),
    ("X14", Contract.SCHILTE, "schilte-7", "schilte-U schilte-8 rose-A", "schilte-U schilte-8", "schilte-U schilte-8"),
    ("X15", Contract.OBENABE, "rose-9", "rose-A eichel-A schelle-6", "rose-A", "rose-A"),
    ("X16", Contract.EICHEL, "rose-K eichel-9", "rose-6 eichel-U eichel-A", "rose-6 eichel-U", "rose-6"),
    (
        "X17",
        Contract.SCHELLE,
        "schelle-A schelle-10",
        "schelle-7 schelle-K eichel-9",
        "schelle-7 schelle-K",
        "schelle-7 schelle-K",
    ),
    ("X18", Contract.EICHEL, "rose-A eichel-8 eichel-K", "eichel-6 eichel-O", "eichel-6 eichel-O", "eichel-6 eichel-O"),
    (
        "X19",
        Contract.ROSE,
        "schelle-6",
        "schelle-8 schelle-9 rose-U eichel-K",
        "schelle-8 schelle-9 rose-U",
        "schelle-8 schelle-9",
    ),
    (
        "X52",
        Contract.EICHEL,
        "schelle-6 eichel-U eichel-10",
        "eichel-A eichel-9 eichel-6 schilte-10",
        "schilte-10",
        "schilte-10",
    ),
]


@pytest.mark.parametrize(("name", "contract", "trick", "hand", "legal", "legal_no_ruff"), CASES)
def test_worked_examples(name, contract, trick, hand, legal, legal_no_ruff):
    got = legal_cards(cards(hand), cards(trick), contract)
    assert names(got) == names(cards(legal)), name
    got = legal_cards(cards(hand), cards(trick), contract, NO_RUFF)
    assert names(got) == names(cards(legal_no_ruff)), name


def test_x20_differenzler_may_undertrump_when_void():
    got = legal_cards(
        cards("rose-6 rose-8 schilte-9 schelle-K"), cards("eichel-8 rose-10"), Contract.ROSE, DIFFERENZLER
    )
    assert names(got) == {"rose-6", "rose-8", "schilte-9", "schelle-K"}


def test_leader_may_play_anything():
    hand = cards("rose-6 eichel-U schelle-A")
    assert legal_cards(hand, [], Contract.EICHEL) == frozenset(hand)


def test_puur_exemption_switch():
    hand, trick = cards("schilte-U rose-A eichel-9"), cards("schilte-7")
    strict = RuleSet(puur_exemption=False)
    assert names(legal_cards(hand, trick, Contract.SCHILTE, strict)) == {"schilte-U"}


def test_undertrump_ban_measured_in_trump_order_not_card_index():
    # X52 variant: the Näll in the trick beats the trump Ace although its index is lower.
    got = legal_cards(cards("eichel-A eichel-K schilte-10"), cards("schelle-6 eichel-9"), Contract.EICHEL)
    assert names(got) == {"schilte-10"}


@pytest.mark.parametrize(
    ("contract", "trick", "hand", "card", "reason", "rules"),
    [
        (Contract.ROSE, "eichel-8", "eichel-K rose-7 schelle-A", "schelle-A", MUST_FOLLOW, RuleSet()),
        (Contract.ROSE, "eichel-8 rose-10", "eichel-A rose-6 rose-U", "rose-6", NO_UNDERTRUMP, RuleSet()),
        (Contract.SCHILTE, "schilte-7", "schilte-U schilte-8 rose-A", "rose-A", MUST_PLAY_TRUMP, RuleSet()),
        (Contract.ROSE, "eichel-8", "eichel-K rose-7", "rose-7", MUST_FOLLOW_NO_TRUMP, NO_RUFF),
        (Contract.ROSE, "eichel-8", "eichel-K rose-7", "schelle-A", NOT_IN_HAND, RuleSet()),
        (Contract.ROSE, "eichel-8", "eichel-K rose-7", "rose-7", None, RuleSet()),
    ],
)
def test_illegal_reason(contract, trick, hand, card, reason, rules):
    assert why_illegal(cards(card)[0], cards(hand), cards(trick), contract, rules) == reason
