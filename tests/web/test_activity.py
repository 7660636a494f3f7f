"""The live table as a Discord Activity: the page Discord opens, the OAuth2 code exchanged at the
bot's web server with the client secret (a fake of Discord's token endpoint here), the seat found at
the channel's table; in chromium with the Embedded App SDK's mock standing in for Discord's client."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest
from aiohttp import web

from bot.game import TableSnapshot
from bot.services import ServiceSettings, TableDisplay
from bot.services.hub import Services
from bot.storage import Storage
from bot.web.activity import Activity
from bot.web.live import LiveTables
from bot.web.pages import Pages
from bot.web.server import RateLimit, WebServer

from .browser import REQUIRED, Browser, need_browser
from .live_game import PEOPLE
from .site import healthy, no_metrics

CLIENT_ID = 424242
SECRET = "client-s3cret-never-logged"
CHANNEL = 8800
OTHER_CHANNEL = 9900  # a channel of another server, with a table of its own
INSTANCE = "123456789012345678"  # the SDK mock's instance id
EMPTY_CHANNEL = 8801  # a channel of the same server without a table (the Activity launched there)
BOT_TOKEN = "bot-t0ken-never-logged"


class FakeDiscord:
    """Discord's OAuth2 token endpoint and ``/users/@me``: the SDK mock's code is Anna's."""

    def __init__(self) -> None:
        self.forms: list[dict[str, Any]] = []
        self.runner: web.AppRunner | None = None
        self.root = ""

    async def token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        self.forms.append(form)
        if form.get("client_secret") != SECRET or form.get("code") != "mock_code":
            return web.json_response({"error": "invalid_grant"}, status=400)
        return web.json_response({"access_token": "access-anna", "token_type": "Bearer"})

    async def me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != "Bearer access-anna":
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        return web.json_response({"id": PEOPLE[0].removeprefix("u:"), "username": "anna"})

    async def instance(self, request: web.Request) -> web.Response:
        """Discord's Activity instances: the mock's runs in CHANNEL with Anna in it; "lonely" runs in
        the same channel without her."""
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}":
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        if request.match_info["app"] != str(CLIENT_ID):
            return web.json_response({"message": "Unknown Application"}, status=404)
        anna, bea = PEOPLE[0].removeprefix("u:"), PEOPLE[1].removeprefix("u:")
        users = {INSTANCE: [anna, bea, "999"], "lonely": ["999"], "empty": [anna]}.get(request.match_info["instance"])
        if users is None:
            return web.json_response({"message": "Unknown Activity Instance"}, status=404)
        channel = EMPTY_CHANNEL if request.match_info["instance"] == "empty" else CHANNEL
        location = {"id": f"gc-77-{channel}", "kind": "gc", "channel_id": str(channel), "guild_id": "77"}
        return web.json_response({"application_id": str(CLIENT_ID), "instance_id": request.match_info["instance"],
                                  "launch_id": "1", "location": location, "users": users})  # fmt: skip

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/api/oauth2/token", self.token)
        app.router.add_get("/api/v10/users/@me", self.me)
        app.router.add_get("/api/v10/applications/{app}/activity-instances/{instance}", self.instance)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.root = f"http://127.0.0.1:{self.runner.addresses[0][1]}"

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()


@pytest.fixture(autouse=True)
def on_both_databases() -> None:
    """SQLite only: the Activity adds no storage of its own."""


@pytest.fixture
async def served(tmp_path, monkeypatch):
    if Activity.script() is None:  # the exchange needs no script; only the chromium test does (it says so)
        monkeypatch.setattr(Activity, "script", staticmethod(lambda: b"// the page's script, not built here"))
    discord = FakeDiscord()
    await discord.start()
    storage = await Storage.open(tmp_path / "db.sqlite3")
    services = Services.build(storage, ServiceSettings(ai_seed="activity"), "random")
    pages = Pages(services.site)
    live = LiveTables(services.tables, services.live, pages.env)
    opened: list[tuple[int, int, str, str, str]] = []

    async def open_table(guild: int, channel: int, actor: str, name: str, lang: str) -> TableSnapshot | str:
        """As the Discord layer opens a table for the Activity (cogs/jass.py: open_for_activity)."""
        opened.append((guild, channel, actor, name, lang))
        table = await services.tables.open_table(actor, name, {"preset": "tournament"}, TableDisplay("de", "swiss"),
                                                 guild_id=guild, channel_id=channel)  # fmt: skip
        return await services.tables.table(table.table_id)

    activity = Activity(services.tables, services.live, pages.env, lambda: CLIENT_ID, SECRET,
                        token_url=f"{discord.root}/api/oauth2/token", api_url=f"{discord.root}/api/v10",
                        bot_token=lambda: BOT_TOKEN, open_table=open_table)  # fmt: skip
    server = WebServer(healthy, no_metrics, pages, RateLimit(1000, 1000), live=live, activity=activity)
    await server.start("127.0.0.1", 0)
    table = await services.tables.create_table(PEOPLE[0], {"preset": "tournament", "hands_per_game": 2},
                                               guild_id=77, channel_id=CHANNEL, limits=False)  # fmt: skip
    other = await services.tables.create_table(PEOPLE[1], {"preset": "tournament", "hands_per_game": 2},
                                               guild_id=78, channel_id=OTHER_CHANNEL, limits=False)  # fmt: skip
    yield {"other": other.table_id, "opened": opened,
           "services": services, "server": server, "discord": discord, "activity": activity, "table": table.table_id,
           "root": f"http://127.0.0.1:{server.port}"}  # fmt: skip
    await server.stop()
    await services.close()
    await storage.close()
    await discord.stop()


async def seat_people(services: Services, table_id: str) -> None:
    from bot.game import JoinSeat, StartGame

    for seat, actor in enumerate(PEOPLE):
        await services.tables.execute(table_id, JoinSeat(actor, name=f"P{seat}", seat=seat))
    await services.tables.execute(table_id, StartGame(PEOPLE[0], seed="activity"))


async def test_the_code_is_exchanged_for_the_persons_seat(served, caplog):
    await seat_people(served["services"], served["table"])
    root = served["root"]
    caplog.set_level(logging.DEBUG)
    async with aiohttp.ClientSession() as session:
        asked = {"code": "mock_code", "instance_id": INSTANCE}
        async with session.post(f"{root}/activity/token", json=asked) as answer:
            assert answer.status == 200
            url = (await answer.json())["url"]
        assert url.startswith("/table/") and "?lang=de" in url  # relative: Discord's proxy serves it
        grant = await served["services"].live.verify(url.removeprefix("/table/").split("?")[0])
        assert (grant.seat, grant.actor) == (0, PEOPLE[0])
        form = served["discord"].forms[-1]
        assert form["client_id"] == str(CLIENT_ID) and form["grant_type"] == "authorization_code"
        for body, status in (
            ({"code": "forged", "instance_id": INSTANCE}, 403),  # Discord refuses the code
            ({"code": "mock_code", "instance_id": "unknown"}, 403),  # an instance Discord does not know
            ({"code": "mock_code", "instance_id": "lonely"}, 403),  # an instance Anna is not in
            # Another server's channel named by the page: never taken; the instance's channel is used.
            ({"code": "mock_code", "instance_id": INSTANCE, "channel_id": OTHER_CHANNEL}, 200),
            ({"code": "mock_code"}, 400),
            ({"channel_id": "x"}, 400),
            ({"code": "mock_code", "instance_id": "../../users/@me"}, 400),
        ):
            async with session.post(f"{root}/activity/token", json=body) as answer:
                assert answer.status == status, body
                if status == 200:
                    found = (await answer.json())["url"].removeprefix("/table/").split("?")[0]
                    assert (await served["services"].live.verify(found)).table_id == served["table"]
        # Malformed bodies: 400, never a server error (and no traceback logged).
        for raw in (b'{"code": "a", "instance_id": "1", "channel_id": 1e999}', b"[" * 5000 + b"]" * 5000,
                    b"\xff\xfe", b"[]", b'"code"'):  # fmt: skip
            async with session.post(f"{root}/activity/token", data=raw,
                                    headers={"Content-Type": "application/json"}) as answer:  # fmt: skip
                assert answer.status in (400, 403), raw[:40]
                assert answer.headers["X-Content-Type-Options"] == "nosniff"
        async with session.post(f"{root}/activity/token", data=b"{" + b" " * (2 << 20) + b"}",
                                headers={"Content-Type": "application/json"}) as answer:  # fmt: skip
            assert answer.status == 413 and answer.headers["Referrer-Policy"] == "no-referrer"
        assert not [r for r in caplog.records if r.exc_info]
        async with session.get(f"{root}/activity") as answer:
            page = await answer.text()
            assert answer.status == 200 and f'data-client-id="{CLIENT_ID}"' in page
            assert "frame-ancestors https://discord.com" in answer.headers["Content-Security-Policy"]
            assert "X-Frame-Options" not in answer.headers  # Discord's client frames it
            assert SECRET not in page
    assert SECRET not in caplog.text and BOT_TOKEN not in caplog.text  # the secrets are never logged


async def test_the_answer_says_who_of_the_instance_sits_where(served):
    await seat_people(served["services"], served["table"])
    asked = {"code": "mock_code", "instance_id": INSTANCE}
    url = f"{served['root']}/activity/token"
    async with aiohttp.ClientSession() as session, session.post(url, json=asked) as answer:
        found = await answer.json()
    # Anna and Bea are in the instance and sit at the table; "999" is in it and sits nowhere
    assert found["seats"] == {PEOPLE[0].removeprefix("u:"): 0, PEOPLE[1].removeprefix("u:"): 1}


async def test_a_channel_without_a_table_is_offered_one(served):
    """The Activity launched from its Entry Point command where there is no table: it offers to open
    one; the offer (signed) opens it in the instance's channel, once, with the person seated."""
    root, services = served["root"], served["services"]
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{root}/activity/token", json={"code": "mock_code", "instance_id": "empty"}) as answer:
            assert answer.status == 404
            found = await answer.json()
        offer = found["offer"]
        assert found["open"] == "Tisch hier eröffnen" and "keinen Tisch" in found["text"]
        assert (offer["guild"], offer["channel"], offer["name"]) == (77, EMPTY_CHANNEL, "anna")
        assert not served["opened"]  # nothing opened before it is asked for
        # a changed offer, a made-up seal, an offer of another shape: refused, nothing opened
        for bad, status in (({**offer, "channel": OTHER_CHANNEL}, 403), ({**offer, "seal": "0" * 32}, 403),
                            ({**offer, "user": 7}, 400), ({"offer": 1}, 400), ([], 400)):  # fmt: skip
            async with session.post(f"{root}/activity/open", json={"offer": bad}) as answer:
                assert answer.status == status, bad
        expired = {k: v for k, v in offer.items() if k != "seal"} | {"expires": 1}
        sealed = {**expired, "seal": await services.live.seal(json.dumps(expired, sort_keys=True))}
        async with session.post(f"{root}/activity/open", json={"offer": sealed}) as answer:
            assert answer.status == 403  # an old offer
        assert not served["opened"]
        for _ in range(2):  # taken twice (a double click): one table
            async with session.post(f"{root}/activity/open", json={"offer": offer, "lang": "en"}) as answer:
                assert answer.status == 200
                taken = await answer.json()
            grant = await services.live.verify(taken["url"].removeprefix("/table/").split("?")[0])
            assert (grant.seat, grant.actor) == (0, PEOPLE[0]) and "?lang=en" in taken["url"]
        assert served["opened"] == [(77, EMPTY_CHANNEL, PEOPLE[0], "anna", "en")]
        table, _ = await services.tables.table_in_channel(EMPTY_CHANNEL, PEOPLE[0])
        assert table is not None and table.table_id == grant.table_id


async def test_without_a_client_secret_the_activity_is_off(served):
    off = Activity(served["services"].tables, served["services"].live, served["activity"].env, lambda: CLIENT_ID, None)
    assert not off.ready and "DISCORD_CLIENT_SECRET" in (off.why_off() or "")
    assert served["activity"].why_off() is None


async def test_without_its_script_the_activity_says_why_it_is_off(served, monkeypatch):
    monkeypatch.setattr(Activity, "script", staticmethod(lambda: None))
    assert not served["activity"].ready and "not built" in (served["activity"].why_off() or "")
    async with aiohttp.ClientSession() as session, session.get(f"{served['root']}/activity") as answer:
        assert answer.status == 503


def need_script() -> None:
    """Chromium, and the Activity's script built (make builds it with npm)."""
    need_browser()
    if Activity.script() is None or Activity.script().startswith(b"// the page's script, not built"):
        message = "the Activity's script is not built: make builds it (npm)"
        if REQUIRED:
            raise AssertionError(message)
        pytest.skip(message)


async def test_the_activity_in_chromium_with_the_sdks_mock(served):
    need_script()
    await seat_people(served["services"], served["table"])
    browser = await Browser.start()
    try:
        await browser.open(f"{served['root']}/activity?mock=1&guild_id=77&channel_id={CHANNEL}")
        for _ in range(200):
            if "/table/" in await browser.call(lambda: browser.driver.current_url):
                break
            await asyncio.sleep(0.05)
        assert "/table/" in await browser.call(lambda: browser.driver.current_url)
        for _ in range(200):
            if await browser.call(browser.driver.find_elements, "css selector", "#hand button.card"):
                break
            await asyncio.sleep(0.05)
        cards = await browser.call(browser.driver.find_elements, "css selector", "#hand button.card")
        assert len(cards) == 9  # Anna's own hand, through the Activity's sign-in
    finally:
        await browser.close()


async def test_the_activity_shows_who_sits_where_and_offers_a_table_in_chromium(served):
    """The Activity's people on the table's page (their names; a seated one's Discord picture through
    the URL mapping); launched in a channel without a table, the page offers one and opens it."""
    need_script()
    await seat_people(served["services"], served["table"])
    anna, bea = PEOPLE[0].removeprefix("u:"), PEOPLE[1].removeprefix("u:")
    people = [{"id": anna, "username": "anna", "global_name": "Anna", "avatar": "a1b2c3", "discriminator": "0"},
              {"id": bea, "username": "bea", "global_name": None, "avatar": None, "discriminator": "0"},
              {"id": "999", "username": "zoe", "global_name": "Zoé", "avatar": None, "discriminator": "0"}]  # fmt: skip
    browser = await Browser.start()
    try:
        query = urlencode({"mock": 1, "guild_id": 77, "channel_id": CHANNEL, "participants": json.dumps(people)})
        await browser.open(f"{served['root']}/activity?{query}")
        await wait_until(browser, "return !document.getElementById('people').hidden")
        people_script = "return [...document.querySelectorAll('#people li')].map(li => li.textContent)"
        listed = await browser.call(browser.driver.execute_script, people_script)
        assert listed == ["Anna · Platz 1", "bea · Platz 2", "Zoé · schaut zu"]
        # Anna's seat shows her Discord picture's address (Discord's proxy serves it; here it is missing,
        # and the seat falls back to her initials)
        await wait_until(browser, "return document.querySelectorAll('#seats .seat').length === 4")
        asked = ("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
                 ".filter(p => p.startsWith('/discord-cdn/'))")  # fmt: skip
        await wait_until(browser, asked.replace("return ", "return ") + ".length > 0")
        assert await browser.call(browser.driver.execute_script, asked) == [f"/discord-cdn/avatars/{anna}/a1b2c3.png"]
        initials = "return [...document.querySelectorAll('#seats .avatar')].map(a => a.textContent)"
        await wait_until(browser, "return document.querySelectorAll('#seats img.avatar').length === 0")
        assert (await browser.call(browser.driver.execute_script, initials))[:2] == ["P", "P"]  # its fallback
        # The Activity launched in a channel without a table: offered, opened, seated.
        query = urlencode({"mock": 1, "guild_id": 77, "channel_id": EMPTY_CHANNEL, "instance": "empty"})
        await browser.open(f"{served['root']}/activity?{query}")
        await wait_until(browser, "return document.getElementById('open-table') !== null")
        assert "keinen Tisch" in await browser.text()
        button = await browser.call(browser.driver.find_element, "id", "open-table")
        await browser.call(button.click)
        await wait_until(browser, "return location.pathname.startsWith('/table/')")
        await wait_until(browser, "return document.getElementById('table').dataset.phase === 'lobby'")
        assert served["opened"] == [(77, EMPTY_CHANNEL, PEOPLE[0], "anna", "de")]
    finally:
        await browser.close()


async def wait_until(browser: Browser, script: str, seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.05)):
        try:
            if await browser.call(browser.driver.execute_script, script):
                return
        except Exception:  # the page is being replaced
            pass
        await asyncio.sleep(0.05)
    raise AssertionError(f"the page never got there: {script}")
