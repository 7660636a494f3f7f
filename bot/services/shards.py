"""Which servers this process looks after when the bot runs as several processes.

Discord gives a server to shard ``(guild_id >> 22) % shard_count``; a process started with
``--shard-count N --shards 0-3`` connects those shards and restores and drives only the tables,
tournaments and challenges of their servers. Tables without a server (none today) belong to shard 0.
"""

from __future__ import annotations

from dataclasses import dataclass


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
        if not text:
            return cls(count, None)
        ids: list[int] = []
        for part in text.replace(" ", "").split(","):
            low, _, high = part.partition("-")
            if not low.isdigit() or (high and not high.isdigit()):
                raise ValueError(f"cannot read the shards {text!r}: write them as 0-3 or 0,2,5")
            ids += range(int(low), int(high or low) + 1)
        return cls(count, tuple(sorted(set(ids))))


ALL = Shards()
