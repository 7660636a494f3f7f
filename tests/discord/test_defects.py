"""Defects found by trying the bot as a player, an admin and an attacker (issue 25), through the
real discord.py path with raw payloads."""

from __future__ import annotations

import json
import re

from bot.storage import Storage

from .harness import custom_ids, message_payload
from .test_table_game import (
    ANNA,
    BEAT,
    CARLA,
    button,
    fast_settings,
    new_table,
    play_my_turns,
    settle,
    started,
    table_message,
)


def command(name: str, options=None):
    return [{"name": name, "type": 1, "options": options or []}]


def content(call) -> str:
    return call.payload["data"].get("content") or ""


async def test_jass_table_answers_and_reposts(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([]), ANNA))
    tid = h.bot.service.loaded()[0]
    before = len(h.side.messages)
    [answer] = await h.send(h.command_payload("jass", command("table"), BEAT))
    assert answer.payload["type"] == 4, "a real answer, not a 'thinking…' that nothing follows up"
    assert answer.payload["data"]["flags"] & 64 and tid in content(answer)
    await settle(h)
    assert len(h.side.messages) == before + 1  # the table is posted again


async def test_a_button_that_is_not_ours_gets_a_private_answer(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([]), ANNA))
    lobby = table_message(h)
    for forged in ("something-else", "jass:ABC:0:start", "jass:t:0:" + "x" * 40, "jass:" + "1" * 40 + ":0:hand"):
        [answer] = await h.send(h.click_payload(forged, BEAT, lobby))
        assert answer.payload["data"]["flags"] & 64, forged
        assert "Knopf" in content(answer), forged


async def test_commands_name_their_table_and_one_seat_per_channel(harness):
    h = harness
    [first] = await h.send(h.command_payload("jass", new_table([]), ANNA))
    tid_a = h.bot.service.loaded()[0]
    assert tid_a in content(first)
    [joined] = await h.send(h.command_payload("jass", command("join"), BEAT))
    assert "Platz 2" in content(joined) and tid_a in content(joined)
    # Carla opens a second table in the same channel: the answer says that there are two.
    [second] = await h.send(h.command_payload("jass", new_table([]), CARLA))
    tid_b = next(t for t in h.bot.service._tables if t != tid_a)
    assert tid_b in content(second) and tid_a in content(second)
    # Beat sits at Anna's table: he cannot sit at Carla's too, and is told where he sits.
    lobby_b = next(m for m in h.side.messages.values() if tid_b in json.dumps(m))
    [refused] = await h.send(h.click_payload(button(lobby_b, "seat1"), BEAT, lobby_b))
    assert tid_a in content(refused) and refused.payload["data"]["flags"] & 64
    assert h.bot.service.in_memory(tid_b).seat_of("u:12") is None
    # Commands act on the table one sits at: Beat's /jass leave leaves Anna's table.
    [left] = await h.send(h.command_payload("jass", command("leave"), BEAT))
    assert tid_a in content(left)
    assert h.bot.service.in_memory(tid_a).seat_of("u:12") is None


async def test_open_tables_per_channel_are_limited(tmp_path, monkeypatch):
    import dataclasses

    h = await started(dataclasses.replace(fast_settings(tmp_path), tables_per_channel=2), monkeypatch)
    try:
        await h.send(h.command_payload("jass", new_table([]), ANNA))
        await h.send(h.command_payload("jass", new_table([]), BEAT))
        [refused] = await h.send(h.command_payload("jass", new_table([]), CARLA))
        assert refused.payload["data"]["flags"] & 64 and "2 Tische" in content(refused)
        assert len(h.bot.service._tables) == 2
    finally:
        await h.bot.close()


async def test_an_unreadable_table_does_not_break_its_channel(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([]), ANNA))
    bad = h.bot.service.loaded()[0]
    storage = h.bot.service._storage
    await storage.conn.execute("UPDATE table_events SET payload = 'not json' WHERE table_id = ? AND seq = 1", (bad,))
    await storage.conn.commit()
    h.bot.service._tables.clear()  # as after a restart
    for name in ("join", "leave", "start", "table", "end", "history"):
        [answer] = await h.send(h.command_payload("jass", command(name), BEAT))
        assert answer.payload["data"]["flags"] & 64, name
        assert bad in content(answer) and "nicht gelesen" in content(answer), (name, content(answer))
    # A new table in the same channel works, and the commands act on it.
    await h.send(h.command_payload("jass", new_table([]), BEAT))
    [joined] = await h.send(h.command_payload("jass", command("join"), CARLA))
    assert "Platz 2" in content(joined)


async def test_finished_tables_leave_memory_with_their_caches(harness):
    h = harness
    h.bot.service.settings.keep_finished = 1
    cog = h.bot.get_cog("Jass")
    finished = []
    for _ in range(3):
        options = [{"name": "computer_players", "type": 4, "value": 3}, {"name": "target", "type": 4, "value": 100}]
        await h.send(h.command_payload("jass", new_table(options), ANNA))
        tid = next(t for t, tab in h.bot.service._tables.items() if tab.phase == "lobby")
        lobby = next(m for m in reversed(list(h.side.messages.values())) if tid in json.dumps(m))
        await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
        await play_my_turns(h, ANNA, lobby, table_id=tid)
        await settle(h)
        finished.append(tid)
    assert len(h.bot.service._tables) == 1
    for cache in cog.messages.caches():
        assert set(cache) <= {finished[-1]}, cache
    # An evicted table reloads on demand: its "New game" button still works.
    old = next(m for m in h.side.messages.values() if finished[0] in json.dumps(m))
    [again] = await h.send(h.click_payload(f"jass:{finished[0]}:0:start", ANNA, old))
    assert again.payload["type"] == 6  # acknowledged: the game starts again
    await settle(h)
    assert h.bot.service._tables[finished[0]].game_no == 2


async def test_hand_summaries_count_157_card_points_and_say_tricks_right(harness):
    h = harness
    options = [
        {"name": "computer_players", "type": 4, "value": 3},
        {"name": "preset", "type": 3, "value": "single-1000"},
    ]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    table = await play_my_turns(h, ANNA, lobby)
    events = await h.bot.service.events(table.table_id)
    complete = {ev["hand"]: ev["complete"] for ev in events if ev["type"] == "hand_scored"}
    summaries = [
        c.payload["embeds"][0]
        for c in h.side.calls
        if c.method == "POST"
        and c.payload
        and (c.payload.get("embeds") or [{}])[0].get("title", "").startswith("Runde ")
    ]
    assert len(summaries) == len(complete)
    for embed in summaries:
        n = int(re.match(r"Runde (\d+)", embed["title"])[1])
        text = embed["description"]
        points = [int(p) for p in re.findall(r"(\d+) Kartenpunkte", text)]
        if complete[n]:
            assert sum(points) == 157, text
        assert "1 Stiche" not in text and "schreibt" not in text
    over = table_message(h)["embeds"][0]["description"]
    assert "gewinnen" in over and "gewinnt" not in over


async def test_restored_tables_get_their_message_brought_up_to_date(tmp_path, monkeypatch):
    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    await h.send(h.command_payload("jass", new_table([{"name": "computer_players", "type": 4, "value": 2}]), ANNA))
    await h.send(h.command_payload("jass", command("join"), BEAT))
    await settle(h)
    tid = h.bot.service.loaded()[0]
    message_id = next(iter(h.side.messages))
    cog = h.bot.get_cog("Jass")
    cog.messages.edit_interval = 3600  # the next edit waits: it is pending when the process dies
    await h.send(h.command_payload("jass", command("start"), ANNA))
    await h.bot.service.wait_idle()
    table = h.bot.service._tables[tid]
    waiting = table.seats[table.to_act].actor[2:]
    assert waiting in (ANNA["id"], BEAT["id"])
    for task in cog.messages._edits():  # killed: the pending edit is never sent
        task.cancel()
    await h.bot.close()

    h2 = await started(settings, monkeypatch)
    try:
        cog2 = h2.bot.get_cog("Jass")
        await cog2.messages.refresher
        edits = [c for c in h2.side.calls if c.method == "PATCH" and str(message_id) in c.path]
        assert edits, "the table message is edited at start-up"
        text = json.dumps(edits[-1].payload, ensure_ascii=False)
        assert f"<@{waiting}>" in text and "wieder live" in text
    finally:
        await h2.bot.close()


async def test_storage_is_opened_before_discord(tmp_path):
    """``run_bot`` opens the database first: the bot then uses that storage."""
    from bot.client import JassBot

    storage = await Storage.open(tmp_path / "db.sqlite3")
    bot = JassBot(fast_settings(tmp_path), storage=storage)
    assert bot.storage is storage
    await storage.close()


def test_plurals_and_agreement_in_the_catalogue():
    from bot.texts import message

    assert message("tricks.one", "en", n=1) == "1 trick" and message("tricks.one", "de", n=1) == "1 Stich"
    assert message("summary.weis", "en", team="A & B") == "The Weis count for A & B."


async def test_private_hand_shows_only_my_cards_after_the_fixes(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([{"name": "computer_players", "type": 4, "value": 3}]), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    await settle(h)
    current = table_message(h)
    [shown] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
    hand = shown.payload["data"]
    table = next(iter(h.bot.service._tables.values()))
    mine = table.start_hands[0] if table.phase == "contract" else table.hand.hands[0]
    cards = [
        int(cid.split(":")[-1][1:].split("w")[0])
        for cid, _, _ in custom_ids(hand["components"])
        if cid.split(":")[-1].startswith("c")
    ]
    assert cards and all(mine >> c & 1 for c in cards)
    assert message_payload(1, hand, flags=64)["flags"] & 64


async def test_every_card_is_in_the_channel_before_the_next_hand_and_summaries_say_how_points_came_about(harness):
    """Issue 39, items 19 and 20: with no pause between hands, each hand's summary (its last
    trick card by card, card points, Weis, Stöck, Match and the multiplier) is posted before the
    next hand is dealt."""
    h = harness
    hands_at_call = []
    h.side.observer = lambda: next((t.hand_no for t in h.bot.service._tables.values()), None)
    options = [{"name": "computer_players", "type": 4, "value": 3}, {"name": "preset", "type": 3, "value": "standard"}]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    table = await play_my_turns(h, ANNA, lobby)
    events = await h.bot.service.events(table.table_id)
    from bot.rules import Contract

    last_tricks, contracts = {}, {}
    hand = 0
    for ev in events:
        if ev["type"] == "hand_dealt":
            hand = ev["hand"]
        if ev["type"] == "contract":
            contracts[hand] = int(Contract.parse(ev["contract"]))
        if ev["type"] == "trick" and ev["trick"] == 9:
            last_tricks[hand] = ev["cards"]
    deck = h.bot.get_cog("Jass").messages.table_deck(table, "de")
    for call in h.side.calls:
        title = ((call.payload or {}).get("embeds") or [{}])[0].get("title", "") if call.method == "POST" else ""
        if not title.startswith("Runde "):
            continue
        n = int(re.match(r"Runde (\d+)", title)[1])
        hands_at_call.append((n, call.state))
        text = call.payload["embeds"][0]["description"]
        if n in last_tricks:
            from bot.rules import Card

            named = [deck.card(Card.parse(c).index, contracts[n]) for c in last_tricks[n]]
            assert all(name in text for name in named), text  # the last trick, the trump Under as the Puur
        assert "→ schreiben" in text and "Kartenpunkte" in text
        m = events_multiplier(events, n)
        if m > 1:
            assert f"× {m}" in text, text
    assert hands_at_call and all(n == state for n, state in hands_at_call), hands_at_call  # before the next deal


def events_multiplier(events, hand: int) -> int:
    return next(ev["multiplier"] for ev in events if ev["type"] == "hand_scored" and ev["hand"] == hand)
