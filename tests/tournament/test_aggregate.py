"""An Einzelschieber evening as events: sign-up, draw, results, next Passe, drop, refusals, replay."""

import itertools

import pytest

from bot.tournament import draw
from bot.tournament.aggregate import Tournament, TournamentError, commitment
from bot.tournament.pairs import pair_round, round_robin
from bot.tournament.standings import Counting

ORG = "u:1"


def signed_up(people: int = 10, passen: int = 3, **kw):
    t, events = Tournament.create("t1", ORG, "Herbst", passen, 4, seed="secret", **kw)
    for i in range(people):
        events += t.join(f"u:{100 + i}", f"p{i}")
    return t, events


def play_passe(t, events, points_of=lambda passe, table: (400 + table, 228 - table)):
    passe = len(t.draws) - 1
    for table in range(len(t.draws[passe])):
        events += t.record(passe, table, points_of(passe, table))
    events += t.next_passe(ORG)


def test_a_whole_evening_and_its_replay():
    t, events = signed_up(10)
    assert t.seed_commitment == commitment("secret") and "secret" not in str(events)  # the seed stays hidden
    events += t.start(ORG, "secret")
    for _ in range(3):
        play_passe(t, events)
    assert t.phase == "finished" and t.passen_done() == 3
    # Every Passe is the published draw of the revealed seed, computers in the empty seats.
    assert [list(map(tuple, d)) for d in t.draws] == [list(p) for p in draw(10, 3, "secret").passen]
    table = t.standings()
    assert len(table) == 10 and table[0].rank == 1
    assert sum(s.total for s in table) == sum(
        (400 + tb if seat % 2 == 0 else 228 - tb)
        for passe in range(3)
        for tb, tab in enumerate(t.draws[passe])
        for seat, p in enumerate(tab)
        if p is not None
    )
    again = Tournament.replay(events)
    assert again.standings() == table and again.seq == t.seq == len(events)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (lambda t: t.join("u:100", "again"), "ALREADY_JOINED"),
        (lambda t: t.leave("u:999"), "NOT_JOINED"),
        (lambda t: t.start("u:100", "secret"), "NOT_ORGANISER"),
        (lambda t: t.start(ORG, "guess"), "WRONG_SEED"),
        (lambda t: t.record(0, 0, (1, 1)), "WRONG_PHASE"),
        (lambda t: t.cancel("u:100"), "NOT_ORGANISER"),
    ],
)
def test_refusals_in_the_sign_up_change_nothing(action, code):
    t, _ = signed_up(5)
    before = (t.seq, list(t.entries), t.phase)
    with pytest.raises(TournamentError) as err:
        action(t)
    assert err.value.code == code
    assert (t.seq, list(t.entries), t.phase) == before


def test_too_few_people_a_waitlist_when_full_and_no_joining_once_started():
    t, _ = signed_up(3)
    with pytest.raises(TournamentError) as err:
        t.start(ORG, "secret")
    assert err.value.code == "TOO_FEW_PLAYERS"
    t, events = signed_up(4, max_players=4)
    events += t.join("u:5", "waiting") + t.join("u:6", "also waiting")
    assert t.waitlist == ["u:5", "u:6"] and len(t.entries) == 4
    with pytest.raises(TournamentError) as err:
        t.join("u:5", "again")
    assert err.value.code == "ALREADY_JOINED"
    events += t.leave("u:101")  # a place frees: the first on the waitlist moves up
    assert t.entries[-1] == "u:5" and t.waitlist == ["u:6"]
    events += t.leave("u:6")  # leaving the waitlist
    assert t.waitlist == [] and Tournament.replay(events).entries == t.entries
    t.start(ORG, "secret")
    with pytest.raises(TournamentError) as err:
        t.join("u:7", "later")
    assert err.value.code == "WRONG_PHASE"


def test_results_once_per_table_and_the_next_passe_only_when_all_are_in():
    t, events = signed_up(8)
    events += t.start(ORG, "secret")
    events += t.record(0, 0, (400, 228))
    for bad, code in (
        (lambda: t.record(0, 0, (1, 2)), "RESULT_TWICE"),
        (lambda: t.record(0, 5, (1, 2)), "NO_SUCH_TABLE"),
        (lambda: t.record(1, 0, (1, 2)), "NO_SUCH_TABLE"),
        (lambda: t.record(0, 1, (-5, 2)), "BAD_POINTS"),
        (lambda: t.next_passe(ORG), "PASSE_NOT_DONE"),
        (lambda: t.next_passe("u:100"), "NOT_ORGANISER"),
    ):
        with pytest.raises(TournamentError) as err:
            bad()
        assert err.value.code == code
    events += t.record(0, 1, (314, 314))
    events += t.next_passe("system")  # the service may move on by itself
    assert len(t.draws) == 2


def test_a_dropped_player_gets_no_later_passe_and_keeps_their_results():
    t, events = signed_up(8, counting=Counting("drop_worst"))
    events += t.start(ORG, "secret")
    gone = t.entries[3]
    events += t.drop(ORG, gone)
    play_passe(t, events)  # Passe 1 was drawn before the drop: they play it
    assert 3 in itertools.chain.from_iterable(t.draws[0])
    assert 3 not in itertools.chain.from_iterable(t.draws[1])
    assert sum(p is None for table in t.draws[1] for p in table) == 1
    play_passe(t, events)
    mine = next(s for s in t.standings() if s.player == 3)
    assert mine.passen[0] > 0 and mine.passen[1] == 0
    assert Tournament.replay(events).draws == t.draws


def test_partnerschieber_round_robin_meets_everyone_once():
    for pairs in range(2, 9):
        rounds = round_robin(pairs, pairs - 1 + pairs % 2, seed=7)
        meetings = [frozenset(m) for r in rounds for m in r if m[1] is not None]
        assert len(meetings) == len(set(meetings)) == pairs * (pairs - 1) // 2
        for r in rounds:  # each pair once a round
            seated = [p for m in r for p in m if p is not None]
            assert sorted(seated) == list(range(pairs))


def test_swiss_pairing_has_no_rematch_and_similar_totals_meet():
    totals = {p: 0 for p in range(12)}
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for r in range(5):
        matches = pair_round(totals, met, byes, r, seed="s")
        assert sorted(p for m in matches for p in m if p is not None) == list(range(12))
        for a, b in matches:
            assert b is not None and frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            totals[a] += 300 + 7 * a
            totals[b] += 300 + 7 * b
    # From round 2 on the leader meets the best-placed pair it has not met.
    matches = pair_round(totals, met, byes, 5)
    order = sorted(totals, key=lambda p: -totals[p])
    first = next(m for m in matches if order[0] in m)
    other = first[1] if first[0] == order[0] else first[0]
    assert other == next(p for p in order[1:] if frozenset((order[0], p)) not in met)


def test_an_odd_number_of_pairs_gives_the_computers_to_a_new_pair_each_round():
    totals = {p: 0 for p in range(11)}
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for r in range(4):
        matches = pair_round(totals, met, byes, r, seed=1)
        [bye] = [a for a, b in matches if b is None]
        assert bye not in byes
        byes.add(bye)
        for a, b in matches:
            if b is not None:
                met.add(frozenset((a, b)))


def test_with_check_in_only_those_who_checked_in_are_drawn():
    t, events = signed_up(6, check_in=True)
    for actor in t.entries[:4]:
        events += t.confirm_check_in(actor)
    with pytest.raises(TournamentError) as err:
        t.confirm_check_in(t.entries[0])
    assert err.value.code == "ALREADY_CHECKED_IN"
    events += t.start(ORG, "secret")
    assert t.entries == ["u:100", "u:101", "u:102", "u:103"]
    assert sorted(p for table in t.draws[0] for p in table if p is not None) == [0, 1, 2, 3]
    assert Tournament.replay(events).entries == t.entries


def test_pause_resume_and_the_next_passe_by_hand():
    t, events = signed_up(8, manual_next=True)
    events += t.start(ORG, "secret")
    for table in range(2):
        events += t.record(0, table, (300, 328))
    assert t.waits_for_organiser()
    with pytest.raises(TournamentError) as err:
        t.next_passe("system")  # the service does not move on by itself
    assert err.value.code == "WAITS_FOR_ORGANISER"
    events += t.pause(ORG)
    with pytest.raises(TournamentError) as err:
        t.next_passe(ORG)
    assert err.value.code == "PAUSED"
    with pytest.raises(TournamentError) as err:
        t.resume("u:100")
    assert err.value.code == "NOT_ORGANISER"
    events += t.resume("u:100", privileged=True)  # a server manager may act for the organiser
    events += t.next_passe(ORG)
    assert len(t.draws) == 2
    assert [ev["by"] for ev in events if ev["type"] in ("paused", "resumed")] == [ORG, "u:100"]
    assert Tournament.replay(events).draws == t.draws


def test_a_replacement_plays_on_from_the_next_passe_and_the_points_stay_apart():
    t, events = signed_up(8)
    events += t.start(ORG, "secret")
    events += t.replace(ORG, "u:103", "u:200", "sub")
    assert "u:103" in t.table_actors(0, 0) + t.table_actors(0, 1)  # the current Passe: still them
    play_passe(t, events)
    assert "u:200" in t.table_actors(1, 0) + t.table_actors(1, 1)
    assert "u:103" not in t.table_actors(1, 0) + t.table_actors(1, 1)
    with pytest.raises(TournamentError) as err:
        t.replace(ORG, "u:104", "u:200", "twice")
    assert err.value.code == "ALREADY_JOINED"
    assert Tournament.replay(events).table_actors(0, 0) == t.table_actors(0, 0)


def test_late_entry_before_the_named_passe():
    t, events = signed_up(7, passen=3, late_entry=2)
    events += t.start(ORG, "secret")
    events += t.join("u:300", "late")  # before Passe 2: still in time
    play_passe(t, events)
    assert 7 in [p for table in t.draws[1] for p in table]  # drawn from Passe 2 on
    with pytest.raises(TournamentError) as err:
        t.join("u:301", "too late")
    assert err.value.code == "WRONG_PHASE"
    late = next(s for s in t.standings() if s.player == 7)
    assert late.passen[0] == 0
    with pytest.raises(TournamentError) as err:
        Tournament.create("t2", ORG, "x", 3, 4, seed="s", late_entry=5)
    assert err.value.code == "BAD_LATE_ENTRY"


def pairs_signed_up(pairs: int = 4, singles: int = 0, passen: int = 3):
    t, events = Tournament.create("t1", ORG, "Paare", passen, 4, seed="secret", format="pairs")
    for i in range(pairs):
        a, b = f"u:{100 + 2 * i}", f"u:{101 + 2 * i}"
        events += t.propose(a, f"p{2 * i}", b, f"p{2 * i + 1}")
        events += t.confirm_partner(b, f"p{2 * i + 1}")
    for i in range(singles):
        events += t.join(f"u:{500 + i}", f"s{i}")
    return t, events


def test_partnerschieber_pairs_meet_each_other_once_and_rank_as_pairs():
    t, events = pairs_signed_up(4)
    assert len(t.partner) == 8 and not t.proposals
    events += t.start(ORG, "secret")
    assert t.pairs == [(0, 1), (2, 3), (4, 5), (6, 7)]
    met = set()
    for passe in range(3):
        for table in t.draws[passe]:
            assert {table[0], table[2]} in [set(p) for p in t.pairs]  # partners at 0/2 and 1/3
            assert {table[1], table[3]} in [set(p) for p in t.pairs]
            met.add(frozenset((table[0] // 2, table[1] // 2)))
        play_passe(t, events, points_of=lambda passe, table: (157 * 4 - 10 * table, 10 * table))
    assert len(met) == 6 and t.phase == "finished"  # a round robin of 4 pairs: everyone met once
    rows = t.standings()
    assert len(rows) == 4 and sum(r.total for r in rows) == 3 * 2 * 628
    assert t.label(rows[0].player).count(" & ") == 1
    assert Tournament.replay(events).standings() == rows


def test_partnerschieber_singles_are_paired_and_an_odd_one_gets_a_computer_partner():
    t, events = pairs_signed_up(1, singles=3)
    with pytest.raises(TournamentError) as err:
        t.propose("u:100", "p0", "u:500", "s0")
    assert err.value.code == "ALREADY_PAIRED"
    with pytest.raises(TournamentError) as err:
        t.confirm_partner("u:501", "s1")
    assert err.value.code == "NO_REQUEST"
    events += t.start(ORG, "secret")
    assert t.pairs == [(0, 1), (2, 3), (4, None)]
    assert t.label(2).endswith("& Computer")
    computer_seats = sum(p is None for table in t.draws[0] for p in table)
    assert computer_seats == 3  # the bye pair meets two computers; the odd one has a computer partner
    assert Tournament.replay(events).pairs == t.pairs


def test_partnerschieber_with_many_pairs_is_swiss_without_rematches():
    t, events = Tournament.create("t1", ORG, "Gross", 4, 4, seed="secret", format="pairs")
    for i in range(20):
        events += t.join(f"u:{100 + i}", f"p{i}")
    events += t.start(ORG, "secret")
    assert len(t.pairs) == 10
    meetings = []
    for _ in range(4):
        passe = len(t.draws) - 1
        for table in t.draws[passe]:
            meetings.append(frozenset((table[0] // 2, table[1] // 2)))
        play_passe(t, events, points_of=lambda passe, table: (400 - table * 20, 228 + table * 20))
    assert len(meetings) == len(set(meetings)) == 20


def test_byes_instead_of_computers_rotate_and_score_the_passe_average():
    t, events = signed_up(10, passen=3, byes=True)
    events += t.start(ORG, "secret")
    for _ in range(3):
        passe = len(t.draws) - 1
        seated = [p for table in t.draws[passe] for p in table]
        assert None not in seated and len(seated) == 8  # two tables of four people, no computers
        assert sorted(seated + t.sat_out[passe]) == list(range(10))
        play_passe(t, events)
    assert sorted(p for byes in t.sat_out for p in byes) == sorted(set(p for byes in t.sat_out for p in byes))
    points = t.player_points()
    for passe, byes in enumerate(t.sat_out):
        played = [points[p][passe] for p in range(10) if p not in byes]
        for p in byes:
            assert points[p][passe] == int(sum(played) / len(played) + 0.5)
    assert Tournament.replay(events).sat_out == t.sat_out
    with pytest.raises(TournamentError):
        Tournament.create("t2", ORG, "x", 3, 4, seed="s", format="pairs", byes=True)


def test_a_break_holds_the_next_passe_for_the_system_not_for_the_organiser():
    from bot.tournament.aggregate import SYSTEM

    t, log = Tournament.create("t1", "u:org", "Pause", 3, 1, "seed", break_minutes=15)
    for i in range(4):
        log += t.join(f"u:{i}", f"p{i}")
    with pytest.raises(TournamentError) as err:
        Tournament.create("t2", "u:org", "Zu lang", 2, 1, "seed", break_minutes=121)
    assert err.value.code == "BAD_BREAK"
    log += t.start("u:org", "seed")
    with pytest.raises(TournamentError):
        t.start_break(1000.0)  # the Passe is not over
    log += t.record(0, 0, (100, 57))
    log += t.start_break(1000.0)
    assert t.in_break(999.0) and not t.in_break(1000.0)
    assert Tournament.replay(log).break_until == 1000.0  # kept in the events: survives a restart
    for now in (None, 999.0):
        with pytest.raises(TournamentError) as err:
            t.next_passe(SYSTEM, now=now)
        assert err.value.code == "IN_BREAK"
    log += t.next_passe(SYSTEM, now=1000.0)  # the break is over
    assert len(t.draws) == 2 and t.break_until is None
    log += t.record(1, 0, (57, 100))
    log += t.start_break(2000.0)
    log += t.next_passe("u:org", now=1500.0)  # the organiser starts the last Passe early
    assert len(t.draws) == 3
    log += t.record(2, 0, (80, 77))
    with pytest.raises(TournamentError):
        t.start_break(3000.0)  # no break after the last Passe
    assert Tournament.replay(log).draws == t.draws


def test_a_passe_drawn_but_not_played_is_neither_counted_nor_struck():
    """Issue 39, item 14: the standings after Passe 2 are the same before and after Passe 3 is drawn."""
    t, events = Tournament.create("t1", ORG, "Paare", 3, 4, seed="secret", format="pairs",
                                  counting=Counting("drop_worst"))  # fmt: skip
    for i in range(4):
        a, b = f"u:{100 + 2 * i}", f"u:{101 + 2 * i}"
        events += t.propose(a, f"p{2 * i}", b, f"p{2 * i + 1}")
        events += t.confirm_partner(b, f"p{2 * i + 1}")
    events += t.start(ORG, "secret")
    scores = {0: (500, 128), 1: (100, 528)}
    for passe in range(2):
        for table in range(len(t.draws[passe])):
            events += t.record(passe, table, scores[(passe + table) % 2])
        if passe == 0:
            events += t.next_passe(ORG)
    before = [(r.player, r.total, r.passen, r.counted) for r in t.standings()]
    assert all(len(passen) == 2 and len(counted) == 1 for _, _, passen, counted in before)  # the worst struck
    events += t.next_passe(ORG)  # Passe 3 drawn, not played
    after = [(r.player, r.total, r.passen, r.counted) for r in t.standings()]
    assert after == before


def test_an_einzel_differenzler_ranks_by_lowest_penalty_then_exact_predictions_and_replays():
    t, events = signed_up(8, passen=2, format="differenzler")
    events += t.start(ORG, "secret")
    # no partner machinery: the Einzelschieber draw, every seat a person
    assert all(None not in table for table in t.draws[0])
    for refused in ((10, 20), (1, 2, 3), (1, 2, 3, "4")):
        with pytest.raises(TournamentError):
            t.record(0, 0, refused, (0, 0, 0, 0))
    with pytest.raises(TournamentError):
        t.record(0, 0, (1, 2, 3, 4))  # without the exact predictions
    events += t.record(0, 0, (30, -10, 30, 55), (0, 2, 1, 0))  # a negative total: exact hits only
    events += t.record(0, 1, (40, 41, 42, 43), (0, 0, 0, 0))
    events += t.next_passe(ORG)
    events += t.record(1, 0, (10, 10, 10, 10), (0, 0, 0, 0))
    events += t.record(1, 1, (10, 10, 10, 10), (0, 0, 0, 0))
    events += t.next_passe(ORG)
    assert t.phase == "finished"
    rows = t.standings()
    first = t.draws[0][0]
    assert rows[0].player == first[1] and rows[0].total == 0 and rows[0].tie_break == (2,)
    # equal totals (40): the one with an exact prediction ranks first, alone
    tied = [s for s in rows if s.total == 40]
    assert tied[0].player == first[2] and tied[0].rank < tied[1].rank
    assert [s.total for s in rows] == sorted(s.total for s in rows)
    again = Tournament.replay(events)
    assert again.standings() == rows and again.exact == t.exact


def test_an_einzel_differenzler_counts_every_passe():
    with pytest.raises(TournamentError):
        Tournament.create("t1", ORG, "Herbst", 3, 4, seed="s", format="differenzler", counting=Counting("drop_worst"))
