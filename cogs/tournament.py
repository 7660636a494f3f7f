"""``/tournament``: an Einzelschieber or Partnerschieber in a channel: sign-up, the draw, a
thread per table, standings, the organiser's tools.

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

from bot.game import SYSTEM
from bot.rules import PRESETS, RuleSet
from bot.rules.kinds import formats, kind_for_format
from bot.rules.overrides import parse_overrides
from bot.rules.ruleset import RuleSetError
from bot.services.tournaments import TournamentService
from bot.texts import MESSAGES, command_text, language_of
from bot.texts import message as msg
from bot.tournament.aggregate import Tournament
from bot.tournament.errors import TournamentError
from bot.tournament.standings import Counting, Standing

from . import rest
from .buttons import belongs_here, refuse_foreign, with_link
from .common import LEVEL_CHOICES, actor_of, is_manager, may_organise

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)


def format_name(format: str, lang: str) -> str:
    """A tournament format's name: its own text (``tour.format.<format>``), else the title of the kind it plays."""
    key = f"tour.format.{format}"
    return msg(key, lang) if key in MESSAGES else kind_for_format(format).title(lang)


COUNTING_CHOICES = [
    app_commands.Choice(name="all", value="all"),
    app_commands.Choice(name="drop_worst", value="drop_worst"),
]
NEXT_CHOICES = [
    app_commands.Choice(name="at once / sofort", value="auto"),
    app_commands.Choice(name="organiser / Organisator", value="organiser"),
]
FILL_CHOICES = [
    app_commands.Choice(name="computers / Computer", value="computers"),
    app_commands.Choice(name="byes / Freilose", value="byes"),
]
UNKNOWN_CHANNEL = 10003  # Discord's error code for a channel that no longer exists
STANDINGS_SHOWN = 10


def passe_points_text(s: Standing) -> str:
    """Points per Passe, the ones that do not count struck through: ``180 · ~~90~~ · 232``."""
    return " · ".join(str(p) if i in s.counted else f"~~{p}~~" for i, p in enumerate(s.passen))


class Tournaments(commands.Cog):
    def __init__(self, bot: JassBot, service: TournamentService) -> None:
        self.bot = bot
        self.service = service
        service.listen(
            tables_opened=self.tables_opened,
            passe_done=self.passe_done,
            passe_over=self.close_threads,
            passe_waiting=self.passe_waiting,
            passe_break=self.passe_break,
            start_failed=self.start_failed,
        )
        service.listen(tables_opened=self.refresh_on_start, first=True)

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
    @app_commands.rename(
        name=command_text("tournament.create.title.name"),
        format=command_text("tournament.create.format.name"),
        passen=command_text("tournament.create.passen.name"),
        hands=command_text("tournament.create.hands.name"),
        counting=command_text("tournament.create.counting.name"),
        preset=command_text("tournament.create.preset.name"),
        rules=command_text("tournament.create.rules.name"),
        level=command_text("tournament.create.level.name"),
        turn_timer=command_text("tournament.create.timer.name"),
        max_players=command_text("tournament.create.max.name"),
        check_in=command_text("tournament.create.checkin.name"),
        next_passe=command_text("tournament.create.next.name"),
        break_minutes=command_text("tournament.create.break.name"),
        late_entry=command_text("tournament.create.late.name"),
        fill=command_text("tournament.create.fill.name"),
        start_in=command_text("tournament.create.start.name"),
    )
    @app_commands.describe(
        name=command_text("tournament.create.title.description"),
        format=command_text("tournament.create.format.description"),
        passen=command_text("tournament.create.passen.description"),
        hands=command_text("tournament.create.hands.description"),
        counting=command_text("tournament.create.counting.description"),
        preset=command_text("tournament.create.preset.description"),
        rules=command_text("tournament.create.rules.description"),
        level=command_text("tournament.create.level.description"),
        turn_timer=command_text("tournament.create.timer.description"),
        max_players=command_text("tournament.create.max.description"),
        check_in=command_text("tournament.create.checkin.description"),
        next_passe=command_text("tournament.create.next.description"),
        break_minutes=command_text("tournament.create.break.description"),
        late_entry=command_text("tournament.create.late.description"),
        fill=command_text("tournament.create.fill.description"),
        start_in=command_text("tournament.create.start.description"),
    )
    @app_commands.choices(
        counting=COUNTING_CHOICES, level=LEVEL_CHOICES, next_passe=NEXT_CHOICES,
        fill=FILL_CHOICES, preset=[app_commands.Choice(name=p, value=p) for p in PRESETS],
    )  # fmt: skip
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        format: str | None = None,
        passen: app_commands.Range[int, 1, 12] = 4,
        hands: app_commands.Range[int, 1, 48] = 12,
        counting: str = "all",
        preset: str = "tournament",
        rules: app_commands.Range[str, 0, 300] = "",
        level: str | None = None,
        turn_timer: app_commands.Range[int, 0, 3600] | None = None,
        max_players: app_commands.Range[int, 0, 512] = 0,
        check_in: bool = False,
        next_passe: str = "auto",
        break_minutes: app_commands.Range[int, 0, 120] = 0,
        late_entry: app_commands.Range[int, 0, 12] = 0,
        fill: str = "computers",
        start_in: app_commands.Range[int, 0, 10080] = 0,
    ) -> None:
        lang = self.lang(interaction)
        if not await self.may_organise(interaction):
            await interaction.response.send_message(msg("tour.err.NOT_MANAGER", lang), ephemeral=True)
            return
        # A format of a game of individuals plays its kind's rules (a Schieber preset does not apply).
        format = format if format in formats() else formats()[0]
        kind = kind_for_format(format)
        table_rules = dict(kind.keys) if kind.individual else {"preset": preset}
        try:
            overrides = parse_overrides(rules)
            RuleSet.from_dict({**table_rules, **overrides})
        except RuleSetError as err:
            reason = str(err).split(": ", 1)[-1][:200]
            await interaction.response.send_message(msg("tour.bad_rules", lang, part=err.key, reason=reason),
                                                    ephemeral=True)  # fmt: skip
            return
        try:
            t = await self.service.create(
                actor_of(interaction.user), name, passen, hands,
                format=format,
                rules={**table_rules, **overrides},
                counting=Counting("drop_worst" if counting == "drop_worst" else "all"), max_players=max_players,
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, level=level,
                turn_timer=None if turn_timer is None else float(turn_timer), check_in=check_in,
                manual_next=next_passe == "organiser", late_entry=late_entry, byes=fill == "byes",
                starts_at=self.service.wall() + start_in * 60 if start_in else None, break_minutes=break_minutes,
            )  # fmt: skip
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        await interaction.response.send_message(msg("tour.created", lang, name=name), ephemeral=True)
        if interaction.channel_id is not None:
            message_id = await rest.post_message(self.bot.http, interaction.channel_id, self.signup_payload(t))
            await self.service.set_message(t.tournament_id, message_id)

    async def may_organise(self, interaction: discord.Interaction) -> bool:
        """Server managers, and members with the server's organiser role."""
        return await may_organise(self.bot, interaction)

    @staticmethod
    def is_manager(interaction: discord.Interaction) -> bool:
        return is_manager(interaction)

    @tournament.command(
        name=command_text("tournament.role.name"), description=command_text("tournament.role.description")
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(role=command_text("tournament.role.role.name"))
    @app_commands.describe(role=command_text("tournament.role.role.description"))
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        lang = self.lang(interaction)
        if not self.is_manager(interaction) or interaction.guild_id is None:
            await interaction.response.send_message(msg("tour.err.NOT_MANAGER", lang), ephemeral=True)
            return
        await self.service.set_organiser_role(interaction.guild_id, role.id if role else 0)
        text = msg("tour.role_set", lang, role=role.id) if role else msg("tour.role_cleared", lang)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(
        name=command_text("tournament.join.name"), description=command_text("tournament.join.description")
    )
    @app_commands.rename(partner=command_text("tournament.join.partner.name"))
    @app_commands.describe(partner=command_text("tournament.join.partner.description"))
    async def join(self, interaction: discord.Interaction, partner: discord.Member | None = None) -> None:
        t = await self.channel_tournament(interaction)
        if t is None:
            return
        if partner is None:
            await self.click(interaction, t.tournament_id, "join")
            return
        lang = self.lang(interaction)
        me, name = actor_of(interaction.user), interaction.user.display_name[:32]
        try:
            t = await self.service.propose(t.tournament_id, me, name, actor_of(partner), partner.display_name[:32])
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        if me in t.partner:
            text = msg("tour.paired", lang, a=t.names[t.partner[me]], b=name)
        elif me in t.waitlist:
            text = msg("tour.waitlisted", lang, name=t.name, n=t.waitlist.index(me) + 1)
        else:
            text = msg("tour.proposed", lang, partner=partner.display_name)
            await self.ask_partner(t, interaction.user, partner)
        await interaction.response.send_message(text, ephemeral=True)
        await self.refresh_signup(t)

    async def ask_partner(self, t: Tournament, who: discord.abc.User, partner: discord.abc.User) -> None:
        """A message in the tournament's channel that pings the partner, with a Confirm button."""
        _, channel_id, _ = await self.service.where(t.tournament_id)
        if not channel_id:
            return
        lang = self.public_lang
        button = {"type": 2, "style": 3, "label": msg("tour.btn.partner", lang),
                  "custom_id": f"jass:{t.tournament_id}:0:tpartner"}  # fmt: skip
        await rest.post_message(self.bot.http, channel_id, {
            "content": msg("tour.ask_partner", lang, partner=f"<@{partner.id}>", who=who.display_name, name=t.name),
            "components": [{"type": 1, "components": [button]}],
            "allowed_mentions": {"users": [partner.id]},
        })  # fmt: skip

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
            t = await self.service.start(t.tournament_id, actor_of(interaction.user), self.is_manager(interaction))
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
        url = await self.bot.site.tournament_url(interaction.guild_id, t.tournament_id)
        view = with_link(None, url, msg("web.link", lang))
        if view is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @tournament.command(
        name=command_text("tournament.cancel.name"), description=command_text("tournament.cancel.description")
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction)
        if t is None:
            return
        try:
            t = await self.service.cancel(t.tournament_id, actor_of(interaction.user), self.is_manager(interaction))
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
            t = await self.service.drop(t.tournament_id, actor_of(interaction.user), actor_of(player),
                                        self.is_manager(interaction))  # fmt: skip
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
        if t.seed and t.phase != "signup":  # public from the start on: anyone can check the draw and the deals
            text += "\n" + msg("tour.seed_line", lang, seed=t.seed, commitment=t.seed_commitment)
        await interaction.response.send_message(text, ephemeral=True)

    @tournament.command(
        name=command_text("tournament.pause.name"), description=command_text("tournament.pause.description")
    )
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.organiser_action(interaction, "pause", "tour.paused")

    @tournament.command(
        name=command_text("tournament.resume.name"), description=command_text("tournament.resume.description")
    )
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.organiser_action(interaction, "resume", "tour.resumed")

    @tournament.command(
        name=command_text("tournament.next.name"), description=command_text("tournament.next.description")
    )
    async def next_cmd(self, interaction: discord.Interaction) -> None:
        await self.organiser_action(interaction, "next_passe", "tour.next_opened")

    async def organiser_action(self, interaction: discord.Interaction, action: str, said: str,
                               tournament_id: str | None = None) -> None:  # fmt: skip
        """Pause, resume or the next Passe, by command or button: the organiser (or a manager) only."""
        lang = self.lang(interaction)
        if tournament_id is None:
            t = await self.channel_tournament(interaction)
            if t is None:
                return
            tournament_id = t.tournament_id
        await interaction.response.defer(ephemeral=True, thinking=True)  # a new Passe opens its tables
        try:
            t = await getattr(self.service, action)(tournament_id, actor_of(interaction.user),
                                                    self.is_manager(interaction))  # fmt: skip
        except TournamentError as err:
            await interaction.followup.send(self.refusal(err, lang), ephemeral=True)
            return
        await interaction.followup.send(msg(said, lang, name=t.name, passe=len(t.draws)), ephemeral=True)

    @tournament.command(
        name=command_text("tournament.replace.name"), description=command_text("tournament.replace.description")
    )
    @app_commands.rename(
        player=command_text("tournament.replace.old.name"), by=command_text("tournament.replace.new.name")
    )
    @app_commands.describe(
        player=command_text("tournament.replace.old.description"), by=command_text("tournament.replace.new.description")
    )
    async def replace(self, interaction: discord.Interaction, player: discord.Member, by: discord.Member) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction)
        if t is None:
            return
        try:
            t = await self.service.replace(
                t.tournament_id, actor_of(interaction.user), actor_of(player), actor_of(by), by.display_name[:32],
                self.is_manager(interaction),
            )  # fmt: skip
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        text = msg("tour.replaced", lang, new=by.display_name, old=player.display_name, passe=len(t.draws) + 1)
        await interaction.response.send_message(text, ephemeral=True)
        await self.refresh_signup(t)

    @tournament.command(
        name=command_text("tournament.standin.name"), description=command_text("tournament.standin.description")
    )
    @app_commands.rename(player=command_text("tournament.drop.player.name"))
    @app_commands.describe(player=command_text("tournament.drop.player.description"))
    async def standin(self, interaction: discord.Interaction, player: discord.Member) -> None:
        lang = self.lang(interaction)
        t = await self.channel_tournament(interaction)
        if t is None:
            return
        if actor_of(interaction.user) != t.organiser and not self.is_manager(interaction):
            await interaction.response.send_message(msg("tour.err.NOT_ORGANISER", lang), ephemeral=True)
            return
        if await self.service.stand_in(t.tournament_id, actor_of(player)):
            text = msg("tour.standin", lang, who=player.display_name)
        else:
            text = msg("tour.no_table", lang, who=player.display_name)
        await interaction.response.send_message(text, ephemeral=True)

    async def channel_tournament(self, interaction: discord.Interaction, open_only: bool = True) -> Tournament | None:
        """The channel's open tournament (or, for looking up, its latest one); else said privately."""
        channel = interaction.channel_id
        found = await self.service.in_channel(channel, open_only) if channel else []
        parent = getattr(interaction.channel, "parent_id", None)  # asked in a table's thread
        if not found and parent:
            found = await self.service.in_channel(parent, open_only)
        if not found:
            await interaction.response.send_message(msg("tour.none", self.lang(interaction)), ephemeral=True)
            return None
        return found[0]

    # -- the sign-up message ----------------------------------------------------------

    async def click(self, interaction: discord.Interaction, tournament_id: str, action: str) -> None:
        """A button of the tournament: Join, Leave, Check in, Confirm partner, Next Passe (or the
        slash command that does the same, for the tournament of its channel or its table's thread)."""
        lang = self.lang(interaction)
        actor, name = actor_of(interaction.user), interaction.user.display_name[:32]
        guild_id, channel_id, signup_id = await self.service.where(tournament_id)
        on_signup = action in ("join", "leave", "checkin")  # the others sit on asks and standings of its channel
        by_command = interaction.type == discord.InteractionType.application_command  # found by its channel
        if not by_command and not belongs_here(interaction, guild_id, channel_id, signup_id if on_signup else None):
            await refuse_foreign(interaction)
            return
        if action == "next":
            await self.organiser_action(interaction, "next_passe", "tour.next_opened", tournament_id)
            return
        try:
            if action == "join":
                t = await self.service.join(tournament_id, actor, name)
            elif action == "leave":
                t = await self.service.leave(tournament_id, actor)
            elif action == "checkin":
                t = await self.service.check_in(tournament_id, actor)
            else:  # "partner"
                t = await self.service.confirm_partner(tournament_id, actor, name)
        except TournamentError as err:
            await self.refuse(interaction, err, lang)
            return
        if action == "join" and actor in t.waitlist:
            text = msg("tour.waitlisted", lang, name=t.name, n=t.waitlist.index(actor) + 1)
        elif action == "partner":
            text = msg("tour.paired", lang, a=t.names[t.partner[actor]], b=name)
        else:
            key = {"join": "tour.joined", "leave": "tour.left", "checkin": "tour.checked_in_you"}[action]
            text = msg(key, lang, name=t.name)
        await interaction.response.send_message(text, ephemeral=True)
        await self.refresh_signup(t)

    @create.autocomplete("format")
    async def format_autocomplete(self, interaction: discord.Interaction, current: str
                                  ) -> list[app_commands.Choice[str]]:  # fmt: skip
        """Every format a registered game kind plays, read now."""
        lang, typed = self.lang(interaction), current.casefold()
        named = [(format_name(f, lang), f) for f in formats()]
        return [app_commands.Choice(name=name[:100], value=f) for name, f in named
                if typed in name.casefold() or typed in f][:25]  # fmt: skip

    def signup_payload(self, t: Tournament) -> dict[str, Any]:
        lang = self.public_lang
        counting = msg("tour.counting.drop_worst", lang) if t.counting.kind == "drop_worst" else ""
        limit = f" / {t.max_players}" if t.max_players else ""
        fmt = format_name(t.format, lang)
        embed = discord.Embed(title=msg("tour.title", lang, name=t.name, format=fmt)[:256], colour=0x6A1B9A)
        about = f"tour.about.{t.format}" if f"tour.about.{t.format}" in MESSAGES else "tour.about"
        setup = self.service.setup_of(t.tournament_id)
        rules = setup.rules
        shown = ("preset", "hands_per_game", "game")
        overrides = ", ".join(f"{k}={v}" for k, v in rules.items() if k not in shown)
        timer = setup.turn_timer
        lines = [
            msg(about, lang, passen=t.passen, hands=t.hands_per_passe, counting=counting),
            msg("tour.rules_line", lang, preset=rules.get("preset") or rules.get("game", "tournament"),
                overrides=f" ({overrides})" if overrides else "", level=setup.level,
                timer=msg("tour.timer", lang, seconds=int(timer)) if timer else ""),
            *([msg("tour.options.check_in", lang)] if t.check_in else []),
            *([msg("tour.options.manual", lang)] if t.manual_next else []),
            *([msg("tour.options.break", lang, minutes=t.break_minutes)] if t.break_minutes else []),
            *([msg("tour.options.late", lang, passe=t.late_entry)] if t.late_entry else []),
            *([msg("tour.options.byes", lang)] if t.byes else []),
            *([msg("tour.options.starts", lang, at=int(starts))]
              if (starts := setup.starts_at) and t.phase == "signup" else []),
            msg("tour.seed_line", lang, seed=t.seed, commitment=t.seed_commitment) if t.seed and t.phase != "signup"
            else msg("tour.commitment", lang, commitment=t.seed_commitment),
            msg("tour.count", lang, n=len(t.entries), limit=limit)
            + (" · " + msg("tour.checked_in", lang, n=len(t.checked_in)) if t.check_in else "")
            + (" · " + msg("tour.waitlist", lang, n=len(t.waitlist)) if t.waitlist else ""),
        ]  # fmt: skip
        embed.description = "\n".join(lines)[:4000]
        if t.format == "pairs" and t.pairs:
            pairs = ", ".join(t.label(i) for i in range(len(t.pairs)))
            embed.add_field(name=msg("tour.pairs_field", lang), value=pairs[:1024], inline=False)
        elif t.format == "pairs":
            done, seen = [], set()
            for a in t.entries:
                if a in t.partner and a not in seen:
                    seen |= {a, t.partner[a]}
                    done.append(f"{t.names[a]} & {t.names[t.partner[a]]}")
            if done:
                embed.add_field(name=msg("tour.pairs_field", lang), value=", ".join(done)[:1024], inline=False)
            singles = ", ".join(t.names[a] for a in t.unpaired())
            if singles:
                embed.add_field(name=msg("tour.singles_field", lang), value=singles[:1024], inline=False)
        elif t.entries:
            names = ", ".join(t.names[a] + (" ✓" if a in t.checked_in else "") for a in t.entries)
            embed.add_field(name=msg("tour.players", lang), value=names[:1024], inline=False)
        open_ = t.phase == "signup"
        actions = [("join", 3), ("leave", 2)] + ([("checkin", 1)] if t.check_in else [])
        buttons = [
            {"type": 2, "style": style, "label": msg(f"tour.btn.{action}", lang), "disabled": not open_,
             "custom_id": f"jass:{t.tournament_id}:0:t{action}"}
            for action, style in actions
        ]  # fmt: skip
        return {"embeds": [embed.to_dict()], "components": [{"type": 1, "components": buttons}],
                "allowed_mentions": {"parse": []}}  # fmt: skip

    async def refresh_signup(self, t: Tournament) -> None:
        _, channel_id, message_id = await self.service.where(t.tournament_id)
        if channel_id and message_id:
            try:
                await rest.edit_message(self.bot.http, channel_id, message_id, self.signup_payload(t))
            except discord.HTTPException as err:
                await self.lost(t, channel_id, err)
                log.warning("tournament %s: sign-up message not updated: %s", t.tournament_id, err)

    async def lost(self, t: Tournament, channel_id: int, err: discord.HTTPException) -> bool:
        """The tournament's channel is gone (deleted): the tournament is called off, results kept."""
        if getattr(err, "code", None) != UNKNOWN_CHANNEL:
            return False
        await self.channel_gone(channel_id)
        return True

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left the server (with ``members_intent: on``): signed off, or dropped with a
        computer finishing their Passe; said in the tournament's channel."""
        actor = actor_of(payload.user)
        for t, what in await self.service.member_left(payload.guild_id, actor):
            if what == "left":
                await self.refresh_signup(t)
                continue
            _, channel_id, _ = await self.service.where(t.tournament_id)
            if channel_id:
                who = t.names.get(actor) or payload.user.name
                await self.post(t, channel_id, {"content": msg("tour.member_left", self.public_lang, who=who)})

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.channel_gone(channel.id)

    async def channel_gone(self, channel_id: int) -> None:
        """Every open tournament of a deleted channel is called off (by the system; results stay)."""
        for t in await self.service.in_channel(channel_id):
            try:
                await self.service.cancel(t.tournament_id, SYSTEM, privileged=True)
                log.warning("tournament %s: its channel %s is gone; called off", t.tournament_id, channel_id)
            except TournamentError:
                pass

    # -- what the service reports -----------------------------------------------------

    async def tables_opened(self, t: Tournament, passe: int, tables: dict[int, str]) -> None:
        """Each new table plays in its own thread of the tournament's channel."""
        guild_id, channel_id, _ = await self.service.where(t.tournament_id)
        if not channel_id:
            return
        screens = self.bot.table_messages
        server = await self.bot.service.server_settings(guild_id)
        lang = server.get("language") or self.public_lang
        for table_no, table_id in sorted(tables.items()):
            name = msg("tour.thread", lang, name=t.name, passe=passe + 1, table=table_no + 1)[:100]
            try:
                thread_id = await rest.create_thread(self.bot.http, channel_id, name)
            except discord.NotFound as err:
                if await self.lost(t, channel_id, err):
                    return
                raise
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
            await screens.set_up_display(table_id, server, label=name)  # the server's look; named as its thread
            await screens.post(await self.bot.service.table(table_id), thread_id)

    async def close_threads(self, t: Tournament, passe: int) -> None:
        """The Passe is over: its tables' threads are archived and locked (their last messages out first)."""
        _, channel_id, _ = await self.service.where(t.tournament_id)
        screens = self.bot.table_messages
        for (p, _table_no), table_id in (await self.service.table_ids(t.tournament_id)).items():
            if p != passe:
                continue
            thread_id, _ = await screens.where(table_id)
            if not thread_id or thread_id == channel_id:
                continue  # played in the channel itself (no permission for threads)
            await screens.summaries_sent(table_id)
            try:
                await self.bot.http.edit_channel(thread_id, archived=True, locked=True, reason="Passe over")
            except discord.Forbidden:  # locking needs "Manage Threads": archived at least
                try:
                    await self.bot.http.edit_channel(thread_id, archived=True, reason="Passe over")
                except discord.HTTPException as err:
                    log.warning("tournament %s: thread %s not archived: %s", t.tournament_id, thread_id, err)
            except discord.HTTPException as err:
                log.warning("tournament %s: thread %s not archived: %s", t.tournament_id, thread_id, err)

    async def passe_done(self, t: Tournament, passe: int) -> None:
        """Standings after each Passe; the final ones at the end."""
        _, channel_id, _ = await self.service.where(t.tournament_id)
        if channel_id:
            embed = self.standings_embed(t, self.public_lang, after=passe)
            await self.post(t, channel_id, {"embeds": [embed.to_dict()]})

    async def refresh_on_start(self, t: Tournament, passe: int, tables: dict[int, str]) -> None:
        """Passe 1 opened (also by the start time): the seed is shown to everybody in the channel
        (the sign-up showed its SHA-256), and the sign-up message closes its buttons."""
        if passe == 0:
            _, channel_id, _ = await self.service.where(t.tournament_id)
            if channel_id and t.seed:
                text = msg("tour.started_public", self.public_lang, name=t.name, seed=t.seed,
                           commitment=t.seed_commitment)  # fmt: skip
                await self.post(t, channel_id, {"content": text})
            await self.refresh_signup(t)

    async def start_failed(self, t: Tournament, err: TournamentError) -> None:
        """The start time came but the tournament cannot start: said in its channel."""
        _, channel_id, _ = await self.service.where(t.tournament_id)
        if channel_id:
            text = msg("tour.start_failed", self.public_lang, name=t.name, reason=self.refusal(err, self.public_lang))
            await self.post(t, channel_id, {"content": text})

    async def passe_waiting(self, t: Tournament, passe: int) -> None:
        """The Passe is over and the next waits for the organiser: standings and a Next Passe button."""
        _, channel_id, _ = await self.service.where(t.tournament_id)
        if not channel_id:
            return
        lang = self.public_lang
        embed = self.standings_embed(t, lang, after=passe)
        button = {"type": 2, "style": 1, "label": msg("tour.btn.next", lang),
                  "custom_id": f"jass:{t.tournament_id}:0:tnext"}  # fmt: skip
        await self.post(t, channel_id, {"content": msg("tour.waiting", lang, passe=passe + 1),
                                        "embeds": [embed.to_dict()],
                                        "components": [{"type": 1, "components": [button]}]})  # fmt: skip

    async def passe_break(self, t: Tournament, passe: int) -> None:
        """The Passe is over and the break begins: standings, when the next Passe comes, and a
        Next Passe button for the organiser who wants it earlier."""
        _, channel_id, _ = await self.service.where(t.tournament_id)
        if not channel_id or t.break_until is None:
            return
        lang = self.public_lang
        embed = self.standings_embed(t, lang, after=passe)
        button = {"type": 2, "style": 2, "label": msg("tour.btn.next", lang),
                  "custom_id": f"jass:{t.tournament_id}:0:tnext"}  # fmt: skip
        text = msg("tour.break", lang, passe=passe + 1, next=passe + 2, at=int(t.break_until))
        await self.post(t, channel_id, {"content": text, "embeds": [embed.to_dict()],
                                        "components": [{"type": 1, "components": [button]}]})  # fmt: skip

    async def post(self, t: Tournament, channel_id: int, payload: dict[str, Any]) -> None:
        try:
            await rest.post_message(self.bot.http, channel_id, {**payload, "allowed_mentions": {"parse": []}})
        except discord.HTTPException as err:
            if not await self.lost(t, channel_id, err):
                log.warning("tournament %s: message not posted: %s", t.tournament_id, err)

    def standings_embed(
        self, t: Tournament, lang: str, after: int | None = None, you: str | None = None
    ) -> discord.Embed:
        rows = t.standings()
        if t.phase == "finished":
            title = msg("tour.final", lang, name=t.name)
        else:
            title = msg("tour.standings", lang, passe=after + 1 if after is not None else t.passen_done())
        dropped = msg("tour.dropped_mark", lang)
        penalties = kind_for_format(t.format).lowest_wins
        line = "tour.line_differenzler" if penalties else "tour.line"
        lines = [
            msg(line, lang, rank=s.rank, name=t.label(s.player), total=s.total, exact=(s.tie_break or (0,))[0])
            + (msg("tour.per_passe", lang, points=passe_points_text(s)) if len(s.passen) > 1 else "")
            + (dropped if any(a in t.dropped for a in t.members(s.player)) else "")
            for s in rows[:STANDINGS_SHOWN]
        ]
        if any(len(s.counted) < len(s.passen) for s in rows):
            lines.append("\n" + msg("tour.struck", lang))
        embed = discord.Embed(title=title[:256], description="\n".join(lines)[:4000], colour=0x6A1B9A)
        mine = next((s for s in rows if you is not None and you in t.members(s.player)), None)
        tiebreak = msg("tour.tiebreak.differenzler" if penalties else "tour.tiebreak", lang)
        if mine is not None:
            embed.set_footer(text=msg("tour.you", lang, rank=mine.rank, n=len(rows)) + " · " + tiebreak)
        else:
            embed.set_footer(text=tiebreak)
        return embed

    # -- refusals ---------------------------------------------------------------------

    def refusal(self, err: TournamentError, lang: str) -> str:
        facts = {k: v for k, v in err.facts.items() if isinstance(v, str | int)}
        code: str = err.code
        if code == "IN_OTHER_TOURNAMENT" and not facts.get("who"):
            code = "IN_OTHER_TOURNAMENT_SELF"
        if "phase" in facts:
            facts["phase"] = msg(f"tour.state.{facts['phase']}", lang)
        try:
            return msg(f"tour.err.{code}", lang, **facts)
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

    if not isinstance(bot, JassBot):
        raise TypeError("the Tournaments cog runs in a JassBot")
    await bot.add_cog(Tournaments(bot, bot.tournaments))
