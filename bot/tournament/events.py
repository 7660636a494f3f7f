"""Every event a tournament or a challenge records, declared once: a ``TypedDict`` per kind with
a literal ``type`` (as :mod:`bot.game.events` does for tables). Events are plain JSON objects,
stored as they are in ``tournament_events``."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

# -- tournaments ------------------------------------------------------------------------------


class TournamentCreated(TypedDict):
    type: Literal["tournament_created"]
    id: str
    organiser: str
    name: str
    passen: int
    hands_per_passe: int
    counting: list[Any]  # [kind, k]
    max_players: int
    seed_commitment: str
    format: str
    check_in: bool
    manual_next: bool
    late_entry: int
    byes: bool
    break_minutes: NotRequired[int]
    rules: NotRequired[dict[str, Any]]  # the tables' rules (written by the service)
    tables: NotRequired[dict[str, Any]]  # the tables' computer level and turn timer
    starts_at: NotRequired[float]


class Joined(TypedDict):
    type: Literal["joined"]
    actor: str
    name: str
    late: NotRequired[bool]  # after the start, before the late-entry Passe


class Waitlisted(TypedDict):
    type: Literal["waitlisted"]
    actor: str
    name: str


class Left(TypedDict):
    type: Literal["left"]
    actor: str


class CheckedIn(TypedDict):
    type: Literal["checked_in"]
    actor: str


class Proposed(TypedDict):
    type: Literal["proposed"]
    actor: str
    partner: str
    name: str


class Paired(TypedDict):
    type: Literal["paired"]
    actors: list[str]


class Started(TypedDict):
    type: Literal["started"]
    by: str
    seed: str
    absent: NotRequired[list[str]]  # left out: they did not check in


class PairsFixed(TypedDict):
    type: Literal["pairs_fixed"]
    pairs: list[list[int | None]]


class BreakStarted(TypedDict):
    type: Literal["break_started"]
    until: float


class PasseDrawn(TypedDict):
    type: Literal["passe_drawn"]
    passe: int
    tables: list[list[int | None]]
    by: NotRequired[str]
    byes: NotRequired[list[int]]


class TableResult(TypedDict):
    type: Literal["table_result"]
    passe: int
    table: int
    points: list[int]  # the two teams' points; Einzel-Differenzler: the four seats' penalty totals
    exact: NotRequired[list[int]]  # Einzel-Differenzler: each seat's exact predictions


class Dropped(TypedDict):
    type: Literal["dropped"]
    by: str
    actor: str
    from_passe: int


class Replaced(TypedDict):
    type: Literal["replaced"]
    by: str
    old: str
    new: str
    name: str
    from_passe: int


class Paused(TypedDict):
    type: Literal["paused"]
    by: str


class Resumed(TypedDict):
    type: Literal["resumed"]
    by: str


class Finished(TypedDict):
    type: Literal["finished"]
    by: str


class Cancelled(TypedDict):
    type: Literal["cancelled"]
    by: str


TournamentEvent = (
    TournamentCreated | Joined | Waitlisted | Left | CheckedIn | Proposed | Paired | Started | PairsFixed
    | BreakStarted | PasseDrawn | TableResult | Dropped | Replaced | Paused | Resumed | Finished | Cancelled
)  # fmt: skip

# -- challenges -------------------------------------------------------------------------------


class ChallengeCreated(TypedDict):
    type: Literal["challenge_created"]
    id: str
    organiser: str
    name: str
    hands: int
    level: str
    best_of: int
    opened: float
    deadline: float
    seed_commitment: str
    repeat: str
    rules: NotRequired[dict[str, Any]]  # the tables' rules (written by the service)


class TryStarted(TypedDict):
    type: Literal["try_started"]
    actor: str
    name: str
    number: int


class TryFinished(TypedDict):
    type: Literal["try_finished"]
    link: int
    points: int
    against: int
    abandoned: bool


class ChallengeClosed(TypedDict):
    type: Literal["challenge_closed"]
    by: str
    seed: str


ChallengeEvent = ChallengeCreated | TryStarted | TryFinished | ChallengeClosed | Cancelled

TOURNAMENT_TYPES = frozenset(
    {"tournament_created", "joined", "waitlisted", "left", "checked_in", "proposed", "paired", "started",
     "pairs_fixed", "break_started", "passe_drawn", "table_result", "dropped", "replaced", "paused",
     "resumed", "finished", "cancelled"}
)  # fmt: skip
CHALLENGE_TYPES = frozenset({"challenge_created", "try_started", "try_finished", "challenge_closed", "cancelled"})


def as_tournament_event(data: dict[str, Any]) -> TournamentEvent:
    """A stored event (JSON) as its type: the ``type`` must be one of the declared kinds."""
    if data.get("type") not in TOURNAMENT_TYPES:
        raise ValueError(f"unknown tournament event {data.get('type')!r}")
    return cast(TournamentEvent, data)


def as_challenge_event(data: dict[str, Any]) -> ChallengeEvent:
    if data.get("type") not in CHALLENGE_TYPES:
        raise ValueError(f"unknown challenge event {data.get('type')!r}")
    return cast(ChallengeEvent, data)
