import pytest

from bot.rules import ALL_CARDS, Card, Contract, Rank, Suit


def test_notation_round_trips_for_every_card():
    for card in ALL_CARDS:
        assert Card.parse(str(card)) == card
    assert len({str(c) for c in ALL_CARDS}) == 36


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("rose-7", Suit.ROSE, Rank.SEVEN),
        ("eichel-A", Suit.EICHEL, Rank.ACE),
        ("schelle-U", Suit.SCHELLE, Rank.UNDER),
        ("schilte-10", Suit.SCHILTE, Rank.TEN),
        ("Rose-o", Suit.ROSE, Rank.OBER),
    ],
)
def test_parse(text, suit, rank):
    assert Card.parse(text) == Card(suit, rank)


@pytest.mark.parametrize("bad", ["rose7", "rose-1", "herz-7", "", "rose-", "-7", "rose-11"])
def test_parse_rejects_garbage(bad):
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


def test_cards_are_hashable_ordered_and_indexed():
    a, b = Card(Suit.EICHEL, Rank.ACE), Card(Suit.ROSE, Rank.SIX)
    assert a < b
    assert {a, Card.parse("eichel-A")} == {a}
    assert a.index == 8 and b.index == 9
    assert Card.from_index(b.index) is ALL_CARDS[9]
    assert str(Card(2, 5)) == "schelle-U"


def test_contract_names_and_trump():
    assert [str(c) for c in Contract] == [
        "eichel",
        "rose",
        "schelle",
        "schilte",
        "obenabe",
        "undenufe",
    ]
    assert Contract.trump(Suit.SCHELLE) is Contract.SCHELLE
    assert Contract.SCHELLE.trump_suit is Suit.SCHELLE
    assert Contract.OBENABE.trump_suit is None
    assert Contract.parse("Undenufe") is Contract.UNDENUFE
    with pytest.raises(ValueError, match="not a contract"):
        Contract.parse("slalom")


def test_french_mapping_official_default():
    from bot.rules import RuleSet
    from bot.rules.cards import FRENCH_RANKS, FRENCH_SUITS

    names = FRENCH_SUITS[RuleSet().french_map]
    assert names[Suit.ROSE] == "herz" and names[Suit.EICHEL] == "ecken"
    assert names[Suit.SCHELLE] == "kreuz" and names[Suit.SCHILTE] == "schaufel"
    assert set(FRENCH_SUITS) == {"official", "jass_manual", "parlett", "coiffeur"}
    for mapping in FRENCH_SUITS.values():
        assert len(set(mapping)) == 4
    assert FRENCH_RANKS[Rank.UNDER] == "B" and FRENCH_RANKS[Rank.OBER] == "D"
