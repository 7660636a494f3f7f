"""``kill -9`` of a bot process in the middle of games loses nothing that was acknowledged: on
SQLite and on PostgreSQL, the restarted process finds every acknowledged event, replays every
table and plays the games to their end."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import textwrap

from bot.game import Phase, Table
from bot.services import ServiceSettings, TableService
from bot.storage import Storage

from .test_service_failures import ROOT

PLAYING = textwrap.dedent("""
    import asyncio, json, sys
    from bot.game import StartGame
    from bot.services import ServiceSettings, TableService
    from bot.storage import Storage

    async def main(database):
        storage = await Storage.open(database)
        service = TableService(storage, ServiceSettings(ai_seed="kill", ai_delay=0.01, hand_pause=0.01))

        async def acknowledged(table_id, events, table):  # called once the events are committed
            print(json.dumps([table_id, table.seq]), flush=True)

        service.subscribe(acknowledged)
        for n in range(4):
            table = await service.create_table("u:host", {"preset": "single-1000"})
            await service.execute(table.table_id, StartGame("u:host", seed=f"k{n}", fill_computers=True))
        await asyncio.sleep(3600)  # killed long before

    asyncio.run(main(sys.argv[1]))
""")


async def test_kill_9_in_the_middle_of_games_loses_nothing(tmp_path, database):
    path = tmp_path / "kill9.sqlite3"
    child = subprocess.Popen([sys.executable, "-c", PLAYING, await database(path)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    acked: dict[str, int] = {}
    try:
        assert child.stdout is not None
        while sum(acked.values()) < 400:  # a few hundred events into four games
            line = await asyncio.to_thread(child.stdout.readline)
            assert line, child.stderr.read() if child.stderr else "the child ended"
            table_id, seq = json.loads(line)
            acked[table_id] = max(seq, acked.get(table_id, 0))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL and len(acked) == 4

    storage = await Storage.open(path)
    service = TableService(storage, ServiceSettings(ai_seed="kill", ai_delay=0, hand_pause=0))
    try:
        for table_id, seq in acked.items():
            events = await storage.load_events(table_id)
            assert events is not None and len(events) >= seq  # every acknowledged event is there
            Table.replay(events)  # and the log is whole
        unfinished = [t for t in acked if (await storage.table_status(t)) == "open"]
        assert sorted(await service.restore()) == sorted(unfinished) and unfinished
        await service.wait_idle()
        for table_id in acked:  # the restarted process plays every game to its end
            assert (service._tables.get(table_id) or Table.replay(await storage.load_events(table_id))).phase == (
                Phase.GAME_OVER
            )
            assert len(await storage.results(table_id)) == 1
    finally:
        await service.close()
        await storage.close()
