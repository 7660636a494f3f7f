"""An Einzelschieber through the services: tables opened per Passe, results recorded, a restart."""

from __future__ import annotations

from bot.ai import computer_command
from bot.services.tournaments import TournamentService
from bot.tournament.aggregate import TournamentError

from .test_service import close, close_leftovers, make_service  # noqa: F401 (fixture)

ORG = "u:1"
PEOPLE = [f"u:{100 + i}" for i in range(6)]


async def people_play(tournaments: TournamentService, limit: int = 5000) -> None:
    """Every person's decisions, made by the computer player's rules, until nothing waits for a person."""
    tables = tournaments._tables
    for _ in range(limit):
        await tables.wait_idle()
        await tournaments.wait_idle()
        await tables.wait_idle()
        waiting = [
            table
            for table in tables._tables.values()
            if table.phase in ("predict", "contract", "play") and table.to_act is not None
            and (table.actor_for(table.to_act) or "").startswith("u:")
        ]  # fmt: skip
        if not waiting:
            return
        for table in waiting:
            await tables.execute(table.table_id, computer_command(table, "people"))
    raise AssertionError("the tables did not finish")


async def new_tournament(path, passen=2, hands=2):
    service = await make_service(path)
    tournaments = TournamentService(service._storage, service, seeds=lambda: "seed-of-the-evening", level="random")
    t = await tournaments.create(ORG, "Herbst", passen, hands)
    for i, actor in enumerate(PEOPLE):
        await tournaments.join(t.tournament_id, actor, f"p{i}")
    return service, tournaments, t.tournament_id


async def test_an_einzelschieber_plays_its_passen_and_ranks_the_people(tmp_path):
    service, tournaments, tid = await new_tournament(tmp_path / "db.sqlite3")
    for refused, code in (
        (lambda: tournaments.start(tid, "u:100"), "NOT_ORGANISER"),
        (lambda: tournaments.join(tid, PEOPLE[0], "again"), "ALREADY_JOINED"),
    ):
        try:
            await refused()
        except TournamentError as err:
            assert err.code == code
        else:
            raise AssertionError(code)
    await tournaments.start(tid, ORG)
    linked = await tournaments._store.tables(tid)
    assert len(linked) == 2  # 6 people: two tables, a computer in each
    first = service._tables[linked[(0, 0)]]
    assert first.rules.hands_per_game == 2 and first.rules.weis_enabled is False and first.rules.stoeck_enabled is False
    await people_play(tournaments)
    t = await tournaments.get(tid)
    assert t.phase == "finished" and len(t.results) == 4
    for points in t.results.values():
        assert sum(points) == 2 * 157  # "alles einfach", no Weis, no Stöck: every hand writes 157
    standings = t.standings()
    assert len(standings) == 6 and all(len(s.passen) == 2 for s in standings)
    rows = await tournaments._store.results(tid)  # each person and Passe, as ratings will read them
    assert len(rows) == 6 * 2
    by_player = {actor: [pts for _, pl, _, pts in rows if pl == actor] for actor in PEOPLE}
    assert {t.entries[s.player]: s.total for s in standings} == {a: sum(p) for a, p in by_player.items()}
    await close(service)


async def test_a_restart_in_the_middle_of_a_passe_resumes_the_tournament(tmp_path):
    path = tmp_path / "db.sqlite3"
    service, tournaments, tid = await new_tournament(path, passen=2, hands=2)
    await tournaments.start(tid, ORG)
    table_id = (await tournaments._store.tables(tid))[(0, 0)]
    table = service._tables[table_id]
    for _ in range(5):  # a few decisions at the first table, then the process stops
        await service.wait_idle()
        if table.to_act is not None and (table.actor_for(table.to_act) or "").startswith("u:"):
            await service.execute(table_id, computer_command(table, "people"))
    await close(service)
    service2 = await make_service(path)
    await service2.restore()
    tournaments2 = TournamentService(service2._storage, service2, level="random")
    assert await tournaments2.restore() == [tid]
    await people_play(tournaments2)
    t = await tournaments2.get(tid)
    assert t.phase == "finished" and len(t.results) == 4
    assert len(await tournaments2._store.tables(tid)) == 4
    await close(service2)


async def test_byes_give_six_people_one_table_a_passe_and_their_rows(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    tournaments = TournamentService(service._storage, service, seeds=lambda: "byes", level="random")
    t = await tournaments.create(ORG, "Freilos", 3, 1, byes=True)
    for i, actor in enumerate(PEOPLE):
        await tournaments.join(t.tournament_id, actor, f"p{i}")
    await tournaments.start(t.tournament_id, ORG)
    assert len(await tournaments._store.tables(t.tournament_id)) == 1  # four play, two have a bye
    await people_play(tournaments)
    t = await tournaments.get(t.tournament_id)
    assert t.phase == "finished" and all(len(b) == 2 for b in t.sat_out)
    assert sorted(p for b in t.sat_out for p in b) == list(range(6))  # everyone sat out once
    rows = await tournaments._store.results(t.tournament_id)
    assert len(rows) == 6 * 3 and sum(table == -1 for _, _, table, _ in rows) == 6
    exported = (await tournaments.export_csv(t.tournament_id)).splitlines()
    assert sum(",," in line for line in exported) == 6  # a bye's row has no table
    await close(service)


async def test_a_start_time_starts_the_tournament_by_itself_or_says_once_why_not(tmp_path):
    now = [1_800_000_000.0]
    service = await make_service(tmp_path / "db.sqlite3")
    tournaments = TournamentService(service._storage, service, seeds=lambda: "timed", level="random",
                                    wall=lambda: now[0])  # fmt: skip
    failed = []

    async def note(t, err):
        failed.append((t.tournament_id, err.code))

    tournaments.listen(start_failed=note)
    full = await tournaments.create(ORG, "Um acht", 1, 1, starts_at=now[0] + 600)
    empty = await tournaments.create(ORG, "Leer", 1, 1, starts_at=now[0] + 600)
    for i, actor in enumerate(PEOPLE[:4]):
        await tournaments.join(full.tournament_id, actor, f"p{i}")
    assert await tournaments.tick() == []  # not yet
    now[0] += 601
    assert await tournaments.tick() == [full.tournament_id]
    assert (await tournaments.get(full.tournament_id)).phase == "running"
    assert failed == [(empty.tournament_id, "TOO_FEW_PLAYERS")]
    await tournaments.tick()
    assert len(failed) == 1  # said once, then it waits for the organiser
    events = await tournaments._store.load(full.tournament_id)
    assert next(ev for ev in events if ev["type"] == "started")["by"] == "system"
    await close(service)


async def test_a_break_between_passen_then_the_next_passe_by_itself_also_across_a_restart(tmp_path):
    now = [1_800_000_000.0]
    path = tmp_path / "db.sqlite3"
    service = await make_service(path)
    tournaments = TournamentService(service._storage, service, seeds=lambda: "pause", level="random",
                                    wall=lambda: now[0])  # fmt: skip
    breaks = []

    async def note(t, passe):
        breaks.append((passe, t.break_until))

    tournaments.listen(passe_break=note)
    t = await tournaments.create(ORG, "Mit Pause", 3, 1, break_minutes=10)
    tid = t.tournament_id
    for i, actor in enumerate(PEOPLE[:4]):
        await tournaments.join(tid, actor, f"p{i}")
    await tournaments.start(tid, ORG)
    await people_play(tournaments)
    t = await tournaments.get(tid)
    assert len(t.draws) == 1 and t.passe_complete() and t.break_until == now[0] + 600
    assert breaks == [(0, now[0] + 600)]
    now[0] += 300
    assert await tournaments.tick() == []  # half-way through the break: nothing happens
    await close(service)

    service = await make_service(path)  # restarted during the break
    await service.restore()
    tournaments = TournamentService(service._storage, service, level="random", wall=lambda: now[0])
    assert await tournaments.restore() == [tid]
    assert len((await tournaments.get(tid)).draws) == 1  # still the break
    now[0] += 301
    assert await tournaments.tick() == [tid]  # the break is over: Passe 2 drawn and opened
    t = await tournaments.get(tid)
    assert len(t.draws) == 2 and t.break_until is None
    assert len(await tournaments._store.tables(tid)) == 2
    await people_play(tournaments)
    t = await tournaments.get(tid)
    assert t.break_until == now[0] + 600  # the second break
    await tournaments.next_passe(tid, ORG)  # the organiser does not wait for it
    await people_play(tournaments)
    t = await tournaments.get(tid)
    assert t.phase == "finished" and len(t.results) == 3  # no break after the last Passe
    events = await tournaments._store.load(tid)
    assert [ev["type"] for ev in events].count("break_started") == 2
    await close(service)


async def test_a_coiffeur_partnerschieber_plays_a_whole_coiffeur_per_passe(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    tournaments = TournamentService(service._storage, service, seeds=lambda: "coiffeur-evening", level="random")
    t = await tournaments.create(ORG, "Coiffeur", 1, 16, rules={"preset": "coiffeur"}, format="pairs")
    for a, b in (("u:100", "u:101"), ("u:102", "u:103")):
        await tournaments.propose(t.tournament_id, a, a, b, b)
        await tournaments.confirm_partner(t.tournament_id, b, b)
    await tournaments.start(t.tournament_id, ORG)
    [table_id] = (await tournaments._store.tables(t.tournament_id)).values()
    assert service._tables[table_id].rules.game == "coiffeur"
    await people_play(tournaments, limit=20000)
    done = await tournaments.get(t.tournament_id)
    table = service._tables[table_id]
    assert done.phase == "finished" and table.state.tafel is not None and table.state.tafel.complete
    [points] = done.results.values()
    assert sorted(points) == sorted(table.state.tafel.totals())  # the Passe's points are the Tafel's totals
    await close(service)


async def test_an_einzel_differenzler_of_8_people_over_3_passen(tmp_path):
    from itertools import combinations

    service = await make_service(tmp_path / "db.sqlite3")
    tournaments = TournamentService(service._storage, service, seeds=lambda: "differenzler-evening", level="random")
    t = await tournaments.create(ORG, "Königsdisziplin", 3, 2, format="differenzler")
    people = [f"u:{200 + i}" for i in range(8)]
    for i, actor in enumerate(people):
        await tournaments.join(t.tournament_id, actor, f"d{i}")
    await tournaments.start(t.tournament_id, ORG)
    tid = t.tournament_id
    await people_play(tournaments, limit=20000)
    done = await tournaments.get(tid)
    assert done.phase == "finished" and len(done.draws) == 3
    linked = await tournaments._store.tables(tid)
    assert len(linked) == 6  # two tables of four people in each Passe, no computer
    met: dict[frozenset, int] = {}
    for (passe, table_no), table_id in linked.items():
        table = service._tables.get(table_id) or await service.get(table_id)
        assert table.rules.game == "differenzler" and table.rules.hands_per_game == 2
        seats = done.draws[passe][table_no]
        assert None not in seats
        # the tournament took each seat's penalty total and exact predictions from the table
        assert list(done.results[(passe, table_no)]) == table.state.seat_totals
        exact = [sum(hand[s][0] == hand[s][1] for hand in table.state.pad) for s in range(4)]
        assert list(done.exact[(passe, table_no)]) == exact
        for a, b in combinations(seats, 2):
            met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    # 3 Passen of 3 opponents among 7 others: at most two meetings of the same two people
    assert max(met.values()) <= 2
    rows = done.standings()
    totals = {p: 0 for p in range(8)}
    hits = {p: 0 for p in range(8)}
    for (passe, table_no), points in done.results.items():
        for seat, player in enumerate(done.draws[passe][table_no]):
            totals[player] += points[seat]
            hits[player] += done.exact[(passe, table_no)][seat]
    assert [(s.player, s.total) for s in rows] == sorted(totals.items(), key=lambda kv: (kv[1], -hits[kv[0]], kv[0]))
    assert all(s.tie_break == (hits[s.player],) for s in rows)
    assert rows[0].rank == 1 and [s.total for s in rows] == sorted(s.total for s in rows)
    csv = await tournaments.export_csv(tid)
    assert len(csv.strip().splitlines()) == 1 + 8 * 3  # a row per person and Passe
    await close(service)


async def test_on_a_server_without_ratings_the_tournament_tables_are_friendly(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    await service.set_server_settings(77, ratings="off")
    tournaments = TournamentService(service._storage, service, seeds=lambda: "seed-of-the-evening", level="random")
    t = await tournaments.create(ORG, "Herbst", 1, 1, guild_id=77)
    for i, actor in enumerate(PEOPLE[:4]):
        await tournaments.join(t.tournament_id, actor, f"p{i}")
    await tournaments.start(t.tournament_id, ORG)
    [table_id] = (await tournaments._store.tables(t.tournament_id)).values()
    assert service._tables[table_id].rated is False
    await service.set_server_settings(77, ratings="on")  # back on: the next tables are rated
    assert (await service.create_table(ORG, guild_id=77, limits=False)).rated is True
    assert (await service.create_table(ORG, guild_id=78, limits=False)).rated is True  # another server: rated
    await close(service)
