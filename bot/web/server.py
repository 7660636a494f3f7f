"""The web server inside the bot process: switched on by ``web.port`` (config), off by default, bound
to the host only unless ``web.bind`` says otherwise.

- ``GET /healthz``: 200 when the database answers and the Discord gateway is connected or
  connecting, else 503; a small JSON body says which (no user data, no token).
- ``GET /metrics``: the bot's counters and gauges in Prometheus' text format.
- The servers' public pages (``bot/web/pages.py``) under ``/s/<slug>/``, when it is handed them.

Each client (by its address, an IPv6 address by its /64; behind the proxies named in
``web.trusted_proxies`` the right-most address of ``X-Forwarded-For`` that is not one of them) may ask
``web.rate`` times a second on average, ``web.burst`` at once; beyond that it is answered 429 with
``Retry-After``. A connection that has not sent a whole request head within :data:`HEAD_TIMEOUT`
seconds is closed. Every answer, errors included, carries :data:`HEADERS`. It is handed two
coroutines (the bot's facts), so it can be tested without Discord.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .forward import CLIENT, PEER_HEADER

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.services.metrics import Metrics
    from bot.services.peers import Peers

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

#: Requests a second one client may make on average, and at once (``web.rate``, ``web.burst``).
RATE, BURST = 10.0, 60.0
#: Clients remembered while they are not limited: past it the oldest one that is not limited now is
#: forgotten (it would have its whole burst again anyway soon); a limited client is never forgotten
#: before :data:`CLIENTS_MAX` clients are remembered.
CLIENTS, CLIENTS_MAX = 10_000, 200_000
#: Seconds a connection may take to send a request's head (and stay idle between two requests).
HEAD_TIMEOUT = 15.0
STATUS_TEXT = {400: "bad request", 403: "forbidden", 405: "method not allowed", 413: "request too large",
               500: "internal error"}  # fmt: skip


class RateLimit:
    """A token bucket per client (see :func:`client_key`)."""

    def __init__(self, rate: float = RATE, burst: float = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, at), least recently seen first

    def wait(self, client: str) -> float:
        """0 when ``client`` may be answered now (a token is taken), else the seconds to wait."""
        now = self.clock()
        tokens, at = self.buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if len(self.buckets) >= CLIENTS:
            self._forget_one(now)
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            return 0.0
        self.buckets[client] = (tokens, now)
        return (1 - tokens) / self.rate

    def _forget_one(self, now: float, scan: int = 64) -> None:
        """Forget the least recently seen client that is not limited now (one of the first ``scan``)."""
        for i, (client, (tokens, at)) in enumerate(self.buckets.items()):
            if tokens + (now - at) * self.rate >= 1:
                del self.buckets[client]
                return
            if i >= scan:
                break
        if len(self.buckets) >= CLIENTS_MAX:
            self.buckets.pop(next(iter(self.buckets)))


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
                 live: LiveTables | None = None, activity: Activity | None = None,
                 trusted_proxies: Iterable[str] = (), head_timeout: float = HEAD_TIMEOUT,
                 measured: Metrics | None = None, peers: Peers | None = None) -> None:  # fmt: skip
        self._health = health
        self.peers = peers  # the bot's other processes: whose clients they vouch for
        self._metrics = metrics
        self._pages = pages
        self._live = live
        self._activity = activity
        self._runner: web.AppRunner | None = None
        self._metrics_runner: web.AppRunner | None = None
        self.limit = limit or RateLimit()
        self.trusted = tuple(ipaddress.ip_network(n, strict=False) for n in trusted_proxies)
        self.head_timeout = head_timeout
        self.measured = measured  # requests counted by route and status, with their time (/metrics)
        self.port: int | None = None  # the port it listens on (when started on port 0: the one chosen)
        self.metrics_port: int | None = None  # where /metrics is served when on a port of its own

    def app(self, metrics: bool = True) -> web.Application:
        app = web.Application(middlewares=[self._measure, _headers, self._limited])
        app.router.add_get("/healthz", self.healthz)
        if metrics:
            app.router.add_get("/metrics", self.metrics)
        if self._pages is not None:
            self._pages.routes(app)
        if self._live is not None:
            self._live.routes(app)
        if self._activity is not None:
            self._activity.routes(app)
        return app

    @web.middleware
    async def _measure(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if self.measured is None:
            return await handler(request)
        started = time.perf_counter()
        status = 500
        try:
            response = await handler(request)
            status = response.status
            return response
        finally:
            resource = request.match_info.route.resource
            route = resource.canonical if resource is not None else "unmatched"
            # A websocket's answer lasts as long as its page is open: counted, not timed.
            seconds = None if status == 101 else time.perf_counter() - started
            self.measured.web(route, status, seconds)

    @web.middleware
    async def _limited(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        client = client_of(request, self.trusted)
        vouched = request.headers.get(PEER_HEADER)
        if vouched is not None and self.peers is not None:  # forwarded by another process of the bot
            client = await self.peers.vouched(vouched[:200]) or client
        request[CLIENT] = client
        wait = self.limit.wait(client_key(client))
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

    async def start(self, bind: str, port: int, metrics_bind: str = "127.0.0.1", metrics_port: int | None = None
                    ) -> None:  # fmt: skip
        """Listen on ``bind``:``port`` (port 0: any free port, then :attr:`port`); with ``metrics_port``
        (0: any free port), ``/metrics`` is served there only."""
        apart = metrics_port is not None
        self._runner, self.port = await self._listen(self.app(metrics=not apart), bind, port)
        if apart:
            metrics_app = web.Application(middlewares=[_headers])
            metrics_app.router.add_get("/metrics", self.metrics)
            self._metrics_runner, self.metrics_port = await self._listen(metrics_app, metrics_bind, metrics_port or 0)
        log.info("web server listening on %s:%s (/healthz%s%s)%s", bind, self.port,
                 "" if apart else ", /metrics", ", public pages" if self._pages else "",
                 f"; /metrics on {metrics_bind}:{self.metrics_port}" if apart else "")  # fmt: skip

    async def _listen(self, app: web.Application, bind: str, port: int) -> tuple[web.AppRunner, int]:
        # aiohttp closes a connection whose first request head is not complete within its keep-alive
        # timeout (a slowloris), as it closes an idle one between two requests.
        runner = web.AppRunner(app, access_log=None, keepalive_timeout=self.head_timeout, handle_signals=False)
        await runner.setup()
        await web.TCPSite(runner, bind, port).start()
        addresses = runner.addresses  # (host, port, …) of each socket listening
        return runner, int(addresses[0][1]) if addresses else port

    async def stop(self) -> None:
        for runner in (self._runner, self._metrics_runner):
            if runner is not None:
                await runner.cleanup()
        self._runner = self._metrics_runner = None


def web_options(settings: Settings) -> dict[str, Any]:
    """The web server's arguments from the settings (``web.*``)."""
    return {"limit": RateLimit(settings.web_rate, settings.web_burst), "trusted_proxies": settings.web_trusted_proxies}


def metrics_listener(settings: Settings) -> tuple[str, int | None]:
    """Where ``/metrics`` listens when on a port of its own (``web.metrics_port``), else (bind, None)."""
    return settings.web_metrics_bind, settings.web_metrics_port or None


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_of(request: web.Request, trusted: Sequence[Network] = ()) -> str:
    """Whose request it is, for the rate limit: the peer's address; when the peer is one of the
    ``trusted`` proxies, the right-most address of ``X-Forwarded-For`` that is not a trusted proxy
    itself (what a client writes there itself stands left of it, and is never taken).

    >>> from aiohttp.test_utils import make_mocked_request
    >>> forged = make_mocked_request("GET", "/", headers={"X-Forwarded-For": "203.0.113.9, 198.51.100.7"})
    >>> client_of(forged)  # no trusted proxy: the header counts for nothing
    '?'
    """
    peer = request.remote or "?"
    address = _address(peer)
    if address is None or not any(address in net for net in trusted):
        return str(address) if address is not None else peer
    for hop in reversed(request.headers.get("X-Forwarded-For", "").split(",")):
        hop_address = _address(hop)
        if hop_address is None:
            break  # not written by a proxy of ours: the last trusted hop's peer is the client
        address = hop_address
        if not any(address in net for net in trusted):
            break
    return str(address)


def client_key(client: str) -> str:
    """The rate limit's key: an IPv4 address alone, an IPv6 address by its /64 (one household or
    host has a whole /64 to take addresses from).

    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:ffff::9")
    True
    >>> client_key("2001:db8:1:3::1") == client_key("2001:db8:1:2::1"), client_key("192.0.2.1")
    (False, '192.0.2.1')
    """
    address = _address(client)
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return client


@web.middleware
async def _headers(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                   ) -> web.StreamResponse:  # fmt: skip
    """Every answer, errors included, carries the security headers; an error's body is short text."""
    try:
        response = await handler(request)
    except web.HTTPNotFound:
        response = web.Response(status=404, text=NOT_FOUND)
    except web.HTTPException as http:
        if http.status >= 400:
            text = http.text if http.text and not http.text.startswith(f"{http.status}: ") else None
            response = web.Response(status=http.status, text=text or STATUS_TEXT.get(http.status, "refused") + "\n")
            for key in ("Retry-After", "Allow"):
                if key in http.headers:
                    response.headers[key] = http.headers[key]
        else:
            response = web.Response(status=http.status, headers={"Location": http.headers.get("Location", "/")})
    except (ConnectionResetError, asyncio.CancelledError):
        raise
    except Exception:
        log.exception("web: %s %s failed", request.method, request.path)
        response = web.Response(status=500, text=STATUS_TEXT[500] + "\n")
    if response.prepared:  # a websocket, already under way: its headers are gone
        return response
    framed = "frame-ancestors 'none'" not in response.headers.get("Content-Security-Policy", "frame-ancestors 'none'")
    for key, value in HEADERS.items():
        if not (framed and key == "X-Frame-Options"):  # Discord's client frames the Activity's pages
            response.headers.setdefault(key, value)  # a page sets its own caching and policy
    return response
