"""The coach as a service: a finished hand's review for one of its players, computed in the
computer players' pool (off the event loop) within a time budget, and cached."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from functools import partial

from bot.ai.review import WORLDS, NotReviewable, Review, finished_hands, review_hand

from .tables import TableService

__all__ = ["NotReviewable", "Review", "Reviews"]

BUDGET = 8.0  # seconds a review may think (its cards then get fewer deals each)
KEPT = 256  # reviews kept


class Reviews:
    def __init__(self, tables: TableService, worlds: int = WORLDS, budget: float = BUDGET) -> None:
        self._tables = tables
        self.worlds = worlds
        self.budget = budget
        self._cache: OrderedDict[tuple[str, int, int, int], Review] = OrderedDict()

    async def review(self, table_id: str, actor: str, hand: int | None = None) -> Review:
        """``actor``'s decisions in a finished hand of the table's latest game (``hand``: its
        number; default: the last finished one). Raises :class:`NotReviewable` (``not_seated``,
        ``no_hand``, ``other_game``) and the table service's errors."""
        table = await self._tables.get(table_id)
        seat = table.seat_of(actor)
        if seat is None:
            raise NotReviewable("not_seated")
        events = await self._tables.events(table_id)
        done = finished_hands(events)
        game = max((g for g, _ in done), default=0)
        hands = [h for g, h in done if g == game]
        if not hands or (hand is not None and hand not in hands):
            raise NotReviewable("no_hand")
        chosen = hand if hand is not None else hands[-1]
        key = (table_id, game, chosen, seat)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        job = partial(review_hand, events, seat, game, chosen, worlds=self.worlds, budget=self.budget,
                      seed=f"review:{table_id}")  # fmt: skip
        review = await asyncio.get_running_loop().run_in_executor(self._tables.thinkers.pool.executor(), job)
        self._cache[key] = review
        while len(self._cache) > KEPT:
            self._cache.popitem(last=False)
        return review
