"""Screenshots of the live card table (``docs/web/``) at 360×740, 740×360 and 1280×800: four people at
a Schieber table with the second card of a trick played (``table-trick-*``), and a person at turn
with Weis to declare by hand (``table-weis-*``).

``python -m scripts.table_screenshots [DIR]`` (default ``docs/web``) needs Debian's chromium.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from bot.game import PlayCard
from bot.rules import Card
from tests.web.browser import Browser
from tests.web.live_game import PEOPLE, seated_table
from tests.web.test_live_browser import Bot

SIZES = ((360, 740), (740, 360), (1280, 800))


async def shoot(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        bot = await Bot.start(Path(tmp) / "db.sqlite3")
        browser = await Browser.start()
        try:
            rules = {"preset": "single-1000"}
            table_id = await seated_table(bot.services, rules, "shots")
            for _ in range(2):  # two cards of the first trick, each the first legal card of the seat to play
                table = await bot.services.tables.table(table_id)
                seat = table.public.turn
                assert seat is not None
                view = table.view_for(seat)
                if view.phase == "contract":
                    from bot.game import ChooseContract

                    await bot.services.tables.execute(table_id, ChooseContract(PEOPLE[seat], contract="rose"))
                    table = await bot.services.tables.table(table_id)
                    seat = table.public.turn
                    assert seat is not None
                    view = table.view_for(seat)
                card = next(c for c in range(36) if view.legal >> c & 1)
                await bot.services.tables.execute(table_id, PlayCard(PEOPLE[seat], str(Card.from_index(card))))
            url = f"http://127.0.0.1:{bot.server.port}/table/{await bot.services.live.token(table_id, 0, PEOPLE[0])}"
            out = await shots(browser, url, folder, "trick")
            seat, weis_table = await weis_to_declare(bot)
            token = await bot.services.live.token(weis_table, seat, PEOPLE[seat])
            return out + await shots(browser, f"http://127.0.0.1:{bot.server.port}/table/{token}", folder, "weis")
        finally:
            await browser.close()
            await bot.stop()


async def shots(browser: Browser, url: str, folder: Path, name: str) -> list[Path]:
    out = []
    for width, height in SIZES:
        await browser.width(width, height)
        await browser.open(url)
        for _ in range(200):
            if await browser.call(browser.driver.execute_script,
                                  "return document.querySelectorAll('#hand button.card').length"):  # fmt: skip
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # the sprite drawn
        path = folder / f"table-{name}-{width}x{height}.png"
        await browser.call(browser.driver.save_screenshot, str(path))
        out.append(path)
    return out


async def weis_to_declare(bot: Bot) -> tuple[int, str]:
    """A table with Weis by hand where the person to lead holds a Weis (the first of some deals)."""
    from bot.game import ChooseContract

    for n in range(60):
        rules = {"preset": "single-1000", "weis_mode": "manual", "stoeck_auto": False}
        table_id = await seated_table(bot.services, rules, f"shots-weis-{n}")
        table = await bot.services.tables.table(table_id)
        seat = table.public.turn
        assert seat is not None
        if table.view_for(seat).phase == "contract":
            await bot.services.tables.execute(table_id, ChooseContract(PEOPLE[seat], contract="obenabe"))
            table = await bot.services.tables.table(table_id)
            seat = table.public.turn
            assert seat is not None
        if table.view_for(seat).weis_options:
            return seat, table_id
    raise AssertionError("no deal gives the leader a Weis")


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else os.path.join("docs", "web"))
    for shot in asyncio.run(shoot(target)):
        print(shot)
