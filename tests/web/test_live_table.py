"""The live table over its websocket: signed links bound to a seat and its person, four people play
a whole Schieber game from their pages, every frame audited for cards a seat may not see, the bot's
refusals, a spectator, Differenzler's hidden predictions and a Coiffeur row."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path

import aiohttp
import pytest
from jsonschema import Draft202012Validator

from bot.game import Abandon
from bot.rules import Card
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.services.live import BadLink
from bot.storage import Storage
from bot.web.live import LiveTables, state_of
from bot.web.pages import Pages
from bot.web.server import RateLimit, WebServer

from .live_game import CARD, PEOPLE, Player, play_through, seated_table
from .site import healthy, no_metrics

QUICK = {"preset": "tournament", "hands_per_game": 2}
#: Every frame a page is sent, checked against the live table's schema.
SCHEMA = json.loads((Path(__file__).parents[2] / "bot/web/protocol.schema.json").read_text())
FRAMES = Draft202012Validator(SCHEMA)
#: A whole state, as a page has it after a patch.
STATE = Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": "#/$defs/state"}]})


class Served:
    def __init__(self, services: Services, server: WebServer, live: LiveTables) -> None:
        self.services, self.server, self.live = services, server, live

    def url(self, token: str) -> str:
        return f"http://127.0.0.1:{self.server.port}/table/{token}"

    async def pages(self, session: aiohttp.ClientSession, table_id: str, wait: float = 0.5) -> list[Player]:
        """The four people's pages of a table, each with the first state it was sent."""
        players = []
        for seat, actor in enumerate(PEOPLE):
            token = await self.services.live.token(table_id, seat, actor)
            players.append(Player(await session.ws_connect(self.url(token) + "/ws")))
        for p in players:
            await p.read(wait)
        return players

    async def close(self) -> None:
        await self.server.stop()
        await self.services.close()
        await self.services.storage.close()


async def serve(path) -> Served:
    storage = await Storage.open(path)
    services = Services.build(storage, ServiceSettings(ai_seed="live"), "random")
    pages = Pages(services.site)
    live = LiveTables(services.tables, services.live, pages.env)
    live.frames = []
    server = WebServer(healthy, no_metrics, pages, RateLimit(rate=1000, burst=1000), live=live)
    await server.start("127.0.0.1", 0)
    return Served(services, server, live)


async def audit(served: Served, table_id: str) -> dict[str, int]:
    """Every frame sent: a seat's frame names no card but its own and those played in the hand so
    far; a spectator's names only played cards. Returns counts."""
    events = await served.services.tables.events(table_id)
    counts = {"frames": 0, "cards_checked": 0}
    assert served.live.frames is not None
    for grant, sent, shown in served.live.frames:
        if grant.table_id != table_id:
            continue
        frame = json.loads(json.dumps(sent))  # as the page reads it
        FRAMES.validate(frame)  # the protocol, written once (bot/web/protocol.schema.json)
        if frame["type"] not in ("state", "patch"):
            continue
        # a patch is checked as the state the page has once it applied it (and what the patch itself names)
        assert shown is not None
        state = frame["state"] if frame["type"] == "state" else json.loads(json.dumps(shown))
        if frame["type"] == "patch":
            assert frame["seq"] == state["seq"]
            STATE.validate(state)
            counts["patches"] = counts.get("patches", 0) + 1
        seen = set(CARD.findall(json.dumps(state))) | set(CARD.findall(json.dumps(frame)))
        upto = events[: state["seq"]]
        start = max((i for i, ev in enumerate(upto) if ev["type"] == "hand_dealt"), default=0)
        played = {ev["card"] for ev in upto[start:] if ev["type"] == "card"}
        own = {c["card"] for c in state["hand"]}
        if grant.seat is None:
            assert not own
        assert seen <= own | played, (grant.seat, seen - own - played)
        assert not own & played
        board = state["board"]
        if "Ansage" in board["heads"] and state["phase"] in ("predict", "play"):  # hidden predictions
            column = board["heads"].index("Ansage")
            others = [row[column] for i, row in enumerate(board["rows"]) if i != grant.seat]
            assert set(others) <= {"–"}, (grant.seat, others)
            counts["predictions_checked"] = counts.get("predictions_checked", 0) + len(others)
        counts["frames"] += 1
        counts["cards_checked"] += len(seen)
    return counts


async def test_links_are_signed_bound_to_the_seat_and_its_person_and_expire(tmp_path, backend):
    served = await serve(tmp_path / "db.sqlite3")
    links = served.services.live
    try:
        table_id = await seated_table(served.services, QUICK)
        token = await links.token(table_id, 1, PEOPLE[1])
        grant = await links.verify(token)
        assert (grant.table_id, grant.seat, grant.actor) == (table_id, 1, PEOPLE[1])
        assert PEOPLE[1].removeprefix("u:") not in token.split(".")  # the person's id is not in the address
        for bad, reason in (
            (await links.token(table_id, 1, PEOPLE[2]), "seat"),  # made for another person
            (token.replace(".1.", ".2.", 1), "seat"),  # another seat
            (token[:-1] + ("0" if token[-1] != "0" else "1"), "seat"),  # forged signature
            ("nonsense", "forged"),
            (f"nope.1.{grant.expires}.{token.split('.')[-1]}", "forged"),
            (f"{table_id}.².{grant.expires}.{token.split('.')[-1]}", "forged"),  # "²": a digit to isdigit
            (f"{table_id}.1.{'9' * 5000}.{token.split('.')[-1]}", "forged"),  # an expiry of 5,000 digits
            (f"{table_id}.1.²{grant.expires}.{token.split('.')[-1]}", "forged"),
        ):
            with pytest.raises(BadLink) as refused:
                await links.verify(bad)
            assert refused.value.reason == reason
        expired = await links.token(table_id, 1, PEOPLE[1], ttl=-1)
        with pytest.raises(BadLink, match="expired"):
            await links.verify(expired)
        spectator = await links.verify(await links.token(table_id, None))
        assert spectator.seat is None and spectator.actor is None
        async with aiohttp.ClientSession() as session:
            async with session.get(served.url("nonsense")) as answer:
                assert answer.status == 403 and "gilt nicht" in await answer.text()
            for odd in (f"{table_id}.².1.x", f"{table_id}.1.{'9' * 5000}.x"):  # 403, never a server error
                async with session.get(served.url(odd)) as answer:
                    assert answer.status == 403 and answer.headers["X-Content-Type-Options"] == "nosniff"
                async with session.get(served.url(odd) + "/ws") as answer:
                    assert answer.status == 403
            async with session.get(served.url(token)) as answer:
                assert answer.status == 200
                csp = answer.headers["Content-Security-Policy"]
                assert "script-src 'self'" in csp and "unsafe" not in csp
                page = await answer.text()
                # the table as it is, in the page itself (drawn before the socket opens): seat 1's own cards
                # and no other's (nothing is played yet)
                first = json.loads(html.unescape(re.search(r'data-first="([^"]*)"', page)[1]))
                FRAMES.validate(first)
                hand = (await served.services.tables.table(table_id)).view_for(1).hand
                own = {str(Card.from_index(c)) for c in range(36) if hand >> c & 1}
                assert set(CARD.findall(page)) == own and len(own) == 9
                script = re.search(r'<script type="module" src="(/static/table\.js\?v=[0-9a-f]{12})">', page)
                assert script is not None, page
            async with session.get(served.url(token).rsplit("/table/", 1)[0] + script[1]) as answer:
                # the script's address names its version: kept by the browser until the bot has another
                assert answer.status == 200 and "immutable" in answer.headers["Cache-Control"]
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused_socket:
                await session.ws_connect(served.url(expired) + "/ws")
            assert refused_socket.value.status == 403
    finally:
        await served.close()


async def test_four_people_play_a_whole_schieber_game_from_their_pages(tmp_path, backend):
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    try:
        table_id = await seated_table(services, QUICK)
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            watcher = Player(await session.ws_connect(served.url(await services.live.token(table_id, None)) + "/ws"))
            for p in players:
                await p.read(0.5)
            # A refused card: someone not at turn plays; the bot's own text, nothing changes.
            before = (await services.tables.table(table_id)).seq
            idle = next(p for p in players if p.state and not any(s["turn"] and s["you"] for s in p.state["seats"]))
            await idle.send("card:" + idle.state["hand"][0]["card"])
            await idle.read(0.5)
            assert idle.refusals and (await services.tables.table(table_id)).seq == before
            # A choice the seat is not offered (a contract for someone else): refused too.
            await idle.send("contract:obenabe")
            await idle.read(0.5)
            assert len(idle.refusals) == 2
            await play_through(players, services, table_id)
            await watcher.read(0.5)
            assert watcher.state is not None and watcher.state["phase"] == "game_over" and watcher.state["hand"] == []
            snapshot = await services.tables.table(table_id)
            assert snapshot.phase == "game_over"
            events = await services.tables.events(table_id)
            assert sum(ev["type"] == "card" for ev in events) == 2 * 36  # two hands, every card from a page
            # each page, having applied every patch to the state it was sent first, has the state as it is
            timer = services.tables.turn_timeout(snapshot)
            for seat, p in enumerate(players):
                await p.read(0.5)
                assert p.state == json.loads(json.dumps(state_of(snapshot, seat, "de", timer)))
            assert watcher.state == json.loads(json.dumps(state_of(snapshot, None, "de", timer)))
            for p in (*players, watcher):
                await p.ws.close()
        counts = await audit(served, table_id)
        assert counts["frames"] > 5 * 72 and counts["cards_checked"] > 1000, counts
        assert counts["patches"] > 4 * 72, counts  # after the first state, the changes
    finally:
        await served.close()


async def test_hidden_predictions_and_a_coiffeur_row_from_the_pages(tmp_path, backend):
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    try:
        rules = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False,
                 "stoeck_enabled": False, "hands_per_game": 1}  # fmt: skip
        differenzler = await seated_table(services, rules, "dz")
        coiffeur = await seated_table(services, {"game": "coiffeur", "weis_enabled": False}, "cf")
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, differenzler, 0.5)
            assert all(p.state and [c["id"] for c in p.state["choices"]] == ["predict"] for p in players)
            await players[0].send("predict:40")
            for p in players:
                await p.read(0.3)
            # The others do not see the prediction made (hidden until the hand is over): every frame
            # is checked by the audit below; here the one just sent.
            assert all(row[2] == "–" for p in players[1:] for row in p.state["board"]["rows"][:1])
            await play_through(players, services, differenzler)
            for p in players:
                await p.ws.close()
            counts = await audit(served, differenzler)
            assert counts["frames"] > 36 and counts["predictions_checked"] > 100
            # Coiffeur: the chooser picks a row of the Tafel from the page.
            seats = await served.pages(session, coiffeur, 0.5)
            chooser = next(p for p in seats if p.state and p.state["choices"])
            rows = [c["id"] for c in chooser.state["choices"] if c["id"].startswith("row:")]
            assert rows and "schieben" in [c["id"] for c in chooser.state["choices"]]
            await chooser.send(rows[-1])
            await chooser.read(0.5)
            snapshot = await services.tables.table(coiffeur)
            assert snapshot.phase == "play" and not chooser.refusals
            for p in seats:
                await p.ws.close()
            await services.tables.execute(coiffeur, Abandon(PEOPLE[0], privileged=True))
    finally:
        await served.close()


def test_a_card_id_names_a_real_card() -> None:
    assert str(Card.parse("rose-O")) == "rose-O" and CARD.fullmatch("schilte-10")


async def test_a_molotow_hand_from_the_pages(tmp_path, backend):
    """A kind without a decision of its own before the cards: the default part, every card from a page."""
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    try:
        table_id = await seated_table(services, {"game": "molotow", "hands_per_game": 1}, "mo")
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id, 0.5)
            assert all(p.state and not p.state["choices"] for p in players)
            await play_through(players, services, table_id)
            for p in players:
                await p.ws.close()
        events = await services.tables.events(table_id)
        assert sum(ev["type"] == "card" for ev in events) == 36
        assert (await audit(served, table_id))["frames"] > 36
    finally:
        await served.close()


async def test_weis_and_stoeck_by_hand_are_declared_from_the_page(tmp_path, backend):
    """Manual Weis and Stöck: a card from the page declares the Weis held and the Stöck completed."""
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    try:
        rules = {"preset": "standard", "weis_mode": "manual", "stoeck_auto": False, "hands_per_game": 1}
        declared = 0
        for seed in ("w1", "w2", "w3"):
            table_id = await seated_table(services, rules, seed)
            async with aiohttp.ClientSession() as session:
                players = await served.pages(session, table_id, 0.3)
                await play_through(players, services, table_id)
                for p in players:
                    await p.ws.close()
            events = await services.tables.events(table_id)
            assert sum(ev["type"] == "card" for ev in events) == 36
            declared += sum(bool(ev.get("weis")) or ev["type"] in ("weis", "stoeck") for ev in events)
        assert declared > 0  # three deals: someone held a Weis or the Stöck, declared from the page
    finally:
        await served.close()


def test_the_schema_refuses_a_frame_that_strays_from_the_protocol():
    """The frames' schema has teeth: a frame with a field it does not declare, a card of no deck,
    or a refusal without its text does not pass."""
    card = {"card": "rose-6", "label": "Rose 6", "suit": 1, "i": 9, "colour": "rose"}
    seat = {"name": "Anna", "turn": True, "you": True, "computer": False, "card": card, "at": 0, "dealer": False,
            "forehand": True, "weis": [], "stoeck": False}  # fmt: skip
    state = {"seq": 9, "sprite": "/static/cards-swiss.png?v=0123456789ab", "game": 1, "hand_no": 1, "phase": "play",
             "title": "Schieber", "contract": "", "seats": [seat] * 4, "you": 0, "hand": [{**card, "legal": True}],
             "weis": [], "stoeck": None, "choices": [], "board": {"caption": "", "heads": [], "rows": []},
             "notes": [], "status": "", "tricks": 0, "timer": None, "last": [], "taken": None,
             "score": "1.1.hand_over", "deadline": None}  # fmt: skip
    assert FRAMES.is_valid({"type": "state", "state": state})
    patch = {"type": "patch", "from": 9, "seq": 10, "ops": [{"op": "replace", "path": "/seq", "value": 10}]}
    assert FRAMES.is_valid(patch)
    assert not FRAMES.is_valid({**patch, "ops": [{"op": "evaluate", "path": "/seq"}]})  # not an RFC 6902 operation
    assert not FRAMES.is_valid({**patch, "ops": [{"op": "remove", "path": "seq"}]})  # not a JSON pointer
    assert not FRAMES.is_valid({"type": "patch", "seq": 10, "ops": []})  # the state it applies to is named
    assert not FRAMES.is_valid({"type": "state", "state": {**state, "score": "<img src=x>"}})
    assert not FRAMES.is_valid({"type": "state", "state": {**state, "hands_of_others": []}})
    assert not FRAMES.is_valid(
        {"type": "state", "state": {**state, "hand": [{**card, "card": "joker", "legal": True}]}}
    )
    assert not FRAMES.is_valid({"type": "refused"})


async def test_a_page_opened_mid_turn_shows_the_time_left(tmp_path, backend):
    """The turn timer's end is in the state: two pages of the seat at turn, opened a second apart, count
    down to the same moment (a reload shows the time left, not a whole turn again)."""
    import time

    from bot.game import JoinSeat, StartGame

    served = await serve(tmp_path / "db.sqlite3")
    tables = served.services.tables
    try:
        table = await tables.create_table(PEOPLE[0], QUICK, guild_id=77, limits=False, turn_timer=60)
        for seat, actor in enumerate(PEOPLE):
            await tables.execute(table.table_id, JoinSeat(actor, name=f"P{seat}", seat=seat))
        before = time.time()
        await tables.execute(table.table_id, StartGame(PEOPLE[0], seed="timer"))
        seat = (await tables.table(table.table_id)).to_act
        token = await served.services.live.token(table.table_id, seat, PEOPLE[seat])
        async with aiohttp.ClientSession() as session:
            first = Player(await session.ws_connect(served.url(token) + "/ws"))
            await first.read(0.5)
            await asyncio.sleep(1.0)
            second = Player(await session.ws_connect(served.url(token) + "/ws"))
            await second.read(0.5)
            for p in (first, second):
                assert p.state is not None and p.state["timer"] == 60
            deadline = first.state["deadline"] / 1000
            assert second.state["deadline"] == first.state["deadline"]
            assert before + 60 <= deadline <= time.time() + 60
            await first.ws.close()
            await second.ws.close()
    finally:
        await served.close()
