"""Statistics and ratings through the services: games recorded per server and rated in order,
computer references fixed, stand-ins weighed less, abandoned games not rated, the rebuild
identical, seasons, hiding and forgetting a person."""

from __future__ import annotations

import hashlib

from bot.ai import computer_command
from bot.game import Abandon, AddComputer, JoinSeat, StartGame
from bot.services.stats import MIN_GAMES, StatsService
from bot.stats.ratings import COMPUTER_RATINGS, MU
from bot.stats.records import game_records

from .test_service import close, close_leftovers, make_service  # noqa: F401 (fixture)

GUILD = 77
HOST = "u:1"


async def play_game(service, people: list[str | None], seed: str, guild: int = GUILD, level: str = "club",
                    abandon_after: int | None = None, rules: dict | None = None) -> str:  # fmt: skip
    """A short game at a new table of the server: people in their seats (None: a computer), every
    person's decision by the club rules; returns the table id."""
    rules = rules or {"preset": "tournament", "hands_per_game": 2}
    table = await service.create_table(HOST, rules, guild_id=guild, limits=False)
    tid = table.table_id
    for seat, actor in enumerate(people):
        if actor is None:
            await service.execute(tid, AddComputer(HOST, seat=seat, level=level))
        else:
            await service.execute(tid, JoinSeat(actor, name=actor.replace("u:", "P"), seat=seat))
    await service.execute(tid, StartGame(HOST, seed=seed))
    moves = 0
    for _ in range(2000):
        await service.wait_idle()
        live = service._tables[tid]
        if live.phase in ("game_over", "abandoned"):
            break
        if abandon_after is not None and moves >= abandon_after:
            await service.execute(tid, Abandon(HOST, privileged=True))
            continue
        if live.to_act is not None and (live.actor_for(live.to_act) or "").startswith("u:"):
            await service.execute(tid, computer_command(live, "people"))
            moves += 1
    return tid


async def test_games_are_recorded_rated_and_rebuilt_the_same(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    people = [f"u:{10 + i}" for i in range(6)]
    for g in range(6):
        seats = [people[(g + k) % 6] for k in range(4)]
        await play_game(service, seats, f"g{g}")
    await play_game(service, ["u:10", None, None, None], "vs-computers")
    await play_game(service, ["u:10", "u:11", "u:12", "u:13"], "half", abandon_after=10)  # not rated
    await play_game(service, ["u:90", "u:91", "u:92", "u:93"], "elsewhere", guild=88)  # another server
    await stats.wait_idle()
    games = await service._storage.stats.games(GUILD)
    assert len(games) == 7  # the abandoned game gives no record
    before = await stats.summary()
    assert before["games"] == 8 and before["servers"] == 2
    person, rating, place, size = await stats.person(GUILD, "u:10")
    assert person.games == 5 and person.hands == 10 and rating is not None and rating.games == 5  # 4 + 1 vs computers
    assert person.wins + person.draws <= person.games and sum(person.chosen.values()) >= 1
    board = await stats.leaderboard(GUILD)
    assert all(row.games >= MIN_GAMES for row in board) and place == next(r.rank for r in board if r.actor == "u:10")
    assert {r.actor for r in board} <= set(people)  # only this server's people
    assert size == len(board)
    # Rebuilt from the events: the very same numbers.
    after = await stats.rebuild()
    assert after == before
    await close(service)


async def test_computers_are_fixed_references_and_stand_ins_weigh_less(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    tid = await play_game(service, ["u:10", None, None, None], "ref")
    await stats.wait_idle()
    [(actor, _, mu, _, games, _)] = await service._storage.stats.ratings(GUILD, 1)
    assert actor == "u:10" and games == 1 and mu != MU
    record = game_records(tid, await service.events(tid))[0]
    assert record.seats[1].level == "club" and COMPUTER_RATINGS["club"][0] == 25.0
    await close(service)


async def test_seasons_start_ratings_fresh_and_statistics_stay(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    await play_game(service, ["u:10", "u:11", "u:12", "u:13"], "s1")
    await stats.wait_idle()
    assert await service._storage.stats.new_season(GUILD) == 2
    assert await service._storage.stats.ratings(GUILD, 2) == []
    await play_game(service, ["u:10", "u:11", "u:12", "u:13"], "s2")
    await stats.wait_idle()
    rows = await service._storage.stats.ratings(GUILD, 2)
    assert {r[0] for r in rows} == {"u:10", "u:11", "u:12", "u:13"} and all(r[4] == 1 for r in rows)
    person, rating, _, _ = await stats.person(GUILD, "u:10")
    assert person.games == 2 and rating is not None and rating.games == 1
    assert await stats.rebuild() == await stats.summary()
    assert [r[4] for r in await service._storage.stats.ratings(GUILD, 1)] == [1, 1, 1, 1]
    await close(service)


async def test_hidden_people_leave_the_board_and_forgotten_ones_leave_no_trace(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    people = ["u:10", "u:11", "u:12", "u:13"]
    for g in range(MIN_GAMES):
        await play_game(service, people, f"h{g}")
    await stats.wait_idle()
    assert {r.actor for r in await stats.leaderboard(GUILD)} == set(people)
    await service._storage.stats.set_hidden(GUILD, "u:11", True)
    assert "u:11" not in {r.actor for r in await stats.leaderboard(GUILD, by="wins")}
    changed = await stats.forget(GUILD, "u:12")
    assert changed == MIN_GAMES
    for tid in await service._storage.stats.tables_of(GUILD):
        log = str(await service.events(tid))
        assert "u:12" not in log and "P12" not in log and "Anonym" in log
        assert (await service.get(tid)).phase == "game_over"  # the games stay valid for the others
    assert "u:12" not in {r.actor for r in await stats.leaderboard(GUILD)}
    person, _, _, _ = await stats.person(GUILD, "u:10")
    assert person.games == MIN_GAMES
    await close(service)


async def every_row(storage) -> str:
    """Every row of every table of the database, as one text."""
    if storage.db.dialect == "postgresql":
        names = [r[0] for r in await storage.db.fetchall(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]  # fmt: skip
    else:
        names = [r[0] for r in await storage.db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")]
    assert "game_results" in names and "user_settings" in names and "table_events" in names
    return "\n".join([f"{name}: {await storage.db.fetchall(f'SELECT * FROM {name}')}" for name in names])


async def test_forget_me_leaves_the_id_in_no_column_and_the_seat_unrated_under_a_random_id(tmp_path):
    forgotten = "u:987654321012"
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    await service._storage.set_user_settings(987654321012, deck="french")
    people = ["u:10", "u:11", forgotten, "u:13"]
    for g in range(MIN_GAMES):
        await play_game(service, people, f"f{g}")
    await stats.wait_idle()
    assert "987654321012" in await every_row(service._storage)  # in results, events, ratings, settings
    tid = (await service._storage.stats.tables_of(GUILD))[0]
    # a challenge try's table is hosted by its player and named after them
    await service._storage.db.execute("UPDATE tables SET host = ?, label = ? WHERE id = ?",
                                     (forgotten, "Challenge · P987654321012", tid))  # fmt: skip
    await stats.forget(GUILD, forgotten)
    await stats.wait_idle()
    assert "987654321012" not in await every_row(service._storage)
    assert await service._storage.user_settings(987654321012) == {}
    board = await stats.leaderboard(GUILD)
    assert {r.actor for r in board} == {"u:10", "u:11", "u:13"}
    assert all(r[0] in ("u:10", "u:11", "u:13") for r in await service._storage.stats.ratings(GUILD, 1))
    # the replacement id is random, not sha256(guild:actor)
    log = str(await service.events((await service._storage.stats.tables_of(GUILD))[0]))
    derived = hashlib.sha256(f"{GUILD}:{forgotten}".encode()).hexdigest()[:12]
    assert "anon:" in log and derived not in log
    await close(service)


async def test_the_rebuild_command_recomputes_the_same_numbers_and_the_backfill_counts_old_games(tmp_path, database):
    import re

    from tests.test_startup import bot

    path = tmp_path / "db.sqlite3"
    service = await make_service(path)
    for g in range(2):
        await play_game(service, ["u:10", "u:11", "u:12", None], f"old{g}")
    await close(service)  # a database from before statistics: games, no numbers
    service = await make_service(path)
    stats = StatsService(service._storage, service)
    assert await stats.backfill() == 2 and await stats.backfill() == 0  # once
    summary = await stats.summary()
    await close(service)
    out = bot("rebuild-stats", env={"JASS_DATABASE": await database(path)})
    assert out.returncode == 0, out.stderr
    sums = re.findall(r"checksum (\w+)", out.stdout)
    assert sums == [summary["checksum"]] * 2 and "identical" in out.stdout


async def test_every_tournament_passe_is_rated_and_its_results_count(tmp_path):
    from bot.services.tournaments import TournamentService

    from .test_tournament_service import PEOPLE, people_play

    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    tournaments = TournamentService(service._storage, service, seeds=lambda: "rated", level="club")
    t = await tournaments.create("u:1", "Herbst", 2, 1, guild_id=GUILD, channel_id=5)
    for i, actor in enumerate(PEOPLE[:4]):
        await tournaments.join(t.tournament_id, actor, f"p{i}")
    await tournaments.start(t.tournament_id, "u:1")
    await people_play(tournaments)
    await stats.wait_idle()
    games = await service._storage.stats.games(GUILD)
    assert len(games) == 2 and {g["kind"] for g in games} == {"tournament"}  # one table per Passe
    assert await stats.tournament_results(GUILD, PEOPLE[0]) == (1, 2, sum(
        pts for _, pl, _, pts in await tournaments._store.results(t.tournament_id) if pl == PEOPLE[0]))  # fmt: skip
    [rating] = [r for r in await service._storage.stats.ratings(GUILD, 1) if r[0] == PEOPLE[0]]
    assert rating[4] == 2  # rated after each Passe
    await close(service)


async def test_an_upgrade_rebuilds_the_ratings_once(tmp_path):
    """Issue 39, item 1: migration 10 asks for a rebuild; the first start does it, once."""
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    assert await stats.rebuild_if_pending() is not None  # a new database: nothing to rebuild, but done
    people = ["u:10", "u:11", "u:12", "u:13"]
    for g in range(3):
        await play_game(service, people, f"up{g}")
    await stats.wait_idle()
    right = await service._storage.stats.ratings(GUILD, 1)
    # ratings as an older version stored them (another model), and the migration's request again
    await service._storage.stats.put_ratings(GUILD, 1, [(a, n, mu + 40.0, sg, g, h) for a, n, mu, sg, g, h in right],
                                            replace_all=True)  # fmt: skip
    await service._storage.db.execute(
        "INSERT INTO pending_tasks (task, created_at) VALUES ('rebuild-stats', '2026-12-04')"
    )
    assert await stats.rebuild_if_pending() is not None
    assert sorted(await service._storage.stats.ratings(GUILD, 1)) == sorted(right)
    assert await stats.rebuild_if_pending() is None  # once
    await close(service)


async def test_coiffeur_games_are_rated_apart_from_schieber_and_forgotten_with_them(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    people = ["u:10", "u:11", "u:12", "u:13"]
    await play_game(service, people, "schieber-1")
    for g in range(MIN_GAMES):
        await play_game(service, people, f"coiffeur-{g}", rules={"preset": "coiffeur"})
    await stats.wait_idle()
    _, schieber, _, _ = await stats.person(GUILD, "u:10")
    coiffeur_stats, coiffeur, place, size = await stats.person(GUILD, "u:10", "coiffeur")
    assert schieber is not None and schieber.games == 1  # one rating per game kind
    assert coiffeur is not None and coiffeur.games == MIN_GAMES and coiffeur_stats.games == MIN_GAMES
    assert coiffeur_stats.hands == 16 * MIN_GAMES
    board = await stats.leaderboard(GUILD, by="coiffeur")
    assert {r.actor for r in board} == set(people) and place is not None and size == 4
    assert await stats.leaderboard(GUILD) == []  # one Schieber game: nobody on its board yet
    assert await stats.rebuild() == await stats.summary()
    await stats.forget(GUILD, "u:12")
    keys = [r[0] for r in await service._storage.stats.ratings(GUILD, 1)]
    assert not any(k.startswith("u:12") for k in keys) and "u:10@coiffeur" in keys
    await close(service)


async def test_differenzler_games_rate_four_individuals_apart_and_are_forgotten_with_them(tmp_path):
    from bot.stats.records import person_stats

    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    people = ["u:10", "u:11", "u:12", "u:13"]
    rules = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False, "stoeck_enabled": False,
             "hands_per_game": 2}  # fmt: skip
    first = await play_game(service, people, "dz-0", rules=rules)
    await stats.wait_idle()
    [record] = game_records(first, await service.events(first))
    assert record.game_kind == "differenzler" and record.individual and len(record.totals) == 4
    assert record.totals == [s.penalty for s in record.seats] and all(s.hands == 2 for s in record.seats)
    best, worst = record.ranking[0], record.ranking[-1]
    assert record.totals[best] < record.totals[worst]
    ratings = {a: mu for a, _, mu, *_ in await service._storage.stats.ratings(GUILD, 1)}
    # each player for themselves: the best total gains, the worst loses; nobody's Schieber rating moves
    assert ratings[f"{people[best]}@differenzler"] > MU > ratings[f"{people[worst]}@differenzler"]
    assert not any("@" not in a for a in ratings)
    for g in range(1, MIN_GAMES):
        await play_game(service, people, f"dz-{g}", rules=rules)
    await stats.wait_idle()
    played, rating, place, size = await stats.person(GUILD, "u:10", "differenzler")
    assert rating is not None and rating.games == MIN_GAMES and played.games == MIN_GAMES
    assert played.hands == 2 * MIN_GAMES and played.penalty == sum(
        r.seats[0].penalty for r in game_records_of(await service._storage.stats.games(GUILD))
    )
    assert person_stats([record], people[best]).wins == int(record.winner == best)
    board = await stats.leaderboard(GUILD, by="differenzler")
    assert {r.actor for r in board} == set(people) and place is not None and size == 4
    assert await stats.rebuild() == await stats.summary()
    await stats.forget(GUILD, "u:12")
    keys = [r[0] for r in await service._storage.stats.ratings(GUILD, 1)]
    assert not any(k.startswith("u:12") for k in keys) and "u:10@differenzler" in keys
    await close(service)


def game_records_of(stored: list[dict]) -> list:
    from bot.stats.records import GameRecord

    return [GameRecord.from_dict(d) for d in stored]


async def test_molotow_games_are_rated_apart_lowest_score_first(tmp_path):
    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    people = ["u:10", "u:11", "u:12", "u:13"]
    rules = {"game": "molotow", "undertrump_when_void": True, "hands_per_game": 1}
    table_id = await play_game(service, people, "mo-0", rules=rules)
    await stats.wait_idle()
    [record] = game_records(table_id, await service.events(table_id))
    assert record.game_kind == "molotow" and record.individual and record.ranking
    best, worst = record.ranking[0], record.ranking[-1]
    ratings = {a: mu for a, _, mu, *_ in await service._storage.stats.ratings(GUILD, 1)}
    assert ratings[f"{people[best]}@molotow"] > MU > ratings[f"{people[worst]}@molotow"]
    played, _, _, _ = await stats.person(GUILD, people[best], "molotow")
    assert played.games == 1 and played.hands == 1 and played.penalty == record.totals[best]
    await close(service)


async def test_friendly_games_and_games_with_a_tip_count_in_statistics_not_in_ratings(tmp_path):
    from bot.game import PlayCard

    service = await make_service(tmp_path / "db.sqlite3")
    stats = StatsService(service._storage, service)
    people = ["u:10", "u:11", "u:12", "u:13"]
    friendly = await service.create_table(HOST, {"preset": "tournament", "hands_per_game": 1}, guild_id=GUILD,
                                          limits=False, rated=False)  # fmt: skip
    assert friendly.rated is False
    tid = friendly.table_id
    for seat, actor in enumerate(people):
        await service.execute(tid, JoinSeat(actor, name=actor, seat=seat))
    await service.execute(tid, StartGame(HOST, seed="friendly"))
    for _ in range(200):
        await service.wait_idle()
        live = service._tables[tid]
        if live.phase == "game_over":
            break
        await service.execute(tid, computer_command(live, "people"))
    await stats.wait_idle()
    assert (await stats.person(GUILD, "u:10"))[0].games == 1  # in the statistics
    assert await service._storage.stats.ratings(GUILD, 1) == []  # in nobody's rating
    # a rated table refuses tips; a friendly table with tips marks the game
    rated_id = await play_game(service, people, "rated-1")
    await stats.wait_idle()
    before = {a: mu for a, _, mu, *_ in await service._storage.stats.ratings(GUILD, 1)}
    assert set(before) == set(people)
    hinted = await service.create_table(HOST, {"preset": "tournament", "hands_per_game": 1}, guild_id=GUILD,
                                        limits=False, rated=False, hints=True)  # fmt: skip
    hid = hinted.table_id
    for seat, actor in enumerate(people):
        await service.execute(hid, JoinSeat(actor, name=actor, seat=seat))
    await service.execute(hid, StartGame(HOST, seed="hinted"))
    used = False
    for _ in range(200):
        await service.wait_idle()
        live = service._tables[hid]
        if live.phase == "game_over":
            break
        command = computer_command(live, "people")
        if isinstance(command, PlayCard) and not used:
            card = await service.hint(hid, command.actor)
            assert live.view_for(live.to_act).legal >> card & 1  # a card the player may play
            used = True
        await service.execute(hid, command)
    await stats.wait_idle()
    [record] = game_records(hid, await service.events(hid))
    assert used and record.rated is False
    assert {a: mu for a, _, mu, *_ in await service._storage.stats.ratings(GUILD, 1)} == before
    events = await service.events(rated_id)
    assert not any(ev["type"] == "hint" for ev in events)
    await close(service)
