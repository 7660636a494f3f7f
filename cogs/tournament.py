"""``/tournament``: an Einzelschieber in a channel: sign-up, the draw, a thread per table, standings.

The cog only translates: commands and clicks become calls of the tournament service
(``bot/services/tournaments.py``), and what the service reports (tables opened, a Passe over)
becomes messages. Each table of a Passe plays in its own thread of the tournament's channel,
with the ordinary table message (``cogs/table_messages.py``) and its players mentioned.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.tournaments import TournamentService
from bot.texts import command_text, language_of
from bot.texts import message as msg
from bot.tournament.aggregate import Tournament, TournamentError
from bot.tournament.standings import Counting

from . import rest

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)

COUNTING_CHOICES = [
    app_commands.Choice(name="all", value="all"),
    app_commands.Choice(name="drop_worst", value="drop_worst"),
]
STANDINGS_SHOWN = 10


def actor_of(user: discord.abc.User) -> str:
    return f"u:{user.id}"


class Tournaments(commands.Cog):
    def __init__(self, bot: JassBot, service: TournamentService) -> None:
        self.bot = bot
        self.service = service
        service.tables_opened.append(self.tables_opened)
        service.passe_done.append(self.passe_done)

    def lang(self, interaction: discord.Interaction) -> str:
        return language_of(str(interaction.locale), self.bot.settings.language)

    @property
    def public_lang(self) -> str:
        return self.bot.settings.language

    # -- commands -------------------------------------------------------------------

    tournament = app_commands.Group(
        name=command_text("tournament.name"), description=command_text("tournament.description"), guild_only=True
    )

    @tournament.command(
        name=command_text("tournament.create.name"), description=command_text("tournament.create.description")
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(
        name=command_text("tournament.create.title.name"),
        passen=command_text("tournament.create.passen.name"),
        hands=command_text("tournament.create.hands.name"),
        counting=command_text("tournament.create.counting.name"),
        max_players=command_text("tournament.create.max.name"),
    )
    @app_commands.describe(
        name=command_text("tournament.create.title.description"),
        passen=command_text("tournament.create.passen.description"),
        hands=command_text("tournament.create.hands.description"),
        counting=command_text("tournament.create.counting.description"),
        max_players=command_text("tournament.create.max.description"),
    )
    @app_commands.choices(counting=COUNTING_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        passen: app_commands.Range[int, 1, 12] = 4,
        hands: app_commands.Range[int, 1, 48] = 12,
        counting: str = "all",
        max_players: app_commands.Range[int, 0, 512] = 0,
    ) -> None:
        lang = self.lang(interaction)
        perms = getattr(interaction, "permissions", None)
        if not (perms and perms.manage_guild):
            await interaction.response.send_message(msg("tour.err.NOT_MANAGER", lang), ephemeral=True)
            return
        try:
            t = await self.service.create(
                actor_of(interaction.user), name, passen, hands,
                counting=Counting("drop_worst" if counting == "drop_worst" else "all"), max_players=max_players,
                guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            )  # fmt: skip
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        await interaction.response.send_message(msg("tour.created", lang, name=name), ephemeral=True)
        if interaction.channel_id is not None:
            message_id = await rest.post_message(self.bot.http, interaction.channel_id, self.signup_payload(t))
            await self.service.store.set_message(t.tournament_id, message_id)

    @tournament.command(
        name=command_text("tournament.start.name"), description=command_text("tournament.start.description")
    )
    async def start(self, interaction: discord.Interaction) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction)
        if t is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # opening the tables takes a moment
        try:
            t = await self.service.start(t.tournament_id, actor_of(interaction.user))
        except TournamentError as err:
            await interaction.followup.send(self.refusal(err, lang), ephemeral=True)
            return
        await interaction.followup.send(msg("tour.started", lang, name=t.name, seed=t.seed), ephemeral=True)
        await self.refresh_signup(t)

    @tournament.command(
        name=command_text("tournament.standings.name"), description=command_text("tournament.standings.description")
    )
    async def standings_cmd(self, interaction: discord.Interaction) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction, open_only=False)
        if t is None:
            return
        if t.phase == "signup":
            await interaction.response.send_message(msg("tour.not_started", lang), ephemeral=True)
            return
        embed = self.standings_embed(t, lang, you=actor_of(interaction.user))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @tournament.command(
        name=command_text("tournament.cancel.name"), description=command_text("tournament.cancel.description")
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction)
        if t is None:
            return
        try:
            t = await self.service.cancel(t.tournament_id, actor_of(interaction.user))
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        await interaction.response.send_message(msg("tour.cancelled", lang, name=t.name), ephemeral=True)
        await self.refresh_signup(t)

    @tournament.command(
        name=command_text("tournament.drop.name"), description=command_text("tournament.drop.description")
    )
    @app_commands.rename(player=command_text("tournament.drop.player.name"))
    @app_commands.describe(player=command_text("tournament.drop.player.description"))
    async def drop(self, interaction: discord.Interaction, player: discord.Member) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction)
        if t is None:
            return
        try:
            t = await self.service.drop(t.tournament_id, actor_of(interaction.user), actor_of(player))
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        text = msg("tour.dropped", lang, who=player.display_name, passe=len(t.draws) + 1)
        await interaction.response.send_message(text, ephemeral=True)

    @tournament.command(
        name=command_text("tournament.export.name"), description=command_text("tournament.export.description")
    )
    async def export(self, interaction: discord.Interaction) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction, open_only=False)
        if t is None:
            return
        data = (await self.service.export_csv(t.tournament_id)).encode("utf-8")
        await interaction.response.send_message(
            msg("tour.export", lang, name=t.name),
            file=discord.File(io.BytesIO(data), filename=f"turnier-{t.tournament_id}.csv"),
            ephemeral=True,
        )

    @tournament.command(
        name=command_text("tournament.info.name"), description=command_text("tournament.info.description")
    )
    async def info(self, interaction: discord.Interaction) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction, open_only=False)
        if t is None:
            return
        text = msg("tour.info", lang, name=t.name, phase=msg(f"tour.phase.{t.phase}", lang), n=len(t.entries),
                   passe=max(1, len(t.draws)), passen=t.passen)  # fmt: skip
        await interaction.response.send_message(text, ephemeral=True)

    async def channel_tournament(self, interaction: discord.Interaction, open_only: bool = True) -> Tournament | None:
        """The channel's open tournament (or, for looking up, its latest one); else said privately."""
        channel = interaction.channel_id
        found = await self.service.in_channel(channel, open_only) if channel else []
        if not found:
            await interaction.response.send_message(msg("tour.none", self.lang(interaction)), ephemeral=True)
            return None
        return found[0]

    # -- the sign-up message ----------------------------------------------------------

    async def click(self, interaction: discord.Interaction, tournament_id: str, action: str) -> None:
        """Join or Leave on the sign-up message."""
        lang = self.lang(interaction)
        actor = actor_of(interaction.user)
        try:
            if action == "join":
                t = await self.service.join(tournament_id, actor, interaction.user.display_name[:32])
            else:
                t = await self.service.leave(tournament_id, actor)
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        await interaction.response.send_message(msg(f"tour.{'joined' if action == 'join' else 'left'}", lang,
                                                    name=t.name), ephemeral=True)  # fmt: skip
        await self.refresh_signup(t)

    def signup_payload(self, t: Tournament) -> dict[str, Any]:
        lang = self.public_lang
        counting = msg("tour.counting.drop_worst", lang) if t.counting.kind == "drop_worst" else ""
        limit = f" / {t.max_players}" if t.max_players else ""
        embed = discord.Embed(title=msg("tour.title", lang, name=t.name), colour=0x6A1B9A)
        embed.description = "\n".join((
            msg("tour.about", lang, passen=t.passen, hands=t.hands_per_passe, counting=counting),
            msg("tour.commitment", lang, commitment=t.seed_commitment),
            msg("tour.count", lang, n=len(t.entries), limit=limit),
        ))  # fmt: skip
        if t.entries:
            names = ", ".join(t.names[a] for a in t.entries)
            embed.add_field(name=msg("tour.players", lang), value=names[:1024], inline=False)
        open_ = t.phase == "signup"
        buttons = [
            {"type": 2, "style": style, "label": msg(f"tour.btn.{action}", lang), "disabled": not open_,
             "custom_id": f"jass:{t.tournament_id}:0:t{action}"}
            for action, style in (("join", 3), ("leave", 2))
        ]  # fmt: skip
        return {"embeds": [embed.to_dict()], "components": [{"type": 1, "components": buttons}],
                "allowed_mentions": {"parse": []}}  # fmt: skip

    async def refresh_signup(self, t: Tournament) -> None:
        _, channel_id, message_id = await self.service.store.where(t.tournament_id)
        if channel_id and message_id:
            try:
                await rest.edit_message(self.bot.http, channel_id, message_id, self.signup_payload(t))
            except discord.HTTPException as err:
                log.warning("tournament %s: sign-up message not updated: %s", t.tournament_id, err)

    # -- what the service reports -----------------------------------------------------

    async def tables_opened(self, t: Tournament, passe: int, tables: dict[int, str]) -> None:
        """Each new table plays in its own thread of the tournament's channel."""
        guild_id, channel_id, _ = await self.service.store.where(t.tournament_id)
        jass: Any = self.bot.get_cog("Jass")
        if not channel_id or jass is None:
            return
        server = await jass.server_settings(guild_id)
        lang = server.get("language") or self.public_lang
        for table_no, table_id in sorted(tables.items()):
            name = msg("tour.thread", lang, name=t.name, passe=passe + 1, table=table_no + 1)[:100]
            try:
                thread_id = await rest.create_thread(self.bot.http, channel_id, name)
            except discord.Forbidden:
                log.warning("tournament %s: no permission to open threads in %s", t.tournament_id, channel_id)
                await self.bot.get_partial_messageable(channel_id).send(msg("tour.no_thread", lang))
                thread_id = channel_id  # played in the channel itself, so the tournament goes on
            people = [a for a in t.table_actors(passe, table_no) if a is not None]
            mentions = " ".join(f"<@{a[2:]}>" for a in people)
            intro = msg("tour.table_intro", lang, people=mentions, passe=passe + 1, table=table_no + 1,
                        hands=t.hands_per_passe)  # fmt: skip
            allowed = {"users": [int(a[2:]) for a in people]}
            await rest.post_message(self.bot.http, thread_id, {"content": intro, "allowed_mentions": allowed})
            await jass.set_up_display(table_id, server)  # the server's look, as at any table
            await jass.messages.post(await jass.service.get(table_id), thread_id)

    async def passe_done(self, t: Tournament, passe: int) -> None:
        """Standings after each Passe; the final ones at the end."""
        _, channel_id, _ = await self.service.store.where(t.tournament_id)
        if channel_id:
            embed = self.standings_embed(t, self.public_lang, after=passe)
            await self.bot.get_partial_messageable(channel_id).send(embed=embed)

    def standings_embed(
        self, t: Tournament, lang: str, after: int | None = None, you: str | None = None
    ) -> discord.Embed:
        rows = t.standings()
        if t.phase == "finished":
            title = msg("tour.final", lang, name=t.name)
        else:
            title = msg("tour.standings", lang, passe=after + 1 if after is not None else t.passen_done())
        lines = [msg("tour.line", lang, rank=s.rank, name=t.names.get(t.entries[s.player], "?"), total=s.total)
                 for s in rows[:STANDINGS_SHOWN]]  # fmt: skip
        embed = discord.Embed(title=title[:256], description="\n".join(lines)[:4000], colour=0x6A1B9A)
        if you is not None and you in t.entries:
            mine = next(s for s in rows if t.entries[s.player] == you)
            embed.set_footer(
                text=msg("tour.you", lang, rank=mine.rank, n=len(rows)) + " · " + msg("tour.tiebreak", lang)
            )
        else:
            embed.set_footer(text=msg("tour.tiebreak", lang))
        return embed

    # -- refusals ---------------------------------------------------------------------

    def refusal(self, err: TournamentError, lang: str) -> str:
        facts = {k: v for k, v in err.facts.items() if isinstance(v, str | int)}
        if "phase" in facts:
            facts["phase"] = msg(f"tour.phase.{facts['phase']}", lang)
        try:
            return msg(f"tour.err.{err.code}", lang, **facts)
        except (KeyError, IndexError):
            return msg("tour.err.OTHER", lang)

    async def refuse(self, interaction: discord.Interaction, err: TournamentError, lang: str) -> None:
        text = self.refusal(err, lang)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    if not isinstance(bot, JassBot) or bot.tournaments is None:
        raise TypeError("the Tournaments cog runs in a JassBot with its tournament service")
    await bot.add_cog(Tournaments(bot, bot.tournaments))
