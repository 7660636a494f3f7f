"""Rule overrides as a person types them."""

import pytest

from bot.rules import RuleSet
from bot.rules.overrides import parse_overrides
from bot.rules.ruleset import RuleSetError


def test_words_numbers_and_switches():
    got = parse_overrides("weis_enabled=on, match_bonus=100; stoeck_enabled=ja  first_forehand=right_of_dealer")
    assert got == {"weis_enabled": True, "match_bonus": 100, "stoeck_enabled": True,
                   "first_forehand": "right_of_dealer"}  # fmt: skip
    rules = RuleSet.from_dict({"preset": "tournament", **got})
    assert rules.weis_enabled and rules.match_bonus == 100


def test_a_bad_part_is_quoted():
    with pytest.raises(RuleSetError) as err:
        parse_overrides("weis_enabled=on, matchbonus")
    assert err.value.key == "matchbonus"
    with pytest.raises(RuleSetError) as err:
        RuleSet.from_dict({"preset": "tournament", **parse_overrides("no_such_key=1")})
    assert err.value.key == "no_such_key"
