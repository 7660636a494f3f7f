"""The public pages in a real browser (Debian's chromium, headless): a server filled by real games
of all four kinds and a tournament, one person who chose privacy and one forgotten. The link of a
bot answer is followed, every kind of page opened at 360 px and 1280 px (no sideways scrolling,
screenshots), a replay stepped through by its links with no card shown before it was played, the
private and the forgotten person found nowhere, and a server with `web:off` answers 404."""

from __future__ import annotations

import os
import re
from pathlib import Path

import aiohttp
import pytest

from benchmarks.web_fill import fill
from bot.rules import Card
from bot.services.replays import step_indexes
from bot.web.pages import Pages
from bot.web.server import RateLimit, WebServer
from tests.discord.harness import GUILD_ID, user
from tests.discord.test_table_game import fast_settings, started
from tests.discord.test_tournament import said
from tests.discord.test_web_links import answer_links, jass

from .browser import SHOTS, Browser, need_browser

ADMIN = user(90, "admin")
PERSON = user(1000, "anna")
GAMES = {"schieber": 6, "coiffeur": 1, "differenzler": 2, "molotow": 2}


async def cards_on_page(browser: Browser) -> list[int]:
    found = await browser.call(browser.driver.find_elements, "css selector", "[data-card]")
    return [int(await browser.call(e.get_attribute, "data-card")) for e in found]


async def links_on_page(browser: Browser, css: str) -> list[str]:
    found = await browser.call(browser.driver.find_elements, "css selector", css)
    return [str(await browser.call(e.get_attribute, "href")) for e in found]


async def click(browser: Browser, css: str) -> None:
    element = await browser.call(browser.driver.find_element, "css selector", css)
    await browser.call(element.click)


@pytest.fixture
async def browser():
    need_browser()
    b = await Browser.start()
    yield b
    await b.close()


async def test_the_pages_in_chromium(tmp_path, monkeypatch, browser):
    shots = SHOTS or str(tmp_path)
    os.makedirs(shots, exist_ok=True)
    h = await started(fast_settings(tmp_path), monkeypatch)
    services = h.bot.services
    assert services is not None
    server = WebServer(h.bot.health, h.bot.metrics_text, Pages(h.bot.site), RateLimit(rate=1000, burst=1000))
    await server.start("127.0.0.1", 0)
    root = f"http://127.0.0.1:{server.port}"
    h.bot.site.base_url = root  # the bot's web.base_url: where its answers' links point
    try:
        filled = await fill(services, int(GUILD_ID), games=GAMES)
        private, forgotten = filled.people[filled.private or ""], filled.forgotten_name or ""
        answer = await said(h, h.command_payload("jass", jass("settings", [{"name": "web", "type": 3, "value": "on"}]),
                                                 ADMIN, manager=True))  # fmt: skip
        home = re.search(r"(http://\S+/s/[\w-]+/)", answer)
        assert home is not None, answer
        home_url = home[1]

        # The link of a bot answer, followed.
        [board_url] = await answer_links(h, h.command_payload("jass", jass("leaderboard"), PERSON))
        await browser.open(board_url)
        text = await browser.text()
        assert "Rangliste Schieber" in text and "Saison 1" in text
        assert private not in text and forgotten not in text

        # Every kind of page: opened, read, at two widths, photographed.
        person_url = (await links_on_page(browser, "table.board a"))[0]
        await browser.open(home_url)
        tournament_url = (await links_on_page(browser, "a[href*='/t/']"))[0]
        game_urls = await links_on_page(browser, "table.games a[href*='/g/']")
        pages: dict[str, str] = {"home": home_url, "leaderboard": board_url, "tournament": tournament_url,
                                 "person": person_url, "game": game_urls[0]}  # fmt: skip
        opened: list[str] = []
        for leaderboard in await links_on_page(browser, ".tiles a"):
            await browser.open(leaderboard)
            opened.append(leaderboard)
            text = await browser.text()
            assert "Rangliste" in text and private not in text and forgotten not in text
        for url in game_urls:  # every finished game of the server, and its first hand's first step
            await browser.open(url)
            text = await browser.text()
            assert private not in text and forgotten not in text, url
            step = (await links_on_page(browser, "table.board a[href$='/0']"))[0]
            await browser.open(step)
            assert private not in await browser.text() and forgotten not in await browser.text()
            opened += [url, step]
        assert len(game_urls) >= sum(GAMES.values())

        # A replay stepped through by its links: each card shown once it is played, none before.
        table_id = filled.tables["schieber"][0]
        events = await services.tables.events(table_id)
        indexes = step_indexes(events, 1, 1)
        await browser.open(f"{home_url}g/{table_id}/1/1/0")
        pages["replay"] = f"{home_url}g/{table_id}/1/1/6"
        for step, i in enumerate(indexes):
            played = {int(Card.parse(ev["card"]).index) for ev in events[indexes[0] : i + 1] if ev["type"] == "card"}
            assert set(await cards_on_page(browser)) == played, step
            if step < len(indexes) - 1:
                await click(browser, "a[rel=next]")
        assert "Gespielte Stiche" in await browser.text()

        long_name = next(n for n in filled.people.values() if len(n) >= 32 and " " not in n)
        await browser.open(home_url)
        pages_to_check = {**pages, "long-name": (await person_page_of(browser, home_url, long_name)) or person_url}
        for name, url in pages_to_check.items():
            await browser.open(url)
            text = await browser.text()
            assert private not in text and forgotten not in text, name
            # Every name stands in an isolate of its own: an override in one (U+202E) turns round
            # nothing after it (no text outside a <bdi> carries one).
            loose = await browser.call(browser.driver.execute_script, LOOSE_OVERRIDES)
            assert loose == 0, (name, loose)
            assert await browser.axe() == [], name  # 0 accessibility violations
            for width in (360, 1280):
                await browser.width(width)
                assert not await browser.overflows(), (name, width)
                await browser.screenshot(os.path.join(shots, f"{name}-{width}.png"), width)
        await browser.width(1280)

        # The private and the forgotten person's pages: not there.
        async with aiohttp.ClientSession() as session:
            for actor in (filled.private, filled.forgotten):
                url = await h.bot.site.person_url(int(GUILD_ID), actor or "")
                assert url is None
        # Switched off: every page answers 404.
        await said(h, h.command_payload("jass", jass("settings", [{"name": "web", "type": 3, "value": "off"}]),
                                        ADMIN, manager=True))  # fmt: skip
        await browser.open(home_url)
        assert "no such page" in (await browser.text()).lower()
        async with aiohttp.ClientSession() as session:
            for url in (*pages.values(), *opened):
                async with session.get(url) as response:
                    assert response.status == 404, url
    finally:
        await server.stop()
        await h.bot.close()


#: Text nodes with a right-to-left override that are not inside a name's isolate (<bdi>, or Unicode's
#: isolate characters round a name inside a sentence).
LOOSE_OVERRIDES = """
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
let loose = 0;
while (walker.nextNode()) {
  const node = walker.currentNode;
  const text = node.textContent;
  const at = text.indexOf("\u202e");
  const isolated = text.lastIndexOf("\u2068", at) >= 0 && text.indexOf("\u2069", at) > at;
  if (at >= 0 && !isolated && !node.parentElement.closest("bdi")) loose += 1;
}
return loose;
"""


async def person_page_of(browser, home_url: str, name: str) -> str | None:
    """The address of ``name``'s page, found by its link's title on the front page."""
    await browser.open(home_url)
    script = ("return [...document.querySelectorAll('bdi.name')].filter(b => b.title === arguments[0])"
              ".map(b => b.closest('a')).filter(a => a).map(a => a.href)[0] || null")  # fmt: skip
    found = await browser.call(browser.driver.execute_script, script, name)
    return str(found) if found else None


def test_screenshots_are_named_for_the_readme() -> None:
    """The README links the pictures this test writes to docs/web (JASS_WEB_SCREENSHOTS=docs/web)."""
    root = Path(__file__).resolve().parents[2]
    guide = (root / "docs" / "web.md").read_text(encoding="utf-8")
    for name in ("home", "leaderboard", "tournament", "person", "game", "replay"):
        for width in (360, 1280):
            assert (root / "docs" / "web" / f"{name}-{width}.png").is_file(), (name, width)
            assert f"(web/{name}-{width}.png)" in guide
    assert "docs/web/" in (root / "README.md").read_text(encoding="utf-8")
