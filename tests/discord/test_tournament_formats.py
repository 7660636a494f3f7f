"""Partnerschieber, the organiser's tools and the edge cases of a tournament, through the real
discord.py path: pairs asked and confirmed, pause and resume, the next Passe by button, a
replacement, check-in and waitlist, rule overrides, the organiser role, two tournaments at
once, a deleted channel."""

import asyncio

from .audit import audit, observer_for
from .harness import custom_ids, user
from .test_table_game import ANNA, BEAT, CARLA, DARIO
from .test_tournament import EMIL, four_signed_up, play_every_table, private_text, said, signup_button, tournament

FRIDA, GIAN, HEDI = user(16, "frida"), user(17, "gian"), user(18, "hedi")
EIGHT = {p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO, EMIL, FRIDA, GIAN, HEDI)}


def member_option(name: str, who: dict) -> tuple[dict, dict]:
    """A member option and the ``resolved`` data Discord sends with it."""
    option = {"name": name, "type": 6, "value": str(who["id"])}
    as_member = {"roles": [], "joined_at": "2025-01-01T00:00:00+00:00", "flags": 0}
    return option, {"users": {str(who["id"]): who}, "members": {str(who["id"]): as_member}}


def with_members(payload: dict, *resolved: dict) -> dict:
    merged: dict = {"users": {}, "members": {}}
    for r in resolved:
        merged["users"].update(r["users"])
        merged["members"].update(r["members"])
    payload["data"]["resolved"] = merged
    return payload


async def join_with(h, who: dict, partner: dict) -> str:
    option, resolved = member_option("partner", partner)
    return await said(h, with_members(h.command_payload("tournament", tournament("join", [option]), who), resolved))


def create_options(name: str, **values) -> list[dict]:
    kinds = {bool: 5, int: 4, str: 3}
    return [{"name": "name", "type": 3, "value": name}] + [
        {"name": key, "type": kinds[type(value)], "value": value} for key, value in values.items()
    ]


async def test_a_partnerschieber_of_four_pairs(harness):
    h = harness
    h.side.observer = observer_for(h.bot)
    options = create_options("Paarlauf", format="pairs", passen=3, hands=1)
    await h.send(h.command_payload("tournament", tournament("create", options), ANNA, manager=True))
    signup, _ = signup_button(h)
    assert "Partnerschieber" in signup["embeds"][0]["title"]
    # Anna asks Beat; a ping with a Confirm button goes to Beat in the channel.
    assert "beat ist gefragt" in await join_with(h, ANNA, BEAT)
    ask = next(m for m in h.side.messages.values() if any(c.endswith(":tpartner") for c, _, _ in
                                                          custom_ids(m.get("components") or [])))  # fmt: skip
    assert f"<@{BEAT['id']}>" in ask["content"]
    confirm = next(c for c, _, _ in custom_ids(ask["components"]) if c.endswith(":tpartner"))
    [nobody_asked] = await h.send(h.click_payload(confirm, CARLA, ask))
    assert "Niemand hat dich" in private_text(nobody_asked)
    [paired] = await h.send(h.click_payload(confirm, BEAT, ask))
    assert "Paar" in private_text(paired)
    assert "schon mit" in await join_with(h, ANNA, CARLA)  # already paired
    assert "eigener Partner" in await join_with(h, CARLA, CARLA)
    # Carla and Dario ask each other: the pair stands at once.
    await join_with(h, CARLA, DARIO)
    assert "Paar" in await join_with(h, DARIO, CARLA)
    await join_with(h, EMIL, FRIDA)
    await join_with(h, FRIDA, EMIL)
    # Gian and Hedi come alone: the organiser's draw pairs them at the start.
    signup, join = signup_button(h)
    for who in (GIAN, HEDI):
        await h.send(h.click_payload(join, who, signup))
    signup = h.side.messages[int(signup["id"])]
    fields = {f["name"]: f["value"] for f in signup["embeds"][0].get("fields", [])}
    assert fields["Paare"].count("&") == 3 and "gian" in fields["Ohne Partner (beim Start zugeteilt)"]
    started = await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    assert "läuft" in started
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert len(t.pairs) == 4 and len(h.side.threads) == 2  # 4 pairs: two matches a round
    await play_every_table(h, people=EIGHT)
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.phase == "finished" and len(h.side.threads) == 6  # three rounds of two tables
    met = {frozenset((t.pairs.index(next(p for p in t.pairs if table[0] in p)),
                      t.pairs.index(next(p for p in t.pairs if table[1] in p))))
           for passe in t.draws for table in passe}  # fmt: skip
    assert len(met) == 6  # a round robin: every pair met every other once
    final = [c for c in h.side.calls if c.method == "POST" and c.payload and c.payload.get("embeds")
             and c.payload["embeds"][0].get("title", "").startswith("Schlussrangliste")]  # fmt: skip
    assert len(final) == 1 and final[0].payload["embeds"][0]["description"].count(" & ") == 4  # pairs are ranked
    [mine] = await h.send(h.command_payload("tournament", tournament("standings"), HEDI))
    assert "von 4" in mine.payload["data"]["embeds"][0]["footer"]["text"]
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 50


async def test_an_einzel_differenzler_of_eight_people_in_a_channel(harness):
    h = harness
    h.side.observer = observer_for(h.bot)
    options = create_options("Königsdisziplin", format="differenzler", passen=3, hands=1)
    await h.send(h.command_payload("tournament", tournament("create", options), ANNA, manager=True))
    signup, join = signup_button(h)
    assert "Einzel-Differenzler" in signup["embeds"][0]["title"]
    assert "die kleinste Summe gewinnt" in signup["embeds"][0]["description"]
    for who in EIGHT.values():
        await h.send(h.click_payload(join, who, signup))
    assert "läuft" in await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert len(h.side.threads) == 2
    for table_id in (await h.bot.tournaments.table_ids(t.tournament_id)).values():
        assert h.bot.service._tables[table_id].rules.game == "differenzler"
    await play_every_table(h, people=EIGHT)
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.phase == "finished" and len(h.side.threads) == 6
    final = [c for c in h.side.calls if c.method == "POST" and c.payload and c.payload.get("embeds")
             and c.payload["embeds"][0].get("title", "").startswith("Schlussrangliste")]  # fmt: skip
    [board] = final
    lines = board.payload["embeds"][0]["description"].splitlines()
    assert len(lines) == 8 and all("Differenz" in line and "genau" in line for line in lines)
    assert "genauen Ansagen" in board.payload["embeds"][0]["footer"]["text"]
    totals = [s.total for s in t.standings()]
    assert totals == sorted(totals)
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 50


async def test_the_organisers_tools(harness):
    h = harness
    bad = create_options("Kaputt", rules="weis_enabled=on, matchbonus")
    assert "«matchbonus»" in await said(
        h, h.command_payload("tournament", tournament("create", bad), ANNA, manager=True)
    )
    options = create_options("Abend", passen=2, hands=1, next_passe="organiser", check_in=True, max_players=5,
                             rules="weis_enabled=on", turn_timer=600)  # fmt: skip
    await h.send(h.command_payload("tournament", tournament("create", options), ANNA, manager=True))
    signup, join = signup_button(h)
    description = signup["embeds"][0]["description"]
    assert "weis_enabled=True" in description and "Check-in" in description and "600 s" in description
    for who in (ANNA, BEAT, CARLA, DARIO, EMIL):
        await h.send(h.click_payload(join, who, signup))
    [waiting] = await h.send(h.click_payload(join, FRIDA, signup))
    assert "Warteliste" in private_text(waiting)  # full: Frida waits
    leave = next(c for c, _, _ in custom_ids(signup["components"]) if c.endswith(":tleave"))
    await h.send(h.click_payload(leave, EMIL, signup))  # Emil leaves: Frida moves up
    checkin = next(c for c, _, _ in custom_ids(signup["components"]) if c.endswith(":tcheckin"))
    for who in (ANNA, BEAT, CARLA, FRIDA):  # Dario does not check in
        [ok] = await h.send(h.click_payload(checkin, who, signup))
        assert "eingecheckt" in private_text(ok)
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert t.entries == [f"u:{p['id']}" for p in (ANNA, BEAT, CARLA, DARIO, FRIDA)]
    # A second tournament here: those who play in the first cannot join it.
    await h.send(h.command_payload("tournament", tournament("create", create_options("Zweites")), BEAT, manager=True))
    second = (await h.bot.tournaments.in_channel(4000))[0]
    assert "schon im Turnier «Abend»" in await _click_join(h, second, CARLA)
    await said(h, h.command_payload("tournament", tournament("cancel"), BEAT, manager=True))
    await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    t = await h.bot.tournaments.get(t.tournament_id)
    assert f"u:{DARIO['id']}" not in t.entries and len(t.entries) == 4  # not checked in: not drawn
    table = h.bot.service._tables[next(iter((await h.bot.tournaments._store.tables(t.tournament_id)).values()))]
    assert table.rules.weis_enabled and table.turn_timer == 600
    assert "wer das Turnier eröffnet hat" in await said(h, h.command_payload("tournament", tournament("pause"), BEAT))
    assert "pausiert" in await said(h, h.command_payload("tournament", tournament("pause"), ANNA, manager=True))
    option, resolved = member_option("player", CARLA)
    by, resolved_by = member_option("by", DARIO)
    replace = with_members(h.command_payload("tournament", tournament("replace", [option, by]), ANNA), resolved,
                           resolved_by)  # fmt: skip
    assert "ab Passe 2" in await said(h, replace)
    await play_every_table(h, people={p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO, FRIDA)})
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.passe_complete() and len(t.draws) == 1  # paused: Passe 2 waits
    assert "geht weiter" in await said(h, h.command_payload("tournament", tournament("resume"), ANNA, manager=True))
    assert len(t.draws) == 1  # by hand: the Next Passe button
    nxt = next(m for m in h.side.messages.values() if any(c.endswith(":tnext") for c, _, _ in
                                                           custom_ids(m.get("components") or [])))  # fmt: skip
    button = next(c for c, _, _ in custom_ids(nxt["components"]) if c.endswith(":tnext"))
    assert "Nächste Passe" in str(nxt["components"]) and "Passe 1 ist fertig" in nxt["content"]
    await h.send(h.click_payload(button, BEAT, nxt))
    await play_every_table(h, limit=1)
    assert len(t.draws) == 1  # Beat is not the organiser
    await h.send(h.click_payload(button, ANNA, nxt))
    await play_every_table(h, limit=1)
    t = await h.bot.tournaments.get(t.tournament_id)
    assert len(t.draws) == 2
    seated = {a for table in range(len(t.draws[1])) for a in t.table_actors(1, table)}
    assert f"u:{DARIO['id']}" in seated and f"u:{CARLA['id']}" not in seated  # Dario plays for Carla
    kinds = [ev["type"] for ev in await h.bot.tournaments._store.load(t.tournament_id)]
    assert {"paused", "resumed", "replaced", "checked_in", "waitlisted"} <= set(kinds)


async def _click_join(h, t, who) -> str:
    _, _, message_id = await h.bot.tournaments._store.where(t.tournament_id)
    message = h.side.messages[message_id]
    join = next(c for c, _, _ in custom_ids(message["components"]) if c.endswith(":tjoin"))
    [answer] = await h.send(h.click_payload(join, who, message))
    return private_text(answer)


async def test_the_organiser_role_may_open_tournaments(harness):
    h = harness
    role = {"id": "900", "name": "Turnierleitung", "color": 0, "hoist": False, "position": 1, "permissions": "0",
            "managed": False, "mentionable": False, "flags": 0}  # fmt: skip
    payload = h.command_payload("tournament", tournament("role", [{"name": "role", "type": 8, "value": "900"}]),
                                ANNA, manager=True)  # fmt: skip
    payload["data"]["resolved"] = {"roles": {"900": role}}
    assert "<@&900>" in await said(h, payload)
    member = h.command_payload("tournament", tournament("create", create_options("Rolle")), BEAT)
    assert "verwalten" in await said(h, member)  # without the role
    member = h.command_payload("tournament", tournament("create", create_options("Rolle")), BEAT)
    member["member"]["roles"] = ["900"]
    assert "eröffnet" in await said(h, member)
    assert (await h.bot.tournaments.in_channel(4000))[0].organiser == f"u:{BEAT['id']}"


async def test_a_deleted_channel_calls_the_tournament_off(harness):
    h = harness
    await four_signed_up(h, "Weg", 2, 1)
    h.side.deleted.add(4000)  # the organiser deletes the tournament channel
    await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    await play_every_table(h, limit=1)
    t = (await h.bot.tournaments.in_channel(4000, open_only=False))[0]
    assert t.phase == "cancelled"
    events = await h.bot.tournaments._store.load(t.tournament_id)
    assert events[-1] == {"type": "cancelled", "by": "system"}


async def test_a_break_between_passen_is_announced_and_ends_by_itself(harness):
    h = harness
    now = [1_900_000_000.0]
    h.bot.tournaments.wall = lambda: now[0]
    options = create_options("Mit Pause", passen=2, hands=1, break_minutes=15)
    await h.send(h.command_payload("tournament", tournament("create", options), ANNA, manager=True))
    signup, join = signup_button(h)
    assert "15 Minuten Pause" in signup["embeds"][0]["description"]
    for who in (ANNA, BEAT, CARLA, DARIO):
        await h.send(h.click_payload(join, who, signup))
    await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    await play_every_table(h, people={p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO)})
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert t.passe_complete() and len(t.draws) == 1 and t.break_until == now[0] + 900
    at = int(now[0] + 900)
    notice = next(m for m in h.side.messages.values() if "Pause: Passe 2" in (m.get("content") or ""))
    assert f"<t:{at}:t>" in notice["content"] and notice["embeds"][0]["title"].startswith("Rangliste")
    assert any(c.endswith(":tnext") for c, _, _ in custom_ids(notice["components"]))
    assert await h.bot.tournaments.tick() == []  # the break runs
    now[0] += 901
    assert await h.bot.tournaments.tick() == [t.tournament_id]
    after_one = [m for m in h.side.messages.values() if "Rangliste nach Passe 1" in str(m.get("embeds"))]
    assert len(after_one) == 1  # the standings after Passe 1 are posted once (with the break), not again
    await play_every_table(h, people={p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO)})
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.phase == "finished" and len(h.side.threads) == 2


async def member_left(h, who: dict, done) -> None:
    """Discord's GUILD_MEMBER_REMOVE, as the gateway sends it (with ``members_intent: on``);
    returns once ``await done()`` is true (the listeners run as tasks of their own)."""
    h.bot._connection.parsers["GUILD_MEMBER_REMOVE"]({"guild_id": "3000", "user": who})
    for _ in range(500):
        if await done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot did not act on the member leaving")


async def test_a_member_who_leaves_the_server_is_signed_off_or_dropped(harness):
    h = harness
    await four_signed_up(h, "Abgang", 2, 1)
    signup, join = signup_button(h)
    await h.send(h.click_payload(join, EMIL, signup))
    t = (await h.bot.tournaments.in_channel(4000))[0]
    assert len(t.entries) == 5 and "Angemeldet: 5" in str(h.side.messages[int(signup["id"])]["embeds"])
    emil = f"u:{EMIL['id']}"

    async def emil_gone() -> bool:  # signed off, and the sign-up message says so
        return "Angemeldet: 4" in str(h.side.messages[int(signup["id"])]["embeds"])

    await member_left(h, EMIL, emil_gone)  # before the start: signed off
    await play_every_table(h, limit=1)
    t = await h.bot.tournaments.get(t.tournament_id)  # the service hands out copies as committed
    assert emil not in t.entries
    await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    dario = f"u:{DARIO['id']}"

    async def dario_noted() -> bool:
        return any("hat den Server verlassen" in (m.get("content") or "") for m in h.side.messages.values())

    await member_left(h, DARIO, dario_noted)  # during Passe 1: a computer finishes it, no Passe 2 for him
    await play_every_table(h, limit=1)
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.dropped == {dario: 1}
    [table_id] = (await h.bot.tournaments._store.tables(t.tournament_id)).values()
    table = h.bot.service._tables[table_id]
    assert table.seats[table.seat_of(dario)].standin
    notice = next(m for m in h.side.messages.values() if "hat den Server verlassen" in (m.get("content") or ""))
    assert "dario" in notice["content"]
    await play_every_table(h, people={p["id"]: p for p in (ANNA, BEAT, CARLA)})
    t = await h.bot.tournaments.get(t.tournament_id)
    assert t.phase == "finished" and dario not in {a for a in t.table_actors(1, 0)}
    assert any(r.player == t.entries.index(dario) for r in t.standings())  # his Passe 1 points stay
    events = await h.bot.tournaments._store.load(t.tournament_id)
    assert {"type": "dropped", "by": "system", "actor": dario, "from_passe": 1} in events
