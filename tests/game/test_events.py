"""Every event a table records is one of the kinds declared, key for key: a primary one as its
dataclass of bot/game/typed.py stores it, a derived one as its TypedDict of bot/game/events.py."""

import dataclasses
import typing

import pytest

from bot.game import Table, typed
from bot.game import events as ev_types
from bot.rules import RuleSet

from .helpers import new_table, play_to_end

DERIVED = {
    typing.get_type_hints(cls)["type"].__args__[0]: cls
    for cls in typing.get_args(ev_types.Event)
    if typing.is_typeddict(cls)
}


def keys(kind: str) -> tuple[set[str], set[str]]:
    """The keys an event of ``kind`` must have, and those it may have."""
    if kind in typed.CLASSES:
        cls = typed.CLASSES[kind]
        fields = dataclasses.fields(cls)
        required = {"type"} | {f.name for f in fields if f.default is dataclasses.MISSING} | set(cls.always)
        return required, required | {f.name for f in fields}
    return set(DERIVED[kind].__required_keys__), DERIVED[kind].__required_keys__ | DERIVED[kind].__optional_keys__


def test_the_declared_kinds_match_the_type_lists():
    assert set(DERIVED) - {"turn_reminder"} == ev_types.DERIVED_TYPES
    assert set(typed.CLASSES) == ev_types.PRIMARY_TYPES
    assert not set(typed.CLASSES) & set(DERIVED)  # each declared once
    for kind in ev_types.DERIVED_TYPES:
        assert "derived" in DERIVED[kind].__required_keys__, kind


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        RuleSet.preset("single-1000"),
        RuleSet(weis_mode="manual", stoeck_auto=False, target=1000),
    ],
    ids=["standard", "single", "manual"],
)
def test_every_event_of_whole_games_is_a_declared_kind(rules):
    seen = set()
    for seed in ("e1", "e2", "e3"):
        table, events = new_table(rules, humans=0, seed=seed)
        events += play_to_end(table, seed)
        for event in events:
            required, allowed = keys(event["type"])
            assert required <= set(event) <= allowed, event
            seen.add(event["type"])
        assert Table.replay(events).board == table.board
    assert {"table_created", "hand_dealt", "card", "trick", "hand_scored", "game_over"} <= seen


def test_an_unknown_stored_event_is_refused():
    with pytest.raises(ValueError, match="unknown event type"):
        ev_types.as_event({"type": "teleport"})


def test_the_events_of_a_claim_are_declared_kinds():
    from bot.game import Bedanken, Phase

    from .helpers import auto_step

    table, events = new_table(RuleSet(end_mode="bedanken", target=800), humans=0, seed="b1")
    while not (table.phase == Phase.PLAY and table.hand_no == 2):
        events += auto_step(table, "b1")
    events += table.apply(Bedanken("ai:0"))
    kinds = {e["type"] for e in events}
    assert {"bedanken", "bedanken_result", "game_over"} <= kinds
    for event in events:
        required, allowed = keys(event["type"])
        assert required <= set(event) <= allowed, event
