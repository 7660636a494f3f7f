"""Coiffeur at the table engine, and the extra contracts at Schieber tables (docs/rules-variants.md)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.game import ChooseContract, GameError, Phase, PlayCard, Schieben, Table
from bot.game.errors import Code
from bot.game.export import history
from bot.kinds.coiffeur.rules import TAFELN
from bot.rules import Card, RuleSet
from bot.rules.cards import cards_of

from .helpers import auto_step, new_table, play_to_end, snapshot

COIFFEUR = RuleSet.preset("coiffeur")
# A row's most: a Match (257) and, in a suit row, the declarers' Stöck (R3.5.1, R3.5.3). V15 and
# R3.2.4 say 257 × m, which leaves out the Stöck their own rules count (docs/rules-variants.md).
MAX_ROW = 257 + 20


def contract_phase(table: Table) -> None:
    assert table.phase == Phase.CONTRACT


def test_a_whole_coiffeur_game_fills_every_row_once_per_team_and_the_higher_total_wins():
    table, events = new_table(COIFFEUR, humans=0, seed="c1")
    events += play_to_end(table, "c1")
    scored = [e for e in events if e["type"] == "hand_scored"]
    rows = TAFELN["reglement8"]
    assert len(scored) == 2 * len(rows) == 16
    filled = {(e["team"], e["row"]) for e in scored}
    assert filled == {(t, r) for t in (0, 1) for r in range(len(rows))}
    for e in scored:
        team = e["team"]
        assert e["written"][1 - team] == 0  # only the declaring team writes
        assert 0 <= e["written"][team] <= MAX_ROW * e["factor"]
        assert e["factor"] == rows[e["row"]][1]
    totals = [sum(e["written"][t] for e in scored) for t in (0, 1)]
    over = events[-1]
    assert over["type"] == "game_over" and over["totals"] == totals
    assert over["winner"] == (None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1))
    assert table.view_for(None).totals == tuple(totals)


def test_a_coiffeur_game_replays_to_the_same_table_at_every_step():
    table, events = new_table(COIFFEUR, humans=0, seed="c2")
    for _ in range(60):
        events += auto_step(table, "c2")
    assert snapshot(Table.replay(events)) == snapshot(table)
    events += play_to_end(table, "c2")
    assert snapshot(Table.replay(events)) == snapshot(table)


def test_the_history_names_the_game_its_rows_and_each_rows_team():
    table, events = new_table(COIFFEUR, humans=0, seed="c3")
    events += play_to_end(table, "c3")
    lines = [json.loads(json.dumps(x)) for x in history(events)]
    started = lines[0]
    assert started["type"] == "game_started" and started["kind"] == "coiffeur"
    assert started["rows"] == [{"contract": c, "factor": f} for c, f in TAFELN["reglement8"]]
    contracts = [x for x in lines if x["type"] == "contract"]
    assert len(contracts) == 16
    for x in contracts:
        assert x["team"] == x["seat"] % 2 and 0 <= x["row"] < 8
        row = started["rows"][x["row"]]["contract"]
        assert x["contract"] == row or row == "joker"
    for x in (x for x in lines if x["type"] == "hand_scored"):
        assert {"row", "factor", "written"} <= set(x)


def test_schieber_history_says_schieber_and_keeps_its_lines():
    table, events = new_table(None, humans=0, seed="s1")
    events += play_to_end(table, "s1")
    lines = history(events)
    assert lines[0]["kind"] == "schieber" and "rows" not in lines[0]
    assert not any("row" in x or "mode" in x for x in lines)


def test_only_open_rows_of_the_choosers_team_and_their_contracts_are_accepted():
    table, _ = new_table(COIFFEUR, humans=4, seed="c4")
    seat = table.chooser
    assert seat is not None
    me = f"u:{seat}"
    with pytest.raises(GameError) as err:
        table.apply(ChooseContract(me, "eichel"))
    assert err.value.code == Code.ROW_NEEDED
    with pytest.raises(GameError) as err:
        table.apply(ChooseContract(me, "rose", row=0))  # row 0 is Eichel
    assert err.value.code == Code.ROW_CONTRACT
    with pytest.raises(GameError) as err:
        table.apply(ChooseContract(me, "eichel", row=8))
    assert err.value.code == Code.ROW_NOT_OPEN
    with pytest.raises(GameError) as err:
        table.apply(ChooseContract(me, "slalom-obenabe", row=6))  # a Joker is a suit, Obenabe or Undenufe
    assert err.value.code == Code.ROW_CONTRACT
    before = snapshot(table)
    events = table.apply(ChooseContract(me, "undenufe", row=6))
    assert events[-1] == {"type": "contract", "seat": seat, "contract": "undenufe", "row": 6, "team": seat % 2}
    assert snapshot(table) != before
    assert table.live_hand.turn == seat  # the announcer leads (RULES-VARIANTS §3.4)


def test_schieben_goes_round_the_table_and_forehand_is_then_im_zwang():
    table, _ = new_table(COIFFEUR, humans=4, seed="c5")
    forehand = table.forehand
    assert forehand is not None
    order = []
    for _ in range(4):
        order.append(table.chooser)
        assert table.may_schieben
        table.apply(Schieben(f"u:{table.chooser}"))
    assert order == [(forehand + i) % 4 for i in range(4)]
    assert table.chooser == forehand and not table.may_schieben  # im Zwang
    with pytest.raises(GameError) as err:
        table.apply(Schieben(f"u:{forehand}"))
    assert err.value.code == Code.SCHIEBEN_NOT_ALLOWED
    view = table.view_for(forehand)
    assert [r for r, _ in view.part.row_options] == list(range(8))
    table.apply(ChooseContract(f"u:{forehand}", "eichel", row=0))
    assert table.phase == Phase.PLAY


def test_an_opponent_who_takes_a_shoved_hand_fills_his_own_teams_row():
    table, events = new_table(COIFFEUR, humans=4, seed="c6")
    fh = table.forehand
    assert fh is not None
    table.apply(Schieben(f"u:{fh}"))
    opponent = (fh + 1) % 4
    events = table.apply(ChooseContract(f"u:{opponent}", "obenabe", row=4))
    assert events[-1]["team"] == opponent % 2
    while table.phase == Phase.PLAY:
        hand = table.live_hand
        seat = hand.turn
        card = cards_of(hand.legal())[0]
        events += table.apply(PlayCard(f"u:{seat}", str(Card.from_index(card))))
    scored = next(e for e in events if e["type"] == "hand_scored")
    assert scored["team"] == opponent % 2 and scored["row"] == 4 and scored["factor"] == 5
    view = table.view_for(None)
    assert view.part.tafel is not None
    assert view.part.tafel.written[opponent % 2][4] == scored["written"][opponent % 2]
    assert view.part.tafel.written[fh % 2][4] is None


def test_a_team_with_every_row_filled_is_skipped_when_choosing():
    rules = COIFFEUR.with_changes(coiffeur_tafel="reglement8")
    table, events = new_table(rules, humans=0, seed="c7")
    # drive the game until one team has filled all rows and the other has not
    skipped = 0
    for _ in range(4000):
        if table.phase == Phase.GAME_OVER:
            break
        if table.phase == Phase.CONTRACT and table.state.tafel is not None:
            open_rows = [table.state.tafel.open_rows(t) for t in (0, 1)]
            if not open_rows[0] or not open_rows[1]:
                full = 0 if not open_rows[0] else 1
                assert table.chooser is not None and table.chooser % 2 != full
                skipped += 1
        events += auto_step(table, "c7")
    assert table.phase == Phase.GAME_OVER and skipped


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    tafel=st.sampled_from(["reglement8", "ten"]),
    shove=st.sampled_from(["round", "partner"]),
)
def test_property_every_coiffeur_game_lasts_two_hands_per_row_and_writes_within_bounds(seed, tafel, shove):
    rules = COIFFEUR.with_changes(coiffeur_tafel=tafel, coiffeur_shove=shove)
    table, events = new_table(rules, humans=0, seed=f"p{seed}")
    events += play_to_end(table, f"p{seed}", limit=20000)
    scored = [e for e in events if e["type"] == "hand_scored"]
    assert len(scored) == 2 * len(TAFELN[tafel])
    for e in scored:
        assert 0 <= e["written"][e["team"]] <= MAX_ROW * e["factor"]
    tricks = [e for e in events if e["type"] == "trick"]
    assert len(tricks) == 9 * len(scored)
    assert sum(e["points"] for e in tricks) == 157 * len(scored)  # the Obenabe table: 157 in every hand
    if shove == "partner":
        for e in scored:  # every hand is declared by forehand's team
            dealt = next(d for d in events if d["type"] == "hand_dealt" and d["hand"] == e["hand"])
            assert e["team"] == dealt["forehand"] % 2


def test_the_ten_row_tafel_plays_slalom_and_guschti_with_a_mode_per_trick():
    table, events = new_table(RuleSet.preset("coiffeur-ten"), humans=0, seed="c8")
    events += play_to_end(table, "c8", limit=20000)
    lines = history(events)
    mixed = [x for x in lines if x["type"] == "contract" and x["contract"].startswith(("slalom", "guschti"))]
    assert len(mixed) == 2 * 2
    by_hand: dict[int, list[str]] = {}
    hand = 0
    for x in lines:
        if x["type"] == "hand_dealt":
            hand = x["hand"]
        if x["type"] == "trick" and "mode" in x:
            by_hand.setdefault(hand, []).append(x["mode"])
    letters = sorted("".join(m[0].upper() for m in modes) for modes in by_hand.values())
    assert letters and set(letters) <= {"OUOUOUOUO", "UOUOUOUOU", "OOOOOUUUU", "UUUUUOOOO"}
    assert len(by_hand) == 4


def test_extra_contracts_are_refused_at_schieber_tables_unless_switched_on():
    table, _ = new_table(None, humans=4, seed="x1")
    chooser = f"u:{table.chooser}"
    with pytest.raises(GameError) as err:
        table.apply(ChooseContract(chooser, "slalom-obenabe"))
    assert err.value.code == Code.CONTRACT_NOT_ALLOWED
    assert table.view_for(table.chooser).extras == ()


def test_a_schieber_table_with_extra_contracts_plays_tuo_with_modes_and_its_factor():
    rules = RuleSet.preset("extras").with_changes(weis_enabled=False)
    table, events = new_table(rules, humans=4, seed="x2")
    seat = table.chooser
    assert "tuo-rose" in table.view_for(seat).extras
    events += table.apply(ChooseContract(f"u:{seat}", "tuo-rose"))
    assert table.live_hand.multiplier == rules.multiplier(5)  # as Undenufe (§2.6)
    while table.phase == Phase.PLAY:
        hand = table.live_hand
        events += table.apply(PlayCard(f"u:{hand.turn}", str(Card.from_index(cards_of(hand.legal())[0]))))
    tricks = [e for e in events if e["type"] == "trick"]
    assert [e["mode"] for e in tricks] == ["trump"] * 3 + ["undenufe"] * 3 + ["obenabe"] * 3
    scored = next(e for e in events if e["type"] == "hand_scored")
    assert scored["contract"] == "tuo-rose" and scored["stoeck_team"] is None  # no Stöck in TUO
    match = 100 if scored["match_team"] is not None else 0
    assert sum(scored["written"]) == (157 + match) * 4


def test_misere_at_a_schieber_table_writes_what_the_other_team_took():
    rules = RuleSet.preset("extras").with_changes(weis_enabled=False)
    table, events = new_table(rules, humans=4, seed="x3")
    seat = table.chooser
    events += table.apply(ChooseContract(f"u:{seat}", "misere-undenufe"))
    contract = [e for e in events if e["type"] == "contract"][-1]
    assert contract["contract"] == "misere" and contract["start"] == "undenufe"
    while table.phase == Phase.PLAY:
        hand = table.live_hand
        events += table.apply(PlayCard(f"u:{hand.turn}", str(Card.from_index(cards_of(hand.legal())[0]))))
    scored = next(e for e in events if e["type"] == "hand_scored")
    tricks = [e for e in events if e["type"] == "trick"]
    took = [sum(e["points"] for e in tricks if e["winner"] % 2 == t) for t in (0, 1)]
    assert scored["multiplier"] == 1
    if scored["match_team"] is None:
        assert scored["written"] == [took[1], took[0]]
    assert snapshot(Table.replay(events)) == snapshot(table)
