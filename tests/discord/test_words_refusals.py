"""Refusals that say what is wrong (issue 52, item 8): a tournament that runs, a row that is filled."""

from __future__ import annotations

from .harness import message_payload, user
from .test_coiffeur_game import COIFFEUR, enabled, row_or_card
from .test_table_game import ANNA, button, new_table, settle, table_message
from .test_tournament import four_signed_up, said, tournament

FRANZ = user(16, "franz")


async def test_joining_a_running_tournament_by_command_says_it_runs(harness):
    h = harness
    await four_signed_up(h, "Herbst", 1, 1)
    started = await said(h, h.command_payload("tournament", tournament("start"), ANNA, manager=True))
    assert "Herbst" in started
    for thread in [None, *h.side.threads]:  # in the tournament's channel, and in a table's thread
        payload = h.command_payload("tournament", tournament("join"), FRANZ)
        if thread is not None:
            payload["channel_id"] = str(thread)
            payload["channel"] = dict(h.side.threads[thread])
        answer = await said(h, payload)
        assert "Knopf" not in answer, (thread, answer)
        assert "läuft schon" in answer, (thread, answer)
    assert h.side.threads, "the tables play in threads"


async def test_a_forged_button_for_a_filled_row_says_the_row_is_filled(harness):
    h = harness
    service = h.bot.service
    await h.send(h.command_payload("jass", new_table([*COIFFEUR, {"name": "computer_players", "type": 4, "value": 3}]),
                                   ANNA))  # fmt: skip
    await settle(h)
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    tid = service.loaded()[0]
    for step in range(2000):  # Anna plays until she chooses with a row of her team filled
        await settle(h)
        table = service._tables[tid]
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
        hand = shown.payload["data"]
        tafel = table.state.tafel
        filled = [r for r in range(len(tafel.rows)) if r not in tafel.open_rows(table.seat_of("u:11") % 2)]
        if table.phase == "contract" and table.to_act == table.seat_of("u:11") and filled:
            break
        await h.act_on(ANNA, hand, row_or_card(step)(hand))
    else:
        raise AssertionError("Anna never chose with a filled row")
    key = next(cid for cid, _ in enabled(hand) if ":r" in cid).split(":")[2]
    seq = table.seq
    for action in (f"r{filled[0]}", f"n{filled[0]}.0"):
        [answer] = await h.send(
            h.click_payload(f"jass:{tid}:{key}:{action}", ANNA, message_payload(1, hand, flags=64), ephemeral=True)
        )
        await settle(h)
        text = str(answer.payload["data"].get("content"))
        assert answer.payload["data"]["flags"] & 64 and "nicht mehr offen" in text, (action, text)
        assert service.in_memory(tid).seq == seq
