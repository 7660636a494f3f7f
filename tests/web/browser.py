"""Debian's chromium, headless, driven by its chromedriver through Selenium (no browser download):
the calls block, so the tests run them in a thread while the web server answers on the loop."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
#: ``JASS_TEST_BROWSER=required`` (CI): a missing browser is an error, not a skipped test.
REQUIRED = os.environ.get("JASS_TEST_BROWSER", "") == "required"
#: Where the screenshots go (``docs/web`` to renew the README's pictures); default: the test's folder.
SHOTS = os.environ.get("JASS_WEB_SCREENSHOTS", "")
# The machine's network is closed: no background connections, no updates, no sync.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1")  # fmt: skip

T = TypeVar("T")
#: axe-core, the accessibility checker, from the npm registry (a dev dependency of bot/web/client,
#: installed by make with the Activity's script).
AXE = Path(__file__).resolve().parents[2] / "bot" / "web" / "client" / "node_modules" / "axe-core" / "axe.min.js"


def available() -> bool:
    return os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)


def need_browser() -> None:
    if available():
        return
    if REQUIRED:
        raise AssertionError(f"chromium or chromedriver missing ({CHROMIUM}, {CHROMEDRIVER}): install Debian's "
                             "chromium and chromium-driver (.ci/run does)")  # fmt: skip
    pytest.skip("Debian's chromium and chromium-driver are not installed (CI installs them)")


class Browser:
    """One headless chromium; every call runs in a thread (``await browser.call(fn, ...)``)."""

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="jass-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (*FLAGS, f"--user-data-dir={self.profile}"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(30)

    @classmethod
    async def start(cls, tries: int = 3) -> Browser:
        """A browser; chromedriver failing to start (a busy machine) is tried again."""
        from selenium.common.exceptions import WebDriverException

        for attempt in range(tries):
            try:
                return await asyncio.to_thread(cls)
            except WebDriverException:
                if attempt == tries - 1:
                    raise
                await asyncio.sleep(1.0)
        raise AssertionError("unreachable")

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)

    async def open(self, url: str) -> None:
        await self.call(self.driver.get, url)

    async def text(self) -> str:
        return await self.call(lambda: self.driver.find_element("tag name", "body").text)

    async def width(self, width: int, height: int = 800) -> None:
        """A phone (360 px) or a desktop (1280 px): the page laid out at that width."""
        await self.call(self.driver.execute_cdp_cmd, "Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})  # fmt: skip

    async def overflows(self) -> bool:
        """The page is wider than the window (a reader would have to scroll sideways)."""
        return bool(await self.call(self.driver.execute_script,
                                    "return document.documentElement.scrollWidth > window.innerWidth"))  # fmt: skip

    async def screenshot(self, path: str, width: int) -> None:
        """The whole page at ``width`` as a PNG."""
        height = int(await self.call(self.driver.execute_script,
                                     "return Math.max(document.documentElement.scrollHeight, 400)"))  # fmt: skip
        await self.width(width, min(height, 2400))
        await self.call(self.driver.save_screenshot, path)

    async def axe(self) -> list[str]:
        """axe-core's violations on the page as it is now (their ids and the nodes they name)."""
        if not AXE.is_file():
            message = f"axe-core is not installed ({AXE}): make installs it (npm)"
            if REQUIRED:
                raise AssertionError(message)
            pytest.skip(message)
        await self.call(self.driver.execute_script, AXE.read_text(encoding="utf-8"))
        found = await self.call(self.driver.execute_async_script, """
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ["violations"]}).then(
                (r) => done(r.violations.map((v) => v.id + " (" + v.impact + "): " +
                                             v.nodes.map((n) => n.target.join(" ")).join(", "))),
                (e) => done(["axe failed: " + e]));""")  # fmt: skip
        return [str(v) for v in found]

    async def close(self) -> None:
        await self.call(self.driver.quit)
        shutil.rmtree(self.profile, ignore_errors=True)
