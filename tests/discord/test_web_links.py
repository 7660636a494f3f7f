"""The web pages from Discord: `/jass settings web:on` switches them on (managers only) and answers
with the address; `/jass leaderboard`, `/jass stats`, `/jass replay` and `/tournament standings`
carry a link button to the page while the server has them on, and none when it has them off."""

from __future__ import annotations

import asyncio
import dataclasses
from types import SimpleNamespace
from typing import Any

import discord

from benchmarks.web_fill import fill, play_until_done

from .harness import CHANNEL_ID, GUILD_ID, user
from .test_table_game import ANNA, BEAT, button, fast_settings, new_table, started, table_message
from .test_tournament import said, settle

BASE = "https://jass.example.org"
ADMIN = user(90, "admin")
PERSON = user(1000, "anna")  # benchmarks.web_fill's first person: u:1000


def jass(sub: str, options: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    return [{"name": sub, "type": 1, "options": options or []}]


def links(calls) -> list[str]:
    """The link buttons' addresses in the answers."""
    out = []
    for call in calls:
        data = (call.payload or {}).get("data") or call.payload or {}
        for row in data.get("components") or []:
            out += [b["url"] for b in row.get("components", []) if b.get("style") == 5]
    return out


async def answer_links(h, payload) -> list[str]:
    """The link buttons of a command's answer (a deferred one's follow-up waited for; public or not)."""
    await h.send(payload)
    calls = h.side.by_interaction[int(payload["id"])]
    for _ in range(500):
        if any((c.payload or {}).get("type") != 5 for c in calls):
            break
        await asyncio.sleep(0.01)
    await settle(h)
    return links(calls)


async def test_settings_web_and_the_link_buttons(tmp_path, monkeypatch):
    settings = dataclasses.replace(fast_settings(tmp_path), web_base_url=BASE)
    h = await started(settings, monkeypatch)
    try:
        services = h.bot.services
        assert services is not None
        filled = await fill(services, int(GUILD_ID), games={"schieber": 5, "coiffeur": 0, "differenzler": 0,
                                                            "molotow": 0}, tournament=False)  # fmt: skip
        table_id = filled.tables["schieber"][0]
        t = await services.tournaments.create("u:1", "Herbst", 1, 2, guild_id=int(GUILD_ID),
                                              channel_id=int(CHANNEL_ID), level="random")  # fmt: skip
        for actor in list(filled.people)[:4]:
            await services.tournaments.join(t.tournament_id, actor, filled.people[actor])
        await services.tournaments.start(t.tournament_id, "u:1")
        await play_until_done(services)
        asks = {  # each a new interaction
            "leaderboard": lambda: h.command_payload("jass", jass("leaderboard"), PERSON),
            "stats": lambda: h.command_payload("jass", jass("stats"), PERSON),
            "replay": lambda: h.command_payload(
                "jass", jass("replay", [{"name": "table", "type": 3, "value": table_id}]), PERSON),
            "standings": lambda: h.command_payload("tournament", [{"name": "standings", "type": 1, "options": []}],
                                                   PERSON),
        }  # fmt: skip
        for name, ask in asks.items():  # off: no links
            assert await answer_links(h, ask()) == [], name

        refused = await said(h, h.command_payload("jass", jass("settings", [{"name": "web", "type": 3, "value": "on"}]),
                                                  PERSON))  # fmt: skip
        assert "Server verwalten" in refused or "verwalten" in refused.lower()
        answer = await said(h, h.command_payload("jass", jass("settings", [{"name": "web", "type": 3, "value": "on"}]),
                                                 ADMIN, manager=True))  # fmt: skip
        site = await services.storage.web.site(int(GUILD_ID))
        assert site is not None and site.enabled and f"{BASE}/s/{site.slug}/" in answer
        home = f"{BASE}/s/{site.slug}/"
        expected = {
            "leaderboard": home + "leaderboard/schieber?season=1",
            "stats": home + "p/",
            "replay": home + f"g/{table_id}/1/",
            "standings": home + f"t/{t.tournament_id}",
        }
        for name, ask in asks.items():
            found = await answer_links(h, ask())
            assert len(found) == 1 and found[0].startswith(expected[name]), (name, found)

        answer = await said(h, h.command_payload("jass", jass("settings", [{"name": "web", "type": 3, "value": "off"}]),
                                                 ADMIN, manager=True))  # fmt: skip
        assert "ausgeschaltet" in answer
        assert await answer_links(h, asks["leaderboard"]()) == []
        await asyncio.sleep(0)
    finally:
        await h.bot.close()


async def playing_with_computers(tmp_path, monkeypatch):
    """A bot with a web address; Anna's table with three computer players, started."""
    settings = dataclasses.replace(fast_settings(tmp_path), web_base_url=BASE)
    h = await started(settings, monkeypatch)
    options = [{"name": "computer_players", "type": 4, "value": 3}]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    await settle(h)
    return h


async def test_the_hand_message_links_to_the_seat_at_the_live_table(tmp_path, monkeypatch):
    h = await playing_with_computers(tmp_path, monkeypatch)
    try:
        hand = await h.open_hand(ANNA, table_message(h))
        urls = [b["url"] for row in hand["components"] for b in row["components"] if b.get("style") == 5]
        assert len(urls) == 1 and urls[0].startswith(f"{BASE}/table/") and urls[0].endswith("?lang=de")
        token = urls[0].removeprefix(f"{BASE}/table/").split("?")[0]
        grant = await h.bot.live.verify(token)
        assert grant.seat == 0 and grant.actor == f"u:{ANNA['id']}"
        assert ANNA["id"] not in token.split(".") and "u:" not in urls[0]  # the person's id is not in the address
    finally:
        await h.bot.close()


async def test_spielen_am_tisch_launches_the_activity_or_gives_the_seats_link(tmp_path, monkeypatch):
    from bot.web.activity import Activity
    from bot.web.pages import Pages

    h = await playing_with_computers(tmp_path, monkeypatch)
    try:
        message = table_message(h)
        at_table = button(message, "web")
        # Without the Activity set up (no client secret): the seat's own link, privately.
        [answer] = await h.send(h.click_payload(at_table, ANNA, message))
        data = answer.payload["data"]
        assert answer.payload["type"] == 4 and data["flags"] & 64
        [url] = [b["url"] for row in data["components"] for b in row["components"] if b.get("style") == 5]
        grant = await h.bot.live.verify(url.removeprefix(f"{BASE}/table/").split("?")[0])
        assert grant.seat == 0 and grant.actor == f"u:{ANNA['id']}"
        # Someone who does not sit there gets the spectators' link.
        [answer] = await h.send(h.click_payload(at_table, BEAT, message))
        [url] = [b["url"] for row in answer.payload["data"]["components"] for b in row["components"]]
        assert (await h.bot.live.verify(url.removeprefix(f"{BASE}/table/").split("?")[0])).seat is None
        # With the Activity set up: Discord is asked to launch it (callback LAUNCH_ACTIVITY, 12).
        monkeypatch.setenv("DISCORD_CLIENT_SECRET", "s3cret")
        monkeypatch.setattr(Activity, "script", staticmethod(lambda: b"// built"))
        h.bot.web_activity(Pages(h.bot.site).env)
        assert h.bot.activity_ready
        [answer] = await h.send(h.click_payload(at_table, ANNA, message))
        assert answer.payload["type"] == 12
        # Discord refuses to launch it (Activities not switched on for the application): the link.

        async def refused(self: Any) -> None:
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"),
                                        {"code": 50035, "message": "Invalid Form Body"})  # fmt: skip

        monkeypatch.setattr(discord.InteractionResponse, "launch_activity", refused)
        [answer] = await h.send(h.click_payload(at_table, ANNA, message))
        assert answer.payload["type"] == 4 and answer.payload["data"]["flags"] & 64
        [url] = [b["url"] for row in answer.payload["data"]["components"] for b in row["components"]]
        assert (await h.bot.live.verify(url.removeprefix(f"{BASE}/table/").split("?")[0])).seat == 0
    finally:
        await h.bot.close()
