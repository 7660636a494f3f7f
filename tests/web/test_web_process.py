"""`python -m bot web`: the pages, /healthz and /metrics in a process of their own, without Discord,
on the bot's database; it needs web.port, and stops cleanly on SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def on_both_databases() -> None:
    """One database is enough here: the process's own start and stop are under test (SQLite)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JASS_", "DISCORD_"))}
    env.update({"JASS_DATABASE": str(tmp_path / "jass.sqlite3")}, **extra)
    return env


def test_without_a_port_it_says_what_is_missing(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "web"], cwd=tmp_path, env=environment(tmp_path),
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2 and "needs web.port" in done.stderr


def test_it_serves_health_metrics_and_404_then_stops_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "bot", "web"], cwd=tmp_path,
                               env=environment(tmp_path, JASS_WEB_PORT=str(port)),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        body = None
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    body = json.loads(answer.read())
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        assert body == {"status": "ok", "database": True, "gateway": "none"}
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as answer:
            assert "jass_database_up 1" in answer.read().decode()
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/s/no-such-server-slug/", timeout=2)
        assert missing.value.code == 404
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "web server stopped" in err
