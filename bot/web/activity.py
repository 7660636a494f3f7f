"""The live table as a Discord Activity (issue 55): the page Discord opens inside its client, and
the exchange of the person's OAuth2 code for their seat at the channel's table.

Discord serves the Activity through its proxy from the bot's web server (the application's URL
mapping ``/`` -> ``web.base_url``): ``GET /activity`` is the page (``static/activity.js``, built
from ``bot/web/client/src/activity.ts`` with the Embedded App SDK at ``make`` time). The SDK asks the person to
authorize the application and hands the page a code; ``POST /activity/token`` exchanges it at
Discord's token endpoint with the application's client secret (``DISCORD_CLIENT_SECRET``, from the
environment only, never logged, never sent to a page), reads who the person is, and answers with
the relative address of their seat at the channel's table (a spectator's, if they sit nowhere).

The channel is never taken from the page: the page names the Activity's instance (the SDK's
``instanceId``), and Discord (``GET /applications/<id>/activity-instances/<instance>``, with the
bot's token) says in which channel that instance runs and who is in it. A person who is not in the
instance, or an instance Discord does not know, is refused.

The answer also says which of the instance's people sit where (the page shows it with their
Discord names and pictures). Where the channel has no table (the Activity launched from its Entry
Point command), the answer offers to open one: a ticket, signed with the bot's key, that names the
server, the channel and the person; ``POST /activity/open`` with it opens the table there (its
message posted in the channel, as ``/jass new`` does) and answers with the person's seat.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

import aiohttp
from aiohttp import web
from jinja2 import Environment

from bot.game import TableSnapshot
from bot.services.live import LiveLinks
from bot.services.tables import TableService

from .pages import LANGUAGES, text

log = logging.getLogger(__name__)

TOKEN_URL = "https://discord.com/api/oauth2/token"
API_URL = "https://discord.com/api/v10"
#: Discord's client runs the Activity in a frame of its own hosts.
FRAMES = "https://discord.com https://*.discord.com https://*.discordsays.com"
ACTIVITY_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
                f"base-uri 'none'; form-action 'none'; frame-ancestors {FRAMES}")  # fmt: skip


#: How long an offer to open a table stays good (seconds).
OFFER_TTL = 600
#: Opens a table in a channel for a person: (server, channel, person, name, language) -> the table,
#: or the text of why not (the Discord layer does it: its message is posted in the channel).
OpenTable = Callable[[int, int, str, str, str], Awaitable["TableSnapshot | str"]]

#: What an Activity instance id may look like (Discord's are digits; the SDK's mock too).
_INSTANCE = re.compile(r"[0-9A-Za-z_-]{1,64}")


class Activity:
    """``/activity`` and ``/activity/token``."""

    def __init__(self, tables: TableService, links: LiveLinks, env: Environment, client_id: Callable[[], int | None],
                 client_secret: str | None, token_url: str = TOKEN_URL, api_url: str = API_URL,
                 bot_token: Callable[[], str | None] = lambda: None,
                 open_table: OpenTable | None = None) -> None:  # fmt: skip
        self.tables = tables
        self.open_table = open_table
        self._bot_token = bot_token
        self.links = links
        self.env = env
        self.client_id = client_id
        self._secret = client_secret
        self.token_url = token_url
        self.api_url = api_url.rstrip("/")

    @property
    def ready(self) -> bool:
        """The page can authorize people: a client secret, and a script built."""
        return bool(self._secret) and self.script() is not None

    def why_off(self) -> str | None:
        """Why the Activity is off (None: it is on), for the log line at start."""
        if not self._secret:
            return "DISCORD_CLIENT_SECRET is not set"
        if self.script() is None:
            return "its page script is not built (make builds it with npm; npm was missing or failed)"
        return None

    @staticmethod
    def script() -> bytes | None:
        path = resources.files("bot.web").joinpath("static/activity.js")
        return path.read_bytes() if path.is_file() else None

    def routes(self, app: web.Application) -> None:
        app.router.add_get("/activity", self.page)
        app.router.add_get("/static/activity.js", self.bundle)
        app.router.add_post("/activity/token", self.exchange)
        app.router.add_post("/activity/open", self.open)

    async def bundle(self, request: web.Request) -> web.Response:
        script = self.script()
        if script is None:
            raise web.HTTPNotFound()
        return web.Response(body=script, content_type="text/javascript", headers={"Cache-Control": "no-cache"})

    async def page(self, request: web.Request) -> web.Response:
        lang = request.query.get("lang", "de")
        lang = lang if lang in LANGUAGES else "de"
        t = text(lang)
        if not self.ready or self.client_id() is None:
            return web.Response(status=503, text=t("activity.off") + "\n")
        body = self.env.get_template("activity.html").render(t=t, lang=lang, client_id=self.client_id())
        return web.Response(text=body, content_type="text/html",
                            headers={"Content-Security-Policy": ACTIVITY_CSP, "Cache-Control": "no-store"})  # fmt: skip

    async def exchange(self, request: web.Request) -> web.Response:
        """The person's code -> who they are -> the instance's channel (Discord says which, and that
        the person is in it) -> the address of their seat at the channel's table."""
        try:
            asked: Any = await request.json()
        except (ValueError, RecursionError, UnicodeDecodeError):
            asked = None
        code = asked.get("code") if isinstance(asked, dict) else None
        instance = asked.get("instance_id") if isinstance(asked, dict) else None
        if not isinstance(code, str) or not isinstance(instance, str) or not _INSTANCE.fullmatch(instance):
            return web.json_response({"text": "bad request"}, status=400)
        lang = asked.get("lang") if asked.get("lang") in LANGUAGES else "de"
        t = text(str(lang))
        if not self.ready or self.client_id() is None:
            return web.json_response({"text": t("activity.off")}, status=503)
        person = await self._user(code[:200])
        if person is None:
            return web.json_response({"text": t("activity.refused")}, status=403)
        user, name = person
        place = await self._instance(instance, user)
        if place is None:
            return web.json_response({"text": t("activity.refused")}, status=403)
        guild, channel, users = place
        actor = f"u:{user}"
        table, _ = await self.tables.table_in_channel(channel, actor)
        if table is None:
            if self.open_table is None or guild is None:
                return web.json_response({"text": t("activity.no_table")}, status=404)
            ticket = {"guild": guild, "channel": channel, "user": user, "name": name[:32],
                      "expires": int(time.time()) + OFFER_TTL}  # fmt: skip
            signed = {**ticket, "seal": await self.links.seal(json.dumps(ticket, sort_keys=True))}
            return web.json_response({"text": t("activity.no_table_offer"), "offer": signed,
                                      "open": t("activity.open")}, status=404)  # fmt: skip
        return web.json_response(await self._seat_answer(table, actor, users, str(lang)))

    async def _seat_answer(self, table: TableSnapshot, actor: str, users: set[str], lang: str) -> dict[str, Any]:
        """The person's seat link, and where the instance's people sit (by their Discord ids)."""
        seat = table.seat_of(actor)
        token = await self.links.token(table.table_id, seat, actor if seat is not None else "")
        seats = {u: s for u in sorted(users) if (s := table.seat_of(f"u:{u}")) is not None}
        return {"url": f"/table/{token}?lang={lang}", "seats": seats}

    async def open(self, request: web.Request) -> web.Response:
        """The offer taken: a table opened in the instance's channel, the person seated at it."""
        try:
            asked: Any = await request.json()
        except (ValueError, RecursionError, UnicodeDecodeError):
            asked = None
        offer = asked.get("offer") if isinstance(asked, dict) else None
        lang = asked.get("lang") if isinstance(asked, dict) and asked.get("lang") in LANGUAGES else "de"
        t = text(str(lang))
        fields = {"guild": int, "channel": int, "user": str, "name": str, "expires": int, "seal": str}
        if not isinstance(offer, dict) or set(offer) != set(fields) or \
                not all(type(offer[k]) is kind for k, kind in fields.items()):  # fmt: skip
            return web.json_response({"text": "bad request"}, status=400)
        ticket = {k: v for k, v in offer.items() if k != "seal"}
        if not await self.links.sealed(json.dumps(ticket, sort_keys=True), offer["seal"][:64]):
            return web.json_response({"text": t("activity.refused")}, status=403)
        if offer["expires"] < time.time() or self.open_table is None:
            return web.json_response({"text": t("activity.refused")}, status=403)
        actor = f"u:{offer['user']}"
        table, _ = await self.tables.table_in_channel(offer["channel"], actor)
        if table is None:  # nobody opened one meanwhile
            opened = await self.open_table(offer["guild"], offer["channel"], actor, offer["name"], str(lang))
            if isinstance(opened, str):
                return web.json_response({"text": opened}, status=409)
            table = opened
        return web.json_response(await self._seat_answer(table, actor, {offer["user"]}, str(lang)))

    async def _instance(self, instance: str, user: str) -> tuple[int | None, int, set[str]] | None:
        """The server and channel the Activity's ``instance`` runs in, and who is in it, as Discord
        says, if ``user`` is in it."""
        token = self._bot_token()
        if not token:
            log.warning("activity: no bot token to ask Discord about an Activity instance")
            return None
        url = f"{self.api_url}/applications/{self.client_id()}/activity-instances/{instance}"
        try:
            async with (
                aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session,
                session.get(url, headers={"Authorization": f"Bot {token}"}) as answer,
            ):
                if answer.status != 200:
                    log.info("activity: Discord does not know the instance (HTTP %s)", answer.status)
                    return None
                found = await answer.json()
            users = {str(u) for u in found.get("users", ())}
            channel = int(str(found["location"]["channel_id"]))
            guild_id = found["location"].get("guild_id")
            guild = int(str(guild_id)) if guild_id is not None else None
        except (aiohttp.ClientError, TimeoutError, KeyError, TypeError, ValueError, AttributeError) as err:
            log.warning("activity: the instance could not be read: %s", type(err).__name__)
            return None
        return (guild, channel, users) if user in users else None

    async def _user(self, code: str) -> tuple[str, str] | None:
        """The Discord user id and name behind an authorization code (None: Discord refused it)."""
        form = {"client_id": str(self.client_id()), "client_secret": self._secret or "",
                "grant_type": "authorization_code", "code": code}  # fmt: skip
        timeout = aiohttp.ClientTimeout(total=10)
        try:
            async with aiohttp.ClientSession(timeout=timeout) as session:
                async with session.post(self.token_url, data=form) as answer:
                    if answer.status != 200:
                        log.info("activity: Discord refused an authorization code (HTTP %s)", answer.status)
                        return None
                    access = (await answer.json())["access_token"]
                headers = {"Authorization": f"Bearer {access}"}
                async with session.get(f"{self.api_url}/users/@me", headers=headers) as answer:
                    if answer.status != 200:
                        log.info("activity: Discord did not say who the person is (HTTP %s)", answer.status)
                        return None
                    me = await answer.json()
                    name = me.get("global_name") or me.get("username") or "?"
                    return str(me["id"]), str(name)
        except (aiohttp.ClientError, TimeoutError, KeyError, ValueError) as err:
            log.warning("activity: the code exchange failed: %s", type(err).__name__)
            return None
