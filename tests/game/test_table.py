"""The table aggregate: flow, every GameError, views, replay, the verifiable shuffle."""

import hashlib

import pytest

from bot.game import (
    SYSTEM,
    Abandon,
    AddComputer,
    AnnounceStoeck,
    Bedanken,
    ChooseContract,
    GameError,
    JoinSeat,
    LeaveSeat,
    NextHand,
    Phase,
    PlayCard,
    RemoveComputer,
    Schieben,
    StandIn,
    StartGame,
    Table,
)
from bot.game.table import commitment_of
from bot.rules import Card, Contract, RuleSet, deal, shuffle_deck
from bot.rules.cards import cards_of
from bot.rules.deal import ROSE_SEVEN

from .helpers import HOST, actor_for, auto_step, new_table, play_to_end, snapshot


def refused(table: Table, command, code: str) -> GameError:
    before = snapshot(table)
    with pytest.raises(GameError) as err:
        table.apply(command)
    assert err.value.code == code, err.value
    assert snapshot(table) == before, "a refused command changes nothing"
    return err.value


def until(table: Table, predicate, limit: int = 3000) -> None:
    for _ in range(limit):
        if predicate(table):
            return
        auto_step(table)
    raise AssertionError("state not reached")


# -- lobby --------------------------------------------------------------------------------


def test_lobby_errors():
    table, _ = Table.create("t", HOST, {})
    table.apply(JoinSeat("u:1", name="Anna", seat=0))
    refused(table, JoinSeat("u:2", seat=0), "SEAT_TAKEN")
    refused(table, JoinSeat("u:1", seat=1), "ALREADY_SEATED")
    refused(table, JoinSeat("u:2", seat=7), "NO_SUCH_SEAT")
    refused(table, JoinSeat("ai:1", seat=1), "NOT_ALLOWED")
    refused(table, LeaveSeat("u:9"), "NOT_SEATED")
    refused(table, AddComputer("u:9"), "NOT_HOST")
    refused(table, AddComputer(HOST, level="grandmaster"), "UNKNOWN_LEVEL")
    refused(table, RemoveComputer(HOST, seat=0), "NOT_A_COMPUTER")
    refused(table, StartGame("u:1", seed="x"), "NOT_HOST")
    refused(table, StartGame(HOST, seed="x"), "SEATS_EMPTY")
    refused(table, ChooseContract("u:1", "rose"), "WRONG_PHASE")
    for seat in (1, 2, 3):
        table.apply(AddComputer("u:1", seat=seat))  # a seated player may add computers
    refused(table, JoinSeat("u:2"), "TABLE_FULL")
    table.apply(RemoveComputer(HOST, seat=3))
    table.apply(JoinSeat("u:2"))
    assert table.seats[3].actor == "u:2"
    table.apply(LeaveSeat("u:2"))
    assert not table.seats[3].occupied


def test_start_fills_empty_seats_with_computers_when_asked():
    table, _ = Table.create("t", HOST, {})
    table.apply(JoinSeat(HOST, seat=2))
    events = table.apply(StartGame(HOST, seed="x", fill_computers=True))
    assert [e["seat"] for e in events if e["type"] == "computer_added"] == [0, 1, 3]
    assert table.phase == Phase.CONTRACT


def test_bad_rules_are_refused_with_the_key():
    with pytest.raises(GameError) as err:
        Table.create("t", HOST, {"target": "many"})
    assert err.value.code == "BAD_RULES" and err.value.facts["key"] == "target"


# -- contract -----------------------------------------------------------------------------


def test_rose_seven_forehand_and_rotation():
    table, events = new_table(humans=0)
    dealt = next(e for e in events if e["type"] == "hand_dealt")
    assert table.start_hands[dealt["forehand"]] >> ROSE_SEVEN & 1
    forehands = [dealt["forehand"]]
    for _ in range(400):
        ev = auto_step(table)
        forehands += [e["forehand"] for e in ev if e["type"] == "hand_dealt"]
        for e in ev:
            if e["type"] == "hand_dealt":
                assert e["dealer"] == forehands[-2]
                assert e["forehand"] == (e["dealer"] + 1) % 4
        if len(forehands) >= 4 or table.phase == Phase.GAME_OVER:
            break
    assert len(forehands) >= 3


def test_contract_errors_and_schieben():
    table, _ = new_table(RuleSet(allow_obe_unde=False))
    f = table.forehand
    other = (f + 1) % 4
    refused(table, ChooseContract(f"u:{other}", "rose"), "NOT_YOUR_TURN")
    refused(table, ChooseContract(f"u:{f}", "trumpf"), "UNKNOWN_CONTRACT")
    refused(table, ChooseContract(f"u:{f}", "obenabe"), "CONTRACT_NOT_ALLOWED")
    table.apply(Schieben(f"u:{f}"))
    assert table.chooser == (f + 2) % 4 and table.state.geschoben
    refused(table, Schieben(f"u:{(f + 2) % 4}"), "SCHIEBEN_NOT_ALLOWED")
    table.apply(ChooseContract(f"u:{(f + 2) % 4}", "schelle"))
    assert table.phase == Phase.PLAY and table.hand.declarer == (f + 2) % 4
    assert table.hand.turn == f, "forehand leads even after Schieben"


def test_zurueckschieben_where_allowed():
    table, _ = new_table(RuleSet(allow_schieben_back=True))
    f = table.forehand
    table.apply(Schieben(f"u:{f}"))
    table.apply(Schieben(f"u:{(f + 2) % 4}"))
    assert table.chooser == f
    refused(table, Schieben(f"u:{f}"), "SCHIEBEN_NOT_ALLOWED")
    table.apply(ChooseContract(f"u:{f}", "undenufe"))
    assert table.phase == Phase.PLAY


# -- play ---------------------------------------------------------------------------------


def test_play_errors():
    table, _ = new_table()
    until(table, lambda t: t.phase == Phase.PLAY and t.hand.trick and t.hand.legal() != t.hand.hands[t.hand.turn])
    seat = table.hand.turn
    actor = f"u:{seat}"
    illegal = cards_of(table.hand.hands[seat] & ~table.hand.legal())[0]
    err = refused(table, PlayCard(actor, str(Card.from_index(illegal))), "ILLEGAL_CARD")
    assert err.facts["reason"] in ("must_follow_suit", "no_undertrump", "must_play_trump")
    other_card = cards_of(table.hand.hands[(seat + 1) % 4])[0]
    refused(table, PlayCard(actor, str(Card.from_index(other_card))), "ILLEGAL_CARD")
    refused(table, PlayCard(actor, "rose-11"), "BAD_CARD")
    refused(table, PlayCard(f"u:{(seat + 1) % 4}", "rose-7"), "NOT_YOUR_TURN")
    refused(table, PlayCard("u:stranger", "rose-7"), "NOT_SEATED")
    refused(table, PlayCard(f"ai:{seat}", "rose-7"), "NOT_ALLOWED")
    refused(table, PlayCard(f"standin:{seat}", "rose-7"), "NOT_ALLOWED")
    refused(table, NextHand(SYSTEM, seed="x"), "WRONG_PHASE")
    refused(table, NextHand(actor, seed="x"), "NOT_ALLOWED")
    refused(table, Bedanken(actor), "BEDANKEN_NOT_ALLOWED")
    refused(table, AnnounceStoeck(actor), "NO_STOECK")
    refused(table, JoinSeat("u:new"), "WRONG_PHASE")


def test_manual_weis_and_stoeck_through_the_table():
    rules = RuleSet(weis_mode="manual", stoeck_auto=False)
    for k in range(40):
        table, _ = new_table(rules, seed=f"m{k}")
        until(table, lambda t: t.phase == Phase.PLAY)
        hand = table.hand
        seat = hand.turn
        options = hand.weis_options(seat)
        if options:
            break
    assert options, "one of 40 seeds gives the first player a Weis"
    actor = actor_for(table, seat)
    card = str(Card.from_index(cards_of(hand.legal())[0]))
    foreign = (
        [("rose-6", "rose-7", "rose-8")]
        if options[0].cards[0] != Card.parse("rose-6")
        else [("schilte-6", "schilte-7", "schilte-8")]
    )
    refused(table, PlayCard(actor, card, weis=tuple(tuple(x) for x in foreign)), "WEIS_INVALID")
    refused(table, PlayCard(actor, card, weis=(("rose-99",),)), "WEIS_INVALID")
    refused(table, PlayCard(actor, card, stoeck=True), "NO_STOECK")
    declared = tuple(tuple(str(c) for c in w.cards) for w in options)
    events = table.apply(PlayCard(actor, card, weis=declared))
    assert [e["points"] for e in events if e["type"] == "weis"] == [w.points for w in options]
    until(table, lambda t: t.phase != Phase.PLAY or t.hand.tricks)
    if table.phase == Phase.PLAY:
        nxt = table.hand.turn
        c = str(Card.from_index(cards_of(table.hand.legal())[0]))
        refused(table, PlayCard(actor_for(table, nxt), c, weis=declared), "WEIS_NOT_NOW")


def test_stand_in_takes_over_until_the_player_acts():
    table, _ = new_table()
    seat = table.to_act
    refused(table, StandIn(SYSTEM, seat=(seat + 1) % 4), "NOT_YOUR_TURN")
    refused(table, StandIn(f"u:{seat}", seat=seat), "NOT_ALLOWED")
    events = table.apply(StandIn(SYSTEM, seat=seat))
    assert events == [{"type": "standin_on", "seat": seat}]
    assert table.seats[seat].standin and table.view_for(None).seats[seat].standin
    refused(table, StandIn(SYSTEM, seat=seat), "NOT_ALLOWED")
    # The computer stands in: it may act for the seat.
    auto_step(table)
    assert table.seats[seat].standin
    until(table, lambda t: t.to_act == seat and t.phase in (Phase.CONTRACT, Phase.PLAY))
    legal = table.view_for(seat)
    if table.phase == Phase.PLAY:
        command = PlayCard(f"u:{seat}", str(Card.from_index(cards_of(legal.legal)[0])))
    else:
        command = ChooseContract(f"u:{seat}", "rose")
    events = table.apply(command)
    assert events[0] == {"type": "standin_off", "seat": seat}
    assert not table.seats[seat].standin


def test_abandon():
    table, _ = new_table()
    refused(table, Abandon("u:1"), "NOT_HOST")
    events = table.apply(Abandon("u:1", privileged=True))
    assert [e["type"] for e in events] == ["abandoned", "hand_seed"]
    refused(table, ChooseContract(f"u:{table.forehand}", "rose"), "WRONG_PHASE")


# -- whole games ------------------------------------------------------------------------


def test_full_game_and_replay_equality():
    table, events = new_table(humans=2)
    checkpoints = []
    for _ in range(5000):
        if table.phase == Phase.GAME_OVER:
            break
        events += auto_step(table)
        if len(events) % 37 == 0:
            checkpoints.append((len(events), snapshot(table)))
    assert table.phase == Phase.GAME_OVER
    assert max(table.board.totals) >= table.rules.target
    assert snapshot(Table.replay(events)) == snapshot(table)
    for n, snap in checkpoints:
        assert snapshot(Table.replay(events[:n])) == snap
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1 and over[0]["winner"] == table.board.winner
    assert table.counters["games"][table.board.winner] >= 1


def test_replay_recomputes_derived_events_identically():
    table, events = new_table(humans=0)
    events += play_to_end(table)
    # Rebuild from primary events only and re-derive by applying them on a fresh table.
    fresh = Table.replay(events[:1])
    regenerated = list(events[:1])
    for ev in events[1:]:
        if ev.get("derived"):
            continue
        regenerated.append(ev)
        regenerated += fresh._evolve(ev)
    assert regenerated == events


def test_several_games_in_one_sitting():
    table, events = new_table(RuleSet.preset("single-1000"), humans=0)
    events += play_to_end(table)
    first = table.counters["games"][:]
    events += table.apply(StartGame(HOST, seed="g2"))
    assert table.game_no == 2 and table.board.totals == (0, 0) and table.hand_no == 1
    events += play_to_end(table, seed="g2")
    assert sum(table.counters["games"]) > sum(first)
    assert len([e for e in events if e["type"] == "game_over"]) == 2


def test_fixed_length_tournament_game():
    table, events = new_table(RuleSet.preset("tournament"), humans=0)
    events += play_to_end(table)
    scored = [e for e in events if e["type"] == "hand_scored"]
    assert len(scored) == 12
    assert all(sum(e["written"]) == 157 for e in scored)  # no Weis, no Stöck, Match = 157
    assert sum(table.board.totals) == 12 * 157


@pytest.mark.parametrize("claim_right", [True, False])
def test_bedanken_mode(claim_right):
    rules = RuleSet(end_mode="bedanken", target=1000, multiplier_profile="single")
    table, _ = new_table(rules, humans=4)
    until(
        table, lambda t: t.phase == Phase.HAND_OVER and max(t.board.totals) >= 1000 > min(t.board.totals), limit=20000
    )
    leader = 0 if table.board.totals[0] >= table.board.totals[1] else 1
    team = leader if claim_right else 1 - leader
    events = table.apply(Bedanken(f"u:{team}"))
    result = next(e for e in events if e["type"] == "bedanken_result")
    assert result["right"] is claim_right
    assert table.phase == Phase.GAME_OVER
    assert table.board.winner == (team if claim_right else 1 - team)


# -- views ------------------------------------------------------------------------------


def test_views_never_show_another_hand():
    table, _ = new_table(humans=0)
    for _ in range(3000):
        if table.phase == Phase.GAME_OVER:
            break
        if table.phase == Phase.PLAY:
            hand = table.hand
            spectator = table.view_for(None)
            assert spectator.hand == 0 and spectator.legal == 0
            for seat in range(4):
                view = table.view_for(seat)
                assert view.hand == hand.hands[seat]
                assert view.legal & ~view.hand == 0
                others = 0
                for s in range(4):
                    if s != seat:
                        others |= hand.hands[s]
                assert view.cards_played & others == 0
                for _, card in view.trick:
                    assert not others >> card & 1
                if not hand.tricks:
                    assert view.weis == {}  # Weis become public after trick 1
                if view.stoeck_holder is not None and view.stoeck_holder != seat:
                    assert any(c.kind == "stoeck" for c in hand.credits)
        auto_step(table)


def test_verifiable_shuffle():
    table, events = new_table(humans=0)
    events += play_to_end(table)
    dealt = [e for e in events if e["type"] == "hand_dealt"]
    seeds = {e["hand"]: e["seed"] for e in events if e["type"] == "hand_seed"}
    assert len(dealt) == len(seeds)
    for d in dealt:
        assert d["commitment"] == hashlib.sha256(seeds[d["hand"]].encode("utf-8")).hexdigest()
        assert d["commitment"] == commitment_of(d["seed"])
    # Anyone can re-derive the hands of the last hand from its seed.
    last = dealt[-1]
    assert deal(shuffle_deck(seeds[last["hand"]]), last["dealer"]) == table.start_hands


def test_stoeck_preshow_through_the_table():
    from dataclasses import replace

    from bot.game import AnnounceStoeck as Preshow

    rules = RuleSet(stoeck_auto=False, target=1000, multiplier_profile="single")
    for k in range(60):
        table, _ = new_table(rules, seed=f"p{k}")
        until(table, lambda t: t.phase == Phase.PLAY)
        if table.hand.stoeck_holder is not None and not table.hand.stoeck_done:
            break
    holder = table.hand.stoeck_holder
    assert holder is not None, "one of 60 deals gives someone Stöck"
    refused(table, Preshow(f"u:{(holder + 1) % 4}"), "NO_STOECK")
    refused(table, Preshow(f"u:{holder}"), "STOECK_NOT_DECISIVE")  # 0 + 20 < 1000
    totals = [0, 0]
    totals[holder % 2] = 985
    table.board = replace(table.board, totals=tuple(totals))
    table.hand.board = table.board
    assert table.view_for(holder).can_preshow_stoeck
    assert not table.view_for((holder + 1) % 4).can_preshow_stoeck
    events = table.apply(Preshow(f"u:{holder}"))
    kinds = [e["type"] for e in events]
    assert kinds[0] == "stoeck_preshown" and "stoeck" in kinds and kinds[-1] == "game_over"
    assert table.board.winner == holder % 2 and table.board.totals[holder % 2] == 1005


def test_a_table_keeps_its_own_turn_timer_through_replay():
    table, events = Table.create("t", HOST, {}, turn_timer=45)
    assert table.turn_timer == 45 and events[0]["turn_timer"] == 45
    assert Table.replay(events).turn_timer == 45
    plain, plain_events = Table.create("u", HOST, {})
    assert plain.turn_timer is None and "turn_timer" not in plain_events[0]
    for wrong in (-1, 90000, "soon"):
        with pytest.raises(GameError) as err:
            Table.create("v", HOST, {}, turn_timer=wrong)
        assert err.value.code == "BAD_RULES" and err.value.facts["key"] == "turn_timer"


def test_no_stoeck_preshow_in_trick_one_where_weis_count_first():
    """docs/rules.md §12.1.2 H0: the pre-show before the first card exists only where Stöck counts first."""
    from dataclasses import replace

    from bot.game import AnnounceStoeck as Preshow

    rules = RuleSet(
        stoeck_auto=False, target=1000, multiplier_profile="single", ausmach_order=("weis", "stoeck", "stich")
    )
    for k in range(60):
        table, _ = new_table(rules, seed=f"p{k}")
        until(table, lambda t: t.phase == Phase.PLAY)
        if table.hand.stoeck_holder is not None and not table.hand.stoeck_done:
            break
    holder = table.hand.stoeck_holder
    assert holder is not None
    totals = [0, 0]
    totals[holder % 2] = 985
    table.board = replace(table.board, totals=tuple(totals))
    table.hand.board = table.board
    assert not table.view_for(holder).can_preshow_stoeck
    refused(table, Preshow(f"u:{holder}"), "STOECK_NOT_NOW")
    # Once trick 1 is complete (Weis credited), the pre-show is allowed again.
    until(table, lambda t: t.phase != Phase.PLAY or bool(t.hand.tricks))
    if table.phase == Phase.PLAY and not table.hand.stoeck_done:
        assert table.view_for(holder).can_preshow_stoeck
        kinds = [e["type"] for e in table.apply(Preshow(f"u:{holder}"))]
        assert kinds[0] == "stoeck_preshown" and kinds[-1] == "game_over"


def test_the_app_preset_refuses_the_pre_show_before_the_first_card():
    from bot.rules import HandPlay, Scoreboard
    from bot.rules.cards import to_mask

    rules = RuleSet.from_dict({"preset": "app", "stoeck_auto": False})
    assert rules.ausmach_order[0] != "stoeck"
    hands = [0, 0, 0, 0]
    hands[0] = to_mask(
        Card.parse(c)
        for c in ("rose-K", "rose-O", "rose-6", "rose-7", "eichel-6", "eichel-7", "eichel-8", "eichel-9", "eichel-10")
    )
    rest = [c for c in range(36) if not hands[0] >> c & 1]
    for seat in (1, 2, 3):
        hands[seat] = sum(1 << c for c in rest[(seat - 1) * 9 : seat * 9])
    board = Scoreboard(rules=rules, totals=(rules.target - 10, 0))
    hand = HandPlay(hands, int(Contract.parse("rose")), 0, rules, board)
    assert hand.stoeck_holder == 0
    assert not hand.may_preshow_stoeck(0) and not hand.preshow_stoeck(0)
    assert hand.board.totals == board.totals


def test_fixed_deals_give_every_table_the_same_hands_whatever_the_service_draws():
    tables = []
    for name in ("a", "b"):
        table, events = Table.create(f"t-{name}", HOST, {"preset": "tournament", "hands_per_game": 3})
        events += table.apply(JoinSeat("u:0", name="P0", seat=0))
        for seat in (1, 2, 3):
            events += table.apply(AddComputer(HOST, seat=seat, level="club"))
        events += table.apply(StartGame(HOST, seed="ignored", fixed_deals="base"))
        events += play_to_end(table, seed="people")  # its NextHand seeds ("people:k") give way to the fixed ones
        tables.append((table, events))
    deals = [[(e["seed"], e["dealer"]) for e in ev if e["type"] == "hand_dealt"] for _, ev in tables]
    assert deals[0] == deals[1] == [(f"base:{k}", deals[0][k - 1][1]) for k in (1, 2, 3)]
    # The computers decide from the deals, not the table id: the same play, the same game.
    assert tables[0][0].board.totals == tables[1][0].board.totals
    replayed = Table.replay(tables[0][1])
    assert replayed.fixed_deals == "base" and replayed.next_deal_seed() == "base:4"


def test_a_stand_in_anytime_takes_over_a_seat_that_is_not_to_act():
    table, _ = new_table()
    other = (table.to_act + 1) % 4
    refused(table, StandIn(SYSTEM, seat=other), "NOT_YOUR_TURN")
    assert table.apply(StandIn(SYSTEM, seat=other, anytime=True)) == [{"type": "standin_on", "seat": other}]
    refused(table, StandIn(SYSTEM, seat=9, anytime=True), "NO_SUCH_SEAT")
