"""The whole bot on PostgreSQL, through the real discord.py path: a game with clicks, the bot
restarted in the middle of a hand, the old buttons still working (as on SQLite)."""

from __future__ import annotations

import dataclasses

from bot.storage import Storage
from tests.pg import fresh_schema

from .test_table_game import fast_settings, restart_in_the_middle_of_a_hand


async def test_the_bot_on_postgresql_survives_a_restart_in_the_middle_of_a_hand(tmp_path, monkeypatch, pg_cluster):
    url = await fresh_schema(pg_cluster, f"discord_{tmp_path.name.lower().replace('-', '_')[:40]}")
    settings = dataclasses.replace(fast_settings(tmp_path), database=url)
    await restart_in_the_middle_of_a_hand(settings, monkeypatch)
    storage = await Storage.open(url)  # the game is in PostgreSQL, finished with its result
    try:
        assert storage.backend == "postgresql"
        [table_id] = await storage.table_ids()
        assert await storage.table_status(table_id) == "finished" and len(await storage.results(table_id)) == 1
    finally:
        await storage.close()
