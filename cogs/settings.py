"""``/jass settings``: a server's defaults for new tables (managers only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import TARGET_MAX, TARGET_MIN, TURN_TIMER_MAX
from bot.rules import PRESETS
from bot.texts import command_text
from bot.texts import message as msg

from .common import DECK_CHOICES, SWITCH_CHOICES, JassPart, is_manager

if TYPE_CHECKING:
    from bot.client import JassBot


class ServerSettings(JassPart, name="Settings"):
    def __init__(self, bot: JassBot) -> None:
        super().__init__(bot)

    @app_commands.command(
        name=command_text("jass.settings.name"), description=command_text("jass.settings.description")
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(
        preset=command_text("jass.new.preset.name"),
        target=command_text("jass.new.target.name"),
        language=command_text("jass.settings.language.name"),
        deck=command_text("jass.settings.deck.name"),
        turn_timer=command_text("jass.settings.timer.name"),
        pings=command_text("jass.settings.pings.name"),
        images=command_text("jass.settings.images.name"),
        ratings=command_text("jass.settings.ratings.name"),
        web=command_text("jass.settings.web.name"),
    )
    @app_commands.describe(
        preset=command_text("jass.new.preset.description"),
        target=command_text("jass.new.target.description"),
        language=command_text("jass.settings.language.description"),
        deck=command_text("jass.settings.deck.description"),
        turn_timer=command_text("jass.settings.timer.description"),
        pings=command_text("jass.settings.pings.description"),
        images=command_text("jass.settings.images.description"),
        ratings=command_text("jass.settings.ratings.description"),
        web=command_text("jass.settings.web.description"),
    )
    @app_commands.choices(
        preset=[app_commands.Choice(name=p, value=p) for p in PRESETS],
        language=[app_commands.Choice(name="Deutsch", value="de"), app_commands.Choice(name="English", value="en")],
        deck=DECK_CHOICES,
        pings=SWITCH_CHOICES,
        images=SWITCH_CHOICES,
        ratings=SWITCH_CHOICES,
        web=SWITCH_CHOICES,
    )
    async def settings_cmd(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        target: app_commands.Range[int, TARGET_MIN, TARGET_MAX] | None = None,
        language: str | None = None,
        deck: str | None = None,
        turn_timer: app_commands.Range[int, 0, TURN_TIMER_MAX] | None = None,
        pings: str | None = None,
        images: str | None = None,
        ratings: str | None = None,
        web: str | None = None,
    ) -> None:
        lang = self.lang(interaction)
        if not is_manager(interaction):
            await interaction.response.send_message(msg("err.NOT_MANAGER", lang), ephemeral=True)
            return
        if interaction.guild_id is None:  # the group is guild_only: Discord never sends this
            return
        values = await self.bot.service.set_server_settings(
            interaction.guild_id, preset=preset, target=target, language=language, deck=deck, turn_timer=turn_timer,
            pings=pings, images=images, ratings=ratings,
        )  # fmt: skip
        shown = ", ".join(f"{k}: {v}" for k, v in values.items()) or "—"
        answer = msg("settings.saved", lang, values=shown)
        if web is not None:
            await self.bot.site.switch(interaction.guild_id, web == "on")
            url = await self.bot.site.url(interaction.guild_id)
            key = "settings.web_off" if web == "off" else "settings.web_on" if url else "settings.web_on_no_url"
            answer += "\n" + msg(key, lang, url=url)
        await interaction.response.send_message(answer, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    if not isinstance(bot, JassBot):
        raise TypeError("this cog runs in a JassBot")
    await bot.add_cog(ServerSettings(bot))
