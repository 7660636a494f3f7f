"""The live table's frames: how large the states a page is sent are, over a whole game.

``python -m benchmarks.web_frames [--seed live-frames]``: four people play a whole Schieber game
(``tournament`` preset, 12 hands) from their pages over websockets, and a spectator watches; every
frame the server sends is measured as the bytes of its JSON text (what the socket carries, before
compression). Prints the count, median, p95 and largest state frame, seat pages and the spectator's
apart. Issue 64 asks for a median update frame of 1 KB at most; the frames are still whole states.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
from pathlib import Path

import aiohttp

from tests.web.live_game import Player, play_through, seated_table
from tests.web.test_live_table import serve


async def measure(seed: str) -> dict[str, list[int]]:
    with tempfile.TemporaryDirectory() as tmp:
        served = await serve(Path(tmp) / "db.sqlite3")
        try:
            table_id = await seated_table(served.services, {"preset": "tournament"}, seed)
            async with aiohttp.ClientSession() as session:
                players = await served.pages(session, table_id)
                spectator = Player(await session.ws_connect(served.url(await served.services.live.token(table_id, None))
                                                            + "/ws"))  # fmt: skip
                await play_through(players, served.services, table_id)
                await spectator.read(0.3)
            sizes: dict[str, list[int]] = {"seat": [], "spectator": [], "full state": []}
            assert served.live.frames is not None
            for grant, frame, _ in served.live.frames:
                if frame["type"] in ("state", "patch"):  # an update: the whole state on connect, then the change
                    sizes["seat" if grant.seat is not None else "spectator"].append(len(json.dumps(frame).encode()))
                if frame["type"] == "state":
                    sizes["full state"].append(len(json.dumps(frame).encode()))
            return sizes
        finally:
            await served.close()


def report(sizes: dict[str, list[int]]) -> None:
    for who, values in sizes.items():
        values.sort()
        p95 = values[int(0.95 * (len(values) - 1))]
        print(f"{who:9} frames {len(values):5}  median {statistics.median(values):7.0f} B  p95 {p95:6} B  "
              f"largest {values[-1]:6} B")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.web_frames")
    parser.add_argument("--seed", default="live-frames")
    report(asyncio.run(measure(parser.parse_args().seed)))


if __name__ == "__main__":
    main()
