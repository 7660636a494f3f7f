"""Issue 54, item 4 (operators): the bot's web server answers ``/healthz`` and ``/metrics``, bound to
the host only by default; the counters come from real commands through the Discord layer."""

from __future__ import annotations

import aiohttp
import pytest

from bot.config import ConfigError, load_settings
from bot.web.server import HEADERS, METRICS_TYPE, Health, WebServer

from .test_table_game import ANNA, BEAT, button, new_table, settle, table_message


async def fetch(port: int, path: str) -> tuple[int, dict[str, str], str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as answer:
        return answer.status, dict(answer.headers), await answer.text()


def test_the_web_server_is_off_by_default_and_bound_to_the_host():
    settings = load_settings(None, env={})
    assert settings.web_port == 0 and settings.web_bind == "127.0.0.1" and settings.web_base_url == ""
    on = load_settings(None, env={"JASS_WEB_PORT": "8080", "JASS_WEB_BASE_URL": "https://jass.example.org/"})
    assert on.web_port == 8080 and on.web_base_url == "https://jass.example.org"
    assert "web.port: 0 (no web server)" in settings.describe()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("JASS_WEB_PORT", "70000"),
        ("JASS_WEB_PORT", "web"),
        ("JASS_WEB_BIND", "0.0.0.0/8"),
        ("JASS_WEB_BASE_URL", "jass"),
    ],
)
def test_a_bad_web_setting_is_refused_with_its_key(key, value):
    with pytest.raises(ConfigError) as err:
        load_settings(None, env={key: value})
    assert key.removeprefix("JASS_").lower().replace("_", ".", 1) in str(err.value)


async def fake_server(facts: dict) -> WebServer:
    """A web server whose health is ``facts["health"]`` and whose metrics are ``facts["metrics"]``."""

    async def health() -> Health:
        return facts["health"]

    async def metrics() -> str:
        return facts.get("metrics", "")

    server = WebServer(health, metrics)
    await server.start("127.0.0.1", 0)
    return server


async def test_healthz_says_healthy_or_why_not():
    facts = {"health": Health(True, "connected"), "metrics": "jass_open_tables 0\n"}
    server = await fake_server(facts)
    try:
        assert server.port
        status, headers, body = await fetch(server.port, "/healthz")
        assert status == 200 and '"status": "ok"' in body and '"gateway": "connected"' in body
        assert all(headers.get(k) == v for k, v in HEADERS.items())
        facts["health"] = Health(False, "connected")  # the database does not answer
        status, _, body = await fetch(server.port, "/healthz")
        assert status == 503 and '"database": false' in body
        facts["health"] = Health(True, "closed")
        assert (await fetch(server.port, "/healthz"))[0] == 503
        status, headers, body = await fetch(server.port, "/metrics")
        assert status == 200 and headers["Content-Type"] == METRICS_TYPE and body == "jass_open_tables 0\n"
        assert (await fetch(server.port, "/nothing"))[0] == 404
    finally:
        await server.stop()


async def test_metrics_count_the_commands_of_a_real_game_by_kind_and_outcome(harness):
    h = harness
    options = [
        {"name": "preset", "type": 3, "value": "single-1000"},
        {"name": "computer_players", "type": 4, "value": 3},
    ]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), BEAT, lobby))  # Beat may not start Anna's table: refused
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    for _ in range(6):  # a few of Anna's turns (the computers play theirs at once)
        await settle(h)
        assert await h.take_turn(ANNA, table_message(h)) is not None
    server = WebServer(h.bot.health, h.bot.metrics_text)
    await server.start("127.0.0.1", 0)
    try:
        status, _, body = await fetch(server.port, "/metrics")
        health_status, _, health_body = await fetch(server.port, "/healthz")
    finally:
        await server.stop()
    assert status == 200
    lines = dict(line.rsplit(" ", 1) for line in body.splitlines() if not line.startswith("#"))
    value = {k: float(v) for k, v in lines.items()}
    assert value['jass_commands_total{command="PlayCard",kind="schieber",outcome="ok"}'] >= 6
    assert value['jass_commands_total{command="StartGame",kind="schieber",outcome="refused"}'] == 1
    assert value['jass_commands_total{command="StartGame",kind="schieber",outcome="ok"}'] == 1
    assert value["jass_open_tables"] == 1 and value["jass_database_errors_total"] == 0
    assert value["jass_database_up"] == 1  # asked when /metrics is read
    count = value["jass_command_seconds_count"]
    assert value['jass_command_seconds_bucket{le="+Inf"}'] == count >= 8
    assert health_status == 200 and '"database": true' in health_body
    edits = [v for k, v in value.items() if k.startswith('jass_discord_requests_total{method="PATCH"')]
    assert edits and sum(edits) >= 1  # the table message edited with the bot token
    assert value['jass_discord_429_total{scope="global"}'] == 0
    # what an operator dashboards: the process, the build, the gateway, servers and shards
    dashboard = (
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_open_fds",
        "process_start_time_seconds",
        "jass_gateway_latency_seconds",
        "jass_guilds",
        "jass_shards",
    )
    for name in dashboard:
        assert name in value, name
    assert any(k.startswith("jass_build_info{version=") for k in value)
    assert any(k.startswith('jass_render_seconds_count{picture="table"}') for k in value)
    assert "anna" not in body.lower() and "11" not in [v for k, v in lines.items() if "kind" in k]  # no user data


async def test_the_health_command_asks_healthz_when_the_web_server_is_on(tmp_path):
    """Docker's HEALTHCHECK (``python -m bot health``) asks /healthz where JASS_WEB_PORT is set."""
    import asyncio
    import os
    import subprocess
    import sys

    from bot.health import ask_web

    state = {"health": Health(True, "connecting")}
    server = await fake_server(state)
    try:
        ok, line = await asyncio.to_thread(ask_web, server.port)
        assert ok and '"gateway": "connecting"' in line
        env = {**os.environ, "JASS_WEB_PORT": str(server.port)}
        command = [sys.executable, "-m", "bot", "health"]
        done = await asyncio.to_thread(subprocess.run, command, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        state["health"] = Health(False, "connected")
        done = await asyncio.to_thread(subprocess.run, command, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "unhealthy" in done.stdout
    finally:
        await server.stop()
    ok, line = await asyncio.to_thread(ask_web, server.port, 2.0)  # nobody listens any more
    assert not ok and "no answer" in line


def test_discord_429s_are_counted_by_scope_from_discord_py_s_log():
    """discord.py retries a 429 itself and says so in its log; those lines are what is counted."""
    import logging

    from bot.services.metrics import Metrics, RateLimitLog

    metrics = Metrics()
    handler = RateLimitLog(metrics)
    logger = logging.getLogger("discord.http")
    logger.addHandler(handler)
    try:
        fmt = "We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds."
        logger.warning(fmt, "PATCH", "https://discord.com/api/v10/channels/1/messages/2", 0.5)
        logger.warning(fmt, "POST", "https://discord.com/api/v10/channels/1/messages", 1.0)
        logger.warning("Global rate limit has been hit. Retrying in %.2f seconds.", 1.0)
        logger.info("Done sleeping for the rate limit. Retrying...")
    finally:
        logger.removeHandler(handler)
    text = metrics.render({})
    assert 'jass_discord_429_total{scope="bucket"} 1.0' in text and 'jass_discord_429_total{scope="global"} 1.0' in text
    # the pinned discord.py still says so (an upgrade that changed its words would stop the count)
    import inspect

    import discord.http

    source = inspect.getsource(discord.http)
    assert "'We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds.'" in source
    assert "'Global rate limit has been hit. Retrying in %.2f seconds.'" in source


def test_each_client_has_its_own_token_bucket():
    from bot.web.server import RateLimit

    now = [100.0]
    limit = RateLimit(rate=2.0, burst=3.0, clock=lambda: now[0])
    assert [limit.wait("10.0.0.1") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.wait("10.0.0.1") == pytest.approx(0.5)  # empty: one token comes in half a second
    assert limit.wait("10.0.0.2") == 0.0  # another client is not held up
    now[0] += 0.5
    assert limit.wait("10.0.0.1") == 0.0
    now[0] += 60
    assert [limit.wait("10.0.0.1") for _ in range(4)][:3] == [0.0, 0.0, 0.0]  # never more than the burst


async def test_a_client_asking_too_often_is_answered_429_with_retry_after():
    from bot.web.server import RateLimit

    server = await fake_server({"health": Health(True, "connected"), "metrics": "x 1\n"})
    server.limit = RateLimit(rate=0.5, burst=2.0)
    try:
        answers = [await fetch(server.port, "/metrics") for _ in range(3)]
    finally:
        await server.stop()
    assert [status for status, _, _ in answers] == [200, 200, 429]
    _, headers, _ = answers[2]
    assert headers["Retry-After"] == "2" and headers["X-Content-Type-Options"] == "nosniff"
