"""The real discord.py code path with no network (docs/architecture.md §8).

Gateway payloads go in through ``ConnectionState.parsers["INTERACTION_CREATE"]``, as the
gateway reader would send them; every REST call is caught by replacing
``HTTPClient.request`` and ``AsyncWebhookAdapter.request`` with :class:`DiscordSide`, which
records it and answers as Discord would (including the 3 s deadline of an interaction).

With ``limits`` (``tests/discord/ratelimits.py``) the fake sits one layer lower, as the aiohttp
session: discord.py's own request methods, with their rate-limit handling, run, and Discord's
limits are enforced (429 with ``retry_after``). Without, every request is answered at once (quick).
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, ClassVar

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from .ratelimits import CURRENT, FakeSession, Limits

BOT_USER = {
    "id": "1000",
    "username": "jassbot",
    "discriminator": "0",
    "global_name": "Jass",
    "avatar": None,
    "bot": True,
}
APP_ID = "2000"
GUILD_ID = "3000"
CHANNEL_ID = "4000"
APPLICATION = {
    "id": APP_ID,
    "name": "Jass",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": BOT_USER,
    "verify_key": "00",
    "flags": 0,
    "summary": "",
}


@dataclass
class Call:
    method: str
    path: str
    payload: Any
    interaction_id: int | None = None
    elapsed: float | None = None  # seconds since the interaction arrived (callbacks)
    state: Any = None  # what the test's observer saw when the call was made
    files: list[bytes] = field(default_factory=list)  # files attached (pictures)
    channel: str | None = None  # the channel of the interaction whose token made the call

    @property
    def public_post(self) -> bool:
        """A new message in a channel: a post with the bot token, or a public follow-up."""
        if self.method != "POST" or not isinstance(self.payload, dict):
            return False
        if re.fullmatch(r".*/channels/\d+/messages", self.path):
            return True
        followup = self.interaction_id is not None and re.fullmatch(r".*/webhooks/\d+/token-\d+(\?.*)?", self.path)
        return bool(followup) and not (self.payload.get("flags", 0) & 64)


@dataclass
class DiscordSide:
    calls: list[Call] = field(default_factory=list)
    arrived: dict[int, float] = field(default_factory=dict)
    answered: dict[int, asyncio.Event] = field(default_factory=dict)
    ids: itertools.count = field(default_factory=lambda: itertools.count(900_000))
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)  # channel messages, as last edited
    observer: Any = None  # called at every REST call; its result is kept with the call
    clicked: dict[int, tuple[int, bool]] = field(default_factory=dict)  # interaction -> (user id, ephemeral?)
    by_interaction: dict[int, list[Call]] = field(default_factory=dict)
    private: set[int] = field(default_factory=set)  # interactions whose response is an ephemeral message
    original_edits: int = 0  # edits of an interaction's response through its token (hand messages)
    uploads: list[tuple[float, str, str]] = field(default_factory=list)  # files sent: (when, method, url)
    record: bool = True  # keep every call (the audit); benchmarks switch it off to keep memory flat
    app_emojis: dict[int, dict[str, Any]] = field(default_factory=dict)  # the application's emojis, by id
    emoji_uploads: int = 0
    emoji_room: int = 2000  # Discord's limit of emojis per application; 0: every upload is refused
    emoji_refusal: tuple[int, int, str] | None = None  # (status, code, message) for every emoji call
    threads: dict[int, dict[str, Any]] = field(default_factory=dict)  # threads opened, by id
    threads_allowed: bool = True  # False: Discord answers 403 Missing Permissions
    thread_members: dict[int, set[int]] = field(default_factory=dict)  # members added to a thread
    deleted: set[int] = field(default_factory=set)  # channels deleted: Discord answers 404 Unknown Channel
    channel_of: dict[int, str] = field(default_factory=dict)  # interaction -> the channel it came from
    followups: int = 0  # public follow-ups (messages in the channel through an interaction's token)
    listener: Any = None  # listener(call) for every call answered (benchmarks measure with it)
    forbidden_channels: set[int] = field(default_factory=set)  # the bot may not write there: 403
    failing_edits: list[int] = field(default_factory=list)  # statuses for the next message edits (e.g. 500)
    synced: list[Any] = field(default_factory=list)  # each bulk update of the commands, as sent
    # the application has an Entry Point command (its Activity is on): as Discord does, a bulk update of
    # the global commands that leaves it out is refused (HTTP 400, code 50240)
    entry_point_required: bool = False

    async def http_request(self, route, *, files=None, form=None, **kwargs) -> Any:
        payload = kwargs.get("json")
        uploads: list[bytes] = []
        if payload is None and (form or kwargs.get("form")):
            for part in form or kwargs["form"]:  # a multipart body: its JSON part and its files
                if part.get("name") == "payload_json":
                    payload = json.loads(part["value"])
                elif str(part.get("name", "")).startswith("files["):
                    value = part["value"]
                    uploads.append(value.getvalue() if hasattr(value, "getvalue") else bytes(value))
        if uploads:
            self.uploads.append((time.monotonic(), route.method, route.url))
        refuse_duplicate_ids(payload)
        if self.record or self.listener:
            state = self.observer() if self.observer else None
            call = Call(route.method, route.url, payload, state=state, files=uploads,
                        channel=str(getattr(route, "channel_id", "") or "") or None)  # fmt: skip
            if self.record:
                self.calls.append(call)
            if self.listener:
                self.listener(call)
        channel = getattr(route, "channel_id", None)
        message_route = route.path.startswith("/channels/{channel_id}/messages")
        if channel is not None and message_route and int(channel) in self.forbidden_channels:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})  # fmt: skip
        if message_route and route.method == "PATCH" and self.failing_edits:
            status = self.failing_edits.pop(0)
            raise discord.DiscordServerError(SimpleNamespace(status=status, reason="Server Error"),
                                             {"code": 0, "message": "Internal Server Error"})  # fmt: skip
        if channel is not None and int(channel) in self.deleted:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"),
                                   {"code": 10003, "message": "Unknown Channel"})  # fmt: skip
        if route.path == "/users/@me":
            return BOT_USER
        if route.path == "/channels/{channel_id}/thread-members/{user_id}" and route.method == "PUT":
            self.thread_members.setdefault(int(route.channel_id), set()).add(int(route.url.rsplit("/", 1)[1]))
            return None
        if route.path == "/channels/{channel_id}" and route.method == "DELETE":
            self.threads.pop(int(route.channel_id), None)
            return {}
        if route.path == "/channels/{channel_id}" and route.method == "PATCH" and int(route.channel_id) in self.threads:
            thread = self.threads[int(route.channel_id)]
            metadata = {k: v for k, v in (payload or {}).items() if k in ("archived", "locked")}
            thread["thread_metadata"] = {**thread.get("thread_metadata", {}), **metadata}
            return thread
        if route.path == "/oauth2/applications/@me":
            return APPLICATION
        if route.path == "/channels/{channel_id}/threads" and route.method == "POST":
            if not self.threads_allowed:
                raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                        {"code": 50013, "message": "Missing Permissions"})  # fmt: skip
            thread_id = next(self.ids)
            parent = int(route.url.split("/channels/")[1].split("/")[0])
            metadata = {"archived": False, "auto_archive_duration": 1440, "locked": False,
                        "archive_timestamp": "2025-01-01T00:00:00+00:00"}  # fmt: skip
            kind = (payload or {}).get("type", 11)  # 11: public, 12: private
            thread = {"id": str(thread_id), "type": kind, "guild_id": GUILD_ID, "parent_id": str(parent),
                      "name": (payload or {}).get("name", ""), "owner_id": BOT_USER["id"], "message_count": 0,
                      "member_count": 0, "rate_limit_per_user": 0, "thread_metadata": metadata}  # fmt: skip
            self.threads[thread_id] = thread
            return thread
        if route.path.startswith("/applications/{application_id}/emojis"):
            return self._emojis(route, payload)
        if route.method == "PUT" and route.path.endswith("/commands"):
            self.synced.append(payload)
            if self.entry_point_required and not any(cmd.get("type") == 4 for cmd in payload or []):
                raise discord.HTTPException(
                    SimpleNamespace(status=400, reason="Bad Request"),
                    {"code": 50240, "message": "You cannot remove this app's Primary Entry Point command in a bulk "
                     "update operation. Please include the Primary Entry Point command in your update request."},
                )  # fmt: skip
            return [
                {**cmd, "id": str(next(self.ids)), "application_id": APP_ID, "version": "1"} for cmd in payload or []
            ]
        if route.path == "/channels/{channel_id}/messages" and route.method == "POST":
            message = message_payload(next(self.ids), payload or {}, channel_id=route.channel_id)
            if self.record:
                self.messages[int(message["id"])] = message
            return message
        if route.path == "/channels/{channel_id}/messages/{message_id}" and route.method == "PATCH":
            mid = int(route.url.rsplit("/", 1)[1])
            message = message_payload(mid, payload or {}, channel_id=route.channel_id)
            if self.record:
                self.messages[mid] = message
            return message
        return {}

    def _emojis(self, route, payload: Any) -> Any:
        """The application-emoji endpoints as Discord answers them (list, create, delete)."""
        if self.emoji_refusal is not None:
            status, code, text = self.emoji_refusal
            raise discord.HTTPException(SimpleNamespace(status=status, reason=text), {"code": code, "message": text})
        if route.method == "GET":
            return {"items": list(self.app_emojis.values())}
        if route.method == "POST":
            name, image = payload["name"], payload["image"]
            problem = None
            if not re.fullmatch(r"[A-Za-z0-9_]{2,32}", name) or not image.startswith("data:image/png;base64,"):
                problem = (50035, "Invalid Form Body")
            elif len(base64.b64decode(image.split(",", 1)[1])) > 256 * 1024:
                problem = (50045, "File uploaded exceeds the maximum size")
            elif len(self.app_emojis) >= self.emoji_room or any(e["name"] == name for e in self.app_emojis.values()):
                problem = (30018, "Maximum number of emojis reached")
            if problem is not None:
                code, text = problem
                raise discord.HTTPException(
                    SimpleNamespace(status=400, reason="Bad Request"), {"code": code, "message": text}
                )
            emoji_id = next(self.ids)
            emoji = {"id": str(emoji_id), "name": name, "roles": [], "require_colons": True, "managed": False,
                     "animated": False, "available": True, "user": BOT_USER}  # fmt: skip
            self.app_emojis[emoji_id] = emoji
            self.emoji_uploads += 1
            return emoji
        if route.method == "DELETE":
            self.app_emojis.pop(int(route.url.rsplit("/", 1)[1]), None)
            return None
        return {}

    async def webhook_request(
        self,
        route,
        session=None,
        *,
        payload=None,
        multipart=None,
        files=None,
        reason=None,
        auth_token=None,
        params=None,
        proxy=None,
        proxy_auth=None,
    ) -> Any:
        interaction_id = int(route.webhook_id) if route.webhook_id else None
        token = getattr(route, "webhook_token", None) or ""
        original = route.url.split("?")[0].endswith("/messages/@original")
        if token.startswith("token-"):
            interaction_id = int(token.split("-", 1)[1])  # an edit or follow-up of an interaction, by its token
        elapsed = None
        if interaction_id in self.arrived:
            elapsed = time.monotonic() - self.arrived[interaction_id]
        state = self.observer() if self.observer else None
        attached: list[bytes] = []
        for part in multipart or ():  # an answer with files: its JSON part and its files
            if part.get("name") == "payload_json":
                payload = json.loads(part["value"])
            elif str(part.get("name", "")).startswith("files["):
                value = part["value"]
                attached.append(value.getvalue() if hasattr(value, "getvalue") else bytes(value))
        refuse_duplicate_ids((payload or {}).get("data") if "/callback" in route.url else payload)
        call = Call(route.method, route.url, payload, interaction_id, elapsed, state, files=attached,
                    channel=self.channel_of.get(interaction_id or 0))  # fmt: skip
        if self.record:
            self.calls.append(call)
        if self.listener:
            self.listener(call)
        if interaction_id is not None:
            self.by_interaction.setdefault(interaction_id, []).append(call)
        if original:
            self.original_edits += 1
            return message_payload(next(self.ids), payload or {}, flags=64 if interaction_id in self.private else 0)
        followup = route.method == "POST" and route.url.split("?")[0].endswith(token) and token.startswith("token-")
        if followup:  # a follow-up message of an interaction (private when flagged so)
            flags = (payload or {}).get("flags", 0)
            message = message_payload(next(self.ids), payload or {}, flags=flags,
                                      channel_id=self.channel_of.get(interaction_id or 0))  # fmt: skip
            if not flags & 64:  # public: a message in the channel, as any other
                self.followups += 1
                if self.record:
                    self.messages[int(message["id"])] = message
            return message
        webhook_message = re.search(r"/messages/(\d+)$", route.url.split("?")[0])
        if webhook_message and token.startswith("token-"):  # a follow-up edited or deleted through the token
            mid = int(webhook_message[1])
            if route.method == "DELETE":
                self.messages.pop(mid, None)
                return None
            message = message_payload(mid, payload or {}, channel_id=self.channel_of.get(interaction_id or 0))
            if self.record and mid in self.messages:
                self.messages[mid] = message
            return message
        if route.url.split("?")[0].endswith("/callback"):
            self.answered.setdefault(interaction_id, asyncio.Event()).set()
            ephemeral = bool(((payload or {}).get("data") or {}).get("flags", 0) & 64)
            updates_private = (payload or {}).get("type") == 7 and self.clicked.get(interaction_id, (0, False))[1]
            if interaction_id is not None and (ephemeral or updates_private):
                self.private.add(interaction_id)  # its response (and every edit of it) only its user sees
            return {
                "interaction": {
                    "id": str(interaction_id),
                    "type": 2,
                    "response_message_id": str(next(self.ids)),
                    "response_message_loading": False,
                    "response_message_ephemeral": ephemeral,
                }
            }
        return {}

    def callbacks(self, interaction_id: int) -> list[Call]:
        return [c for c in self.by_interaction.get(interaction_id, []) if "/callback" in c.path]


def refuse_duplicate_ids(payload: Any) -> None:
    """Discord's answer to a message whose components repeat a custom_id: 400, Invalid Form Body."""
    if not isinstance(payload, dict) or not payload.get("components"):
        return
    ids = [cid for cid, _, _ in custom_ids(payload["components"])]
    if len(ids) != len(set(ids)):
        raise discord.HTTPException(
            SimpleNamespace(status=400, reason="Bad Request"),
            {"code": 50035, "message": "Invalid Form Body: custom_id must be unique", "errors": {}},
        )


def message_payload(mid: int, payload: dict[str, Any], flags: int = 0, channel_id: Any = None) -> dict[str, Any]:
    return {
        "id": str(mid),
        "channel_id": str(channel_id or CHANNEL_ID),
        "author": BOT_USER,
        "content": payload.get("content") or "",
        "timestamp": "2025-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": payload.get("embeds") or [],
        "pinned": False,
        "type": 0,
        "flags": flags,
        "components": payload.get("components") or [],
    }


def custom_ids(components: list[dict[str, Any]]) -> list[tuple[str, bool, str]]:
    """(custom_id, disabled, label) of every button in a message's components."""
    out = []
    for row in components or []:
        for item in row.get("components", []):
            if "custom_id" in item:
                out.append((item["custom_id"], bool(item.get("disabled")), item.get("label", "")))
    return out


def user(uid: int, name: str) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "global_name": name, "avatar": None}


class Harness:
    """A bot logged in against :class:`DiscordSide`; ``send`` feeds interactions."""

    #: Every harness made, so a test that fails half-way still gets its bot closed (an open
    #: database keeps a worker thread, and with it the test process, alive).
    made: ClassVar[list[Harness]] = []

    def __init__(self, bot: discord.Client, monkeypatch, limits: Limits | None = None) -> None:
        self.bot = bot
        self.side = DiscordSide()
        self.limits = limits
        Harness.made.append(self)
        self._ids = itertools.count(500_000)
        if limits is None:  # quick: every request answered at once, above discord.py's rate limiting
            monkeypatch.setattr(HTTPClient, "request", lambda http, route, **kw: self.side.http_request(route, **kw))
            monkeypatch.setattr(
                AsyncWebhookAdapter,
                "request",
                lambda adapter, route, session=None, **kw: self.side.webhook_request(route, session, **kw),
            )
            return
        fake = FakeSession(self.side, limits)
        http_request, webhook_request = HTTPClient.request, AsyncWebhookAdapter.request

        async def through_http(http: HTTPClient, route: Any, **kw: Any) -> Any:
            real = http._HTTPClient__session  # type: ignore[attr-defined]
            if real is not fake:  # the session static_login opened: never used
                if real and not real.closed:
                    await real.close()
                http._HTTPClient__session = fake  # type: ignore[attr-defined]
            token = CURRENT.set(("http", route, dict(kw)))
            try:
                return await http_request(http, route, **kw)
            finally:
                CURRENT.reset(token)

        async def through_webhook(adapter: AsyncWebhookAdapter, route: Any, session: Any = None, **kw: Any) -> Any:
            token = CURRENT.set(("webhook", route, {"session": session, **kw}))
            try:
                return await webhook_request(adapter, route, fake, **kw)
            finally:
                CURRENT.reset(token)

        monkeypatch.setattr(HTTPClient, "request", through_http)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", through_webhook)

    async def start(self, token: str = "MTAw.fake.token") -> None:
        await self.bot.login(token)

    def _base(self, kind: int, who: dict[str, Any], locale: str, permissions: str = "1071698660929") -> dict[str, Any]:
        iid = next(self._ids)
        return {
            "id": str(iid),
            "application_id": APP_ID,
            "type": kind,
            "token": f"token-{iid}",
            "version": 1,
            "guild_id": GUILD_ID,
            "channel_id": CHANNEL_ID,
            "channel": {
                "id": CHANNEL_ID,
                "type": 0,
                "guild_id": GUILD_ID,
                "name": "jass",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": who,
                "roles": [],
                "joined_at": "2025-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "permissions": permissions,
                "flags": 0,
            },
            "locale": locale,
            "guild_locale": "de",
            "app_permissions": "1071698660929",
            "entitlements": [],
            "authorizing_integration_owners": {"0": GUILD_ID},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        }

    def command_payload(
        self,
        name: str,
        options: list[dict[str, Any]],
        who: dict[str, Any],
        locale: str = "de",
        autocomplete: bool = False,
        manager: bool = False,
    ) -> dict[str, Any]:
        permissions = str(1071698660929 | 32) if manager else "1071698660929"  # 32: Manage Server
        data = self._base(4 if autocomplete else 2, who, locale, permissions)
        data["data"] = {"id": "777", "name": name, "type": 1, "options": options}
        return data

    def click_payload(
        self, custom_id: str, who: dict[str, Any], message: dict[str, Any], locale: str = "de", ephemeral: bool = False
    ) -> dict[str, Any]:
        data = self._base(3, who, locale)
        data["data"] = {"custom_id": custom_id, "component_type": 2}
        components = list(message.get("components") or [])
        if custom_id not in {cid for cid, _, _ in custom_ids(components)}:
            # A forged or old button: Discord only sends clicks of components the message holds.
            components.append(
                {"type": 1, "components": [{"type": 2, "style": 2, "label": "?", "custom_id": custom_id}]}
            )
        data["message"] = {**message, "components": components, "flags": 64 if ephemeral else 0}
        channel = str(message.get("channel_id") or CHANNEL_ID)
        if channel != str(CHANNEL_ID):  # a click in a thread: the interaction comes from the thread
            data["channel_id"] = channel
            data["channel"] = dict(self.side.threads.get(int(channel)) or {**data["channel"], "id": channel})
        return data

    # -- the click driver: what a person does at a table ---------------------------------------

    async def open_hand(self, who: dict[str, Any], table_message: dict[str, Any]) -> dict[str, Any]:
        """Click "My cards" on the table's message: the private hand's payload (asserted private)."""
        hand_button = next(cid for cid, _, _ in custom_ids(table_message["components"]) if cid.endswith(":hand"))
        [shown] = await self.send(self.click_payload(hand_button, who, table_message))
        hand = shown.payload["data"]
        assert hand["flags"] & 64, "the hand is private"
        return hand

    async def click_private(
        self, who: dict[str, Any], private: dict[str, Any], custom_id: str, channel_id: Any = None
    ) -> dict[str, Any]:
        """Click a button of a private message (the hand) of ``who``: Discord's answer's payload."""
        message = message_payload(1, private, flags=64, channel_id=channel_id)
        [answer] = await self.send(self.click_payload(custom_id, who, message, ephemeral=True))
        return answer.payload

    async def take_turn(
        self,
        who: dict[str, Any],
        table_message: dict[str, Any],
        choose: Any = None,
        prediction: int = 0,
        strict: bool = True,
    ) -> tuple[str, dict[str, Any]] | None:
        """``who``'s turn by clicks: "My cards", then a button of the hand (``choose(hand)`` returns
        the custom_id of one of its buttons; by default a contract, else the first enabled one); a
        prediction in two steps (its range, then ``prediction``, or that index of the range's
        numbers); a row that opens its contracts, the last of them. The action clicked and the
        private hand after it, or None when nothing could be clicked (a stand-in took the turn).
        ``strict``: the click must be accepted (else a refusal ends the turn: the table moved on)."""
        channel = table_message.get("channel_id")
        hand = await self.open_hand(who, table_message)
        enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        if not enabled:
            return None
        choice = choose(hand) if choose else next((cid for cid in enabled if ":k" in cid), enabled[0])
        return choice, await self.act_on(who, hand, choice, prediction, channel, strict)

    async def act_on(
        self,
        who: dict[str, Any],
        hand: dict[str, Any],
        choice: str,
        prediction: int = 0,
        channel: Any = None,
        strict: bool = True,
    ) -> dict[str, Any]:
        """Click ``choice`` on ``who``'s open hand, and what it opens (a prediction's number, a
        row's contract, as :meth:`take_turn`): the private hand after it."""
        answer = await self.click_private(who, hand, choice, channel)
        if not strict and answer["type"] != 7:
            return answer.get("data") or {}
        assert answer["type"] == 7, "the private hand is edited in place"
        after = answer["data"]
        action = choice.split(":")[3]
        inner = [cid for cid, disabled, _ in custom_ids(after.get("components") or []) if not disabled]
        if action.startswith("p"):  # a range of predictions: now its numbers
            numbers = [cid for cid in inner if ":v" in cid]
            pick = next((c for c in numbers if c.endswith(f":v{prediction}")), numbers[prediction % len(numbers)])
            answer = await self.click_private(who, after, pick, channel)
            assert answer["type"] == 7
            after = answer["data"]
        elif action.startswith("r") and any(":n" in cid for cid in inner):  # a row played as one of several
            answer = await self.click_private(who, after, [cid for cid in inner if ":n" in cid][-1], channel)
            assert answer["type"] == 7
            after = answer["data"]
        return after

    async def send(self, payload: dict[str, Any], timeout: float = 5.0) -> list[Call]:
        """Feed one INTERACTION_CREATE and wait until it is answered."""
        iid = int(payload["id"])
        self.side.arrived[iid] = time.monotonic()
        flags = (payload.get("message") or {}).get("flags", 0)
        self.side.clicked[iid] = (int(payload["member"]["user"]["id"]), bool(flags & 64))
        self.side.channel_of[iid] = str(payload.get("channel_id") or CHANNEL_ID)
        event = self.side.answered.setdefault(iid, asyncio.Event())
        self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await asyncio.wait_for(event.wait(), timeout)
        await asyncio.sleep(0)
        answer = self.side.callbacks(iid)
        if not self.side.record:  # forget the interaction (its channel stays: its token posts there later)
            for kept in (self.side.arrived, self.side.answered, self.side.clicked, self.side.by_interaction):
                kept.pop(iid, None)
        return answer
