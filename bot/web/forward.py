"""A page of a table another process plays, forwarded to it (``bot/services/peers.py``): its page,
its score picture and its websocket, piped both ways. The owner checks the link as always; this
process only passes on what it was sent and what it gets back, so a forged link is refused there.

A forwarded request names the public host (the page's policy and its socket's address are the
site's, not the peer's), carries who the client is (vouched for, :class:`Peers`), and is marked as
forwarded: a process never forwards a forwarded request again (two processes that each think the
other plays a table answer "elsewhere" instead of passing it round).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import aiohttp
from aiohttp import web

from bot.services.peers import Peers

log = logging.getLogger(__name__)

#: The header that carries the client a peer vouches for, and the mark of a forwarded request.
PEER_HEADER = "X-Jass-Peer"
FORWARDED_HEADER = "X-Jass-Forwarded"
#: Who a request is from, as the web server's rate limit counted it (bot/web/server.py).
CLIENT = web.RequestKey("client", str)
#: What of the owner's answer is passed on.
KEPT = ("Content-Type", "Content-Security-Policy", "Cache-Control", "ETag", "Retry-After")
#: A page or picture larger than this is not passed on (the owner's are a few KB).
MAX_BODY = 4 * 1024 * 1024
TIMEOUT = aiohttp.ClientTimeout(total=10)


def forwarded(request: web.Request) -> bool:
    """The request came from a peer (it is never forwarded again)."""
    return FORWARDED_HEADER in request.headers


class Forwarder:
    """Passes pages and sockets on to the process that plays their table."""

    def __init__(self, peers: Peers, send_timeout: float, max_frame: int) -> None:
        self.peers = peers
        self.send_timeout = send_timeout
        self.max_frame = max_frame
        self._session: aiohttp.ClientSession | None = None

    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT, auto_decompress=False)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def _headers(self, request: web.Request, client: str) -> dict[str, str]:
        headers = {"Host": request.host, FORWARDED_HEADER: "1"}
        try:
            headers[PEER_HEADER] = await self.peers.vouch(client)
        except Exception as err:  # the key unreadable now (a busy database): the owner counts this process
            log.warning("web: a forwarded client not vouched for: %s", type(err).__name__)
        return headers

    async def get(self, request: web.Request, address: str, client: str) -> web.Response:
        """A page or a picture, as the owner answers it."""
        try:
            async with self.session().get(address.rstrip("/") + request.rel_url.path_qs, allow_redirects=False,
                                          headers=await self._headers(request, client)) as answer:  # fmt: skip
                body = await answer.content.read(MAX_BODY + 1)
                if len(body) > MAX_BODY:
                    raise web.HTTPBadGateway(text="the table's process answered too much\n")
                headers = {key: answer.headers[key] for key in KEPT if key in answer.headers}
                return web.Response(status=answer.status, body=body, headers=headers)
        except (aiohttp.ClientError, TimeoutError) as err:
            log.info("web: the process at %s did not answer a forwarded page: %s", address, type(err).__name__)
            raise web.HTTPBadGateway(text="the table's process does not answer; try again in a moment\n") from err

    async def socket(self, request: web.Request, address: str, client: str) -> web.StreamResponse:
        """The page's websocket, piped to the owner's: frames down, clicks up, each as it comes."""
        url = address.rstrip("/").replace("http", "ws", 1) + request.rel_url.path_qs
        try:
            upstream = await self.session().ws_connect(url, headers=await self._headers(request, client),
                                                       heartbeat=20, max_msg_size=self.max_frame)  # fmt: skip
        except aiohttp.WSServerHandshakeError as err:  # the owner refused the link (403) or is full (503)
            raise _status(err.status) from err
        except (aiohttp.ClientError, TimeoutError) as err:
            raise web.HTTPBadGateway(text="the table's process does not answer; try again in a moment\n") from err
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=self.max_frame)
        try:
            await ws.prepare(request)
            down = asyncio.create_task(self._down(upstream, ws, request))
            up = asyncio.create_task(self._up(ws, upstream))
            await asyncio.wait((down, up), return_when=asyncio.FIRST_COMPLETED)
            for task in (down, up):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        finally:
            code = upstream.close_code or aiohttp.WSCloseCode.GOING_AWAY
            await upstream.close()
            with contextlib.suppress(Exception):
                await ws.close(code=code)
        return ws

    async def _down(self, upstream: aiohttp.ClientWebSocketResponse, ws: web.WebSocketResponse,
                    request: web.Request) -> None:  # fmt: skip
        async for message in upstream:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            try:  # a page that stops reading holds up nobody else: it is cut, as the owner would cut it
                await asyncio.wait_for(ws.send_str(message.data), self.send_timeout)
            except TimeoutError:
                if request.transport is not None:
                    request.transport.abort()
                return

    async def _up(self, ws: web.WebSocketResponse, upstream: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            await upstream.send_str(message.data)  # the owner limits what a page may send


def _status(status: int) -> web.HTTPException:
    """The owner's refusal of a socket, passed on with its status."""
    if status == 403:
        return web.HTTPForbidden(text="link refused\n")
    if status == 503:
        return web.HTTPServiceUnavailable(text="too many pages at this table\n")
    return web.HTTPBadGateway(text="the table's process refused the page\n")
