"""Differenzler at the table engine: predictions, trump, penalties, the ranking, the history."""

from __future__ import annotations

import json

import pytest

from bot.game import GameError, Phase, PlayCard, Predict, Table
from bot.game.errors import Code
from bot.game.export import history
from bot.rules import Card, RuleSet
from bot.rules.cards import cards_of

from .helpers import auto_step, new_table, play_to_end, snapshot

DIFF = RuleSet(game="differenzler", undertrump_when_void=True, weis_enabled=False, stoeck_enabled=False,
               hands_per_game=3)  # fmt: skip


def test_a_game_ranks_the_lowest_penalty_total_first_and_replays_the_same():
    table, events = new_table(DIFF, humans=0, seed="d1")
    assert table.phase == Phase.PREDICT and table.state.trump is not None
    events += play_to_end(table, "d1")
    scored = [e for e in events if e["type"] == "seats_scored"]
    assert len(scored) == 3
    totals = [0, 0, 0, 0]
    for e in scored:
        assert sum(e["points"]) == 157
        for seat in range(4):
            miss = abs(e["predictions"][seat] - e["points"][seat])
            assert e["penalties"][seat] == (miss if miss else (0 if e["predictions"][seat] == 0 else -10))
            totals[seat] += e["penalties"][seat]
        assert e["totals"] == totals
    over = events[-1]
    assert over["type"] == "game_over" and over["totals"] == totals
    assert over["ranking"] == sorted(range(4), key=lambda s: (totals[s], s))
    assert snapshot(Table.replay(events)) == snapshot(table)


def test_hidden_predictions_are_seen_by_their_owner_only_until_the_hand_is_over():
    table, _ = new_table(DIFF, humans=4, seed="d2")
    order = table.kind.order(table)
    table.apply(Predict(f"u:{order[2]}", 40))  # hidden: anybody may predict at any time
    assert table.view_for(order[2]).part.predictions[order[2]] == 40
    for seat in (None, *(s for s in range(4) if s != order[2])):
        assert all(p is None for p in table.view_for(seat).part.predictions)
    with pytest.raises(GameError) as err:
        table.apply(Predict(f"u:{order[2]}", 41))
    assert err.value.code == Code.ALREADY_PREDICTED
    for bad in (-1, 158, "40", True):
        with pytest.raises(GameError) as err:
            table.apply(Predict(f"u:{order[0]}", bad))
        assert err.value.code == Code.BAD_PREDICTION
    for seat in (order[0], order[1], order[3]):
        table.apply(Predict(f"u:{seat}", 30))
    assert table.phase == Phase.PLAY and table.live_hand.turn == table.forehand
    while table.phase == Phase.PLAY:  # still hidden during play
        assert all(p is None for p in table.view_for(None).part.predictions)
        hand = table.live_hand
        table.apply(PlayCard(f"u:{hand.turn}", str(Card.from_index(cards_of(hand.legal())[0]))))
    assert table.view_for(None).part.predictions == tuple(40 if s == order[2] else 30 for s in range(4))


def test_open_predictions_go_in_order_from_forehand_to_the_dealer():
    table, _ = new_table(DIFF.with_changes(differenzler_predictions="open"), humans=4, seed="d3")
    order = table.kind.order(table)
    assert order[0] == table.forehand and order[-1] == table.dealer
    with pytest.raises(GameError) as err:
        table.apply(Predict(f"u:{order[1]}", 20))
    assert err.value.code == Code.NOT_YOUR_TURN
    table.apply(Predict(f"u:{order[0]}", 20))
    assert table.view_for(order[3]).part.predictions[order[0]] == 20  # open: everyone sees it


def test_the_history_writes_hidden_predictions_after_the_hands_last_trick():
    table, events = new_table(DIFF, humans=0, seed="d4")
    events += play_to_end(table, "d4")
    lines = [json.loads(json.dumps(x)) for x in history(events)]
    assert lines[0]["kind"] == "differenzler" and lines[0]["hands"] == 3
    kinds = [x["type"] for x in lines]
    first = kinds.index("prediction")
    assert kinds[first - 1] == "trick" and kinds[first : first + 5] == ["prediction"] * 4 + ["hand_scored"]
    dealt = next(x for x in lines if x["type"] == "hand_dealt")
    assert dealt["trump"] in ("eichel", "rose", "schelle", "schilte")
    scored = next(x for x in lines if x["type"] == "hand_scored")
    assert {"points", "penalties", "totals"} <= set(scored) and len(scored["points"]) == 4
    assert lines[-1]["type"] == "game_over" and sorted(lines[-1]["ranking"]) == [0, 1, 2, 3]


def test_open_predictions_come_before_the_first_card_and_the_bottom_card_is_shown():
    rules = DIFF.with_changes(differenzler_predictions="open", differenzler_trump="bottom_card", hands_per_game=1)
    table, events = new_table(rules, humans=0, seed="d5")
    events += play_to_end(table, "d5")
    lines = history(events)
    kinds = [x["type"] for x in lines]
    assert kinds.index("prediction") < kinds.index("card")
    dealt = next(x for x in lines if x["type"] == "hand_dealt")
    card = Card.parse(dealt["bottom_card"]).index
    assert ("eichel", "rose", "schelle", "schilte")[card // 9] == dealt["trump"]
    assert dealt["bottom_card"] in dealt["hands"][dealt["dealer"]]  # the dealer's card, turned up


def test_a_running_game_replays_to_the_same_table_in_the_middle_of_the_predictions():
    table, events = new_table(DIFF, humans=0, seed="d6")
    events += auto_step(table, "d6")
    events += auto_step(table, "d6")
    assert table.phase == Phase.PREDICT
    assert snapshot(Table.replay(events)) == snapshot(table)
