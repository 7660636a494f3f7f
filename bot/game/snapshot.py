"""A table as one committed event left it: what the Discord layer reads, never the live table.

The table service builds a :class:`TableSnapshot` after every commit (and when it loads a table)
and hands it to its subscribers and to every caller outside the service. A snapshot is frozen:
a command that is later rolled back (its write failed) never shows in one, and nobody outside
the service can change a table except through a command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.rules import RuleSet

from .view import PhaseName, TableView

if TYPE_CHECKING:
    from .table import Table


@dataclass(frozen=True)
class SeatState:
    """Who sits in a seat: ``u:<id>`` for a person, ``ai:<seat>`` for a computer player."""

    actor: str | None
    name: str
    level: str | None  # computer player level; None for a person
    standin: bool  # a computer plays for the person who sits here

    @property
    def person(self) -> str | None:
        """The person's actor id (``u:…``) when a person sits here and plays themselves."""
        if self.actor and self.actor.startswith("u:") and not self.standin:
            return self.actor
        return None


@dataclass(frozen=True)
class TableSnapshot:
    """A table after its event ``seq``: the public view, and the private view of each person's seat."""

    table_id: str
    seq: int
    phase: PhaseName
    host: str
    rules: RuleSet
    turn_timer: float | None  # the table's own seconds per turn (None: the service's default)
    game_no: int
    hand_no: int
    to_act: int | None  # the seat whose decision the table waits for
    seats: tuple[SeatState, ...]
    public: TableView  # what a spectator sees
    private: tuple[TableView | None, ...]  # per seat, for seats where a person sits (else None)
    rated: bool = True  # false: a friendly table
    hints: bool = False  # players may ask for a hint

    @classmethod
    def of(cls, table: Table) -> TableSnapshot:
        seats = tuple(SeatState(s.actor, s.name, s.level, s.standin) for s in table.seats)
        private = tuple(
            table.view_for(i) if s.actor and s.actor.startswith("u:") else None for i, s in enumerate(seats)
        )
        public = table.view_for(None)
        return cls(
            table_id=table.table_id,
            seq=table.seq,
            phase=public.phase,
            host=table.host,
            rules=table.rules,
            turn_timer=table.turn_timer,
            game_no=table.game_no,
            hand_no=table.hand_no,
            to_act=table.to_act,
            seats=seats,
            public=public,
            private=private,
            rated=table.rated,
            hints=table.hints,
        )

    def view_for(self, seat: int | None) -> TableView:
        """What ``seat`` may know (``None``: a spectator). Only a person's seat has a private view."""
        if seat is None:
            return self.public
        view = self.private[seat]
        if view is None:
            raise LookupError(f"table {self.table_id}: seat {seat} has no person, so no private view is kept")
        return view

    def seat_of(self, actor: str) -> int | None:
        """The seat ``actor`` sits in, if any."""
        return next((i for i, s in enumerate(self.seats) if s.actor == actor), None)

    @property
    def trick_count(self) -> tuple[int, int]:
        """(completed tricks, cards of the trick in play) of the current hand."""
        return len(self.public.tricks), len(self.public.trick)
