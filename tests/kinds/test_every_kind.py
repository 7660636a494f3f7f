"""Every installed game kind, whichever it is (the four that ship, or one a maintainer added by
docs/adding-a-game.md): a whole game of computer players in the terminal, and the whole bot started
offline with a table of it opened by ``/jass new``, its first hand played by clicks."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from bot.__main__ import main
from bot.rules.kinds import find_kind, kind_names

from ..discord.test_table_game import ANNA, button, fast_settings, new_table, settle, started, table_message

KINDS = kind_names()  # read at collection: a kind installed by its line in bot/kinds is among them


@pytest.mark.parametrize("kind", KINDS)
def test_a_whole_game_of_computers_in_the_terminal(kind: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["play", "--json", "--seats", "ai,ai,ai,ai", "--game", kind, "--seed", "1"])
    assert code == 0
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert events[0]["type"] == "game_started" and events[0]["kind"] == kind
    assert events[-1]["type"] == "game_over"
    assert sum(ev["type"] == "card" for ev in events) >= 36  # a whole hand at least (Schieber may end mid-hand)
    assert sum(ev["type"] == "hand_dealt" for ev in events) == sum(ev["type"] == "hand_seed" for ev in events)


@pytest.mark.parametrize("kind", KINDS)
async def test_the_bot_starts_and_plays_a_hand_of_every_kind(kind: str, tmp_path, monkeypatch) -> None:
    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        options = [{"name": "game", "type": 3, "value": kind}, {"name": "computer_players", "type": 4, "value": 3}]
        await h.send(h.command_payload("jass", new_table(options), ANNA, "de"))
        lobby = table_message(h)
        assert find_kind(kind).title("de") in json.dumps(lobby, ensure_ascii=False)
        await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
        tid = h.bot.service.loaded()[0]
        for _ in range(200):  # Anna's decisions of the first hand, by clicks
            await settle(h)
            table = await h.bot.service.table(tid)
            if table.hand_no > 1 or table.phase in ("hand_over", "game_over"):
                break
            lobby = h.side.messages[int(lobby["id"])]
            assert await h.take_turn(ANNA, lobby) is not None
        else:
            raise AssertionError("the first hand did not end")
        assert table.rules.game == kind
    finally:
        await h.bot.close()
