"""``/rules <topic>``: a Schieber rule explained, in the user's language (ephemeral)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.texts import command_text, language_of, message
from bot.texts.rules_topics import BY_KEY, find_topics


def _lang(interaction: discord.Interaction) -> str:
    fallback = getattr(getattr(interaction.client, "settings", None), "language", "de")
    return language_of(str(interaction.locale), fallback)


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("rules.name"),
        description=command_text("rules.description"),
    )
    @app_commands.rename(topic=command_text("rules.topic.name"))
    @app_commands.describe(topic=command_text("rules.topic.description"))
    async def rules(self, interaction: discord.Interaction, topic: str) -> None:
        lang = _lang(interaction)
        found = BY_KEY.get(topic) or next(iter(find_topics(topic, lang)), None)
        if found is None:
            await interaction.response.send_message(message("rules.unknown", lang), ephemeral=True)
            return
        embed = discord.Embed(title=found.title[lang], description=found.text[lang], colour=0x2E7D32)
        embed.set_footer(text=message("rules.source", lang, section=found.section))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = _lang(interaction)
        return [app_commands.Choice(name=t.title[lang], value=t.key) for t in find_topics(current, lang)[:25]]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot))
