"""Sampling of hidden hands, the numpy play-outs and the arena."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import search_player
from bot.ai.base import play_command
from bot.ai.club_playout import club_playout
from bot.ai.knowledge import allowed_cards, knowledge_of
from bot.ai.rollout import State, playout
from bot.ai.rules_player import RulesPlayer
from bot.ai.sampling import may_hold_weis, sample_worlds, weis_check
from bot.ai.search_player import VERIFY_CHUNK, SearchPlayer
from bot.game import Table
from bot.rules import RuleSet, find_weis
from bot.rules.batch import random_deals
from bot.rules.cards import FULL_DECK, cards_of
from research import arena

from .test_players import random_state, states


def play_table(seed: int, preset: str) -> Table | None:
    """A random table in the play phase with a seat to act, or ``None``."""
    table = random_state(random.Random(seed), {"preset": preset})
    return table if table.phase == "play" and table.to_act is not None else None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["standard", "swisslos", "tournament"]))
def test_sampled_worlds_agree_with_everything_public(seed, preset):
    table = play_table(seed, preset)
    if table is None:
        return
    rng = random.Random(seed + 1)
    seat = table.to_act
    k = knowledge_of(table.view_for(seat))
    worlds = sample_worlds(k, 20, rng)
    for row in worlds:
        hands = [int(h) for h in row]
        assert hands[seat] == table.hand.hands[seat]
        assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK & ~k.played
        assert sum(h.bit_count() for h in hands) == (FULL_DECK & ~k.played).bit_count()  # disjoint
        for s in range(4):
            assert hands[s].bit_count() == table.hand.hands[s].bit_count()
            if s != seat:
                assert hands[s] & ~allowed_cards(k, s) == 0
                assert hands[s] & k.must_hold[s] == k.must_hold[s]


def test_the_true_deal_is_always_possible():
    rng = random.Random(3)
    for _ in range(300):
        table = random_state(rng, {"preset": "standard"})
        if table.phase != "play" or table.to_act is None:
            continue
        seat = table.to_act
        k = knowledge_of(table.view_for(seat))
        for s in range(4):
            if s != seat:
                assert table.hand.hands[s] & ~allowed_cards(k, s) == 0


def playing_tables(seed: int, rules: dict, tries: int):
    """Random tables in the play phase with a seat to act (``tries`` random states)."""
    rng = random.Random(seed)
    for _ in range(tries):
        table = random_state(rng, rules)
        if table.phase == "play" and table.to_act is not None:
            yield table


def test_the_true_deal_declares_the_weis_everyone_declared():
    """After trick 1 (automatic Weis) the real hands always pass the Weis test, and the check is
    active there: it is the one piece of inference that must never rule out the truth."""
    checked = 0
    for table in playing_tables(5, {"preset": "standard"}, 300):
        k = knowledge_of(table.view_for(table.to_act))
        agrees = weis_check(k)
        assert (agrees is None) == (not table.hand.tricks)
        if agrees is not None:
            assert agrees(list(table.hand.hands))
            checked += 1
    assert checked > 100


@pytest.mark.slow
def test_sampled_deals_declare_the_weis_everyone_declared():
    """Deals that would have declared another Weis (or none where one was declared) are not drawn."""
    rng = random.Random(12)
    tested = 0
    for table in playing_tables(11, {"preset": "standard"}, 400):
        if not table.hand.tricks:
            continue
        seat = table.to_act
        view = table.view_for(seat)
        k = knowledge_of(view)
        for row in sample_worlds(k, 30, rng):
            for s in range(4):
                if s != seat:
                    start = int(row[s]) | k.played_by[s]
                    declared = {w.mask for w in view.weis.get(s, [])}
                    assert {w.mask for w in find_weis(start, k.contract, view.rules)} == declared
        tested += 1
    assert tested > 50


def test_manual_weis_say_nothing_about_the_weis_not_declared():
    """With manual Weis a player may keep a Weis to themself: no deal is ruled out for it."""
    seen = 0
    for table in playing_tables(6, {"preset": "standard", "weis_mode": "manual"}, 200):
        if table.hand.tricks:
            assert weis_check(knowledge_of(table.view_for(table.to_act))) is None
            seen += 1
    assert seen > 20


def test_the_search_can_be_told_to_ignore_the_weis_not_declared():
    table = next(t for t in playing_tables(8, {"preset": "standard"}, 100) if t.hand.tricks)
    view = table.view_for(table.to_act)
    assert SearchPlayer(random.Random(1))._knowledge(view).all_weis is not None
    assert SearchPlayer(random.Random(1), weis=False)._knowledge(view).all_weis is None


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 35), min_size=9, max_size=9), st.integers(0, 5))
def test_the_cheap_weis_test_never_misses_a_weis(cards, contract):
    hand = sum(1 << c for c in cards)
    if not may_hold_weis(hand):
        assert find_weis(hand, contract, RuleSet(low_quartets="always")) == []


def test_playouts_deal_out_every_point():
    rng = np.random.default_rng(1)
    hands = random_deals(rng, 500)
    for contract in range(6):
        points = playout(hands, State(contract=contract, leader=0, trick=(), points=(0, 0), tricks=(0, 0)), rng)
        totals = points.sum(axis=1)
        assert set(np.unique(totals)) <= {157, 257}  # 152 + 5, and +100 for a Match


def test_arena_prints_its_figures(capsys):
    assert arena.main(["--a", "club", "--b", "random", "--hands", "6", "--seed", "2"]) == 0
    out = dict(line.split(": ", 1) for line in capsys.readouterr().out.splitlines())
    share = float(out["point_share_a"])
    lo, hi = (float(x) for x in out["point_share_a_95ci"].strip("[]").split(", "))
    assert 0 <= lo <= share <= hi <= 1
    assert out["deals"].startswith("6 (each played twice")
    assert "p50=" in out["decision_ms_a"] and "p95=" in out["decision_ms_b"]
    # Every hand is chosen by one team or the other, and the two parts make up the whole.
    by = out["point_share_a_by_chooser"].split()
    a_hands, b_hands = int(by[1].strip("(")), int(by[4].strip("("))
    assert a_hands + b_hands == 12 and 0 < a_hands < 12


def test_the_share_by_chooser_adds_up_to_the_whole():
    results = [arena.play_deal(i, 9, "club", "random", "standard", None) for i in range(4)]
    for r in results:
        assert r.chose_a in (0, 1, 2) and 0 <= r.chose_points_a <= r.points_a and 0 <= r.chose_points_b <= r.points_b
    line = next(x for x in arena.report(results, "club", "random", 9) if x.startswith("point_share_a_by_chooser"))
    own_a, own_b = sum(r.chose_points_a for r in results), sum(r.chose_points_b for r in results)
    all_a, all_b = sum(r.points_a for r in results), sum(r.points_b for r in results)
    chose = sum(r.chose_a for r in results)
    assert line == (
        f"point_share_a_by_chooser: a_chose={own_a / (own_a + own_b):.3f} ({chose} hands) "
        f"b_chose={(all_a - own_a) / (all_a - own_a + all_b - own_b):.3f} ({8 - chose} hands)"
    )
    # The same player on both sides: the same seat chooses in both plays of a deal, so each team
    # chooses once and makes what the other made when it chose.
    for i in range(3):
        r = arena.play_deal(i, 9, "club", "club", "standard", None)
        assert r.chose_a == 1
        assert (r.chose_points_a, r.chose_points_b) == (r.points_b - r.chose_points_b, r.points_a - r.chose_points_a)


def test_arena_writes_each_deals_points_when_asked(capsys, tmp_path):
    path = tmp_path / "deals.csv"
    assert arena.main(["--a", "club", "--b", "random", "--hands", "5", "--seed", "4", "--per-deal", str(path)]) == 0
    out = dict(line.split(": ", 1) for line in capsys.readouterr().out.splitlines())
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "deal,points_a,points_b" and len(lines) == 6
    rows = [tuple(int(x) for x in line.split(",")) for line in lines[1:]]
    assert [d for d, _, _ in rows] == [0, 1, 2, 3, 4]  # in deal order, whatever order the jobs finished in
    rows = [(a, b) for _, a, b in rows]
    assert all(a >= 0 and b >= 0 and a + b > 0 for a, b in rows)
    share = sum(a for a, _ in rows) / sum(a + b for a, b in rows)
    assert f"{share:.3f}" == out["point_share_a"]


@pytest.mark.slow
def test_arena_options_reach_the_players_class(capsys, monkeypatch):
    made = []
    real = arena.make_player

    def spy(level, seed=None, budget=None, **options):
        player = real(level, seed, budget, **options)
        made.append((level, options, player))
        return player

    monkeypatch.setattr(arena, "make_player", spy)
    assert (
        arena.main(
            [
                "--a",
                "search",
                "--b",
                "club",
                "--hands",
                "1",
                "--seed",
                "3",
                "--a-option",
                "worlds=16",
                "--a-option",
                "slip=None",
                "--b-option",
                "noise=0.5",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "options_a: worlds=16 slip=None" in out and "options_b: noise=0.5" in out
    searchers = [p for level, _, p in made if level == "search"]
    clubs = [p for level, _, p in made if level == "club"]
    assert len(searchers) >= 4 and all(p.worlds == 16 and p.slip is None for p in searchers)
    assert len(clubs) >= 4 and all(p.noise == 0.5 for p in clubs)


def test_arena_refuses_an_option_the_player_does_not_have():
    assert arena.parse_options("search", ["worlds=768"]) == {"worlds": 768}
    for pairs in (["wolds=768"], ["worlds"], ["worlds=abc"], ["=3"]):
        with pytest.raises(ValueError, match="option"):
            arena.parse_options("search", pairs)
    with pytest.raises(ValueError, match="random"):
        arena.parse_options("random", ["noise=0.5"])


def test_a_duplicate_deal_is_reproducible():
    result = arena.play_deal(0, 5, "club", "club", "standard", None)
    total = result.points_a + result.points_b
    assert total > 0
    ours = arena.play_deal(0, 5, "club", "club", "standard", None)
    assert (ours.points_a, ours.points_b) == (result.points_a, result.points_b)  # deterministic


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["standard", "swisslos", "tournament"]))
def test_a_club_playout_in_the_true_deal_is_the_club_players_hand(seed, preset):
    """In the true deal, a club play-out ends exactly as four club players at the table do."""
    table = play_table(seed, preset)
    if table is None:
        return
    club = RulesPlayer(random.Random(0))
    view = table.view_for(table.to_act)
    if view.can_preshow_stoeck:
        return
    card = club.choose_card(view, knowledge_of(view), cards_of(view.legal))
    predicted = club_playout(view, list(table.hand.hands), card, club)
    last_team = None
    events = table.apply(play_command(view, table.actor_for(table.to_act), card))
    while True:
        last_team = next((e["winner"] % 2 for e in events if e["type"] == "trick"), last_team)
        scored = next((e for e in events if e["type"] == "hand_scored"), None)
        if scored:
            break
        seat = table.to_act
        events = table.apply(club.decide(table.view_for(seat), table.actor_for(seat)))
    expected = list(scored["card_points"])
    expected[last_team] += 5
    if scored["match_team"] is not None:
        expected[scored["match_team"]] += table.rules.match_bonus
    assert predicted == tuple(expected)


def test_club_playouts_judge_a_card_the_fast_playouts_prefer(monkeypatch):
    """Where the greedy play-outs prefer another card than the club player's, the card played
    is the one the club play-outs value higher; without the check, the greedy favourite."""
    found = 0
    for table in states(60, seed=5):
        view = table.view_for(table.to_act)
        if view.phase != "play" or view.legal.bit_count() < 2 or view.can_preshow_stoeck:
            continue
        player = SearchPlayer(random.Random(1), worlds=24)
        values = player.card_values(view)
        legal = cards_of(view.legal)
        best = max(legal, key=lambda c: (values[c], -c))
        prior = RulesPlayer(random.Random(1)).choose_card(view, knowledge_of(view), legal)
        if values[best] <= values[prior]:
            continue
        found += 1
        monkeypatch.setattr(SearchPlayer, "card_values", lambda self, v, values=values: values)
        for favourite in (prior, best):
            monkeypatch.setattr(
                SearchPlayer,
                "club_values",
                lambda self, v, cards, n, budget=0, f=favourite: {c: float(c == f) for c in cards},
            )
            assert SearchPlayer(random.Random(1)).choose_card(view) == favourite
        assert SearchPlayer(random.Random(1), verify_worlds=0).choose_card(view) == best
        monkeypatch.undo()
    assert found >= 3


def test_the_learned_corrections_close_second_is_checked_too(monkeypatch):
    """With ``model_candidates``, the card the learned correction ranks best after the club card
    is checked even where the fast play-outs prefer the club card; the check decides."""
    from research.players import ResearchSearchPlayer

    checked = 0
    for table in states(40, seed=6):
        view = table.view_for(table.to_act)
        if view.phase != "play" or view.legal.bit_count() < 2 or view.can_preshow_stoeck:
            continue
        legal = cards_of(view.legal)
        player = ResearchSearchPlayer(random.Random(1), model_candidates=1)
        prior = player._club_card(view)
        pick = player.extra_candidates(view, legal, prior)
        assert len(pick) == 1 and pick[0] != prior
        flat = {c: float(c == prior) for c in legal}  # the fast play-outs prefer the club card
        monkeypatch.setattr(SearchPlayer, "card_values", lambda self, v, flat=flat: flat)
        asked: list[list[int]] = []
        for favourite in (prior, pick[0]):

            def judge(self, v, cards, n, budget=0, f=favourite, asked=asked):
                asked.append(list(cards))
                return {c: float(c == f) for c in cards}

            monkeypatch.setattr(SearchPlayer, "club_values", judge)
            assert ResearchSearchPlayer(random.Random(1), model_candidates=1).choose_card(view) == favourite
        assert SearchPlayer(random.Random(1)).choose_card(view) == prior  # off: nothing to check
        assert asked == [[prior, pick[0]]] * 2
        monkeypatch.undo()
        checked += 1
    assert checked >= 5


def test_club_values_are_bounded_and_reproducible():
    table = next(
        t
        for t in states(40, seed=8)
        if t.phase == "play"
        and t.view_for(t.to_act).legal.bit_count() > 1
        and not t.view_for(t.to_act).can_preshow_stoeck
    )
    view = table.view_for(table.to_act)
    legal = cards_of(view.legal)
    values = SearchPlayer(random.Random(3)).club_values(view, legal, 16)
    assert set(values) == set(legal)
    total = 157 + 5  # every point of the hand goes to one team or the other (Match bonus aside)
    for v in values.values():
        assert -total - view.rules.match_bonus <= v <= total + view.rules.match_bonus
    # Deterministic under a seed, and the deals do not depend on which cards are compared.
    again = SearchPlayer(random.Random(3)).club_values(view, [legal[-1]], 16)
    assert again[legal[-1]] == values[legal[-1]]


def test_club_values_draw_deals_in_chunks_and_stop_at_the_budget(monkeypatch):
    table = next(
        t
        for t in states(40, seed=8)
        if t.phase == "play"
        and t.view_for(t.to_act).legal.bit_count() > 1
        and not t.view_for(t.to_act).can_preshow_stoeck
    )
    view = table.view_for(table.to_act)
    legal = cards_of(view.legal)[:2]
    drawn: list[int] = []
    played: list[int] = []
    worlds, playout = SearchPlayer._worlds, search_player.club_playout

    def counting_worlds(self, view, k, n, judge=None):
        drawn.append(n)
        return worlds(self, view, k, n, judge)

    def counting_playout(*args):
        played.append(1)
        return playout(*args)

    monkeypatch.setattr(SearchPlayer, "_worlds", counting_worlds)
    monkeypatch.setattr(search_player, "club_playout", counting_playout)
    SearchPlayer(random.Random(3)).club_values(view, legal, 40)
    assert drawn == [VERIFY_CHUNK, VERIFY_CHUNK, 40 - 2 * VERIFY_CHUNK] and len(played) == 40 * len(legal)
    drawn.clear()
    played.clear()
    # No time left: one deal drawn in the first chunk is played, nothing more is drawn.
    SearchPlayer(random.Random(3)).club_values(view, legal, 96, budget=0.0)
    assert drawn == [VERIFY_CHUNK] and len(played) == len(legal)


def test_the_learned_correction_judges_the_cards_played_where_asked(monkeypatch):
    """``learned_inference``: False, the heuristics weigh the deals of both stages; 'check', the
    learned club player weighs the check's deals only; True, both.  Other values are refused."""
    table = next(
        t
        for t in states(40, seed=8)
        if t.phase == "play"
        and t.view_for(t.to_act).legal.bit_count() > 1
        and t.view_for(t.to_act).tricks
        and not t.view_for(t.to_act).can_preshow_stoeck
    )
    view = table.view_for(table.to_act)
    legal = cards_of(view.legal)[:2]
    judges: list[bool] = []
    weights = search_player.play_weights

    def spy(view, pool, player, *slips):
        judges.append(player.model is not None)
        return weights(view, pool, player, *slips)

    monkeypatch.setattr(search_player, "play_weights", spy)
    for option, fast, check in ((False, False, False), ("check", False, True), (True, True, True)):
        player = SearchPlayer(random.Random(3), worlds=16, learned_inference=option)
        judges.clear()
        player.card_values(view)
        assert judges and set(judges) == {fast}
        judges.clear()
        player.club_values(view, legal, 16)
        assert judges and set(judges) == {check}
    for bad in ("all", 1.5, None):
        with pytest.raises(ValueError, match="learned_inference"):
            SearchPlayer(random.Random(3), learned_inference=bad)
    with pytest.raises(ValueError, match="learned_inference"):
        arena.parse_options("search", ["learned_inference='sometimes'"])


def test_the_deals_kept_are_drawn_from_oversample_times_as_many(monkeypatch):
    table = next(t for t in states(40, seed=8) if t.phase == "play" and t.view_for(t.to_act).tricks)
    view = table.view_for(table.to_act)
    pools: list[int] = []
    sample = search_player.sample_worlds

    def counting(k, n, rng):
        pools.append(n)
        return sample(k, n, rng)

    monkeypatch.setattr(search_player, "sample_worlds", counting)
    for oversample in (1, 2, 5):
        player = SearchPlayer(random.Random(3), oversample=oversample)
        pools.clear()
        worlds = player._worlds(view, player._knowledge(view), 12)
        assert pools == [12 * oversample] and worlds.shape == (12, 4)
    pools.clear()
    SearchPlayer(random.Random(3), inference=False, oversample=5)._worlds(view, knowledge_of(view), 12)
    assert pools == [12]  # nothing to weigh: no more deals than kept
    for bad in (0, -1, 1.5, "2", True):
        with pytest.raises(ValueError, match="oversample"):
            SearchPlayer(random.Random(3), oversample=bad)
