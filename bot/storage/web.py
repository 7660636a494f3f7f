"""The servers' public web pages in the database: which server switched them on, under which random
slug, and the secret that keys its people's page addresses. Goes through the storage's database."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .rows import timestamp

if TYPE_CHECKING:
    from .sql import Database

#: Bytes of randomness in a slug (URL-safe base64: 16 characters) and in a server's secret.
SLUG_BYTES, SECRET_BYTES = 12, 32


@dataclass(frozen=True)
class Site:
    """One server's pages: its slug, its secret, and whether they are on."""

    guild_id: int
    slug: str
    secret: str
    enabled: bool


class WebStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def site(self, guild_id: int) -> Site | None:
        row = await self.db.fetchone(
            "SELECT guild_id, slug, secret, enabled FROM web_sites WHERE guild_id = ?", (guild_id,)
        )
        return Site(int(row[0]), row[1], row[2], bool(row[3])) if row else None

    async def by_slug(self, slug: str) -> Site | None:
        row = await self.db.fetchone("SELECT guild_id, slug, secret, enabled FROM web_sites WHERE slug = ?", (slug,))
        return Site(int(row[0]), row[1], row[2], bool(row[3])) if row else None

    async def switch(self, guild_id: int, enabled: bool) -> Site:
        """Switch a server's pages on or off; the first switch draws its slug and secret, later ones
        keep them (links shared before work again)."""
        now = timestamp()
        await self.db.execute(
            "INSERT INTO web_sites (guild_id, slug, secret, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at",
            (guild_id, secrets.token_urlsafe(SLUG_BYTES), secrets.token_hex(SECRET_BYTES), int(enabled), now, now),
        )
        site = await self.site(guild_id)
        assert site is not None
        return site

    async def key(self, name: str) -> str:
        """The bot's secret ``name`` (drawn the first time it is asked for, by whichever process; read
        without writing once it is there)."""
        found: str | None = await self.db.fetchval("SELECT secret FROM web_keys WHERE name = ?", (name,))
        if found is not None:
            return found
        await self.db.execute(
            "INSERT OR IGNORE INTO web_keys (name, secret, created_at) VALUES (?, ?, ?)",
            (name, secrets.token_hex(SECRET_BYTES), timestamp()),
        )
        secret: str = await self.db.fetchval("SELECT secret FROM web_keys WHERE name = ?", (name,))
        return secret

    async def tournament_ids(self, guild_id: int, kind: str = "tournament") -> list[str]:
        """Every tournament of a server (sign-up, running, finished, cancelled), newest first."""
        rows = await self.db.fetchall(
            "SELECT id FROM tournaments WHERE guild_id = ? AND kind = ? ORDER BY created_at DESC, id", (guild_id, kind)
        )
        return [row[0] for row in rows]

    async def games_stamp(self, guild_id: int) -> tuple[int, str]:
        """(games, the last one's end) of a server's recorded games: changes whenever one is added,
        so that what is read from them can be kept until then."""
        row = await self.db.fetchone(
            "SELECT count(*), max(finished_at) FROM stat_games WHERE guild_id = ?", (guild_id,)
        )
        return (int(row[0]), str(row[1] or "")) if row else (0, "")

    async def games_of_table(self, guild_id: int, table_id: str) -> list[int]:
        """The recorded (finished) games of one of the server's tables."""
        rows = await self.db.fetchall(
            "SELECT game FROM stat_games WHERE guild_id = ? AND table_id = ? ORDER BY game", (guild_id, table_id)
        )
        return [int(row[0]) for row in rows]
