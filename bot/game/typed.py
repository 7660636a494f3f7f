"""The primary events as frozen dataclasses: read from their JSON (older versions upcast first) and
applied by the table one class at a time.

Stored and published events stay the JSON objects of :mod:`.events` (``docs/history-format.md``
is their contract); the table decodes each primary one with :func:`decode` before it applies it,
so an apply reads typed fields and a missing field of an older version is filled in one place
(:data:`UPCASTERS`), not in every reader.

>>> decode({"type": "game_started", "game": 1})
GameStarted(game=1, kind='schieber', rows=(), fixed_deals=None)
>>> decode({"type": "card", "seat": 2, "card": "rose-10"}).card
'rose-10'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Fact:
    """A primary event, decoded."""

    type: ClassVar[str]


@dataclass(frozen=True, slots=True)
class TableCreated(Fact):
    type: ClassVar[str] = "table_created"
    table_id: str
    host: str
    rules: Mapping[str, Any]
    turn_timer: float | None = None
    rated: bool = True
    hints: bool = False


@dataclass(frozen=True, slots=True)
class SeatTaken(Fact):
    type: ClassVar[str] = "seat_taken"
    seat: int
    actor: str
    name: str


@dataclass(frozen=True, slots=True)
class SeatLeft(Fact):
    type: ClassVar[str] = "seat_left"
    seat: int


@dataclass(frozen=True, slots=True)
class ComputerAdded(Fact):
    type: ClassVar[str] = "computer_added"
    seat: int
    level: str
    name: str


@dataclass(frozen=True, slots=True)
class ComputerRemoved(Fact):
    type: ClassVar[str] = "computer_removed"
    seat: int


@dataclass(frozen=True, slots=True)
class GameStarted(Fact):
    type: ClassVar[str] = "game_started"
    game: int
    kind: str = "schieber"
    rows: tuple[Mapping[str, Any], ...] = ()
    fixed_deals: str | None = None


@dataclass(frozen=True, slots=True)
class HandDealt(Fact):
    type: ClassVar[str] = "hand_dealt"
    hand: int
    dealer: int
    forehand: int
    seed: str
    commitment: str = ""
    trump: int | None = None  # a kind that draws trump with the deal
    bottom_card: str | None = None  # the dealer's card turned up for it


@dataclass(frozen=True, slots=True)
class Schieben(Fact):
    type: ClassVar[str] = "schieben"
    seat: int


@dataclass(frozen=True, slots=True)
class Prediction(Fact):
    type: ClassVar[str] = "prediction"
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class ContractChosen(Fact):
    type: ClassVar[str] = "contract"
    seat: int
    contract: str
    start: str | None = None  # Misère's start
    row: int | None = None  # a kind with rows: the row it fills
    team: int | None = None

    @property
    def name(self) -> str:
        """The contract by its full name (Misère with its start)."""
        return f"misere-{self.start}" if self.start else self.contract


@dataclass(frozen=True, slots=True)
class CardPlayed(Fact):
    type: ClassVar[str] = "card"
    seat: int
    card: str
    weis: tuple[tuple[str, ...], ...] = ()  # manual Weis declared with the first card
    stoeck: bool = False  # manual Stöck announced with this card


@dataclass(frozen=True, slots=True)
class StoeckPreshown(Fact):
    type: ClassVar[str] = "stoeck_preshown"
    seat: int


@dataclass(frozen=True, slots=True)
class Bedanken(Fact):
    type: ClassVar[str] = "bedanken"
    seat: int
    team: int


@dataclass(frozen=True, slots=True)
class StandInOn(Fact):
    type: ClassVar[str] = "standin_on"
    seat: int


@dataclass(frozen=True, slots=True)
class StandInOff(Fact):
    type: ClassVar[str] = "standin_off"
    seat: int


@dataclass(frozen=True, slots=True)
class HintUsed(Fact):
    type: ClassVar[str] = "hint"
    seat: int


@dataclass(frozen=True, slots=True)
class Abandoned(Fact):
    type: ClassVar[str] = "abandoned"
    by: str


CLASSES: dict[str, type[Fact]] = {
    cls.type: cls
    for cls in (
        TableCreated, SeatTaken, SeatLeft, ComputerAdded, ComputerRemoved, GameStarted, HandDealt, Schieben,
        Prediction, ContractChosen, CardPlayed, StoeckPreshown, Bedanken, StandInOn, StandInOff, HintUsed, Abandoned,
    )
}  # fmt: skip


def _kind_of_old_games(data: dict[str, Any]) -> dict[str, Any]:
    """``game_started`` before Coiffeur named no game: those were Schieber."""
    data.setdefault("kind", "schieber")
    return data


def _turn_timer_none(data: dict[str, Any]) -> dict[str, Any]:
    """``table_created`` wrote ``turn_timer`` only where one was set."""
    data.setdefault("turn_timer", None)
    return data


#: Per event type, the changes that bring an older stored version to today's fields.
UPCASTERS: dict[str, list[Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "game_started": [_kind_of_old_games],
    "table_created": [_turn_timer_none],
}


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def decode(data: Mapping[str, Any]) -> Fact:
    """The primary event ``data`` as its class (``ValueError``: not a primary event)."""
    kind = data.get("type")
    cls = CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"not a primary event: {kind!r}")
    raw = dict(data)
    for upcast in UPCASTERS.get(cls.type, ()):
        raw = upcast(raw)
    names = {f.name for f in fields(cls)}
    return cls(**{k: _frozen(v) if k != "rules" else v for k, v in raw.items() if k in names})
