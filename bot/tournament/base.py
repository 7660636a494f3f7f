"""What the tournament and the challenge aggregates share: events applied one at a time.

An aggregate's commands check what they may, then *emit* events; applying an event is the only
way its state changes, so ``replay`` of the stored events rebuilds it exactly (as the table
engine does, docs/architecture.md §4).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Generic, TypeVar

E = TypeVar("E", bound=Mapping[str, object])


class Aggregate(ABC, Generic[E]):
    """An event-sourced aggregate: ``seq`` events so far, each applied by :meth:`_apply`."""

    seq: int

    def _emit(self, *events: E) -> list[E]:
        """Apply new events; returns them (to be stored)."""
        for ev in events:
            self._on(ev)
        return list(events)

    def _on(self, ev: E) -> None:
        self._apply(ev)
        self.seq += 1

    @abstractmethod
    def _apply(self, ev: E) -> None:
        """Change the state by one event (each aggregate knows its own kinds)."""
