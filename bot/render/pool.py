"""Pictures drawn off the event loop: in worker processes (outside the GIL), or in a thread.

A busy bot draws many table pictures a second (about 7 ms each); drawn in the bot's own
process they would take the event loop's core. ``Renderer(workers=N)`` draws them in N
worker processes, started on first use (``spawn``: nothing of the bot is copied into them);
``workers=0`` draws in a thread of the bot's process (tests, small bots).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from bot.pools import LazyPool

from .pad import PadPicture, pad_png
from .table import SlatePicture, TablePicture, slate_png, table_png


class Picture(Protocol):
    """A picture a summary posts (the Jasstafel, the score pad, a kind's own): it draws itself."""

    metric: ClassVar[str]  # its name in the operators' metrics
    file_name: ClassVar[str]  # the attachment's name

    def png(self) -> bytes: ...


def png_of(picture: Picture) -> bytes:
    """``picture`` drawn (a module-level function: the worker processes call it)."""
    return picture.png()


class Renderer:
    """Draws table pictures and Jasstafeln as PNG bytes without blocking the event loop."""

    def __init__(self, workers: int = 1, observe: Callable[[str, float], None] | None = None) -> None:
        self.workers = workers
        self.pool = LazyPool(workers, threads=1, name="render")
        self.observe = observe  # (picture, seconds) of each picture drawn: the operators' metrics

    async def _draw(self, name: str, draw: Callable[[Any], bytes], picture: Any) -> bytes:
        started = time.perf_counter()
        png = await asyncio.get_running_loop().run_in_executor(self.pool.executor(), draw, picture)
        if self.observe is not None:
            self.observe(name, time.perf_counter() - started)
        return png

    async def table(self, picture: TablePicture) -> bytes:
        return await self._draw("table", table_png, picture)

    async def slate(self, picture: SlatePicture) -> bytes:
        return await self._draw("jasstafel", slate_png, picture)

    async def picture(self, picture: Picture) -> bytes:
        """Any picture that draws itself (a kind's own, as Coiffeur's Tafel)."""
        return await self._draw(picture.metric, png_of, picture)

    async def pad(self, picture: PadPicture) -> bytes:
        return await self._draw("pad", pad_png, picture)

    def close(self) -> None:
        """Stop the workers (pictures being drawn are dropped)."""
        self.pool.close()
