"""An Einzelschieber evening as events: sign-up, draw, results, next Passe, drop, refusals, replay."""

import itertools

import pytest

from bot.tournament import draw
from bot.tournament.einzel import Einzelschieber, TournamentError, commitment
from bot.tournament.pairs import pair_round, round_robin
from bot.tournament.standings import Counting

ORG = "u:1"


def signed_up(people: int = 10, passen: int = 3, **kw):
    t, events = Einzelschieber.create("t1", ORG, "Herbst", passen, 4, seed="secret", **kw)
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
    again = Einzelschieber.replay(events)
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


def test_too_few_people_full_and_late_joiners():
    t, _ = signed_up(3)
    with pytest.raises(TournamentError) as err:
        t.start(ORG, "secret")
    assert err.value.code == "TOO_FEW_PLAYERS"
    t, _ = signed_up(4, max_players=4)
    with pytest.raises(TournamentError) as err:
        t.join("u:5", "late")
    assert err.value.code == "FULL"
    t.start(ORG, "secret")
    with pytest.raises(TournamentError) as err:
        t.join("u:6", "later")
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
    assert Einzelschieber.replay(events).draws == t.draws


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
