"""Discord's rate limits, enforced by the fake (``Harness(..., limits=Limits())``).

discord.py's own rate-limit handling runs against it: the fake sits below ``HTTPClient.request``
and ``AsyncWebhookAdapter.request`` (as the aiohttp session they send through), answers with the
headers discord.py reads (``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After``,
``-Bucket``) and with 429 and ``retry_after`` when a limit is broken, so discord.py waits and
retries as it would against Discord.

The limits, as Discord documents them for a bot (defaults; every figure can be changed):
- the global limit, 50 requests a second, on requests with the bot token only; interaction
  callbacks and the interaction webhook (follow-ups, edits of the interaction's own messages)
  are exempt;
- per channel: message posts 5 per 5 s, edits 5 per 5 s, deletes 5 per 1 s; other routes 5 per
  5 s per route and major parameter;
- per interaction token (its webhook): 5 per 2 s; the callback itself is not limited.
"""

from __future__ import annotations

import contextvars
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from multidict import CIMultiDict

#: What the request being sent is, set by the harness around discord.py's own request methods:
#: ("http", route, kwargs) or ("webhook", route, kwargs).
CURRENT: contextvars.ContextVar[tuple[str, Any, dict[str, Any]]] = contextvars.ContextVar("discord_request")


@dataclass
class Window:
    """A fixed window: ``limit`` requests, then none until ``per`` seconds after its first."""

    limit: int
    per: float
    start: float = 0.0
    used: int = 0

    def take(self, now: float) -> float:
        """0 when a request may go (and counts it), else the seconds until it may."""
        if now >= self.start + self.per:
            self.start, self.used = now, 0
        if self.used >= self.limit:
            return self.start + self.per - now
        self.used += 1
        return 0.0

    def headers(self, now: float, bucket: str) -> dict[str, str]:
        reset_after = max(0.0, self.start + self.per - now)
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - self.used)),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }


@dataclass
class Limits:
    """The limits the fake enforces, and what it counted."""

    global_per_second: int = 50
    posts: tuple[int, float] = (5, 5.0)  # per channel
    edits: tuple[int, float] = (5, 5.0)  # per channel
    deletes: tuple[int, float] = (5, 1.0)  # per channel
    other: tuple[int, float] = (5, 5.0)  # per route and major parameter
    webhook: tuple[int, float] = (5, 2.0)  # per interaction token
    clock: Any = time.monotonic
    _global: Window = field(init=False)
    _buckets: dict[tuple[str, ...], Window] = field(default_factory=dict)
    bot_requests: int = 0  # requests with the bot token that Discord accepted
    webhook_requests: int = 0  # interaction callbacks and webhook requests accepted
    refused: Counter[str] = field(default_factory=Counter)  # 429s by scope: global, user (a bucket), webhook
    invalid: list[float] = field(default_factory=list)  # when a 401, 403 or 429 was answered
    by_route: Counter[str] = field(default_factory=Counter)  # accepted bot-token requests by route
    refused_routes: Counter[str] = field(default_factory=Counter)  # bucket 429s by route

    def __post_init__(self) -> None:
        self._global = Window(self.global_per_second, 1.0)

    def check(self, kind: str, route: Any) -> tuple[float, str, dict[str, str]]:
        """(seconds to wait or 0, scope of the refusal, headers of the answer) for one request."""
        now = self.clock()
        if kind == "webhook":
            if str(route.url).split("?")[0].endswith("/callback"):
                self.webhook_requests += 1
                return 0.0, "", {}
            key = ("webhook", str(route.webhook_id), str(getattr(route, "webhook_token", "")))
            window = self._window(key, self.webhook)
            wait = window.take(now)
            if wait:
                return wait, "webhook", {}
            self.webhook_requests += 1
            return 0.0, "", window.headers(now, "webhook")
        template = f"{route.method} {route.path}"
        channel = str(getattr(route, "channel_id", "") or "")
        if route.path == "/channels/{channel_id}/messages" and route.method == "POST":
            limit, name = self.posts, "post"
        elif route.path == "/channels/{channel_id}/messages/{message_id}" and route.method == "PATCH":
            limit, name = self.edits, "edit"
        elif route.path == "/channels/{channel_id}/messages/{message_id}" and route.method == "DELETE":
            limit, name = self.deletes, "delete"
        else:
            limit, name = self.other, template
        window = self._window((name, channel, str(getattr(route, "guild_id", "") or "")), limit)
        # A request over a route's bucket is refused before it counts toward the global limit.
        if window.used >= window.limit and now < window.start + window.per:
            self.refused_routes[name] += 1
            return window.start + window.per - now, "user", {}
        wait = self._global.take(now)
        if wait:
            return wait, "global", {}
        window.take(now)
        self.bot_requests += 1
        self.by_route[name] += 1
        return 0.0, "", window.headers(now, name)

    def _window(self, key: tuple[str, ...], limit: tuple[int, float]) -> Window:
        window = self._buckets.get(key)
        if window is None:
            window = self._buckets[key] = Window(*limit)
        return window

    def refusal(self, wait: float, scope: str) -> FakeResponse:
        self.refused[scope] += 1
        self.invalid.append(self.clock())
        body = {"message": "You are being rate limited.", "retry_after": round(wait, 3), "global": scope == "global"}
        headers = {"Via": "1.1 google", "Content-Type": "application/json", "X-RateLimit-Scope": scope}
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        return FakeResponse(429, headers, json.dumps(body))

    def invalid_in(self, seconds: float = 600.0) -> int:
        """401/403/429 answers in the last ``seconds`` (Discord bans an application at 10,000 in 10 minutes)."""
        now = self.clock()
        return sum(1 for t in self.invalid if now - t <= seconds)


class FakeResponse:
    """What discord.py reads of an aiohttp response: status, headers, text."""

    def __init__(self, status: int, headers: dict[str, str], text: str) -> None:
        self.status = status
        self.reason = {200: "OK", 204: "No Content", 429: "Too Many Requests"}.get(status, "Error")
        self.headers = CIMultiDict(headers)  # as aiohttp's: discord.py reads "X-Ratelimit-Remaining"
        self._text = text

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class FakeSession:
    """The aiohttp session discord.py sends through: each request is checked against the limits,
    then answered by the harness's ``DiscordSide`` (which records it, as without limits)."""

    closed = False

    def __init__(self, side: Any, limits: Limits) -> None:
        self.side = side
        self.limits = limits

    def request(self, method: str, url: str, **kwargs: Any) -> _Answer:
        return _Answer(self, CURRENT.get())

    async def close(self) -> None:
        self.closed = True


class _Answer:
    def __init__(self, session: FakeSession, current: tuple[str, Any, dict[str, Any]]) -> None:
        self.session, self.current = session, current

    async def __aenter__(self) -> FakeResponse:
        kind, route, kwargs = self.current
        limits = self.session.limits
        wait, scope, headers = limits.check(kind, route)
        if wait:
            return limits.refusal(wait, scope)
        headers = {"Via": "1.1 google", **headers}
        try:
            if kind == "webhook":
                data = await self.session.side.webhook_request(route, kwargs.pop("session", None), **kwargs)
            else:
                data = await self.session.side.http_request(route, **kwargs)
        except discord.HTTPException as err:
            if err.status in (401, 403):
                limits.invalid.append(limits.clock())
            body = {"code": err.code, "message": err.text}
            return FakeResponse(err.status, {**headers, "Content-Type": "application/json"}, json.dumps(body))
        if data is None:
            return FakeResponse(204, headers, "")
        return FakeResponse(200, {**headers, "Content-Type": "application/json"}, json.dumps(data))

    async def __aexit__(self, *exc: object) -> None:
        return None


def forbidden(message: str = "Missing Permissions", code: int = 50013) -> discord.Forbidden:
    """The error the fake answers a request the bot may not make with (403)."""
    return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": code, "message": message})
