"""The Activity's Entry Point command: where the application has the Discord Activity, its command
list carries a PRIMARY_ENTRY_POINT command (type 4) that Discord shows in its App Launcher and that
launches the Activity itself (handler 2, DISCORD_LAUNCH_ACTIVITY): the Activity opens at the
channel's table, or offers to open one there (bot/web/activity.py).

Discord refuses a bulk update of the global commands that leaves out an application's Entry Point
command, and discord.py's ``CommandTree.sync`` knows no such command: :class:`JassTree` sends it with
the others. Without the Activity (no client secret) the commands are synced as before.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.texts import COMMAND_TEXTS

#: Discord's command type and handler of an Entry Point command that launches the Activity.
PRIMARY_ENTRY_POINT, DISCORD_LAUNCH_ACTIVITY = 4, 2


def entry_point() -> dict[str, Any]:
    """The Entry Point command's payload (English by default, German for German clients)."""
    texts = {key: COMMAND_TEXTS[f"entry.{key}"] for key in ("name", "description")}
    return {
        "name": texts["name"]["en"],
        "name_localizations": {"de": texts["name"]["de"]},
        "description": texts["description"]["en"],
        "description_localizations": {"de": texts["description"]["de"]},
        "type": PRIMARY_ENTRY_POINT,
        "handler": DISCORD_LAUNCH_ACTIVITY,
        "integration_types": [0],  # installed on a server
        "contexts": [0],  # in its channels
    }


class JassTree(app_commands.CommandTree[Any]):
    """The bot's command tree: its global sync carries the Entry Point command where the Activity is on."""

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[app_commands.AppCommand]:
        if guild is not None or not getattr(self.client, "activity_ready", False):
            return await super().sync(guild=guild)
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands(guild=None)
        translator = self.translator
        if translator:
            payload = [await command.get_translated_payload(self, translator) for command in commands]
        else:
            payload = [command.to_dict(self) for command in commands]
        data = await self._http.bulk_upsert_global_commands(
            self.client.application_id, payload=[*payload, entry_point()]
        )
        return [
            app_commands.AppCommand(data=d, state=self._state) for d in data if d.get("type") != PRIMARY_ENTRY_POINT
        ]
