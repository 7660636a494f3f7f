"""The web server inside the bot process: switched on by ``web.port`` (config), off by default, bound
to the host only unless ``web.bind`` says otherwise.

- ``GET /healthz``: 200 when the database answers and the Discord gateway is connected or
  connecting, else 503; a small JSON body says which (no user data, no token).
- ``GET /metrics``: the bot's counters and gauges in Prometheus' text format.
- The servers' public pages (``bot/web/pages.py``) under ``/s/<slug>/``, when it is handed them.

Each client (by its address) may ask :data:`RATE` times a second on average, :data:`BURST` at once;
beyond that it is answered 429 with ``Retry-After``. It is handed two coroutines (the bot's facts),
so it can be tested without Discord.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web

if TYPE_CHECKING:
    from .activity import Activity
    from .live import LiveTables
    from .pages import Pages

log = logging.getLogger(__name__)

#: Prometheus' text exposition format, version 0.0.4.
METRICS_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: On every answer: nothing here is to be cached, sniffed, framed or scripted.
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'",
    "Referrer-Policy": "no-referrer",
}


NOT_FOUND = "There is no such page. / Diese Seite gibt es nicht.\n"

#: Requests a second one client may make on average, and at once.
RATE, BURST = 5.0, 20.0
#: Clients remembered at most (the oldest are forgotten first).
CLIENTS = 10_000


class RateLimit:
    """A token bucket per client address."""

    def __init__(self, rate: float = RATE, burst: float = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)

    def wait(self, client: str) -> float:
        """0 when ``client`` may be answered now (a token is taken), else the seconds to wait."""
        now = self.clock()
        tokens, at = self.buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if len(self.buckets) >= CLIENTS:
            self.buckets.pop(next(iter(self.buckets)))
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            return 0.0
        self.buckets[client] = (tokens, now)
        return (1 - tokens) / self.rate


@dataclass(frozen=True)
class Health:
    """What ``/healthz`` reports."""

    database: bool
    gateway: str  # connected, connecting or closed; none: a process without one (python -m bot web)

    @property
    def healthy(self) -> bool:
        return self.database and self.gateway in ("connected", "connecting", "none")


class WebServer:
    """``/healthz`` and ``/metrics`` on ``bind``:``port`` while the bot runs."""

    def __init__(self, health: Callable[[], Awaitable[Health]], metrics: Callable[[], Awaitable[str]],
                 pages: Pages | None = None, limit: RateLimit | None = None,
                 live: LiveTables | None = None, activity: Activity | None = None) -> None:  # fmt: skip
        self._health = health
        self._metrics = metrics
        self._pages = pages
        self._live = live
        self._activity = activity
        self._runner: web.AppRunner | None = None
        self.limit = limit or RateLimit()
        self.port: int | None = None  # the port it listens on (when started on port 0: the one chosen)

    def app(self) -> web.Application:
        app = web.Application(middlewares=[_headers, self._limited])
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        if self._pages is not None:
            self._pages.routes(app)
        if self._live is not None:
            self._live.routes(app)
        if self._activity is not None:
            self._activity.routes(app)
        return app

    @web.middleware
    async def _limited(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        wait = self.limit.wait(client_of(request))
        if wait > 0:
            return web.Response(status=429, text="too many requests\n", headers={"Retry-After": str(math.ceil(wait))})
        return await handler(request)

    async def healthz(self, request: web.Request) -> web.Response:
        health = await self._health()
        body = {"status": "ok" if health.healthy else "unhealthy", "database": health.database,
                "gateway": health.gateway}  # fmt: skip
        return web.json_response(body, status=200 if health.healthy else 503, dumps=json.dumps)

    async def metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=(await self._metrics()).encode("utf-8"), headers={"Content-Type": METRICS_TYPE})

    async def start(self, bind: str, port: int) -> None:
        """Listen on ``bind``:``port`` (port 0: any free port, then :attr:`port`)."""
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, bind, port)
        await site.start()
        addresses = self._runner.addresses  # (host, port, …) of each socket listening
        self.port = int(addresses[0][1]) if addresses else port
        log.info(
            "web server listening on %s:%s (/healthz, /metrics%s)",
            bind,
            self.port,
            ", public pages" if self._pages else "",
        )

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


def client_of(request: web.Request) -> str:
    """Whose request it is, for the rate limit: the peer's address, or behind a reverse proxy on
    the host or a private network (loopback, 10/8, 172.16/12, 192.168/16, fc00::/7) the address
    the proxy names first in ``X-Forwarded-For`` (a client on the internet cannot claim one).

    >>> from aiohttp.test_utils import make_mocked_request
    >>> client_of(make_mocked_request("GET", "/", headers={"X-Forwarded-For": "203.0.113.9, 10.0.0.2"}))
    '203.0.113.9'
    """
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "").split(",")[0].strip()
    try:
        trusted = ipaddress.ip_address(peer).is_private
    except ValueError:  # a test transport, or a Unix socket
        trusted = peer == "?"
    return forwarded if forwarded and trusted else peer


@web.middleware
async def _headers(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                   ) -> web.StreamResponse:  # fmt: skip
    try:
        response = await handler(request)
    except web.HTTPNotFound:
        response = web.Response(status=404, text=NOT_FOUND)
    except web.HTTPFound as redirect:
        response = web.Response(status=redirect.status, headers={"Location": str(redirect.location)})
    framed = "frame-ancestors 'none'" not in response.headers.get("Content-Security-Policy", "frame-ancestors 'none'")
    for key, value in HEADERS.items():
        if not (framed and key == "X-Frame-Options"):  # Discord's client frames the Activity's pages
            response.headers.setdefault(key, value)  # a page sets its own caching and policy
    return response
