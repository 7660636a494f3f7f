"""The live table in chromium: four people, each in their own browser with their own link,
play a whole Schieber game by clicking their cards; a fifth browser watches as a spectator. A card
of someone not at turn is refused with the bot's text; the bot restarts in the middle of a hand,
the pages reconnect by themselves, and a card clicked while it was away is not played (once it is
back, the same person plays it once). Screenshots of the table at 360 px and 1280 px."""

from __future__ import annotations

import asyncio
import os

import pytest

from bot.rules import Card
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.storage import Storage
from bot.texts import message
from bot.web.live import LiveTables
from bot.web.pages import Pages
from bot.web.server import RateLimit, WebServer

from .browser import SHOTS, Browser, need_browser
from .live_game import PEOPLE, seated_table
from .site import healthy, no_metrics
from .test_browser import LOOSE_OVERRIDES

RULES = {"preset": "tournament", "hands_per_game": 2}
PLAYABLE = "#hand button.card:not([disabled])"
#: The predictions column of a Differenzler page's score board, as the page shows it now.
PREDICTIONS = "return [...document.querySelectorAll('#board tr td:nth-child(3)')].map(td => td.textContent)"
#: The table state a page shows, or -1 while its socket is not connected or nothing is drawn yet (a
#: loaded machine: the page may be connected before its first state is drawn).
SEQ = ("const m = document.getElementById('table'); "
       "return m && m.dataset.connected === 'yes' && m.dataset.seq ? Number(m.dataset.seq) : -1")  # fmt: skip


async def seq_shown(b: Browser) -> int:
    """The table state page ``b`` shows (-1 while it shows none)."""
    seq = await b.call(b.driver.execute_script, SEQ)
    return int(seq) if isinstance(seq, int | float) and seq == seq else -1


class Bot:
    """The services and the web server of one bot process, on a database and a port."""

    def __init__(self, services: Services, server: WebServer) -> None:
        self.services, self.server = services, server

    @classmethod
    async def start(cls, path, port: int = 0) -> Bot:
        storage = await Storage.open(path)
        services = Services.build(storage, ServiceSettings(ai_seed="live"), "random")
        pages = Pages(services.site)
        live = LiveTables(services.tables, services.live, pages.env)
        server = WebServer(healthy, no_metrics, pages, RateLimit(rate=1000, burst=1000), live=live)
        await server.start("127.0.0.1", port)
        return cls(services, server)

    async def stop(self) -> None:
        await self.server.stop()
        await self.services.close()
        await self.services.storage.close()


@pytest.fixture(autouse=True)
def on_both_databases() -> None:
    """SQLite only: the sockets' tests (test_live_table.py) run on both databases."""


@pytest.fixture
async def browsers():
    """Five browsers: four people and a spectator (each its own chromium, as on five devices)."""
    need_browser()
    started = [await Browser.start() for _ in range(5)]  # one after another: chromedriver starts are racy
    yield started
    await asyncio.gather(*(b.close() for b in started))


async def wait_for(condition, timeout: float = 30.0, what: str = "") -> None:
    for _ in range(int(timeout / 0.02)):
        if await condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the page did not get there: {what}")


async def test_four_people_and_a_spectator_play_at_the_table_in_chromium(tmp_path, browsers):
    shots = SHOTS or str(tmp_path)
    os.makedirs(shots, exist_ok=True)
    path = tmp_path / "db.sqlite3"
    bot = await Bot.start(path)
    port = bot.server.port
    try:
        table_id = await seated_table(bot.services, RULES)
        urls = [f"http://127.0.0.1:{port}/table/{await bot.services.live.token(table_id, s, a)}"
                for s, a in enumerate(PEOPLE)]  # fmt: skip
        urls.append(f"http://127.0.0.1:{port}/table/{await bot.services.live.token(table_id, None)}?lang=en")
        await asyncio.gather(*(b.open(url) for b, url in zip(browsers, urls, strict=True)))

        async def page_seq(i: int) -> int:
            """The table state page ``i`` shows (-1 while it is not connected)."""
            return await seq_shown(browsers[i])

        async def click_first(i: int, css: str) -> str:
            """Click the first element ``css`` finds in page ``i``: its card or choice."""
            b = browsers[i]
            found = await b.call(b.driver.find_elements, "css selector", css)
            assert found, css
            name = str(await b.call(found[0].get_attribute, "data-card") or
                       await b.call(found[0].get_attribute, "data-choice"))  # fmt: skip
            await b.call(found[0].click)
            return name

        async def press_first(i: int, css: str) -> str:
            """Page ``i`` by keyboard only: Tab to the first element ``css`` finds (the hand is one stop of
            the tab order), the arrow keys through the hand, Enter."""
            from selenium.webdriver.common.keys import Keys

            b = browsers[i]
            focused = "return document.activeElement && document.activeElement.matches(arguments[0])"
            for _ in range(60):
                if await b.call(b.driver.execute_script, focused, css):
                    break
                await b.call(lambda: b.driver.switch_to.active_element.send_keys(Keys.TAB))
            else:
                raise AssertionError(f"Tab never reached {css}")
            if css == PLAYABLE:  # to the next legal card and back: the arrows go round the hand
                await b.call(lambda: b.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT))
                await b.call(lambda: b.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT))
                assert await b.call(b.driver.execute_script, focused, css)
            active = await b.call(lambda: b.driver.switch_to.active_element)
            name = str(
                await b.call(active.get_attribute, "data-card") or await b.call(active.get_attribute, "data-choice")
            )
            await b.call(lambda: active.send_keys(Keys.ENTER))
            return name

        async def current() -> tuple[int, int | None, int, str]:
            snapshot = await bot.services.tables.table(table_id)
            return snapshot.seq, snapshot.to_act, snapshot.hand_no, snapshot.phase

        async def step() -> None:
            """The person at turn clicks in their window: a contract (its first choice), else a card."""
            seq, seat, _, phase = await current()
            if seat is None:  # between two hands: the next deal is on its way
                await wait_for(lambda: _dealt(current()), what="the next hand dealt")
                return
            await wait_for(lambda: _equal(page_seq(seat), seq), what=f"seat {seat} shows {seq}")
            act = press_first if seat == KEYBOARD else click_first  # one of the four plays by keyboard only
            await act(seat, "#choice-list button" if phase == "contract" else PLAYABLE)
            await bot.services.tables.wait_idle()
            await wait_for(lambda: _changed(current(), seq), what=f"the table moved on from {seq}")

        # Cards as cards: the nine of the hand fanned within a phone's width, each the deck's sprite,
        # fetched once.
        first = browsers[0]
        await first.width(360, 740)
        await wait_for(lambda: _count(first, "#hand button.card", 9), what="nine cards in the hand")
        assert await first.call(first.driver.execute_script, INSIDE, "#hand button.card") == 9
        assert not await first.overflows()
        await wait_for(lambda: _sprites(first, 1), what="the deck's sprite loaded")
        await first.width(1280, 800)

        # A refused card: someone not at turn clicks; the bot's text, nothing changes.
        seq, seat, _, _ = await current()
        other = (seat + 1) % 4 if seat is not None else 0
        await wait_for(lambda: _equal(page_seq(other), seq), what="the other's page")
        b = browsers[other]
        assert not await b.call(b.driver.find_elements, "css selector", "#hand button.card:not([disabled])")
        await b.call(b.driver.execute_script, "document.querySelector('#hand button.card').disabled = false")
        await click_first(other, "#hand button.card")
        refusal = await b.call(b.driver.find_element, "id", "refusal")
        await wait_for(lambda: b.call(refusal.is_displayed), what="the refusal")
        # the bot's own refusal: not your turn, or (while the contract is being chosen) not now
        refusals = (message("err.NOT_YOUR_TURN", "de"), message("err.WRONG_PHASE", "de"))
        assert await b.call(lambda: refusal.text) in refusals
        assert (await current())[0] == seq
        # the refused card shakes where it is, and not where the reader asked for less motion
        shaking = "return [...document.querySelectorAll('#hand .shake')].map(e => getComputedStyle(e).animationName)"
        assert await b.call(b.driver.execute_script, shaking) == ["shake"]
        await b.call(b.driver.execute_cdp_cmd, "Emulation.setEmulatedMedia",
                     {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})  # fmt: skip
        assert await b.call(b.driver.execute_script, shaking) == ["none"]
        await b.call(b.driver.execute_cdp_cmd, "Emulation.setEmulatedMedia", {"features": []})

        # The first hand to its middle, then the bot restarts.
        while (await current())[3] != "play" or len((await bot.services.tables.table(table_id)).public.tricks) < 4:
            await step()
        _, seat, _, _ = await current()
        assert seat is not None
        for b in (browsers[seat], browsers[4]):  # a seat's page and the spectator's
            assert await b.axe() == []  # 0 accessibility violations
            assert await b.call(b.driver.execute_script, LOOSE_OVERRIDES) == 0  # every name isolated
        for width in (360, 1280):  # the long name is cut, never widens the page
            await browsers[seat].width(width)
            assert not await browsers[seat].overflows(), width
            await browsers[seat].screenshot(os.path.join(shots, f"table-{width}.png"), width)
        spectator = browsers[4]
        await spectator.screenshot(os.path.join(shots, "table-spectator-1280.png"), 1280)
        assert not await spectator.call(spectator.driver.find_elements, "css selector", "#hand button.card")
        seq, seat, _, _ = await current()
        assert seat is not None
        await bot.stop()
        await wait_for(lambda: _equal(page_seq(seat), -1), what="the page notices", timeout=30)
        card = await click_first(seat, "#hand button.card:not([disabled])")  # while the bot is away
        bot = await Bot.start(path, port)
        back = asyncio.get_running_loop().time()
        await wait_for(lambda: _equal(page_seq(seat), seq), timeout=45)  # reconnected by itself
        # within about a second of the bot being back (it tries at least once a second)
        assert asyncio.get_running_loop().time() - back < 3.0
        assert (await current())[0] == seq  # the click in the gap played nothing
        events = await bot.services.tables.events(table_id)
        assert sum(ev["type"] == "card" for ev in events) == sum(ev["type"] == "card" for ev in events[:seq])
        # Played once, now that it is back.
        await click_first(seat, f"#hand button.card[data-card='{card}']")
        await bot.services.tables.wait_idle()
        await wait_for(lambda: _changed(current(), seq), what="the card played after the restart")
        events = await bot.services.tables.events(table_id)
        assert [ev["card"] for ev in events if ev["type"] == "card"].count(card) == 1

        # The rest of the game, every card from a page.
        while (await current())[3] != "game_over":
            await step()
        await wait_for(lambda: _text_has(spectator, "The game is over."), what="the spectator sees the end")
        events = await bot.services.tables.events(table_id)
        assert sum(ev["type"] == "card" for ev in events) == 72
        assert await _sprites(first, 1)  # the whole game, the restart included: the deck fetched once
    finally:
        await bot.stop()


#: Which seat plays the whole game by keyboard only (Tab, the arrow keys, Enter).
KEYBOARD = 2
#: How many elements ``arguments[0]`` finds that lie wholly inside the window.
INSIDE = ("return [...document.querySelectorAll(arguments[0])].filter(e => { const r = e.getBoundingClientRect();"
          " return r.left >= 0 && r.right <= window.innerWidth && r.width > 0; }).length")  # fmt: skip


async def _sprites(browser: Browser, n: int) -> bool:
    """The page fetched the decks' sprites ``n`` times (the browser's own record of its requests)."""
    script = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/static/cards-')).length"
    return bool(await browser.call(browser.driver.execute_script, script) == n)


async def _count(browser: Browser, css: str, n: int) -> bool:
    return len(await browser.call(browser.driver.find_elements, "css selector", css)) == n


async def _equal(value, expected) -> bool:
    return await value == expected


async def _dealt(value) -> bool:
    _, seat, _, phase = await value
    return seat is not None or phase == "game_over"


async def _changed(value, seq: int) -> bool:
    return (await value)[0] != seq


async def _text_has(browser: Browser, text: str) -> bool:
    return text in await browser.text()


async def test_a_differenzler_hand_and_a_coiffeur_row_in_chromium(tmp_path, browsers):
    """Predictions typed into the page, hidden from the others until the hand is over; a Coiffeur
    row chosen by a click."""
    bot = await Bot.start(tmp_path / "db.sqlite3")
    port = bot.server.port
    try:
        rules = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False,
                 "stoeck_enabled": False, "hands_per_game": 1}  # fmt: skip
        table_id = await seated_table(bot.services, rules, "dz-browser")
        urls = [f"http://127.0.0.1:{port}/table/{await bot.services.live.token(table_id, s, a)}"
                for s, a in enumerate(PEOPLE)]  # fmt: skip
        await asyncio.gather(*(b.open(url) for b, url in zip(browsers, urls, strict=False)))

        async def current() -> tuple[int, str]:
            snapshot = await bot.services.tables.table(table_id)
            return snapshot.seq, snapshot.phase

        for seat, b in enumerate(browsers[:4]):  # each types a prediction and sends it
            seq, _ = await current()
            await wait_for(lambda b=b, seq=seq: _shows(b, seq), what=f"the page shows {seq}")  # no redraw under way
            field = await b.call(b.driver.find_element, "id", "number")
            await b.call(field.clear)
            await b.call(field.send_keys, str(20 + seat))
            send = await b.call(b.driver.find_element, "css selector", "#choice-list button")
            await b.call(send.click)
            await bot.services.tables.wait_idle()
            for other in browsers[:4]:
                if other is not b:  # nobody sees another's prediction while the hand runs
                    shown = await other.call(other.driver.execute_script, PREDICTIONS)  # read at once: no stale cells
                    assert str(20 + seat) not in shown
        await wait_for(lambda: _phase(current(), "play"), what="the predictions are in")
        while (await current())[1] == "play":
            snapshot = await bot.services.tables.table(table_id)
            b = browsers[snapshot.to_act or 0]
            seq = snapshot.seq
            await wait_for(lambda b=b, seq=seq: _shows(b, seq), what=f"the page shows {seq}")
            found = await b.call(b.driver.find_elements, "css selector", PLAYABLE)
            await b.call(found[0].click)
            await bot.services.tables.wait_idle()
            await wait_for(lambda seq=seq: _changed(current(), seq), what="the card played")
        events = await bot.services.tables.events(table_id)
        assert sum(ev["type"] == "card" for ev in events) == 36
        assert sorted(ev["points"] for ev in events if ev["type"] == "prediction") == [20, 21, 22, 23]

        coiffeur = await seated_table(bot.services, {"game": "coiffeur", "weis_enabled": False}, "cf-browser")
        chooser = (await bot.services.tables.table(coiffeur)).to_act or 0
        b = browsers[chooser]
        token = await bot.services.live.token(coiffeur, chooser, PEOPLE[chooser])
        await b.open(f"http://127.0.0.1:{port}/table/{token}")
        await wait_for(lambda: _has(b, "#choice-list button[data-choice^='row:']"), what="the rows offered")
        row = (await b.call(b.driver.find_elements, "css selector", "#choice-list button[data-choice^='row:']"))[-1]
        await b.call(row.click)
        await bot.services.tables.wait_idle()
        await wait_for(lambda: _phase_of(bot, coiffeur, "play"), what="the row chosen")
    finally:
        await bot.stop()


async def _phase(value, phase: str) -> bool:
    return (await value)[1] == phase


async def _phase_of(bot: Bot, table_id: str, phase: str) -> bool:
    return (await bot.services.tables.table(table_id)).phase == phase


async def _shows(b: Browser, seq: int) -> bool:
    return await seq_shown(b) == seq


async def _has(b: Browser, css: str) -> bool:
    return bool(await b.call(b.driver.find_elements, "css selector", css))


async def test_a_page_connected_but_not_yet_drawn_reads_as_no_state():
    """A loaded machine: the socket is open before the first state is drawn; the tests wait, not crash."""
    need_browser()
    b = await Browser.start()
    try:
        await b.open("data:text/html,<main id='table' data-connected='yes'></main>")
        assert await seq_shown(b) == -1
        await b.open("data:text/html,<main id='table' data-connected='yes' data-seq='12'></main>")
        assert await seq_shown(b) == 12
    finally:
        await b.close()


async def test_manual_weis_is_marked_by_hand_in_chromium(tmp_path):
    """Item 4: with Weis by hand, the page offers each Weis held as a toggle, none marked (as the
    Discord buttons); the card played carries exactly what was marked."""
    need_browser()
    from bot.game import ChooseContract

    bot = await Bot.start(tmp_path / "db.sqlite3")
    browser = await Browser.start()
    try:
        rules = {"preset": "single-1000", "weis_mode": "manual", "stoeck_auto": False}
        for n in range(60):
            table_id = await seated_table(bot.services, rules, f"marks-{n}")
            table = await bot.services.tables.table(table_id)
            if table.phase == "contract":
                await bot.services.tables.execute(table_id, ChooseContract(PEOPLE[table.to_act], contract="obenabe"))
                table = await bot.services.tables.table(table_id)
            if table.view_for(table.to_act).weis_options:
                break
        else:
            raise AssertionError("no deal of 60 gives the first player a Weis")
        seat = table.to_act
        offered = table.view_for(seat).weis_options
        token = await bot.services.live.token(table_id, seat, PEOPLE[seat])
        await browser.open(f"http://127.0.0.1:{bot.server.port}/table/{token}")
        toggles = "return [...document.querySelectorAll('#marks button.mark')].map(b => b.getAttribute('aria-pressed'))"
        await wait_for(lambda: _count(browser, "#marks button.mark", len(offered)), what="the Weis toggles")
        assert await browser.call(browser.driver.execute_script, toggles) == ["false"] * len(offered)
        first = (await browser.call(browser.driver.find_elements, "css selector", "#marks button.mark"))[0]
        await browser.call(first.click)
        assert (await browser.call(browser.driver.execute_script, toggles))[0] == "true"
        card = (await browser.call(browser.driver.find_elements, "css selector", PLAYABLE))[0]
        await browser.call(card.click)
        await wait_for(lambda: _played(bot, table_id), what="the card played")
        [played] = [ev for ev in await bot.services.tables.events(table_id) if ev["type"] == "card"]
        cards = sorted(str(Card.from_index(c)) for c in range(36) if offered[0].mask >> c & 1)
        assert [sorted(w) for w in played.get("weis", [])] == [cards]  # the one marked, no other
    finally:
        await browser.close()
        await bot.stop()


async def _played(bot: Bot, table_id: str) -> bool:
    return any(ev["type"] == "card" for ev in await bot.services.tables.events(table_id))
