"""``/jass``: tables in a channel — lobby, public table message, private hands as buttons.

The cog only translates: an interaction becomes a service command, the service's events
become message edits.  Game rules and table flow live in ``bot/game``; SQL in ``bot/storage``.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import MultipartParameters

from bot.game import (
    Abandon,
    AddComputer,
    AnnounceStoeck,
    Bedanken,
    ChooseContract,
    GameError,
    JoinSeat,
    LeaveSeat,
    PlayCard,
    Schieben,
    StartGame,
    Table,
)
from bot.game.export import history_jsonl
from bot.i18n import language_of
from bot.i18n import message as msg
from bot.rules import PRESETS, Card, Contract
from bot.services import TableService, UnknownTable, new_seed

from .ui import (
    as_view,
    components_payload,
    contract_label,
    hand_buttons,
    hand_text,
    release,
    table_buttons,
    table_embed,
    team_name,
)

log = logging.getLogger(__name__)
EDIT_INTERVAL = 1.0  # seconds: at most one edit of a table message per table per second


def actor_of(user: discord.abc.User) -> str:
    return f"u:{user.id}"


class Jass(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.service: TableService = bot.service
        self.edit_interval = EDIT_INTERVAL
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._last_edit: dict[str, float] = {}
        self._last_payload: dict[str, dict] = {}  # table -> last edit sent (skip identical edits)
        self._languages: dict[str, str] = {}
        self._where: dict[str, tuple[int, int | None]] = {}  # table -> (channel id, table message id)
        self.service.subscribe(self.on_events)

    def lang(self, interaction: discord.Interaction) -> str:
        return language_of(str(interaction.locale), getattr(self.bot.settings, "language", "de"))

    def table_lang(self, table: Table) -> str:
        """Language of a table's public messages: the server's setting when the table was opened."""
        return self._languages.get(table.table_id, getattr(self.bot.settings, "language", "de"))

    async def load_language(self, table_id: str) -> None:
        await self.where(table_id)

    # -- commands -------------------------------------------------------------------

    jass = app_commands.Group(name=app_commands.locale_str("jass", key="jass.name"),
                              description=app_commands.locale_str("Play Schieber", key="jass.description"),
                              guild_only=True)

    @jass.command(name=app_commands.locale_str("new", key="jass.new.name"),
                  description=app_commands.locale_str("Open a new table", key="jass.new.description"))
    @app_commands.rename(preset=app_commands.locale_str("preset", key="jass.new.preset.name"),
                         target=app_commands.locale_str("target", key="jass.new.target.name"),
                         computer_players=app_commands.locale_str("computer_players", key="jass.new.computers.name"))
    @app_commands.choices(preset=[app_commands.Choice(name=p, value=p) for p in PRESETS])
    async def new(self, interaction: discord.Interaction, preset: str | None = None,
                  target: app_commands.Range[int, 100, 100000] | None = None,
                  computer_players: app_commands.Range[int, 0, 3] = 0) -> None:
        lang = self.lang(interaction)
        settings = self.bot.settings
        server = await self.service.storage.guild_settings(interaction.guild_id) if interaction.guild_id else {}
        preset = preset or server.get("preset")
        rules = {"preset": preset} if preset else {**settings.rules.to_dict()}
        target = target or server.get("target")
        if target is not None:
            rules["target"] = target
        actor = actor_of(interaction.user)
        try:
            table = await self.service.create_table(actor, rules, guild_id=interaction.guild_id,
                                                    channel_id=interaction.channel_id)
            tid = table.table_id
            await self.service.execute(tid, JoinSeat(actor, name=interaction.user.display_name[:32], seat=0))
            for _ in range(computer_players):
                await self.service.execute(tid, AddComputer(actor, level=settings.computer_level))
        except GameError as err:
            await self.refuse(interaction, err, lang)
            return
        table_lang = server.get("language") or settings.language
        self._languages[tid] = table_lang
        await self.service.storage.set_table_language(tid, table_lang)
        await interaction.response.send_message(msg("table.created", lang, id=tid), ephemeral=True)
        await self.post_table(self.service.tables[tid], interaction.channel)

    @jass.command(name=app_commands.locale_str("join", key="jass.join.name"),
                  description=app_commands.locale_str("Sit down at the table", key="jass.join.description"))
    async def join(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is not None:
            command = JoinSeat(actor_of(interaction.user), name=interaction.user.display_name[:32])
            await self.run(interaction, table.table_id, command, reply=True)

    @jass.command(name=app_commands.locale_str("leave", key="jass.leave.name"),
                  description=app_commands.locale_str("Leave your seat", key="jass.leave.description"))
    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is not None:
            await self.run(interaction, table.table_id, LeaveSeat(actor_of(interaction.user)), reply=True)

    @jass.command(name=app_commands.locale_str("start", key="jass.start.name"),
                  description=app_commands.locale_str("Start the game", key="jass.start.description"))
    async def start(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is not None:
            command = StartGame(actor_of(interaction.user), seed=new_seed(), privileged=self.is_manager(interaction))
            await self.run(interaction, table.table_id, command, reply=True)

    @jass.command(name=app_commands.locale_str("table", key="jass.table.name"),
                  description=app_commands.locale_str("Post the table again", key="jass.table.description"))
    async def table_cmd(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=False)
        await self.post_table(table, interaction.channel)

    @jass.command(name=app_commands.locale_str("end", key="jass.end.name"),
                  description=app_commands.locale_str("End the table", key="jass.end.description"))
    async def end(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is None:
            return
        await self.run(interaction, table.table_id, Abandon(actor_of(interaction.user),
                                                             privileged=self.is_manager(interaction)), reply=True)

    @jass.command(name=app_commands.locale_str("history", key="jass.history.name"),
                  description=app_commands.locale_str("Hand history", key="jass.history.description"))
    async def history(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is None:
            return
        events = await self.service.storage.load_events(table.table_id) or []
        data = history_jsonl(events).encode("utf-8")
        await interaction.response.send_message(
            file=discord.File(io.BytesIO(data), filename=f"jass-{table.table_id}.jsonl"), ephemeral=True)

    @jass.command(name=app_commands.locale_str("settings", key="jass.settings.name"),
                  description=app_commands.locale_str("Server defaults", key="jass.settings.description"))
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.choices(preset=[app_commands.Choice(name=p, value=p) for p in PRESETS],
                          language=[app_commands.Choice(name="Deutsch", value="de"),
                                    app_commands.Choice(name="English", value="en")])
    async def settings_cmd(self, interaction: discord.Interaction, preset: str | None = None,
                           target: app_commands.Range[int, 100, 100000] | None = None,
                           language: str | None = None) -> None:
        lang = self.lang(interaction)
        if not self.is_manager(interaction):
            await interaction.response.send_message(msg("err.NOT_MANAGER", lang), ephemeral=True)
            return
        values = await self.service.storage.set_guild_settings(interaction.guild_id, preset=preset, target=target,
                                                               language=language)
        shown = ", ".join(f"{k}: {v}" for k, v in values.items()) or "—"
        await interaction.response.send_message(msg("settings.saved", lang, values=shown), ephemeral=True)

    async def channel_table(self, interaction: discord.Interaction) -> Table | None:
        ids = await self.service.storage.tables_in_channel(interaction.channel_id)
        for tid in ids:
            try:
                table = await self.service.get(tid)
            except UnknownTable:
                continue
            if table.phase != "abandoned":
                return table
        await interaction.response.send_message(msg("err.no_table_here", self.lang(interaction)), ephemeral=True)
        return None

    @staticmethod
    def is_manager(interaction: discord.Interaction) -> bool:
        perms = getattr(interaction, "permissions", None)
        return bool(perms and perms.manage_guild)

    # -- buttons ----------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, table_id: str, key: str, action: str) -> None:
        lang = self.lang(interaction)
        try:
            table = await self.service.get(table_id)
        except UnknownTable:
            await interaction.response.send_message(msg("err.unknown_table", lang), ephemeral=True)
            return
        actor = actor_of(interaction.user)
        manager = self.is_manager(interaction)
        if key != "0" and key != f"{table.game_no}.{table.hand_no}":
            await interaction.response.send_message(msg("err.stale", lang), ephemeral=True)
            return
        command = None
        if action.startswith("seat") and action[4:].isdigit():
            command = JoinSeat(actor, name=interaction.user.display_name[:32], seat=int(action[4:]))
        elif action == "leave":
            command = LeaveSeat(actor)
        elif action == "addai":
            command = AddComputer(actor, level=self.bot.settings.computer_level, privileged=manager)
        elif action == "start":
            command = StartGame(actor, seed=new_seed(), privileged=manager)
        elif action == "cancel":
            command = Abandon(actor, privileged=manager)
        elif action == "hand":
            await self.show_hand(interaction, table, lang, edit=False)
            return
        elif action.startswith("c") and action[1:].isdigit() and int(action[1:]) < 36:
            command = PlayCard(actor, str(Card.from_index(int(action[1:]))))
        elif action.startswith("k") and action[1:].isdigit() and int(action[1:]) < 6:
            command = ChooseContract(actor, str(Contract(int(action[1:]))))
        elif action == "schieben":
            command = Schieben(actor)
        elif action == "stoeck":
            command = AnnounceStoeck(actor)
        elif action == "bedanken":
            command = Bedanken(actor)
        if command is None:
            await interaction.response.send_message(msg("err.bad_button", lang), ephemeral=True)
            return
        private = key != "0"  # clicks in a private hand message
        await self.run(interaction, table_id, command, private=private)

    async def run(self, interaction: discord.Interaction, table_id: str, command, private: bool = False,
                  reply: bool = False) -> None:
        lang = self.lang(interaction)
        try:
            await self.service.execute(table_id, command)
        except GameError as err:
            await self.refuse(interaction, err, lang)
            return
        except UnknownTable:
            await interaction.response.send_message(msg("err.unknown_table", lang), ephemeral=True)
            return
        table = self.service.tables[table_id]
        if private:
            await self.show_hand(interaction, table, lang, edit=True)
        elif reply:
            await interaction.response.send_message(embed=table_embed(table.view_for(None), lang), ephemeral=True)
        else:
            await interaction.response.defer()

    async def show_hand(self, interaction: discord.Interaction, table: Table, lang: str, edit: bool) -> None:
        seat = table.seat_of(actor_of(interaction.user))
        if seat is None:
            await interaction.response.send_message(msg("err.NOT_SEATED", lang), ephemeral=True)
            return
        view = table.view_for(seat)
        content = hand_text(view, lang)
        components = as_view(hand_buttons(view, lang))
        try:
            if edit:
                await interaction.response.edit_message(content=content, view=components, embed=None)
            else:
                await interaction.response.send_message(content, view=components, ephemeral=True)
        finally:
            release(components)

    async def refuse(self, interaction: discord.Interaction, err: GameError, lang: str) -> None:
        key = f"err.{err.code}"
        try:
            if err.code == "ILLEGAL_CARD":
                reason = msg(f"reason.{err.facts.get('reason')}", lang)
                text = msg(key, lang, reason=reason)
            else:
                text = msg(key, lang)
        except KeyError:
            text = msg("err.OTHER", lang, code=err.code)
        await interaction.response.send_message(text, ephemeral=True)

    # -- the public table message -------------------------------------------------------

    def mentions(self, table: Table) -> dict[int, str]:
        out = {}
        for seat, s in enumerate(table.seats):
            if s.actor and s.actor.startswith("u:") and s.actor[2:].isdigit():
                out[seat] = f"<@{s.actor[2:]}>"
        return out

    def render(self, table: Table) -> dict:
        lang = self.table_lang(table)
        view = table.view_for(None)
        content = None
        if view.turn is not None and view.phase in ("contract", "play"):
            who = self.mentions(table).get(view.turn)
            content = who
        return {"content": content, "embed": table_embed(view, lang, self.mentions(table)),
                "view": as_view(table_buttons(view, lang)),
                "allowed_mentions": discord.AllowedMentions(users=True, roles=False, everyone=False)}

    def edit_payload(self, table: Table) -> dict:
        """The table message as a raw JSON edit (no discord.py View/Message objects: cheaper)."""
        lang = self.table_lang(table)
        view = table.view_for(None)
        mentions = self.mentions(table)
        content = mentions.get(view.turn) if view.turn is not None and view.phase in ("contract", "play") else None
        return {"content": content or "", "embeds": [table_embed(view, lang, mentions).to_dict()],
                "components": components_payload(table_buttons(view, lang)),
                "allowed_mentions": {"parse": [], "users": [int(m[2:-1]) for m in mentions.values()]}}

    async def post_table(self, table: Table, channel: discord.abc.Messageable) -> None:
        message = await channel.send(**self.render(table))
        self._where[table.table_id] = (message.channel.id, message.id)
        await self.service.storage.set_message(table.table_id, message.channel.id, message.id)

    async def where(self, table_id: str) -> tuple[int | None, int | None]:
        """Channel and table message of a table (read from the database once, then kept)."""
        if table_id not in self._where:
            meta = await self.service.storage.table_meta(table_id)
            if not meta or not meta["channel_id"]:
                return None, None
            self._where[table_id] = (meta["channel_id"], meta["message_id"])
            if meta.get("language"):
                self._languages.setdefault(table_id, meta["language"])
        return self._where[table_id]

    async def on_events(self, table_id: str, events: list[dict], table: Table) -> None:
        """Service subscriber: coalesce table edits; post hand summaries and results."""
        await self.load_language(table_id)
        channel_id, _ = await self.where(table_id)
        for ev in events:
            if ev["type"] == "turn_reminder":
                who = self.mentions(table).get(ev["seat"])
                if who and channel_id:
                    channel = self.bot.get_partial_messageable(channel_id)
                    await channel.send(msg("table.reminder", self.table_lang(table), who=who),
                                       allowed_mentions=discord.AllowedMentions(users=True))
                return
            if ev["type"] in ("hand_scored", "game_over") and channel_id:
                channel = self.bot.get_partial_messageable(channel_id)
                await channel.send(embed=self.summary_embed(table, ev))
        if table_id not in self._pending or self._pending[table_id].done():
            self._pending[table_id] = asyncio.create_task(self._edit_later(table_id))

    async def _edit_later(self, table_id: str) -> None:
        wait = self._last_edit.get(table_id, 0) + self.edit_interval - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_edit[table_id] = time.monotonic()
        channel_id, message_id = await self.where(table_id)
        table = self.service.tables.get(table_id)
        if not message_id or table is None:
            return
        payload = self.edit_payload(table)
        if self._last_payload.get(table_id) == payload:
            return  # nothing visible changed
        try:
            await self.bot.http.edit_message(channel_id, message_id,
                                             params=MultipartParameters(payload=payload, multipart=None, files=None))
            self._last_payload[table_id] = payload
        except discord.HTTPException as err:
            log.warning("table %s: message edit failed: %s", table_id, err)

    def summary_embed(self, table: Table, ev: dict) -> discord.Embed:
        lang = self.table_lang(table)
        view = table.view_for(None)
        if ev["type"] == "game_over":
            return table_embed(view, lang, self.mentions(table))
        contract = contract_label(Contract.parse(ev["contract"]), lang)
        embed = discord.Embed(title=msg("summary.title", lang, n=ev["hand"], contract=contract), colour=0x33691E)
        lines = [msg("summary.line", lang, team=team_name(view, t, lang), cards=ev["card_points"][t],
                     tricks=ev["tricks"][t], written=ev["written"][t]) for t in (0, 1)]
        if ev["weis_team"] is not None:
            lines.append(msg("summary.weis", lang, team=team_name(view, ev["weis_team"], lang)))
        if ev["stoeck_team"] is not None:
            lines.append(msg("summary.stoeck", lang, team=team_name(view, ev["stoeck_team"], lang)))
        if ev["match_team"] is not None:
            key = "summary.kontermatsch" if ev["kontermatsch"] else "summary.match"
            lines.append(msg(key, lang, team=team_name(view, ev["match_team"], lang)))
        lines.append(msg("summary.totals", lang, a=ev["totals"][0], b=ev["totals"][1]))
        embed.description = "\n".join(lines)
        return embed

    async def flush(self) -> None:
        """Wait for every pending table-message edit (tests, shutdown)."""
        while pending := [t for t in self._pending.values() if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def cog_unload(self) -> None:
        for task in self._pending.values():
            task.cancel()


async def setup(bot: commands.Bot) -> None:
    from .ui import JassButton

    bot.add_dynamic_items(JassButton)
    await bot.add_cog(Jass(bot))

