"""A club evening through the real discord.py path: 12 people sign up for an Einzelschieber of
3 Passen × 4 hands; two of them never click (the turn timer lets a stand-in play for them);
the bot is restarted in the middle of Passe 2; the evening ends with final standings."""

from bot.services import ManualClock
from bot.tournament import draw

from .audit import audit, observer_for
from .harness import user
from .test_table_game import fast_settings, started
from .test_tournament import play_every_table, said, signup_button, tournament

TWELVE = [user(40 + i, f"spieler{i + 1}") for i in range(12)]
BY_ID = {p["id"]: p for p in TWELVE}
ABSENT = {TWELVE[4]["id"], TWELVE[9]["id"]}  # signed up, then never came to the table
ORGANISER = TWELVE[0]


async def test_twelve_people_three_passen_two_absent_and_a_restart(tmp_path, monkeypatch):
    clock = ManualClock()  # the turn timers run out only when the test says so: deterministic on a busy machine
    monkeypatch.setattr("bot.services.tables.Clock", lambda: clock)
    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    h.side.observer = observer_for(h.bot)
    options = [{"name": "name", "type": 3, "value": "Klubabend"}, {"name": "passen", "type": 4, "value": 3},
               {"name": "hands", "type": 4, "value": 4}, {"name": "turn_timer", "type": 4, "value": 1}]  # fmt: skip
    await h.send(h.command_payload("tournament", tournament("create", options), ORGANISER, manager=True))
    signup, join = signup_button(h)
    for who in TWELVE:
        await h.send(h.click_payload(join, who, signup))
    await said(h, h.command_payload("tournament", tournament("start"), ORGANISER, manager=True))
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert len(t.entries) == 12 and len(t.draws[0]) == 3 and len(h.side.threads) == 3
    assert [list(map(tuple, d)) for d in t.draws] == [list(draw(12, 3, t.seed).passen[0])]  # the published draw

    async def into_passe_two() -> bool:
        """Passe 2 is on and its tables are past their first hand."""
        links = await h.bot.tournaments._store.tables(t.tournament_id)
        second = [h.bot.service._tables.get(table_id) for (passe, _), table_id in links.items() if passe == 1]
        return bool(second) and all(table is not None and table.hand_no >= 2 for table in second)

    await play_every_table(h, people=BY_ID, absent=ABSENT, stop=into_passe_two, clock=clock)
    t = await h.bot.tournaments.get(t.tournament_id)  # the service hands out copies as committed
    assert t.passen_done() == 1 and len(t.draws) == 2 and t.phase == "running"  # the process stops in Passe 2
    tid = t.tournament_id
    calls = list(h.side.calls)
    await h.bot.close()

    h2 = await started(settings, monkeypatch)
    try:
        h2.side.observer = observer_for(h2.bot)
        t = await h2.bot.tournaments.get(tid)
        assert t.phase == "running" and len(t.draws) == 2 and t.passen_done() == 1
        await play_every_table(h2, people=BY_ID, absent=ABSENT, clock=clock)
        t = await h2.bot.tournaments.get(tid)
        assert t.phase == "finished" and t.passen_done() == 3
        # Every table wrote its 4 hands × 157 (the tournament preset: no Weis, no Stöck, Match 157).
        assert all(a + b == 4 * 157 for a, b in t.results.values()) and len(t.results) == 9
        # The absent people were seated every Passe and a stand-in played their cards.
        tables = await h2.bot.tournaments._store.tables(tid)
        for table_id in tables.values():
            table = await h2.bot.service.get(table_id)
            for seat, s in enumerate(table.seats):
                if s.actor and s.actor[2:] in ABSENT:
                    assert s.standin, f"seat {seat} of {table_id}"
        rows = t.standings()
        assert len(rows) == 12 and rows[0].rank == 1 and sum(len(r.passen) for r in rows) == 36
        final = [c for c in h2.side.calls if c.method == "POST" and c.payload and c.payload.get("embeds")
                 and c.payload["embeds"][0].get("title", "").startswith("Schlussrangliste")]  # fmt: skip
        assert len(final) == 1 and final[0].payload["embeds"][0]["description"].count("\n") == 9  # the top 10
        assert audit(calls, h.side.clicked, h.side.private) > 100
        assert audit(h2.side.calls, h2.side.clicked, h2.side.private) > 100
    finally:
        await h2.bot.close()
