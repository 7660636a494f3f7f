"""``/jass``: tables in a channel — lobby, public table message, private hands as buttons.

The cog only translates: an interaction becomes a service command, the service's events
become message edits.  Game rules and table flow live in ``bot/game``; SQL in ``bot/storage``.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import TARGET_MAX, TARGET_MIN, TURN_TIMER_MAX, valid_server_settings
from bot.game import (
    Abandon,
    AddComputer,
    AnnounceStoeck,
    Bedanken,
    ChooseContract,
    Command,
    GameError,
    JoinSeat,
    LeaveSeat,
    PlayCard,
    Schieben,
    StartGame,
    Table,
)
from bot.game.export import history_jsonl
from bot.rules import PRESETS, Card, Contract
from bot.services import BrokenTable, StorageFailed, TableService, UnknownTable, new_seed
from bot.texts import command_text, language_of, refusal_text
from bot.texts import message as msg

from . import rest
from .ui import (
    BUTTON_ID,
    DECKS,
    STOECK_BIT,
    Deck,
    as_view,
    components_payload,
    deck_for,
    hand_buttons,
    hand_text,
    release,
    table_buttons,
    table_embed,
    team_name,
)

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)
PLAY = re.compile(r"c(\d{1,2})(?:w(\d{1,3}))?")  # a card, with a selection of Weis/Stöck marks
MARK = re.compile(r"t(\d{1,3})")  # re-show the hand with other Weis marks
DECK_CHOICES = [
    app_commands.Choice(name="Swiss (Eichel, Rose, Schelle, Schilte)", value="swiss"),
    app_commands.Choice(name="French (Ecken, Herz, Kreuz, Schaufel)", value="french"),
]
LEVEL_CHOICES = [
    app_commands.Choice(name="beginner", value="beginner"),
    app_commands.Choice(name="club", value="club"),
    app_commands.Choice(name="strong", value="strong"),
]
EDIT_INTERVAL = 1.0  # seconds: at most one edit of a table message per table per second
USER_DECKS_KEPT = 10_000  # people whose card-name choice is kept in memory (the rest are read again)
FLUSH_ON_UNLOAD = 5.0  # seconds the cog waits for pending table edits when it unloads


def actor_of(user: discord.abc.User) -> str:
    return f"u:{user.id}"


def channel_of(interaction: discord.Interaction) -> int:
    """The channel of a command (every ``/jass`` command is used in a server channel)."""
    if interaction.channel_id is None:
        raise ValueError("an interaction without a channel")
    return interaction.channel_id


class Jass(commands.Cog):
    def __init__(self, bot: JassBot) -> None:
        self.bot = bot
        if bot.service is None:
            raise RuntimeError("the table service starts before the cogs load")
        self.service: TableService = bot.service
        self.edit_interval = EDIT_INTERVAL
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._last_edit: dict[str, float] = {}
        self._last_payload: dict[str, dict] = {}  # table -> last edit sent (skip identical edits)
        self._languages: dict[str, str] = {}
        self._decks: dict[str, str] = {}  # table -> deck of its public messages
        self._user_decks: dict[int, str] = {}  # person -> own deck ("" = the table's)
        self._where: dict[str, tuple[int, int | None]] = {}  # table -> (channel id, table message id)
        self._latest: dict[str, Table] = {}  # table -> the table as its last events left it (for the edit)
        self._notes: dict[str, str] = {}  # table -> a line for its next edit only ("live again")
        self._refresher: asyncio.Task[None] | None = None
        self.service.subscribe(self.on_events)
        self.service.on_evict(self.forget)

    async def cog_load(self) -> None:
        restored = list(getattr(self.bot, "restored", ()))
        if restored:
            self._refresher = asyncio.create_task(self.refresh_restored(restored))

    async def refresh_restored(self, table_ids: list[str]) -> None:
        """Bring every restored table's message up to date and say that the table is live again."""
        for table_id in table_ids:
            table = self.service.tables.get(table_id)
            if table is None:
                continue
            try:
                await self.where(table_id)
                self._notes[table_id] = msg("table.live_again", self.table_lang(table))
                self._last_payload.pop(table_id, None)
                self._schedule_edit(table_id, table)
            except Exception:
                log.exception("table %s: its message could not be brought up to date", table_id)
        await self.flush()

    def forget(self, table_id: str) -> None:
        """The service let a table go: drop what this cog keeps of it (read again on demand)."""
        pending = self._pending.get(table_id)
        if pending is not None and not pending.done():
            return  # the edit in flight drops them when it is done
        for cache in (
            self._pending,
            self._last_edit,
            self._last_payload,
            self._languages,
            self._decks,
            self._where,
            self._latest,
            self._notes,
        ):
            cache.pop(table_id, None)

    def lang(self, interaction: discord.Interaction) -> str:
        return language_of(str(interaction.locale), getattr(self.bot.settings, "language", "de"))

    def table_lang(self, table: Table) -> str:
        """Language of a table's public messages: the server's setting when the table was opened."""
        return self._languages.get(table.table_id, getattr(self.bot.settings, "language", "de"))

    def computer_level(self, table: Table) -> str:
        """Level for another computer player: that of those seated, else the configured default."""
        return next((s.level for s in table.seats if s.level), self.bot.settings.computer_level)

    def table_deck(self, table: Table) -> Deck:
        lang = self.table_lang(table)
        return deck_for(lang, table.rules, self._decks.get(table.table_id))

    # -- commands -------------------------------------------------------------------

    jass = app_commands.Group(
        name=command_text("jass.name"), description=command_text("jass.description"), guild_only=True
    )

    @jass.command(name=command_text("jass.new.name"), description=command_text("jass.new.description"))
    @app_commands.rename(
        preset=command_text("jass.new.preset.name"),
        target=command_text("jass.new.target.name"),
        computer_players=command_text("jass.new.computers.name"),
        level=command_text("jass.new.level.name"),
    )
    @app_commands.describe(
        preset=command_text("jass.new.preset.description"),
        target=command_text("jass.new.target.description"),
        computer_players=command_text("jass.new.computers.description"),
        level=command_text("jass.new.level.description"),
    )
    @app_commands.choices(preset=[app_commands.Choice(name=p, value=p) for p in PRESETS], level=LEVEL_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        target: app_commands.Range[int, TARGET_MIN, TARGET_MAX] | None = None,
        computer_players: app_commands.Range[int, 0, 3] = 0,
        level: str | None = None,
    ) -> None:
        lang = self.lang(interaction)
        settings = self.bot.settings
        server = await self.server_settings(interaction.guild_id)
        preset = preset or server.get("preset")
        rules = {"preset": preset} if preset else {**settings.rules.to_dict()}
        target = target or server.get("target")
        if target is not None:
            rules["target"] = target
        actor = actor_of(interaction.user)
        others = await self.service.storage.tables_in_channel(channel_of(interaction), status="open")
        try:
            table = await self.service.create_table(
                actor,
                rules,
                guild_id=interaction.guild_id,
                channel_id=channel_of(interaction),
                turn_timer=server.get("turn_timer"),
            )
            tid = table.table_id
            await self.service.execute(tid, JoinSeat(actor, name=interaction.user.display_name[:32], seat=0))
            for _ in range(computer_players):
                await self.service.execute(tid, AddComputer(actor, level=level or settings.computer_level))
        except GameError as err:
            await self.refuse(interaction, err, lang)
            return
        except StorageFailed:
            await self.reply(interaction, msg("err.not_saved", lang))
            return
        table_lang = server.get("language") or settings.language
        self._languages[tid] = table_lang
        self._decks[tid] = server.get("deck", "swiss")
        await self.service.storage.set_table_display(tid, table_lang, self._decks[tid])
        text = msg("table.created", lang, id=tid)
        if others:
            text += "\n" + msg("table.created_besides", lang, others=", ".join(others))
        await interaction.response.send_message(text, ephemeral=True)
        await self.post_table(self.service.tables[tid], channel_of(interaction))

    @jass.command(name=command_text("jass.join.name"), description=command_text("jass.join.description"))
    async def join(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is not None:
            command = JoinSeat(actor_of(interaction.user), name=interaction.user.display_name[:32])
            await self.run(interaction, table.table_id, command, reply="joined")

    @jass.command(name=command_text("jass.leave.name"), description=command_text("jass.leave.description"))
    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is not None:
            await self.run(interaction, table.table_id, LeaveSeat(actor_of(interaction.user)), reply="left")

    @jass.command(name=command_text("jass.start.name"), description=command_text("jass.start.description"))
    async def start(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is not None:
            command = StartGame(actor_of(interaction.user), seed=new_seed(), privileged=self.is_manager(interaction))
            await self.run(interaction, table.table_id, command, reply="started")

    @jass.command(name=command_text("jass.table.name"), description=command_text("jass.table.description"))
    async def table_cmd(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is None:
            return
        # A slash command needs an answer of its own: a deferred one would show "thinking…" for 15 minutes.
        await interaction.response.send_message(
            msg("table.reposted", self.lang(interaction), id=table.table_id), ephemeral=True
        )
        await self.post_table(table, channel_of(interaction))

    @jass.command(name=command_text("jass.end.name"), description=command_text("jass.end.description"))
    async def end(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is None:
            return
        await self.run(
            interaction,
            table.table_id,
            Abandon(actor_of(interaction.user), privileged=self.is_manager(interaction)),
            reply="ended",
        )

    @jass.command(name=command_text("jass.history.name"), description=command_text("jass.history.description"))
    async def history(self, interaction: discord.Interaction) -> None:
        table = await self.channel_table(interaction)
        if table is None:
            return
        events = await self.service.storage.load_events(table.table_id) or []
        data = history_jsonl(events).encode("utf-8")
        await interaction.response.send_message(
            msg("history.file", self.lang(interaction), id=table.table_id),
            file=discord.File(io.BytesIO(data), filename=f"jass-{table.table_id}.jsonl"),
            ephemeral=True,
        )

    @jass.command(name=command_text("jass.settings.name"), description=command_text("jass.settings.description"))
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(
        preset=command_text("jass.new.preset.name"),
        target=command_text("jass.new.target.name"),
        language=command_text("jass.settings.language.name"),
        deck=command_text("jass.settings.deck.name"),
        turn_timer=command_text("jass.settings.timer.name"),
    )
    @app_commands.describe(
        preset=command_text("jass.new.preset.description"),
        target=command_text("jass.new.target.description"),
        language=command_text("jass.settings.language.description"),
        deck=command_text("jass.settings.deck.description"),
        turn_timer=command_text("jass.settings.timer.description"),
    )
    @app_commands.choices(
        preset=[app_commands.Choice(name=p, value=p) for p in PRESETS],
        language=[app_commands.Choice(name="Deutsch", value="de"), app_commands.Choice(name="English", value="en")],
        deck=DECK_CHOICES,
    )
    async def settings_cmd(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        target: app_commands.Range[int, TARGET_MIN, TARGET_MAX] | None = None,
        language: str | None = None,
        deck: str | None = None,
        turn_timer: app_commands.Range[int, 0, TURN_TIMER_MAX] | None = None,
    ) -> None:
        lang = self.lang(interaction)
        if not self.is_manager(interaction):
            await interaction.response.send_message(msg("err.NOT_MANAGER", lang), ephemeral=True)
            return
        if interaction.guild_id is None:  # the group is guild_only: Discord never sends this
            return
        values = await self.service.storage.set_guild_settings(
            interaction.guild_id, preset=preset, target=target, language=language, deck=deck, turn_timer=turn_timer
        )
        shown = ", ".join(f"{k}: {v}" for k, v in values.items()) or "—"
        await interaction.response.send_message(msg("settings.saved", lang, values=shown), ephemeral=True)

    @jass.command(name=command_text("jass.cards.name"), description=command_text("jass.cards.description"))
    @app_commands.rename(deck=command_text("jass.settings.deck.name"))
    @app_commands.describe(deck=command_text("jass.cards.deck.description"))
    @app_commands.choices(deck=DECK_CHOICES)
    async def cards_cmd(self, interaction: discord.Interaction, deck: str) -> None:
        """A person's own choice: Swiss (Eichel, Rose, ...) or French (Ecken, Herz, ...) card names."""
        lang = self.lang(interaction)
        if deck not in DECKS:
            await interaction.response.send_message(msg("err.bad_button", lang), ephemeral=True)
            return
        await self.service.storage.set_user_settings(interaction.user.id, deck=deck)
        self._remember_deck(interaction.user.id, deck)
        await interaction.response.send_message(msg(f"cards.saved.{deck}", lang), ephemeral=True)

    async def server_settings(self, guild_id: int | None) -> dict:
        """A server's stored defaults; a value that is not valid (a corrupt row) is ignored and logged."""
        if not guild_id:
            return {}
        valid, broken = valid_server_settings(await self.service.storage.guild_settings(guild_id))
        for key, value in broken.items():
            log.warning("server %s: ignoring stored setting %s=%r", guild_id, key, value)
        return valid

    async def user_deck(self, user_id: int) -> str:
        if user_id not in self._user_decks:
            deck = (await self.service.storage.user_settings(user_id)).get("deck")
            self._remember_deck(user_id, deck if deck in DECKS else "")
        return self._user_decks[user_id]

    def _remember_deck(self, user_id: int, deck: str) -> None:
        self._user_decks.pop(user_id, None)
        self._user_decks[user_id] = deck
        while len(self._user_decks) > USER_DECKS_KEPT:  # oldest first (dicts keep insertion order)
            self._user_decks.pop(next(iter(self._user_decks)))

    async def channel_table(self, interaction: discord.Interaction) -> Table | None:
        """The table a command in this channel acts on: the open one the user sits at, else the
        newest open one, else the newest finished one.  Unreadable tables are skipped (and said)."""
        storage = self.service.storage
        actor = actor_of(interaction.user)
        broken: list[str] = []
        readable: list[Table] = []
        for tid in await storage.tables_in_channel(channel_of(interaction), status="open"):
            try:
                readable.append(await self.service.get(tid))
            except BrokenTable:
                broken.append(tid)
            except UnknownTable:
                continue
        table = next((t for t in readable if t.seat_of(actor) is not None), None)
        table = table or next(iter(readable), None)
        if table is None:
            for tid in (await storage.tables_in_channel(channel_of(interaction), status="finished"))[:1]:
                try:
                    table = await self.service.get(tid)
                except BrokenTable:
                    broken.append(tid)
                except UnknownTable:
                    pass
        if table is not None:
            return table
        lang = self.lang(interaction)
        if broken:
            log.warning("channel %s: skipped unreadable tables %s", channel_of(interaction), ", ".join(broken))
            await self.reply(interaction, msg("err.broken_table", lang, ids=", ".join(broken)))
        else:
            await self.reply(interaction, msg("err.no_table_here", lang))
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
        except BrokenTable:
            await self.reply(interaction, msg("err.broken_table", lang, ids=table_id))
            return
        except UnknownTable:
            await interaction.response.send_message(msg("err.unknown_table", lang), ephemeral=True)
            return
        actor = actor_of(interaction.user)
        manager = self.is_manager(interaction)
        if key != "0" and key != f"{table.game_no}.{table.hand_no}":
            stale = "err.stale_game" if key.split(".")[0] != str(table.game_no) else "err.stale"
            await interaction.response.send_message(msg(stale, lang), ephemeral=True)
            return
        command: Command | None = None
        if action.startswith("seat") and action[4:].isdigit():
            command = JoinSeat(actor, name=interaction.user.display_name[:32], seat=int(action[4:]))
        elif action == "leave":
            command = LeaveSeat(actor)
        elif action == "addai":
            command = AddComputer(actor, level=self.computer_level(table), privileged=manager)
        elif action == "start":
            command = StartGame(actor, seed=new_seed(), privileged=manager)
        elif action == "cancel":
            command = Abandon(actor, privileged=manager)
        elif action == "hand":
            await self.show_hand(interaction, table, lang, edit=False)
            return
        elif (mark := MARK.fullmatch(action)) and key != "0":
            await self.show_hand(interaction, table, lang, edit=True, selection=int(mark[1]))
            return
        elif play := PLAY.fullmatch(action):
            command = self.play_command(table, actor, int(play[1]), int(play[2] or 0))
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

    def play_command(self, table: Table, actor: str, card: int, selection: int) -> PlayCard | None:
        """A card button's command: the card, with the Weis and the Stöck its selection marks.

        Only indexes into what the table offers this seat now are taken from the button."""
        if card >= 36 or selection >= 2 * STOECK_BIT:
            return None
        seat = table.seat_of(actor)
        view = table.view_for(seat) if seat is not None else None
        options = view.weis_options if view else ()
        weis = tuple(tuple(str(c) for c in w.cards) for i, w in enumerate(options) if selection >> i & 1)
        if view is not None and (selection & (STOECK_BIT - 1)) >> len(options):
            return None  # marks a Weis the hand does not hold (any more)
        return PlayCard(actor, str(Card.from_index(card)), weis=weis or None, stoeck=bool(selection & STOECK_BIT))

    async def run(
        self, interaction: discord.Interaction, table_id: str, command, private: bool = False, reply: str | None = None
    ) -> None:
        """Execute ``command``; answer privately (``reply``: the ``done.*`` text that names the table)."""
        lang = self.lang(interaction)
        try:
            await self.service.execute(table_id, command)
        except GameError as err:
            await self.refuse(interaction, err, lang)
            return
        except UnknownTable:
            await interaction.response.send_message(msg("err.unknown_table", lang), ephemeral=True)
            return
        except StorageFailed:
            await self.reply(interaction, msg("err.not_saved", lang))
            return
        table = self.service.tables.get(table_id) or await self.service.get(table_id)
        if private:
            await self.show_hand(interaction, table, lang, edit=True)
        elif reply:
            seat = table.seat_of(actor_of(interaction.user))
            text = msg(f"done.{reply}", lang, id=table_id, n=(seat or 0) + 1)
            await interaction.response.send_message(
                text,
                embed=table_embed(
                    table.view_for(None), lang, deck=deck_for(lang, table.rules, self._decks.get(table_id))
                ),
                ephemeral=True,
            )
        else:
            await interaction.response.defer()

    @staticmethod
    async def reply(interaction: discord.Interaction, text: str) -> None:
        """A private answer, whether or not the interaction was answered already."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def show_hand(
        self, interaction: discord.Interaction, table: Table, lang: str, edit: bool, selection: int = 0
    ) -> None:
        seat = table.seat_of(actor_of(interaction.user))
        if seat is None:
            await interaction.response.send_message(msg("err.NOT_SEATED", lang), ephemeral=True)
            return
        view = table.view_for(seat)
        deck = deck_for(lang, table.rules, await self.user_deck(interaction.user.id) or self._decks.get(table.table_id))
        content = hand_text(view, lang)
        components = as_view(hand_buttons(view, lang, deck, selection))
        try:
            if edit:
                await interaction.response.edit_message(content=content, view=components, embed=None)
            else:
                await interaction.response.send_message(content, view=components, ephemeral=True)
        finally:
            release(components)

    async def refuse(self, interaction: discord.Interaction, err: GameError, lang: str) -> None:
        await self.reply(interaction, refusal_text(err, lang))

    # -- the public table message -------------------------------------------------------

    def mentions(self, table: Table) -> dict[int, str]:
        out = {}
        for seat, s in enumerate(table.seats):
            if s.actor and s.actor.startswith("u:") and s.actor[2:].isdigit():
                out[seat] = f"<@{s.actor[2:]}>"
        return out

    def table_payload(self, table: Table) -> dict:
        """The table message as raw JSON, for posting and editing (no discord.py View/Message
        objects: cheaper, and nothing left for the cyclic garbage collector)."""
        lang = self.table_lang(table)
        view = table.view_for(None)
        mentions = self.mentions(table)
        content = mentions.get(view.turn) if view.turn is not None and view.phase in ("contract", "play") else None
        embed = table_embed(view, lang, mentions, self.table_deck(table))
        note = self._notes.get(table.table_id)
        if note:
            embed.set_footer(text=note)
        return {
            "content": content or "",
            "embeds": [embed.to_dict()],
            "components": components_payload(table_buttons(view, lang)),
            "allowed_mentions": {"parse": [], "users": [int(m[2:-1]) for m in mentions.values()]},
        }

    async def post_table(self, table: Table, channel_id: int) -> None:
        payload = self.table_payload(table)
        message_id = await rest.post_message(self.bot.http, channel_id, payload)
        self._where[table.table_id] = (channel_id, message_id)
        self._last_payload[table.table_id] = payload
        await self.service.storage.set_message(table.table_id, channel_id, message_id)

    async def where(self, table_id: str) -> tuple[int | None, int | None]:
        """Channel and table message of a table (read from the database once, then kept)."""
        if table_id not in self._where:
            meta = await self.service.storage.table_meta(table_id)
            if not meta or not meta["channel_id"]:
                return None, None
            self._where[table_id] = (meta["channel_id"], meta["message_id"])
            if meta.get("language"):
                self._languages.setdefault(table_id, meta["language"])
            if meta.get("deck"):
                self._decks.setdefault(table_id, meta["deck"])
        return self._where[table_id]

    async def on_events(self, table_id: str, events: list[dict], table: Table) -> None:
        """Service subscriber: coalesce table edits; post hand summaries and results."""
        channel_id, _ = await self.where(table_id)
        for ev in events:
            if ev["type"] == "turn_reminder":
                who = self.mentions(table).get(ev["seat"])
                if who and channel_id:
                    channel = self.bot.get_partial_messageable(channel_id)
                    await channel.send(
                        msg("table.reminder", self.table_lang(table), who=who),
                        allowed_mentions=discord.AllowedMentions(users=True),
                    )
                return
            if ev["type"] in ("hand_scored", "game_over") and channel_id:
                channel = self.bot.get_partial_messageable(channel_id)
                await channel.send(embed=self.summary_embed(table, ev))
        self._notes.pop(table_id, None)  # play goes on: the "live again" line has done its job
        self._schedule_edit(table_id, table)

    def _schedule_edit(self, table_id: str, table: Table) -> None:
        self._latest[table_id] = table
        if table_id not in self._pending or self._pending[table_id].done():
            self._pending[table_id] = asyncio.create_task(self._edit_later(table_id))

    async def _edit_later(self, table_id: str) -> None:
        try:
            wait = self._last_edit.get(table_id, 0) + self.edit_interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._last_edit[table_id] = time.monotonic()
            channel_id, message_id = await self.where(table_id)
            table = self.service.tables.get(table_id) or self._latest.get(table_id)
            if not message_id or not channel_id or table is None:
                return
            payload = self.table_payload(table)
            if self._last_payload.get(table_id) == payload:
                return  # nothing visible changed
            try:
                await rest.edit_message(self.bot.http, channel_id, message_id, payload)
                self._last_payload[table_id] = payload
            except discord.HTTPException as err:
                log.warning("table %s: message edit failed: %s", table_id, err)
        finally:
            if table_id not in self.service.tables:  # evicted meanwhile: forget it now
                self._pending.pop(table_id, None)
                self.forget(table_id)

    def summary_embed(self, table: Table, ev: dict) -> discord.Embed:
        lang = self.table_lang(table)
        view = table.view_for(None)
        if ev["type"] == "game_over":
            return table_embed(view, lang, self.mentions(table), self.table_deck(table))
        contract = self.table_deck(table).contract(Contract.parse(ev["contract"]))
        embed = discord.Embed(title=msg("summary.title", lang, n=ev["hand"], contract=contract), colour=0x33691E)
        cards = list(ev["card_points"])
        if ev.get("complete", True) and len(view.tricks) == 9:  # the last trick's 5 belong to the cards
            cards[view.tricks[-1].winner % 2] += 5
        lines = [
            msg(
                "summary.line",
                lang,
                team=team_name(view, t, lang),
                cards=cards[t],
                tricks=tricks_text(ev["tricks"][t], lang),
                written=ev["written"][t],
            )
            for t in (0, 1)
        ]
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
        """Send the edits still pending (a few seconds at most), so table messages are current."""
        if self._refresher is not None:
            self._refresher.cancel()
        pending = [t for t in self._pending.values() if not t.done()]
        if pending:
            _, late = await asyncio.wait(pending, timeout=FLUSH_ON_UNLOAD)
            for task in late:
                task.cancel()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a button none of ours answers (forged, or of an old version): say so privately."""
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if BUTTON_ID.fullmatch(custom_id):
            return  # a JassButton answers it
        await asyncio.sleep(0)  # let any other handler go first
        if not interaction.response.is_done():
            await interaction.response.send_message(msg("err.bad_button", self.lang(interaction)), ephemeral=True)


def tricks_text(n: int, lang: str) -> str:
    return msg("tricks.one" if n == 1 else "tricks.many", lang, n=n)


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    from .ui import JassButton

    if not isinstance(bot, JassBot):
        raise TypeError("the Jass cog runs in a JassBot")
    bot.add_dynamic_items(JassButton)
    await bot.add_cog(Jass(bot))
