"""A whole game in a channel through slash commands and button clicks only (docs/architecture.md §8)."""

import asyncio
import dataclasses
import json
import sys

import pytest

from bot.client import JassBot
from bot.config import Settings

from .harness import Harness, custom_ids, message_payload, user

ANNA = user(11, "anna")
BEAT = user(12, "beat")


def fast_settings(tmp_path, turn_timer_seconds: float = 0) -> Settings:
    return Settings(
        database=tmp_path / "jass.sqlite3",
        computer_delay_seconds=0,
        hand_pause_seconds=0,
        turn_timer_seconds=turn_timer_seconds,
        render_workers=0,  # pictures drawn in a thread: no worker process per test (one test uses them)
    )


async def started(settings: Settings, monkeypatch) -> Harness:
    """A bot logged in against the recorder, its table edits not delayed."""
    h = Harness(JassBot(settings), monkeypatch)
    await h.start()
    h.bot.get_cog("Jass").messages.edit_interval = 0
    h.bot.get_cog("Jass").messages.upload_interval = 0
    h.bot.get_cog("Jass").messages.line_interval = 0
    return h


def new_table(options):
    return [{"name": "new", "type": 1, "options": options}]


def table_message(h):
    return next(iter(h.side.messages.values()))


def button(message, action):
    return next(
        cid for cid, disabled, _ in custom_ids(message["components"]) if cid.endswith(":" + action) and not disabled
    )


async def settle(h):
    """Computer players done, and the coalesced edits of the table message sent."""
    for _ in range(3):
        await h.bot.service.wait_idle()
        await h.bot.get_cog("Jass").flush()


async def play_my_turns(h, who, table_message_payload, max_clicks=2000, table_id=None):
    """Click "My cards" and then a legal card or a contract, whenever it is ``who``'s turn."""
    service = h.bot.service
    tid = table_id or service.loaded()[0]
    for _ in range(max_clicks):
        await settle(h)
        table_message_payload = h.side.messages[int(table_message_payload["id"])]
        table = service._tables[tid]
        if table.phase == "game_over":
            return table
        seat = table.seat_of(f"u:{who['id']}")
        assert table.to_act == seat, "only people wait for clicks"
        assert await h.take_turn(who, table_message_payload) is not None  # a contract, else the first legal card
    raise AssertionError("game did not end")


async def test_one_user_and_three_computers_to_game_over(harness):
    h = harness
    options = [
        {"name": "preset", "type": 3, "value": "single-1000"},
        {"name": "computer_players", "type": 4, "value": 3},
    ]
    [created] = await h.send(h.command_payload("jass", new_table(options), ANNA))
    assert created.payload["data"]["flags"] & 64
    lobby = table_message(h)
    assert "Tisch" in lobby["embeds"][0]["title"]
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    table = await play_my_turns(h, ANNA, lobby)
    assert table.phase == "game_over" and max(table.board.totals) >= 1000
    every_callback = [c for c in h.side.calls if c.elapsed is not None and c.path.endswith("/callback")]
    assert every_callback and max(c.elapsed for c in every_callback) < 3.0


async def test_refusals_are_private_and_change_nothing(harness):
    h = harness
    [_] = await h.send(h.command_payload("jass", new_table([]), ANNA))
    lobby = table_message(h)
    service = h.bot.service
    tid = service.loaded()[0]
    seq = service.in_memory(tid).seq
    # Beat tries to start Anna's table; a button of an unknown table; garbage.
    for cid, who in (
        (button(lobby, "start"), BEAT),
        ("jass:ffffffff:0:start", ANNA),
        (f"jass:{tid}:0:explode", ANNA),
        (f"jass:{tid}:9.9:c3", ANNA),
    ):
        [answer] = await h.send(h.click_payload(cid, who, lobby))
        assert answer.payload["data"]["flags"] & 64, cid
    assert service.in_memory(tid).seq == seq
    [taken] = await h.send(h.click_payload(f"jass:{tid}:0:seat0", BEAT, lobby))
    assert "besetzt" in taken.payload["data"]["content"]


CARLA = user(13, "carla")
DARIO = user(14, "dario")


async def anna_and_three_computers(h, options) -> str:
    """Anna opens a table with ``options`` and three computer players and starts it; returns its id."""
    await h.send(h.command_payload("jass", new_table([*options, {"name": "computer_players", "type": 4, "value": 3}]),
                                   ANNA))  # fmt: skip
    await settle(h)
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    return h.bot.service.loaded()[0]


async def anna_finishes_hand_one(h, tid):
    """Anna (with three computers) plays her first legal card each time until hand 1 is over."""
    service = h.bot.service
    for _ in range(300):
        await settle(h)
        table = service._tables[tid]
        if table.hand_no >= 2 or table.phase in ("hand_over", "game_over"):
            return
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
        hand = shown.payload["data"]
        await h.send(
            h.click_payload(
                next(cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled),
                ANNA,
                message_payload(1, hand, flags=64),
                ephemeral=True,
            )
        )
    raise AssertionError("hand 1 did not end")


async def four_people_start(h, options) -> dict:
    """Anna opens a table with ``options``, Beat, Carla and Dario sit down by clicks, Anna starts;
    returns the lobby message as it was before the start."""
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    for who, seat in ((BEAT, 1), (CARLA, 2), (DARIO, 3)):
        await settle(h)
        lobby = table_message(h)
        await h.send(h.click_payload(button(lobby, f"seat{seat}"), who, lobby))
    await settle(h)
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    return lobby


async def test_four_people_play_a_whole_game_with_clicks_only(harness):
    from .audit import audit, observer_for

    h = harness
    h.side.observer = observer_for(h.bot)
    await four_people_start(h, [{"name": "preset", "type": 3, "value": "single-1000"}])
    people = {p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO)}
    service = h.bot.service
    tid = service.loaded()[0]
    for _ in range(3000):
        await settle(h)
        table = service._tables[tid]
        if table.phase == "game_over":
            break
        actor = table.seats[table.to_act].actor
        who = people[actor[2:]]
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), who, message))
        hand = shown.payload["data"]
        enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
        await h.send(h.click_payload(choice, who, message_payload(1, hand, flags=64), ephemeral=True))
    assert service.in_memory(tid).phase == "game_over"
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 100
    callbacks = [c for c in h.side.calls if c.elapsed is not None and c.path.endswith("/callback")]
    assert max(c.elapsed for c in callbacks) < 3.0
    summaries = [m for m in h.side.calls if m.public_post and "Runde" in json.dumps(m.payload, ensure_ascii=False)]
    assert summaries, "a hand summary is posted after each hand"


async def test_wrong_turn_and_illegal_card_are_refused(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([]), ANNA))
    for who, seat in ((BEAT, 1), (CARLA, 2), (DARIO, 3)):
        await settle(h)
        lobby = table_message(h)
        await h.send(h.click_payload(button(lobby, f"seat{seat}"), who, lobby))
    await settle(h)
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    await settle(h)
    service = h.bot.service
    table = next(iter(service._tables.values()))
    people = {p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO)}
    chooser = people[table.seats[table.to_act].actor[2:]]
    other = people[table.seats[(table.to_act + 1) % 4].actor[2:]]
    key = f"{table.game_no}.{table.hand_no}"
    seq = table.seq
    [answer] = await h.send(h.click_payload(f"jass:{table.table_id}:{key}:k0", other, table_message(h)))
    assert "nicht am Zug" in answer.payload["data"]["content"] and answer.payload["data"]["flags"] & 64
    [answer] = await h.send(h.click_payload(f"jass:{table.table_id}:{key}:k1", chooser, table_message(h)))
    await settle(h)
    assert table.phase == "play" and table.seq > seq
    # A card that is not in the leader's hand: refused with the reason, nothing changes.
    leader = people[table.seats[table.to_act].actor[2:]]
    foreign = next(c for c in range(36) if not table.hand.hands[table.to_act] >> c & 1)
    seq = table.seq
    [answer] = await h.send(h.click_payload(f"jass:{table.table_id}:{key}:c{foreign}", leader, table_message(h)))
    assert answer.payload["data"]["flags"] & 64 and "nicht in deiner Hand" in answer.payload["data"]["content"]
    assert table.seq == seq


def test_the_audit_catches_a_leak_and_a_limit():
    from .audit import audit
    from .harness import Call

    leak = Call("POST", "/channels/4000/messages", {"content": "Anna holds Rose 7 ..."}, state={"t1": {11: {10}}})
    with pytest.raises(AssertionError, match="card 10"):
        audit([leak], {})
    private = Call(
        "POST",
        "/interactions/5/t/callback",
        {"type": 4, "data": {"flags": 64, "content": "Rose 7 ."}},
        interaction_id=5,
        state={"t1": {11: {10}}},
    )
    assert audit([private], {5: (11, False)}) == 1  # shown only to its holder
    with pytest.raises(AssertionError, match="card 10"):
        audit([private], {5: (12, False)})  # shown to someone else
    # Each table has its own deck: Anna's Rose 7 at table a is no card of table b's computer.
    mine = {"type": 4, "data": {"flags": 64, "content": "Rose 7 .", "components": [
        {"type": 1, "components": [{"type": 2, "custom_id": "jass:a:1.1:c10", "label": "Rose 7"}]}]}}  # fmt: skip
    two_tables = Call("POST", "/interactions/6/t/callback", mine, interaction_id=6,
                      state={"a": {11: {10}}, "b": {"seat0": {10}}})  # fmt: skip
    assert audit([two_tables], {6: (11, False)}) == 1
    too_wide = Call(
        "PATCH",
        "/channels/4000/messages/1",
        {"components": [{"type": 1, "components": [{"type": 2, "custom_id": "x"}] * 6}]},
        state={},
    )
    with pytest.raises(AssertionError, match="5 components"):
        audit([too_wide], {})


async def test_restart_in_the_middle_of_a_hand(tmp_path, monkeypatch):
    await restart_in_the_middle_of_a_hand(fast_settings(tmp_path), monkeypatch)


async def restart_in_the_middle_of_a_hand(settings: Settings, monkeypatch) -> None:
    """A game with clicks, the bot restarted in the middle of a hand; the old buttons go on."""
    h = await started(settings, monkeypatch)
    bot = h.bot
    options = [
        {"name": "preset", "type": 3, "value": "single-1000"},
        {"name": "computer_players", "type": 4, "value": 3},
    ]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    await settle(h)
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    service = bot.service
    tid = service.loaded()[0]
    # Play until Anna has played three cards of the first hand, then keep her open hand message.
    plays = 0
    old_hand = None
    while True:
        await settle(h)
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
        old_hand = shown.payload["data"]
        enabled = [cid for cid, disabled, _ in custom_ids(old_hand["components"]) if not disabled]
        if plays >= 3 and service.in_memory(tid).phase == "play" and service._tables[tid].hand.tricks:
            break
        choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
        await h.send(h.click_payload(choice, ANNA, message_payload(1, old_hand, flags=64), ephemeral=True))
        plays += 1 if ":c" in choice else 0
    old_table_message = table_message(h)
    before = service._tables[tid]
    assert before.phase == "play" and 0 < len(before.hand.tricks) < 9
    assert before.to_act == before.seat_of("u:11"), (before.to_act, old_hand["content"])
    await bot.close()

    h2 = await started(settings, monkeypatch)
    bot2 = h2.bot
    assert tid in bot2.service._tables
    after = bot2.service._tables[tid]
    assert (after.to_act, after.seq, after.hand_no) == (before.to_act, before.seq, before.hand_no)
    # The card buttons of the hand message Anna had open before the restart still work.
    enabled = [cid for cid, disabled, _ in custom_ids(old_hand["components"]) if not disabled]
    [played] = await h2.send(h2.click_payload(enabled[0], ANNA, message_payload(1, old_hand, flags=64), ephemeral=True))
    assert played.payload["type"] == 7, played.payload
    # The old table message's "My cards" button too, to the end of the game.
    for _ in range(2000):
        await settle(h2)
        table = bot2.service._tables[tid]
        if table.phase == "game_over":
            break
        [shown] = await h2.send(h2.click_payload(button(old_table_message, "hand"), ANNA, old_table_message))
        hand = shown.payload["data"]
        enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
        await h2.send(h2.click_payload(choice, ANNA, message_payload(1, hand, flags=64), ephemeral=True))
    assert bot2.service.in_memory(tid).phase == "game_over"
    await bot2.close()


async def test_slash_join_start_and_the_turn_timer(tmp_path, monkeypatch):
    from bot.services import ManualClock

    h = await started(fast_settings(tmp_path, turn_timer_seconds=60), monkeypatch)
    bot = h.bot
    clock = ManualClock()
    bot.service.clock = clock
    options = [{"name": "computer_players", "type": 4, "value": 2}]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    [joined] = await h.send(h.command_payload("jass", [{"name": "join", "type": 1, "options": []}], BEAT))
    assert joined.payload["data"]["flags"] & 64
    [refused] = await h.send(h.command_payload("jass", [{"name": "start", "type": 1, "options": []}], BEAT))
    assert "Gastgeber" in refused.payload["data"]["content"]
    await h.send(h.command_payload("jass", [{"name": "start", "type": 1, "options": []}], ANNA))
    await settle(h)
    table = next(iter(bot.service._tables.values()))
    waiting = table.seats[table.to_act].actor
    assert waiting in ("u:11", "u:12")
    await clock.advance(30)

    def reminded():
        return [
            c
            for c in h.side.calls
            if c.method == "POST"
            and c.payload
            and f"<@{waiting[2:]}>" in (c.payload.get("content") or "")
            and "am Zug" in c.payload["content"]
        ]

    for _ in range(300):  # the reminder is sent by the timer task, after a database read
        if reminded():
            break
        await asyncio.sleep(0.01)
    assert reminded()
    assert not table.seats[table.seat_of(waiting)].standin
    for _ in range(300):  # the timer goes on to wait for the rest of the minute (the ping need not be out)
        if 60.0 in clock.due():
            break
        await asyncio.sleep(0.01)
    await clock.advance(30)
    await settle(h)
    assert table.seats[table.seat_of(waiting)].standin
    assert "Computer springt ein" in json.dumps(table_message(h), ensure_ascii=False)
    await bot.close()


async def test_server_settings_are_for_managers_and_shape_new_tables(harness):
    h = harness
    values = [{"name": "preset", "type": 3, "value": "single-1000"}, {"name": "language", "type": 3, "value": "en"}]
    settings_cmd = [{"name": "settings", "type": 1, "options": values}]
    [refused] = await h.send(h.command_payload("jass", settings_cmd, BEAT))
    assert "Server verwalten" in refused.payload["data"]["content"]
    assert await h.bot.service._storage.guild_settings(3000) == {}
    [saved] = await h.send(h.command_payload("jass", settings_cmd, ANNA, manager=True))
    assert saved.payload["data"]["flags"] & 64 and "single-1000" in saved.payload["data"]["content"]
    await h.send(h.command_payload("jass", new_table([]), BEAT))
    table = next(iter(h.bot.service._tables.values()))
    assert table.rules.target == 1000 and table.rules.multiplier_profile == "single"
    assert table_message(h)["embeds"][0]["title"].startswith("beat's table")  # named by its host


def seed_for_manual_declarations(rules) -> tuple[str, int]:
    """A start seed where seat 0 chooses first and holds a Weis and King + Ober of one suit."""
    from bot.game import AddComputer, JoinSeat, StartGame, Table
    from bot.rules.weis import find_weis

    for n in range(5000):
        table, _ = Table.create("t", "u:11", rules)
        table.apply(JoinSeat("u:11", name="anna", seat=0))
        for _ in range(3):
            table.apply(AddComputer("u:11", level="random"))
        table.apply(StartGame("u:11", seed=f"s{n}"))
        hand = table.start_hands[0]
        suits = [s for s in range(4) if hand >> (9 * s + 6) & 1 and hand >> (9 * s + 7) & 1]
        if table.chooser == 0 and suits and find_weis(hand, suits[0], table.rules):
            return f"s{n}", suits[0]
    raise AssertionError("no such seed")


async def test_manual_weis_and_stoeck_through_the_hand_buttons(tmp_path, monkeypatch):
    from bot.rules import RuleSet

    rules = RuleSet.from_dict({"preset": "standard", "weis_mode": "manual", "stoeck_auto": False})
    seed, suit = seed_for_manual_declarations(rules)
    settings = dataclasses.replace(fast_settings(tmp_path), rules=rules)
    h = await started(settings, monkeypatch)
    monkeypatch.setattr(sys.modules["cogs.jass"], "new_seed", lambda: seed)  # the module the bot loaded
    from .audit import audit, observer_for

    h.side.observer = observer_for(h.bot)
    await h.send(h.command_payload("jass", new_table([{"name": "computer_players", "type": 4, "value": 3}]), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    service = h.bot.service
    table = next(iter(service._tables.values()))
    marked = announced = False
    for _ in range(60):
        await settle(h)
        if table.phase not in ("play", "contract") or table.hand_no > 1:
            break
        if table.to_act != 0:
            continue
        current = table_message(h)
        [shown] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
        hand = shown.payload["data"]
        ids = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        if table.phase == "contract":
            choice = next(cid for cid in ids if cid.endswith(f":k{suit}"))
        elif toggles := [cid for cid in ids if cid.split(":")[-1].startswith("t")]:
            # Mark every Weis the hand holds; the card buttons then carry the marks.
            for toggle in toggles:
                [again] = await h.send(
                    h.click_payload(toggle, ANNA, message_payload(1, hand, flags=64), ephemeral=True)
                )
                hand = again.payload["data"]
            labels = [label for _, _, label in custom_ids(hand["components"])]
            assert all(label.startswith("✅") for label in labels if "Weis" in label)
            cards = [
                cid
                for cid, disabled, _ in custom_ids(hand["components"])
                if not disabled and cid.split(":")[-1].startswith("c")
            ]
            assert cards and all("w" in cid.split(":")[-1] for cid in cards)
            choice = cards[0]
            marked = True
        elif stoeck := [cid for cid in ids if cid.split(":")[-1].startswith("c") and "w64" in cid.split(":")[-1]]:
            choice = stoeck[0]
            announced = True
        else:
            choice = next(cid for cid in ids if cid.split(":")[-1].startswith("c"))
        [played] = await h.send(h.click_payload(choice, ANNA, message_payload(1, hand, flags=64), ephemeral=True))
        assert played.payload["type"] == 7
    events = await service.events(table.table_id)
    mine = [ev for ev in events if ev["type"] == "card" and ev["seat"] == 0]
    assert marked and mine[0].get("weis"), "the marked Weis were declared with the first card"
    assert announced and any(ev.get("stoeck") for ev in mine), "Stöck was announced with the second card"
    assert any(ev["type"] == "hand_scored" and ev["stoeck_team"] == 0 for ev in events)
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 20  # the Weis buttons showed no card to anyone else
    await h.bot.close()


async def test_french_card_names_are_a_personal_choice(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([{"name": "computer_players", "type": 4, "value": 3}]), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    await settle(h)
    current = table_message(h)
    [swiss] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
    [saved] = await h.send(
        h.command_payload(
            "jass", [{"name": "cards", "type": 1, "options": [{"name": "deck", "type": 3, "value": "french"}]}], ANNA
        )
    )
    assert saved.payload["data"]["flags"] & 64 and "Schaufel" in saved.payload["data"]["content"]
    [french] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
    swiss_labels = " ".join(label for _, _, label in custom_ids(swiss.payload["data"]["components"]))
    french_labels = " ".join(label for _, _, label in custom_ids(french.payload["data"]["components"]))
    assert any(s in swiss_labels for s in ("Eichel", "Rose", "Schelle", "Schilte"))
    assert not any(s in french_labels for s in ("Eichel", "Rose", "Schelle", "Schilte"))
    assert any(s in french_labels for s in ("Ecken", "Herz", "Kreuz", "Schaufel"))
    assert await h.bot.service._storage.user_settings(int(ANNA["id"])) == {"deck": "french"}
    # Beat's view of the public table keeps the server's (Swiss) names.
    await settle(h)
    assert "Schaufel" not in json.dumps(table_message(h), ensure_ascii=False)


async def test_server_turn_timer_and_deck_apply_to_new_tables(harness):
    h = harness
    values = [{"name": "turn_timer", "type": 4, "value": 45}, {"name": "deck", "type": 3, "value": "french"}]
    await h.send(h.command_payload("jass", [{"name": "settings", "type": 1, "options": values}], ANNA, manager=True))
    assert await h.bot.service._storage.guild_settings(3000) == {"turn_timer": 45, "deck": "french"}
    await h.send(h.command_payload("jass", new_table([]), BEAT))
    table = next(iter(h.bot.service._tables.values()))
    assert table.turn_timer == 45 and h.bot.service.turn_timeout(table) == 45
    meta = await h.bot.service._storage.table_meta(table.table_id)
    assert meta["deck"] == "french"


async def test_a_corrupt_server_setting_is_ignored(harness, caplog):
    h = harness
    storage = h.bot.service._storage
    await storage.set_guild_settings(3000, preset="no-such-preset", target=1500)
    await h.send(h.command_payload("jass", new_table([]), BEAT))
    table = next(iter(h.bot.service._tables.values()))
    assert table.rules.target == 1500  # the valid value is used, the broken one dropped
    assert "no-such-preset" in caplog.text


@pytest.mark.slow
async def test_a_game_against_three_strong_computer_players(harness):
    h = harness
    options = [
        {"name": "computer_players", "type": 4, "value": 3},
        {"name": "level", "type": 3, "value": "strong"},
        {"name": "target", "type": 4, "value": 300},
    ]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    lobby = table_message(h)
    table = next(iter(h.bot.service._tables.values()))
    assert [s.level for s in table.seats] == [None, "strong", "strong", "strong"]
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    table = await play_my_turns(h, ANNA, lobby)
    assert table.phase == "game_over" and max(table.board.totals) >= 300
