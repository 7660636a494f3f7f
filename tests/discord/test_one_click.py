"""One click per card: the hand message each player keeps follows the game (issue 27, item 0)."""

from __future__ import annotations

import json

from bot.rules import Card, Contract
from bot.texts.cards import Deck

from .audit import audit, observer_for
from .harness import custom_ids, message_payload
from .test_table_game import ANNA, BEAT, CARLA, DARIO, button, new_table, settle, table_message

PEOPLE = (ANNA, BEAT, CARLA, DARIO)


def latest_hand(h, who, since: int) -> dict | None:
    """The newest version of ``who``'s hand message: a click's answer or an edit through its token."""
    uid = int(who["id"])
    for call in reversed(h.side.calls[since:]):
        if call.interaction_id is None or h.side.clicked.get(call.interaction_id, (None,))[0] != uid:
            continue
        if call.path.split("?")[0].endswith("/messages/@original"):
            return call.payload
        if "/callback" in call.path and call.payload.get("type") in (4, 7):
            data = call.payload.get("data") or {}
            if data.get("components") and any(":c" in cid for cid, _, _ in custom_ids(data["components"])):
                return data
    return None


async def test_four_people_play_every_card_with_one_click(tmp_path, monkeypatch):
    import dataclasses

    from .test_table_game import fast_settings, started

    # A short pause between hands, as at a real table (the default is 4 s).
    h = await started(dataclasses.replace(fast_settings(tmp_path), hand_pause_seconds=0.3), monkeypatch)
    try:
        await _four_people_one_click(h)
    finally:
        await h.bot.close()


async def _four_people_one_click(h):
    h.side.observer = observer_for(h.bot)
    await h.send(h.command_payload("jass", new_table([{"name": "preset", "type": 3, "value": "single-1000"}]), ANNA))
    for who, seat in ((BEAT, 1), (CARLA, 2), (DARIO, 3)):
        await settle(h)
        lobby = table_message(h)
        await h.send(h.click_payload(button(lobby, f"seat{seat}"), who, lobby))
    await settle(h)
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    await settle(h)
    service = h.bot.service
    tid = service.loaded()[0]
    people = {p["id"]: p for p in PEOPLE}
    opened = {p["id"]: 0 for p in PEOPLE}
    start = len(h.side.calls)
    for who in PEOPLE:  # everyone looks at their cards once
        current = table_message(h)
        await h.send(h.click_payload(button(current, "hand"), who, current))
        opened[who["id"]] += 1
    clicks = decisions = 0
    for _ in range(2000):
        await settle(h)
        table = service._tables[tid]
        if table.phase == "game_over":
            break
        who = people[table.seats[table.to_act].actor[2:]]
        hand = latest_hand(h, who, start)
        assert hand is not None
        enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        key = f"{table.game_no}.{table.hand_no}"
        assert enabled and all(f":{key}:" in cid for cid in enabled), "the kept hand shows the current hand"
        choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
        [answer] = await h.send(h.click_payload(choice, who, message_payload(1, hand, flags=64), ephemeral=True))
        assert answer.payload["type"] == 7, answer.payload
        clicks += 1
        decisions += 1
    assert service.in_memory(tid).phase == "game_over"
    assert clicks == decisions and sum(opened.values()) == 4  # "My cards" once each, then one click a decision
    assert h.side.original_edits > 0  # hands were brought up to date through their tokens
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 100

    # Every card of every trick was shown in public before the next trick began.
    events = await service.events(tid)
    public = [json.dumps(c.payload, ensure_ascii=False) for c in h.side.calls
              if c.method == "PATCH" and "/channels/" in c.path and c.payload]  # fmt: skip
    deck = Deck("de")
    tricks = [ev for ev in events if ev["type"] == "trick"]
    assert tricks
    contract = None
    for ev in events:
        if ev["type"] == "contract":
            contract = int(Contract.parse(ev["contract"]))
        if ev["type"] != "trick":
            continue
        names = [deck.card(Card.parse(c).index, contract) for c in ev["cards"]]  # the trump Under is the Puur
        assert any(all(name in text for name in names) and f"Stich {ev['trick']}" in text for text in public), ev


async def test_a_hand_says_the_contract_the_suit_led_whose_turn_and_why_cards_are_grey(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([{"name": "computer_players", "type": 4, "value": 3}]), ANNA))
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    service = h.bot.service
    table = next(iter(service._tables.values()))
    seen_grey = False
    for _ in range(600):  # up to three hands: a random deal may leave Anna no grey card in one
        await settle(h)
        if table.phase == "game_over" or table.hand_no > 3 or (seen_grey and table.hand_no > 1):
            break
        current = table_message(h)
        [shown] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
        data = shown.payload["data"]
        text = data["content"]
        if table.phase == "play":
            assert "×" in text and "Du bist am Zug" in text
            if table.hand.trick:
                assert "ausgespielt" in text
            disabled = [cid for cid, off, _ in custom_ids(data["components"]) if off]
            if disabled:
                assert "Grau:" in text
                seen_grey = True
        enabled = [cid for cid, off, _ in custom_ids(data["components"]) if not off]
        choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
        await h.send(h.click_payload(choice, ANNA, message_payload(1, data, flags=64), ephemeral=True))
    assert seen_grey


async def test_the_person_to_act_is_pinged_in_a_new_message_that_goes_when_they_acted(tmp_path, monkeypatch):
    from .test_table_game import fast_settings, started

    h = await started(fast_settings(tmp_path, turn_timer_seconds=90), monkeypatch)
    try:
        options = [
            {"name": "computer_players", "type": 4, "value": 3},
            {"name": "preset", "type": 3, "value": "single-1000"},
        ]
        await h.send(h.command_payload("jass", new_table(options), ANNA))
        await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
        table = next(iter(h.bot.service._tables.values()))
        decisions = 0
        for _ in range(400):
            await settle(h)
            if table.phase == "game_over":
                break
            current = table_message(h)
            [shown] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
            data = shown.payload["data"]
            enabled = [cid for cid, off, _ in custom_ids(data["components"]) if not off]
            choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
            await h.send(h.click_payload(choice, ANNA, message_payload(1, data, flags=64), ephemeral=True))
            decisions += 1
        await settle(h)
        posts = [c for c in h.side.calls if c.public_post
                 and "<@11>" in (c.payload.get("content") or "") and "am Zug" in c.payload["content"]]  # fmt: skip
        deletes = [c for c in h.side.calls if c.method == "DELETE" and "/messages/" in c.path]
        # Issue 39, item 17: she clicks through the game, so only her first turn needs a ping
        # (it was one per decision, about 9 per hand, each posted and deleted).
        assert decisions > 20 and len(posts) == 1
        assert all([int(u) for u in p.payload["allowed_mentions"]["users"]] == [11] for p in posts)
        assert all(not p.payload["allowed_mentions"].get("parse") for p in posts)  # nobody else is pinged
        assert all("<t:" in p.payload["content"] and ":R>" in p.payload["content"] for p in posts)  # the deadline
        lines = [c for c in h.side.calls if c.public_post and (c.payload.get("content") or "").startswith("**Stich")]
        # Each ping went when she had acted (and the last at game over); each hand's live line
        # went when the next hand was dealt (the last at game over).
        assert lines and all("<@" not in c.payload["content"] for c in lines)
        assert len(deletes) == len(posts) + len(lines)
    finally:
        await h.bot.close()


async def test_a_person_who_has_not_acted_for_a_while_is_pinged_at_each_turn(tmp_path, monkeypatch):
    from .test_table_game import fast_settings, started

    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        h.bot.get_cog("Jass").messages.active_seconds = 0  # as if she came back to the game each time
        options = [{"name": "computer_players", "type": 4, "value": 3}]
        await h.send(h.command_payload("jass", new_table(options), ANNA))
        await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
        table = next(iter(h.bot.service._tables.values()))
        for _ in range(6):
            await settle(h)
            current = table_message(h)
            [shown] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
            data = shown.payload["data"]
            enabled = [cid for cid, off, _ in custom_ids(data["components"]) if not off]
            choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
            await h.send(h.click_payload(choice, ANNA, message_payload(1, data, flags=64), ephemeral=True))
        await settle(h)
        posts = [c for c in h.side.calls if c.method == "POST" and "<@11>, du bist" in json.dumps(c.payload or {})]
        assert len(posts) >= 6 and table.phase != "lobby"
    finally:
        await h.bot.close()


async def test_turn_pings_can_be_turned_off(harness):
    h = harness
    values = [{"name": "turn_pings", "type": 3, "value": "off"}]
    await h.send(h.command_payload("jass", [{"name": "settings", "type": 1, "options": values}], ANNA, manager=True))
    await h.send(h.command_payload("jass", new_table([{"name": "computer_players", "type": 4, "value": 3}]), ANNA))
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    await settle(h)
    table = next(iter(h.bot.service._tables.values()))
    assert table.to_act is not None
    assert not [c for c in h.side.calls if c.method == "POST" and "<@11>, du bist" in json.dumps(c.payload or {})]
