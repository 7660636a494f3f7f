"""The duplicate challenge through the services: the same deals for everyone, seeded computers,
tries counted, the seed revealed at the deadline, a schedule, a restart."""

from __future__ import annotations

import hashlib

from bot.rules import deal, shuffle_deck
from bot.services.challenges import ChallengeService
from bot.tournament.aggregate import TournamentError
from bot.tournament.challenge import deal_seed

from .test_service import close, close_leftovers, make_service  # noqa: F401 (fixture)
from .test_tournament_service import people_play

ORG = "u:1"
SEED = "seed-of-the-week"


class Wall:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def new_challenge(path, wall, **kw):
    service = await make_service(path)
    challenges = ChallengeService(service._storage, service, seeds=lambda: SEED, wall=wall)
    c = await challenges.create(ORG, "Wochen-Challenge", 3, guild_id=5, channel_id=7, **kw)
    return service, challenges, c


async def test_three_members_get_the_same_deals_and_a_leaderboard(tmp_path):
    wall = Wall()
    service, challenges, c = await new_challenge(tmp_path / "db.sqlite3", wall, best_of=2)
    assert c.seed_commitment == hashlib.sha256(SEED.encode()).hexdigest()
    table_ids = []
    for i, actor in enumerate(("u:100", "u:101", "u:102")):
        _, table_id = await challenges.play(c.challenge_id, actor, f"p{i}")
        table_ids.append(table_id)
    try:
        await challenges.play(c.challenge_id, "u:100", "again")
    except TournamentError as err:
        assert err.code == "TRY_RUNNING"
    else:
        raise AssertionError("a second try while the first runs")
    await people_play(challenges_as_tournament(challenges))
    await challenges.wait_idle()
    # Every table dealt the same hands, and the same seed chain, hand after hand.
    logs = [await service.events(tid) for tid in table_ids]
    deals = [[ev["seed"] for ev in log if ev["type"] == "hand_dealt"] for log in logs]
    assert len(deals[0]) == 3 and deals[0] == deals[1] == deals[2]
    # Same cards, same seeded computers, same decisions by the people's rules: the same score.
    c = await challenges.get(c.challenge_id)  # the service hands out copies as committed
    board = c.leaderboard()
    assert [e.rank for e in board] == [1, 1, 1] and len({e.points for e in board}) == 1
    assert all(t.points is not None for t in c.tries)
    assert "seed-of-the-week" not in str(logs)  # the tables never hold the secret seed
    # A second try (best of 2), then none left.
    await challenges.play(c.challenge_id, "u:100", "p0")
    await people_play(challenges_as_tournament(challenges))
    await challenges.wait_idle()
    try:
        await challenges.play(c.challenge_id, "u:100", "p0")
    except TournamentError as err:
        assert err.code == "NO_TRIES_LEFT"
    else:
        raise AssertionError("a third try of two")
    assert await challenges.sealed(table_ids[0])
    # The deadline: closed by the ticker, the seed revealed, anyone re-derives the deals.
    wall.now += 25 * 3600
    assert await challenges.tick() == [c.challenge_id]
    c = await challenges.get(c.challenge_id)
    assert c.phase == "finished" and c.seed == SEED
    assert not await challenges.sealed(table_ids[0])
    last = [ev for ev in logs[0] if ev["type"] == "hand_dealt"][-1]
    assert last["seed"] == deal_seed(SEED, 3)  # hand 3, re-derived from the revealed seed
    assert service._tables[table_ids[0]].start_hands == deal(shuffle_deck(deal_seed(SEED, 3)), last["dealer"])
    try:
        await challenges.play(c.challenge_id, "u:103", "late")
    except TournamentError as err:
        assert err.code in ("WRONG_PHASE", "DEADLINE_PASSED")
    else:
        raise AssertionError("a try after the close")
    rows = await challenges._store.results(c.challenge_id)
    assert sorted((p, a) for p, a, _, _ in rows) == [(0, "u:100"), (0, "u:101"), (0, "u:102"), (1, "u:100")]
    await close(service)


def challenges_as_tournament(challenges):
    """``people_play`` drives every table of the table service; it only needs these two."""

    class Both:
        _tables = challenges._tables

        @staticmethod
        async def wait_idle():
            await challenges.wait_idle()

    return Both()


async def test_a_weekly_challenge_opens_the_next_and_survives_a_restart(tmp_path):
    wall = Wall()
    path = tmp_path / "db.sqlite3"
    service, challenges, c = await new_challenge(path, wall, repeat="weekly")
    assert c.deadline - c.opened == 7 * 86400
    await challenges.play(c.challenge_id, "u:100", "p0")
    await close(service)
    # Restarted: the try is still there, and goes on.
    service = await make_service(path)
    challenges = ChallengeService(service._storage, service, seeds=lambda: "next-week", wall=wall)
    await service.restore()  # the tables first, as the client does
    assert await challenges.restore() == [c.challenge_id]
    await people_play(challenges_as_tournament(challenges))
    await challenges.wait_idle()
    c = await challenges.get(c.challenge_id)
    assert [e.actor for e in c.leaderboard()] == ["u:100"]
    closed = []
    challenges.listen(closed=lambda old, new: _note(closed, old, new))
    wall.now += 7 * 86400
    await challenges.tick()
    assert closed and closed[0][0] == c.challenge_id and closed[0][1] is not None
    following = await challenges.get(closed[0][1])
    assert following.phase == "running" and following.deadline == wall.now + 7 * 86400
    assert await challenges.in_channel(7) == [following]
    await close(service)


async def _note(closed, old, new):
    closed.append((old.challenge_id, new.challenge_id if new else None))


async def test_a_try_ended_at_the_deadline_does_not_count(tmp_path):
    wall = Wall()
    service, challenges, c = await new_challenge(tmp_path / "db.sqlite3", wall, hours=1)
    _, table_id = await challenges.play(c.challenge_id, "u:100", "p0")
    wall.now += 3601
    await challenges.tick()
    await challenges.wait_idle()
    assert service.in_memory(table_id).phase == "abandoned" and c.leaderboard() == []
    try:
        await challenges.close(c.challenge_id, ORG)
    except TournamentError as err:
        assert err.code == "WRONG_PHASE"
    else:
        raise AssertionError("closed twice")
    await close(service)
