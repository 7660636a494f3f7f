"""Discord's rate limits in the fake, with discord.py's own handling running against them (issue 41)."""

import asyncio
import dataclasses
import json
import time

from bot.client import JassBot
from bot.rules import Card
from cogs import rest

from .audit import _mentions_card
from .harness import CHANNEL_ID, Harness, custom_ids, message_payload
from .ratelimits import Limits
from .test_table_game import ANNA, button, fast_settings, new_table, play_my_turns, settle, table_message


async def limited(tmp_path, monkeypatch, limits: Limits) -> Harness:
    # No card emojis: 72 uploads take a minute and a half under the emoji route's limit.
    settings = dataclasses.replace(fast_settings(tmp_path), card_emojis="off")
    h = Harness(JassBot(settings), monkeypatch, limits=limits)
    await h.start()
    return h


async def test_a_channel_bucket_makes_discord_py_wait_and_every_post_arrives(tmp_path, monkeypatch):
    limits = Limits(posts=(2, 0.5))
    h = await limited(tmp_path, monkeypatch, limits)
    try:
        t0 = time.monotonic()
        ids = await asyncio.gather(*(rest.post_message(h.bot.http, int(CHANNEL_ID), {"content": f"m{i}"})
                                     for i in range(6)))  # fmt: skip
        elapsed = time.monotonic() - t0
        assert len(set(ids)) == 6 and limits.by_route["post"] == 6
        assert elapsed >= 1.0, elapsed  # 2 posts per 0.5 s: the third pair cannot go before 1.0 s
    finally:
        await h.bot.close()


async def test_the_global_limit_answers_429_and_discord_py_retries(tmp_path, monkeypatch):
    limits = Limits(global_per_second=4)
    h = await limited(tmp_path, monkeypatch, limits)
    try:
        await asyncio.gather(*(rest.post_message(h.bot.http, 7000 + i, {"content": "x"}) for i in range(10)))
        assert limits.refused["global"] > 0  # discord.py does not pace the global limit itself
        assert limits.by_route["post"] == 10  # every post arrived in the end
    finally:
        await h.bot.close()


async def test_a_whole_game_stays_inside_the_limits(tmp_path, monkeypatch):
    """One person and three computers, computers at once: the bot paces its own requests, so
    Discord never answers 429 (neither the global limit nor a channel's buckets). Edits are
    allowed every 0.25 s here, faster than the channel's bucket (5 per 5 s): what keeps them
    inside it is the bucket state discord.py read from the headers (``rest.channel_wait``)."""
    limits = Limits()
    h = await limited(tmp_path, monkeypatch, limits)
    try:
        h.bot.get_cog("Jass").messages.edit_interval = 0.25
        options = [{"name": "target", "type": 4, "value": 300},
                   {"name": "computer_players", "type": 4, "value": 3}]  # fmt: skip
        played: list[int] = []  # every card, in the order played

        async def cards(table_id, events, table):
            played.extend(Card.parse(ev["card"]).index for ev in events if ev["type"] == "card")

        h.bot.service.subscribe(cards)
        h.side.observer = lambda: len(played)  # each call knows how many cards were out when it went
        await h.send(h.command_payload("jass", new_table(options), ANNA))
        lobby = table_message(h)
        await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
        table = await play_my_turns(h, ANNA, lobby)
        assert table.phase == "game_over"
        assert not limits.refused, (limits.refused, limits.refused_routes, limits.by_route)
        assert played

        # The live line: public follow-ups of her clicks, posted and edited through the interaction
        # webhook (exempt from the global limit), show every card before it leaves the line (the
        # line shows the trick under way and the last one: card k while fewer than the cards up to
        # the end of the trick after its own are out); a hand's last trick is also in its summary.
        def live_line() -> list:
            return [c for c in h.side.calls if c.interaction_id is not None and c.method in ("POST", "PATCH")
                    and "/webhooks/" in c.path and "@original" not in c.path and isinstance(c.payload, dict)
                    and not c.payload.get("flags", 0) & 64]  # fmt: skip

        for _ in range(200):  # on a loaded machine the line's last edit may still be on its way: wait for it
            if any((c.state or 0) >= len(played) for c in live_line()):
                break
            await settle(h)
            await asyncio.sleep(0.05)
        line = live_line()
        assert line and any("Stich" in (c.payload.get("content") or "") for c in line)
        texts = [(c.state, json.dumps(c.payload, ensure_ascii=False)) for c in line]
        # A hand's last trick is also in its summary, card by card ("it is seen even when the next
        # hand follows at once", cogs/kinds/team.py): the next hand's first trick may take its place
        # in the line before the line's edit goes out.
        summaries = [
            json.dumps(c.payload, ensure_ascii=False)
            for c in h.side.calls
            if c.method == "POST"
            and isinstance(c.payload, dict)
            and "Letzter Stich" in json.dumps(c.payload, ensure_ascii=False)
        ]
        finished = len(played) // 36  # whole hands played (a game to 300 may end in its first)
        for h_no in range(finished):  # each whole hand's summary names its last trick's four cards
            assert all(
                any(_mentions_card(text, c) for text in summaries) for c in played[h_no * 36 + 32 : h_no * 36 + 36]
            )
        for k, card in enumerate(played):
            in_line = any(k < n < (k // 4 + 2) * 4 and _mentions_card(text, card) for n, text in texts)
            last_trick = k % 36 >= 32 and k + 36 - k % 36 <= len(played)  # a card of a finished hand's ninth trick
            in_summary = last_trick and any(_mentions_card(text, card) for text in summaries)
            assert in_line or in_summary, (k, card)
        # With the cards in the line, the table message needs fewer edits: well under one
        # bot-token request per card (it was 3.2 before issue 41, 1.0 with coalesced edits alone).
        # (Three requests are the table's own whatever the game's length: its post, the lobby's
        # end and the first deal.)
        messages = sum(limits.by_route[route] for route in ("post", "edit", "delete"))
        assert messages <= 0.6 * len(played) + 3, (messages, len(played), limits.by_route)
    finally:
        await h.bot.close()


async def test_a_channel_that_refuses_the_bot_is_not_retried_and_the_host_is_told_once(tmp_path, monkeypatch):
    """A 403 (a missing permission) stops the table's messages in that channel without retries;
    the host is told privately, once, which permission the bot lacks; the game goes on."""
    from .test_table_game import started

    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        options = [{"name": "computer_players", "type": 4, "value": 3}]
        await h.send(h.command_payload("jass", new_table(options), ANNA))
        lobby = table_message(h)
        h.side.forbidden_channels.add(int(CHANNEL_ID))  # an admin took "Send Messages" away
        start = h.click_payload(button(lobby, "start"), ANNA, lobby)
        start["app_permissions"] = str(1071698660929 & ~2048)  # what Discord says the bot may do here
        await h.send(start)
        await h.bot.service.wait_idle()
        await h.bot.get_cog("Jass").flush()
        edits = [c for c in h.side.calls if c.method == "PATCH" and "/channels/4000/messages" in c.path]
        told = [c for c in h.side.calls if c.interaction_id is not None and c.method == "POST"
                and "Nachrichten senden" in str(c.payload)]  # fmt: skip
        assert len(edits) == 1, len(edits)  # refused once, never tried again
        assert len(told) == 1 and told[0].payload["flags"] & 64  # privately, to the host
        seq = h.bot.service.in_memory(h.bot.service.loaded()[0]).seq  # computers played on
        tid = h.bot.service.loaded()[0]
        await h.send(h.click_payload(f"jass:{tid}:0:hand", ANNA, lobby))  # the game goes on for her
        assert h.bot.service.in_memory(h.bot.service.loaded()[0]).seq >= seq
        assert len([c for c in h.side.calls if "Nachrichten senden" in str(c.payload)]) == 1  # once
    finally:
        await h.bot.close()


async def test_server_errors_are_retried_and_the_table_catches_up(tmp_path, monkeypatch):
    """Two edits answered 500: discord.py retries, the table keeps playing, and its message ends
    showing the table as it is."""
    limits = Limits()
    h = await limited(tmp_path, monkeypatch, limits)
    try:
        h.bot.get_cog("Jass").messages.edit_interval = 0.1
        options = [{"name": "computer_players", "type": 4, "value": 3}]
        await h.send(h.command_payload("jass", new_table(options), ANNA))
        lobby = table_message(h)
        h.side.failing_edits = [500, 500]
        await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
        await h.bot.service.wait_idle()
        await h.bot.get_cog("Jass").flush()
        assert not h.side.failing_edits  # both failures happened
        table = h.bot.service.in_memory(h.bot.service.loaded()[0])
        shown = h.side.messages[int(lobby["id"])]["embeds"][0]["description"]
        assert table is not None and table.phase in ("contract", "play")
        assert h.bot.get_cog("Jass").messages.payload(table)["embeds"][0]["description"] == shown
    finally:
        await h.bot.close()


async def test_a_restarted_bot_deletes_the_live_line_the_stopped_process_left(tmp_path, monkeypatch):
    """The live line's id is in the database: after a restart (its token gone with the process),
    the new process deletes it with the bot token, and play makes a new one."""
    from .test_table_game import settle, started

    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    options = [{"name": "computer_players", "type": 4, "value": 3}]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    tid = h.bot.service.loaded()[0]
    for _ in range(40):  # Anna plays until a card is out and the line is posted
        await settle(h)
        if (await h.bot.service.meta(tid) or {}).get("line_id"):
            break
        table = h.bot.service._tables[tid]
        current = h.side.messages[int(lobby["id"])]
        [shown] = await h.send(h.click_payload(button(current, "hand"), ANNA, current))
        data = shown.payload["data"]
        enabled = [cid for cid, off, _ in custom_ids(data["components"]) if not off]
        if table.to_act == 0 and enabled:
            choice = next((cid for cid in enabled if ":k" in cid), enabled[0])
            await h.send(h.click_payload(choice, ANNA, message_payload(1, data, flags=64), ephemeral=True))
    line_id = (await h.bot.service.meta(tid) or {}).get("line_id")
    assert line_id and int(line_id) in h.side.messages  # posted as a follow-up, in the channel
    await h.bot.close()  # the process stops; its line stays in the channel

    h2 = await started(settings, monkeypatch)
    try:
        await h2.bot.get_cog("Jass").messages.refresher
        deletes = [c for c in h2.side.calls if c.method == "DELETE" and c.path.endswith(f"/messages/{line_id}")]
        assert len(deletes) == 1 and f"/channels/{CHANNEL_ID}/" in deletes[0].path  # the bot token
        assert not (await h2.bot.service.meta(tid) or {}).get("line_id")
    finally:
        await h2.bot.close()
