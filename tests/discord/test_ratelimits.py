"""Discord's rate limits in the fake, with discord.py's own handling running against them (issue 41)."""

import asyncio
import dataclasses
import time

from bot.client import JassBot
from cogs import rest

from .harness import CHANNEL_ID, Harness
from .ratelimits import Limits
from .test_table_game import ANNA, button, fast_settings, new_table, play_my_turns, table_message


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
        await h.send(h.command_payload("jass", new_table(options), ANNA))
        lobby = table_message(h)
        await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
        table = await play_my_turns(h, ANNA, lobby)
        assert table.phase == "game_over"
        assert not limits.refused, (limits.refused, limits.refused_routes, limits.by_route)
        cards = 36 * table.hand_no
        assert limits.bot_requests <= cards, (limits.bot_requests, cards, limits.by_route)
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
        seq = h.bot.service._tables[next(iter(h.bot.service._tables))].seq  # computers played on
        tid = next(iter(h.bot.service._tables))
        await h.send(h.click_payload(f"jass:{tid}:0:hand", ANNA, lobby))  # the game goes on for her
        assert h.bot.service._tables[next(iter(h.bot.service._tables))].seq >= seq
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
        table = h.bot.service.in_memory(next(iter(h.bot.service._tables)))
        shown = h.side.messages[int(lobby["id"])]["embeds"][0]["description"]
        assert table is not None and table.phase in ("contract", "play")
        assert h.bot.get_cog("Jass").messages.payload(table)["embeds"][0]["description"] == shown
    finally:
        await h.bot.close()
