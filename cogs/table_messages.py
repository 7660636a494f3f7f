"""The public table messages: where each table's message is, coalesced edits, summaries, reminders.

One message per table, posted in its channel and edited as play goes. The table service
calls :meth:`TableMessages.on_events` after every committed command; edits are coalesced
(at most one per ``edit_interval`` per table) and identical ones skipped. What is kept per
table is dropped when the service lets the table go (:meth:`forget`), and read again from the
database when it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.game import TableSnapshot, TableView
from bot.game.events import Event, TurnReminder
from bot.render.pool import Renderer
from bot.render.table import TablePicture
from bot.services import TableDisplay, TableService, UnknownTable
from bot.texts import message as msg
from bot.texts.cards import Deck, deck_for

from . import rest
from .emojis import CardEmojis
from .kinds import presenter_for
from .kinds.base import Slate
from .pacing import Priority, budget_of
from .presenter import (
    NO_FACES,
    mentions_of,
    summary_embed,
    table_payload,
    table_picture,
    table_title,
    trick_line,
)

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)


@dataclass
class Ping:
    """The message that mentions the person to act: which turn, whom, and its id once posted
    (``via``: the interaction whose follow-up it is, deleted through the same token)."""

    turn: tuple[object, ...]
    person: str | None
    message_id: int | None
    via: discord.Interaction | None = None


EDIT_INTERVAL = 1.25  # seconds between two edits in one channel: Discord allows 5 per 5 s; 4 leave room
EDIT_ROUTE = "/channels/{channel_id}/messages/{message_id}"
TOKEN_LIFE = 14 * 60.0  # seconds an interaction's token is used for (Discord's limit: 15 minutes)
UPLOAD_INTERVAL = 1.0  # seconds: at most one new table picture per table per second
TABLE_PNG = "table.png"
FLUSH_ON_CLOSE = 5.0  # seconds to wait for pending edits when the cog unloads
ACTIVE_SECONDS = 30.0  # a person who acted this recently is clicking through the game: no turn ping
DEAL_GUARD = 5.0  # seconds a deal under way keeps the finished hand's tricks off the table message


HandKey = tuple[int, int]
UPDATE_FACTOR = 3  # an edit without a new card (a deal, a contract) waits 3 edit intervals for one
LINE_FACTOR = 3  # while the live line shows the cards, the table message is edited every 3 edit intervals
#: Seconds between two edits of a table whose people all play at the live table in the browser: the
#: channel's message is for the others then, and each card costs the bot token almost nothing.
BROWSER_EDIT_INTERVAL = 20.0
LINE_INTERVAL = 0.5  # seconds between two edits of a live line (a token's bucket: 5 per 2 s)


@dataclass
class Line:
    """The table's live line: a public follow-up that shows the trick as it is played, edited
    through the token that posted it (exempt from Discord's global limit)."""

    message_id: int
    via: discord.Interaction
    posted: float  # when (its token lives 15 minutes from its click)
    hand: HandKey  # (game, hand) it shows: a new hand's first card gets a new line
    text: str


def _cards(table: TableSnapshot) -> int:
    """How many cards of its hand the table shows played."""
    return bin(table.public.cards_played).count("1")


def _hand_key(table: TableSnapshot) -> HandKey:
    """Which hand a message shows (game, hand): a trick of a hand that is over is no longer sent."""
    return table.game_no, table.hand_no


@dataclass
class Screen:
    """What the Discord layer keeps of one table's public messages."""

    display: TableDisplay | None = None  # language, deck, pings, pictures, a tournament's name
    channel_id: int | None = None
    message_id: int | None = None  # the table message
    located: bool = False  # channel and message read (from the database or by posting)
    left_line: int | None = None  # a live line a stopped process left in the channel (read with the meta)
    latest: TableSnapshot | None = None  # the table as its last events left it (for the edit)
    note: str | None = None  # a line for the next edit only ("live again")
    queued: list[tuple[HandKey, dict[str, Any], int]] | None = None  # completed tricks not shown yet (and cards)
    pending: asyncio.Task[None] | None = None  # the coalesced edit under way
    stale: bool = False  # moved since the edit in flight was built
    last_edit: float = 0.0
    last_payload: dict[str, Any] | None = None  # the last edit sent (identical ones are skipped)
    picture: TablePicture | None = None  # what the message's picture shows
    last_upload: float = 0.0
    ping: Ping | None = None  # the turn ping posted now
    ping_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    post_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # hand summaries posted in order
    active: dict[str, float] = field(default_factory=dict)  # person -> when they last acted
    dealing: float | None = None  # when the next deal began (until its cards are out): the hand is over
    interaction: discord.Interaction | None = None  # the latest answered click here (its token: exempt routes)
    interaction_at: float = 0.0
    forbidden: bool = False  # Discord refused the bot here (403): nothing more is sent, the host is told
    notice: str | None = None  # a private word for the host, given with their next click
    shown_cards: tuple[int, int, int] = (0, 0, -1)  # (game, hand, cards played) the message shows
    wake: asyncio.Event = field(default_factory=asyncio.Event)  # set when a card is played
    line: Line | None = None  # the live line in the channel, once posted
    line_task: asyncio.Task[None] | None = None  # its coalesced update under way
    line_dirty: bool = False  # the table moved since the update in flight read it
    line_next: float = 0.0  # when the next update of the line may go

    def hand_ending(self, key: HandKey, table: TableSnapshot) -> bool:
        """Is ``key`` a hand that is over (the table moved on, or its next deal is being written)?"""
        if key != _hand_key(table):
            return True
        return self.dealing is not None and time.monotonic() - self.dealing < DEAL_GUARD

    def switch(self, name: str) -> bool:
        """The server setting ``pings`` or ``images`` (on unless the server turned it off)."""
        return self.display is None or getattr(self.display, name) != "off"


def last_slate(view: TableView, events: Sequence[Mapping[str, Any]], lang: str, deck: Deck) -> Slate | None:
    """The picture the latest scored hand's summary (or the game's end) posts, as it would be now."""
    presenter = presenter_for(view.kind)
    for ev in reversed(events):  # the latest scored first
        if ev["type"] in ("hand_scored", "seats_scored", "game_over"):
            slate = presenter.slate(view, ev, lang, deck)
            if slate is not None:
                return slate
    return None


class TableMessages:
    """Every table's public message, for one bot."""

    def __init__(self, bot: JassBot, service: TableService, faces: CardEmojis = NO_FACES) -> None:
        self.bot = bot
        self.service = service
        self.faces = faces
        self.renderer = Renderer(
            bot.settings.render_workers, observe=lambda picture, seconds: service.picture_drawn(picture, seconds)
        )
        self.edit_interval = EDIT_INTERVAL
        self.upload_interval = UPLOAD_INTERVAL
        self.line_interval = LINE_INTERVAL
        self._screens: dict[str, Screen] = {}  # table id -> what is kept of its messages
        self._background: set[asyncio.Task[None]] = set()  # pings and hand summaries being sent
        self._channel_free: dict[int, float] = {}  # channel -> when its next table edit may go
        self.active_seconds = ACTIVE_SECONDS
        self.refresher: asyncio.Task[None] | None = None
        self._closed = False
        service.subscribe(self.on_events)
        service.before_deal(self.summaries_sent)
        service.on_evict(self.forget)

    def screen(self, table_id: str) -> Screen:
        """What is kept of a table's messages (made on first use)."""
        screen = self._screens.get(table_id)
        if screen is None:
            screen = self._screens[table_id] = Screen()
        return screen

    def caches(self) -> tuple[dict[str, Any], ...]:
        """What is kept per table (tests look at it to see that nothing piles up)."""
        return (self._screens,)

    def located(self, table_id: str) -> tuple[int | None, int | None]:
        """Channel and table message of a table, as far as known here now (no database read)."""
        screen = self._screens.get(table_id)
        return (screen.channel_id, screen.message_id) if screen else (None, None)

    def places(self) -> dict[str, int]:
        """The channel of every table whose message is known here (the privacy audit reads it)."""
        return {tid: s.channel_id for tid, s in self._screens.items() if s.channel_id is not None}

    # -- language and deck of a table ---------------------------------------------------------

    def display_for(self, server: Mapping[str, Any], label: str | None = None) -> TableDisplay:
        """How a new table's messages look: as the server set it (language, deck, pings, images)."""
        return TableDisplay(
            server.get("language") or self.bot.settings.language,
            server.get("deck", "swiss"),
            server.get("pings", "on"),
            server.get("images", "on"),
            label,
        )

    async def set_up_display(self, table_id: str, server: Mapping[str, Any], label: str | None = None) -> str:
        """A new table's messages look as the server set it (language, deck, pings, pictures),
        kept for restarts; ``label``: the name of a tournament's or challenge's table (which then
        offers no new game at its end). Returns the table's language."""
        display = self.display_for(server, label)
        self.set_display(table_id, display)
        await self.service.set_display(table_id, display)
        return display.language

    def set_display(self, table_id: str, display: TableDisplay) -> None:
        self.screen(table_id).display = display

    def _display(self, table_id: str) -> TableDisplay | None:
        screen = self._screens.get(table_id)
        return screen.display if screen else None

    def title(self, table: TableSnapshot, lang: str | None = None) -> str:
        """The table's name and game: "Annas Tisch · Schieber auf 2500", or a tournament's table."""
        display = self._display(table.table_id)
        return table_title(table, lang or self.table_lang(table), display.label if display else None)

    def switch(self, table_id: str, name: str) -> bool:
        """A table's server setting ``pings`` or ``images`` (on unless the server turned it off)."""
        screen = self._screens.get(table_id)
        return screen is None or screen.switch(name)

    def table_lang(self, table: TableSnapshot) -> str:
        """Language of a table's public messages: the server's setting when the table was opened."""
        display = self._display(table.table_id)
        return display.language if display else self.bot.settings.language

    def table_deck(self, table: TableSnapshot, lang: str | None = None) -> Deck:
        display = self._display(table.table_id)
        return deck_for(lang or self.table_lang(table), table.rules, display.deck if display else None)

    def payload(self, table: TableSnapshot) -> dict[str, Any]:
        """The table message as raw JSON; with pictures on, its picture under ``_picture`` (not sent)."""
        view, lang, deck = table.view_for(None), self.table_lang(table), self.table_deck(table)
        title = self.title(table, lang)
        display = self._display(table.table_id)
        screen = self._screens.get(table.table_id)
        picture = table_picture(view, lang, deck, title) if self.switch(table.table_id, "images") else None
        body = table_payload(view, lang, deck, mentions_of(table), screen.note if screen else None,
                             image=TABLE_PNG if picture else None, faces=self.faces, title=title,
                             new_game=not (display and display.label), at_table=self.at_table)  # fmt: skip
        if picture is not None:
            body["_picture"] = picture
        return body

    async def _files(self, table_id: str, payload: dict[str, Any]) -> tuple[dict[str, Any], rest.Files, Any]:
        """The JSON to send, the picture to attach (rendered off the event loop, only when it changed)
        and what that picture shows (remembered by ``_sent`` once the message went out)."""
        body = dict(payload)
        picture = body.pop("_picture", None)
        if picture is None or picture == self.screen(table_id).picture:
            return body, (), None  # no picture, or the one sent last stays
        data = await self.renderer.table(picture)
        return body, ((TABLE_PNG, data),), picture

    def _sent(self, table_id: str, picture: TablePicture | None, started: float | None = None) -> None:
        """The message now shows ``picture``, uploaded by a request that began at ``started``
        (the upload interval counts from there, as the edit interval does)."""
        if picture is not None:
            screen = self.screen(table_id)
            screen.picture = picture
            screen.last_upload = started if started is not None else time.monotonic()

    # -- posting and editing ------------------------------------------------------------------

    async def post(self, table: TableSnapshot, channel_id: int) -> None:
        """Post the table message (again) in the channel; later edits go to this one."""
        payload = self.payload(table)
        self.screen(table.table_id).picture = None  # a new message needs its picture
        body, files, picture = await self._files(table.table_id, payload)
        try:
            message_id = await rest.post_message(self.bot.http, channel_id, body, files, Priority.RESULT)
        except discord.Forbidden as err:
            screen = self.screen(table.table_id)
            screen.channel_id, screen.latest = channel_id, table
            await self._forbidden(table.table_id, screen, err)
            return
        self._sent(table.table_id, picture)
        screen = self.screen(table.table_id)
        screen.channel_id, screen.message_id, screen.located = channel_id, message_id, True
        screen.last_payload = payload
        await self.service.set_message(table.table_id, channel_id, message_id)
        # Moves made while the message was on its way (computers start at once) reached no message:
        # show the table as it is now, and ping the person whose turn it already is.
        try:
            live = await self.service.table(table.table_id)
        except UnknownTable:  # ended and unreadable meanwhile: the message shows what it was
            return
        if live.seq != table.seq:
            self._schedule_edit(table.table_id, live)
        if self.switch(table.table_id, "pings"):
            self._update_ping(table.table_id, channel_id, live)

    async def where(self, table_id: str) -> tuple[int | None, int | None]:
        """Channel and table message of a table (read from the database once, then kept)."""
        screen = self._screens.get(table_id)
        if screen is None or not screen.located:
            meta = await self.service.meta(table_id)
            if not meta or not meta["channel_id"]:
                return None, None
            screen = self.screen(table_id)
            screen.channel_id, screen.message_id, screen.located = meta["channel_id"], meta["message_id"], True
            screen.left_line = int(meta["line_id"]) if meta.get("line_id") else None
            if screen.display is None and meta.get("language"):
                screen.display = TableDisplay(
                    meta["language"], meta.get("deck") or "swiss", meta.get("pings") or "on",
                    meta.get("images") or "on", meta.get("label"),
                )  # fmt: skip
        return screen.channel_id, screen.message_id

    async def on_events(self, table_id: str, events: Sequence[Event | TurnReminder], table: TableSnapshot) -> None:
        """Service subscriber: hand summaries, results and reminders posted; the table edit coalesced."""
        channel_id, _ = await self.where(table_id)
        lang = self.table_lang(table)
        for ev in cast(Sequence[Any], events):  # read by their type
            if ev["type"] == "turn_reminder":
                who = mentions_of(table).get(ev["seat"])
                person = table.seats[ev["seat"]].person
                if who and channel_id and person:
                    text = msg("table.reminder", lang, who=who)
                    await self._public(table_id, channel_id, Priority.TURN, content=text, mention=int(person[2:]))
                return
            if ev["type"] in ("hand_scored", "seats_scored", "game_over") and channel_id:
                view = table.view_for(None)
                embed = summary_embed(
                    view, ev, lang, self.table_deck(table), mentions_of(table), self.title(table, lang)
                )
                # The Jasstafel (Coiffeur: the Tafel, Differenzler: the Schätzzettel) after every
                # hand, and the final one; posted in the background (in order), so the click that
                # ended the hand is answered without waiting for it.
                slate: Slate | None = None
                if self.switch(table_id, "images"):
                    slate = presenter_for(view.kind).slate(view, ev, lang, self.table_deck(table))
                lock = self.screen(table_id).post_lock
                self._spawn(self._post_summary(table_id, channel_id, embed, slate, lock))
        screen = self.screen(table_id)
        screen.note = None  # play goes on: the "live again" line has done its job
        if any(ev["type"] == "hand_dealt" for ev in events):
            screen.queued = None  # a trick of the hand before is no news once new cards are out
            screen.dealing = None
        if any(ev["type"] == "trick" for ev in events) and screen.line is None and not self.in_browser(table):
            # Every card is seen: the table as the trick ended is shown, however fast play goes on
            # (with a live line up, the line shows each card, the trick's last one included).
            if screen.queued is None:
                screen.queued = []
            screen.queued.append((_hand_key(table), self.payload(table), _cards(table)))
        self._schedule_edit(table_id, table)
        if any(ev["type"] == "card" for ev in events):
            screen.wake.set()  # a card is news: an edit waiting as a mere update goes now
        now = time.monotonic()
        for ev in cast(Sequence[Mapping[str, Any]], events):
            if ev["type"] in ("card", "contract", "schieben", "stoeck_preshown") and "seat" in ev:
                person = table.seats[ev["seat"]].person
                if person:
                    screen.active[person] = now
        if channel_id and self.switch(table_id, "pings") and not self.in_browser(table):
            self._update_ping(table_id, channel_id, table)  # people at the live table see their turn there
        if channel_id and not screen.forbidden:
            self._schedule_line(table_id, screen)

    async def summaries_sent(self, table_id: str) -> None:
        """Wait until the table's hand summaries (with the hand's last trick) are posted: the
        service deals the next hand after this, so every card is readable before new ones."""
        screen = self._screens.get(table_id)
        if screen is not None:
            async with screen.post_lock:
                pass
            screen.dealing = time.monotonic()  # from now on the hand's tricks are no news

    async def score_picture(self, table: TableSnapshot, lang: str) -> bytes | None:
        """The picture of the table's last scored hand (or of the game's end) as its summary posts it,
        for the live table's page (bot/web/live.py); None before a hand is scored."""
        events = await self.service.events(table.table_id)
        slate = last_slate(table.view_for(None), events, lang, self.table_deck(table, lang))
        return None if slate is None else (await self.draw_slate(slate))[0]

    async def draw_slate(self, slate: Slate) -> tuple[bytes, str]:
        """A summary's picture drawn, and its file name, by what it is (the Jasstafel, Coiffeur's
        Tafel, the score pad of the games of individuals)."""
        return await self.renderer.picture(slate), slate.file_name

    async def _post_summary(self, table_id: str, channel_id: int, embed: discord.Embed,
                            slate: Slate | None,
                            lock: asyncio.Lock) -> None:  # fmt: skip
        async with lock:
            try:
                if slate is None:
                    await self._public(table_id, channel_id, Priority.RESULT, embed=embed)
                    return
                data, name = await self.draw_slate(slate)
                embed.set_image(url=f"attachment://{name}")
                await self._public(table_id, channel_id, Priority.RESULT, embed=embed, picture=(name, data))
            except discord.HTTPException as err:
                log.warning("table %s: hand summary not posted: %s", table_id, err)

    # -- the exempt routes: follow-ups of the latest click at the table -----------------------

    def note_interaction(self, table_id: str, interaction: discord.Interaction) -> None:
        """A click at the table was answered: its token may post follow-ups (exempt from Discord's
        global limit) for 14 minutes, in the table's channel."""
        screen = self._screens.get(table_id)
        here = screen is not None and screen.channel_id in (None, interaction.channel_id)
        if screen is not None and here and interaction.response.is_done():
            screen.interaction, screen.interaction_at = interaction, time.monotonic()
            if screen.notice is not None:
                self._spawn(self._tell_host(table_id, screen))

    def _token(self, table_id: str) -> discord.Interaction | None:
        screen = self._screens.get(table_id)
        if screen is None or screen.interaction is None or time.monotonic() - screen.interaction_at > TOKEN_LIFE:
            return None
        return screen.interaction

    async def _public(self, table_id: str, channel_id: int, priority: Priority, *, content: str = "",
                      embed: discord.Embed | None = None, picture: tuple[str, bytes] | None = None,
                      mention: int | None = None) -> tuple[int, discord.Interaction | None]:  # fmt: skip
        """Post a public message in the table's channel: as a follow-up of the latest click there
        (exempt from the global limit), else with the bot token. Its id, and the interaction."""
        via = self._token(table_id)
        if via is not None:
            try:
                missing = discord.utils.MISSING
                sent = await via.followup.send(
                    content or missing, embed=embed or missing,
                    file=discord.File(io.BytesIO(picture[1]), filename=picture[0]) if picture else missing,
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, replied_user=False,
                        users=[discord.Object(mention)] if mention else False,
                    ),
                    wait=True,
                )  # fmt: skip
                return sent.id, via
            except discord.NotFound:  # the token is gone (the message it answered was deleted): the bot token
                screen = self._screens.get(table_id)
                if screen is not None:
                    screen.interaction = None
        body: dict[str, Any] = {"allowed_mentions": {"parse": [], "users": [mention] if mention else []}}
        if content:
            body["content"] = content
        if embed is not None:
            body["embeds"] = [embed.to_dict()]
        return await rest.post_message(self.bot.http, channel_id, body, (picture,) if picture else (), priority), None

    async def _unpost(self, channel_id: int, message_id: int, via: discord.Interaction | None) -> None:
        """Delete a message posted by :meth:`_public` (through the same token while it lives)."""
        if via is not None:
            try:
                await via.followup.delete_message(message_id)
                return
            except discord.HTTPException:
                pass  # the token expired: the bot token
        await rest.delete_message(self.bot.http, channel_id, message_id, Priority.TURN)

    # -- the live line: the trick as it is played, through the exempt routes -----------------

    @staticmethod
    def _line_up(screen: Screen) -> bool:
        """Does a live line show this table's cards now (its token still good for edits)?"""
        return screen.line is not None and time.monotonic() - screen.line.posted < TOKEN_LIFE

    def _schedule_line(self, table_id: str, screen: Screen) -> None:
        if self._closed:
            return
        screen.line_dirty = True
        if screen.line_task is None or screen.line_task.done():
            screen.line_task = self._spawn(self._line_loop(table_id, screen))

    async def _line_loop(self, table_id: str, screen: Screen) -> None:
        """Keep the live line current: posted through the latest click's token at a hand's first
        card, edited through that same token at every card (at most every ``line_interval``),
        deleted when the hand is over and the next one is dealt. Without a click of the last 14
        minutes at hand (a table of computers), there is no line: the table message shows the cards."""
        none = discord.AllowedMentions.none()
        while screen.line_dirty and not self._closed:
            wait = screen.line_next - time.monotonic()
            if wait > 0:  # the token's bucket: one update per ``line_interval``
                await asyncio.sleep(wait)
            screen.line_dirty = False
            table = self.service.in_memory(table_id) or screen.latest
            channel_id = screen.channel_id
            if table is None or channel_id is None or screen.forbidden:
                return
            text = trick_line(table.view_for(None), self.table_lang(table), self.table_deck(table), self.faces)
            line, now = screen.line, time.monotonic()
            try:
                fresh = line is not None and now - line.posted < TOKEN_LIFE
                if line is not None and (text is None or line.hand != _hand_key(table) or not fresh):
                    screen.line = None  # the hand is over, or the token too old to edit it: a new line
                    await self._unpost(channel_id, line.message_id, line.via if fresh else None)
                    await self.service.set_line(table_id, None)
                    line = None
                if text is None:
                    continue
                if line is None:
                    via = self._token(table_id)
                    if via is None:
                        continue
                    sent = await via.followup.send(text, allowed_mentions=none, wait=True)
                    screen.line = Line(sent.id, via, screen.interaction_at, _hand_key(table), text)
                    await self.service.set_line(table_id, sent.id)  # a restarted bot deletes it
                elif line.text != text:
                    await line.via.followup.edit_message(line.message_id, content=text, allowed_mentions=none)
                    line.text = text
                else:
                    continue
            except discord.NotFound:  # deleted by someone, or the token is gone: a new line at the next card
                screen.line = None
                await self.service.set_line(table_id, None)
            except discord.HTTPException as err:
                log.warning("table %s: live line not updated: %s", table_id, err)
            screen.line_next = time.monotonic() + self.line_interval

    # -- turn pings ---------------------------------------------------------------------------

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
        """Run ``work`` in the background, kept until done (and cancelled by :meth:`close`); once
        closed nothing new starts: the HTTP session is about to go."""
        if self._closed:
            work.close()
            return None
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    def _update_ping(self, table_id: str, channel_id: int, table: TableSnapshot) -> None:
        """A new message mentions the person to act (an edit notifies nobody); the old one goes."""
        screen = self.screen(table_id)
        seat = table.to_act
        person = None
        if seat is not None and table.phase in ("contract", "play"):
            actor = table.seats[seat].person
            if actor:
                person = actor[2:]
                last = screen.active.get(actor)
                if last is not None and time.monotonic() - last < self.active_seconds:
                    person = None  # clicking through the game right now: their hand follows, no ping
        turn = (table.game_no, table.hand_no, table.phase, *table.trick_count, seat)
        current = screen.ping
        if current is not None and current.turn == turn:
            return
        deadline = None
        timeout = self.service.turn_timeout(table)
        if person and timeout:
            deadline = int(time.time() + timeout)
        lock = screen.ping_lock
        screen.ping = Ping(turn, person, None)
        self._spawn(self._repost_ping(table_id, channel_id, table, current, person, deadline, lock))

    async def _repost_ping(self, table_id: str, channel_id: int, table: TableSnapshot, old: Ping | None,
                           person: str | None, deadline: int | None, lock: asyncio.Lock) -> None:  # fmt: skip
        async with lock:
            try:
                if old is not None and old.message_id is not None:
                    await self._unpost(channel_id, old.message_id, old.via)
                if person is None:
                    return
                lang = self.table_lang(table)
                text = msg("ping.turn", lang, who=f"<@{person}>", id=table_id)
                if deadline is not None:
                    text += " " + msg("ping.deadline", lang, when=f"<t:{deadline}:R>")
                message_id, via = await self._public(table_id, channel_id, Priority.TURN, content=text,
                                                     mention=int(person))  # fmt: skip
                screen = self._screens.get(table_id)
                ping = screen.ping if screen else None
                if ping is not None and ping.person == person and ping.message_id is None:
                    ping.message_id, ping.via = message_id, via
                else:  # the turn moved on while this was posted
                    await self._unpost(channel_id, message_id, via)
            except discord.HTTPException as err:
                log.warning("table %s: turn ping failed: %s", table_id, err)

    def _schedule_edit(self, table_id: str, table: TableSnapshot) -> None:
        if self._closed:
            return
        screen = self.screen(table_id)
        screen.latest = table
        screen.stale = True  # seen by an edit in flight: it goes round once more
        if screen.pending is None or screen.pending.done():
            screen.pending = asyncio.create_task(self._edit_later(table_id, screen))

    def _pace(self, screen: Screen, channel_id: int) -> float:
        """Seconds until this table may edit again: one edit per ``edit_interval`` per table and per
        channel (the channel's tables share Discord's bucket), and what discord.py read of it."""
        now = time.monotonic()
        interval = self.edit_interval * (LINE_FACTOR if self._line_up(screen) else 1)
        if screen.latest is not None and self.in_browser(screen.latest):
            interval = max(interval, BROWSER_EDIT_INTERVAL)
        due = max(screen.last_edit + interval, self._channel_free.get(channel_id, 0.0))
        return max(due - now, rest.channel_wait(self.bot.http, "PATCH", channel_id, EDIT_ROUTE))

    @property
    def at_table(self) -> bool:
        """The bot has a web address: the table message offers "Spielen am Tisch"."""
        return self.bot.services is not None and bool(self.bot.live.base_url)

    def in_browser(self, table: TableSnapshot) -> bool:
        """Every person at the table plays at the live table in the browser now."""
        people = [seat for seat, s in enumerate(table.seats) if s.person]
        return self.bot.services is not None and self.bot.live.in_browser(table.table_id, people)

    def _paced(self, channel_id: int) -> None:
        now = time.monotonic()
        self._channel_free[channel_id] = now + self.edit_interval
        if len(self._channel_free) > 4096:  # channels long quiet need no entry
            self._channel_free = {c: t for c, t in self._channel_free.items() if t > now}

    async def _edit_later(self, table_id: str, screen: Screen) -> None:
        try:
            while True:  # the completed tricks not shown yet, then the table as it is now
                channel_id, message_id = await self.where(table_id)
                if channel_id:
                    wait = self._pace(screen, channel_id)
                    if wait > 0:
                        await asyncio.sleep(wait)
                table = self.service.in_memory(table_id) or screen.latest
                if not message_id or not channel_id or table is None or screen.forbidden:
                    screen.queued = None
                    return
                playing = table.phase in ("contract", "play", "hand_over")
                if playing and not screen.queued and (*_hand_key(table), _cards(table)) == screen.shown_cards:
                    # No new card: a deal, a contract, a hand's end. Such an update waits a little
                    # for the next card and goes with it: fewer requests, and no card waits for it.
                    update = screen.last_edit + UPDATE_FACTOR * self.edit_interval - time.monotonic()
                    if update > 0:
                        screen.wake.clear()
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(screen.wake.wait(), update)
                        continue
                queued = screen.queued
                if not queued:
                    screen.stale = False  # this pass shows the table as it is now
                if queued:
                    key, payload, count = queued.pop(0)
                else:
                    key, payload, count = _hand_key(table), self.payload(table), _cards(table)
                if screen.last_payload != payload:  # else nothing visible changed
                    screen.last_edit = time.monotonic()
                    self._paced(channel_id)
                    # The slot first (the bot's one budget), then the newest state: a wait for the
                    # budget never sends a table older than it is.
                    await budget_of(self.bot.http).take(Priority.RESULT if queued is not None else Priority.TABLE)
                    if queued is None:
                        table = self.service.in_memory(table_id) or table
                        key, payload, count = _hand_key(table), self.payload(table), _cards(table)
                    picture = payload.get("_picture")
                    if picture is not None and picture != screen.picture:
                        late = screen.last_upload + self.upload_interval - time.monotonic()
                        if late > 0:
                            # At most one picture a second per table: the text goes now (with the
                            # picture already there), the new picture once the second is over.
                            payload = {**payload, "_picture": screen.picture}
                            asyncio.get_running_loop().call_later(late, self._schedule_edit, table_id, table)
                    try:
                        body, files, shown = await self._files(table_id, payload)
                        table = self.service.in_memory(table_id) or table
                        if screen.hand_ending(key, table):  # new cards are dealt (or being dealt): that hand is over
                            if queued is None:
                                continue  # show the table as it is now instead
                        else:
                            if screen.post_lock.locked():
                                # A hand summary (with the hand's last trick) goes out first: every
                                # card is readable before the next hand's first card, whatever the pause.
                                async with screen.post_lock:
                                    pass
                            sent_at = time.monotonic()  # (the upload interval counts between requests)
                            await rest.edit_message(self.bot.http, channel_id, message_id, body, files, priority=None)
                            screen.last_payload = payload
                            screen.shown_cards = (*key, count)
                            self._sent(table_id, shown, sent_at)
                    except discord.Forbidden as err:
                        await self._forbidden(table_id, screen, err)
                    except discord.HTTPException as err:  # a 429 or 5xx discord.py gave up on: the next edit catches up
                        log.warning("table %s: message edit failed: %s", table_id, err)
                if queued is None and not screen.stale:
                    return  # (else the table moved while this edit was drawn or sent: again)
                if queued is not None and not queued and screen.queued is queued:  # (a new deal may have dropped it)
                    screen.queued = None
        finally:
            if self.service.in_memory(table_id) is None:  # evicted meanwhile: forget it now
                screen.pending = None
                self.forget(table_id)

    async def _forbidden(self, table_id: str, screen: Screen, err: discord.Forbidden) -> None:
        """Discord refused the bot in the table's channel (403): not retried; the host is told once,
        with the permissions the bot lacks there."""
        if screen.forbidden:
            return
        screen.forbidden = True
        screen.queued = None
        log.warning("table %s: Discord refuses the bot in channel %s (%s): its messages stop", table_id,
                    screen.channel_id, err.text)  # fmt: skip
        lang = screen.display.language if screen.display else self.bot.settings.language
        missing = "?"
        via = screen.interaction
        if via is not None:
            perms = via.app_permissions
            needed = ["view_channel", "send_messages", "embed_links", "attach_files", "read_message_history"]
            lacking = [msg(f"perm.{name}", lang) for name in needed if not getattr(perms, name)]
            missing = ", ".join(lacking) if lacking else msg("perm.unknown", lang)
        else:
            missing = msg("perm.unknown", lang)
        screen.notice = msg("err.forbidden_channel", lang, id=table_id, missing=missing)
        await self._tell_host(table_id, screen)

    async def _tell_host(self, table_id: str, screen: Screen) -> None:
        """Give the host the notice kept for them, privately, as soon as a click of theirs allows it."""
        via, host = screen.interaction, screen.latest.host if screen.latest else None
        if screen.notice is None or via is None or host != f"u:{via.user.id}":
            return
        if time.monotonic() - screen.interaction_at > TOKEN_LIFE:
            return
        try:
            await via.followup.send(screen.notice, ephemeral=True)
            screen.notice = None
        except discord.HTTPException as err:
            log.warning("table %s: the host could not be told: %s", table_id, err)

    # -- restarts, eviction, shutdown ---------------------------------------------------------

    def refresh_later(self, table_ids: list[str]) -> None:
        """After a restart: bring these tables' messages up to date (in the background)."""
        if table_ids:
            self.refresher = asyncio.create_task(self.refresh_restored(table_ids))

    async def refresh_restored(self, table_ids: list[str]) -> None:
        """Bring every restored table's message up to date and say that the table is live again."""
        for table_id in table_ids:
            table = self.service.in_memory(table_id)
            if table is None:
                continue
            try:
                channel_id, _ = await self.where(table_id)
                screen = self.screen(table_id)
                await self._clear_old_line(table_id, channel_id, screen)
                screen.note = msg("table.live_again", self.table_lang(table))
                screen.last_payload = None
                self._schedule_edit(table_id, table)
            except Exception:
                log.exception("table %s: its message could not be brought up to date", table_id)
        await self.flush()

    async def _clear_old_line(self, table_id: str, channel_id: int | None, screen: Screen) -> None:
        """Delete the live line a stopped process left in the channel (its token is gone: the bot token)."""
        line_id, screen.left_line = screen.left_line, None
        if line_id is None or not channel_id or (screen.line is not None and screen.line.message_id == line_id):
            return  # none, or the line of this process (play went on before this table's turn came)
        try:
            await self._unpost(channel_id, line_id, None)
        except discord.NotFound:
            pass  # deleted by someone meanwhile
        except discord.HTTPException as err:
            log.warning("table %s: the old live line could not be deleted: %s", table_id, err)
            return
        if screen.line is None:
            await self.service.set_line(table_id, None)

    def forget(self, table_id: str) -> None:
        """The service let a table go: drop what is kept of it (read again on demand)."""
        screen = self._screens.get(table_id)
        if screen is not None and screen.pending is not None and not screen.pending.done():
            return  # the edit in flight drops it when it is done
        self._screens.pop(table_id, None)

    def _edits(self) -> list[asyncio.Task[None]]:
        return [s.pending for s in self._screens.values() if s.pending is not None]

    async def flush(self) -> None:
        """Wait for every pending table-message edit (tests, shutdown)."""
        while pending := [t for t in (*self._edits(), *self._background) if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Send the edits still pending (a few seconds at most), so table messages are current."""
        self._closed = True
        if self.refresher is not None:
            self.refresher.cancel()
        pending = [t for t in (*self._edits(), *self._background) if not t.done()]
        if pending:
            _, late = await asyncio.wait(pending, timeout=FLUSH_ON_CLOSE)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)  # ended before the session closes
        if self.refresher is not None:
            await asyncio.gather(self.refresher, return_exceptions=True)
        self.renderer.close()
