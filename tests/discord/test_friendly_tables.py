"""Friendly and rated tables, and the tip button, through the real discord.py path (issue 44)."""

from __future__ import annotations

from .harness import GUILD_ID, custom_ids, message_payload
from .test_table_game import ANNA, BEAT, button, new_table, settle, table_message

FRIENDLY = [{"name": "rated", "type": 5, "value": False}, {"name": "computer_players", "type": 4, "value": 3}]


def enabled(payload):
    return [(cid, label) for cid, disabled, label in custom_ids(payload["components"]) if not disabled]


async def anna_to_play(h, options):
    """Anna's table with three computers, played by Anna (first legal card) until a card is hers to play."""
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    await settle(h)
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    tid = h.bot.service.loaded()[0]
    for _ in range(200):
        await settle(h)
        table = h.bot.service._tables[tid]
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
        hand = shown.payload["data"]
        if table.phase == "play" and table.to_act == 0:
            return tid, lobby, hand
        await h.send(h.click_payload(enabled(hand)[0][0], ANNA, message_payload(1, hand, flags=64), ephemeral=True))
    raise AssertionError("Anna never played")


async def test_a_friendly_table_with_tips_gives_a_legal_card_and_marks_the_game(harness):
    h = harness
    tid, lobby, hand = await anna_to_play(h, [*FRIENDLY, {"name": "hints", "type": 5, "value": True}])
    assert "Freundschaftsspiel" in lobby["embeds"][0]["title"]
    about = lobby["embeds"][0]["description"]
    assert "keiner Wertung" in about and "Tipps erlaubt" in about
    tip = next(cid for cid, label in enabled(hand) if label == "Tipp")
    [answer] = await h.send(h.click_payload(tip, ANNA, message_payload(1, hand, flags=64), ephemeral=True))
    text = answer.payload["data"]["content"]
    assert answer.payload["data"]["flags"] & 64 and "Tipp" in text
    table = h.bot.service._tables[tid]
    legal = [label for cid, label in enabled(hand) if cid.split(":")[3].startswith("c")]
    assert any(f"**{label}**" in text for label in legal)  # one of Anna's legal cards
    assert table.hinted == {table.game_no}
    events = await h.bot.service.events(tid)
    assert any(ev["type"] == "hint" and ev["seat"] == 0 for ev in events)
    # Beat is not at the table: his press of Anna's tip button changes nothing
    seq = table.seq
    [refused] = await h.send(h.click_payload(tip, BEAT, message_payload(1, hand, flags=64), ephemeral=True))
    assert refused.payload["data"]["flags"] & 64 and h.bot.service.in_memory(tid).seq == seq


async def test_a_tip_is_refused_at_a_rated_table(harness):
    h = harness
    tid, lobby, hand = await anna_to_play(h, [{"name": "computer_players", "type": 4, "value": 3}])
    assert "Gewertete Partie" in lobby["embeds"][0]["description"]
    assert not any(label == "Tipp" for _, label in enabled(hand))  # no button at a rated table
    key = enabled(hand)[0][0].split(":")[2]
    seq = h.bot.service.in_memory(tid).seq
    [answer] = await h.send(h.click_payload(f"jass:{tid}:{key}:hint", ANNA, message_payload(1, hand, flags=64),
                                            ephemeral=True))  # fmt: skip
    assert "keine Tipps" in answer.payload["data"]["content"]
    assert h.bot.service.in_memory(tid).seq == seq and not h.bot.service._tables[tid].hinted


async def test_tips_need_a_friendly_table(harness):
    h = harness
    options = [{"name": "hints", "type": 5, "value": True}]
    [answer] = await h.send(h.command_payload("jass", new_table(options), ANNA))
    assert "nur an Freundschaftstischen" in answer.payload["data"]["content"]
    assert not h.bot.service._tables


async def test_a_server_without_ratings_opens_friendly_tables_and_refuses_rated_ones(harness):
    h = harness
    off = [{"name": "settings", "type": 1, "options": [{"name": "ratings", "type": 3, "value": "off"}]}]
    [saved] = await h.send(h.command_payload("jass", off, ANNA))  # not a manager: refused, nothing changed
    assert await h.bot.service.server_settings(GUILD_ID) == {}
    [saved] = await h.send(h.command_payload("jass", off, ANNA, manager=True))
    assert "ratings: off" in saved.payload["data"]["content"]
    # asked for a rated table: refused, no table
    [answer] = await h.send(h.command_payload("jass", new_table([{"name": "rated", "type": 5, "value": True}]), ANNA))
    assert "keine Wertung" in answer.payload["data"]["content"] and not h.bot.service._tables
    # without the option: a friendly table, and it may give tips
    await h.send(h.command_payload("jass", new_table([{"name": "hints", "type": 5, "value": True}]), ANNA))
    await settle(h)
    lobby = table_message(h)
    assert "Freundschaftsspiel" in lobby["embeds"][0]["title"]
    [table] = h.bot.service._tables.values()
    assert not table.rated and table.hints
