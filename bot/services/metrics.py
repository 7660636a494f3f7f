"""What the bot counts for its operators, read at ``/metrics`` in Prometheus' text format, through
``prometheus-client``: each :class:`Metrics` has a registry of its own (a process has one; tests and
benchmarks build many), with the process's own figures (CPU, memory, open files, start time), the
build, the commands to tables, Discord's REST requests and 429s, the web server's requests by route,
the pictures' render times and the gauges read when ``/metrics`` is asked (open tables, the computer
players' queue, the gateway and its latency, guilds, shards, the database).

>>> m = Metrics()
>>> m.command("schieber", "PlayCard", "ok", 0.004)
>>> for line in m.render({"open_tables": 3}).splitlines():
...     if line.startswith(("jass_commands_total", "jass_database_errors", "jass_open_tables")):
...         print(line)
jass_commands_total{command="PlayCard",kind="schieber",outcome="ok"} 1.0
jass_database_errors_total 0.0
jass_open_tables 3.0
"""

from __future__ import annotations

import logging
from collections import Counter as Tally
from collections.abc import Iterator, Mapping
from importlib import metadata

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector

disable_created_metrics()  # type: ignore[no-untyped-call]  # no *_created series: nothing here is reset while the process runs

PREFIX = "jass_"
#: Upper bounds (seconds) of the command latency histogram's buckets.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
#: Upper bounds (seconds) of the web requests' and the pictures' histograms.
WEB_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

#: The gauges read when /metrics is asked, by name without prefix.
GAUGES = {
    "open_tables": "Tables in memory whose game is not over.",
    "computer_queue": "Searching decisions of computer players waiting for a worker.",
    "gateway_up": "1 when the Discord gateway is connected, else 0.",
    "gateway_latency_seconds": "The Discord gateway's heartbeat latency (seconds; the shards' mean).",
    "guilds": "Servers this process serves.",
    "shards": "Shards this process runs.",
    "database_up": "1 when the database answered the last health check, else 0.",
}


def version() -> str:
    try:
        return metadata.version("jassbot")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


class _RateLimits(Collector):
    """Discord's 429s by scope, from the tally kept by :class:`RateLimitLog`."""

    def __init__(self, tally: Tally[str]) -> None:
        self.tally = tally

    def collect(self) -> Iterator[CounterMetricFamily]:
        family = CounterMetricFamily(PREFIX + "discord_429", "Discord's 429 answers (retried), by scope: global, "
                                     "or a route's bucket.", labels=["scope"])  # fmt: skip
        for scope in ("global", "bucket"):
            family.add_metric([scope], self.tally[scope])
        yield family


class Metrics:
    """The counters of one bot process."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        ProcessCollector(registry=registry)  # process_cpu_seconds_total, memory, open files, start time
        PlatformCollector(registry=registry)
        Info(PREFIX + "build", "The bot's version.", registry=registry).info({"version": version()})
        self._commands = Counter(PREFIX + "commands", "Commands to tables by game kind, command and outcome "
                                 "(ok, refused, failed, error).", ["kind", "command", "outcome"],
                                 registry=registry)  # fmt: skip
        self._latency = Histogram(PREFIX + "command_seconds", "Seconds from a command given to its events "
                                  "committed and announced.", buckets=BUCKETS, registry=registry)  # fmt: skip
        self._database_errors = Counter(PREFIX + "database_errors", "Commands whose events could not be written "
                                        "to the database.", registry=registry)  # fmt: skip
        self._late = Counter(PREFIX + "subscriber_timeouts", "Subscribers (messages, pages) a command stopped "
                             "waiting for.", registry=registry)  # fmt: skip
        self._requests = Counter(PREFIX + "discord_requests", "Requests of the bot token to Discord's REST API, by "
                                 "method and route.", ["method", "route"], registry=registry)  # fmt: skip
        self.limited: Tally[str] = Tally()  # scope: global, bucket
        registry.register(_RateLimits(self.limited))
        self._web = Counter(PREFIX + "web_requests", "Requests to the web server by route and status.",
                            ["route", "status"], registry=registry)  # fmt: skip
        self._web_seconds = Histogram(PREFIX + "web_request_seconds", "Seconds to answer a web request, by route.",
                                      ["route"], buckets=WEB_BUCKETS, registry=registry)  # fmt: skip
        self._render = Histogram(PREFIX + "render_seconds", "Seconds to draw a picture, by picture.", ["picture"],
                                 buckets=WEB_BUCKETS, registry=registry)  # fmt: skip
        self._gauges = {name: Gauge(PREFIX + name, text, registry=registry) for name, text in GAUGES.items()}

    def command(self, kind: str, command: str, outcome: str, seconds: float) -> None:
        """One command to a table of ``kind``: ``ok``, ``refused`` (a rule said no), ``failed`` (not
        written to the database) or ``error`` (cancelled, or a conflict with another process)."""
        self._commands.labels(kind, command, outcome).inc()
        if outcome == "failed":
            self._database_errors.inc()
        self._latency.observe(seconds)

    def subscriber_late(self) -> None:
        """A command stopped waiting for a subscriber (``TableService._notify``)."""
        self._late.inc()

    def request(self, route: str) -> None:
        """One request of the bot token to Discord (``route``: method and path template)."""
        method, _, path = route.partition(" ")
        self._requests.labels(method, path).inc()

    def rate_limited(self, scope: str) -> None:
        """One 429 from Discord: ``global`` or ``bucket``."""
        self.limited[scope] += 1

    def web(self, route: str, status: int, seconds: float | None) -> None:
        """One answer of the web server (``route``: its path template, never the address asked;
        ``seconds`` None: not timed, a websocket)."""
        self._web.labels(route, str(status)).inc()
        if seconds is not None:
            self._web_seconds.labels(route).observe(seconds)

    def rendered(self, picture: str, seconds: float) -> None:
        """One picture drawn (``table``, ``jasstafel``, ``coiffeur``, ``pad``)."""
        self._render.labels(picture).observe(seconds)

    def render(self, gauges: Mapping[str, float]) -> str:
        """The Prometheus text exposition, with ``gauges`` (by name without prefix) set now."""
        for name, value in gauges.items():
            self._gauges[name].set(value)
        return generate_latest(self.registry).decode("utf-8")


class RateLimitLog(logging.Handler):
    """Counts Discord's 429s from what discord.py logs when it retries one (logger ``discord.http``):
    every 429 says "We are being rate limited", a global one also "Global rate limit has been hit"."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(level=logging.WARNING)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        text = str(record.msg)
        if text.startswith("Global rate limit has been hit"):
            self.metrics.limited["bucket"] -= 1  # already counted as a 429 a moment ago
            self.metrics.rate_limited("global")
        elif text.startswith("We are being rate limited"):
            self.metrics.rate_limited("bucket")
