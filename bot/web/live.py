"""The live table in the browser: a seat's page (``/table/<token>``) and its websocket.

The page is a shell; ``static/table.js`` (built from ``bot/web/client``, TypeScript) draws what the
websocket sends. Each socket belongs to one link (:class:`bot.services.live.Grant`): it receives
only that seat's view (its own cards) or, for a spectator, the public view, as a state built here
after every committed command of the table. A page is sent its whole state when it connects, then
each change as a patch of it (RFC 6902 JSON Patch: the few fields a card changes, not the table
again), both written in ``protocol.schema.json``. A click comes back as the id of a card or of a
choice the seat's view offers (``bot/web/kinds``); it becomes the same command the Discord buttons
give, and a refusal is told with the bot's text. A link to a table another process plays (several
shard processes behind one address) is forwarded to that process (``forward.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from jinja2 import Environment

from bot.game import Command, GameError, TableSnapshot, TableView
from bot.game.clicks import STOECK_BIT, card_command, play_everything
from bot.game.events import Event, TurnReminder
from bot.render.sprite import sprite_key, sprite_url
from bot.rules import Card
from bot.services.live import BadLink, Grant, LiveLinks
from bot.services.tables import StorageFailed, TableService, UnknownTable
from bot.texts import refusal_text
from bot.texts.cards import deck_for, weis_label
from bot.texts.web import WEB

from .forward import CLIENT, Forwarder, forwarded
from .kinds import part_for
from .pages import LANGUAGES, SUIT_CLASSES, isolated, text
from .patches import diff

log = logging.getLogger(__name__)

#: A page with a websocket and its own script, nothing else.
#: It may be framed by Discord's client: the Activity opens it (bot/web/activity.py).
LIVE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self' {ws}; "
            "base-uri 'none'; form-action 'none'; frame-ancestors https://discord.com https://*.discord.com "
            "https://*.discordsays.com")  # fmt: skip
#: The largest message a browser may send (a click is a few dozen bytes); a longer one is refused.
MAX_MESSAGE = 1024
#: A message past this size closes the socket (aiohttp reads no further).
MAX_FRAME = 64 * 1024
#: A socket that has not taken a frame within this many seconds is dropped (its page reconnects).
SEND_TIMEOUT = 5.0
#: Bytes a page may be behind (sent to it, not yet taken by its connection); past it the socket is
#: dropped (its page reconnects and gets the whole state): a page that stops reading costs no more.
MAX_BEHIND = 32 * 1024
#: Frames (refusals) waiting for one socket at most; past it the socket is dropped. States never pile
#: up: only the newest waits.
MAX_PENDING = 64
#: Messages a socket may send a second on average, and at once; past that they are dropped, and a
#: socket that keeps on sending past it (:data:`MAX_DROPPED` in a row) is closed.
MESSAGE_RATE, MESSAGE_BURST, MAX_DROPPED = 10.0, 20.0, 200
#: Close code for a socket that floods (RFC 6455: policy violation).
POLICY_VIOLATION = 1008
#: Pages one table may have open at once (four people on a few devices, and spectators); past it a
#: new socket is refused (503): a link opened a thousand times costs the table nothing.
MAX_PAGES = 48
#: A change longer than this (bytes) is sent as the whole state where that is shorter (a new hand).
LONG_PATCH = 1024
#: Score pictures kept drawn (per table, scored hand and language).
PICTURES = 64
#: The kind's score picture of a table as it is now, drawn (PNG) in a language, or None; given by the
#: bot (the presenters draw it for Discord's summaries, bot/client.py), absent in tests of the server.
ScorePicture = Callable[[TableSnapshot, str], Awaitable[bytes | None]]

#: States kept rendered (each table's newest, per seat and language): a state is built and encoded
#: once for all the pages that show it.
RENDERED = 512


def cards_of(mask: int) -> list[int]:
    return [i for i in range(36) if mask >> i & 1]


#: Each card's name in the histories, by its index.
NAMES = tuple(str(Card.from_index(c)) for c in range(36))


@lru_cache(maxsize=8192)
def _card(c: int, label: str, *more: tuple[str, Any]) -> dict[str, Any]:
    """A card as a page has it (never changed once made: states share it, and comparing two states,
    as a patch is made, finds a card unchanged by its identity)."""
    return {"card": NAMES[c], "label": label, "suit": c // 9, "i": c, "colour": SUIT_CLASSES[c // 9], **dict(more)}


def state_of(snapshot: TableSnapshot, seat: int | None, lang: str, timer: float | None = None,
             deadline: float | None = None) -> dict[str, Any]:  # fmt: skip
    """What the seat (None: a spectator) sees of the table now, for its page: never another seat's cards.
    ``timer``: the seconds a person has for a turn at this table (None: no turn timer); ``deadline``:
    when the turn under way runs out (seconds since the epoch)."""
    view = snapshot.view_for(seat)
    t = text(lang)
    deck = deck_for(lang, view.rules)

    def card(c: int, **more: Any) -> dict[str, Any]:
        return _card(c, deck.card(c, view.contract), *more.items())

    base = seat if seat is not None else 0  # the viewer sits at the bottom (a spectator sees seat 1 there)

    in_trick = dict(view.trick)
    last = view.tricks[-1] if view.tricks and not view.trick else None
    seats = []
    for i, s in enumerate(view.seats):
        shown = in_trick.get(i)
        if shown is None and last is not None:
            shown = last.cards[(i - last.leader) % len(last.cards)]
        seats.append({"name": s.name, "turn": view.turn == i, "you": seat == i, "computer": s.is_computer,
                      "card": card(shown) if shown is not None else None,
                      "at": (i - base) % 4,  # 0 bottom, 1 right, 2 top, 3 left: play goes to the right
                      "dealer": view.dealer == i, "forehand": view.forehand == i,
                      # Weis (public once shown: the points of each) and Stöck, announced at the seat
                      "weis": [w.points for w in view.weis.get(i, [])], "stoeck": view.stoeck_holder == i})  # fmt: skip
    part = part_for(view.kind)
    mine = seat is not None and view.turn == seat
    choices = [asdict(c) for c in part.choices(view, deck, t)] if mine or view.phase == "predict" else []
    hand = [card(c, legal=bool(view.legal >> c & 1)) for c in cards_of(view.hand)] if seat is not None else []
    # manual Weis and Stöck, the seat's own: what it may declare with its card (a bit each), and
    # which of its cards would complete Stöck now
    offered = view.weis_options[:6] if mine else ()
    weis = [{"bit": 1 << i, "label": weis_label(w, deck, lang)} for i, w in enumerate(offered)]
    stoeck = [str(Card.from_index(c)) for c in cards_of(view.stoeck_cards)] if mine else []
    contract = _contract(view, deck)
    # while a trick is under way, the one before it, to look at (each card with its player's place)
    before = view.tricks[-1] if view.tricks and view.trick else None
    last_trick = [card(c, at=(before.leader + n - base) % 4) for n, c in enumerate(before.cards)] if before else []
    return {
        "seq": snapshot.seq,
        "sprite": sprite_url(sprite_key(deck.kind, deck.french_map, lang)),
        "game": view.game_no,
        "hand_no": view.hand_no,
        "phase": view.phase,
        "title": f"{t('kind.' + view.kind)} · {t('hand', n=view.hand_no)}" if view.hand_no else t("kind." + view.kind),
        "contract": f"{t('contract')}: {contract}" if contract else "",
        "seats": seats,
        "you": seat,
        "hand": hand,
        "weis": weis,
        "stoeck": {"bit": STOECK_BIT, "cards": stoeck} if stoeck else None,
        "choices": choices,
        "board": _board(part.board(view, t)),
        "notes": _notes(view, deck, t, lang),
        "status": _status(view, seat, t),
        "tricks": len(view.tricks),
        "last": last_trick,
        # the trick just completed, still on the felt: the place of the one who took it (it goes there)
        "taken": (last.winner - base) % 4 if last is not None else None,
        # the version of the kind's score picture (the Jasstafel, Tafel, pad) as after the last hand scored
        "score": _score_version(view),
        # a person at turn, at a table with a turn timer: the seconds they have (the page counts down)
        "timer": timer if timer and view.turn is not None and not view.seats[view.turn].is_computer else None,
        # ... and when it runs out (milliseconds since the epoch): a page opened mid-turn shows the time left
        "deadline": round(deadline * 1000) if deadline and timer and view.turn is not None else None,
    }


def _score_version(view: TableView) -> str | None:
    """Which scored hand the score picture shows: it changes when a hand (or the game) is scored."""
    if view.phase in ("hand_over", "game_over"):
        return f"{view.game_no}.{view.hand_no}.{view.phase}"
    if view.hand_no > 1:
        return f"{view.game_no}.{view.hand_no - 1}.hand_over"
    return None


def _board(board: Any) -> dict[str, Any]:
    """The score as JSON has it (lists, so that a change of one cell is a patch of that cell)."""
    return {"caption": board.caption, "heads": list(board.heads), "rows": [list(row) for row in board.rows]}


def _contract(view: TableView, deck: Any) -> str:
    if view.contract_name:
        return str(deck.named(view.contract_name))
    return str(deck.contract(view.contract)) if view.contract is not None else ""


def _notes(view: TableView, deck: Any, t: Any, lang: str) -> list[str]:
    """Weis and Stöck as everyone sees them (public once shown: each Weis with its cards)."""
    out = []
    for seat, weis in sorted(view.weis.items()):
        if weis:
            out.append(f"{isolated(view.seats[seat].name)}: " + ", ".join(weis_label(w, deck, lang) for w in weis))
    if view.stoeck_holder is not None:
        out.append(t("live.stoeck", name=isolated(view.seats[view.stoeck_holder].name)))
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
        return str(t("live.turn_of", name=isolated(view.seats[view.turn].name)))
    return "" if seat is not None else str(t("live.spectator"))


@dataclass(eq=False)
class Rendered:
    """A state built for a seat and language; its frame is encoded only when a page needs it whole."""

    frame: dict[str, Any]
    table: TableSnapshot
    _text: str | None = None

    @property
    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.frame["state"]
        return state

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self.frame)
        return self._text


@dataclass(eq=False)
class Socket:
    """One page's socket: what waits to be sent to it (the newest table state, refusals in order),
    sent by its own task, so that a page that stops reading holds up nothing but itself."""

    ws: web.WebSocketResponse
    grant: Grant
    lang: str
    transport: asyncio.Transport | None = None
    table: TableSnapshot | None = None  # the newest state not yet sent
    frames: deque[dict[str, Any]] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    tokens: float = MESSAGE_BURST
    at: float = field(default_factory=time.monotonic)
    dropped: int = 0  # messages over the rate in a row
    shown: dict[str, Any] | None = None  # the state the page has now (the base of the next patch)

    def allow(self, now: float) -> bool:
        """A token bucket for the page's messages."""
        self.tokens = min(MESSAGE_BURST, self.tokens + (now - self.at) * MESSAGE_RATE)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.dropped = 0
            return True
        self.dropped += 1
        return False


def _client(request: web.Request) -> str:
    """Who the request is from, as the web server's rate limit keyed it."""
    return request.get(CLIENT) or request.remote or "?"


def parse_click(data: str) -> tuple[str, int, int] | None:
    """``{"id": …, "game": n, "hand_no": n}`` from a page, or None for anything else.

    >>> parse_click('{"id": "card:rose-6", "game": 1, "hand_no": 2}')
    ('card:rose-6', 1, 2)
    >>> parse_click('{"id": "x", "game": 1e999, "hand_no": 1}') is None
    True
    """
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict):
        return None
    choice, game, hand = message.get("id"), message.get("game"), message.get("hand_no")
    numbers = (game, hand)
    if not isinstance(choice, str) or not all(type(n) is int and 0 <= n < 1_000_000 for n in numbers):
        return None
    return choice[:64], int(game), int(hand)  # type: ignore[arg-type]


class LiveTables:
    """The live table's page and websockets; pushes every committed change to the table's sockets."""

    def __init__(self, tables: TableService, links: LiveLinks, env: Environment,
                 score: ScorePicture | None = None, forward: Forwarder | None = None) -> None:  # fmt: skip
        self.tables = tables
        self.forward = forward  # several processes: a table another one plays is forwarded to it
        self.score = score
        self._pictures: OrderedDict[tuple[str, str, str], bytes | None] = OrderedDict()
        self.links = links
        self.env = env
        self.sockets: dict[str, set[Socket]] = {}
        # tests: every frame sent, to audit, with the state the page has once it took it
        self.frames: list[tuple[Grant, dict[str, Any], dict[str, Any] | None]] | None = None
        self._rendered: OrderedDict[tuple[str, int, int | None, str], Rendered]
        self._rendered = OrderedDict()
        self._patches: OrderedDict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], dict[str, Any], str]]
        self._patches = OrderedDict()
        tables.subscribe(self._on_events)

    def routes(self, app: web.Application) -> None:
        app.router.add_get("/table/{token}", self.page)
        app.router.add_get("/table/{token}/ws", self.socket)
        app.router.add_get("/table/{token}/score.png", self.picture)
        app.on_shutdown.append(self._close_all)

    async def _owner(self, request: web.Request, err: BadLink) -> str | None:
        """Where a link's table is played when another process plays it (None: nowhere else known,
        or the request was forwarded already)."""
        if err.reason != "elsewhere" or self.forward is None or forwarded(request):
            return None
        try:
            guild, _, _ = await self.tables.place(request.match_info["token"].split(".")[0])
        except UnknownTable:
            return None
        return await self.forward.peers.address_of(guild)

    async def _close_all(self, app: web.Application) -> None:
        """The server stops: every page is told so (it reconnects by itself when the bot is back)."""
        if self.forward is not None:
            await self.forward.close()
        for conn in [c for conns in self.sockets.values() for c in conns]:
            with contextlib.suppress(Exception):
                await conn.ws.close(code=WSCloseCode.GOING_AWAY, message=b"restart")

    @staticmethod
    def _lang(request: web.Request) -> str:
        asked = request.query.get("lang", "de")
        return asked if asked in LANGUAGES else "de"

    async def page(self, request: web.Request) -> web.StreamResponse:
        lang = self._lang(request)
        t = text(lang)
        try:
            grant = await self.links.verify(request.match_info["token"])
        except BadLink as err:
            owner = await self._owner(request, err)
            if owner is not None and self.forward is not None:
                return await self.forward.get(request, owner, _client(request))
            body = self.env.get_template("live_refused.html").render(t=t, lang=lang)
            return web.Response(status=403, text=body, content_type="text/html")
        ws = f"ws://{request.host} wss://{request.host}"
        texts = json.dumps({k: v[lang] for k, v in WEB.items() if k.startswith(("live.", "activity."))})
        # the table as it is now, drawn before the socket is open (a slow network waits one round trip less)
        try:
            first = self._rendered_state(grant, await self.tables.table(grant.table_id), lang).text
        except UnknownTable:
            first = ""
        body = self.env.get_template("live.html").render(t=t, lang=lang, spectator=grant.seat is None, texts=texts,
                                                         first=first)  # fmt: skip
        headers = {"Content-Security-Policy": LIVE_CSP.format(ws=ws), "Cache-Control": "no-store"}
        return web.Response(text=body, content_type="text/html", headers=headers)

    async def picture(self, request: web.Request) -> web.StreamResponse:
        """The kind's score as the bot draws it in Discord (the Jasstafel, the Coiffeur Tafel, the pad),
        for a valid link; its address names the scored hand, so a browser keeps it until the next one."""
        try:
            grant = await self.links.verify(request.match_info["token"])
            snapshot = await self.tables.table(grant.table_id)
        except BadLink as err:
            owner = await self._owner(request, err)
            if owner is not None and self.forward is not None:
                return await self.forward.get(request, owner, _client(request))
            raise web.HTTPForbidden(text="link refused\n") from err
        except UnknownTable as err:
            raise web.HTTPForbidden(text="link refused\n") from err
        version = _score_version(snapshot.view_for(None))
        lang = self._lang(request)
        if self.score is None or version is None:
            raise web.HTTPNotFound(text="no score drawn yet\n")
        key = (grant.table_id, version, lang)
        if key in self._pictures:
            png = self._pictures[key]
        else:
            png = self._pictures[key] = await self.score(snapshot, lang)
            while len(self._pictures) > PICTURES:
                self._pictures.popitem(last=False)
        if png is None:
            raise web.HTTPNotFound(text="no score drawn yet\n")
        fresh = request.query.get("v") == version  # the address of this very picture: kept an hour
        headers = {"Cache-Control": "private, max-age=3600" if fresh else "no-store"}
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        try:
            grant = await self.links.verify(request.match_info["token"])
        except BadLink as err:
            owner = await self._owner(request, err)
            if owner is not None and self.forward is not None:
                return await self.forward.socket(request, owner, _client(request))
            raise web.HTTPForbidden(text=f"link refused: {err.reason}\n") from err
        if len(self.sockets.get(grant.table_id, ())) >= MAX_PAGES:
            raise web.HTTPServiceUnavailable(text="too many pages at this table\n")
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=MAX_FRAME)
        await ws.prepare(request)
        transport = request.transport
        conn = Socket(ws, grant, self._lang(request), transport if isinstance(transport, asyncio.Transport) else None)
        sender = asyncio.create_task(self._sender(conn))
        self.sockets.setdefault(grant.table_id, set()).add(conn)
        if grant.seat is not None:
            self.links.opened(grant.table_id, grant.seat)
        try:
            self._queue_state(conn, await self.tables.table(grant.table_id))
            async for message in ws:
                if not conn.allow(time.monotonic()):
                    if conn.dropped > MAX_DROPPED:
                        await ws.close(code=POLICY_VIOLATION, message=b"too many messages")
                        break
                    continue  # flooding: dropped unanswered
                if message.type != WSMsgType.TEXT or len(message.data) > MAX_MESSAGE:
                    self._queue(conn, {"type": "refused", "text": refusal_text(GameError("OTHER"), conn.lang)})
                    continue
                await self._on_message(conn, message.data)
        except (UnknownTable, ConnectionResetError):
            pass
        finally:
            sender.cancel()
            self._forget(conn)
        return ws

    def _forget(self, conn: Socket) -> None:
        conns = self.sockets.get(conn.grant.table_id)
        if conns is None or conn not in conns:
            return
        conns.discard(conn)
        if not conns:
            del self.sockets[conn.grant.table_id]
        if conn.grant.seat is not None:
            self.links.closed(conn.grant.table_id, conn.grant.seat)

    async def _on_events(self, table_id: str, events: Sequence[Event | TurnReminder], table: TableSnapshot) -> None:
        """Service subscriber: the newest state is handed to each socket's sender; nothing is awaited."""
        for conn in list(self.sockets.get(table_id, ())):
            self._queue_state(conn, table)

    def _queue_state(self, conn: Socket, table: TableSnapshot) -> None:
        conn.table = table  # an older state not yet sent is replaced: the newest wins
        conn.wake.set()

    def _queue(self, conn: Socket, frame: dict[str, Any]) -> None:
        if len(conn.frames) >= MAX_PENDING:
            self._drop(conn, "behind")
            return
        conn.frames.append(frame)
        conn.wake.set()

    def _drop(self, conn: Socket, why: str) -> None:
        """A page that does not read: its connection is cut (the page reconnects and gets the state)."""
        log.info("live table %s: a page's socket was dropped (%s)", conn.grant.table_id, why)
        self._forget(conn)
        if conn.transport is not None:
            conn.transport.abort()

    async def _sender(self, conn: Socket) -> None:
        """Sends what waits for one socket, each frame within :data:`SEND_TIMEOUT`."""
        try:
            while not conn.ws.closed:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.frames or conn.table is not None:
                    shown = conn.shown
                    if conn.frames:
                        frame = conn.frames.popleft()
                        text = None
                    else:
                        table, conn.table = conn.table, None
                        assert table is not None
                        rendered = self._state_frame(conn, table)
                        if rendered.state is shown:
                            continue  # the page shows this state already
                        if shown is None:  # the first state of a page
                            frame, text = rendered.frame, rendered.text
                        else:  # the change; a long one (a new hand) only if it is shorter than the state
                            frame, text = self._change(shown, rendered.state)
                            if len(text) > LONG_PATCH and len(text) >= len(rendered.text):
                                frame, text = rendered.frame, rendered.text
                        conn.shown = shown = rendered.state
                    if conn.transport is not None and conn.transport.get_write_buffer_size() > MAX_BEHIND:
                        self._drop(conn, "behind")
                        return
                    await asyncio.wait_for(self._send(conn, frame, text, shown), SEND_TIMEOUT)
        except TimeoutError:
            self._drop(conn, "slow")
        except (ConnectionResetError, RuntimeError):
            self._drop(conn, "gone")

    async def _send(self, conn: Socket, frame: dict[str, Any], text: str | None, shown: dict[str, Any] | None) -> None:
        if self.frames is not None:
            self.frames.append((conn.grant, frame, shown))
        await conn.ws.send_str(text if text is not None else json.dumps(frame))

    def _change(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[dict[str, Any], str]:
        """The patch frame from one state to the next (made once for all the pages that show both)."""
        key = (id(before), id(after))
        made = self._patches.get(key)
        if made is None or made[0] is not before or made[1] is not after:  # ids are only kept while alive
            ops = diff(before, after)
            frame = {"type": "patch", "from": before["seq"], "seq": after["seq"], "ops": ops}
            made = (before, after, frame, json.dumps(frame))
            self._patches[key] = made
            while len(self._patches) > RENDERED:
                self._patches.popitem(last=False)
        return made[2], made[3]

    def _state_frame(self, conn: Socket, table: TableSnapshot) -> Rendered:
        """The state a page shows (built once per table state, seat and language)."""
        return self._rendered_state(conn.grant, table, conn.lang)

    def _rendered_state(self, grant: Grant, table: TableSnapshot, lang: str) -> Rendered:
        seat = grant.seat
        if seat is not None and table.seats[seat].actor != grant.actor:
            seat = None  # the seat changed hands: the link shows the public view only
        key = (table.table_id, table.seq, seat, lang)
        rendered = self._rendered.get(key)
        if rendered is None or rendered.table is not table:
            state = state_of(table, seat, lang, self.tables.turn_timeout(table), self.tables.turn_deadline(table))
            rendered = Rendered({"type": "state", "state": state}, table)
            self._rendered[key] = rendered
            while len(self._rendered) > RENDERED:
                self._rendered.popitem(last=False)
        return rendered

    async def _hint(self, conn: Socket, table_id: str, actor: str, snapshot: TableSnapshot) -> None:
        try:
            card = await self.tables.hint(table_id, actor)
        except GameError as err:
            self._refuse(conn, refusal_text(err, conn.lang))
            return
        except StorageFailed:
            self._refuse(conn, refusal_text(GameError("OTHER"), conn.lang))
            return
        deck = deck_for(conn.lang, snapshot.rules)
        self._queue(conn, {"type": "hint", "text": text(conn.lang)("live.hint", card=deck.card(card))})

    def _refuse(self, conn: Socket, text_: str) -> None:
        self._queue(conn, {"type": "refused", "text": text_})

    async def _on_message(self, conn: Socket, data: str) -> None:
        t = text(conn.lang)
        click = parse_click(data)
        if click is None:
            self._refuse(conn, refusal_text(GameError("OTHER"), conn.lang))
            return
        choice, game, hand = click
        grant = conn.grant
        snapshot = await self.tables.table(grant.table_id)
        if grant.seat is None or grant.actor is None or snapshot.seats[grant.seat].actor != grant.actor:
            self._refuse(conn, t("live.link_bad"))
            return
        if (game, hand) != (snapshot.game_no, snapshot.hand_no):
            self._refuse(conn, t("live.stale"))  # a click on a hand that is over: nothing played (the page
            return  # has the newest state already: every change is sent to it)
        view = snapshot.view_for(grant.seat)
        command: Command | None
        if choice.startswith("card:"):
            name, _, marks = choice.removeprefix("card:").partition(":")
            try:
                card = Card.parse(name).index
            except ValueError:
                command = None
            else:  # the Weis and Stöck the page marked (manual); a page that sent none declares everything
                if not marks:
                    command = play_everything(view, grant.actor, card)
                else:  # a number below 128 (else refused: card_command takes no negative selection)
                    selection = int(marks) if marks.isascii() and marks.isdigit() and len(marks) <= 3 else -1
                    command = card_command(view, grant.actor, card, selection)
        elif choice == "hint":  # the tip, at a friendly table that allows it: the card, to this page only
            await self._hint(conn, grant.table_id, grant.actor, snapshot)
            return
        else:
            command = part_for(view.kind).command(view, grant.actor, choice)
        if command is None:
            self._refuse(conn, t("live.stale"))
            return
        try:
            await self.tables.execute(grant.table_id, command)
        except GameError as err:
            self._refuse(conn, refusal_text(err, conn.lang))
        except StorageFailed:
            self._refuse(conn, refusal_text(GameError("OTHER"), conn.lang))
