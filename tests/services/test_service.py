"""The table service with real SQLite in a temp dir."""

import asyncio
import itertools

import pytest

from bot.game import AddComputer, ChooseContract, GameError, JoinSeat, Phase, PlayCard, StartGame, Table
from bot.rules import Card
from bot.rules.cards import cards_of
from bot.services import ManualClock, ServiceSettings, TableService, UnknownTable
from bot.storage import Storage

HOST = "u:host"


async def seated_table(service: TableService, people: int, seed: str = "x") -> str:
    """A started table: people ``u:0``… in the first seats, computer players in the rest."""
    table = await service.create_table(HOST)
    tid = table.table_id
    for seat in range(4):
        if seat < people:
            await service.execute(tid, JoinSeat(f"u:{seat}", seat=seat))
        else:
            await service.execute(tid, AddComputer(HOST, seat=seat))
    await service.execute(tid, StartGame(HOST, seed=seed))
    return tid


def counter(prefix: str):
    c = itertools.count()
    return lambda: f"{prefix}{next(c)}"


_open: list[TableService] = []


async def make_service(path, clock=None, **settings) -> TableService:
    storage = await Storage.open(path)
    service = TableService(
        storage,
        ServiceSettings(ai_seed="test", **settings),
        clock=clock,
        seeds=counter("seed-"),
        table_ids=counter("table"),
    )
    _open.append(service)
    return service


async def close(service: TableService) -> None:
    if service in _open:
        _open.remove(service)
        await service.close()
        await service._storage.close()


@pytest.fixture(autouse=True)
async def close_leftovers():
    """A failing test must not leave a database thread running (it would hang the run)."""
    yield
    while _open:
        await close(_open[0])


async def test_computer_game_runs_to_the_end_and_is_stored(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    seen = []

    async def record(table_id, events, table):
        seen.extend(events)

    service.subscribe(record)
    table = await service.create_table(HOST, {"preset": "single-1000"})
    await service.execute(table.table_id, StartGame(HOST, seed="seed-start", fill_computers=True))
    await service.wait_idle()
    live = service._tables[table.table_id]
    assert live.phase == Phase.GAME_OVER
    stored = await service.events(table.table_id)
    assert seen == stored  # the subscriber saw every committed event, in order
    assert Table.replay(stored).board == live.board
    results = await service._storage.results(table.table_id)
    assert results[0]["winner"] == live.board.winner and results[0]["totals"] == list(live.board.totals)
    assert (await service._storage.table_meta(table.table_id))["status"] == "finished"
    await close(service)


async def play_human_card(service, table_id, seat):
    table = service._tables[table_id]
    view = table.view_for(seat)
    if view.phase == "contract":
        return await service.execute(table_id, ChooseContract(f"u:{seat}", "rose"))
    card = str(Card.from_index(cards_of(view.legal)[-1]))
    return await service.execute(table_id, PlayCard(f"u:{seat}", card))


async def human_game(path, stop_after: int | None = None, restart_path=None):
    """One person (seat 0) and three computers; the person plays the highest legal card."""
    service = await make_service(path)
    table = await service.create_table(HOST)
    tid = table.table_id
    await service.execute(tid, JoinSeat("u:0", name="Anna", seat=0))
    for seat in (1, 2, 3):
        await service.execute(tid, AddComputer(HOST, seat=seat))
    await service.execute(tid, StartGame(HOST, seed="first"))
    moves = 0
    while True:
        await service.wait_idle()
        t = service._tables[tid]
        if t.phase == Phase.GAME_OVER:
            break
        if stop_after is not None and moves == stop_after:
            assert t.phase == Phase.PLAY and 0 < len(t.hand.tricks) < 9  # in the middle of a hand
            await close(service)  # the process stops in the middle of a hand
            service = await make_service(path)
            assert tid in await service.restore()
            stop_after = None
            continue
        assert t.to_act == 0
        await play_human_card(service, tid, 0)
        moves += 1
    events = await service.events(tid)
    board = service._tables[tid].board
    await close(service)
    return events, board


async def test_restart_in_the_middle_of_a_hand_changes_nothing(tmp_path):
    straight, board = await human_game(tmp_path / "a.sqlite3")
    restarted, board2 = await human_game(tmp_path / "b.sqlite3", stop_after=7)
    assert board2 == board
    assert restarted == straight


async def test_restore_resumes_computer_players(tmp_path):
    path = tmp_path / "db.sqlite3"
    service = await make_service(path)
    table = await service.create_table(HOST)
    await service.execute(table.table_id, StartGame(HOST, seed="x", fill_computers=True))
    await close(service)  # closed at once: computer players had no time to finish
    service = await make_service(path)
    assert await service.restore() == [table.table_id]
    await service.wait_idle()
    assert service.in_memory(table.table_id).phase == Phase.GAME_OVER
    await close(service)


async def test_two_concurrent_plays_for_the_same_turn(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    tid = await seated_table(service, people=4)
    t = service._tables[tid]
    f = t.forehand
    await service.execute(tid, ChooseContract(f"u:{f}", "obenabe"))
    card = str(Card.from_index(cards_of(t.hand.legal())[0]))
    before = t.seq
    results = await asyncio.gather(
        service.execute(tid, PlayCard(f"u:{f}", card)),
        service.execute(tid, PlayCard(f"u:{f}", card)),
        return_exceptions=True,
    )
    applied = [r for r in results if isinstance(r, list)]
    refused = [r for r in results if isinstance(r, GameError)]
    assert len(applied) == 1 and len(refused) == 1
    assert refused[0].code == "NOT_YOUR_TURN"
    assert service.in_memory(tid).seq == before + len(applied[0])
    assert len(await service.events(tid)) == service.in_memory(tid).seq
    await close(service)


async def test_turn_timer_reminds_then_a_computer_stands_in(tmp_path):
    clock = ManualClock()
    service = await make_service(tmp_path / "db.sqlite3", clock=clock, turn_timeout=60)
    notes = []

    async def record(table_id, events, table):
        notes.extend(e["type"] for e in events)

    service.subscribe(record)
    tid = await seated_table(service, people=1)
    await service.wait_idle()
    t = service._tables[tid]
    assert t.to_act == 0 and not t.seats[0].standin
    await clock.advance(29)
    assert "turn_reminder" not in notes
    await clock.advance(1)
    assert "turn_reminder" in notes
    assert not t.seats[0].standin
    await clock.advance(30)
    await service.wait_idle()
    t = service._tables[tid]
    assert "standin_on" in notes
    # The stand-in keeps playing until the person comes back.
    assert t.seats[0].standin
    if t.phase != Phase.GAME_OVER:
        for _ in range(500):
            await service.wait_idle()
            t = service._tables[tid]
            if t.phase == Phase.GAME_OVER or t.seq > 200:
                break
        assert t.seats[0].standin
    await close(service)


async def test_person_takes_the_seat_back(tmp_path):
    clock = ManualClock()
    service = await make_service(tmp_path / "db.sqlite3", clock=clock, turn_timeout=10, ai_delay=5)
    tid = await seated_table(service, people=4)
    t = service._tables[tid]
    seat = t.to_act
    await clock.advance(10)
    assert t.seats[seat].standin
    # Before the stand-in (ai_delay 5 s) acts, the person acts and is back.
    events = await play_human_card(service, tid, seat)
    assert events[0] == {"type": "standin_off", "seat": seat}
    assert not service._tables[tid].seats[seat].standin
    await close(service)


async def test_unknown_table_and_refusals_change_nothing(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    with pytest.raises(UnknownTable):
        await service.execute("nope", JoinSeat("u:1"))
    table = await service.create_table(HOST)
    with pytest.raises(GameError):
        await service.execute(table.table_id, StartGame(HOST, seed="x"))
    assert len(await service.events(table.table_id)) == 1
    await close(service)


async def test_a_corrupt_table_does_not_stop_the_others(tmp_path):
    path = tmp_path / "db.sqlite3"
    service = await make_service(path)
    good = await service.create_table(HOST)
    bad = await service.create_table(HOST)
    await service.execute(bad.table_id, JoinSeat("u:1"))
    await service._storage.db.execute(
        'UPDATE table_events SET payload = \'{"type": "seat_taken"}\' WHERE table_id = ? AND seq = 2', (bad.table_id,)
    )
    await close(service)
    service = await make_service(path)
    assert await service.restore() == [good.table_id]
    with pytest.raises(UnknownTable):
        await service.execute(bad.table_id, JoinSeat("u:2"))
    assert len(await service.events(bad.table_id)) == 2  # kept for inspection
    await close(service)


@pytest.mark.slow
async def test_every_level_plays_through_the_service(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    table = await service.create_table(HOST, {"preset": "single-1000", "target": 400})
    tid = table.table_id
    for level in ("strong", "club", "beginner", "random"):
        await service.execute(tid, AddComputer(HOST, level=level))
    await service.execute(tid, StartGame(HOST, seed="levels"))
    await service.wait_idle()
    live = service._tables[tid]
    assert live.phase == Phase.GAME_OVER
    assert [s.level for s in live.seats] == ["strong", "club", "beginner", "random"]
    # The strong player thought in a worker thread; its moves are in the log like any other.
    events = await service.events(tid)
    assert any(ev["type"] == "card" and ev["seat"] == 0 for ev in events)
    assert Table.replay(events).board == live.board
    await close(service)


async def test_start_fills_empty_seats_with_the_level_asked_for(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    table = await service.create_table(HOST)
    await service.execute(table.table_id, JoinSeat("u:0", seat=0))
    await service.execute(table.table_id, StartGame(HOST, seed="fill", fill_computers=True, level="beginner"))
    assert [s.level for s in service._tables[table.table_id].seats] == [None, "beginner", "beginner", "beginner"]
    with pytest.raises(GameError):
        await service.execute(
            (await service.create_table(HOST)).table_id,
            StartGame(HOST, seed="f", fill_computers=True, level="grandmaster"),
        )
    await close(service)


async def test_a_member_who_leaves_the_server_is_played_by_a_computer(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3", ai_delay=0, hand_pause=0)
    playing = await service.create_table(HOST, guild_id=7, channel_id=1)
    await service.execute(playing.table_id, JoinSeat("u:0", name="Anna", seat=0))
    for seat in (1, 2, 3):
        await service.execute(playing.table_id, AddComputer(HOST, seat=seat))
    await service.execute(playing.table_id, StartGame(HOST, seed="left"))
    lobby = await service.create_table(HOST, guild_id=7, channel_id=2)
    await service.execute(lobby.table_id, JoinSeat("u:0", name="Anna", seat=1))
    elsewhere = await service.create_table(HOST, guild_id=8, channel_id=3)
    await service.execute(elsewhere.table_id, JoinSeat("u:0", name="Anna", seat=0))
    await service.wait_idle()
    assert sorted(await service.member_left(7, "u:0")) == sorted([playing.table_id, lobby.table_id])
    await service.wait_idle()
    live = service._tables[playing.table_id]
    assert live.seats[0].standin and live.phase == Phase.GAME_OVER  # the computer played the game out
    assert service.in_memory(lobby.table_id).seat_of("u:0") is None  # the lobby seat is free again
    assert service.in_memory(elsewhere.table_id).seat_of("u:0") == 0  # another server: nothing changes
    assert await service.member_left(7, "u:0") == []  # twice: nothing more to do
    await close(service)
