"""What an operator meets (issue 52, item 21): a health check for Docker, one line at shutdown, a
placeholder token refused, a key written twice in config.yaml refused with both lines."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from bot import health

from .test_startup import ROOT, bot, start


def health_command(path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", "health"], cwd=ROOT, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "JASS_HEALTH_FILE": str(path)}, timeout=60)  # fmt: skip


def test_the_health_command_reads_the_heartbeat(tmp_path):
    path = tmp_path / "health.json"
    missing = health_command(path)
    assert missing.returncode == 1 and "no heartbeat" in missing.stdout
    health.write(path, database=True, gateway="connecting", now=time.time())
    fresh = health_command(path)
    assert fresh.returncode == 0 and "healthy" in fresh.stdout
    health.write(path, database=False, gateway="connected", now=time.time())
    assert health_command(path).returncode == 1
    health.write(path, database=True, gateway="connected", now=time.time() - 600)
    stale = health_command(path)
    assert stale.returncode == 1 and "old" in stale.stdout


async def test_the_running_bot_writes_its_heartbeat(tmp_path, monkeypatch):
    from .discord.test_table_game import fast_settings, started

    path = tmp_path / "beat.json"
    monkeypatch.setenv("JASS_HEALTH_FILE", str(path))
    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        await h.bot._heartbeat()
        beat = json.loads(path.read_text())
        assert beat["database"] is True and beat["gateway"] in ("connected", "connecting")
        assert health.check(path, time.time())[0]
    finally:
        await h.bot.close()
    await h.bot._heartbeat()  # after close: the gateway is closed, and the check says so
    ok, line = health.check(path, time.time())
    assert not ok and "closed" in line


def test_a_stop_ends_with_one_line_saying_what_was_saved(tmp_path):
    out = start(tmp_path / "jass.sqlite3")  # Discord out of reach: the bot stops at once
    assert out.returncode == 3
    lines = [line for line in out.stderr.splitlines() if "shut down:" in line]
    assert len(lines) == 1 and "tables saved" in lines[0] and "closed" in lines[0]


def test_a_placeholder_token_is_refused_and_garbles_nothing(tmp_path):
    for token in ("x", "a", "changeme", "xxx.yyy"):
        out = bot("run", env={"DISCORD_TOKEN": token, "JASS_DATABASE": str(tmp_path / "j.sqlite3")})
        assert out.returncode == 2, (token, out.stderr)
        assert "is not a bot token" in out.stderr and "[token redacted]" not in out.stderr
        assert not (tmp_path / "j.sqlite3").exists(), "refused before anything is opened"


def test_a_key_written_twice_is_refused_with_both_lines(tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("language: de\nrules:\n  preset: standard\n  overrides: {}\nlanguage: en\n")
    out = bot("check-config", "--config", str(config))
    assert out.returncode == 2
    assert "'language' is written twice, on lines 1 and 5" in out.stderr
    nested = tmp_path / "nested.yaml"
    nested.write_text("rules:\n  preset: standard\n  preset: swisslos\n")
    out = bot("check-config", "--config", str(nested))
    assert out.returncode == 2 and "lines 2 and 3" in out.stderr
