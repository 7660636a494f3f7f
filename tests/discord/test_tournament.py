"""An Einzelschieber evening through the real discord.py path: sign-up buttons, the start, a thread
per table, people clicking their cards, standings after each Passe."""

import asyncio

from .audit import audit, observer_for
from .harness import custom_ids, user
from .test_table_game import ANNA, BEAT, CARLA, DARIO, settle

EMIL = user(15, "emil")
PEOPLE = {p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO, EMIL)}


def tournament(sub: str, options=()):
    return [{"name": sub, "type": 1, "options": list(options)}]


async def said(h, payload) -> str:
    """Everything the bot answered to one command (its answer and any follow-up), all private."""
    await h.send(payload)
    iid = int(payload["id"])
    for _ in range(500):  # a deferred answer's follow-up comes when the command is done
        calls = h.side.by_interaction[iid]
        if any((c.payload or {}).get("type") != 5 for c in calls):
            break
        await asyncio.sleep(0.01)
    await settle(h)
    texts = []
    for call in calls:
        data = (call.payload or {}).get("data") or call.payload or {}
        if call.payload and call.payload.get("type") == 5:
            continue  # the deferral itself
        assert data.get("flags", 0) & 64, "answered privately"
        texts.append(data.get("content") or "")
    return " ".join(texts)


def private_text(call) -> str:
    data = call.payload.get("data") or call.payload
    assert data.get("flags", 0) & 64, "answered privately"
    return data.get("content") or ""


async def four_signed_up(h, name: str, passen: int, hands: int) -> None:
    """Anna opens a tournament here; Anna, Beat, Carla and Dario join with the sign-up button."""
    options = [{"name": "name", "type": 3, "value": name}, {"name": "passen", "type": 4, "value": passen},
               {"name": "hands", "type": 4, "value": hands}]  # fmt: skip
    await h.send(h.command_payload("tournament", tournament("create", options), ANNA, manager=True))
    signup, join = signup_button(h)
    for who in (ANNA, BEAT, CARLA, DARIO):
        await h.send(h.click_payload(join, who, signup))


def signup_button(h) -> tuple[dict, str]:
    """The sign-up message and its Join button."""
    signup = next(m for m in h.side.messages.values() if any(":tjoin" in c for c, _, _ in custom_ids(m["components"])))
    return signup, next(c for c, _, _ in custom_ids(signup["components"]) if c.endswith(":tjoin"))


async def play_every_table(h, limit: int = 3000, people=None, absent=(), stop=None, clock=None) -> None:
    """Whenever a person is to act at a table: "My cards" on its message, then a card (``limit``
    rounds of that; past it, the tables must be done unless the limit was small). ``absent``:
    user ids who never click (their turn timer lets a stand-in play); ``await stop()``: true to stop.
    ``clock``: the service's manual clock, moved on only when absent people are all that is waited
    for (so nobody present ever runs out of time, however slow the machine)."""
    people = people or PEOPLE
    jass = h.bot.get_cog("Jass")
    for _ in range(limit):
        if stop is not None and await stop():
            return
        await settle(h)
        await h.bot.tournaments.wait_idle()
        await h.bot.challenges.wait_idle()
        await settle(h)
        waiting = [
            table
            for table in h.bot.service._tables.values()
            if table.phase in ("predict", "contract", "play") and table.to_act is not None
            and (table.actor_for(table.to_act) or "").startswith("u:")
        ]  # fmt: skip
        present = [t for t in waiting if t.actor_for(t.to_act)[2:] not in absent]
        if not present:
            if not waiting:
                return
            if clock is not None:
                await clock.advance(60)  # only absent people's turns: their timers run out
            else:
                await asyncio.sleep(0.05)  # only absent people's turns: their timers run
            continue
        for table in present:
            actor = table.actor_for(table.to_act) if table.to_act is not None else None
            if not actor or not actor.startswith("u:") or actor[2:] in absent:
                continue  # the table moved on while another table was played (a stand-in took the turn)
            who = people[actor[2:]]
            _, message_id = jass.messages.located(table.table_id)
            # in the table's thread; a stand-in may have taken a short turn meanwhile (nothing to click)
            await h.take_turn(who, h.side.messages[message_id], prediction=len(who["id"]) % 9, strict=False)
    if limit >= 100:
        raise AssertionError("the tournament's tables did not finish")


async def test_an_einzelschieber_in_a_channel(harness):
    h = harness
    h.side.observer = observer_for(h.bot)
    refused = await said(
        h, h.command_payload("tournament", tournament("create", [{"name": "name", "type": 3, "value": "x"}]), BEAT)
    )
    assert "verwalten" in refused  # only managers open tournaments
    options = [
        {"name": "name", "type": 3, "value": "Herbst"},
        {"name": "passen", "type": 4, "value": 2},
        {"name": "hands", "type": 4, "value": 1},
    ]
    [created] = await h.send(h.command_payload("tournament", tournament("create", options), ANNA, manager=True))
    assert "Herbst" in private_text(created)
    signup, join = signup_button(h)
    assert "SHA-256" in signup["embeds"][0]["description"]
    early = await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    assert "Zu wenige Spieler: 0" in early
    for who in PEOPLE.values():
        [answer] = await h.send(h.click_payload(join, who, signup))
        assert "angemeldet" in private_text(answer)
    [twice] = await h.send(h.click_payload(join, BEAT, signup))
    assert "schon angemeldet" in private_text(twice)
    signup = h.side.messages[int(signup["id"])]
    assert "Angemeldet: 5" in signup["embeds"][0]["description"]
    not_yours = await said(h, h.command_payload("tournament", tournament("start"), BEAT))
    assert "wer das Turnier eröffnet hat" in not_yours
    started = await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    assert "läuft" in started and "Seed" in started
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert t.phase == "running" and len(h.side.threads) == 2  # 5 people: two tables, each in a thread
    # Issue 39, item 15: the seed is public at the start (and its SHA-256 is the one the sign-up showed).
    public = [m["content"] for m in h.side.messages.values() if t.seed in (m.get("content") or "")]
    assert len(public) == 1 and t.seed_commitment in public[0]
    assert t.seed in str(h.side.messages[int(signup["id"])]["embeds"])
    info = await said(h, h.command_payload("tournament", tournament("info"), CARLA))
    assert t.seed in info
    assert {th["name"] for th in h.side.threads.values()} == {
        "Herbst · Passe 1 · Tisch 1",
        "Herbst · Passe 1 · Tisch 2",
    }
    posted_in = {c.path.split("/channels/")[1].split("/")[0] for c in h.side.calls if c.method == "POST" and c.payload
                 and c.payload.get("embeds") and "Tisch" in c.payload["embeds"][0].get("title", "")}  # fmt: skip
    assert {str(tid) for tid in h.side.threads} <= posted_in  # each table message in its own thread
    await play_every_table(h)
    # Issue 39, item 17: the Passe's threads are archived and locked once it is over.
    first_passe = [th for th in h.side.threads.values() if "Passe 1" in th["name"]]
    assert first_passe and all(th["thread_metadata"].get("archived") and th["thread_metadata"].get("locked")
                               for th in first_passe)  # fmt: skip
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.phase == "finished" and len(h.side.threads) == 4  # Passe 2 got its own threads
    standings = [c for c in h.side.calls if c.method == "POST" and c.payload and c.payload.get("embeds")
                 and ("Rangliste" in c.payload["embeds"][0].get("title", "")
                      or "Schlussrangliste" in c.payload["embeds"][0].get("title", ""))]  # fmt: skip
    assert len(standings) == 2  # after Passe 1, and the final one
    final = standings[-1].payload["embeds"][0]
    assert final["title"].startswith("Schlussrangliste") and final["description"].count("\n") == 4
    [mine] = await h.send(h.command_payload("tournament", tournament("standings"), CARLA))
    embed = mine.payload["data"]["embeds"][0]
    assert "von 5" in embed["footer"]["text"]
    [exported] = await h.send(h.command_payload("tournament", tournament("export"), DARIO))
    rows = exported.files[0].decode("utf-8").splitlines()
    assert rows[0] == "tournament,passe,table,player,name,points" and len(rows) == 1 + 5 * 2  # each person and Passe
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 50


async def test_without_the_thread_permission_the_organiser_is_told_and_tables_play_in_the_channel(harness):
    h = harness
    h.side.threads_allowed = False
    await four_signed_up(h, "Winter", 1, 1)
    started = await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    assert "läuft" in started
    told = [c for c in h.side.calls if c.method == "POST" and "Öffentliche Threads erstellen" in str(c.payload)]
    assert told, "the missing permission is named"
    tables = [c for c in h.side.calls if c.method == "POST" and c.path.endswith("/channels/4000/messages")
              and "Tisch" in str((c.payload or {}).get("embeds"))]  # fmt: skip
    assert tables, "the table plays in the tournament's channel instead"
    await play_every_table(h)
    t = (await h.bot.tournaments.in_channel(4000, open_only=False))[0]
    assert t.phase == "finished"


async def test_the_organiser_drops_a_player_and_calls_the_tournament_off(harness):
    h = harness
    await four_signed_up(h, "Frühling", 3, 1)
    await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    member = {"name": "player", "type": 6, "value": str(DARIO["id"])}
    as_member = {"roles": [], "joined_at": "2025-01-01T00:00:00+00:00", "flags": 0}
    resolved = {"users": {str(DARIO["id"]): DARIO}, "members": {str(DARIO["id"]): as_member}}
    not_yours = h.command_payload("tournament", tournament("drop", [member]), BEAT)
    not_yours["data"]["resolved"] = resolved
    assert "wer das Turnier eröffnet hat" in await said(h, not_yours)
    drop = h.command_payload("tournament", tournament("drop", [member]), ANNA, manager=True)
    drop["data"]["resolved"] = resolved
    assert "ab Passe 2" in await said(h, drop)
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert t.dropped == {f"u:{DARIO['id']}": 1}
    assert "abgesagt" in await said(h, h.command_payload("tournament", tournament("cancel"), ANNA, manager=True))
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.phase == "cancelled"
    for table_id in (await h.bot.tournaments._store.tables(t.tournament_id)).values():
        assert h.bot.service.in_memory(table_id).phase in ("abandoned", "game_over")  # its tables were ended


async def test_a_restart_in_the_middle_of_a_passe_resumes_the_tournament(tmp_path, monkeypatch):
    from .test_table_game import fast_settings, started

    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    await four_signed_up(h, "Sommer", 2, 1)
    await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    await play_every_table(h, limit=6)  # a few decisions of Passe 1, then the process stops
    tid = (await h.bot.tournaments.in_channel(4000))[0].tournament_id
    first_threads = len(h.side.threads)
    await h.bot.close()

    h2 = await started(settings, monkeypatch)
    try:
        t = await h2.bot.tournaments.get(tid)
        assert t.phase == "running" and len(t.draws) == 1 and not t.results
        await play_every_table(h2)  # the table messages of before the restart, brought up to date, still work
        t = await h2.bot.tournaments.get(tid)
        assert t.phase == "finished" and len(t.results) == 2
        assert first_threads == 1 and len(h2.side.threads) == 1  # Passe 2 opened after the restart
    finally:
        await h2.bot.close()
