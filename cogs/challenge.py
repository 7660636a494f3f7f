"""``/challenge``: the asynchronous duplicate challenge in a channel.

The organiser opens it (a message with a Play button and the seed's SHA-256); each member plays
their try alone in a private thread of their own (only they and the server's moderators see
it), with the ordinary table message; the leaderboard ranks the scores; at the deadline the
service closes it and this cog posts the final leaderboard with the revealed seed (and the
message of the next one, for a repeating challenge).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.rules import PRESETS
from bot.services.challenges import ChallengeService
from bot.texts import command_text, language_of
from bot.texts import message as msg
from bot.tournament.challenge import Challenge
from bot.tournament.errors import TournamentError

from . import rest
from .buttons import belongs_here, refuse_foreign
from .common import LEVEL_CHOICES, actor_of, may_organise

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)
REPEAT_CHOICES = [
    app_commands.Choice(name="daily / täglich", value="daily"),
    app_commands.Choice(name="weekly / wöchentlich", value="weekly"),
]
SHOWN = 10

#: A challenge is Schieber: the Coiffeur presets are not offered.
SCHIEBER_PRESETS = [app_commands.Choice(name=p, value=p) for p in PRESETS if not p.startswith("coiffeur")]


class Challenges(commands.Cog):
    def __init__(self, bot: JassBot, service: ChallengeService) -> None:
        self.bot = bot
        self.service = service
        self._starting: set[tuple[str, str]] = set()  # (challenge, person) whose try is being opened
        service.listen(closed=self.challenge_closed)

    def lang(self, interaction: discord.Interaction) -> str:
        return language_of(str(interaction.locale), self.bot.settings.language)

    @property
    def public_lang(self) -> str:
        return self.bot.settings.language

    challenge = app_commands.Group(
        name=command_text("challenge.name"), description=command_text("challenge.description"), guild_only=True
    )

    @challenge.command(
        name=command_text("challenge.create.name"), description=command_text("challenge.create.description")
    )
    @app_commands.rename(
        name=command_text("challenge.create.title.name"),
        hands=command_text("challenge.create.hands.name"),
        level=command_text("challenge.create.level.name"),
        tries=command_text("challenge.create.tries.name"),
        hours=command_text("challenge.create.hours.name"),
        repeat=command_text("challenge.create.repeat.name"),
        preset=command_text("challenge.create.preset.name"),
    )
    @app_commands.describe(
        name=command_text("challenge.create.title.description"),
        hands=command_text("challenge.create.hands.description"),
        level=command_text("challenge.create.level.description"),
        tries=command_text("challenge.create.tries.description"),
        hours=command_text("challenge.create.hours.description"),
        repeat=command_text("challenge.create.repeat.description"),
        preset=command_text("challenge.create.preset.description"),
    )
    @app_commands.choices(
        level=LEVEL_CHOICES,
        repeat=REPEAT_CHOICES,
        preset=SCHIEBER_PRESETS,
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        hands: app_commands.Range[int, 1, 48] = 12,
        level: str = "club",
        tries: app_commands.Range[int, 1, 10] = 1,
        hours: app_commands.Range[int, 1, 720] = 24,
        repeat: str | None = None,
        preset: str = "tournament",
    ) -> None:
        lang = self.lang(interaction)
        if not await may_organise(self.bot, interaction):
            await interaction.response.send_message(msg("tour.err.NOT_MANAGER", lang), ephemeral=True)
            return
        try:
            c = await self.service.create(
                actor_of(interaction.user), name, hands, level=level, best_of=tries, hours=hours,
                repeat="weekly" if repeat == "weekly" else "daily" if repeat == "daily" else "",
                rules={"preset": preset}, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            )  # fmt: skip
        except TournamentError as err:
            await interaction.response.send_message(self.refusal(err, lang), ephemeral=True)
            return
        await interaction.response.send_message(msg("ch.created", lang, name=name), ephemeral=True)
        if interaction.channel_id is not None:
            await self.post_challenge(c, interaction.channel_id)

    async def post_challenge(self, c: Challenge, channel_id: int) -> None:
        message_id = await rest.post_message(self.bot.http, channel_id, self.challenge_payload(c))
        await self.service.set_message(c.challenge_id, message_id)

    def challenge_payload(self, c: Challenge) -> dict[str, Any]:
        lang = self.public_lang
        deadline = f"<t:{int(c.deadline)}:f> (<t:{int(c.deadline)}:R>)"
        lines = [
            msg("ch.about", lang, hands=c.hands, level=c.level, deadline=deadline),
            msg("ch.tries.1", lang) if c.best_of == 1 else msg("ch.tries.k", lang, k=c.best_of),
            *([msg(f"ch.repeat.{c.repeat}", lang)] if c.repeat else []),
            msg("ch.commitment", lang, commitment=c.seed_commitment),
            msg("ch.count", lang, n=len({t.actor for t in c.tries})),
        ]
        embed = discord.Embed(title=msg("ch.title", lang, name=c.name)[:256], description="\n".join(lines),
                              colour=0x00695C)  # fmt: skip
        button = {"type": 2, "style": 3, "label": msg("ch.btn.play", lang), "disabled": c.phase != "running",
                  "custom_id": f"jass:{c.challenge_id}:0:cplay"}  # fmt: skip
        return {"embeds": [embed.to_dict()], "components": [{"type": 1, "components": [button]}],
                "allowed_mentions": {"parse": []}}  # fmt: skip

    async def refresh(self, c: Challenge) -> None:
        _, channel_id, message_id = await self.service.where(c.challenge_id)
        if channel_id and message_id:
            try:
                await rest.edit_message(self.bot.http, channel_id, message_id, self.challenge_payload(c))
            except discord.HTTPException as err:
                log.warning("challenge %s: message not updated: %s", c.challenge_id, err)

    @challenge.command(name=command_text("challenge.play.name"), description=command_text("challenge.play.description"))
    async def play(self, interaction: discord.Interaction) -> None:
        c = await self.channel_challenge(interaction)
        if c is not None:
            await self.play_click(interaction, c.challenge_id)

    async def play_click(self, interaction: discord.Interaction, challenge_id: str) -> None:
        """A try: a private thread first (so that a missing permission changes nothing), then the table."""
        lang = self.lang(interaction)
        actor, who = actor_of(interaction.user), interaction.user.display_name[:32]
        if not belongs_here(interaction, *await self.service.where(challenge_id)):
            await refuse_foreign(interaction)
            return
        key = (challenge_id, actor)
        if key in self._starting:  # a double click: the first click's try is being opened
            await interaction.response.send_message(msg("ch.starting", lang), ephemeral=True)
            return
        self._starting.add(key)
        try:
            await self._play_click(interaction, challenge_id, actor, who, lang)
        finally:
            self._starting.discard(key)

    async def _play_click(self, interaction: discord.Interaction, challenge_id: str, actor: str, who: str,
                          lang: str) -> None:  # fmt: skip
        try:
            c = await self.service.get(challenge_id)
            c.check_try(actor, self.service.wall())  # refused before a thread is opened: nothing changes
        except TournamentError as err:
            await interaction.response.send_message(self.refusal(err, lang), ephemeral=True)
            return
        _, channel_id, _ = await self.service.where(challenge_id)
        if not channel_id:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        name = msg("ch.thread", self.public_lang, name=c.name, who=who)[:100]
        try:
            thread_id = await rest.create_thread(self.bot.http, channel_id, name, private=True)
            await rest.add_thread_member(self.bot.http, thread_id, interaction.user.id)
        except discord.Forbidden:
            await interaction.followup.send(msg("ch.no_thread", lang), ephemeral=True)
            return
        try:
            c, table_id = await self.service.play(challenge_id, actor, who)
        except TournamentError as err:
            await self.bot.http.delete_channel(thread_id, reason="challenge try refused")
            await interaction.followup.send(self.refusal(err, lang), ephemeral=True)
            return
        server = await self.bot.service.server_settings(interaction.guild_id)
        number = c.tries[-1].number
        intro = msg("ch.intro", server.get("language") or self.public_lang, who=f"<@{interaction.user.id}>",
                    name=c.name, n=number, hands=c.hands)  # fmt: skip
        await rest.post_message(self.bot.http, thread_id,
                                {"content": intro, "allowed_mentions": {"users": [interaction.user.id]}})  # fmt: skip
        await self.bot.table_messages.set_up_display(table_id, server, label=name)
        await self.bot.table_messages.post(await self.bot.service.table(table_id), thread_id)
        await interaction.followup.send(msg("ch.your_table", lang, thread=thread_id), ephemeral=True)
        await self.refresh(c)

    @challenge.command(
        name=command_text("challenge.leaderboard.name"), description=command_text("challenge.leaderboard.description")
    )
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        c = await self.channel_challenge(interaction, open_only=False)
        if c is None:
            return
        lang = self.lang(interaction)
        embed = self.leaderboard_embed(c, lang, you=actor_of(interaction.user))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def leaderboard_embed(self, c: Challenge, lang: str, you: str | None = None) -> discord.Embed:
        board = c.leaderboard()
        title = msg("ch.final" if c.phase == "finished" else "ch.leaderboard", lang, name=c.name)
        lines = [msg("ch.line", lang, rank=e.rank, name=c.names.get(e.actor, "?"), points=e.points)
                 for e in board[:SHOWN]]  # fmt: skip
        embed = discord.Embed(title=title[:256], description="\n".join(lines) or msg("ch.empty", lang),
                              colour=0x00695C)  # fmt: skip
        mine = next((e for e in board if e.actor == you), None)
        footer = []
        if mine is not None:
            footer.append(msg("ch.you", lang, rank=mine.rank, n=len(board)))
        if you is not None and c.phase == "running":
            footer.append(msg("ch.left", lang, n=c.tries_left(you)))
        if footer:
            embed.set_footer(text=" · ".join(footer))
        return embed

    @challenge.command(
        name=command_text("challenge.close.name"), description=command_text("challenge.close.description")
    )
    async def close(self, interaction: discord.Interaction) -> None:
        await self.organiser(interaction, "close")

    @challenge.command(
        name=command_text("challenge.cancel.name"), description=command_text("challenge.cancel.description")
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.organiser(interaction, "cancel")

    async def organiser(self, interaction: discord.Interaction, action: str) -> None:
        c = await self.channel_challenge(interaction)
        if c is None:
            return
        lang = self.lang(interaction)
        perms = getattr(interaction, "permissions", None)
        privileged = bool(perms and perms.manage_guild)
        try:
            c = await getattr(self.service, action)(c.challenge_id, actor_of(interaction.user), privileged)
        except TournamentError as err:
            await interaction.response.send_message(self.refusal(err, lang), ephemeral=True)
            return
        key = "ch.closed" if action == "close" else "ch.cancelled"
        await interaction.response.send_message(msg(key, lang, name=c.name), ephemeral=True)
        await self.refresh(c)

    async def channel_challenge(self, interaction: discord.Interaction, open_only: bool = True) -> Challenge | None:
        channel = interaction.channel_id
        found = await self.service.in_channel(channel, open_only) if channel else []
        if not found:
            await interaction.response.send_message(msg("ch.none", self.lang(interaction)), ephemeral=True)
            return None
        return found[0]

    async def challenge_closed(self, c: Challenge, following: Challenge | None) -> None:
        """At the close: the final leaderboard with the revealed seed; the next one's message."""
        _, channel_id, _ = await self.service.where(c.challenge_id)
        if not channel_id:
            return
        lang = self.public_lang
        await self.refresh(c)
        embed = self.leaderboard_embed(c, lang)
        text = msg("ch.revealed", lang, name=c.name, seed=c.seed, commitment=c.seed_commitment)
        try:
            await rest.post_message(self.bot.http, channel_id, {"content": text, "embeds": [embed.to_dict()],
                                                                "allowed_mentions": {"parse": []}})  # fmt: skip
            if following is not None:
                await self.post_challenge(following, channel_id)
        except discord.HTTPException as err:
            log.warning("challenge %s: closing message not posted: %s", c.challenge_id, err)

    def refusal(self, err: TournamentError, lang: str) -> str:
        facts = {k: v for k, v in err.facts.items() if isinstance(v, str | int)}
        for key in (f"ch.err.{err.code}", f"tour.err.{err.code}"):
            try:
                if "phase" in facts:
                    facts["phase"] = msg(f"ch.state.{facts['phase']}", lang)
                return msg(key, lang, **facts)
            except (KeyError, IndexError):
                continue
        return msg("tour.err.OTHER", lang)


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    if not isinstance(bot, JassBot):
        raise TypeError("the Challenges cog runs in a JassBot")
    await bot.add_cog(Challenges(bot, bot.challenges))
