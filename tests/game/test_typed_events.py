"""Issue 53, item 3: the primary events as frozen dataclasses, one apply per class; older stored
versions are upcast before they are applied."""

from __future__ import annotations

import dataclasses

import pytest

from bot.game import Table, typed
from bot.game.events import PRIMARY_TYPES


def test_every_primary_event_has_its_class_and_is_frozen():
    assert set(typed.CLASSES) == set(PRIMARY_TYPES)
    fact = typed.decode({"type": "seat_taken", "seat": 1, "actor": "u:5", "name": "Anna"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        fact.seat = 2  # type: ignore[misc]


def test_decoding_keeps_every_field_and_freezes_lists():
    fact = typed.decode({"type": "card", "seat": 0, "card": "rose-7", "weis": [["rose-6", "rose-7", "rose-8"]],
                         "stoeck": True})  # fmt: skip
    assert fact == typed.CardPlayed(0, "rose-7", (("rose-6", "rose-7", "rose-8"),), True)
    chosen = typed.decode({"type": "contract", "seat": 3, "contract": "misere", "start": "undenufe", "row": 4})
    assert isinstance(chosen, typed.ContractChosen) and chosen.name == "misere-undenufe" and chosen.row == 4


def test_a_derived_or_unknown_event_is_no_primary_one():
    for data in ({"type": "trick"}, {"type": "nonsense"}, {}):
        with pytest.raises(ValueError):
            typed.decode(data)


def test_an_old_game_started_without_its_kind_is_upcast_to_schieber():
    """Tables stored before Coiffeur wrote ``game_started`` without ``kind``."""
    assert typed.decode({"type": "game_started", "game": 3}).kind == "schieber"
    log = [
        {"type": "table_created", "table_id": "t", "host": "u:1", "rules": {}},
        *[{"type": "computer_added", "seat": s, "level": "club", "name": f"C{s}"} for s in range(4)],
        {"type": "game_started", "game": 1},
        {"type": "hand_dealt", "hand": 1, "dealer": 0, "forehand": 1, "seed": "old", "commitment": "x"},
    ]
    table = Table.replay(log)
    assert table.game_no == 1 and table.phase == "contract" and table.kind.name == "schieber"


def test_a_kind_refuses_an_event_of_another_kind():
    log = [
        {"type": "table_created", "table_id": "t", "host": "u:1", "rules": {"game": "molotow"}},
        *[{"type": "computer_added", "seat": s, "level": "club", "name": f"C{s}"} for s in range(4)],
        {"type": "game_started", "game": 1, "kind": "molotow"},
        {"type": "hand_dealt", "hand": 1, "dealer": 0, "forehand": 1, "seed": "m", "commitment": "x"},
        {"type": "schieben", "seat": 1},
    ]
    with pytest.raises(ValueError, match="schieben"):
        Table.replay(log)
