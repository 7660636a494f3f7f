"""Kinds of card decisions, and the search restricted to some of them."""

from __future__ import annotations

import random

import pytest

from bot.ai.rules_player import RulesPlayer
from bot.ai.search_player import SearchPlayer
from bot.rules import Card
from research import arena
from research.decisions import KINDS, decision_kind, parse_kinds
from research.players import ResearchSearchPlayer
from tests.ai.test_players import states


def card_states(n: int, seed: int) -> list:
    """Views of seats about to play a card with a choice."""
    out = []
    for table in states(4 * n, seed):
        view = table.view_for(table.to_act)
        if view.phase == "play" and view.legal.bit_count() > 1:
            out.append(view)
    return out[:n]


@pytest.mark.slow
def test_each_decision_has_the_kind_its_view_shows():
    seen = set()
    for view in card_states(300, seed=21):
        kind = decision_kind(view)
        family, move, side = kind.split("-")
        assert (family == "trump") == (view.contract < 4)
        assert (move == "lead") == (not view.trick)
        assert (side == "declarer") == (view.declarer % 2 == view.seat % 2)
        seen.add(kind)
    assert seen == set(KINDS)  # 300 random states reach every kind


def test_kinds_are_read_from_a_text_or_a_tuple_and_unknown_ones_refused():
    assert parse_kinds(None) is None
    both = {"notrump-lead-defence", "trump-follow-declarer"}
    assert parse_kinds("notrump-lead-defence, trump-follow-declarer") == both
    assert parse_kinds(("trump-lead-defence",)) == {"trump-lead-defence"}
    for bad in ("notrump-lead", "", ("trump-lead-defence", "bogus")):
        with pytest.raises(ValueError, match="unknown decision kinds"):
            parse_kinds(bad)
    assert arena.parse_options("search", ["kinds='notrump-lead-defence'"]) == {"kinds": "notrump-lead-defence"}
    with pytest.raises(ValueError, match="unknown decision kinds"):
        arena.parse_options("search", ["kinds='notrump'"])  # the arena refuses it before playing


@pytest.mark.slow
def test_the_search_plays_the_club_card_outside_its_kinds(monkeypatch):
    views = card_states(60, seed=5)
    searched = []
    real = SearchPlayer.card_values

    def spy(self, view):
        searched.append(decision_kind(view))
        return real(self, view)

    monkeypatch.setattr(SearchPlayer, "card_values", spy)
    club = RulesPlayer(random.Random(0))
    for i, view in enumerate(views):
        player = ResearchSearchPlayer(random.Random(i), worlds=16, kinds="notrump-lead-defence")
        card = player.choose_card(view)
        assert view.legal >> card & 1
        if decision_kind(view) != "notrump-lead-defence":
            assert card == Card.parse(club.decide(view, "ai").card).index
    assert searched and set(searched) == {"notrump-lead-defence"}
