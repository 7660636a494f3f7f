"""Screenshots of the live card table (``docs/web/``), each at 360×740, 740×360 and 1280×800:

- ``table-trick-*``: four people at a Schieber table, the second card of a trick played;
- ``table-contract-*``: the person who chooses the contract, with Schieben;
- ``table-weis-*``: a person at turn with Weis to declare by hand;
- ``table-weis-shown-*``: the second trick, a Weis shown at its seat after the first;
- ``table-jasstafel-*``: a hand's end, the Jasstafel on the felt as Discord's summary draws it;
- ``table-coiffeur-*``: a Coiffeur hand's end, the Tafel;
- ``table-differenzler-*``: a Differenzler prediction being typed;
- ``table-game-end-*``: a Schieber game's end, its final Jasstafel.

``python -m scripts.table_screenshots [DIR]`` (default ``docs/web``) needs Debian's chromium.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.game import Command, TableSnapshot
from bot.game.clicks import play_everything
from bot.render.pool import Renderer
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.storage import Storage
from bot.texts.cards import deck_for
from bot.web.kinds import part_for
from bot.web.live import LiveTables, state_of
from bot.web.pages import Pages
from bot.web.server import RateLimit, WebServer
from cogs.table_messages import last_slate
from tests.web.browser import Browser
from tests.web.live_game import PEOPLE, seated_table
from tests.web.site import healthy, no_metrics

SIZES = ((360, 740), (740, 360), (1280, 800))


class Shooter:
    """A bot's web server whose tables are played here command by command, and a browser."""

    def __init__(self, services: Services, server: WebServer, browser: Browser) -> None:
        self.services, self.server, self.browser = services, server, browser

    @classmethod
    async def start(cls, path: Path) -> Shooter:
        storage = await Storage.open(path)
        # a hand's end stays on the table (the next is dealt a minute later): its picture can be taken
        services = Services.build(storage, ServiceSettings(ai_seed="shots", hand_pause=60), "random")
        pages = Pages(services.site)
        renderer = Renderer(0)

        async def score(table: TableSnapshot, lang: str) -> bytes | None:
            """The score picture as the bot's summaries draw it (cogs/table_messages.py)."""
            events = await services.tables.events(table.table_id)
            slate = last_slate(table.view_for(None), events, lang, deck_for(lang, table.rules))
            return None if slate is None else await renderer.picture(slate)

        live = LiveTables(services.tables, services.live, pages.env, score=score)
        server = WebServer(healthy, no_metrics, pages, RateLimit(rate=1000, burst=1000), live=live)
        await server.start("127.0.0.1", 0)
        return cls(services, server, await Browser.start())

    async def stop(self) -> None:
        await self.browser.close()
        await self.server.stop()
        await self.services.close()
        await self.services.storage.close()

    async def step(self, table_id: str, prediction: int = 40) -> str:
        """The seat at turn does what a simple player does: the first choice (a contract, a row, a
        prediction), else its first legal card declaring everything. Returns the phase after it."""
        table = await self.services.tables.table(table_id)
        seat = table.to_act
        assert seat is not None, table.phase
        view = table.view_for(seat)
        state = state_of(table, seat, "de")
        command: Command | None
        if state["choices"] and view.phase in ("contract", "predict"):
            choice = state["choices"][0]
            choice_id = f"{choice['id']}:{prediction}" if choice["low"] is not None else choice["id"]
            command = part_for(view.kind).command(view, PEOPLE[seat], choice_id)
        else:
            card = next(c for c in range(36) if view.legal >> c & 1)
            command = play_everything(view, PEOPLE[seat], card)
        assert command is not None
        await self.services.tables.execute(table_id, command)
        return (await self.services.tables.table(table_id)).phase

    async def until(self, table_id: str, done: Any, limit: int = 2000) -> TableSnapshot:
        for _ in range(limit):
            table = await self.services.tables.table(table_id)
            if done(table):
                return table
            await self.step(table_id)
        raise AssertionError("the table never got there")

    async def shots(self, table_id: str, seat: int, folder: Path, name: str, ready: str) -> list[Path]:
        """The seat's page at each size, once ``ready`` (a script) holds."""
        token = await self.services.live.token(table_id, seat, PEOPLE[seat])
        url = f"http://127.0.0.1:{self.server.port}/table/{token}"
        out = []
        for width, height in SIZES:
            await self.browser.width(width, height)
            await self.browser.open(url)
            for _ in range(200):
                if await self.browser.call(self.browser.driver.execute_script, ready):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError(f"{name}: the page never showed what is asked ({ready})")
            await asyncio.sleep(0.6)  # the sprite and the score picture drawn, the motion over
            path = folder / f"table-{name}-{width}x{height}.png"
            await self.browser.call(self.browser.driver.save_screenshot, str(path))
            out.append(path)
        return out


HAND = "return document.querySelectorAll('#hand button.card').length > 0"
CHOICES = "return !document.getElementById('choices').hidden"
FELT_SCORE = "const i = document.getElementById('felt-score'); return !i.hidden && i.complete && i.naturalWidth > 0"


async def shoot(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        s = await Shooter.start(Path(tmp) / "db.sqlite3")
        try:
            schieber = {"preset": "single-1000"}
            # a trick half played
            table_id = await seated_table(s.services, schieber, "shots")
            table = await s.until(table_id, lambda t: t.phase == "play" and len(t.view_for(None).trick) == 2)
            out += await s.shots(table_id, 0, folder, "trick", HAND)
            # the contract chosen (the seat to choose, Schieben offered)
            table_id = await seated_table(s.services, schieber, "shots-contract")
            table = await s.until(table_id, lambda t: t.phase == "contract")
            assert table.to_act is not None
            out += await s.shots(table_id, table.to_act, folder, "contract", CHOICES)
            # Weis to declare by hand
            seat, table_id = await weis_to_declare(s)
            out += await s.shots(table_id, seat, folder, "weis", HAND)
            # a Weis shown after the first trick
            table_id = await weis_shown(s)
            out += await s.shots(table_id, 0, folder, "weis-shown", "return !!document.querySelector('.seat .said')")
            # the Jasstafel after a hand
            table_id = await seated_table(s.services, {**schieber, "hands_per_game": 3}, "shots-tafel")
            await s.until(table_id, lambda t: t.phase == "hand_over")
            out += await s.shots(table_id, 0, folder, "jasstafel", FELT_SCORE)
            # a Coiffeur hand's end: the Tafel
            table_id = await seated_table(s.services, {"game": "coiffeur"}, "shots-coiffeur")
            await s.until(table_id, lambda t: t.phase == "hand_over")
            out += await s.shots(table_id, 0, folder, "coiffeur", FELT_SCORE)
            # a Differenzler prediction, typed by the seat to predict
            rules = {"game": "differenzler", "hands_per_game": 4}
            table_id = await seated_table(s.services, rules, "shots-differenzler")
            table = await s.until(table_id, lambda t: t.phase == "predict")
            seat = next(i for i in range(4) if state_of(table, i, "de")["choices"])
            out += await s.shots(table_id, seat, folder, "differenzler", "return !!document.getElementById('number')")
            # a game's end
            table_id = await seated_table(s.services, {**schieber, "hands_per_game": 1}, "shots-end")
            await s.until(table_id, lambda t: t.phase == "game_over")
            out += await s.shots(table_id, 0, folder, "game-end", FELT_SCORE)
        finally:
            await s.stop()
    return out


async def weis_to_declare(s: Shooter) -> tuple[int, str]:
    """A table with Weis by hand where the person to lead holds a Weis (the first of some deals)."""
    for n in range(60):
        rules = {"preset": "single-1000", "weis_mode": "manual", "stoeck_auto": False}
        table_id = await seated_table(s.services, rules, f"shots-weis-{n}")
        table = await s.until(table_id, lambda t: t.phase == "play")
        seat = table.to_act
        assert seat is not None
        if table.view_for(seat).weis_options:
            return seat, table_id
    raise AssertionError("no deal gives the leader a Weis")


async def weis_shown(s: Shooter) -> str:
    """A table in its second trick where a Weis was declared (and is shown at its seat now)."""
    for n in range(60):
        table_id = await seated_table(s.services, {"preset": "single-1000"}, f"shots-shown-{n}")
        table = await s.until(table_id, lambda t: t.phase == "play" and len(t.view_for(None).tricks) == 1)
        if any(table.view_for(None).weis.values()):
            return table_id
    raise AssertionError("no deal with a Weis")


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else os.path.join("docs", "web"))
    for shot in asyncio.run(shoot(target)):
        print(shot)
