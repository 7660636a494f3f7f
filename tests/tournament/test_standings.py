"""Einzelschieber scoring, computed by hand: 8 players, 3 Passen, a Streichresultat and a tie."""

from bot.game import Phase
from bot.rules import RuleSet
from bot.tournament.standings import Counting, passe_points, standings
from tests.game.helpers import auto_step, new_table

# Three Passen of 8 players (two tables each), hands of the `tournament` preset: every hand
# writes 157, so a Passe of 4 hands writes 628 at a table (the two teams' points add up to it).
DRAW = [
    [(0, 1, 2, 3), (4, 5, 6, 7)],
    [(0, 4, 1, 5), (2, 6, 3, 7)],
    [(0, 6, 5, 3), (2, 4, 7, 1)],
]
TEAM_POINTS = [
    [(400, 228), (314, 314)],
    [(300, 328), (500, 128)],
    [(350, 278), (220, 408)],
]


def test_eight_players_three_passen_by_hand():
    per_passe = [passe_points(tables, team) for tables, team in zip(DRAW, TEAM_POINTS, strict=True)]
    points = {p: [per_passe[k][p] for k in range(3)] for p in range(8)}
    # By hand, seat by seat (seats 0/2 score the first number of their table, 1/3 the second):
    assert points == {
        0: [400, 300, 350], 1: [228, 300, 408], 2: [400, 500, 220], 3: [228, 500, 278],
        4: [314, 328, 408], 5: [314, 328, 350], 6: [314, 128, 278], 7: [314, 128, 220],
    }  # fmt: skip
    # All Passen count: 2: 1120; 0 and 4 tie on 1050, 4's best Passe (408) beats 0's (400);
    # 3: 1006, 5: 992, 1: 936, 6: 720, 7: 662.
    table = standings(points)
    assert [(s.player, s.total, s.rank) for s in table] == [
        (2, 1120, 1), (4, 1050, 2), (0, 1050, 3), (3, 1006, 4), (5, 992, 5), (1, 936, 6), (6, 720, 7), (7, 662, 8),
    ]  # fmt: skip
    # The worst Passe struck: 2: 900, 3: 778, 0: 750, 4: 736, 1: 708, 5: 678, 6: 592, 7: 534.
    struck = standings(points, Counting("drop_worst"))
    assert [(s.player, s.total, s.rank) for s in struck] == [
        (2, 900, 1), (3, 778, 2), (0, 750, 3), (4, 736, 4), (1, 708, 5), (5, 678, 6), (6, 592, 7), (7, 534, 8),
    ]  # fmt: skip
    assert struck[0].counted == (0, 1)  # player 2's 220 of Passe 3 struck
    # Every Passe writes 628 at each table: the teams' points add up.
    assert all(a + b == 628 for passe in TEAM_POINTS for a, b in passe)


def test_ties_go_to_the_best_single_passe_then_the_next_and_then_share_the_rank():
    points = {10: [300, 300, 300], 11: [400, 250, 250], 12: [400, 300, 200], 13: [300, 300, 300]}
    table = standings(points)
    # All 900: 12 (400, 300) before 11 (400, 250) before 10 and 13 (300 each), who share rank 3.
    assert [(s.player, s.rank) for s in table] == [(12, 1), (11, 2), (10, 3), (13, 3)]
    assert standings(points, Counting("best", 1))[0].total == 400


def test_a_passe_not_played_counts_zero():
    table = standings({1: [300, None, 300], 2: [200, 200, 200]})
    assert [(s.player, s.total, s.rank) for s in table] == [(1, 600, 1), (2, 600, 2)]  # 300 beats 200


def test_every_hand_of_the_tournament_preset_writes_157():
    table, events = new_table(RuleSet.preset("tournament"), humans=0)
    while table.phase != Phase.GAME_OVER and len([e for e in events if e["type"] == "hand_scored"]) < 12:
        events += auto_step(table)
    scored = [e for e in events if e["type"] == "hand_scored"]
    assert len(scored) >= 8
    assert all(sum(e["written"]) == 157 for e in scored)
    assert not any(e["type"] == "weis" for e in events)  # no Weis at a tournament table
