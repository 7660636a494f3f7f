"""The public table messages: where each table's message is, coalesced edits, summaries, reminders.

One message per table, posted in its channel and edited as play goes. The table service
calls :meth:`TableMessages.on_events` after every committed command; edits are coalesced
(at most one per ``edit_interval`` per table) and identical ones skipped. What is kept per
table is dropped when the service lets the table go (:meth:`forget`), and read again from the
database when it comes back.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.game import Table
from bot.game.events import Event, TurnReminder
from bot.render.pool import Renderer
from bot.render.table import SlatePicture, TablePicture
from bot.services import TableService, UnknownTable
from bot.texts import message as msg
from bot.texts.cards import Deck, deck_for

from . import rest
from .emojis import CardEmojis
from .presenter import (
    NO_FACES,
    mentions_of,
    slate_picture,
    summary_embed,
    table_payload,
    table_picture,
    table_title,
)

if TYPE_CHECKING:
    from bot.client import JassBot

log = logging.getLogger(__name__)


@dataclass
class Ping:
    """The message that mentions the person to act: which turn, whom, and its id once posted."""

    turn: tuple[object, ...]
    person: str | None
    message_id: int | None


EDIT_INTERVAL = 0.3  # seconds between two edits of one table message (Discord's rate limits still apply)
UPLOAD_INTERVAL = 1.0  # seconds: at most one new table picture per table per second
TABLE_PNG, SLATE_PNG = "table.png", "jasstafel.png"
FLUSH_ON_CLOSE = 5.0  # seconds to wait for pending edits when the cog unloads
ACTIVE_SECONDS = 30.0  # a person who acted this recently is clicking through the game: no turn ping


HandKey = tuple[int, int]


def _hand_key(table: Table) -> HandKey:
    """Which hand a message shows (game, hand): a trick of a hand that is over is no longer sent."""
    return table.game_no, table.hand_no


class TableMessages:
    """Every table's public message, for one bot."""

    def __init__(self, bot: JassBot, service: TableService, faces: CardEmojis = NO_FACES) -> None:
        self.bot = bot
        self.service = service
        self.faces = faces
        self.renderer = Renderer(getattr(bot.settings, "render_workers", 1))
        self.edit_interval = EDIT_INTERVAL
        self.upload_interval = UPLOAD_INTERVAL
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._last_edit: dict[str, float] = {}
        self._last_payload: dict[str, dict[str, Any]] = {}  # table -> last edit sent (skip identical edits)
        self._languages: dict[str, str] = {}  # table -> language of its public messages
        self._decks: dict[str, str] = {}  # table -> deck of its public messages
        self._where: dict[str, tuple[int, int | None]] = {}  # table -> (channel id, table message id)
        self._latest: dict[str, Table] = {}  # table -> the table as its last events left it (for the edit)
        self._notes: dict[str, str] = {}  # table -> a line for its next edit only ("live again")
        self._snapshots: dict[str, list[tuple[HandKey, dict[str, Any]]]] = {}  # table -> completed tricks not shown yet
        self._switches: dict[str, dict[str, str]] = {}  # table -> {"pings": on/off, "images": on/off}
        self._pings: dict[str, Ping] = {}  # table -> the turn ping posted now
        self._ping_locks: dict[str, asyncio.Lock] = {}
        self._post_locks: dict[str, asyncio.Lock] = {}  # table -> hand summaries posted in order
        self._stale: dict[str, bool] = {}  # table -> moved since its edit in flight was built
        self._background: set[asyncio.Task[None]] = set()  # pings and hand summaries being sent
        self._pictures: dict[str, TablePicture] = {}  # table -> the picture its message shows
        self._labels: dict[str, str] = {}  # table -> the name of a tournament's or challenge's table
        self._active: dict[str, dict[str, float]] = {}  # table -> person -> when they last acted
        self.active_seconds = ACTIVE_SECONDS
        self._last_upload: dict[str, float] = {}
        self.refresher: asyncio.Task[None] | None = None
        self._closed = False
        service.subscribe(self.on_events)
        service.before_deal(self.summaries_sent)
        service.on_evict(self.forget)

    def caches(self) -> tuple[dict[str, Any], ...]:
        """What is kept per table (tests look at it to see that nothing piles up)."""
        return (self._pending, self._last_edit, self._last_payload, self._languages, self._decks, self._where,
                self._latest, self._notes, self._snapshots, self._switches, self._pings, self._ping_locks,
                self._post_locks, self._stale,
                self._pictures, self._last_upload, self._labels, self._active)  # fmt: skip

    # -- language and deck of a table ---------------------------------------------------------

    def set_display(self, table_id: str, lang: str, deck: str, pings: str = "on", images: str = "on",
                    label: str | None = None) -> None:  # fmt: skip
        self._languages[table_id] = lang
        self._decks[table_id] = deck
        self._switches[table_id] = {"pings": pings, "images": images}
        if label:
            self._labels[table_id] = label

    def title(self, table: Table, lang: str | None = None) -> str:
        """The table's name and game: "Annas Tisch · Schieber auf 2500", or a tournament's table."""
        return table_title(table, lang or self.table_lang(table), self._labels.get(table.table_id))

    def switch(self, table_id: str, name: str) -> bool:
        """A table's server setting ``pings`` or ``images`` (on unless the server turned it off)."""
        return self._switches.get(table_id, {}).get(name, "on") != "off"

    def table_lang(self, table: Table) -> str:
        """Language of a table's public messages: the server's setting when the table was opened."""
        return self._languages.get(table.table_id, self.bot.settings.language)

    def table_deck(self, table: Table, lang: str | None = None) -> Deck:
        return deck_for(lang or self.table_lang(table), table.rules, self._decks.get(table.table_id))

    def payload(self, table: Table) -> dict[str, Any]:
        """The table message as raw JSON; with pictures on, its picture under ``_picture`` (not sent)."""
        view, lang, deck = table.view_for(None), self.table_lang(table), self.table_deck(table)
        title = self.title(table, lang)
        picture = table_picture(view, lang, deck, title) if self.switch(table.table_id, "images") else None
        body = table_payload(view, lang, deck, mentions_of(table), self._notes.get(table.table_id),
                             image=TABLE_PNG if picture else None, faces=self.faces, title=title,
                             new_game=table.table_id not in self._labels)  # fmt: skip
        if picture is not None:
            body["_picture"] = picture
        return body

    async def _files(self, table_id: str, payload: dict[str, Any]) -> tuple[dict[str, Any], rest.Files, Any]:
        """The JSON to send, the picture to attach (rendered off the event loop, only when it changed)
        and what that picture shows (remembered by ``_sent`` once the message went out)."""
        body = dict(payload)
        picture = body.pop("_picture", None)
        if picture is None or picture == self._pictures.get(table_id):
            return body, (), None  # no picture, or the one sent last stays
        data = await self.renderer.table(picture)
        return body, ((TABLE_PNG, data),), picture

    def _sent(self, table_id: str, picture: TablePicture | None) -> None:
        if picture is not None:
            self._pictures[table_id] = picture
            self._last_upload[table_id] = time.monotonic()

    # -- posting and editing ------------------------------------------------------------------

    async def post(self, table: Table, channel_id: int) -> None:
        """Post the table message (again) in the channel; later edits go to this one."""
        payload = self.payload(table)
        self._pictures.pop(table.table_id, None)  # a new message needs its picture
        body, files, picture = await self._files(table.table_id, payload)
        message_id = await rest.post_message(self.bot.http, channel_id, body, files)
        self._sent(table.table_id, picture)
        self._where[table.table_id] = (channel_id, message_id)
        self._last_payload[table.table_id] = payload
        await self.service.set_message(table.table_id, channel_id, message_id)
        # Moves made while the message was on its way (computers start at once) reached no message:
        # show the table as it is now, and ping the person whose turn it already is.
        try:
            live = await self.service.get(table.table_id)
        except UnknownTable:  # ended and unreadable meanwhile: the message shows what it was
            return
        if live.seq != table.seq:
            self._schedule_edit(table.table_id, live)
        if self.switch(table.table_id, "pings"):
            self._update_ping(table.table_id, channel_id, live)

    async def where(self, table_id: str) -> tuple[int | None, int | None]:
        """Channel and table message of a table (read from the database once, then kept)."""
        if table_id not in self._where:
            meta = await self.service.meta(table_id)
            if not meta or not meta["channel_id"]:
                return None, None
            self._where[table_id] = (meta["channel_id"], meta["message_id"])
            if meta.get("language"):
                self._languages.setdefault(table_id, meta["language"])
            if meta.get("deck"):
                self._decks.setdefault(table_id, meta["deck"])
            switches = {k: meta[k] for k in ("pings", "images") if meta.get(k)}
            self._switches.setdefault(table_id, switches)
            if meta.get("label"):
                self._labels.setdefault(table_id, meta["label"])
        return self._where[table_id]

    async def on_events(self, table_id: str, events: Sequence[Event | TurnReminder], table: Table) -> None:
        """Service subscriber: hand summaries, results and reminders posted; the table edit coalesced."""
        channel_id, _ = await self.where(table_id)
        lang = self.table_lang(table)
        for ev in events:
            if ev["type"] == "turn_reminder":
                who = mentions_of(table).get(ev["seat"])
                if who and channel_id:
                    channel = self.bot.get_partial_messageable(channel_id)
                    await channel.send(msg("table.reminder", lang, who=who),
                                       allowed_mentions=discord.AllowedMentions(users=True))  # fmt: skip
                return
            if (ev["type"] == "hand_scored" or ev["type"] == "game_over") and channel_id:
                view = table.view_for(None)
                embed = summary_embed(
                    view, ev, lang, self.table_deck(table), mentions_of(table), self.title(table, lang)
                )
                # The Jasstafel after every hand, and the final one; posted in the background (in
                # order), so the click that ended the hand is answered without waiting for it.
                slate = slate_picture(view, ev, lang) if self.switch(table_id, "images") else None
                lock = self._post_locks.setdefault(table_id, asyncio.Lock())
                task = asyncio.create_task(self._post_summary(table_id, channel_id, embed, slate, lock))
                self._background.add(task)
                task.add_done_callback(self._background.discard)
        self._notes.pop(table_id, None)  # play goes on: the "live again" line has done its job
        if any(ev["type"] == "hand_dealt" for ev in events):
            self._snapshots.pop(table_id, None)  # a trick of the hand before is no news once new cards are out
        if any(ev["type"] == "trick" for ev in events):
            # Every card is seen: the table as the trick ended is shown, however fast play goes on.
            self._snapshots.setdefault(table_id, []).append((_hand_key(table), self.payload(table)))
        self._schedule_edit(table_id, table)
        now = time.monotonic()
        for ev in events:
            if ev["type"] in ("card", "contract", "schieben", "stoeck_preshown") and "seat" in ev:
                s = table.seats[ev["seat"]]
                if s.actor and s.actor.startswith("u:") and not s.standin:
                    self._active.setdefault(table_id, {})[s.actor] = now
        if channel_id and self.switch(table_id, "pings"):
            self._update_ping(table_id, channel_id, table)

    async def summaries_sent(self, table_id: str) -> None:
        """Wait until the table's hand summaries (with the hand's last trick) are posted: the
        service deals the next hand after this, so every card is readable before new ones."""
        lock = self._post_locks.get(table_id)
        if lock is not None:
            async with lock:
                pass

    async def _post_summary(self, table_id: str, channel_id: int, embed: discord.Embed, slate: SlatePicture | None,
                            lock: asyncio.Lock) -> None:  # fmt: skip
        async with lock:
            try:
                channel = self.bot.get_partial_messageable(channel_id)
                if slate is None:
                    await channel.send(embed=embed)
                    return
                data = await self.renderer.slate(slate)
                embed.set_image(url=f"attachment://{SLATE_PNG}")
                await channel.send(embed=embed, file=discord.File(io.BytesIO(data), filename=SLATE_PNG))
            except discord.HTTPException as err:
                log.warning("table %s: hand summary not posted: %s", table_id, err)

    # -- turn pings ---------------------------------------------------------------------------

    def _update_ping(self, table_id: str, channel_id: int, table: Table) -> None:
        """A new message mentions the person to act (an edit notifies nobody); the old one goes."""
        seat = table.to_act
        person = None
        if seat is not None and table.phase in ("contract", "play"):
            s = table.seats[seat]
            if s.actor and s.actor.startswith("u:") and not s.standin:
                person = s.actor[2:]
                last = self._active.get(table_id, {}).get(s.actor)
                if last is not None and time.monotonic() - last < self.active_seconds:
                    person = None  # clicking through the game right now: their hand follows, no ping
        hand = table.hand
        turn = (table.game_no, table.hand_no, str(table.phase), len(hand.tricks) if hand else 0,
                len(hand.trick) if hand else 0, seat)  # fmt: skip
        current = self._pings.get(table_id)
        if current is not None and current.turn == turn:
            return
        deadline = None
        timeout = self.service.turn_timeout(table)
        if person and timeout:
            deadline = int(time.time() + timeout)
        lock = self._ping_locks.setdefault(table_id, asyncio.Lock())
        self._pings[table_id] = Ping(turn, person, None)
        task = asyncio.create_task(self._repost_ping(table_id, channel_id, table, current, person, deadline, lock))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _repost_ping(self, table_id: str, channel_id: int, table: Table, old: Ping | None, person: str | None,
                           deadline: int | None, lock: asyncio.Lock) -> None:  # fmt: skip
        async with lock:
            try:
                if old is not None and old.message_id is not None:
                    await rest.delete_message(self.bot.http, channel_id, old.message_id)
                if person is None:
                    return
                lang = self.table_lang(table)
                text = msg("ping.turn", lang, who=f"<@{person}>", id=table_id)
                if deadline is not None:
                    text += " " + msg("ping.deadline", lang, when=f"<t:{deadline}:R>")
                payload = {"content": text, "allowed_mentions": {"parse": [], "users": [int(person)]}}
                message_id = await rest.post_message(self.bot.http, channel_id, payload)
                ping = self._pings.get(table_id)
                if ping is not None and ping.person == person and ping.message_id is None:
                    ping.message_id = message_id
                else:  # the turn moved on while this was posted
                    await rest.delete_message(self.bot.http, channel_id, message_id)
            except discord.HTTPException as err:
                log.warning("table %s: turn ping failed: %s", table_id, err)

    def _schedule_edit(self, table_id: str, table: Table) -> None:
        if self._closed:
            return
        self._latest[table_id] = table
        self._stale[table_id] = True  # seen by an edit in flight: it goes round once more
        if table_id not in self._pending or self._pending[table_id].done():
            self._pending[table_id] = asyncio.create_task(self._edit_later(table_id))

    async def _edit_later(self, table_id: str) -> None:
        try:
            while True:  # the completed tricks not shown yet, then the table as it is now
                wait = self._last_edit.get(table_id, 0) + self.edit_interval - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                channel_id, message_id = await self.where(table_id)
                table = self.service.in_memory(table_id) or self._latest.get(table_id)
                if not message_id or not channel_id or table is None:
                    self._snapshots.pop(table_id, None)
                    return
                queued = self._snapshots.get(table_id)
                if not queued:
                    self._stale.pop(table_id, None)  # this pass shows the table as it is now
                key, payload = queued.pop(0) if queued else (_hand_key(table), self.payload(table))
                if self._last_payload.get(table_id) != payload:  # else nothing visible changed
                    picture = payload.get("_picture")
                    if picture is not None and picture != self._pictures.get(table_id):
                        late = self._last_upload.get(table_id, 0) + self.upload_interval - time.monotonic()
                        if late > 0:
                            # At most one picture a second per table: the text goes now (with the
                            # picture already there), the new picture once the second is over.
                            payload = {**payload, "_picture": self._pictures.get(table_id)}
                            asyncio.get_running_loop().call_later(late, self._schedule_edit, table_id, table)
                    self._last_edit[table_id] = time.monotonic()
                    try:
                        body, files, shown = await self._files(table_id, payload)
                        table = self.service.in_memory(table_id) or table
                        if key != _hand_key(table):  # new cards were dealt meanwhile: that hand is over
                            if queued is None:
                                continue  # show the table as it is now instead
                        else:
                            summary = self._post_locks.get(table_id)
                            if summary is not None and summary.locked():
                                # A hand summary (with the hand's last trick) goes out first: every
                                # card is readable before the next hand's first card, whatever the pause.
                                async with summary:
                                    pass
                            await rest.edit_message(self.bot.http, channel_id, message_id, body, files)
                            self._last_payload[table_id] = payload
                            self._sent(table_id, shown)
                    except discord.HTTPException as err:
                        log.warning("table %s: message edit failed: %s", table_id, err)
                if queued is None and not self._stale.get(table_id):
                    return  # (else the table moved while this edit was drawn or sent: again)
                if (
                    queued is not None and not queued and self._snapshots.get(table_id) is queued
                ):  # (a new deal may have dropped it)
                    del self._snapshots[table_id]
        finally:
            if self.service.in_memory(table_id) is None:  # evicted meanwhile: forget it now
                self._pending.pop(table_id, None)
                self.forget(table_id)

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
                await self.where(table_id)
                self._notes[table_id] = msg("table.live_again", self.table_lang(table))
                self._last_payload.pop(table_id, None)
                self._schedule_edit(table_id, table)
            except Exception:
                log.exception("table %s: its message could not be brought up to date", table_id)
        await self.flush()

    def forget(self, table_id: str) -> None:
        """The service let a table go: drop what is kept of it (read again on demand)."""
        pending = self._pending.get(table_id)
        if pending is not None and not pending.done():
            return  # the edit in flight drops them when it is done
        for cache in self.caches():
            cache.pop(table_id, None)

    async def flush(self) -> None:
        """Wait for every pending table-message edit (tests, shutdown)."""
        while pending := [t for t in (*self._pending.values(), *self._background) if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Send the edits still pending (a few seconds at most), so table messages are current."""
        self._closed = True
        if self.refresher is not None:
            self.refresher.cancel()
        pending = [t for t in (*self._pending.values(), *self._background) if not t.done()]
        if pending:
            _, late = await asyncio.wait(pending, timeout=FLUSH_ON_CLOSE)
            for task in late:
                task.cancel()
        self.renderer.close()
