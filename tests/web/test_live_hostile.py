"""The live table against hostile and broken clients (issue 61): a page that stops reading, a page
that floods, malformed, binary and oversized messages. None of them holds up a command, another page
or another table, and each gets a refusal frame or is dropped, never a server error."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import socket
import time

import aiohttp
import pytest

import bot.web.live as live_module
from bot.web.live import MAX_MESSAGE, parse_click

from .live_game import play_through, seated_table
from .test_live_table import QUICK, serve


async def silent_socket(port: int, path: str) -> socket.socket:
    """A websocket client with a tiny receive buffer that, once connected, never reads again."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.setblocking(False)
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(sock, (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                                   "Sec-WebSocket-Version: 13\r\n\r\n").encode())  # fmt: skip
    head = b""
    while b"\r\n\r\n" not in head:  # one byte at a time: nothing of the frames after it is read
        head += await loop.sock_recv(sock, 1)
    assert b" 101 " in head.split(b"\r\n")[0]
    return sock


async def test_a_page_that_stops_reading_holds_up_nobody(tmp_path, backend, monkeypatch):
    monkeypatch.setattr(live_module, "SEND_TIMEOUT", 1.0)
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    silent: list[socket.socket] = []
    try:
        table_id = await seated_table(services, {**QUICK, "hands_per_game": 10})
        other = await seated_table(services, QUICK, "other")
        spectator = await services.live.token(table_id, None)
        for _ in range(3):
            silent.append(await silent_socket(served.server.port, f"/table/{spectator}/ws"))
        await asyncio.sleep(0.2)
        for conn in served.live.sockets[table_id]:  # the server's side buffers little too
            conn.ws.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            bystanders = await served.pages(session, other)
            started = time.monotonic()
            await asyncio.wait_for(play_through(players, services, table_id), 120)
            played = time.monotonic() - started
            # The silent pages were dropped (within the send timeout); the people's pages saw the end.
            for _ in range(50):
                if len(served.live.sockets.get(table_id, ())) == 4:
                    break
                await asyncio.sleep(0.1)
            assert len(served.live.sockets.get(table_id, ())) == 4, served.live.sockets.get(table_id)
            for p in players:
                await p.read(0.3)
                assert p.state is not None and p.state["phase"] == "game_over"
            # Another table was never held up either: one card from its page is answered at once.
            await asyncio.wait_for(play_through(bystanders, services, other, until="play"), 10)
            for p in (*players, *bystanders):
                await p.ws.close()
        cards = sum(ev["type"] == "card" for ev in await services.tables.events(table_id))
        assert cards == 10 * 36 and played < 90, (cards, played)
    finally:
        for sock in silent:
            sock.close()
        await served.close()


async def test_no_subscriber_stalls_a_command(tmp_path, backend):
    """A subscriber that never returns (a stuck Discord edit, a dead socket): commands go on."""
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    services.tables.notify_bound = 0.2
    stuck = asyncio.Event()
    calls: list[int] = []

    async def never_returns(table_id, events, table) -> None:
        calls.append(table.seq)
        await stuck.wait()

    try:
        services.tables.subscribe(never_returns)
        table_id = await seated_table(services, QUICK)
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            await asyncio.wait_for(play_through(players, services, table_id, until="play"), 20)
            for p in players:
                await p.ws.close()
        assert calls == sorted(calls) and len(calls) == 1  # the next calls wait for the stuck one, in order
        stuck.set()
        await asyncio.sleep(0.3)
        assert len(calls) > 3 and calls == sorted(calls)
    finally:
        stuck.set()
        await served.close()


async def test_malformed_binary_oversized_and_flooding_messages(tmp_path, backend, caplog):
    caplog.set_level(logging.INFO)
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    try:
        table_id = await seated_table(services, QUICK)
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            anna = players[0]
            seq = (await services.tables.table(table_id)).seq
            bad_messages = (
                '{"game": 1e999, "hand_no": 1, "id": "x"}',
                '{"game": "1", "hand_no": 1, "id": "x"}',
                "[" * 400 + "]" * 400,
                '"just a string"',
                "{}",
                '{"id": 5, "game": 1, "hand_no": 1}',
            )
            for bad in bad_messages:
                await anna.ws.send_str(bad)
            await anna.ws.send_bytes(b"\x00\x01binary")
            await anna.ws.send_str(json.dumps({"id": "x" * (2 * MAX_MESSAGE), "game": 1, "hand_no": 1}))
            await anna.read(0.5)
            assert len(anna.refusals) == 8 and not anna.ws.closed
            # A stale click (an earlier hand) is refused without a new state.
            anna.state = None
            await anna.ws.send_json({"id": "card:rose-6", "game": 1, "hand_no": 99})
            await anna.read(0.5)
            assert len(anna.refusals) == 9 and anna.state is None
            assert (await services.tables.table(table_id)).seq == seq
            # A flood: past the bucket messages are dropped unanswered; keeping on closes the socket.
            flooder = players[1]
            for _ in range(live_module.MAX_DROPPED + int(live_module.MESSAGE_BURST) + 50):
                await flooder.ws.send_json({"id": "card:rose-6", "game": 1, "hand_no": 99})
            message = await flooder.ws.receive(timeout=5)
            answered = 0
            while message.type == aiohttp.WSMsgType.TEXT:
                answered += 1
                message = await flooder.ws.receive(timeout=5)
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert flooder.ws.close_code == live_module.POLICY_VIOLATION
            assert answered <= live_module.MESSAGE_BURST + 5
            # The others still play.
            await players[2].read(0.1)
            assert not players[2].ws.closed
        assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    finally:
        await served.close()


@pytest.mark.parametrize("data", ["", "null", "1e999", '{"id": "a", "game": true, "hand_no": 1}',
                                  '{"id": "a", "game": -1, "hand_no": 1}', '{"id": "a", "game": 1}'])  # fmt: skip
def test_parse_click_refuses_what_is_not_a_click(data: str) -> None:
    assert parse_click(data) is None


async def test_a_link_opened_many_times_costs_the_table_one_state_per_move(tmp_path, backend, monkeypatch):
    """One spectator link opened in many sockets: each table state is built once for all of them,
    and past MAX_PAGES pages a new socket is refused (503)."""
    monkeypatch.setattr(live_module, "MAX_PAGES", 12)
    built = []
    real = live_module.state_of

    def counted(snapshot, seat, lang, *rest):
        built.append((snapshot.seq, seat, lang))
        return real(snapshot, seat, lang, *rest)

    monkeypatch.setattr(live_module, "state_of", counted)
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    try:
        table_id = await seated_table(services, QUICK)
        spectator = served.url(await services.live.token(table_id, None)) + "/ws"
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            watchers = [await session.ws_connect(spectator) for _ in range(8)]  # 4 + 8 = the 12 allowed
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(spectator)
            assert refused.value.status == 503
            await asyncio.sleep(0.3)
            built.clear()
            await asyncio.wait_for(play_through(players, services, table_id), 90)
            await asyncio.sleep(0.3)
            moves = len({seq for seq, _, _ in built})
            spectators = sum(seat is None for _, seat, _ in built)
            assert spectators <= moves + 2, (spectators, moves)  # once per state, not once per page
            for ws in watchers:
                await ws.close()
            for p in players:
                await p.ws.close()
    finally:
        await served.close()
