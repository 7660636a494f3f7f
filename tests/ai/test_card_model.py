"""The club player's learned card correction (bot/ai/card_model.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bot.ai.card_model import CardModel, advantages, better_card, card_features, default_model, load_model
from bot.ai.knowledge import knowledge_of
from bot.ai.rules_player import RulesPlayer
from bot.game import Phase
from bot.rules.cards import cards_of

from .test_players import states


def play_states(n: int, seed: int):
    """(view, knowledge, legal cards, the heuristic card) of play decisions with a choice."""
    heuristic = RulesPlayer(random.Random(0), learned=False)
    out = []
    for table in states(4 * n, seed=seed):
        if table.phase != Phase.PLAY:
            continue
        view = table.view_for(table.to_act)
        legal = cards_of(view.legal)
        if len(legal) < 2 or view.can_preshow_stoeck:
            continue
        k = knowledge_of(view)
        out.append((view, k, legal, heuristic.choose_card(view, k, legal)))
        if len(out) == n:
            break
    return out


def constant_model(width: int, bias: float) -> CardModel:
    """A network that predicts ``bias`` for every card."""
    return CardModel(
        np.zeros((width, 2), np.float32),
        np.zeros(2, np.float32),
        np.zeros(2, np.float32),
        np.float32(bias),
        np.zeros(width, np.float32),
        np.ones(width, np.float32),
    )


def test_the_shipped_weights_fit_the_features():
    model = default_model()
    assert model is not None
    for view, k, legal, club in play_states(20, seed=21):
        x = card_features(view, k, [c for c in legal if c != club], club)
        assert x.shape[1] == model.w1.shape[0]
        assert np.isfinite(model.predict(x)).all()


def test_the_club_card_stays_unless_another_is_predicted_better_by_the_margin():
    for view, k, legal, club in play_states(30, seed=22):
        width = card_features(view, k, legal, club).shape[1]
        assert better_card(view, k, legal, club, constant_model(width, 1.5), margin=2.0) == club
        other = better_card(view, k, legal, club, constant_model(width, 2.5), margin=2.0)
        assert other != club and other in legal


def test_a_cards_features_do_not_depend_on_the_other_cards_asked_about():
    for view, k, legal, club in play_states(30, seed=23):
        x = card_features(view, k, legal, club)
        for i, card in enumerate(legal):
            assert np.array_equal(x[i], card_features(view, k, [card], club)[0])


@pytest.mark.slow
def test_the_learned_player_deviates_sometimes_and_only_to_legal_cards():
    learned = RulesPlayer(random.Random(0), learned=True)
    decisions = play_states(300, seed=24)
    changed = 0
    for view, k, legal, club in decisions:
        card = learned.choose_card(view, k, legal)
        assert card in legal
        changed += card != club
    assert 0 < changed < len(decisions)


def test_unreadable_weights_leave_the_heuristics_playing(tmp_path, caplog):
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a numpy archive")
    assert load_model(broken) is None
    assert load_model(tmp_path / "missing.npz") is None
    assert "not loaded" in caplog.text
    player = RulesPlayer(random.Random(0), learned=False)
    player.model = load_model(broken)
    heuristic = RulesPlayer(random.Random(0), learned=False)
    for view, k, legal, club in play_states(20, seed=25):
        assert player.choose_card(view, k, legal) == heuristic.choose_card(view, k, legal) == club


def test_the_search_plays_out_with_the_learned_club_player_and_infers_with_the_heuristics_unless_asked():
    from bot.ai.search_player import SearchPlayer

    default = SearchPlayer(random.Random(0))
    assert default.club_player.model is not None and default.rules_player.model is not None
    assert default.inference_player.model is None
    heuristic = SearchPlayer(random.Random(0), learned_playouts=False)
    assert heuristic.rules_player.model is None and heuristic.inference_player is heuristic.rules_player
    both = SearchPlayer(random.Random(0), learned_inference=True)
    assert both.inference_player is both.rules_player and both.rules_player.model is not None
    learned = RulesPlayer(random.Random(0))
    for view, k, legal, _ in play_states(40, seed=26):
        assert default._club_card(view) == learned.choose_card(view, k, legal)


def test_advantages_are_the_predictions_for_the_other_cards_and_zero_for_the_club_card():
    model = default_model()
    assert model is not None
    for view, k, legal, club in play_states(20, seed=27):
        gains = advantages(view, k, legal, club, model)
        others = [c for c in legal if c != club]
        assert set(gains) == set(legal) and gains[club] == 0.0
        expected = model.predict(card_features(view, k, others, club))
        assert np.allclose([gains[c] for c in others], expected)


def test_the_searchs_model_picks_are_the_best_ranked_cards_other_than_the_club_card():
    from research.players import ResearchSearchPlayer

    model = default_model()
    assert model is not None
    off = ResearchSearchPlayer(random.Random(0))
    two = ResearchSearchPlayer(random.Random(0), model_candidates=2)
    heuristic = RulesPlayer(random.Random(0), learned=False)
    for view, k, legal, _ in play_states(30, seed=28):
        prior = two._club_card(view)
        picks = two.extra_candidates(view, legal, prior)
        assert off.extra_candidates(view, legal, prior) == []
        gains = advantages(view, k, legal, heuristic.heuristic_card(view, k, legal), model)
        assert prior not in picks and len(picks) == min(2, len(legal) - 1)
        assert sorted((gains[c] for c in picks), reverse=True) == [gains[c] for c in picks]
        rest = [gains[c] for c in legal if c != prior and c not in picks]
        assert all(gains[picks[-1]] >= g for g in rest)


def test_the_club_player_can_play_with_other_weights(tmp_path):
    decisions = play_states(20, seed=29)
    width = card_features(*decisions[0][:3], decisions[0][3]).shape[1]
    path = tmp_path / "always.npz"
    constant_model(width, 50.0).save(path)  # every other card predicted far better
    other = RulesPlayer(random.Random(0), weights=str(path))
    assert other.model is not None and float(other.model.b2) == 50.0
    for view, k, legal, club in decisions:
        convention = other._first_lead_after_schieben(view, k)  # that lead stays the heuristics'
        assert (other.choose_card(view, k, legal) == club) == convention
    assert RulesPlayer(random.Random(0), weights=str(tmp_path / "missing.npz")).model is None
    assert RulesPlayer(random.Random(0)).model is default_model()
