"""Issue 64, item 9: the Activity's Entry Point command. Where the Activity is on, the bot's commands
are synced with a PRIMARY_ENTRY_POINT command (type 4) that Discord launches the Activity from
(handler 2); Discord refuses a bulk update that leaves the application's Entry Point command out,
which discord.py's own sync would do. Without the Activity the commands are synced as before."""

from __future__ import annotations

import json

import discord
import pytest
from discord import app_commands

from bot.client import JassBot
from bot.game import TableSnapshot
from cogs.entry_point import JassTree

from .harness import CHANNEL_ID, GUILD_ID, Harness
from .test_table_game import fast_settings, started


async def started_bot(tmp_path, monkeypatch, activity: bool, required: bool) -> Harness:
    monkeypatch.setattr(JassBot, "activity_ready", property(lambda bot: activity))
    h = Harness(JassBot(fast_settings(tmp_path)), monkeypatch)
    h.side.entry_point_required = required
    await h.start()
    return h


async def test_with_the_activity_the_entry_point_is_synced_with_the_commands(tmp_path, monkeypatch):
    h = await started_bot(tmp_path, monkeypatch, activity=True, required=True)
    try:
        [payload] = h.side.synced
        entry = [cmd for cmd in payload if cmd.get("type") == 4]
        assert len(entry) == 1 and len(payload) > 1  # every slash command, and the Entry Point
        assert entry[0]["handler"] == 2  # Discord launches the Activity itself
        assert (entry[0]["name"], entry[0]["name_localizations"]) == ("table", {"de": "tisch"})
        assert entry[0]["contexts"] == [0] and entry[0]["integration_types"] == [0]
        assert "jass" in {cmd["name"] for cmd in payload}
        # the tree knows the slash commands it synced; the Entry Point is Discord's to handle
        assert isinstance(h.bot.tree, JassTree)
    finally:
        await h.bot.close()


async def test_without_the_activity_no_entry_point(tmp_path, monkeypatch):
    h = await started_bot(tmp_path, monkeypatch, activity=False, required=False)
    try:
        [payload] = h.side.synced
        assert not [cmd for cmd in payload if cmd.get("type") == 4]
    finally:
        await h.bot.close()


async def test_discord_py_s_own_sync_is_refused_where_the_application_has_an_entry_point(tmp_path, monkeypatch):
    """The failure the Entry Point avoids: a sync without it, refused as Discord refuses it."""
    monkeypatch.setattr(JassTree, "sync", app_commands.CommandTree.sync)
    with pytest.raises(discord.HTTPException) as refused:
        h = await started_bot(tmp_path, monkeypatch, activity=True, required=True)
        await h.bot.close()
    assert refused.value.code == 50240
    for made in Harness.made:
        if not made.bot.is_closed():
            await made.bot.close()


async def test_a_table_opened_from_the_activity_is_posted_in_its_channel(tmp_path, monkeypatch):
    """The Activity's offer taken (bot/web/activity.py): the bot opens the table as /jass new does, the
    person seated, its message in the channel."""
    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        before = len(h.side.messages)
        opened = await h.bot.open_from_activity(int(GUILD_ID), int(CHANNEL_ID), "u:77", "Anna", "de")
        assert isinstance(opened, TableSnapshot)
        assert opened.seat_of("u:77") == 0 and opened.phase == "lobby"
        posted = list(h.side.messages.values())[before:]
        assert len(posted) == 1 and posted[0]["channel_id"] == CHANNEL_ID
        assert opened.table_id in json.dumps(posted[0])
    finally:
        await h.bot.close()
