"""Issue 64, item 2: cards as cards. Each deck's 36 cards are one picture, the bot's own card art,
served once with a URL that changes with the drawing code (so a browser keeps it for good); the
state a page gets names the sprite, each card by its cell, and each seat by its place at the table."""

from __future__ import annotations

import io

import aiohttp
from PIL import Image

from bot.render.sprite import CARD_HEIGHT, COLUMNS, ROWS, parse_key, sprite_key
from bot.rules import Card

from .live_game import seated_table
from .test_live_table import QUICK, serve


async def test_a_deck_is_one_cached_picture_of_its_36_cards(tmp_path):
    served = await serve(tmp_path / "db.sqlite3")
    base = f"http://127.0.0.1:{served.server.port}/static"
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/cards-swiss.png") as answer:
                assert answer.status == 200 and answer.content_type == "image/png"
                assert "immutable" in answer.headers["Cache-Control"]
                etag, swiss = answer.headers["ETag"], await answer.read()
            async with session.get(f"{base}/cards-swiss.png", headers={"If-None-Match": etag}) as again:
                assert again.status == 304  # kept by the browser
            sheet = Image.open(io.BytesIO(swiss)).convert("RGBA")
            width, height = sheet.size
            assert height == CARD_HEIGHT * ROWS and width % COLUMNS == 0
            cell = width // COLUMNS
            for c in range(36):  # every cell holds a card: its middle is the card's paper, not the background
                x, y = (c % COLUMNS) * cell + cell // 2, (c // COLUMNS) * CARD_HEIGHT + 6
                assert sheet.getpixel((x, y))[3] == 255, c
            async with session.get(f"{base}/cards-french-official-en.png") as en, \
                    session.get(f"{base}/cards-french-official-de.png") as de:  # fmt: skip
                assert en.status == de.status == 200
                assert await en.read() != await de.read()  # J and Q, B and D
            for bad in ("poker", "french-nowhere-de", "french-official-fr", "swiss-x"):
                async with session.get(f"{base}/cards-{bad}.png") as answer:
                    assert answer.status == 404, bad
    finally:
        await served.close()


async def test_the_state_names_the_sprite_each_card_s_cell_and_each_seat_s_place(tmp_path):
    served = await serve(tmp_path / "db.sqlite3")
    try:
        table_id = await seated_table(served.services, QUICK, "sprite")
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            for seat, player in enumerate(players):
                state = player.state
                assert state is not None
                assert state["sprite"].startswith(f"/static/cards-{sprite_key('swiss', 'official', 'de')}.png?v=")
                assert len(state["hand"]) == 9
                assert all(c["i"] == Card.parse(c["card"]).index for c in state["hand"])
                places = [s["at"] for s in state["seats"]]
                assert places[seat] == 0 and sorted(places) == [0, 1, 2, 3]
                assert places[(seat + 1) % 4] == 1 and places[(seat + 2) % 4] == 2  # the next to the right
                assert sum(s["dealer"] for s in state["seats"]) == 1 and sum(s["forehand"] for s in state["seats"]) == 1
            async with session.get(f"http://127.0.0.1:{served.server.port}{state['sprite']}") as answer:
                assert answer.status == 200
    finally:
        await served.close()


def test_only_the_decks_there_are_have_a_sprite():
    assert parse_key("swiss") and parse_key("french-parlett-en") and not parse_key("french-parlett-it")


async def test_the_state_gives_the_turn_timer_of_a_person_at_turn(tmp_path):
    """Issue 64, item 1: where the table has a turn timer, the page is sent the seconds the person at
    turn has (and counts down); at a table without one, nothing."""
    from bot.game import JoinSeat, StartGame

    from .live_game import NAMES, PEOPLE

    served = await serve(tmp_path / "db.sqlite3")
    try:
        shown = []
        for timer in (45, 0):
            table = await served.services.tables.create_table(PEOPLE[0], QUICK, guild_id=77, limits=False,
                                                              turn_timer=timer)  # fmt: skip
            for seat, (actor, name) in enumerate(zip(PEOPLE, NAMES, strict=True)):
                await served.services.tables.execute(table.table_id, JoinSeat(actor, name=name, seat=seat))
            await served.services.tables.execute(table.table_id, StartGame(PEOPLE[0], seed=f"timer-{timer}"))
            async with aiohttp.ClientSession() as session:
                players = await served.pages(session, table.table_id)
                shown.append({p.state["timer"] for p in players if p.state is not None})
        assert shown == [{45}, {None}]
    finally:
        await served.close()


async def test_the_last_trick_can_be_looked_at_while_the_next_is_under_way(tmp_path):
    """Issue 64, item 1: while a trick is under way, the page is sent the one before it, each card
    with the place of the one who played it (seen from the page's seat)."""
    from bot.game import ChooseContract, PlayCard

    from .live_game import PEOPLE

    served = await serve(tmp_path / "db.sqlite3")
    try:
        table_id = await seated_table(served.services, QUICK, "last-trick")
        tables = served.services.tables
        if (await tables.table(table_id)).phase == "contract":
            await tables.execute(table_id, ChooseContract(PEOPLE[(await tables.table(table_id)).to_act], "rose"))
        for _ in range(5):  # a whole trick and the first card of the next
            snapshot = await tables.table(table_id)
            seat = snapshot.to_act
            legal = snapshot.view_for(seat).legal
            await tables.execute(table_id, PlayCard(PEOPLE[seat], str(Card.from_index(legal.bit_length() - 1))))
        snapshot = await tables.table(table_id)
        first = snapshot.public.tricks[0]
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            for seat, player in enumerate(players):
                last = player.state["last"]
                assert [c["card"] for c in last] == [str(Card.from_index(c)) for c in first.cards]
                assert [c["at"] for c in last] == [(first.leader + n - seat) % 4 for n in range(4)]
    finally:
        await served.close()
