"""`/jass`: the tables (new, join, leave, start, table, end, cards) and what each table button does.

The cog only translates: a slash command or a click (``cogs/buttons.py``) becomes a service
command, and the answer a private message. The public table messages are kept up to date by
``cogs/table_messages.py``; views become messages in ``cogs/presenter.py``. Game rules and
table flow live in ``bot/game``; SQL in ``bot/storage``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import TARGET_MAX, TARGET_MIN
from bot.game import (
    Abandon,
    AddComputer,
    ChooseContract,
    Command,
    GameError,
    JoinSeat,
    LeaveSeat,
    PlayCard,
    Predict,
    StartGame,
    TableSnapshot,
    TableView,
)
from bot.game.clicks import action_command, card_command
from bot.rules import PRESETS, Contract
from bot.rules.kinds import KINDS, find_kind
from bot.rules.ruleset import RuleSetError, extras_as_jokers, for_game
from bot.services import BrokenTable, StorageFailed, TableService, UnknownTable, new_seed
from bot.services.replays import Replays
from bot.services.review import Reviews
from bot.texts import command_text, refusal_text
from bot.texts import message as msg
from bot.texts.cards import DECKS, Deck, deck_for

from .buttons import BUTTONS, as_view, belongs_here, is_ours, refuse_foreign, release, with_link
from .common import (
    DECK_CHOICES,
    LEVEL_CHOICES,
    actor_of,
    channel_of,
    channel_table,
    game_choices,
    is_manager,
    lang_of,
    reply,
)
from .emojis import SyncReport
from .hand_messages import HandMessages, add_table_link
from .kinds import presenter_for
from .presenter import contract_choices, hand_message, picked_contract, table_embed
from .table_messages import TableMessages

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)
USER_DECKS_KEPT = 10_000  # people whose card-name choice is kept in memory (the rest are read again)


class Jass(commands.Cog):
    def __init__(self, bot: JassBot) -> None:
        self.bot = bot
        self.service: TableService = bot.service
        self.messages: TableMessages = bot.table_messages  # the bot's: every cog posts through them
        self.faces = self.messages.faces  # card pictures as application emojis, once synced
        self.emoji_sync: asyncio.Task[SyncReport] | None = None
        self._user_decks: dict[int, str] = {}  # person -> own deck ("" = the table's)
        self.reviews = Reviews(self.service)
        self.replays = Replays(self.service)
        self.hands = HandMessages(self.service, self.reader_deck, faces=self.faces, links=self.table_link)

    async def cog_load(self) -> None:
        if self.bot.settings.card_emojis == "on":
            self.emoji_sync = asyncio.create_task(self.faces.sync(self.bot))
        self.messages.refresh_later(list(self.bot.restored))

    async def cog_unload(self) -> None:
        if self.emoji_sync is not None and not self.emoji_sync.done():
            self.emoji_sync.cancel()
            await asyncio.gather(self.emoji_sync, return_exceptions=True)
        await self.hands.close()

    async def flush(self) -> None:
        """Wait for the emoji sync and every pending table-message and hand edit (tests)."""
        if self.emoji_sync is not None and not self.emoji_sync.done():
            await asyncio.wait({self.emoji_sync})
        await self.messages.flush()
        await self.hands.flush()

    def reader_deck(self, table: TableSnapshot, user_id: int, lang: str) -> Deck:
        """How ``user_id`` sees cards at ``table``: their own deck if they chose one, else the table's."""
        own = self._user_decks.get(user_id)
        return deck_for(lang, table.rules, own) if own else self.messages.table_deck(table, lang)

    def lang(self, interaction: discord.Interaction) -> str:
        return lang_of(self.bot, interaction)

    def computer_level(self, table: TableSnapshot) -> str:
        """Level for another computer player: that of those seated, else the configured default."""
        return next((s.level for s in table.seats if s.level), self.bot.settings.computer_level)

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
        game=command_text("jass.new.game.name"),
        rated=command_text("jass.new.rated.name"),
        hints=command_text("jass.new.hints.name"),
    )
    @app_commands.describe(
        preset=command_text("jass.new.preset.description"),
        target=command_text("jass.new.target.description"),
        computer_players=command_text("jass.new.computers.description"),
        level=command_text("jass.new.level.description"),
        game=command_text("jass.new.game.description"),
        rated=command_text("jass.new.rated.description"),
        hints=command_text("jass.new.hints.description"),
    )
    @app_commands.choices(preset=[app_commands.Choice(name=p, value=p) for p in PRESETS], level=LEVEL_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        target: app_commands.Range[int, TARGET_MIN, TARGET_MAX] | None = None,
        computer_players: app_commands.Range[int, 0, 3] = 0,
        level: str | None = None,
        game: str | None = None,
        rated: bool | None = None,
        hints: bool = False,
    ) -> None:
        lang = self.lang(interaction)
        settings = self.bot.settings
        server = await self.server_settings(interaction.guild_id)
        rules = self.rules_for(server, preset, target)
        if game is not None and game not in KINDS:  # typed, not chosen: every kind registered now is offered
            await self.reply(interaction, msg("err.game_unknown", lang, game=game[:40],
                                               games=", ".join(k.title(lang) for k in KINDS.values())))  # fmt: skip
            return
        try:
            rules = for_game(rules, game)
        except RuleSetError:
            await self.reply(interaction, msg("err.game_extras", lang, game=find_kind(str(game)).title(lang)))
            return
        try:
            others = await self.service.open_tables(channel_of(interaction))
            table = await self.opened(server, actor_of(interaction.user), interaction.user.display_name, rules,
                                      interaction.guild_id, channel_of(interaction), computers=computer_players,
                                      level=level or settings.computer_level, rated=rated, hints=hints)  # fmt: skip
        except GameError as err:
            await self.refuse(interaction, err, lang)
            return
        except StorageFailed:
            await self.reply(interaction, msg("err.not_saved", lang))
            return
        tid = table.table_id
        text = msg("table.created", lang, id=tid)
        if extras_as_jokers(rules):
            text += "\n" + msg("table.extras_as_joker", lang)
        if others:
            text += "\n" + msg("table.created_besides", lang, others=", ".join(others))
        await interaction.response.send_message(text, ephemeral=True)
        await self.messages.post(await self.service.table(tid), channel_of(interaction))

    async def open_for_activity(self, guild_id: int, channel_id: int, actor: str, name: str,
                                lang: str) -> TableSnapshot | str:  # fmt: skip
        """A table opened from the Discord Activity (launched from its Entry Point command in a channel
        without one): the server's preset, the person seated, its message posted in the channel as
        ``/jass new`` posts it. Returns the table, or the text of why not."""
        server = await self.server_settings(guild_id)
        try:
            table = await self.opened(server, actor, name, self.rules_for(server), guild_id, channel_id)
        except GameError as err:
            return refusal_text(err, lang)
        except StorageFailed:
            return msg("err.not_saved", lang)
        snapshot = await self.service.table(table.table_id)
        await self.messages.post(snapshot, channel_id)
        return snapshot

    def rules_for(self, server: dict[str, Any], preset: str | None = None, target: int | None = None) -> dict[str, Any]:
        """A new table's rules: the preset asked for, else the server's, else the bot's rules; the
        target asked for, else the server's."""
        preset = preset or server.get("preset")
        rules = {"preset": preset} if preset else {**self.bot.settings.rules.to_dict()}
        target = target or server.get("target")
        if target is not None:
            rules["target"] = target
        return rules

    async def opened(self, server: dict[str, Any], actor: str, name: str, rules: dict[str, Any],
                     guild_id: int | None, channel_id: int, *, computers: int = 0, level: str | None = None,
                     rated: bool | None = None, hints: bool = False) -> TableSnapshot:  # fmt: skip
        """A table opened with its host seated and the server's look (GameError, StorageFailed: not)."""
        display = self.messages.display_for(server)
        table = await self.service.open_table(actor, name[:32], rules, display, guild_id=guild_id,
                                              channel_id=channel_id, turn_timer=server.get("turn_timer"),
                                              computers=computers, level=level or self.bot.settings.computer_level,
                                              rated=rated, hints=hints)  # fmt: skip
        self.messages.set_display(table.table_id, display)
        return table

    @new.autocomplete("game")
    async def game_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:  # fmt: skip
        """Every game kind installed now, by its name in the reader's language."""
        return game_choices(self.lang(interaction), current)

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
        await self.messages.post(table, channel_of(interaction))

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
        await self.service.set_person_settings(interaction.user.id, deck=deck)
        self._remember_deck(interaction.user.id, deck)
        await interaction.response.send_message(msg(f"cards.saved.{deck}", lang), ephemeral=True)

    async def server_settings(self, guild_id: int | None) -> dict[str, Any]:
        """A server's stored defaults; a value that is not valid (a corrupt row) is ignored and logged."""
        return await self.service.server_settings(guild_id)

    async def user_deck(self, user_id: int) -> str:
        if user_id not in self._user_decks:
            deck = (await self.service.person_settings(user_id)).get("deck")
            self._remember_deck(user_id, deck if deck in DECKS else "")
        return self._user_decks[user_id]

    def _remember_deck(self, user_id: int, deck: str) -> None:
        self._user_decks.pop(user_id, None)
        self._user_decks[user_id] = deck
        while len(self._user_decks) > USER_DECKS_KEPT:  # oldest first (dicts keep insertion order)
            self._user_decks.pop(next(iter(self._user_decks)))

    async def channel_table(self, interaction: discord.Interaction) -> TableSnapshot | None:
        return await channel_table(self.bot, interaction)

    @staticmethod
    def is_manager(interaction: discord.Interaction) -> bool:
        return is_manager(interaction)

    # -- buttons ----------------------------------------------------------------------

    async def button_table(
        self, interaction: discord.Interaction, table_id: str, key: str = "0"
    ) -> TableSnapshot | None:
        """The table a click is for, or ``None`` after saying privately why not (unknown, unreadable,
        or a button of an earlier hand)."""
        lang = self.lang(interaction)
        try:
            table = await self.service.table(table_id)
        except BrokenTable:
            await self.reply(interaction, msg("err.broken_table", lang, ids=table_id))
            return None
        except UnknownTable:
            await self.reply(interaction, msg("err.unknown_table", lang))
            return None
        guild_id, channel_id, message_id = await self.service.place(table_id)
        if not belongs_here(interaction, guild_id, channel_id, message_id if key == "0" else None):
            await refuse_foreign(interaction)
            return None
        if key != "0" and key != f"{table.game_no}.{table.hand_no}":
            stale = "err.stale_game" if key.split(".")[0] != str(table.game_no) else "err.stale"
            await self.reply(interaction, msg(stale, lang))
            return None
        return table

    async def click_seat(self, interaction: discord.Interaction, table_id: str, seat: int) -> None:
        if await self.button_table(interaction, table_id) is not None:
            command = JoinSeat(actor_of(interaction.user), name=interaction.user.display_name[:32], seat=seat)
            await self.run(interaction, table_id, command)

    async def click_table_action(self, interaction: discord.Interaction, table_id: str, action: str) -> None:
        """Leave, add a computer player, start, cancel: a button of the table message."""
        table = await self.button_table(interaction, table_id)
        if table is None:
            return
        actor, manager = actor_of(interaction.user), self.is_manager(interaction)
        command: Command
        if action == "leave":
            command = LeaveSeat(actor)
        elif action == "addai":
            command = AddComputer(actor, level=self.computer_level(table), privileged=manager)
        elif action == "start":
            command = StartGame(actor, seed=new_seed(), privileged=manager)
        else:
            command = Abandon(actor, privileged=manager)
        await self.run(interaction, table_id, command)

    async def click_my_cards(self, interaction: discord.Interaction, table_id: str) -> None:
        table = await self.button_table(interaction, table_id)
        if table is not None:
            await self.show_hand(interaction, table, self.lang(interaction), edit=False)

    async def click_at_table(self, interaction: discord.Interaction, table_id: str) -> None:
        """ "Spielen am Tisch": the Discord Activity (LAUNCH_ACTIVITY) where the application has it,
        else a private link to the person's seat (a spectator's if they sit nowhere)."""
        table = await self.button_table(interaction, table_id)
        if table is None:
            return
        lang = self.lang(interaction)
        if self.bot.activity_ready:
            try:
                await interaction.response.launch_activity()
                return
            except discord.HTTPException as err:  # Activities not switched on for the application
                log.info("table %s: the Activity was not launched (HTTP %s): the link instead", table_id, err.status)
        actor = actor_of(interaction.user)
        seat = table.seat_of(actor)
        if seat is not None:
            url = await self.table_link(table_id, seat, actor, lang)
        else:
            url = await self.bot.live.link(table_id, None)
            url = f"{url}?lang={lang}" if url else None
        view = with_link(None, url, msg("live.open", lang))
        text = msg("live.link" if seat is not None else "live.link_spectator", lang)
        try:
            if view is None:
                await interaction.response.send_message(msg("live.no_web", lang), ephemeral=True)
            else:
                await interaction.response.send_message(text, view=view, ephemeral=True)
        finally:
            release(view)

    async def click_weis_marks(self, interaction: discord.Interaction, table_id: str, key: str, marks: int) -> None:
        table = await self.button_table(interaction, table_id, key)
        if table is not None:
            await self.show_hand(interaction, table, self.lang(interaction), edit=True, selection=marks)

    async def click_card(self, interaction: discord.Interaction, table_id: str, key: str, card: int,
                         marks: int) -> None:  # fmt: skip
        table = await self.button_table(interaction, table_id, key)
        if table is None:
            return
        command = self.play_command(table, actor_of(interaction.user), card, marks)
        if command is None:
            await self.reply(interaction, msg("err.bad_button", self.lang(interaction)))
            return
        await self.run(interaction, table_id, command, private=True)

    async def click_contract(self, interaction: discord.Interaction, table_id: str, key: str, contract: int) -> None:
        if await self.button_table(interaction, table_id, key) is not None:
            command = ChooseContract(actor_of(interaction.user), str(Contract(contract)))
            await self.run(interaction, table_id, command, private=True)

    async def click_named_contract(self, interaction: discord.Interaction, table_id: str, key: str, pick: str) -> None:
        """A Coiffeur row or an extra contract: chosen at once when the button names one contract,
        else the hand is shown again with the contracts to pick from (only indexes into what the
        table offers this seat now are taken from the button)."""
        table = await self.button_table(interaction, table_id, key)
        if table is None:
            return
        lang = self.lang(interaction)
        actor = actor_of(interaction.user)
        seat = table.seat_of(actor)
        view = table.view_for(seat) if seat is not None else None
        if view is None or view.phase != "contract" or view.turn != seat:
            await self.run(interaction, table_id, ChooseContract(actor, ""), private=True)  # the table says why not
            return
        chosen = picked_contract(view, pick)
        if chosen is not None:
            await self.run(interaction, table_id, ChooseContract(actor, chosen[0], row=chosen[1]), private=True)
        elif pick[0] in "rfg" and pick in self._pickable(view, lang, pick):
            await self.show_hand(interaction, table, lang, edit=True, picking=pick)
        elif (row := presenter_for(view.kind).closed_row(view, pick)) is not None:
            # a row of the Tafel that is not open to this team: the table says so
            await self.run(interaction, table_id, ChooseContract(actor, "", row=row), private=True)
        else:
            await self.reply(interaction, msg("err.bad_button", lang))

    @staticmethod
    def _pickable(view: TableView, lang: str, pick: str) -> set[str]:
        """The buttons that open a list of contracts this seat is offered now: a row or a family
        at the top, a family of a Joker row (``g<row>.<i>``) inside that row."""
        offered = {action for _, action in contract_choices(view, Deck(lang), lang)}
        if pick[0] == "g":
            offered |= {action for _, action in contract_choices(view, Deck(lang), lang, "r" + pick[1:].split(".")[0])}
        return offered

    async def click_hand_action(self, interaction: discord.Interaction, table_id: str, key: str, action: str) -> None:
        """Schieben, pre-show Stöck, Bedanken, a tip: a button of the private hand."""
        table = await self.button_table(interaction, table_id, key)
        if table is None:
            return
        actor = actor_of(interaction.user)
        if action == "hint":
            await self.give_hint(interaction, table, actor)
            return
        command = action_command(actor, action)  # as the live page
        if command is None:
            await self.reply(interaction, msg("err.bad_button", self.lang(interaction)))
            return
        await self.run(interaction, table_id, command, private=True)

    async def click_prediction(self, interaction: discord.Interaction, table_id: str, key: str, pick: str) -> None:
        """A prediction's button: a number is the prediction; a step of the kind's own (Differenzler:
        a range of predictions) shows its numbers, privately, in place. Nothing but the number is
        taken from the button."""
        table = await self.button_table(interaction, table_id, key)
        if table is None:
            return
        lang = self.lang(interaction)
        value = int(pick[1:])
        if pick[0] == "v":
            await self.run(interaction, table_id, Predict(actor_of(interaction.user), value), private=True)
        elif table.seat_of(actor_of(interaction.user)) is None:
            await self.reply(interaction, msg("err.NOT_SEATED", lang))
        elif presenter_for(table.public.kind).opens_pick(pick):
            await self.show_hand(interaction, table, lang, edit=True, picking=pick)
        else:
            await self.reply(interaction, msg("err.bad_button", lang))

    async def give_hint(self, interaction: discord.Interaction, table: TableSnapshot, actor: str) -> None:
        """The card the strong search would play, privately; the table marks the game (refused,
        and nothing changes, where hints are off: rated, tournament and challenge tables)."""
        lang = self.lang(interaction)
        try:
            card = await self.service.hint(table.table_id, actor)
        except GameError as err:
            await self.refuse(interaction, err, lang)
            return
        except StorageFailed:
            await self.reply(interaction, msg("err.not_saved", lang))
            return
        deck = self.reader_deck(table, interaction.user.id, lang)
        seat = table.seat_of(actor)
        contract = table.view_for(seat).contract if seat is not None else None
        await self.reply(interaction, msg("hint.card", lang, card=deck.card(card, contract)))

    def play_command(self, table: TableSnapshot, actor: str, card: int, selection: int) -> PlayCard | None:
        """A card button's command: the card, with the Weis and the Stöck its selection marks.

        Only indexes into what the table offers this seat now are taken from the button."""
        return card_command(table.view_for(table.seat_of(actor)), actor, card, selection)  # as the live page

    async def run(
        self,
        interaction: discord.Interaction,
        table_id: str,
        command: Command,
        private: bool = False,
        reply: str | None = None,
    ) -> None:
        """Execute ``command``; answer privately (``reply``: the ``done.*`` text that names the table)."""
        lang = self.lang(interaction)
        with self.hands.acting(table_id, interaction.user.id):  # this click answers with the new hand itself
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
            table = await self.service.table(table_id)
            if private:
                await self.show_hand(interaction, table, lang, edit=True)
                return
        if reply:
            seat = table.seat_of(actor_of(interaction.user))
            text = msg(f"done.{reply}", lang, id=table_id, n=(seat or 0) + 1)
            embed = table_embed(
                table.view_for(None),
                lang,
                deck=self.messages.table_deck(table, lang),
                faces=self.faces,
                title=self.messages.title(table, lang),
            )
            await interaction.response.send_message(text, embed=embed, ephemeral=True)
        else:
            await interaction.response.defer()
        self.messages.note_interaction(table_id, interaction)  # its token may carry the next ping

    @staticmethod
    async def reply(interaction: discord.Interaction, text: str) -> None:
        await reply(interaction, text)

    async def show_hand(
        self,
        interaction: discord.Interaction,
        table: TableSnapshot,
        lang: str,
        edit: bool,
        selection: int = 0,
        picking: str = "",
    ) -> None:
        seat = table.seat_of(actor_of(interaction.user))
        if seat is None:
            await interaction.response.send_message(msg("err.NOT_SEATED", lang), ephemeral=True)
            return
        await self.user_deck(interaction.user.id)  # read once, then kept
        content, buttons = hand_message(table.view_for(seat), lang, self.reader_deck(table, interaction.user.id, lang),
                                        selection, self.faces, picking)  # fmt: skip
        components = as_view(buttons)
        add_table_link(components, await self.table_link(table.table_id, seat, actor_of(interaction.user), lang), lang)
        try:
            if edit:
                await interaction.response.edit_message(content=content, view=components, embed=None)
            else:
                await interaction.response.send_message(content, view=components, ephemeral=True)
            self.hands.shown(interaction, table, lang)
            self.messages.note_interaction(table.table_id, interaction)
        finally:
            release(components)

    async def table_link(self, table_id: str, seat: int, actor: str, lang: str) -> str | None:
        """The seat's link to the live table in the browser (None: the bot has no web address)."""
        url = await self.bot.live.link(table_id, seat, actor)
        return f"{url}?lang={lang}" if url else None

    async def refuse(self, interaction: discord.Interaction, err: GameError, lang: str) -> None:
        await self.reply(interaction, refusal_text(err, lang))

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left the server (with ``members_intent: on``): a computer plays their cards at
        the server's open tables (the table messages show it)."""
        changed = await self.service.member_left(payload.guild_id, actor_of(payload.user))
        if changed:
            log.info("member %s left guild %s: %d tables go on with a computer", payload.user.id,
                     payload.guild_id, len(changed))  # fmt: skip

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a button none of ours answers (forged, or of an old version): say so privately."""
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if is_ours(custom_id):
            return  # one of the kinds of cogs/buttons.py answers it
        await asyncio.sleep(0)  # let any other handler go first
        if not interaction.response.is_done():
            await interaction.response.send_message(msg("err.bad_button", self.lang(interaction)), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    if not isinstance(bot, JassBot):
        raise TypeError("the Jass cog runs in a JassBot")
    bot.add_dynamic_items(*BUTTONS)
    await bot.add_cog(Jass(bot))
