"""What the cogs share without importing one another: who acts, the reader's language, private
answers, the table a command in a channel means, and :class:`JassPart`, a cog whose commands are
subcommands of ``/jass`` (the tables cog, ``cogs/jass.py``, owns the group).

Cogs are peers: they talk through the services the bot hands them (``bot.service``, ``bot.stats``,
``bot.table_messages``…) and through the bot's events, never by reaching into another cog.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.game import TableSnapshot
from bot.rules import PRESETS, RuleSet
from bot.rules.kinds import KINDS
from bot.texts import command_text, language_of
from bot.texts import message as msg
from bot.texts.cards import DECKS, Deck, deck_for

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)

LEVEL_CHOICES = [
    app_commands.Choice(name=command_text(f"choice.level.{level}"), value=level)
    for level in ("beginner", "club", "strong")
]
DECK_CHOICES = [
    app_commands.Choice(name="Swiss (Eichel, Rose, Schelle, Schilte)", value="swiss"),
    app_commands.Choice(name="French (Ecken, Herz, Kreuz, Schaufel)", value="french"),
]
SWITCH_CHOICES = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


def actor_of(user: discord.abc.User) -> str:
    return f"u:{user.id}"


def channel_of(interaction: discord.Interaction) -> int:
    """The channel of a command (every ``/jass`` command is used in a server channel)."""
    if interaction.channel_id is None:
        raise ValueError("an interaction without a channel")
    return interaction.channel_id


def lang_of(bot: JassBot, interaction: discord.Interaction) -> str:
    """The reader's language: their Discord locale, else the bot's."""
    return language_of(str(interaction.locale), bot.settings.language)


def is_manager(interaction: discord.Interaction) -> bool:
    """The member may manage the server (Discord's "Manage Server")."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


async def may_organise(bot: JassBot, interaction: discord.Interaction) -> bool:
    """Server managers, and members with the server's organiser role (tournaments, challenges)."""
    if is_manager(interaction):
        return True
    role = (await bot.service.server_settings(interaction.guild_id)).get("organiser_role")
    roles = getattr(interaction.user, "_roles", None)  # the member's role ids, as the gateway sent them
    return bool(role) and roles is not None and roles.has(role)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def channel_table(bot: JassBot, interaction: discord.Interaction) -> TableSnapshot | None:
    """The table a command in this channel acts on: the open one the user sits at, else the newest
    open one, else the newest finished one. Unreadable tables are skipped (and said)."""
    table, broken = await bot.service.table_in_channel(channel_of(interaction), actor_of(interaction.user))
    if table is not None:
        return table
    lang = lang_of(bot, interaction)
    if broken:
        log.warning("channel %s: skipped unreadable tables %s", channel_of(interaction), ", ".join(broken))
        await reply(interaction, msg("err.broken_table", lang, ids=", ".join(broken)))
    else:
        await reply(interaction, msg("err.no_table_here", lang))
    return None


async def reader_deck(bot: JassBot, table: TableSnapshot, user_id: int, lang: str) -> Deck:
    """How ``user_id`` sees cards at ``table``: their own deck if they chose one, else the table's."""
    own = (await bot.service.person_settings(user_id)).get("deck")
    return deck_for(lang, table.rules, own) if own in DECKS else bot.table_messages.table_deck(table, lang)


#: The colour of the rules' answers.
RULES_COLOUR = 0x2E7D32


async def rules_here(bot: JassBot, interaction: discord.Interaction, lang: str) -> tuple[RuleSet, str]:
    """The rules of the table a command here acts on (the policy of every command: the open table
    you sit at, else the newest open one, else the newest finished one), else the server's preset,
    else the bot's; and a sentence saying which."""
    channel = interaction.channel_id
    if channel is not None:
        table, _ = await bot.service.table_in_channel(channel, actor_of(interaction.user))
        if table is not None:  # (unreadable tables are skipped: the server's rules instead)
            return table.rules, msg("rl.here.table", lang, id=table.table_id, preset=preset_of(table.rules))
    server = await bot.service.server_settings(interaction.guild_id)
    if server.get("preset"):
        return RuleSet.preset(server["preset"]), msg("rl.here.server", lang, preset=server["preset"])
    rules = bot.settings.rules
    return rules, msg("rl.here.bot", lang, preset=preset_of(rules))


def preset_of(rules: RuleSet) -> str:
    """The name of the preset a rule set is (or "custom")."""
    here = rules.to_dict()
    for name in PRESETS:
        base = RuleSet.preset(name).to_dict()
        if all(here[k] == v for k, v in base.items() if k != "hands_per_game"):
            return name
    return "custom"


async def answer_privately(interaction: discord.Interaction, embed: discord.Embed) -> None:
    """A rules answer, privately, with a "Show in channel" button."""
    from .buttons import as_view

    lang = language_of(
        str(interaction.locale), getattr(getattr(interaction.client, "settings", None), "language", "de")
    )
    button: discord.ui.Button[Any] = discord.ui.Button(label=msg("rl.show", lang), custom_id="jass:rules:0:show")
    await interaction.response.send_message(embed=embed, view=as_view([button]), ephemeral=True)


def game_choices(lang: str, current: str) -> list[app_commands.Choice[str]]:
    """Every game kind installed now, by its name in the reader's language (``game`` options)."""
    typed = current.strip().lower()
    return [app_commands.Choice(name=kind.title(lang)[:100], value=name) for name, kind in KINDS.items()
            if typed in name or typed in kind.title(lang).lower()][:25]  # fmt: skip


class JassPart(commands.Cog):
    """A cog whose slash commands are subcommands of ``/jass``: declared here as its own commands
    (bound to this cog), moved into the group when the cog loads and out when it unloads."""

    def __init__(self, bot: JassBot) -> None:
        self.bot = bot
        self.subcommands = list(self.__cog_app_commands__)
        self.__cog_app_commands__ = []  # not top-level commands: /jass's

    def group(self) -> app_commands.Group:
        found = self.bot.tree.get_command("jass")
        if not isinstance(found, app_commands.Group):
            raise RuntimeError("/jass is not registered: the tables cog (cogs.jass) loads first")
        return found

    async def cog_load(self) -> None:
        group = self.group()
        for command in self.subcommands:
            group.add_command(cast(Any, command))

    async def cog_unload(self) -> None:
        found = self.bot.tree.get_command("jass")
        if isinstance(found, app_commands.Group):
            for command in self.subcommands:
                found.remove_command(command.name)

    def lang(self, interaction: discord.Interaction) -> str:
        return lang_of(self.bot, interaction)
