"""Issue 53, item 3: tables stored by the code before the game kinds became plug-ins (lobby, mid-hand,
predicting, finished; with Weis, Stöck, predictions, a filled Tafel) replay with today's code to the
same state and the same public history. The fixture: ``tests/fixtures/stored_tables/make.py``."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from bot.game import Table
from bot.game.export import history_jsonl


def fields_of(view) -> dict[str, str]:
    """Every field of a view as the fixture keeps them: by name, each value's ``repr``; a kind's
    own part (``view.part``) flattened into them, with the defaults of the fields it does not have."""
    defaults = {
        "tafel": None, "row": None, "row_options": (), "predictions": (), "predicted": (), "taken": (),
        "seat_totals": (), "trump": None, "bottom_card": None, "pad": (),
    }  # fmt: skip
    common = {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "part"}
    part = getattr(view, "part", None)
    own = {f.name: getattr(part, f.name) for f in dataclasses.fields(part)} if part is not None else {}
    merged = {**defaults, **common, **own}
    return {name: repr(value) for name, value in merged.items()}


FIXTURES = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "stored_tables").glob("*.json"))


def test_the_fixture_covers_every_kind_and_state():
    names = {p.stem for p in FIXTURES}
    for kind in ("schieber-5", "schieber-manual-1", "coiffeur", "differenzler", "differenzler-open", "molotow-1"):
        assert {f"{kind}-lobby", f"{kind}-mid-hand", f"{kind}-finished"} <= names
    assert {"differenzler-predicting", "differenzler-open-predicting"} <= names
    finished = {p.stem: json.loads(p.read_text(encoding="utf-8"))["events"] for p in FIXTURES if "finished" in p.stem}
    types = {name: {e["type"] for e in events} for name, events in finished.items()}
    assert {"weis", "stoeck"} <= types["schieber-5-finished"] and "stoeck" in types["coiffeur-finished"]
    assert "prediction" in types["differenzler-finished"] and "trump_fixed" in types["molotow-1-finished"]
    coiffeur = finished["coiffeur-finished"]
    assert coiffeur[-1]["type"] == "game_over"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_stored_table_replays_to_the_same_state_and_history(path):
    fixture = json.loads(path.read_text(encoding="utf-8"))
    events = fixture["events"]
    table = Table.replay(events)
    assert table.seq == len(events)
    for seat, shown in fixture["views"].items():
        assert fields_of(table.view_for(None if seat == "None" else int(seat))) == shown
    rebuilt, log = Table.rebuild(events)
    assert log == events  # every derived event recomputed as it was stored
    assert fields_of(rebuilt.view_for(None)) == fixture["views"]["None"]
    assert history_jsonl(log) == fixture["history"]
