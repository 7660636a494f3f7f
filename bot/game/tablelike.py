"""What the table's parts see of the table: the seats, the kind's state, and the table as a protocol.

The game kinds' engine parts (``bot/game/kinds``) and the table's helpers (seating, turns, the hand's
view) work on a :class:`TableLike`; ``bot/game/table.py`` is the one class that is one. Declared
here, below both, so that neither imports the other's module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.rules import HandPlay, RuleSet, Scoreboard
from bot.rules.contract_names import Called

from .events import Event
from .phases import Phase


@dataclass
class Seat:
    actor: str | None = None
    name: str = ""
    level: str | None = None  # computer player level; None for a person
    standin: bool = False

    @property
    def occupied(self) -> bool:
        return self.actor is not None

    @property
    def is_computer(self) -> bool:
        return self.level is not None


@dataclass
class KindState:
    """What a kind remembers over a game beyond the common table (nothing, by default)."""


class KindTable(Protocol):
    """The table as a game kind's engine part sees it: read-only. A kind decides and returns events
    (or a :class:`~bot.game.kinds.base.Step` the table applies); it writes only its own ``state``."""

    @property
    def table_id(self) -> str: ...

    @property
    def rules(self) -> RuleSet: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def game_no(self) -> int: ...

    @property
    def hand_no(self) -> int: ...

    @property
    def dealer(self) -> int | None: ...

    @property
    def forehand(self) -> int | None: ...

    @property
    def chooser(self) -> int | None: ...

    @property
    def start_hands(self) -> list[int]: ...

    @property
    def hand(self) -> HandPlay | None: ...

    @property
    def board(self) -> Scoreboard | None: ...

    @property
    def called(self) -> Called | None: ...

    @property
    def state(self) -> KindState: ...

    @property
    def live_hand(self) -> HandPlay: ...

    @property
    def live_board(self) -> Scoreboard: ...

    @property
    def shown_hand(self) -> HandPlay | None: ...

    @property
    def to_act(self) -> int | None: ...

    def need_phase(self, *phases: Phase) -> None: ...

    def acting_seat(self, actor: str) -> tuple[int, list[Event]]: ...

    def reveal_seed(self) -> list[Event]: ...


class TableLike(KindTable, Protocol):
    """The table as its own helpers use it (seating, turns, the hand's view: ``bot.game.table.Table``):
    what a kind sees, writable, and a little more."""

    table_id: str
    host: str
    rules: RuleSet
    seats: list[Seat]
    phase: Phase
    game_no: int
    hand_no: int
    dealer: int | None
    forehand: int | None
    start_hands: list[int]
    hand: HandPlay | None
    board: Scoreboard | None
    seed: str | None
    counters: dict[str, list[int]]
    rated: bool
    hints: bool
    called: Called | None
    state: KindState

    @property
    def may_schieben(self) -> bool: ...

    def seat_of(self, actor: str) -> int | None: ...

    def is_host(self, c: Any) -> bool: ...

    def deal_event(self, seed: str, first: bool) -> Event: ...
