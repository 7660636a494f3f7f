"""The live table's first drawing in chromium on a slow phone: the CPU slowed ×4 and the network of
Chrome DevTools' presets (``Network.emulateNetworkConditions``), a cold cache (a new profile) and then
a warm one (the page opened again: the script, styles and card sprite kept by the browser).

``python -m benchmarks.web_first_draw [--runs 3]`` prints, per network, the milliseconds from the
navigation's start to the first table drawn (the page's ``jass:first-table`` mark: its seats, trick
and hand in the DOM), the median of ``--runs`` cold and warm loads, and the bytes of script and
styles gzipped. Needs Debian's chromium and chromedriver.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import statistics
import tempfile
from importlib import resources
from pathlib import Path

from bot.game import ChooseContract
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.storage import Storage
from bot.web.live import LiveTables
from bot.web.pages import Pages
from bot.web.server import RateLimit, WebServer
from tests.web.browser import Browser
from tests.web.live_game import PEOPLE, seated_table
from tests.web.site import healthy, no_metrics

#: Chrome DevTools' throttling presets (front_end/core/sdk/NetworkManager.ts): bytes a second, ms.
NETWORKS = {
    "slow-3g": {"download": 500 * 1000 / 8 * 0.8, "upload": 500 * 1000 / 8 * 0.8, "latency": 400 * 5},
    "slow-4g": {"download": 1.6 * 1000 * 1000 / 8 * 0.9, "upload": 750 * 1000 / 8 * 0.9, "latency": 150 * 3.75},
}
MARK = "const m = performance.getEntriesByName('jass:first-table'); return m.length ? m[0].startTime : null"


async def first_draw(url: str, network: dict[str, float], runs: int) -> tuple[list[float], list[float]]:
    cold, warm = [], []
    for _ in range(runs):
        browser = await Browser.start()  # a new profile: nothing cached
        try:
            driver = browser.driver
            await browser.call(driver.execute_cdp_cmd, "Emulation.setCPUThrottlingRate", {"rate": 4})
            await browser.call(driver.execute_cdp_cmd, "Network.enable", {})
            conditions = {"offline": False, "latency": network["latency"], "downloadThroughput": network["download"],
                          "uploadThroughput": network["upload"]}  # fmt: skip
            await browser.call(driver.execute_cdp_cmd, "Network.emulateNetworkConditions", conditions)
            for into in (cold, warm):
                await browser.open(url)
                for _ in range(600):
                    drawn = await browser.call(driver.execute_script, MARK)
                    if drawn is not None:
                        into.append(float(drawn))
                        break
                    await asyncio.sleep(0.05)
                else:
                    raise AssertionError("the table was never drawn")
        finally:
            await browser.close()
    return cold, warm


def gzipped(path: str) -> int:
    data = resources.files("bot.web").joinpath(path).read_bytes()
    return len(gzip.compress(data, 9))


async def main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        storage = await Storage.open(Path(tmp) / "db.sqlite3")
        services = Services.build(storage, ServiceSettings(ai_seed="first-draw"), "random")
        pages = Pages(services.site)
        live = LiveTables(services.tables, services.live, pages.env)
        server = WebServer(healthy, no_metrics, pages, RateLimit(1000, 1000), live=live)
        await server.start("127.0.0.1", 0)
        try:
            table_id = await seated_table(services, {"preset": "single-1000"}, "first-draw")
            table = await services.tables.table(table_id)
            if table.phase == "contract":
                await services.tables.execute(table_id, ChooseContract(PEOPLE[table.to_act], contract="rose"))
            url = f"http://127.0.0.1:{server.port}/table/{await services.live.token(table_id, 0, PEOPLE[0])}"
            script, styles = gzipped("static/table.js"), gzipped("static/site.css")
            print(f"script {script} B + styles {styles} B gzipped = {(script + styles) / 1024:.1f} KB "
                  f"(the card sprite and its sheet apart: one cached request per deck)")  # fmt: skip
            for name, network in NETWORKS.items():
                cold, warm = await first_draw(url, network, runs)
                print(f"{name:8} (latency {network['latency']:.0f} ms, {network['download'] * 8 / 1000:.0f} kbit/s, "
                      f"CPU ×4): first table drawn, cold cache median {statistics.median(cold):6.0f} ms "
                      f"(runs {', '.join(f'{v:.0f}' for v in cold)}), warm median {statistics.median(warm):6.0f} ms "
                      f"(runs {', '.join(f'{v:.0f}' for v in warm)})")  # fmt: skip
        finally:
            await server.stop()
            await services.close()
            await storage.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.web_first_draw")
    parser.add_argument("--runs", type=int, default=3)
    asyncio.run(main(parser.parse_args().runs))
