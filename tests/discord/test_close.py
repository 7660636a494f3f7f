"""Closing the bot ends every task it started: nothing reaches for the network afterwards (issue 52, item 9)."""

from __future__ import annotations

import asyncio

from .harness import custom_ids, message_payload
from .test_table_game import ANNA, anna_and_three_computers, button, fast_settings, settle, started, table_message

OURS = ("_repost_ping", "_post_summary", "_tell_host", "_line_loop", "_edit_later", "_edit", "refresh_restored",
        "sync", "_run", "_turn_timer", "_computer_turn", "_next_hand")  # fmt: skip


def ours_running() -> list[str]:
    names = []
    for task in asyncio.all_tasks():
        if task is asyncio.current_task() or task.done():
            continue
        name = getattr(task.get_coro(), "__qualname__", "")
        if any(name.endswith("." + n) or name == n for n in OURS):
            names.append(name)
    return names


async def test_close_ends_every_task_and_starts_none_after(tmp_path, monkeypatch):
    h = await started(fast_settings(tmp_path, turn_timer_seconds=30), monkeypatch)
    tid = await anna_and_three_computers(h, [])
    await settle(h)
    message = table_message(h)
    [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
    hand = shown.payload["data"]
    first = next(cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled)
    await h.send(h.click_payload(first, ANNA, message_payload(1, hand, flags=64), ephemeral=True))
    messages = h.bot.get_cog("Jass").messages
    live = await h.bot.service.table(tid)
    assert ours_running(), "a turn timer (30 s) runs while Anna is to act"
    await h.bot.close()
    assert ours_running() == []
    calls = len(h.side.calls)
    messages.screen(tid).ping = None  # what a late notification would do: a new turn ping; nothing starts
    messages._update_ping(tid, 4000, live)
    messages._schedule_line(tid, messages.screen(tid))
    assert not messages._background
    await asyncio.sleep(0.05)
    assert ours_running() == []
    assert len(h.side.calls) == calls, "no request after close"
