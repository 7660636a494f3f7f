"""Issue 64, item 8 in chromium: a game across two shard processes. The second process (a process of
its own: ``python -m tests.web.shards``) plays a table of a server of its shard; four people open
their links at the first process (one web address for both) and play the whole game by clicking,
a spectator watches; every card reaches the owner, and the pages never talk to it directly."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from .browser import Browser, need_browser
from .shards import start
from .test_live_browser import PLAYABLE, _text_has, wait_for

ROOT = Path(__file__).resolve().parents[2]
#: The person whose turn it is on a page: their hand has a playable card, or a choice is offered.
MY_TURN = ("return !document.body.classList.contains('sent') && document.getElementById('table').dataset.connected"
           " === 'yes' && (document.querySelector(arguments[0]) !== null"
           " || !document.getElementById('choices').hidden)")  # fmt: skip


@pytest.fixture(autouse=True)
def on_both_databases() -> None:
    """SQLite only (the websockets' forwarding runs on both databases in test_shard_forwarding.py)."""


@pytest.fixture
async def browsers():
    need_browser()
    started = [await Browser.start() for _ in range(5)]
    yield started
    await asyncio.gather(*(b.close() for b in started))


async def test_a_whole_game_across_two_shard_processes(tmp_path, browsers):
    path = tmp_path / "shared.sqlite3"
    first = await start(path, 0)  # this process: shard 0, the address the people use
    owner = subprocess.Popen([sys.executable, "-m", "tests.web.shards", "--db", str(path), "--shard", "1"],
                             cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert owner.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(owner.stdout.readline), 60)
        started = json.loads(line)
        assert started["port"] != first.server.port
        table_id = started["table"]
        urls = [f"{first.url}/table/{token}" for token in started["links"]]
        urls[4] += "?lang=en"
        await asyncio.gather(*(b.open(url) for b, url in zip(browsers, urls, strict=True)))
        spectator = browsers[4]

        async def over() -> bool:
            return await _text_has(spectator, "The game is over.")

        clicks = 0
        for _ in range(5000):
            if await over():
                break
            moved = False
            for b in browsers[:4]:
                if not await b.call(b.driver.execute_script, MY_TURN, PLAYABLE):
                    continue
                found = await b.call(b.driver.find_elements, "css selector", f"{PLAYABLE}, #choice-list button")
                if found:
                    try:
                        await b.call(found[0].click)
                    except Exception:  # the page redrew under the click: the next round tries again
                        continue
                    clicks += 1
                    moved = True
            if not moved:
                await asyncio.sleep(0.05)
        await wait_for(over, what="the spectator sees the end", timeout=60)
        events = await first.services.tables.events(table_id)  # one database: the owner stored every move
        cards = [ev for ev in events if ev["type"] == "card"]
        assert len(cards) == 72 and clicks >= 72
        # every page was served by the first process and forwarded: the owner's socket frames went there
        assert not first.live.frames
        for b in browsers:
            assert await b.call(b.driver.execute_script, "return location.port") == str(first.server.port)
    finally:
        if owner.stdin is not None:
            owner.stdin.close()
        try:
            owner.wait(timeout=20)
        except subprocess.TimeoutExpired:
            owner.kill()
        await first.stop()
