"""docs/rules.md §16: every key with its default, presets, validation."""

import pytest
import yaml

from bot.rules import PRESETS, RuleSet, RuleSetError

SECTION_16 = """
first_forehand: rose7
french_map: official
allow_obe_unde: true
allow_schieben_back: false
trump_anytime: true
undertrump_when_void: false
puur_exemption: true
undenufe_values: modern
multiplier_profile: classic
target: 2500
match_bonus: 100
kontermatsch_factor: 1
weis_enabled: true
weis_mode: auto
weis_sequences: big
low_quartets: always
four_nines: 150
kreuzweis: true
weis_tie_kind: more_cards
stoeck_enabled: true
stoeck_auto: true
stoeck_preshow: true
ausmach_order: [stoeck, weis, stich]
end_mode: auto
berg: half
schneider: half
"""


def test_every_section_16_key_exists_with_its_default():
    defaults = yaml.safe_load(SECTION_16)
    got = RuleSet().to_dict()
    for key, value in defaults.items():
        assert got[key] == value, key
    assert RuleSet.from_dict(defaults) == RuleSet()


def test_multipliers():
    assert RuleSet().multipliers == (1, 1, 2, 2, 3, 4)
    assert RuleSet.preset("swisslos").multipliers == (1, 1, 2, 2, 3, 3)
    assert RuleSet.preset("ascending").multipliers == (1, 2, 3, 4, 5, 6)
    assert RuleSet.preset("single-1000").multipliers == (1,) * 6


def test_presets():
    assert set(PRESETS) == {
        "standard",
        "swisslos",
        "single-1000",
        "ascending",
        "tournament",
        "app",
        "coiffeur",
        "coiffeur-ten",
        "coiffeur-jassen-ch",
        "extras",
    }
    assert RuleSet.preset("standard") == RuleSet()
    single = RuleSet.preset("single-1000")
    assert single.target == 1000 and single.berg_mark == 500
    t = RuleSet.preset("tournament")
    assert (t.weis_enabled, t.stoeck_enabled, t.match_bonus, t.hands_per_game) == (False, False, 0, 12)
    app = RuleSet.preset("app")
    assert app.trump_anytime is False and app.ausmach_order == ("weis", "stoeck", "stich")


def test_preset_with_overrides_and_yaml_round_trip():
    rules = RuleSet.from_dict({"preset": "swisslos", "target": "3000", "kreuzweis": "false"})
    assert rules.target == 3000 and rules.kreuzweis is False
    assert RuleSet.from_dict(yaml.safe_load(yaml.safe_dump(rules.to_dict()))) == rules


@pytest.mark.parametrize(
    ("data", "key", "hint"),
    [
        ({"trumpf_anytime": True}, "trumpf_anytime", "unknown rule key"),
        ({"target": "lots"}, "target", "whole number"),
        ({"target": 50}, "target", "from 100"),
        ({"weis_sequences": "huge"}, "weis_sequences", "big, small, plus20"),
        ({"multiplier_profile": "double"}, "multiplier_profile", "classic"),
        ({"ausmach_order": ["weis", "stich"]}, "ausmach_order", "any order of stoeck, weis, stich"),
        ({"ausmach_order": ["weis", "weis", "stich"]}, "ausmach_order", "any order"),
        ({"berg": -5}, "berg", "half, off or a positive number"),
        ({"four_nines": 120}, "four_nines", "0, 100, 150"),
        ({"kreuzweis": "maybe"}, "kreuzweis", "true or false"),
        ({"preset": "turbo"}, "preset", "standard"),
        ({"end_mode": None}, "end_mode", "auto, bedanken"),
    ],
)
def test_bad_values_name_the_key_and_the_allowed_values(data, key, hint):
    with pytest.raises(RuleSetError) as err:
        RuleSet.from_dict(data)
    assert err.value.key == key
    assert key in str(err.value) and hint in str(err.value)


def test_not_a_mapping():
    with pytest.raises(RuleSetError):
        RuleSet.from_dict(["target", 1000])


def test_ausmach_order_from_text():
    assert RuleSet(ausmach_order="weis,stoeck,stich").ausmach_order == ("weis", "stoeck", "stich")


def test_the_variant_keys_are_rule_keys_again_and_old_tables_still_read():
    from bot.game import Table

    assert RuleSet.from_dict({"mixed_values": "per_trick"}).mixed_values == "per_trick"
    with pytest.raises(RuleSetError, match="mixed_values"):
        RuleSet.from_dict({"mixed_values": "sometimes"})
    old = {**RuleSet().to_dict(), "mixed_values": "obenabe", "variant_leader": "forehand"}
    assert RuleSet.from_dict(old, stored=True) == RuleSet()
    table = Table.replay([{"type": "table_created", "table_id": "t", "host": "u:1", "rules": old}])
    assert table.rules == RuleSet()


def test_extra_contracts_are_off_by_default_and_validated():
    assert RuleSet().extra_contracts == ()
    assert RuleSet.from_dict({"extra_contracts": "misere, slalom"}).extra_contracts == ("slalom", "misere")
    assert RuleSet.preset("extras").extra_contracts == ("slalom", "gusti", "tuo", "misere")
    for bad in ("molotow", ["slalom", "slalom"], 3):
        with pytest.raises(RuleSetError, match="extra_contracts"):
            RuleSet.from_dict({"extra_contracts": bad})
    assert RuleSet.from_dict(RuleSet.preset("extras").to_dict()) == RuleSet.preset("extras")


def test_coiffeur_presets_choose_the_game_and_its_tafel():
    assert RuleSet.preset("coiffeur").game == "coiffeur"
    assert RuleSet.preset("coiffeur-ten").coiffeur_tafel == "ten"
    with pytest.raises(RuleSetError, match="coiffeur_tafel"):
        RuleSet.from_dict({"coiffeur_tafel": "eleven"})


def test_the_literal_choice_types_are_the_values_accepted():
    import typing

    from bot.rules import MULTIPLIER_PROFILES
    from bot.rules.ruleset import MultiplierProfile, WeisMode

    assert set(typing.get_args(MultiplierProfile)) == set(MULTIPLIER_PROFILES)
    assert typing.get_args(WeisMode) == ("auto", "manual")
    with pytest.raises(RuleSetError, match="weis_mode"):
        RuleSet.from_dict({"weis_mode": "sometimes"})
