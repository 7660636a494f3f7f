"""Links to a seat at the live table in the browser (``bot/web/live.py``): signed with the bot's
secret, expiring, and bound to the person who sits in the seat: a link for another seat, a forged
or an expired one, or one whose seat has changed hands is refused. A spectator link shows the
public view only.

A token is ``<table>.<seat or ->.<expires>.<signature>``: the signature is an HMAC over the table,
the seat, the person's id and the expiry, so the id itself is not in the address.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.storage import Storage

from .tables import TableService, UnknownTable

#: How long a seat's link works (seconds); a hand message's link is made anew with each edit.
SEAT_TTL = 12 * 3600
#: The secret's name in the database.
KEY = "table-links"
_SEAT = re.compile(r"-|[0-9]{1,2}")
_EXPIRES = re.compile(r"[0-9]{1,12}")


class BadLink(ValueError):
    """A link that is not (or no longer) valid: ``reason`` says why (forged, expired, seat, or
    elsewhere: the table is played by another process, that of its server's shard)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Grant:
    """What a valid link allows: to see (and, with a seat, to play) one table."""

    table_id: str
    seat: int | None  # None: a spectator
    actor: str | None  # the person in the seat (None: a spectator)
    expires: int


class LiveLinks:
    def __init__(self, storage: Storage, tables: TableService, base_url: str = "",
                 clock: Callable[[], float] = time.time) -> None:  # fmt: skip
        self._store = storage.web
        self._tables = tables
        self.base_url = base_url.rstrip("/")
        self.clock = clock
        self._secret: bytes | None = None
        self._open: Counter[tuple[str, int]] = Counter()  # (table, seat) -> its pages open now

    # -- who plays in the browser now (the Discord layer edits such a table's message less often) --

    def opened(self, table_id: str, seat: int) -> None:
        """A page of the seat connected (``bot/web/live.py``)."""
        self._open[(table_id, seat)] += 1

    def closed(self, table_id: str, seat: int) -> None:
        self._open[(table_id, seat)] -= 1
        if self._open[(table_id, seat)] <= 0:
            del self._open[(table_id, seat)]

    def in_browser(self, table_id: str, seats: Iterable[int]) -> bool:
        """Every one of ``seats`` (the people's) has its page open now (and there is one at least)."""
        wanted = list(seats)
        return bool(wanted) and all(self._open[(table_id, seat)] > 0 for seat in wanted)

    async def _key(self) -> bytes:
        if self._secret is None:
            self._secret = (await self._store.key(KEY)).encode()
        return self._secret

    async def seal(self, message: str) -> str:
        """A signature of ``message`` under the bot's key (a ticket a page hands back unchanged)."""
        return hmac.new(await self._key(), b"ticket|" + message.encode(), hashlib.sha256).hexdigest()[:32]

    async def sealed(self, message: str, signature: str) -> bool:
        return hmac.compare_digest(await self.seal(message), signature)

    def _sign(self, key: bytes, table_id: str, seat: int | None, actor: str, expires: int) -> str:
        message = f"{table_id}|{'-' if seat is None else seat}|{actor}|{expires}".encode()
        return hmac.new(key, message, hashlib.sha256).hexdigest()[:32]

    async def token(self, table_id: str, seat: int | None, actor: str = "", ttl: int = SEAT_TTL) -> str:
        """A token for ``seat`` (None: a spectator) of the person ``actor``, valid for ``ttl`` seconds."""
        expires = int(self.clock()) + ttl
        signature = self._sign(await self._key(), table_id, seat, actor if seat is not None else "", expires)
        return f"{table_id}.{'-' if seat is None else seat}.{expires}.{signature}"

    async def link(self, table_id: str, seat: int | None, actor: str = "", ttl: int = SEAT_TTL) -> str | None:
        """The address of the live table for a seat (None when the bot has no ``web.base_url``)."""
        if not self.base_url:
            return None
        return f"{self.base_url}/table/{await self.token(table_id, seat, actor, ttl)}"

    async def verify(self, token: str) -> Grant:
        """The grant of a token (BadLink: forged, expired, or its seat has changed hands)."""
        parts = token.split(".")
        if len(parts) != 4 or not _EXPIRES.fullmatch(parts[2]) or not _SEAT.fullmatch(parts[1]):
            raise BadLink("forged")  # ASCII digits only: "²" is a digit to str.isdigit, not to int()
        table_id, seat_s, expires_s, signature = parts
        seat = None if seat_s == "-" else int(seat_s)
        expires = int(expires_s)
        try:
            snapshot = await self._tables.table(table_id)
            guild, _, _ = await self._tables.place(table_id)
        except UnknownTable as err:
            raise BadLink("forged") from err
        if guild is not None and not self._tables.shards.owns(guild):
            raise BadLink("elsewhere")  # another process (its server's shard) plays this table
        actor = ""
        if seat is not None:
            if not 0 <= seat < len(snapshot.seats):
                raise BadLink("forged")
            actor = snapshot.seats[seat].actor or ""
        expected = self._sign(await self._key(), table_id, seat, actor, expires)
        if not hmac.compare_digest(expected, signature):
            raise BadLink("seat" if seat is not None else "forged")
        if expires < self.clock():
            raise BadLink("expired")
        return Grant(table_id, seat, actor or None, expires)
