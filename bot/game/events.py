"""Every event a table records as stored. The primary events (decisions) are declared once, as the
dataclasses of ``typed.py`` with their stored form; the derived ones here, a ``TypedDict`` each with a
literal ``type``.

Events are plain JSON objects (stored as they are in ``table_events``). *Primary* events record
decisions and are all ``Table.replay`` reads; *derived* ones (``"derived": true``) record their
consequences, recomputed on replay (docs/architecture.md §4). ``docs/history-format.md``
describes the public subset the hand history exports.
"""

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NotRequired, TypedDict, cast, get_args, get_type_hints

from .typed import CLASSES

# -- derived ---------------------------------------------------------------------------------


class WeisDeclared(TypedDict):
    type: Literal["weis"]
    seat: int
    cards: list[str]
    points: int  # before the multiplier
    derived: Literal[True]


class StoeckCredited(TypedDict):
    type: Literal["stoeck"]
    seat: int
    points: int  # after the multiplier
    derived: Literal[True]


class TrickTaken(TypedDict):
    type: Literal["trick"]
    trick: int
    leader: int
    winner: int
    cards: list[str]
    points: int  # card points (+5 on the last trick), before the multiplier
    mode: NotRequired[str]  # an extra contract's trick: trump, obenabe or undenufe
    derived: Literal[True]


class WeisScored(TypedDict):
    type: Literal["weis_scored"]
    team: int
    seat: int | None
    points: int  # after the multiplier
    derived: Literal[True]


class BergReached(TypedDict):
    type: Literal["berg"]
    team: int
    derived: Literal[True]


class HandScored(TypedDict):
    type: Literal["hand_scored"]
    hand: int
    contract: str
    declarer: int | None
    multiplier: int
    weis_team: int | None
    written: list[int]
    totals: list[int]
    card_points: list[int]
    tricks: list[int]
    match_team: int | None
    kontermatsch: bool
    stoeck_team: int | None
    complete: bool
    parts: NotRequired[list[list[int]]]  # per team: card points, Match, Weis, Stöck before the multiplier
    row: NotRequired[int]  # Coiffeur: the row filled (index into rows); only its team writes
    factor: NotRequired[int]  # Coiffeur: the row's factor
    team: NotRequired[int]  # Coiffeur: the declaring team
    derived: Literal[True]


class SeatsScored(TypedDict):
    """A hand of a game where everyone plays for themselves (Differenzler); the history calls it
    ``hand_scored`` too."""

    type: Literal["seats_scored"]
    hand: int
    trump: str
    points: list[int]  # each seat's card points (+5 in the last trick's)
    predictions: NotRequired[list[int]]  # Differenzler
    penalties: list[int]  # what each seat writes for the hand (Molotow: its hand score)
    totals: list[int]
    table_weis: NotRequired[list[int]]  # Molotow: the Tischweis each seat was charged
    hand_weis: NotRequired[list[int]]  # Molotow: each seat's own Handweis (subtracted)
    stoeck: NotRequired[list[int]]  # Molotow: each seat's Stöck (subtracted)
    derived: Literal[True]


class TrumpFixed(TypedDict):
    """Molotow: the first card of a player who could not follow suit made its suit trump."""

    type: Literal["trump_fixed"]
    seat: int
    suit: str
    trick: int  # 1-9
    derived: Literal[True]


class HandSeed(TypedDict):
    type: Literal["hand_seed"]
    hand: int
    seed: str | None
    derived: Literal[True]


class BedankenResult(TypedDict):
    type: Literal["bedanken_result"]
    team: int
    right: bool
    derived: Literal[True]


class GameOver(TypedDict):
    type: Literal["game_over"]
    game: int
    winner: int | None
    totals: list[int]
    berg: int | None
    schneider: bool
    ranking: NotRequired[list[int]]  # Differenzler: seats, best (lowest total) first
    derived: Literal[True]


class TurnReminder(TypedDict):
    """Not stored: the service tells its subscribers that a person's time is half gone."""

    type: Literal["turn_reminder"]
    seat: int
    transient: Literal[True]


#: A primary event as stored: what ``typed.Fact.stored()`` writes (each declared once, in ``typed.py``).
PrimaryEvent = dict[str, Any]
DerivedEvent = (
    WeisDeclared | StoeckCredited | TrickTaken | WeisScored | BergReached | HandScored | SeatsScored | TrumpFixed
    | HandSeed
    | BedankenResult
    | GameOver
)  # fmt: skip
Event = PrimaryEvent | DerivedEvent

PRIMARY_TYPES = frozenset(CLASSES)
DERIVED_TYPES = frozenset(get_type_hints(cls)["type"].__args__[0] for cls in get_args(DerivedEvent))


def as_event(data: dict[str, Any]) -> Event:
    """A stored event (JSON) as its type: the ``type`` must be one of the declared kinds."""
    if data.get("type") not in PRIMARY_TYPES | DERIVED_TYPES:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    return cast(Event, data)


def hand_indexes(events: Sequence[Mapping[str, Any]], game: int, hand: int) -> list[int]:
    """Indexes into a table's log of the events of one hand (from its deal to the next deal)."""
    out = []
    current = (0, 0)
    for i, ev in enumerate(events):
        if ev["type"] == "game_started":
            current = (ev["game"], 0)
        elif ev["type"] == "hand_dealt":
            current = (current[0], ev["hand"])
        if current == (game, hand):
            out.append(i)
    return out


def hands_over(events: Sequence[Mapping[str, Any]]) -> tuple[list[tuple[int, int, bool]], set[int]]:
    """(game, hand, played to its last trick) of every hand scored in a log, and the games over."""
    done: list[tuple[int, int, bool]] = []
    over: set[int] = set()
    game = 0
    for ev in events:
        if ev["type"] == "game_started":
            game = ev["game"]
        elif ev["type"] in ("hand_scored", "seats_scored"):
            done.append((game, ev["hand"], bool(ev.get("complete", True))))
        elif ev["type"] == "game_over":
            over.add(game)
    return done, over
