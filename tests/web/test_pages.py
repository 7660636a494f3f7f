"""The servers' public pages over HTTP, on SQLite and PostgreSQL: off until switched on, a random
slug, every page of a server filled by real games of all four kinds and a tournament, nobody who
chose privacy or was forgotten on any of them, replays that show no card before it is played,
ETags, and no script."""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

import aiohttp

from bot.game.events import hand_indexes
from bot.rules import Card
from bot.services.replays import step_indexes
from bot.services.web import person_key

from .site import GUILD, cards_shown, get, links, serve, text_of

STEP = re.compile(r"/g/([0-9a-f]+)/(\d+)/(\d+)/(\d+)$")


async def test_pages_are_off_until_switched_on_and_the_slug_is_random(tmp_path, backend):
    served = await serve(tmp_path / "db.sqlite3", games=None, on=False)
    try:
        async with aiohttp.ClientSession() as session:
            status, body, _ = await get(session, served.home)
            assert status == 404 and "no such page" in body  # web:off
            for path in ("/s/unknown-slug-0000/", "/s/x/", f"/s/{GUILD}/", "/s/../etc/passwd"):
                assert (await get(session, served.root + path))[0] == 404
            on = await served.services.site.switch(GUILD, True)
            assert on.slug == served.site.slug and len(on.slug) >= 16 and str(GUILD) not in on.slug
            status, body, _headers = await get(session, served.home)
            assert status == 200 and "Jass" in body
            # A second server, and the same server id in another database: other slugs and secrets.
            other = await served.services.site.switch(GUILD + 1, True)
            assert other.slug != on.slug and other.secret != on.secret
            again = await serve(tmp_path / "other.sqlite3", games=None)
            try:
                assert again.site.slug != on.slug and again.site.secret != on.secret
            finally:
                await again.close()
            assert person_key(on.secret, "u:1000") != person_key(other.secret, "u:1000")
            await served.services.site.switch(GUILD, False)
            assert (await get(session, served.home))[0] == 404
            assert (await get(session, served.home + "leaderboard/schieber"))[0] == 404
    finally:
        await served.close()


async def test_every_page_of_a_filled_server(tmp_path, backend):
    served = await serve(tmp_path / "db.sqlite3", games={"schieber": 4, "coiffeur": 1, "differenzler": 2,
                                                          "molotow": 2})  # fmt: skip
    filled = served.filled
    assert filled is not None and filled.private and filled.forgotten
    hidden_name, forgotten_name = filled.people[filled.private], filled.forgotten_name
    try:
        async with aiohttp.ClientSession() as session:
            seen: dict[str, str] = {}
            todo = [served.home]
            while todo:
                url = todo.pop()
                path = urlsplit(url).path
                if url in seen or not path.startswith(f"/s/{served.site.slug}/"):
                    continue
                if "lang=" in url and path != f"/s/{served.site.slug}/":  # the other language: its front page
                    continue
                step = STEP.search(path)
                if step and int(step[4]) > 1:  # every hand's first steps; whole hands below
                    continue
                status, body, headers = await get(session, url)
                assert status == 200, url
                seen[url] = body
                assert headers["Content-Security-Policy"].startswith("default-src 'none'"), url
                assert "unsafe" not in headers["Content-Security-Policy"] and "<script" not in body.lower()
                assert headers["ETag"] and headers["X-Content-Type-Options"] == "nosniff"
                text = text_of(body)
                assert hidden_name not in text and forgotten_name not in text, url
                assert "u:10" not in body and "anon:" not in body, url
                # the server's id as a number of its own (a random table id may hold its digits)
                assert not re.search(rf"(?<![0-9a-zA-Z]){GUILD}(?![0-9a-zA-Z])", body), url
                todo += links(url, body)
            kinds = {k for k in ("schieber", "coiffeur", "differenzler", "molotow")}
            paths = {urlsplit(u).path for u in seen}
            pages = Counter(p.split("/")[3] for p in paths if p.count("/") > 3)
            assert pages["leaderboard"] >= len(kinds) and pages["t"] == 1 and pages["p"] >= 5, pages
            played = {tid for tids in filled.tables.values() for tid in tids}
            games = {urlsplit(u).path.split("/")[4] for u in seen if "/g/" in u}
            assert played <= games  # every game of every kind is reachable, tournament tables too
            # A game's page says each hand's trump and what was written, in every kind.
            hand_row = re.compile(r'<tr><td class="num">(\d+)</td><td>(.*?)</td><td class="num">(.*?)</td>')
            for kind in ("schieber", "coiffeur", "differenzler", "molotow"):
                for tid in filled.tables[kind]:
                    body = next(b for u, b in seen.items() if re.search(f"/g/{tid}/\\d+$", urlsplit(u).path))
                    rows = hand_row.findall(body)
                    assert rows and all(contract.strip() and written.strip() for _, contract, written in rows), kind
            # The front page's recent games name the game each result belongs to.
            front = text_of(seen[served.home])
            assert "Differenzler" in front.split("Letzte Partien")[1] and "Molotow" in front.split("Letzte Partien")[1]
            # the hidden person's page is not there, even for someone who knows the key
            key = person_key(served.site.secret, filled.private)
            assert (await get(session, served.home + f"p/{key}"))[0] == 404
            assert (await get(session, served.home + f"p/{person_key(served.site.secret, filled.forgotten)}"))[0] == 404
            # an ETag answered again: 304, no body
            status, _, headers = await get(session, served.home)
            again, body, _ = await get(session, served.home, **{"If-None-Match": headers["ETag"]})
            assert again == 304 and body == ""
            # a language asked for by the address
            status, body, _ = await get(session, served.home + "?lang=en")
            assert status == 200 and "Recent games" in body and "Letzte Partien" not in body
            for bad in ("leaderboard/nonsense", "leaderboard/schieber?season=99", "t/tnope", "p/0123456789abcdef",
                        "g/nope/1", f"g/{next(iter(played))}/9", f"g/{next(iter(played))}/1/99/0",
                        f"g/{next(iter(played))}/1/1/999"):  # fmt: skip
                assert (await get(session, served.home + bad))[0] == 404, bad
    finally:
        await served.close()


async def test_a_replay_shows_each_card_once_it_is_played_and_none_before(tmp_path, backend):
    served = await serve(tmp_path / "db.sqlite3", games={"schieber": 1, "coiffeur": 0, "differenzler": 1,
                                                          "molotow": 1}, tournament=False)  # fmt: skip
    assert served.filled is not None
    try:
        async with aiohttp.ClientSession() as session:
            for kind, tables in served.filled.tables.items():
                table_id = tables[0]
                events = await served.services.tables.events(table_id)
                indexes = step_indexes(events, 1, 1)
                assert hand_indexes(events, 1, 1)
                url = served.home + f"g/{table_id}/1/1/0"
                for step, i in enumerate(indexes):
                    status, body, _ = await get(session, url)
                    assert status == 200, url
                    played = [int(Card.parse(ev["card"]).index) for ev in events[: i + 1]
                              if ev["type"] == "card" and events.index(ev) >= indexes[0]]  # fmt: skip
                    shown = cards_shown(body)
                    assert set(shown) == set(played), (kind, step)  # every card played, no other
                    following = [u for u in links(url, body) if u.endswith(f"/1/1/{step + 1}")]
                    if step < len(indexes) - 1:
                        url = following[0]
                    else:
                        assert not following
    finally:
        await served.close()


async def test_a_running_tournament_is_live_and_its_open_tables_say_so(tmp_path, backend):
    served = await serve(tmp_path / "db.sqlite3", games={}, tournament=False)
    services = served.services
    try:
        t = await services.tournaments.create("u:1", "Winterturnier", 2, 2, guild_id=GUILD, level="random")
        for i in range(8):
            await services.tournaments.join(t.tournament_id, f"u:{2000 + i}", f"Spieler {i}")
        async with aiohttp.ClientSession() as session:
            status, body, _ = await get(session, served.home + f"t/{t.tournament_id}")
            assert status == 200 and "Anmeldung" in body
            await services.tournaments.start(t.tournament_id, "u:1")
            status, body, _ = await get(session, served.home + f"t/{t.tournament_id}")
            assert status == 200 and "läuft" in text_of(body) and text_of(body).count("noch offen") == 2
            assert "Spieler 3" in text_of(body)
    finally:
        await served.close()
