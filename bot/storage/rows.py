"""The rows of the database and what they mean: its errors, the results and display of a table,
events encoded into rows and decoded from them. Shared by the storage and its stores."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


class ConflictError(Exception):
    """Events with these sequence numbers are already stored (a double submission)."""


class CorruptRowError(Exception):
    """A stored row cannot be read back."""


class StorageError(Exception):
    """The database cannot be used: the message names the file and what is wrong."""


@dataclass(frozen=True)
class GameResult:
    """One finished game, written in the same transaction as the events that finish it."""

    game_no: int
    winner: int | None
    totals: tuple[int, int]
    berg: int | None
    schneider: bool
    seats: tuple[str | None, ...]


@dataclass(frozen=True)
class TableDisplay:
    """How a table's public messages look, fixed when it opens: language, deck, turn pings,
    pictures, and the name of a tournament's or challenge's table."""

    language: str
    deck: str
    pings: str = "on"
    images: str = "on"
    label: str | None = None


@dataclass
class OpenTables:
    """What ``load_open`` found: event logs by table id, and tables that could not be read."""

    events: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)


def timestamp() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def event_rows(
    table_id: str, first_seq: int, events: Sequence[Mapping[str, Any]], now: str
) -> list[tuple[object, ...]]:
    return [
        (table_id, first_seq + i, ev["type"], json.dumps(ev, ensure_ascii=False, separators=(",", ":")), now)
        for i, ev in enumerate(events)
    ]


def decode_events(table_id: str, rows: list[tuple[int, str]]) -> list[dict[str, Any]]:
    events = []
    for expected, (seq, payload) in enumerate(rows, start=1):
        if seq != expected:
            raise CorruptRowError(f"table {table_id}: event {expected} is missing")
        try:
            event = json.loads(payload)
        except (json.JSONDecodeError, TypeError) as err:
            raise CorruptRowError(f"table {table_id}: event {seq} is not valid JSON") from err
        if not isinstance(event, dict) or "type" not in event:
            raise CorruptRowError(f"table {table_id}: event {seq} has no type")
        events.append(event)
    return events
