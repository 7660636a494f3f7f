"""Molotow at the table engine: trump fixed by the first void card, seat scores, the ranking,
the history and replay."""

from __future__ import annotations

from bot.game import Phase, PlayCard, Table
from bot.game.export import history
from bot.rules import Card, RuleSet
from bot.rules.cards import cards_of
from bot.rules.ruleset import GAME_KEYS

from .helpers import new_table, play_to_end, snapshot

MOLOTOW = RuleSet.from_dict({**GAME_KEYS["molotow"], "hands_per_game": 3})


def test_a_game_of_molotow_ranks_the_lowest_total_first_and_replays_the_same():
    table, events = new_table(MOLOTOW, humans=0, seed="m1")
    assert table.phase == Phase.PLAY and table.to_act is not None  # no contract: the forehand leads at once
    events += play_to_end(table, "m1")
    scored = [e for e in events if e["type"] == "seats_scored"]
    assert len(scored) == 3
    totals = [0, 0, 0, 0]
    for e in scored:
        assert sum(e["points"]) == 157
        for s in range(4):
            assert e["penalties"][s] == e["points"][s] + e["table_weis"][s] - e["hand_weis"][s] - e["stoeck"][s]
            totals[s] += e["penalties"][s]
        assert e["totals"] == totals
    over = events[-1]
    assert over["type"] == "game_over" and over["ranking"] == sorted(range(4), key=lambda s: (totals[s], s))
    assert snapshot(Table.replay(events)) == snapshot(table)


def test_the_first_void_card_fixes_trump_once_and_the_history_says_so():
    for seed in ("a", "b", "c", "d"):
        table, events = new_table(MOLOTOW.with_changes(hands_per_game=1), humans=0, seed=seed)
        events += play_to_end(table, seed)
        fixed = [e for e in events if e["type"] == "trump_fixed"]
        lines = history(events)
        assert lines[0]["kind"] == "molotow" and lines[0]["hands"] == 1
        [hand] = [line for line in lines if line["type"] == "hand_scored"]
        if not fixed:
            assert hand["trump"] == "obenabe"
            continue
        [ev] = fixed
        # the card that fixed it: the fixing seat's card in that trick, of another suit than the one led
        trick = next(e for e in events if e["type"] == "trick" and e["trick"] == ev["trick"])
        played = dict(zip([(trick["leader"] + i) % 4 for i in range(4)], trick["cards"], strict=True))
        assert Card.parse(played[ev["seat"]]).suit != Card.parse(trick["cards"][0]).suit
        assert Card.parse(played[ev["seat"]]).suit.name.lower() == ev["suit"] == hand["trump"]
        assert [line for line in lines if line["type"] == "trump_fixed"] == [
            {"type": "trump_fixed", "seat": ev["seat"], "suit": ev["suit"], "trick": ev["trick"]}
        ]


def test_a_person_may_not_play_another_suit_while_holding_the_one_led():
    table, _ = new_table(MOLOTOW, humans=4, seed="m2")
    leader = table.to_act
    first = cards_of(table.live_hand.hands[leader])[0]
    table.apply(PlayCard(table.actor_for(leader), str(Card.from_index(first))))
    seat = table.to_act
    mine = cards_of(table.live_hand.hands[seat])
    led = first // 9
    other = [c for c in mine if c // 9 != led]
    if any(c // 9 == led for c in mine) and other:
        seq = table.seq
        try:
            table.apply(PlayCard(table.actor_for(seat), str(Card.from_index(other[0]))))
        except Exception as err:  # refused: the suit led must be followed (no trump to fix yet)
            assert getattr(err, "code", "") == "ILLEGAL_CARD"
        else:
            raise AssertionError("another suit was taken from a player who could follow")
        assert table.seq == seq and table.state.trump is None
