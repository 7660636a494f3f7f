"""Inference from the cards played: deals are weighted by how well club play explains them."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.base import computer_command
from bot.ai.knowledge import knowledge_of
from bot.ai.play_inference import play_weights
from bot.ai.rules_player import RulesPlayer
from bot.ai.sampling import sample_worlds
from bot.game import AddComputer, StartGame, Table


def club_table(seed: int, preset: str, cards: int) -> Table | None:
    """Four club players, ``cards`` cards into the hand (``None`` when the hand is over)."""
    table, _ = Table.create("t", "host", {"preset": preset})
    for _ in range(4):
        table.apply(AddComputer("host", level="club"))
    table.apply(StartGame("host", seed=f"pinf:{seed}"))
    while table.phase == "contract":
        table.apply(computer_command(table, "x"))
    for _ in range(cards):
        table.apply(computer_command(table, "x"))
    return table if table.phase == "play" and table.to_act is not None else None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["standard", "swisslos", "tournament"]), st.integers(1, 34))
def test_among_club_players_the_true_deal_explains_every_card(seed, preset, cards):
    table = club_table(seed, preset, cards)
    if table is None:
        return
    view = table.view_for(table.to_act)
    true = np.array([table.hand.hands], dtype=np.uint64)
    assert play_weights(view, true, RulesPlayer(random.Random(0)), slip=0.25)[0] == 1.0


@pytest.mark.slow
def test_the_cards_played_make_most_other_deals_less_likely():
    player = RulesPlayer(random.Random(0))
    lowered = []
    for seed in range(12):
        table = club_table(seed, "standard", 14)
        if table is None:
            continue
        view = table.view_for(table.to_act)
        worlds = sample_worlds(knowledge_of(view), 200, random.Random(seed))
        weights = play_weights(view, worlds, player, slip=0.25)
        assert ((weights > 0) & (weights <= 1)).all()
        assert set(np.round(np.log(weights) / np.log(0.25), 9)) <= set(range(40))  # slip ** mismatches
        lowered.append((weights < 1).mean())
    assert len(lowered) >= 8
    assert np.mean(lowered) > 0.5  # three and a half tricks of club play rule out most deals


def test_nothing_is_inferred_before_the_first_card_of_the_others():
    table = club_table(1, "standard", 0)
    assert table is not None
    view = table.view_for(table.to_act)
    worlds = sample_worlds(knowledge_of(view), 50, random.Random(1))
    assert (play_weights(view, worlds, RulesPlayer(random.Random(0))) == 1).all()


@pytest.mark.slow
def test_the_partners_cards_can_weigh_less_or_nothing():
    """``partner_slip``: the partner's cards count with their own weight (1: not at all); the
    opponents' cards keep ``slip``."""
    player = RulesPlayer(random.Random(0))
    compared = 0
    for seed in range(8):
        table = club_table(seed, "standard", 14)
        if table is None:
            continue
        view = table.view_for(table.to_act)
        worlds = sample_worlds(knowledge_of(view), 100, random.Random(seed))
        both = play_weights(view, worlds, player, slip=0.25)
        same = play_weights(view, worlds, player, slip=0.25, partner_slip=0.25)
        opponents = play_weights(view, worlds, player, slip=0.25, partner_slip=1)
        partner = play_weights(view, worlds, player, slip=1, partner_slip=0.25)
        assert np.array_equal(both, same)
        assert np.allclose(opponents * partner, both)  # the two factors split the weight
        assert (opponents >= both).all() and (partner < 1).any() and (opponents < 1).any()
        compared += 1
    assert compared >= 5
