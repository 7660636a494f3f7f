"""The web server against the open internet (issue 61): forged X-Forwarded-For, people behind one
address, IPv6 clients, a limiter full of clients, error answers' headers, slowloris connections,
/metrics kept off the public port."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest

import bot.web.server as server_module
from bot.web.server import Health, RateLimit, WebServer, client_key

from .site import healthy

SECURITY = ("X-Content-Type-Options", "Content-Security-Policy", "Referrer-Policy", "X-Frame-Options")


@pytest.fixture(autouse=True)
def on_both_databases() -> None:
    """No database here."""


async def metrics_text() -> str:
    return "jass_up 1\n"


async def started(**options) -> WebServer:
    server = WebServer(healthy, metrics_text, **options)
    await server.start("127.0.0.1", 0)
    return server


async def statuses(port: int, headers_list: list[dict[str, str]], path: str = "/healthz") -> list[int]:
    async with aiohttp.ClientSession() as session:

        async def one(headers: dict[str, str]) -> int:
            async with session.get(f"http://127.0.0.1:{port}{path}", headers=headers) as answer:
                return answer.status

        return list(await asyncio.gather(*(one(h) for h in headers_list)))


async def test_a_forged_forwarded_for_never_chooses_whom_a_request_counts_for():
    # No trusted proxy (the default): the header counts for nothing; every request is the peer's.
    server = await started(limit=RateLimit(rate=0.01, burst=5))
    try:
        forged = [{"X-Forwarded-For": f"203.0.113.{i}"} for i in range(10)]
        assert (await statuses(server.port, forged)).count(200) == 5
    finally:
        await server.stop()
    # Behind a trusted proxy (here on loopback) that appends the address it saw: the right-most
    # address that is not the proxy counts; what the client wrote left of it never does.
    server = await started(limit=RateLimit(rate=0.01, burst=5), trusted_proxies=["127.0.0.1"])
    try:
        mallory = [{"X-Forwarded-For": f"198.51.100.2, 203.0.113.{i}, 198.51.100.66"} for i in range(10)]
        assert (await statuses(server.port, mallory)).count(200) == 5  # one bucket, whatever she writes
        victim = [{"X-Forwarded-For": "198.51.100.2"}] * 5  # the address Mallory named first
        assert await statuses(server.port, victim) == [200] * 5  # her bucket is untouched
        via_two = [{"X-Forwarded-For": "198.51.100.77, 127.0.0.1"}] * 6  # two trusted hops
        assert (await statuses(server.port, via_two)).count(200) == 5
    finally:
        await server.stop()


async def test_four_people_behind_one_address_open_their_tables_at_once():
    """A live page load costs about 8 requests; four players of one table (or a family behind one
    router, or Discord's Activity proxy) load theirs at the same moment with the default limits."""
    server = await started()
    try:
        assert await statuses(server.port, [{}] * (4 * 8)) == [200] * 32
    finally:
        await server.stop()


def test_ipv6_clients_are_limited_by_their_64():
    limit = RateLimit(rate=0.001, burst=2, clock=lambda: 0.0)
    hosts = [client_key(f"2001:db8:aa:bb::{i:x}") for i in range(1, 6)]
    assert [limit.wait(h) for h in hosts][:2] == [0.0, 0.0]
    assert all(limit.wait(h) > 0 for h in hosts)  # a new address of the same /64 gets no new burst
    assert limit.wait(client_key("2001:db8:aa:bc::1")) == 0.0  # the next /64 is another client


def test_a_limited_client_is_not_forgotten_when_many_others_come_by(monkeypatch):
    monkeypatch.setattr(server_module, "CLIENTS", 100)
    now = [0.0]
    limit = RateLimit(rate=1.0, burst=3, clock=lambda: now[0])
    for _ in range(3):
        limit.wait("192.0.2.66")
    assert limit.wait("192.0.2.66") > 0  # limited now
    for i in range(5000):  # many clients, each once (all of them at their full burst soon after)
        limit.wait(f"10.{i // 250}.{i % 250}.1")
    assert limit.wait("192.0.2.66") > 0  # still limited: never forgotten while limited
    assert len(limit.buckets) <= 101


async def test_every_error_answer_carries_the_security_headers():
    async def broken() -> Health:
        raise RuntimeError("the health check itself failed")

    server = WebServer(broken, metrics_text)
    await server.start("127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            for method, path, status in (("GET", "/healthz", 500), ("POST", "/healthz", 405), ("GET", "/nope", 404),
                                         ("DELETE", "/metrics", 405)):  # fmt: skip
                async with session.request(method, f"http://127.0.0.1:{server.port}{path}") as answer:
                    assert answer.status == status, (method, path)
                    for key in SECURITY:
                        assert key in answer.headers, (status, key)
                    assert "Traceback" not in await answer.text()
    finally:
        await server.stop()


async def test_a_slowloris_is_closed_and_holds_up_nobody():
    server = await started(head_timeout=1.0)
    slow: list[asyncio.StreamWriter] = []
    readers: list[asyncio.StreamReader] = []
    try:
        for _ in range(50):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            readers.append(reader)
            slow.append(writer)
        started_at = time.monotonic()
        async with aiohttp.ClientSession() as session:
            for _ in range(3):  # a bystander is answered at once while they dribble
                for writer in slow:
                    writer.write(b"X-A: b\r\n")
                t0 = time.monotonic()
                async with session.get(f"http://127.0.0.1:{server.port}/healthz") as answer:
                    assert answer.status == 200
                assert time.monotonic() - t0 < 1.0
                await asyncio.sleep(0.3)
        # Each slow connection is closed by the server once its head took too long.
        closed = 0
        for reader in readers:
            data = await asyncio.wait_for(reader.read(), 10)
            closed += not data.startswith(b"HTTP/1.1 200")
        assert closed == 50 and time.monotonic() - started_at < 10
    finally:
        for writer in slow:
            writer.close()
        await server.stop()


async def test_metrics_on_a_port_of_their_own():
    server = WebServer(healthy, metrics_text)
    await server.start("127.0.0.1", 0, "127.0.0.1", 0)
    try:
        assert server.metrics_port and server.metrics_port != server.port
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{server.port}/metrics") as answer:
                assert answer.status == 404
            async with session.get(f"http://127.0.0.1:{server.metrics_port}/metrics") as answer:
                assert answer.status == 200 and "jass_up 1" in await answer.text()
            async with session.get(f"http://127.0.0.1:{server.port}/healthz") as answer:
                assert answer.status == 200
    finally:
        await server.stop()


async def test_web_requests_are_counted_by_route_and_status():
    from bot.services.metrics import Metrics

    measured = Metrics()
    server = await started(measured=measured)
    try:
        assert await statuses(server.port, [{}, {}]) == [200, 200]
        assert await statuses(server.port, [{}], "/nope/12345") == [404]
    finally:
        await server.stop()
    text = measured.render({})
    assert 'jass_web_requests_total{route="/healthz",status="200"} 2.0' in text
    assert 'jass_web_requests_total{route="unmatched",status="404"} 1.0' in text and "12345" not in text
    assert 'jass_web_request_seconds_count{route="/healthz"} 2.0' in text
