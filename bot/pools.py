"""Worker pools started on first use: N processes (``spawn``: nothing of the bot is copied into
them, and their work runs outside the bot's GIL), or threads of the bot's own process when N is 0
(tests, small bots). Used by the picture renderer and the computer players' thinkers."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor


class LazyPool:
    def __init__(self, workers: int, threads: int, name: str) -> None:
        self.workers = workers  # processes; 0: ``threads`` threads instead
        self.threads = threads
        self.name = name
        self._pool: Executor | None = None

    @property
    def slots(self) -> int:
        """How many jobs run at once."""
        return self.workers if self.workers > 0 else self.threads

    def executor(self) -> Executor:
        if self._pool is None:
            if self.workers > 0:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
            else:
                self._pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix=self.name)
        return self._pool

    def close(self) -> None:
        """Stop the workers (jobs not yet started are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
