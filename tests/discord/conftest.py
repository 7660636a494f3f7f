"""The bot against the recorder of Discord's side, for every test of this folder."""

import pytest

from .harness import Harness
from .test_table_game import fast_settings, started


@pytest.fixture(autouse=True)
async def close_every_bot():
    """Close the bots a test left open (a failed assertion skips its own close)."""
    yield
    while Harness.made:
        h = Harness.made.pop()
        if not h.bot.is_closed():
            await h.bot.close()


@pytest.fixture
async def harness(tmp_path, monkeypatch):
    h = await started(fast_settings(tmp_path), monkeypatch)
    yield h
    await h.bot.close()
