"""The bot's processes as one web site: when the bot runs as several shard processes behind one
``web.base_url``, a page of a table that another process plays is forwarded to that process
(``bot/web/forward.py``). Each process announces where its web server answers its peers beside its
shard claims (``shard_leases.web_address``); a table's server says its shard, the claims say whose.

A forwarded request carries who the client is, vouched for by the forwarding process with a key
of the bot's own (the same for every process on the database): the owner keys its rate limit by
that client, not by the peer, and a header a client writes itself is worth nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable

from bot.storage import Storage

from .shards import Shards

#: The key's name in the database (``web_keys``).
KEY = "web-peers"
#: How long the claims read are used before they are read again (seconds).
CLAIMS_TTL = 2.0
#: How long a vouched client stays good (seconds): a forwarded request is made at once.
VOUCH_TTL = 60


class Peers:
    """Where a table's pages are served, and the vouching of forwarded clients."""

    def __init__(self, storage: Storage, shards: Shards, holder: str = "",
                 clock: Callable[[], float] = time.time) -> None:  # fmt: skip
        self.storage = storage
        self.shards = shards
        self.holder = holder  # this process's claim (its own address is never a peer's)
        self.clock = clock
        self._key: bytes | None = None
        self._claims: tuple[float, dict[int, tuple[str, str]]] | None = None  # (read at, shard -> holder, address)

    async def address_of(self, guild_id: int | None) -> str | None:
        """The web address of the process that plays the server's tables (None: none announced, or
        this process itself)."""
        now = time.monotonic()
        if self._claims is None or now - self._claims[0] > CLAIMS_TTL:
            held = await self.storage.leases.held()
            count = self.shards.count
            self._claims = (now, {x.shard: (x.holder, x.web_address) for x in held if x.shard_count == count})
        found = self._claims[1].get(Shards.shard_of(guild_id, self.shards.count))
        if found is None or not found[1] or found[0] == self.holder:
            return None
        return found[1]

    async def _secret(self) -> bytes:
        if self._key is None:
            self._key = (await self.storage.web.key(KEY)).encode()
        return self._key

    def _sign(self, key: bytes, client: str, expires: int) -> str:
        return hmac.new(key, f"{client}|{expires}".encode(), hashlib.sha256).hexdigest()[:32]

    async def vouch(self, client: str) -> str:
        """The header a forwarded request carries: ``<client> <expires> <signature>``."""
        client = client.replace(" ", "")[:64]
        expires = int(self.clock()) + VOUCH_TTL
        return f"{client} {expires} {self._sign(await self._secret(), client, expires)}"

    async def vouched(self, header: str) -> str | None:
        """The client a peer vouched for, or None (a header a client wrote, or an old one)."""
        parts = header.split(" ")
        if len(parts) != 3 or not parts[1].isascii() or not parts[1].isdigit() or len(parts[1]) > 12:
            return None
        client, expires = parts[0], int(parts[1])
        expected = self._sign(await self._secret(), client, expires)
        if expires < self.clock() or not hmac.compare_digest(expected, parts[2]):
            return None
        return client
