"""The /rules calculators agree with the engine on the worked examples of the rules
specification (RULES X9-X21, X31-X34), and cards are read as people write them."""

import pytest

from bot.rules import RuleSet
from bot.rules.lookup import better_weis, playable, points_of, weis_in, written
from bot.texts.card_words import CardWordsError, parse_cards

ROSE, SCHELLE, SCHILTE, EICHEL, OBENABE, UNDENUFE = 1, 2, 3, 0, 4, 5


def legal(hand: str, trick: str, contract: int, **rules) -> set[int]:
    cards = parse_cards(hand)
    return {p.card for p in playable(cards, parse_cards(trick), contract, RuleSet(**rules)) if p.reason is None}


@pytest.mark.parametrize(
    ("hand", "trick", "contract", "options", "allowed"),
    [
        ("Eichel K, Eichel 6, Rose 7, Schelle A", "Eichel 8", ROSE, {}, "Eichel K, Eichel 6, Rose 7"),  # X9
        ("Eichel K, Eichel 6, Rose 7, Schelle A", "Eichel 8", ROSE, {"trump_anytime": False}, "Eichel K, Eichel 6"),
        ("Eichel A, Rose 6, Rose U, Schilte 9", "Eichel 8, Rose 10", ROSE, {}, "Eichel A, Rose U"),  # X10
        ("Rose 6, Rose 8, Schilte 9, Schelle K", "Eichel 8, Rose 10", ROSE, {}, "Schilte 9, Schelle K"),  # X11
        ("Rose 6, Rose 8", "Eichel 8, Rose 10", ROSE, {}, "Rose 6, Rose 8"),  # X12
        ("Schilte U, Rose A, Eichel 9", "Schilte 7", SCHILTE, {}, "Schilte U, Rose A, Eichel 9"),  # X13
        ("Rose A, Eichel A, Schelle 6", "Rose 9", OBENABE, {}, "Rose A"),  # X15
        ("Rose 6, Eichel U, Eichel A", "Rose K, Eichel 9", EICHEL, {}, "Rose 6, Eichel U"),  # X16
        (
            "Rose 6, Rose 8, Schilte 9, Schelle K",
            "Eichel 8, Rose 10",
            ROSE,
            {"undertrump_when_void": True},
            "Rose 6, Rose 8, Schilte 9, Schelle K",
        ),  # X20
    ],
)
def test_legal_cards_of_the_worked_examples(hand, trick, contract, options, allowed):
    assert legal(hand, trick, contract, **options) == set(parse_cards(allowed))


def test_refused_cards_carry_the_rule_that_forbids_them():
    [*_, schelle] = playable(parse_cards("Eichel K, Eichel 6, Rose 7, Schelle A"), parse_cards("Eichel 8"), ROSE,
                             RuleSet())  # fmt: skip
    assert schelle.reason == "must_follow_suit"
    [_, rose6, *_] = playable(parse_cards("Eichel A, Rose 6, Rose U, Schilte 9"), parse_cards("Eichel 8, Rose 10"),
                              ROSE, RuleSet())  # fmt: skip
    assert rose6.reason == "no_undertrump"


def test_weis_of_the_worked_examples():
    hand = parse_cards("Rose 7, Rose 8, Rose 9, Rose 10, Rose U, Eichel U, Schelle U, Schilte U, Eichel 6")
    assert sum(w.points for w in weis_in(hand, ROSE, RuleSet())) == 300  # X21, Kreuzweis
    assert sum(w.points for w in weis_in(hand, ROSE, RuleSet(kreuzweis=False))) == 250
    # X22: equal value, the Ace is higher than the trump King.
    assert better_weis(parse_cards("Rose K, Rose O, Rose U, Rose 10"), parse_cards("Eichel A, Eichel K, Eichel O, "
                       "Eichel U"), ROSE, RuleSet()) == 1  # fmt: skip
    # X23: equal value and height: trump wins.
    assert better_weis(parse_cards("Eichel K, Eichel O, Eichel U"), parse_cards("Schelle K, Schelle O, Schelle U"),
                       SCHELLE, RuleSet()) == 1  # fmt: skip
    # X26: 100 against 100, the Fünfblatt has more cards.
    fuenf = parse_cards("Eichel 9, Eichel 10, Eichel U, Eichel O, Eichel K")
    aces = parse_cards("Eichel A, Rose A, Schelle A, Schilte A")
    assert better_weis(aces, fuenf, ROSE, RuleSet()) == 1
    assert better_weis(aces, fuenf, ROSE, RuleSet(weis_tie_kind="quartet_first")) == 0
    assert better_weis(parse_cards("Rose 6"), parse_cards("Rose 7"), ROSE, RuleSet()) is None


def test_card_points_and_what_a_hand_writes():
    assert points_of(parse_cards("Eichel U, Eichel 9"), EICHEL, RuleSet()) == 34
    assert points_of(list(range(36)), OBENABE, RuleSet()) == 152
    assert written(RuleSet(), UNDENUFE, 157, match=True).points == 1028  # X32
    assert written(RuleSet(multiplier_profile="swiss_3_3"), UNDENUFE, 157, match=True).points == 771  # X33
    assert written(RuleSet(), SCHELLE, 102, weis=50).points == 304  # X31: (97 + 5 + 50) x 2
    assert written(RuleSet(), SCHELLE, 55, stoeck=True).points == 150  # X31: (55 + 20) x 2
    assert written(RuleSet(multiplier_profile="ascending"), SCHILTE, 80, stoeck=True).points == 400  # X34
    single = RuleSet.preset("single-1000")
    assert written(single, ROSE, 157, match=True, declarer=False).points == 257  # X35: Kontermatsch x1
    assert written(RuleSet.preset("tournament"), ROSE, 157, match=True).points == 157
    with pytest.raises(ValueError):
        written(RuleSet(), ROSE, 150, match=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rose-7", "Rose 7"),
        ("Rosen-Sieben, Schilten Ass", "Rose 7, Schilte Ass"),
        ("Herz Dame und Kreuz Bube", "Rose Ober, Schelle Under"),
        ("hearts queen; clubs jack", "Rose Ober, Schelle Under"),
        ("Eichel Under + schelle 9", "Eichel Under, Schelle 9"),
    ],
)
def test_cards_in_everyday_words(text, expected):
    assert parse_cards(text) == parse_cards(expected)


def test_puur_and_naell_need_the_trump_and_a_garbled_part_is_quoted():
    assert parse_cards("Puur, Näll", trump=ROSE) == [ROSE * 9 + 5, ROSE * 9 + 3]
    assert parse_cards("Buur", trump=SCHELLE) == [SCHELLE * 9 + 5] and parse_cards("Nell", trump=EICHEL) == [3]
    with pytest.raises(CardWordsError) as err:
        parse_cards("Puur")
    assert err.value.reason == "needs_trump"
    with pytest.raises(CardWordsError) as err:
        parse_cards("Rose 7, Rosse Achti, Eichel 6")
    assert err.value.part == "Rosse Achti"
    with pytest.raises(CardWordsError) as err:
        parse_cards("rose-7, Rosen-Sieben")
    assert err.value.reason == "twice"
