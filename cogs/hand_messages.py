"""The private hand messages follow the game: one click per card.

A player's hand is an ephemeral message, which the bot can edit only through the interaction
that showed it, for 15 minutes. Each time the bot shows or updates a hand it keeps that
interaction; when the turn comes back to the player (or a new hand is dealt) the message is
edited to the current cards, legal ones enabled, so the next card is one click. Past
``TOKEN_LIFE`` the player opens "My cards" again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import discord

from bot.game import TableSnapshot
from bot.game.events import Event, TurnReminder
from bot.services import TableService
from bot.texts import message as msg
from bot.texts.cards import Deck

from .buttons import as_view, release, with_link
from .emojis import CardEmojis
from .presenter import NO_FACES, hand_message, hand_state

log = logging.getLogger(__name__)
TOKEN_LIFE = 14 * 60.0  # seconds an interaction's token is used for (Discord's limit: 15 minutes)

Deck_for = Callable[[TableSnapshot, int, str], Deck]  # (table, user id, language) -> the reader's deck


@dataclass
class Shown:
    """The hand message a player has open: the interaction that showed it, when, and what it shows."""

    interaction: discord.Interaction
    at: float
    lang: str
    state: tuple[object, ...]


#: ``await links(table_id, seat, actor, lang)``: the seat's live-table address (None: none).
TableLink = Callable[[str, int, str, str], Awaitable[str | None]]


def add_table_link(view: discord.ui.View, url: str | None, lang: str) -> None:
    """The hand message's **Open the table** link button, where the message has room for it."""
    if url is not None and len(view.children) < 25:
        with contextlib.suppress(ValueError):  # every row full: the cards come first
            with_link(view, url, msg("live.open", lang))


class HandMessages:
    """Every open hand message, by table and player."""

    def __init__(self, service: TableService, deck_for: Deck_for, clock: Callable[[], float] = time.monotonic,
                 faces: CardEmojis = NO_FACES, links: TableLink | None = None):  # fmt: skip
        self.service = service
        self.links = links  # the link to the seat at the live table in the browser (a link button)
        self.deck_for = deck_for
        self.faces = faces
        self.clock = clock
        self._shown: dict[tuple[str, int], Shown] = {}
        self._acting: set[tuple[str, int]] = set()  # players whose own click is updating their hand
        self._tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._closed = False
        service.subscribe(self.on_events)
        service.on_evict(self.forget)

    def __len__(self) -> int:
        return len(self._shown)

    def shown(self, interaction: discord.Interaction, table: TableSnapshot, lang: str) -> None:
        """``interaction`` now shows the player's hand at ``table`` as it is."""
        seat = table.seat_of(f"u:{interaction.user.id}")
        if seat is None:
            return
        state = hand_state(table.view_for(seat))
        self._shown[(table.table_id, interaction.user.id)] = Shown(interaction, self.clock(), lang, state)

    def acting(self, table_id: str, user_id: int) -> _Acting:
        """While a player's own click is answered, their hand is not edited a second time."""
        return _Acting(self._acting, (table_id, user_id))

    async def on_events(self, table_id: str, events: Sequence[Event | TurnReminder], table: TableSnapshot) -> None:
        """Service subscriber: edit the hands whose player is to act again, or got new cards."""
        now = self.clock()
        for (tid, user_id), shown in list(self._shown.items()):
            if tid != table_id or (tid, user_id) in self._acting:
                continue
            if now - shown.at > TOKEN_LIFE:
                del self._shown[(tid, user_id)]
                continue
            seat = table.seat_of(f"u:{user_id}")
            if seat is None:
                del self._shown[(tid, user_id)]
                continue
            view = table.view_for(seat)
            state = hand_state(view)
            if state == shown.state or not (view.turn == seat or view.hand_no != shown.state[1]):
                continue
            shown.state = state
            key = (tid, user_id)
            old = self._tasks.get(key)
            if old is not None and not old.done():
                old.cancel()
            if self._closed:
                continue
            self._tasks[key] = asyncio.create_task(self._edit(key, table, seat, shown))

    async def _edit(self, key: tuple[str, int], table: TableSnapshot, seat: int, shown: Shown) -> None:
        view = table.view_for(seat)
        content, buttons = hand_message(view, shown.lang, self.deck_for(table, key[1], shown.lang), faces=self.faces)
        components = as_view(buttons)
        if self.links is not None:
            add_table_link(components, await self.links(table.table_id, seat, f"u:{key[1]}", shown.lang), shown.lang)
        try:
            await shown.interaction.edit_original_response(content=content, view=components, embed=None)
        except discord.HTTPException as err:  # the token expired or the message was dismissed
            log.info("table %s: hand of %s not updated: %s", key[0], key[1], err)
            self._shown.pop(key, None)
        finally:
            release(components)

    async def flush(self) -> None:
        """Wait for the hand edits under way (tests)."""
        while pending := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Let the edits under way finish (a moment), cancel what is left, start none after."""
        self._closed = True
        pending = [t for t in self._tasks.values() if not t.done()]
        if pending:
            _, late = await asyncio.wait(pending, timeout=2.0)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)

    def forget(self, table_id: str) -> None:
        for key in [k for k in self._shown if k[0] == table_id]:
            del self._shown[key]
        for key in [k for k in self._tasks if k[0] == table_id]:
            self._tasks.pop(key)


class _Acting:
    def __init__(self, acting: set[tuple[str, int]], key: tuple[str, int]) -> None:
        self._acting, self._key = acting, key

    def __enter__(self) -> None:
        self._acting.add(self._key)

    def __exit__(self, *exc: object) -> None:
        self._acting.discard(self._key)
