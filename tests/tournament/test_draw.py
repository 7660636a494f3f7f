"""The Einzelschieber draw: everyone seated once a Passe, no partner twice, few table-mates again."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import draw, lower_bound

ROOT = Path(__file__).resolve().parents[2]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(4, 40), passen=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_everyone_sits_once_a_passe_and_never_with_the_same_partner_twice(players, passen, seed):
    result = draw(players, passen, seed)
    seats = -(-players // 4) * 4
    assert len(result.passen) == passen
    for passe in result.passen:
        assert all(len(table) == 4 for table in passe) and len(passe) == seats // 4
        seated = [p for table in passe for p in table if p is not None]
        assert sorted(seated) == list(range(players))  # everyone exactly once
        computers = [sum(p is None for p in table) for table in passe]
        assert sum(computers) == seats - players
        if passen <= seats - 4:  # (rounds enough to keep computers from being partners)
            assert max(computers) <= -(-(seats - players) // len(passe))  # computer seats spread
    if passen <= seats - 1:
        assert result.partner_repeats() == 0
    assert result.table_mate_repeats() >= lower_bound(players, passen)


def test_sixteen_players_over_five_passen_never_meet_twice():
    for seed in range(5):
        result = draw(16, 5, seed)
        assert result.table_mate_repeats() == 0 and result.partner_repeats() == 0
        assert len(result.meetings()) == 16 * 15 // 2  # and everyone met everyone once


def test_the_seed_decides_the_draw():
    assert draw(24, 4, "herbst") == draw(24, 4, "herbst")
    assert draw(24, 4, "herbst") != draw(24, 4, "winter")


def test_the_counting_bound():
    assert lower_bound(16, 5) == 0
    assert lower_bound(16, 6) == 16 * 3 // 2
    assert lower_bound(8, 3) == 8  # each of 8 people meets 9 mates among 7 others: 2 repeats each, counted twice


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        draw(0, 3, 1)


def test_the_command_line_prints_one_json_object():
    out = subprocess.run(
        [sys.executable, "-m", "bot.tournament", "draw", "--players", "14", "--passen", "3", "--seed", "s", "--json"],
        capture_output=True, text=True, cwd=ROOT, check=True, timeout=60,
    )  # fmt: skip
    data = json.loads(out.stdout)
    assert list(data) == ["passen"] and len(data["passen"]) == 3
    for passe in data["passen"]:
        assert len(passe) == 4 and all(len(table) == 4 for table in passe)
        assert sorted(p for table in passe for p in table if p is not None) == list(range(14))
        assert sum(p is None for table in passe for p in table) == 2
    assert draw(14, 3, "s").to_json() == data
    command = [sys.executable, "-m", "bot.tournament", "draw", "--players", "2", "--passen", "3", "--seed", "s"]
    bad = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 2 and "players" in bad.stderr
