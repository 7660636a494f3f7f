"""The bot against the recorder of Discord's side, for every test of this folder."""

import pytest

from .test_table_game import fast_settings, started


@pytest.fixture
async def harness(tmp_path, monkeypatch):
    h = await started(fast_settings(tmp_path), monkeypatch)
    yield h
    await h.bot.close()
