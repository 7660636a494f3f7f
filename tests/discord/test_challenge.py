"""A duplicate challenge through the real discord.py path: three members play the same deals,
each alone in a private thread, a leaderboard, nothing of the deals shown before the close,
the seed revealed at the close."""

import hashlib

from bot.tournament.challenge import deal_base

from .audit import audit, observer_for
from .harness import custom_ids
from .test_table_game import ANNA, BEAT, CARLA, DARIO
from .test_tournament import EMIL, play_every_table, said

THREE = {p["id"]: p for p in (BEAT, CARLA, DARIO)}


def challenge(sub: str, options=()):
    return [{"name": sub, "type": 1, "options": list(options)}]


def in_thread(h, payload: dict, thread_id: int) -> dict:
    """The same interaction, sent from a thread of the channel (as Discord describes the thread)."""
    payload["channel_id"] = str(thread_id)
    payload["channel"] = h.side.threads[thread_id]
    return payload


def play_button(h) -> tuple[dict, str]:
    message = next(m for m in h.side.messages.values() if any(c.endswith(":cplay") for c, _, _ in
                                                               custom_ids(m.get("components") or [])))  # fmt: skip
    return message, next(c for c, _, _ in custom_ids(message["components"]) if c.endswith(":cplay"))


async def test_three_members_play_the_same_deals_and_the_seed_is_revealed_at_the_close(harness):
    h = harness
    h.side.observer = observer_for(h.bot)
    refused = await said(h, h.command_payload("challenge", challenge("create", [{"name": "name", "type": 3,
                                                                                  "value": "x"}]), BEAT))  # fmt: skip
    assert "verwalten" in refused
    options = [{"name": "name", "type": 3, "value": "Woche 49"}, {"name": "hands", "type": 4, "value": 2}]
    await said(h, h.command_payload("challenge", challenge("create", options), ANNA, manager=True))
    message, play = play_button(h)
    commitment = message["embeds"][0]["description"].split("SHA-256 `")[1].split("`")[0]
    # Without the permission to open private threads: said, and nothing changes.
    h.side.threads_allowed = False
    assert "Private Threads erstellen" in await said(h, h.click_payload(play, EMIL, message))
    assert "Private Threads erstellen" in await said(h, h.command_payload("challenge", challenge("play"), EMIL))
    h.side.threads_allowed = True
    c = (await h.bot.challenges.in_channel(4000))[0]
    assert c.tries == []
    threads = {}
    for who in THREE.values():
        text = await said(h, h.click_payload(play, who, message))
        thread_id = int(text.split("<#")[1].split(">")[0])
        assert h.side.threads[thread_id]["type"] == 12 and h.side.thread_members[thread_id] == {int(who["id"])}
        threads[who["id"]] = thread_id
    assert "läuft noch" in await said(h, h.click_payload(play, BEAT, message))  # one try at a time
    # Before the close, the history of a try is not to be had, not even by its player.
    sealed = await said(h, in_thread(h, h.command_payload("jass", [{"name": "history", "type": 1, "options": []}],
                                                       BEAT), threads[BEAT["id"]]))  # fmt: skip
    assert "offenen Challenge" in sealed
    await play_every_table(h, people=THREE)
    c = await h.bot.challenges.get(c.challenge_id)
    tables = await h.bot.challenges._store.tables(c.challenge_id)
    logs = [await h.bot.service.events(tid) for tid in tables.values()]
    deals = [[ev["seed"] for ev in log if ev["type"] == "hand_dealt"] for log in logs]
    assert len(deals) == 3 and deals[0] == deals[1] == deals[2] and len(deals[0]) == 2
    [board] = await h.send(h.command_payload("challenge", challenge("leaderboard"), CARLA))
    embed = board.payload["data"]["embeds"][0]
    assert embed["description"].count("\n") == 2 and "von 3" in embed["footer"]["text"]
    assert "schon" not in embed["description"] and "Rose" not in str(embed)  # scores only, no cards
    assert "gespielt" in await said(h, h.click_payload(play, BEAT, message))  # the one try is used
    closed = await said(h, h.command_payload("challenge", challenge("close"), ANNA, manager=True))
    assert "geschlossen" in closed
    reveal = next(m for m in h.side.messages.values() if "Seed: `" in (m.get("content") or ""))
    seed = reveal["content"].split("Seed: `")[1].split("`")[0]
    assert hashlib.sha256(seed.encode()).hexdigest() == commitment
    assert deals[0] == [f"{deal_base(seed)}:{k}" for k in (1, 2)]  # anyone re-derives the deals
    history = await h.send(in_thread(h, h.command_payload("jass", [{"name": "history", "type": 1, "options": []}],
                                                       BEAT), threads[BEAT["id"]]))  # fmt: skip
    assert history[0].files and b"hand_seed" in history[0].files[0]
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 30


async def test_a_try_never_starts_frozen_and_a_double_click_opens_one_thread(harness):
    """Issue 39, item 16: the computers move before the table message exists; the message and
    the ping must still show whose turn it is. Two quick clicks open one try and one thread."""
    import asyncio

    from .test_table_game import settle

    h = harness
    options = [{"name": "name", "type": 3, "value": "Woche 50"}, {"name": "hands", "type": 4, "value": 1}]
    await said(h, h.command_payload("challenge", challenge("create", options), ANNA, manager=True))
    message, play = play_button(h)
    first, second = h.click_payload(play, BEAT, message), h.click_payload(play, BEAT, message)
    answers = await asyncio.gather(said(h, first), said(h, second))
    assert sum("<#" in a for a in answers) == 1 and len(h.side.threads) == 1
    await settle(h)
    [thread_id] = h.side.threads
    c = (await h.bot.challenges.in_channel(4000))[0]
    [table_id] = (await h.bot.challenges._store.tables(c.challenge_id)).values()
    table = await h.bot.service.get(table_id)
    assert table.to_act is not None and table.actor_for(table.to_act) == f"u:{BEAT['id']}"  # the person's turn
    _, message_id = h.bot.get_cog("Jass").messages.located(table_id)
    shown = h.side.messages[message_id]
    assert "beat" in str(shown["embeds"]).lower() and "Computer" not in str(shown["embeds"][0].get("footer", ""))
    pings = [m for m in h.side.messages.values() if m["channel_id"] == str(thread_id)
             and f"<@{BEAT['id']}>" in (m.get("content") or "") and "Zug" in (m.get("content") or "")]  # fmt: skip
    assert pings, "the person whose turn it is gets a ping"
