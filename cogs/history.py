"""``/jass history``, ``/jass review`` and ``/jass replay``: a table's past, privately or step by step.

A peer of the other cogs: it reads tables through the table service, the coach through
:class:`~bot.services.review.Reviews`, replays through :class:`~bot.services.replays.Replays`, and
draws with the bot's table messages (``cogs/table_messages.py``).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.game.export import history_jsonl
from bot.services import BrokenTable, UnknownTable
from bot.services.replays import NotReplayable, Replays
from bot.services.review import NotReviewable, Reviews
from bot.texts import command_text
from bot.texts import message as msg

from .buttons import as_view, release, with_link
from .common import JassPart, actor_of, channel_table, reader_deck, reply
from .replay import REPLAY_PNG, replay_buttons, replay_embed, replay_picture
from .review import review_embed

if TYPE_CHECKING:
    from bot.client import JassBot


class History(JassPart):
    def __init__(self, bot: JassBot) -> None:
        super().__init__(bot)
        self.reviews = Reviews(bot.service)
        self.replays = Replays(bot.service)

    @app_commands.command(name=command_text("jass.history.name"), description=command_text("jass.history.description"))
    async def history(self, interaction: discord.Interaction) -> None:
        table = await channel_table(self.bot, interaction)
        if table is None:
            return
        if await self.bot.challenges.sealed(table.table_id):
            # A try of an open challenge: its cards are everyone's cards until the close.
            await interaction.response.send_message(msg("ch.sealed", self.lang(interaction)), ephemeral=True)
            return
        events = await self.bot.service.events(table.table_id)
        data = history_jsonl(events).encode("utf-8")
        await interaction.response.send_message(
            msg("history.file", self.lang(interaction), id=table.table_id),
            file=discord.File(io.BytesIO(data), filename=f"jass-{table.table_id}.jsonl"),
            ephemeral=True,
        )

    @app_commands.command(name=command_text("jass.review.name"), description=command_text("jass.review.description"))
    @app_commands.rename(hand=command_text("jass.review.hand.name"))
    @app_commands.describe(hand=command_text("jass.review.hand.description"))
    async def review(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1, 1000] | None = None
    ) -> None:
        """The coach, privately: the asker's costliest decisions in a finished hand of this channel's table."""
        table = await channel_table(self.bot, interaction)
        if table is None:
            return
        lang = self.lang(interaction)
        if await self.bot.challenges.sealed(table.table_id):
            await interaction.response.send_message(msg("ch.sealed", lang), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            result = await self.reviews.review(table.table_id, actor_of(interaction.user), hand)
        except NotReviewable as err:
            await interaction.followup.send(msg(f"review.err.{err.code}", lang), ephemeral=True)
            return
        deck = await reader_deck(self.bot, table, interaction.user.id, lang)
        await interaction.followup.send(embed=review_embed(result, deck, lang), ephemeral=True)

    @app_commands.command(name=command_text("jass.replay.name"), description=command_text("jass.replay.description"))
    @app_commands.rename(hand=command_text("jass.review.hand.name"), table=command_text("jass.replay.table.name"))
    @app_commands.describe(hand=command_text("jass.review.hand.description"),
                           table=command_text("jass.replay.table.description"))  # fmt: skip
    async def replay(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1, 1000] | None = None,
        table: app_commands.Range[str, 1, 16] | None = None,
    ) -> None:  # fmt: skip
        """A finished hand step by step, in the channel, with ◀ ▶ ⏭ buttons."""
        lang = self.lang(interaction)
        if table is None:
            found = await channel_table(self.bot, interaction)
            if found is None:
                return
            table = found.table_id
        if await self.bot.challenges.sealed(table):
            await interaction.response.send_message(msg("ch.sealed", lang), ephemeral=True)
            return
        await self.show_replay(interaction, table, None, hand, 0, edit=False)

    async def click_replay(self, interaction: discord.Interaction, table_id: str, key: str, step: int) -> None:
        game, _, hand = key.partition(".")
        await self.show_replay(interaction, table_id, int(game), int(hand), step, edit=True)

    async def show_replay(self, interaction: discord.Interaction, table_id: str, game: int | None, hand: int | None,
                          step: int, edit: bool) -> None:  # fmt: skip
        """A replay's step as a message (a new one, or the clicked one edited); refused privately."""
        lang = self.lang(interaction)
        try:
            shown = await self.replays.step(table_id, actor_of(interaction.user), interaction.guild_id, game, hand,
                                            step)  # fmt: skip
            snapshot = await self.bot.service.table(table_id)
        except NotReplayable as err:
            await reply(interaction, msg(f"replay.err.{err.code}", lang))
            return
        except (UnknownTable, BrokenTable):
            await reply(interaction, msg("err.unknown_table", lang))
            return
        deck = self.bot.table_messages.table_deck(snapshot, lang)
        embed = replay_embed(shown, deck, lang, self.bot.table_messages.title(snapshot, lang))
        picture = replay_picture(shown, deck, lang)
        files = []
        if picture is not None:
            data = await self.bot.table_messages.renderer.table(picture)
            files.append(discord.File(io.BytesIO(data), filename=REPLAY_PNG))
        else:
            embed.set_image(url=None)
        view = as_view(replay_buttons(shown, lang))
        url = await self.bot.site.replay_url(interaction.guild_id, table_id, shown.game, shown.hand, shown.step)
        with_link(view, url, msg("web.link", lang))
        try:
            if edit:
                await interaction.response.edit_message(embed=embed, view=view, attachments=files)
            else:
                await interaction.response.send_message(embed=embed, view=view, files=files)
        finally:
            release(view)


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    if not isinstance(bot, JassBot):
        raise TypeError("this cog runs in a JassBot")
    await bot.add_cog(History(bot))
