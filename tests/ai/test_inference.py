"""Inference from the contract choice: the vectorised hand model and the weights of deals."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.base import computer_command
from bot.ai.inference import choice_weights, contract_values_batch, features_batch
from bot.ai.knowledge import knowledge_of
from bot.ai.rules_player import contract_values, declarations, hand_features
from bot.ai.sampling import sample_worlds
from bot.game import AddComputer, StartGame, Table

from .test_players import random_state


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 2**36 - 1), min_size=1, max_size=30))
def test_batch_features_equal_the_rules_players(masks):
    hands = np.array(masks, dtype=np.uint64)
    for contract in range(6):
        batch = features_batch(hands, contract)
        for row, mask in zip(batch, masks, strict=True):
            assert list(row) == [float(x) for x in hand_features(mask, contract)]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_batch_contract_values_are_the_rules_players_without_weis(seed):
    rng = random.Random(seed)
    table = random_state(rng, {"preset": "standard"})
    view = table.view_for(0)
    expected = contract_values(view)
    got = contract_values_batch(np.array([view.hand], dtype=np.uint64), view)[0]
    for contract, v in expected.items():
        k = int(contract)
        weis_part = (declarations(view.hand, k, view.rules) - _stoeck(view.hand, k)) * view.rules.multiplier(k)
        assert abs(got[k] - (v - weis_part)) < 1e-6


def _stoeck(hand: int, k: int) -> float:
    pair = (1 << (k * 9 + 7)) | (1 << (k * 9 + 6))
    return 20.0 if k < 4 and hand & pair == pair else 0.0


def _defender_view(seed: int):
    """A view of the defender second to play in the first trick of a hand whose contract is a
    trump suit and whose Puur the defender does not hold."""
    rng = random.Random(seed)
    while True:
        table, _ = Table.create("t", "host", {"preset": "standard"})
        for _ in range(4):
            table.apply(AddComputer("host", level="club"))
        table.apply(StartGame("host", seed=f"inf:{rng.random()}"))
        while table.phase == "contract":
            table.apply(computer_command(table, "x"))
        table.apply(computer_command(table, "x"))  # the declaring team leads
        view = table.view_for(table.to_act)
        puur = 1 << (view.contract * 9 + 5) if view.contract < 4 else 0
        if puur and view.declarer % 2 != view.seat % 2 and not view.hand & puur:
            return view


def test_a_trump_choice_makes_deals_with_the_puur_in_the_declarers_hand_likelier():
    view = _defender_view(3)
    k = knowledge_of(view)
    worlds = sample_worlds(k, 3000, random.Random(1))
    weights = choice_weights(worlds, view, k)
    holds = (worlds[:, view.declarer] & np.uint64(1 << (view.contract * 9 + 5))) != 0
    assert weights[holds].mean() > 1.5 * weights[~holds].mean()


def test_weights_are_in_zero_one_and_one_for_the_viewers_own_choice():
    view = _defender_view(5)
    k = knowledge_of(view)
    worlds = sample_worlds(k, 200, random.Random(2))
    weights = choice_weights(worlds, view, k)
    assert (weights > 0).all() and (weights <= 1).all() and weights.min() < 1
    own = replace(view, declarer=view.seat, geschoben=False)
    assert (choice_weights(worlds, own, knowledge_of(own)) == 1).all()


def test_schieben_favours_deals_with_a_weak_forehand():
    view = _defender_view(3)
    forehand = (view.seat + 1) % 4
    # The viewer chose after the forehand schob: only the Schieben says something.
    pushed = replace(view, geschoben=True, forehand=forehand, declarer=view.seat)
    k = knowledge_of(pushed)
    worlds = sample_worlds(k, 3000, random.Random(3))
    hands = worlds[:, forehand] | np.uint64(k.played_by[forehand])
    best = contract_values_batch(hands, pushed).max(axis=1)
    weights = choice_weights(worlds, pushed, k)
    strong = best > np.median(best)
    assert weights[~strong].mean() > 1.5 * weights[strong].mean()


def test_played_by_accounts_for_every_card_played():
    rng = random.Random(9)
    table = random_state(rng, {"preset": "standard"})
    while table.phase != "play" or not table.view_for(0).tricks:
        table = random_state(rng, {"preset": "standard"})
    view = table.view_for(0)
    gone = knowledge_of(view).played_by
    assert gone[0] | gone[1] | gone[2] | gone[3] == view.cards_played
    assert sum(g.bit_count() for g in gone) == view.cards_played.bit_count()
