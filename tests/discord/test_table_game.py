"""A whole game in a channel through slash commands and button clicks only (DESIGN.md §8)."""

import pytest

from bot.client import JassBot
from bot.config import Settings

from .harness import Harness, custom_ids, message_payload, user

ANNA = user(11, "anna")
BEAT = user(12, "beat")


@pytest.fixture
async def harness(tmp_path, monkeypatch):
    settings = Settings(database=tmp_path / "jass.sqlite3", computer_delay_seconds=0, hand_pause_seconds=0,
                        turn_timer_seconds=0)
    bot = JassBot(settings)
    h = Harness(bot, monkeypatch)
    await h.start()
    yield h
    await bot.close()


def new_table(options):
    return [{"name": "new", "type": 1, "options": options}]


def table_message(h):
    return list(h.side.messages.values())[0]


def button(message, action):
    return next(cid for cid, disabled, _ in custom_ids(message["components"])
                if cid.endswith(":" + action) and not disabled)


async def settle(h):
    """Computer players done, and the coalesced edits of the table message sent."""
    for _ in range(3):
        await h.bot.service.wait_idle()
        await h.bot.get_cog("Jass").flush()


async def play_my_turns(h, who, table_message_payload, max_clicks=2000):
    """Click "My cards" and then a legal card or a contract, whenever it is ``who``'s turn."""
    service = h.bot.service
    tid = next(iter(service.tables))
    for _ in range(max_clicks):
        await settle(h)
        table_message_payload = table_message(h)
        table = service.tables[tid]
        if table.phase == "game_over":
            return table
        seat = table.seat_of(f"u:{who['id']}")
        assert table.to_act == seat, "only people wait for clicks"
        [shown] = await h.send(h.click_payload(button(table_message_payload, "hand"), who, table_message_payload))
        hand = shown.payload["data"]
        assert hand["flags"] & 64, "the hand is private"
        buttons = [(cid, label) for cid, disabled, label in custom_ids(hand["components"]) if not disabled]
        contract = [cid for cid, _ in buttons if ":k" in cid]
        choice = contract[0] if contract else buttons[0][0]
        private = message_payload(1, hand, flags=64)
        [played] = await h.send(h.click_payload(choice, who, private, ephemeral=True))
        assert played.payload["type"] == 7, "the private hand is edited in place"
    raise AssertionError("game did not end")


async def test_one_user_and_three_computers_to_game_over(harness):
    h = harness
    h.bot.get_cog("Jass").edit_interval = 0
    options = [{"name": "preset", "type": 3, "value": "single-1000"}, {"name": "computer_players", "type": 4, "value": 3}]
    [created] = await h.send(h.command_payload("jass", new_table(options), ANNA))
    assert created.payload["data"]["flags"] & 64
    lobby = table_message(h)
    assert "Tisch" in lobby["embeds"][0]["title"]
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    table = await play_my_turns(h, ANNA, lobby)
    assert table.phase == "game_over" and max(table.board.totals) >= 1000
    every_callback = [c for c in h.side.calls if c.elapsed is not None]
    assert every_callback and max(c.elapsed for c in every_callback) < 3.0


async def test_refusals_are_private_and_change_nothing(harness):
    h = harness
    [_] = await h.send(h.command_payload("jass", new_table([]), ANNA))
    lobby = table_message(h)
    service = h.bot.service
    tid = next(iter(service.tables))
    seq = service.tables[tid].seq
    # Beat tries to start Anna's table; a button of an unknown table; garbage.
    for cid, who in ((button(lobby, "start"), BEAT), ("jass:ffffffff:0:start", ANNA),
                     (f"jass:{tid}:0:explode", ANNA), (f"jass:{tid}:9.9:c3", ANNA)):
        [answer] = await h.send(h.click_payload(cid, who, lobby))
        assert answer.payload["data"]["flags"] & 64, cid
    assert service.tables[tid].seq == seq
    [taken] = await h.send(h.click_payload(f"jass:{tid}:0:seat0", BEAT, lobby))
    assert "besetzt" in taken.payload["data"]["content"]
