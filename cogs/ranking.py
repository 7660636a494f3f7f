"""``/jass stats``, ``/jass leaderboard``, ``/jass season new``, ``/jass privacy`` and ``/jass forget``:
statistics and ratings, and what a person decides about their own (``cogs/stats.py`` draws them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.rules.kinds import KINDS, find_kind
from bot.services.stats import ORDERS
from bot.texts import command_text
from bot.texts import message as msg

from .buttons import with_link
from .common import JassPart, actor_of, game_choices, is_manager, reply
from .stats import StatsPresenter

if TYPE_CHECKING:
    from bot.client import JassBot


class Ranking(JassPart):
    def __init__(self, bot: JassBot) -> None:
        super().__init__(bot)

    @property
    def stats(self) -> StatsPresenter:
        return StatsPresenter(self.bot.stats)

    @app_commands.command(name=command_text("jass.stats.name"), description=command_text("jass.stats.description"))
    @app_commands.rename(member=command_text("jass.stats.member.name"))
    @app_commands.describe(member=command_text("jass.stats.member.description"))
    async def stats_cmd(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        lang = self.lang(interaction)
        if not interaction.guild_id:
            await reply(interaction, msg("stats.guild_only", lang))
            return
        who = member or interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)  # the chart takes a moment
        shown = await self.stats.stats_message(interaction.guild_id, actor_of(who), who.display_name, lang)
        url = await self.bot.site.person_url(interaction.guild_id, actor_of(who))
        view = with_link(shown.pop("view", None), url, msg("web.link", lang))
        if view is not None:
            shown["view"] = view
        await interaction.followup.send(ephemeral=True, **shown)

    @app_commands.command(
        name=command_text("jass.leaderboard.name"), description=command_text("jass.leaderboard.description")
    )
    @app_commands.rename(
        season=command_text("jass.leaderboard.season.name"), by=command_text("jass.leaderboard.by.name"),
        game=command_text("jass.leaderboard.game.name"),
    )  # fmt: skip
    @app_commands.describe(
        season=command_text("jass.leaderboard.season.description"), by=command_text("jass.leaderboard.by.description"),
        game=command_text("jass.leaderboard.game.description"),
    )  # fmt: skip
    @app_commands.choices(by=[app_commands.Choice(name=b, value=b) for b in ORDERS])
    async def leaderboard(
        self, interaction: discord.Interaction, season: app_commands.Range[int, 1, 9999] | None = None,
        by: str = "rating", game: str | None = None,
    ) -> None:  # fmt: skip
        """``game``: Coiffeur, Differenzler and Molotow are ranked by their own rating; Schieber by ``by``."""
        if game is not None and game in KINDS and find_kind(game).own_leaderboard:
            by = game
        lang = self.lang(interaction)
        if not interaction.guild_id:
            await reply(interaction, msg("stats.guild_only", lang))
            return
        if season is None:
            season, _ = await self.bot.stats.season(interaction.guild_id)
        await self.leaderboard_page(interaction, by, season, 1)

    @leaderboard.autocomplete("game")
    async def game_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:  # fmt: skip
        """Every game kind installed now, by its name in the reader's language."""
        return game_choices(self.lang(interaction), current)

    async def leaderboard_page(self, interaction: discord.Interaction, by: str, season: int, page: int) -> None:
        """A page of the leaderboard: a new private message, or (a page button) the same one edited."""
        lang = self.lang(interaction)
        if not interaction.guild_id:
            await reply(interaction, msg("stats.guild_only", lang))
            return
        shown = await self.stats.leaderboard_message(interaction.guild_id, season, by, page,
                                                     actor_of(interaction.user), lang)  # fmt: skip
        if isinstance(shown, str):
            await reply(interaction, shown)
            return
        url = await self.bot.site.leaderboard_url(interaction.guild_id, board_kind(by), season)
        shown["view"] = with_link(shown.get("view"), url, msg("web.link", lang))
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(**shown)
        else:
            await interaction.response.send_message(ephemeral=True, **shown)

    season = app_commands.Group(
        name=command_text("jass.season.name"), description=command_text("jass.season.description")
    )

    @season.command(name=command_text("jass.season.new.name"), description=command_text("jass.season.new.description"))
    async def season_new(self, interaction: discord.Interaction) -> None:
        lang = self.lang(interaction)
        if not interaction.guild_id:
            await reply(interaction, msg("stats.guild_only", lang))
            return
        if not is_manager(interaction):
            await reply(interaction, msg("season.not_manager", lang))
            return
        number = await self.bot.stats.new_season(interaction.guild_id)
        await reply(interaction, msg("season.new", lang, season=number))

    @app_commands.command(name=command_text("jass.privacy.name"), description=command_text("jass.privacy.description"))
    @app_commands.rename(hide=command_text("jass.privacy.hide.name"))
    @app_commands.describe(hide=command_text("jass.privacy.hide.description"))
    async def privacy(self, interaction: discord.Interaction, hide: bool = True) -> None:
        lang = self.lang(interaction)
        if not interaction.guild_id:
            await reply(interaction, msg("stats.guild_only", lang))
            return
        await self.bot.stats.set_hidden(interaction.guild_id, actor_of(interaction.user), hide)
        done = msg("privacy.hidden" if hide else "privacy.shown", lang)
        await reply(interaction, f"{done}\n\n{msg('privacy.kept', lang)}")

    @app_commands.command(name=command_text("jass.forget.name"), description=command_text("jass.forget.description"))
    @app_commands.rename(confirm=command_text("jass.forget.confirm.name"))
    @app_commands.describe(confirm=command_text("jass.forget.confirm.description"))
    async def forget_me(self, interaction: discord.Interaction, confirm: str = "") -> None:
        lang = self.lang(interaction)
        if not interaction.guild_id:
            await reply(interaction, msg("stats.guild_only", lang))
            return
        if confirm.strip().upper() not in ("FORGET", "VERGESSEN"):
            await reply(interaction, msg("forget.confirm", lang))
            return
        actor = actor_of(interaction.user)
        seated = await self.bot.stats.seated(interaction.guild_id, actor)
        if seated is not None:
            await reply(interaction, msg("forget.seated", lang, table=seated))
            return
        for t in await self.bot.tournaments.open_in(interaction.guild_id):
            if t.playing(actor) or actor in t.waitlist:
                await reply(interaction, msg("forget.in_tournament", lang, name=t.name))
                return
        await interaction.response.defer(ephemeral=True, thinking=True)
        changed = await self.bot.stats.forget(interaction.guild_id, actor)
        await interaction.followup.send(msg("forget.done", lang, n=changed), ephemeral=True)


def board_kind(by: str) -> str:
    """The game kind whose leaderboard ``by`` is (a kind's own rating, else the rated board's kind)."""
    own = [name for name, kind in KINDS.items() if kind.leaderboard == by]
    return own[0] if own else next(name for name, kind in KINDS.items() if kind.leaderboard == "rating")


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    if not isinstance(bot, JassBot):
        raise TypeError("this cog runs in a JassBot")
    await bot.add_cog(Ranking(bot))
