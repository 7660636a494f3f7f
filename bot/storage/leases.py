"""Which process drives which shards: claims in the database, so that two bot processes never
drive the same servers' tables (several processes, or a second ``make run`` by mistake)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .sql import Database


@dataclass(frozen=True)
class Lease:
    shard: int
    shard_count: int
    holder: str
    renewed_at: str
    web_address: str = ""  # where the process's web server answers its peers ("": it serves no pages)


class LeaseStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def held(self) -> list[Lease]:
        rows = await self.db.fetchall(
            "SELECT shard, shard_count, holder, renewed_at, web_address FROM shard_leases ORDER BY shard"
        )
        return [Lease(*row) for row in rows]

    async def claim(self, shard_count: int, shards: tuple[int, ...], holder: str, now: str,
                    stale: list[str], web_address: str = "") -> None:  # fmt: skip
        """Take ``shards`` for ``holder`` in one transaction: every lease of ``stale`` holders
        (gone, or expired) is dropped first. The caller has checked that no live holder is in
        the way; a lease taken meanwhile by another process makes this fail (a key conflict)."""
        async with self.db.transaction() as tx:
            for old in stale:
                await tx.execute("DELETE FROM shard_leases WHERE holder = ?", (old,))
            await tx.execute("DELETE FROM shard_leases WHERE holder = ?", (holder,))
            await tx.executemany(
                "INSERT INTO shard_leases (shard, shard_count, holder, renewed_at, web_address) VALUES (?, ?, ?, ?, ?)",
                [(shard, shard_count, holder, now, web_address) for shard in shards],
            )

    async def renew(self, holder: str, now: str) -> int:
        """The holder is alive; returns the leases it still has (0: another process took them)."""
        return await self.db.execute("UPDATE shard_leases SET renewed_at = ? WHERE holder = ?", (now, holder))

    async def announce(self, holder: str, web_address: str) -> None:
        """Where the holder's web server answers its peers (bot/services/peers.py)."""
        await self.db.execute("UPDATE shard_leases SET web_address = ? WHERE holder = ?", (web_address, holder))

    async def release(self, holder: str) -> None:
        await self.db.execute("DELETE FROM shard_leases WHERE holder = ?", (holder,))
