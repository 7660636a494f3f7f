"""The bot's heartbeat, for Docker's HEALTHCHECK: every tick (30 s) the running bot writes what it
knows of itself to a small file; ``python -m bot health`` reads it and exits 0 when it is healthy.

Healthy: the file is fresh (written within :data:`STALE_AFTER` seconds), the database answered the
last tick, and the gateway is connected or connecting.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "health.json"
>>> write(path, database=True, gateway="connected", now=1000.0)
>>> check(path, now=1010.0)
(True, 'healthy: database answers, gateway connected, 10 s ago')
>>> check(path, now=1200.0)[0]
False
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

HEALTH_ENV = "JASS_HEALTH_FILE"
STALE_AFTER = 120.0  # four ticks missed


def default_path() -> Path:
    """``$JASS_HEALTH_FILE``, else a file of this user's in the temporary folder."""
    chosen = os.environ.get(HEALTH_ENV)
    return Path(chosen) if chosen else Path(tempfile.gettempdir()) / f"jass-health-{os.getuid()}.json"


def write(path: Path, *, database: bool, gateway: str, now: float) -> None:
    """Replace the heartbeat atomically (a reader never sees half a file)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"at": now, "database": database, "gateway": gateway}))
    tmp.replace(path)


def check(path: Path, now: float) -> tuple[bool, str]:
    """(healthy, one line saying why)."""
    try:
        beat = json.loads(path.read_text())
        at, database, gateway = float(beat["at"]), bool(beat["database"]), str(beat["gateway"])
    except (OSError, ValueError, KeyError, TypeError):
        return False, f"no heartbeat in {path} (is the bot running?)"
    age = now - at
    if age > STALE_AFTER:
        return False, f"the last heartbeat is {age:.0f} s old (the bot is stuck or stopped)"
    wrong = [] if database else ["the database did not answer"]
    if gateway not in ("connected", "connecting"):
        wrong.append(f"the gateway is {gateway}")
    if wrong:
        return False, "; ".join(wrong)
    return True, f"healthy: database answers, gateway {gateway}, {age:.0f} s ago"


def ask_web(port: int, timeout: float = 5.0) -> tuple[bool, str]:
    """Ask the bot's own web server (``web.port``) at ``/healthz`` on this host: (healthy, one line)."""
    import urllib.error
    import urllib.request

    url = f"http://127.0.0.1:{port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return True, f"healthy: {answer.read().decode('utf-8', 'replace')}"
    except urllib.error.HTTPError as err:
        return False, f"unhealthy: {err.read().decode('utf-8', 'replace') or err.code}"
    except OSError as err:
        return False, f"unhealthy: no answer from {url} ({getattr(err, 'reason', err)})"
