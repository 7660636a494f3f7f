"""What the bot counts for its operators, and the Prometheus text format it is read in (``/metrics``).

Counters and a latency histogram that the table service updates as commands run; the gauges (open
tables, the computer players' queue, the gateway) are read when ``/metrics`` is asked. No library:
the exposition format is a few lines of text (https://prometheus.io/docs/instrumenting/exposition_formats/).

>>> m = Metrics()
>>> m.command("schieber", "PlayCard", "ok", 0.004)
>>> for line in m.render({"open_tables": 3}).splitlines():
...     if line.startswith(("jass_commands_total", "jass_database_errors", "jass_open_tables")):
...         print(line)
jass_commands_total{kind="schieber",command="PlayCard",outcome="ok"} 1
jass_database_errors_total 0
jass_open_tables 3
"""

from __future__ import annotations

import logging
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping

PREFIX = "jass_"
#: Upper bounds (seconds) of the command latency histogram's buckets.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

#: Help lines of every metric, in the order they are written.
HELP = {
    "commands_total": ("counter", "Commands to tables by game kind, command and outcome (ok, refused, failed, error)."),
    "command_seconds": ("histogram", "Seconds from a command given to its events committed and announced."),
    "database_errors_total": ("counter", "Commands whose events could not be written to the database."),
    "subscriber_timeouts_total": ("counter", "Subscribers (messages, pages) a command stopped waiting for."),
    "discord_requests_total": ("counter", "Requests of the bot token to Discord's REST API, by method and route."),
    "discord_429_total": ("counter", "Discord's 429 answers (retried), by scope: global, or a route's bucket."),
    "open_tables": ("gauge", "Tables in memory whose game is not over."),
    "computer_queue": ("gauge", "Searching decisions of computer players waiting for a worker."),
    "gateway_up": ("gauge", "1 when the Discord gateway is connected, else 0."),
    "database_up": ("gauge", "1 when the database answered the last health check, else 0."),
}


def _labels(values: Mapping[str, str]) -> str:
    def escaped(text: str) -> str:
        return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")

    return "{" + ",".join(f'{k}="{escaped(v)}"' for k, v in values.items()) + "}" if values else ""


class Metrics:
    """The counters of one bot process."""

    def __init__(self) -> None:
        self.commands: Counter[tuple[str, str, str]] = Counter()
        self.latency_buckets = [0] * len(BUCKETS)
        self.latency_count = 0
        self.latency_sum = 0.0
        self.database_errors = 0
        self.subscriber_timeouts = 0  # a subscriber that a command stopped waiting for
        self.requests: Counter[str] = Counter()  # "METHOD /route/{template}"
        self.limited: Counter[str] = Counter()  # scope: global, bucket

    def command(self, kind: str, command: str, outcome: str, seconds: float) -> None:
        """One command to a table of ``kind``: ``ok``, ``refused`` (a rule said no), ``failed`` (not
        written to the database) or ``error`` (cancelled, or a conflict with another process)."""
        self.commands[(kind, command, outcome)] += 1
        if outcome == "failed":
            self.database_errors += 1
        i = bisect_left(BUCKETS, seconds)
        if i < len(BUCKETS):
            self.latency_buckets[i] += 1
        self.latency_count += 1
        self.latency_sum += seconds

    def request(self, route: str) -> None:
        """One request of the bot token to Discord (``route``: method and path template)."""
        self.requests[route] += 1

    def rate_limited(self, scope: str) -> None:
        """One 429 from Discord: ``global`` or ``bucket``."""
        self.limited[scope] += 1

    def render(self, gauges: Mapping[str, float]) -> str:
        """The Prometheus text exposition of the counters and of ``gauges`` (by name without prefix)."""
        out: list[str] = []

        def head(name: str) -> None:
            kind, text = HELP[name]
            out.append(f"# HELP {PREFIX}{name} {text}")
            out.append(f"# TYPE {PREFIX}{name} {kind}")

        head("commands_total")
        for (kind, command, outcome), n in sorted(self.commands.items()):
            out.append(f"{PREFIX}commands_total{_labels({'kind': kind, 'command': command, 'outcome': outcome})} {n}")
        head("command_seconds")
        running = 0
        for bound, n in zip(BUCKETS, self.latency_buckets, strict=True):
            running += n
            out.append(f'{PREFIX}command_seconds_bucket{{le="{bound:g}"}} {running}')
        out.append(f'{PREFIX}command_seconds_bucket{{le="+Inf"}} {self.latency_count}')
        out.append(f"{PREFIX}command_seconds_sum {self.latency_sum:.6f}")
        out.append(f"{PREFIX}command_seconds_count {self.latency_count}")
        head("database_errors_total")
        out.append(f"{PREFIX}database_errors_total {self.database_errors}")
        head("subscriber_timeouts_total")
        out.append(f"{PREFIX}subscriber_timeouts_total {self.subscriber_timeouts}")
        head("discord_requests_total")
        for route, n in sorted(self.requests.items()):
            method, _, path = route.partition(" ")
            out.append(f"{PREFIX}discord_requests_total{_labels({'method': method, 'route': path})} {n}")
        head("discord_429_total")
        for scope in ("global", "bucket"):
            out.append(f"{PREFIX}discord_429_total{_labels({'scope': scope})} {self.limited[scope]}")
        for name, value in gauges.items():
            head(name)
            out.append(f"{PREFIX}{name} {value:g}")
        return "\n".join(out) + "\n"


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
