"""Which servers this process looks after when the bot runs as several processes.

Discord gives a server to shard ``(guild_id >> 22) % shard_count``; a process started with
``--shard-count N --shards 0-3`` connects those shards and restores and drives only the tables,
tournaments and challenges of their servers. Tables without a server (none today) belong to shard 0.
Each process claims its shards in the database (:class:`ShardClaim`), so a second process for the
same shards (or a second ``make run`` on the same database) is refused at start-up.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from bot.storage import Storage
from bot.storage.leases import Lease
from bot.storage.sql import IntegrityError


@dataclass(frozen=True)
class Shards:
    count: int = 1
    ids: tuple[int, ...] | None = None  # None: every shard (one process)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if self.ids is not None:
            bad = [i for i in self.ids if not 0 <= i < self.count]
            if bad or not self.ids:
                raise ValueError(f"shards must be between 0 and {self.count - 1}, got {list(self.ids)}")

    @staticmethod
    def shard_of(guild_id: int | None, count: int) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % count

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process looks after the server."""
        return self.ids is None or self.shard_of(guild_id, self.count) in self.ids

    @property
    def first(self) -> bool:
        """Whether this process holds shard 0 (it does the once-only work at start-up)."""
        return self.ids is None or 0 in self.ids

    @classmethod
    def parse(cls, count: int, text: str | None) -> Shards:
        """``--shards`` as ``0-3``, ``0,2,5`` or ``1``; None or empty: all of them."""
        if count < 1:
            raise ValueError(f"the shard count must be at least 1, got {count}")
        if not text:
            return cls(count, None)
        ids: set[int] = set()
        for part in text.replace(" ", "").split(","):
            low, _, high = part.partition("-")
            if not (low.isascii() and low.isdigit()) or (high and not (high.isascii() and high.isdigit())):
                raise ValueError(f"cannot read the shards {text[:40]!r}: write them as 0-3 or 0,2,5")
            first, last = int(low), int(high or low)
            if last >= count or first > last:  # checked before the range is built
                raise ValueError(f"shards must be between 0 and {count - 1}, got {part[:40]}")
            ids.update(range(first, last + 1))
        return cls(count, tuple(sorted(ids)))


ALL = Shards()


# -- claims: one process per shard ------------------------------------------------------------

LEASE_SECONDS = 90.0  # a claim not renewed for this long is free (the process is gone)


class ShardsTaken(Exception):
    """Another live bot process drives (some of) these shards: the message says which."""


def new_holder() -> str:
    """host:pid:instance, the instance a random id (two containers may share host name and pid 1)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(8)}"


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stamp(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


@dataclass
class ShardClaim:
    """This process's claim on its shards in the database (taken at start-up before Discord,
    renewed by the bot's ticker, dropped at the end). Two processes on one database never drive
    the same servers: the second one is refused, with who is in the way."""

    storage: Storage
    shards: Shards = ALL
    holder: str = field(default_factory=new_holder)
    wall: Callable[[], float] = time.time
    alive: Callable[[int], bool] = pid_alive
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    web_address: str = ""  # where this process's web server answers its peers (announce)

    @property
    def wanted(self) -> tuple[int, ...]:
        return self.shards.ids if self.shards.ids is not None else tuple(range(self.shards.count))

    def _gone(self, lease: Lease, now: float) -> bool:
        """The lease's process is gone: not renewed for LEASE_SECONDS, or (on this machine) its
        pid is dead. A claim with our own host and pid but another instance id is not taken for
        gone: it is either this container's previous run or a twin container (pid 1 on the same
        host name); :meth:`acquire` waits for it to run out to tell the two apart."""
        if now - datetime.fromisoformat(lease.renewed_at).timestamp() > LEASE_SECONDS:
            return True
        host, _, rest = lease.holder.partition(":")
        pid = rest.partition(":")[0]
        if host == socket.gethostname() and pid.isdigit() and int(pid) != os.getpid():
            return not self.alive(int(pid))
        return False

    def _twin(self, lease: Lease) -> bool:
        """A claim naming our host and pid under another instance id."""
        host, _, rest = lease.holder.partition(":")
        return host == socket.gethostname() and rest.partition(":")[0] == str(os.getpid())

    async def _in_the_way(self, now: float) -> tuple[list[Lease], set[str]]:
        in_the_way, stale = [], set()
        for lease in await self.storage.leases.held():
            if lease.holder == self.holder:
                continue
            if self._gone(lease, now):
                stale.add(lease.holder)
            elif lease.shard_count != self.shards.count or lease.shard in self.wanted:
                in_the_way.append(lease)
        return in_the_way, stale

    async def acquire(self) -> None:
        now = self.wall()
        in_the_way, stale = await self._in_the_way(now)
        if in_the_way and all(self._twin(lease) for lease in in_the_way):
            # Our previous run (a restarted container) stops renewing; a live twin renews: wait and see.
            newest = max(datetime.fromisoformat(lease.renewed_at).timestamp() for lease in in_the_way)
            await self.sleep(max(0.0, newest + LEASE_SECONDS - now) + 1.0)
            now = self.wall()
            in_the_way, stale = await self._in_the_way(now)
        if in_the_way:
            raise ShardsTaken(self._explain(in_the_way, now))
        try:
            await self.storage.leases.claim(
                self.shards.count, self.wanted, self.holder, _stamp(now), sorted(stale), self.web_address
            )
        except IntegrityError as err:  # another process claimed at the same moment
            raise ShardsTaken("another bot process claimed the same shards at the same moment") from err

    def _explain(self, leases: list[Lease], now: float) -> str:
        lease = leases[0]
        host, _, rest = lease.holder.partition(":")
        who = f"another bot process (host {host}, pid {rest.partition(':')[0]})"
        age = now - datetime.fromisoformat(lease.renewed_at).timestamp()
        left = max(0, int(LEASE_SECONDS - age))
        if lease.shard_count != self.shards.count:
            what = f"{who} runs with --shard-count {lease.shard_count}: every process needs the same shard count"
        else:
            taken = sorted(x.shard for x in leases if x.shard in self.wanted)
            what = f"{who} drives shard{'s' if len(taken) > 1 else ''} {', '.join(map(str, taken))}"
        return f"{what}; stop it first (if it is gone, its claim runs out in {left} s)"

    async def renew(self) -> bool:
        """Still ours? False: another process took the shards over (this one was stalled)."""
        return await self.storage.leases.renew(self.holder, _stamp(self.wall())) > 0

    async def announce(self, web_address: str) -> None:
        """This process's web server answers its peers at ``web_address`` (a page of one of its
        tables opened at another process is forwarded here)."""
        self.web_address = web_address
        await self.storage.leases.announce(self.holder, web_address)

    async def release(self) -> None:
        await self.storage.leases.release(self.holder)
