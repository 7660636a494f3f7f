"""Coiffeur's Tafel, the choice of a row and a row's value: RULES-VARIANTS V15–V25 (issue 42)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.kinds.coiffeur.rules import CoiffeurError, Row, Tafel, chooser, joker_allowed, row_value

A, B = 0, 1


def test_v15_tafel_bounds():
    assert row_value(Row("schelle", 4), (257, 0), A) == (1028, 0)
    assert Tafel.of("reglement8").max_total() == 9252
    assert Tafel.of("ten").max_total() == 14135


def test_v16_shoving_to_an_opponent():
    tafel = Tafel.of("reglement8")
    assert chooser(0, 0, tafel).seat == 0  # forehand chooses first, and shoves
    announcer = chooser(0, 1, tafel)
    assert announcer.seat == 1 and not announcer.forced  # an opponent, who then leads
    assert row_value(tafel.rows[4], (62, 95), B) == (0, 475)
    assert chooser(0, 1, tafel, shove="partner").seat == 2  # under "partner": P2, team A


def test_v17_im_zwang_and_stoeck_in_a_joker_row():
    tafel = Tafel.of("reglement8")
    for row in (0, 2, 3, 4, 5, 6):  # B's open rows: Rose ×2 and Joker ×8
        tafel.fill(B, row, 0)
    assert [tafel.rows[i] for i in tafel.open_rows(B)] == [Row("rose", 2), Row("joker", 8)]
    assert [chooser(1, n, tafel).seat for n in range(4)] == [1, 2, 3, 0]
    zwang = chooser(1, 4, tafel)
    assert zwang.seat == 1 and zwang.forced
    with pytest.raises(CoiffeurError):
        chooser(1, 5, tafel)
    joker = tafel.rows[7]
    assert joker_allowed("schilte")
    assert row_value(joker, (96, 61), B, contract="schilte", stoeck=20) == (0, 488)
    assert row_value(joker, (96, 61), B, contract="schilte", stoeck=20, stoeck_rule="always") == (0, 648)


def test_v18_stoeck_in_a_suit_row():
    tafel = Tafel.of("reglement8")
    assert chooser(0, 2, tafel).seat == 2  # P0 and P1 shoved: P2 (team A)
    schelle = tafel.rows[3]
    assert schelle == Row("schelle", 4)
    assert row_value(schelle, (97, 60), A, stoeck=20) == (468, 0)
    assert row_value(schelle, (97, 60), A, stoeck=20, stoeck_rule="off") == (388, 0)


def test_v19_match_and_kontermatsch():
    tafel = Tafel.of("reglement8")
    assert row_value(tafel.rows[5], (0, 257), B) == (0, 1542)
    schilte = tafel.rows[2]
    assert row_value(schilte, (0, 257), A) == (0, 0)
    assert row_value(schilte, (0, 257), A, kontermatsch="negative") == (-771, 0)
    assert row_value(schilte, (0, 257), A, kontermatsch="opponents_bonus") == (0, 771)


def test_v20_a_joker_repeating_a_contract():
    tafel = Tafel.of("reglement8")
    tafel.fill(A, 5, row_value(tafel.rows[5], (80, 77), A)[A])
    assert tafel.written[(A, 5)] == 480
    assert joker_allowed("undenufe")
    value = row_value(tafel.rows[6], (70, 87), A, contract="undenufe")[A]
    tafel.fill(A, 6, value, "undenufe")
    assert value == 490 and tafel.played_as[(A, 6)] == "undenufe"
    assert not joker_allowed("slalom") and joker_allowed("slalom", "any")


def test_v21_a_team_with_no_open_row():
    tafel = Tafel.of("reglement8")
    for row in range(8):
        tafel.fill(A, row, 0)
    for row in range(7):
        tafel.fill(B, row, 0)
    # Hand 16: forehand P2 (team A, full) is skipped; P3 and P1 may announce or shove.
    first, second = chooser(2, 0, tafel), chooser(2, 1, tafel)
    assert (first.seat, second.seat) == (3, 1) and not first.forced and not second.forced
    zwang = chooser(2, 2, tafel)
    assert zwang.seat == 3 and zwang.forced


V22 = {  # row: ((A's points, B's) when A declares, (B's points, A's) when B declares)
    0: ((61, 96), (112, 45)),
    1: ((83, 74), (95, 62)),
    2: ((0, 257), (131, 26)),
    3: ((97, 60), (70, 87)),
    4: ((102, 55), (95, 62)),
    5: ((80, 77), (257, 0)),
    6: ((70, 87), (88, 69)),
    7: ((74, 83), (61, 96)),
}


def test_v22_a_complete_tafel_and_the_winner():
    tafel = Tafel.of("reglement8")
    contracts_a = {6: "undenufe", 7: "obenabe"}
    contracts_b = {6: "rose", 7: "schilte"}
    for row, (a_points, b_points) in V22.items():
        stoeck = 20 if row == 3 else 0
        a = row_value(tafel.rows[row], a_points, A, contract=contracts_a.get(row), stoeck=stoeck)
        b_split = (b_points[1], b_points[0])  # (team A's points, team B's points) when B declares
        b = row_value(tafel.rows[row], b_split, B, contract=contracts_b.get(row))
        assert not tafel.complete
        tafel.fill(A, row, a[A], contracts_a.get(row))
        tafel.fill(B, row, b[B], contracts_b.get(row))
    assert [tafel.written[(A, r)] for r in range(8)] == [61, 166, 0, 468, 510, 480, 490, 592]
    assert [tafel.written[(B, r)] for r in range(8)] == [112, 190, 393, 280, 475, 1542, 616, 488]
    assert tafel.complete and tafel.totals() == (2767, 4096) and tafel.winner() == B


def test_v23_ten_profile_rows():
    tafel = Tafel.of("ten")
    assert tafel.rows[6] == Row("slalom", 7) and tafel.rows[7] == Row("guschti", 8)
    assert row_value(tafel.rows[6], (109, 48), A) == (763, 0)
    assert row_value(tafel.rows[7], (87, 70), B) == (0, 560)
    assert row_value(tafel.rows[7], (0, 257), B) == (0, 2056)


def test_v24_a_misere_row():
    tafel = Tafel.of("custom", [["misere", 3]])
    assert row_value(tafel.rows[0], (45, 112), A) == (336, 0)


def test_v25_shove_to_the_partner_alternates_the_declaring_team():
    tafel = Tafel.of("reglement8")
    declaring = []
    for hand in range(16):
        forehand = hand % 4  # dealer P3 first: forehand P0, then P1, ...
        forced = chooser(forehand, 1, tafel, shove="partner")
        assert forced.forced and forced.seat % 2 == forehand % 2
        declaring.append(forced.seat % 2)
    assert declaring == [A, B] * 8


def test_a_filled_row_and_bad_tafeln_are_refused_with_a_reason():
    tafel = Tafel.of("reglement8")
    tafel.fill(A, 0, 61)
    with pytest.raises(CoiffeurError, match="already filled"):
        tafel.fill(A, 0, 10)
    with pytest.raises(CoiffeurError, match="rows 1 to 8"):
        tafel.fill(A, 8, 10)
    with pytest.raises(CoiffeurError, match="unknown Tafel"):
        Tafel.of("eleven")
    with pytest.raises(CoiffeurError, match="not a row contract"):
        Tafel.of("custom", [["wunsch", 3]])
    with pytest.raises(CoiffeurError, match="whole number"):
        Tafel.of("custom", [["rose", 0]])
    with pytest.raises(CoiffeurError, match="needs rows"):
        Tafel.of("custom")


@given(profile=st.sampled_from(["reglement8", "ten", "jassen_ch"]), data=st.data())
def test_every_game_lasts_two_hands_per_row_and_each_row_stays_within_its_bounds(profile, data):
    """Whatever the shoves: each hand someone can choose, every hand fills one row, the game ends
    after 2 × rows hands, and every value lies between 0 and 257 × factor (default rules)."""
    tafel = Tafel.of(profile)
    hands = 0
    while not tafel.complete:
        forehand = hands % 4
        shoves = data.draw(st.integers(0, 4))
        try:
            choice = chooser(forehand, shoves, tafel)
        except CoiffeurError:
            choice = chooser(forehand, sum(1 for t in (0, 1, 0, 1) if tafel.open_rows(t)), tafel)
        team = choice.seat % 2
        assert tafel.open_rows(team)
        row = data.draw(st.sampled_from(tafel.open_rows(team)))
        own = data.draw(st.integers(0, 157))
        points = (own, 157 - own) if team == A else (157 - own, own)
        value = row_value(tafel.rows[row], points, team, stoeck=data.draw(st.sampled_from([0, 20])))[team]
        assert 0 <= value <= 257 * tafel.rows[row].factor
        tafel.fill(team, row, value)
        hands += 1
    assert hands == 2 * len(tafel.rows)


def test_an_announcement_names_an_open_row_of_the_team_and_what_it_is_played_as():
    from bot.kinds.coiffeur.rules import announce

    tafel = Tafel.of("ten")
    assert announce(tafel, A, 4) == "obenabe"
    assert announce(tafel, A, 8, "undenufe") == "undenufe"  # Joker ×9: Undenufe
    assert announce(tafel, B, 6, "slalom_undenufe") == "slalom_undenufe"  # the Slalom row names its start
    tafel.fill(A, 4, 475)
    refusals = [
        (lambda: announce(tafel, A, 4), "row_filled"),  # filled for A (B may still play it)
        (lambda: announce(tafel, A, 10), "no_such_row"),
        (lambda: announce(tafel, A, 8), "joker_needs_contract"),
        (lambda: announce(tafel, A, 8, "slalom_obenabe"), "joker_contract"),  # V20: not by default
        (lambda: announce(tafel, A, 6), "start_needed"),
        (lambda: announce(tafel, A, 6, "guschti_obenabe"), "start_needed"),
        (lambda: announce(tafel, A, 0, "rose"), "wrong_contract"),
    ]
    for call, code in refusals:
        with pytest.raises(CoiffeurError) as refused:
            call()
        assert refused.value.code == code and str(refused.value)
    assert announce(tafel, B, 4) == "obenabe"
    assert announce(tafel, A, 8, "slalom_obenabe", joker_choices="any") == "slalom_obenabe"
    with pytest.raises(CoiffeurError, match="name the start"):
        announce(tafel, A, 8, "slalom", joker_choices="any")


def test_the_starts_a_row_names_are_the_extra_contracts_of_the_rules_module():
    from bot.kinds.coiffeur.rules import STARTS
    from bot.rules.schedules import Extra, schedule

    named = {start for starts in STARTS.values() for start in starts}
    assert named <= {extra.value for extra in Extra}
    assert all(schedule(start).letters() for start in named)  # each one has its nine trick modes


def test_a_match_with_stoeck_in_a_suit_row_writes_more_than_v15s_row_maximum():
    """R3.5.1 adds the declarers' Stöck (counted in suit rows by default, R3.5.3) to a Match's 257:
    (257 + 20) × 4 = 1108 in the Schelle row, above V15's "row maximum 257 × m" (1028). The rules
    are followed; the example's bound holds without Stöck only (docs/rules-variants.md)."""
    assert row_value(Row("schelle", 4), (257, 0), A, stoeck=20) == (1108, 0)
    assert row_value(Row("joker", 7), (257, 0), A, stoeck=20) == (1799, 0)  # no Stöck in a Joker row: 257 × 7
