"""Issue 64, item 3: the live table's page shows each kind's own score as the bot draws it in Discord
(the Jasstafel, the Coiffeur Tafel, the Differenzler and Molotow pads): the bot's presenters draw it
for the page (``TableMessages.score_picture``), served beside the page's address for a valid link."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from bot.client import web_server
from bot.game import AddComputer, StartGame
from bot.render.pad import PadPicture
from bot.render.table import SlatePicture

from .test_table_game import fast_settings, started

PNG = b"\x89PNG\r\n\x1a\n"


async def played(h, rules: dict, hands: int) -> str:
    """A table of four computer players in channel 10 that has played ``hands`` hands."""
    tables = h.bot.services.tables
    table = await tables.create_table("u:1", {**rules, "hands_per_game": hands}, guild_id=4242, channel_id=10)
    for seat in range(4):
        await tables.execute(table.table_id, AddComputer("u:1", seat=seat))
    await tables.execute(table.table_id, StartGame("u:1", seed="score"))
    await tables.wait_idle()
    return table.table_id


KINDS = [({"preset": "tournament"}, SlatePicture), ({"game": "differenzler"}, PadPicture),
         ({"game": "molotow"}, PadPicture), ({"game": "coiffeur"}, None)]  # fmt: skip


@pytest.mark.parametrize(("rules", "drawn"), KINDS)
async def test_the_score_picture_is_the_one_the_summary_posts(tmp_path, monkeypatch, rules, drawn):
    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        messages = h.bot.table_messages
        drawn_now: list[tuple[object, object]] = []
        real = messages.draw_slate

        async def spy(slate):
            drawn_now.append((asyncio.current_task(), slate))  # the hand summaries draw in tasks of their own
            return await real(slate)

        monkeypatch.setattr(messages, "draw_slate", spy)
        table_id = await played(h, rules, 2)
        snapshot = await h.bot.services.tables.table(table_id)
        assert snapshot.phase == "game_over"
        png = await messages.score_picture(snapshot, "de")
        assert png is not None and png.startswith(PNG)
        [slate] = [slate for task, slate in drawn_now if task is asyncio.current_task()]
        if drawn is not None:
            assert isinstance(slate, drawn)
        else:
            assert type(slate).__name__ == "CoiffeurPicture"
        assert png == (await real(slate))[0]  # the same pixels as the summary's picture
    finally:
        await h.bot.close()


async def test_the_page_gets_the_picture_for_its_link_only(tmp_path, monkeypatch):
    h = await started(fast_settings(tmp_path), monkeypatch)
    server = web_server(h.bot, h.bot.services)
    await server.start("127.0.0.1", 0)
    try:
        tables = h.bot.services.tables
        fresh = await tables.create_table("u:1", {"preset": "tournament"}, guild_id=4242, channel_id=11)
        table_id = await played(h, {"preset": "tournament"}, 1)
        base = f"http://127.0.0.1:{server.port}/table"
        link = await h.bot.services.live.token(table_id, None)
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/{link}/score.png?v=1.1.game_over&lang=en") as answer:
                assert answer.status == 200 and answer.content_type == "image/png"
                assert (await answer.read()).startswith(PNG)
                assert "max-age" in answer.headers["Cache-Control"]
            async with session.get(f"{base}/{link}/score.png?v=0.0.hand_over") as answer:
                assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"  # not this version
            async with session.get(f"{base}/{link[:-2]}xx/score.png") as answer:
                assert answer.status == 403  # a forged link
            nothing_yet = await h.bot.services.live.token(fresh.table_id, None)
            async with session.get(f"{base}/{nothing_yet}/score.png") as answer:
                assert answer.status == 404  # a table that has scored no hand
    finally:
        await server.stop()
        await h.bot.close()
