"""The primary events, each declared once: a frozen dataclass and its stored form.

A decision is made as its class and stored as :meth:`Fact.stored` writes it (a JSON object with its
``type``; a field that holds its default is left out, as the stored events always did;
``docs/history-format.md`` is the contract of the public part). The table decodes each stored
primary event with :func:`decode` before it applies it, so an apply reads typed fields and a field
an older version lacks is filled in one place (:data:`UPCASTERS`), not in every reader. The derived
events are declared in :mod:`.events`.

>>> decode({"type": "game_started", "game": 1})
GameStarted(game=1, kind='schieber', rows=(), fixed_deals=None)
>>> decode({"type": "card", "seat": 2, "card": "rose-10"}).card
'rose-10'
>>> ContractChosen(seat=1, contract="misere", start="obenabe").stored()
{'type': 'contract', 'seat': 1, 'contract': 'misere', 'start': 'obenabe'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Fact:
    """A primary event, decoded."""

    type: ClassVar[str]
    #: fields stored even when they hold their default
    always: ClassVar[frozenset[str]] = frozenset()

    def stored(self) -> dict[str, Any]:
        """The event as it is stored and published: its ``type`` and every field that is set."""
        out: dict[str, Any] = {"type": self.type}
        for f in _fields(type(self)):
            value = getattr(self, f.name)
            if f.default is MISSING or f.name in self.always or value != f.default:
                out[f.name] = _thawed(value)
        return out


@dataclass(frozen=True, slots=True)
class TableCreated(Fact):
    type: ClassVar[str] = "table_created"
    table_id: str
    host: str
    rules: Mapping[str, Any]  # every rule key with its value
    turn_timer: float | None = None  # seconds per turn at this table (0: none; None: the service's)
    rated: bool = True  # false: a friendly table, its games rated for nobody
    hints: bool = False  # true: players may ask for a hint (friendly tables only)


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
    always: ClassVar[frozenset[str]] = frozenset({"kind"})  # the history always names the game
    game: int
    kind: str = "schieber"  # the game kind (older games named none: Schieber)
    rows: tuple[Mapping[str, Any], ...] = ()  # Coiffeur: the Tafel's rows, {"contract": name, "factor": k}
    fixed_deals: str | None = None  # hand k of this game is dealt from f"{fixed_deals}:{k}" (a challenge)


@dataclass(frozen=True, slots=True)
class HandDealt(Fact):
    type: ClassVar[str] = "hand_dealt"
    always: ClassVar[frozenset[str]] = frozenset({"commitment"})
    hand: int
    dealer: int
    forehand: int
    seed: str  # secret while the hand is played (the history shows the commitment only)
    commitment: str = ""  # SHA-256 of the seed, published with the deal (always stored)
    bottom_card: str | None = None  # the dealer's card turned up to draw trump (stored before it)
    trump: int | None = None  # a kind that draws trump with the deal (Differenzler: 0-3)


@dataclass(frozen=True, slots=True)
class Schieben(Fact):
    type: ClassVar[str] = "schieben"
    seat: int


@dataclass(frozen=True, slots=True)
class Prediction(Fact):
    """Differenzler: a player's prediction (hidden ones reach the history after the hand)."""

    type: ClassVar[str] = "prediction"
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class ContractChosen(Fact):
    type: ClassVar[str] = "contract"
    seat: int
    contract: str  # a history name (bot.rules.contract_names)
    start: str | None = None  # Misère's start: obenabe, undenufe, slalom-obenabe, slalom-undenufe
    row: int | None = None  # a kind with rows (Coiffeur): index into the game's rows
    team: int | None = None  # ... and the declaring team

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
    """A player asked for a hint: their game is marked and rated for nobody."""

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


_FIELDS: dict[type[Fact], tuple[Field[Any], ...]] = {}


def _fields(cls: type[Fact]) -> tuple[Field[Any], ...]:
    """A class's fields, read once (a table reads them for each event)."""
    if cls not in _FIELDS:
        _FIELDS[cls] = fields(cls)
    return _FIELDS[cls]


def _thawed(value: Any) -> Any:
    """A field's value as JSON holds it (tuples as lists, mappings as dicts)."""
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    return value


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
    names = {f.name for f in _fields(cls)}
    return cls(**{k: _frozen(v) if k != "rules" else v for k, v in raw.items() if k in names})
