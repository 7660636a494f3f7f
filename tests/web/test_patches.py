"""The live table's patches (bot/web/patches.py): whatever two states are, the operations made from
them turn the first into the second when python-json-patch (an independent RFC 6902 implementation)
applies them; the states themselves are left as they were."""

from __future__ import annotations

import copy

import jsonpatch
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.web.patches import diff


@pytest.fixture(autouse=True)
def on_both_databases() -> None:
    """No database here."""


KEYS = st.sampled_from(["seq", "hand", "seats", "a/b", "~x", "card", "0", ""])
# (Python holds True == 1 and False == 0; a state's fields keep their JSON types, as its schema says,
# so the numbers drawn here are not 0 or 1.)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(2, 9) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=25,
)


@given(JSON, JSON)
def test_a_patch_turns_the_one_state_into_the_other(before, after):
    kept = copy.deepcopy((before, after))
    ops = diff(before, after)
    assert jsonpatch.apply_patch(copy.deepcopy(before), ops) == after
    assert (before, after) == kept
    assert (ops == []) == (before == after and type(before) is type(after))


@given(st.lists(st.integers(0, 35), min_size=1, max_size=9, unique=True), st.data())
def test_a_card_played_from_the_hand_is_one_removal(hand, data):
    at = data.draw(st.integers(0, len(hand) - 1))
    before = {"hand": [{"i": c} for c in hand]}
    after = {"hand": [{"i": c} for n, c in enumerate(hand) if n != at]}
    assert diff(before, after) == [{"op": "remove", "path": f"/hand/{at}"}]


def test_keys_are_written_as_json_pointers():
    assert diff({"a/b": 1, "~x": 1}, {"a/b": 2, "~x": 2}) == [
        {"op": "replace", "path": "/a~1b", "value": 2},
        {"op": "replace", "path": "/~0x", "value": 2},
    ]
