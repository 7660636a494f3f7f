"""The live table in the browser: a seat's page (``/table/<token>``) and its websocket.

The page is a shell; ``static/table.js`` draws what the websocket sends. Each socket belongs to one
link (:class:`bot.services.live.Grant`): it receives only that seat's view (its own cards) or, for
a spectator, the public view, as a state built here after every committed command of the table.
A click comes back as the id of a card or of a choice the seat's view offers (``bot/web/kinds``);
it becomes the same command the Discord buttons give, and a refusal is told with the bot's text.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from jinja2 import Environment

from bot.ai.player import play_command
from bot.game import Command, GameError, TableSnapshot, TableView
from bot.game.events import Event, TurnReminder
from bot.rules import Card
from bot.services.live import BadLink, Grant, LiveLinks
from bot.services.tables import StorageFailed, TableService, UnknownTable
from bot.texts import refusal_text
from bot.texts.cards import deck_for
from bot.texts.web import WEB

from .kinds import part_for
from .pages import LANGUAGES, SUIT_CLASSES, text

log = logging.getLogger(__name__)

#: A page with a websocket and its own script, nothing else.
#: It may be framed by Discord's client: the Activity opens it (bot/web/activity.py).
LIVE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self' {ws}; "
            "base-uri 'none'; form-action 'none'; frame-ancestors https://discord.com https://*.discord.com "
            "https://*.discordsays.com")  # fmt: skip
#: The largest message a browser may send (a click is a few dozen bytes).
MAX_MESSAGE = 1024


def cards_of(mask: int) -> list[int]:
    return [i for i in range(36) if mask >> i & 1]


def state_of(snapshot: TableSnapshot, seat: int | None, lang: str) -> dict[str, Any]:
    """What the seat (None: a spectator) sees of the table now, for its page: never another seat's cards."""
    view = snapshot.view_for(seat)
    t = text(lang)
    deck = deck_for(lang, view.rules)

    def card(c: int) -> dict[str, Any]:
        return {"card": str(Card.from_index(c)), "label": deck.card(c, view.contract), "suit": c // 9,
                "colour": SUIT_CLASSES[c // 9]}  # fmt: skip

    in_trick = dict(view.trick)
    last = view.tricks[-1] if view.tricks and not view.trick else None
    seats = []
    for i, s in enumerate(view.seats):
        shown = in_trick.get(i)
        if shown is None and last is not None:
            shown = last.cards[(i - last.leader) % len(last.cards)]
        seats.append({"name": s.name, "turn": view.turn == i, "you": seat == i, "computer": s.is_computer,
                      "card": card(shown) if shown is not None else None})  # fmt: skip
    part = part_for(view.kind)
    mine = seat is not None and view.turn == seat
    choices = [asdict(c) for c in part.choices(view, deck, t)] if mine or view.phase == "predict" else []
    hand = [{**card(c), "legal": bool(view.legal >> c & 1)} for c in cards_of(view.hand)] if seat is not None else []
    contract = _contract(view, deck)
    return {
        "seq": snapshot.seq,
        "game": view.game_no,
        "hand_no": view.hand_no,
        "phase": view.phase,
        "title": f"{t('kind.' + view.kind)} · {t('hand', n=view.hand_no)}" if view.hand_no else t("kind." + view.kind),
        "contract": f"{t('contract')}: {contract}" if contract else "",
        "seats": seats,
        "you": seat,
        "hand": hand,
        "choices": choices,
        "board": asdict(part.board(view, t)),
        "notes": _notes(view, deck, t),
        "status": _status(view, seat, t),
        "tricks": len(view.tricks),
    }


def _contract(view: TableView, deck: Any) -> str:
    if view.contract_name:
        return str(deck.named(view.contract_name))
    return str(deck.contract(view.contract)) if view.contract is not None else ""


def _notes(view: TableView, deck: Any, t: Any) -> list[str]:
    """Weis and Stöck as everyone sees them (public once shown)."""
    out = []
    for seat, weis in sorted(view.weis.items()):
        if weis:
            out.append(f"{view.seats[seat].name}: {t('live.weis')} " + ", ".join(str(w.points) for w in weis))
    if view.stoeck_holder is not None:
        out.append(t("live.stoeck", name=view.seats[view.stoeck_holder].name))
    return out


def _status(view: TableView, seat: int | None, t: Any) -> str:
    if view.phase == "game_over":
        return str(t("live.over"))
    if view.phase == "lobby":
        return str(t("live.waiting"))
    if view.phase == "hand_over":
        return str(t("live.between"))
    if seat is not None and view.turn == seat:
        return str(t("live.your_turn"))
    if view.turn is not None:
        return str(t("live.turn_of", name=view.seats[view.turn].name))
    return "" if seat is not None else str(t("live.spectator"))


@dataclass(eq=False)
class Socket:
    ws: web.WebSocketResponse
    grant: Grant
    lang: str


class LiveTables:
    """The live table's page and websockets; pushes every committed change to the table's sockets."""

    def __init__(self, tables: TableService, links: LiveLinks, env: Environment) -> None:
        self.tables = tables
        self.links = links
        self.env = env
        self.sockets: dict[str, set[Socket]] = {}
        self.frames: list[tuple[Grant, dict[str, Any]]] | None = None  # tests: every frame sent, to audit
        tables.subscribe(self._on_events)

    def routes(self, app: web.Application) -> None:
        app.router.add_get("/table/{token}", self.page)
        app.router.add_get("/table/{token}/ws", self.socket)
        app.on_shutdown.append(self._close_all)

    async def _close_all(self, app: web.Application) -> None:
        """The server stops: every page is told so (it reconnects by itself when the bot is back)."""
        for conn in [c for conns in self.sockets.values() for c in conns]:
            with contextlib.suppress(Exception):
                await conn.ws.close(code=WSCloseCode.GOING_AWAY, message=b"restart")

    @staticmethod
    def _lang(request: web.Request) -> str:
        asked = request.query.get("lang", "de")
        return asked if asked in LANGUAGES else "de"

    async def page(self, request: web.Request) -> web.Response:
        lang = self._lang(request)
        t = text(lang)
        try:
            grant = await self.links.verify(request.match_info["token"])
        except BadLink:
            body = self.env.get_template("live_refused.html").render(t=t, lang=lang)
            return web.Response(status=403, text=body, content_type="text/html")
        ws = f"ws://{request.host} wss://{request.host}"
        body = self.env.get_template("live.html").render(t=t, lang=lang, spectator=grant.seat is None,
                                                         texts=json.dumps({k: v[lang] for k, v in WEB.items()
                                                                           if k.startswith("live.")}))  # fmt: skip
        headers = {"Content-Security-Policy": LIVE_CSP.format(ws=ws), "Cache-Control": "no-store"}
        return web.Response(text=body, content_type="text/html", headers=headers)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        try:
            grant = await self.links.verify(request.match_info["token"])
        except BadLink as err:
            raise web.HTTPForbidden(text=f"link refused: {err.reason}\n") from err
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        conn = Socket(ws, grant, self._lang(request))
        self.sockets.setdefault(grant.table_id, set()).add(conn)
        if grant.seat is not None:
            self.links.opened(grant.table_id, grant.seat)
        try:
            await self._send_state(conn, await self.tables.table(grant.table_id))
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    break
                await self._on_message(conn, message.data)
        except (UnknownTable, ConnectionResetError):
            pass
        finally:
            self.sockets.get(grant.table_id, set()).discard(conn)
            if grant.seat is not None:
                self.links.closed(grant.table_id, grant.seat)
        return ws

    async def _on_events(self, table_id: str, events: Sequence[Event | TurnReminder], table: TableSnapshot) -> None:
        for conn in list(self.sockets.get(table_id, ())):
            with contextlib.suppress(ConnectionResetError, RuntimeError):
                await self._send_state(conn, table)

    async def _send(self, conn: Socket, frame: dict[str, Any]) -> None:
        if self.frames is not None:
            self.frames.append((conn.grant, frame))
        await conn.ws.send_json(frame)

    async def _send_state(self, conn: Socket, table: TableSnapshot) -> None:
        seat = conn.grant.seat
        if seat is not None and table.seats[seat].actor != conn.grant.actor:
            seat = None  # the seat changed hands: the link shows the public view only
        await self._send(conn, {"type": "state", "state": state_of(table, seat, conn.lang)})

    async def _refuse(self, conn: Socket, text_: str) -> None:
        await self._send(conn, {"type": "refused", "text": text_})

    async def _on_message(self, conn: Socket, data: str) -> None:
        t = text(conn.lang)
        try:
            message = json.loads(data)
            choice, game, hand = str(message["id"])[:64], int(message["game"]), int(message["hand_no"])
        except (ValueError, KeyError, TypeError):
            await self._refuse(conn, refusal_text(GameError("OTHER"), conn.lang))
            return
        grant = conn.grant
        snapshot = await self.tables.table(grant.table_id)
        if grant.seat is None or grant.actor is None or snapshot.seats[grant.seat].actor != grant.actor:
            await self._refuse(conn, t("live.link_bad"))
            return
        if (game, hand) != (snapshot.game_no, snapshot.hand_no):
            await self._refuse(conn, t("live.stale"))  # a click on a hand that is over: nothing played
            await self._send_state(conn, snapshot)
            return
        view = snapshot.view_for(grant.seat)
        command: Command | None
        if choice.startswith("card:"):
            try:
                card = Card.parse(choice.removeprefix("card:")).index
            except ValueError:
                command = None
            else:  # manual Weis and Stöck: every Weis held is declared, Stöck announced when completed
                command = play_command(view, grant.actor, card)
        else:
            command = part_for(view.kind).command(view, grant.actor, choice)
        if command is None:
            await self._refuse(conn, t("live.stale"))
            return
        try:
            await self.tables.execute(grant.table_id, command)
        except GameError as err:
            await self._refuse(conn, refusal_text(err, conn.lang))
        except StorageFailed:
            await self._refuse(conn, refusal_text(GameError("OTHER"), conn.lang))
