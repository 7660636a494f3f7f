"""Issue 63, item 7: a game kind registered from its own module (the toy of tests/kinds) is played on
the live table from four pages (every frame audited) and shows on the public pages afterwards."""

from __future__ import annotations

import aiohttp
import pytest

from ..kinds import installed
from .live_game import play_through, seated_table
from .site import text_of
from .test_live_table import audit, serve


@pytest.fixture
def toy():
    with installed():
        yield


async def test_a_registered_kind_on_the_live_table_and_the_public_pages(tmp_path, backend, toy):
    served = await serve(tmp_path / "db.sqlite3")
    services = served.services
    try:
        table_id = await seated_table(services, {"game": "toy"}, "toy")
        async with aiohttp.ClientSession() as session:
            players = await served.pages(session, table_id)
            await play_through(players, services, table_id)
            for p in players:
                await p.read(0.2)
                assert p.state is not None and p.state["phase"] == "game_over"
                assert p.state["title"].startswith("Toy")  # its name, from the registry
            for p in players:
                await p.ws.close()
            events = await services.tables.events(table_id)
            assert sum(ev["type"] == "card" for ev in events) == 2 * 36
            assert (await audit(served, table_id))["frames"] > 72
            await services.stats.wait_idle()
            site = await services.site.switch(77, True)
            home = f"http://127.0.0.1:{served.server.port}/s/{site.slug}/"
            async with session.get(home) as answer:
                front = text_of(await answer.text())
            assert answer.status == 200 and "Toy" in front.split("Letzte Partien")[1]
            async with session.get(f"{home}g/{table_id}/1") as answer:
                assert answer.status == 200 and "Toy" in text_of(await answer.text())
    finally:
        await served.close()
