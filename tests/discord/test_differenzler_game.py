"""Differenzler in a channel through slash commands and button clicks only (issue 43)."""

from __future__ import annotations

import json
import re

from .harness import custom_ids
from .test_table_game import (
    ANNA,
    BEAT,
    CARLA,
    DARIO,
    anna_and_three_computers,
    button,
    fast_settings,
    four_people_start,
    settle,
    started,
    table_message,
)

DIFFERENZLER = [{"name": "game", "type": 3, "value": "differenzler"}]
PEOPLE = {p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO)}


def enabled(payload):
    return [(cid, label) for cid, disabled, label in custom_ids(payload["components"]) if not disabled]


async def click(h, who, cid, hand):
    return await h.click_private(who, hand, cid)


async def predict(h, who, hand, points: int) -> dict:
    """Two clicks of ``who``'s private hand: the range, then the number. Returns the hand after."""
    ranges = {label: cid for cid, label in enabled(hand)}
    low = points - points % 10
    label = next(lab for lab in ranges if lab.startswith(f"{low}–"))
    opened = await click(h, who, ranges[label], hand)
    assert opened["type"] == 7, "the range opens in place"
    numbers = {label: cid for cid, label in enabled(opened["data"])}
    assert str(points) in numbers and "Zurück" in numbers
    done = await click(h, who, numbers[str(points)], opened["data"])
    assert done["type"] == 7
    return done["data"]


def own_hand(h, who):
    message = table_message(h)
    return message, h.click_payload(button(message, "hand"), who, message)


async def four_people_play(h, tid: str, chosen: dict[int, list[int]], stop=None) -> None:
    """Whoever the table waits for acts (predictions and cards by clicks only) until the game is
    over, or until ``stop(table)`` says so."""
    service = h.bot.service
    for step in range(6000):
        await settle(h)
        table = service._tables[tid]
        if table.phase == "game_over" or (stop is not None and stop(table)):
            return
        seat = table.waiting_on[0]
        who = PEOPLE[table.seats[seat].actor[2:]]
        if table.phase == "predict":
            points = 20 + (seat * 37 + table.hand_no * 11) % 60

            def the_range(hand, points=points):
                actions = [cid.split(":")[3] for cid, _ in enabled(hand)]
                assert not any(a.startswith("c") for a in actions), "no card is played before all predicted"
                return next(cid for cid, _ in enabled(hand) if cid.endswith(f":p{points // 10}"))

            _, after = await h.take_turn(who, table_message(h), the_range, prediction=points)
            assert f"Deine Ansage: {points}" in after["content"]
            chosen.setdefault(table.hand_no, [0] * 4)[seat] = points
            # the table shows that this player has predicted, not what
            await settle(h)
            listed = table_message(h)["embeds"][0]["description"]
            assert re.search(rf"<@{who['id']}> ✅", listed), listed
        else:

            def a_card(hand, step=step):
                cards = [cid for cid, _ in enabled(hand) if cid.split(":")[3].startswith("c")]
                return cards[step % len(cards)]

            await h.take_turn(who, table_message(h), a_card)
    raise AssertionError("the game did not end")


async def test_four_people_play_a_whole_differenzler_with_hidden_predictions_through_a_restart(tmp_path, monkeypatch):
    from .audit import audit, audit_predictions, observer_for

    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    h.side.observer = observer_for(h.bot)
    lobby = await four_people_start(h, DIFFERENZLER)
    assert "Differenzler" in lobby["embeds"][0]["title"]
    tid = h.bot.service.loaded()[0]
    chosen: dict[int, list[int]] = {}
    # the restart comes in hand 6 when two of the four have predicted
    await four_people_play(
        h, tid, chosen, stop=lambda t: t.hand_no == 6 and sum(p is not None for p in t.state.predictions) == 2
    )
    before = h.bot.service._tables[tid]
    hidden = list(before.state.predictions)
    calls = [(h.side.calls, h.side.clicked, h.side.private)]
    await h.bot.close()

    h2 = await started(settings, monkeypatch)
    h2.side.observer = observer_for(h2.bot)
    after = h2.bot.service._tables[tid]
    assert after.state.predictions == hidden and after.state.pad == before.state.pad and after.phase == "predict"
    await settle(h2)
    assert table_message(h2)["id"] == table_message(h)["id"]  # the restored table's message, brought up to date
    await four_people_play(h2, tid, chosen)
    table = h2.bot.service._tables[tid]
    assert table.phase == "game_over" and table.hand_no == 12 and len(table.state.pad) == 12
    calls.append((h2.side.calls, h2.side.clicked, h2.side.private))
    assert sum(audit(*c) for c in calls) > 500
    assert sum(audit_predictions(*c) for c in calls) > 500
    # after every hand a summary with everyone's prediction and a Schätzzettel picture, and a final one
    pads = [c for side, _, _ in calls for c in side if c.public_post and "schaetzzettel.png" in json.dumps(c.payload)]
    assert len(pads) == 13
    first = json.dumps(pads[0].payload, ensure_ascii=False)
    for points in chosen[1]:
        assert f"angesagt {points}," in first
    final = table_message(h2)["embeds"][0]["description"]
    assert "1. " in final and "4. " in final
    await h2.bot.close()


async def test_one_person_and_three_computers_play_differenzler_through_a_restart(tmp_path, monkeypatch):
    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    tid = await anna_and_three_computers(h, DIFFERENZLER)
    service = h.bot.service
    old_hand = None
    for step in range(3000):
        await settle(h)
        table = service._tables[tid]
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
        hand = shown.payload["data"]
        if table.hand_no == 3 and table.phase == "predict":
            old_hand = hand  # the restart comes while Anna is asked for her prediction
            break
        if table.phase == "predict":
            # the computers predicted at once, without waiting for Anna (hidden predictions)
            assert sum(p is not None for p in table.state.predictions) == 3
            await predict(h, ANNA, hand, 40 + step % 30)
        else:
            await click(h, ANNA, enabled(hand)[0][0], hand)
    before = service._tables[tid]
    assert old_hand is not None and before.waiting_on == (before.seat_of("u:11"),)
    old_table_message = table_message(h)
    await h.bot.close()

    h2 = await started(settings, monkeypatch)
    after = h2.bot.service._tables[tid]
    assert (after.seq, after.hand_no, after.state.predictions, after.state.seat_totals, after.state.pad) == (
        before.seq, before.hand_no, before.state.predictions, before.state.seat_totals, before.state.pad
    )  # fmt: skip
    # the prediction buttons Anna had open still work after the restart
    await predict(h2, ANNA, old_hand, 57)
    assert h2.bot.service._tables[tid].state.predictions[after.seat_of("u:11")] == 57
    for _ in range(3000):
        await settle(h2)
        table = h2.bot.service._tables[tid]
        if table.phase == "game_over":
            break
        [shown] = await h2.send(h2.click_payload(button(old_table_message, "hand"), ANNA, old_table_message))
        hand = shown.payload["data"]
        if table.phase == "predict":
            await predict(h2, ANNA, hand, 45)
        else:
            await click(h2, ANNA, enabled(hand)[0][0], hand)
    table = h2.bot.service._tables[tid]
    assert table.phase == "game_over" and len(table.state.pad) == 12
    final = next(iter(h2.side.messages.values()))["embeds"][0]["description"]
    assert "1. " in final and "4. " in final
    await h2.bot.close()


async def test_forged_prediction_buttons_change_nothing(harness):
    h = harness
    service = h.bot.service
    tid = await anna_and_three_computers(h, DIFFERENZLER)
    await settle(h)
    _, payload = own_hand(h, ANNA)
    [shown] = await h.send(payload)
    hand = shown.payload["data"]
    key = enabled(hand)[0][0].split(":")[2]
    seq = service.in_memory(tid).seq
    for action in ("v158", "v999", "p16", "p99", "v-1", "p"):
        answer = await click(h, ANNA, f"jass:{tid}:{key}:{action}", hand)
        assert answer["data"]["flags"] & 64, action
        assert service.in_memory(tid).seq == seq, action
    # Beat is not at the table: his click on Anna's number changes nothing
    answer = await click(h, BEAT, f"jass:{tid}:{key}:v50", hand)
    assert answer["data"]["flags"] & 64 and service.in_memory(tid).seq == seq
    # a prediction, then a second one: refused, the first stands
    await predict(h, ANNA, hand, 33)
    answer = await click(h, ANNA, f"jass:{tid}:{key}:v44", hand)
    assert answer["data"]["flags"] & 64
    assert service._tables[tid].state.predictions[0] == 33


def test_the_prediction_audit_catches_a_prediction_shown_to_another():
    import pytest

    from .audit import audit_predictions
    from .harness import Call

    state = {"predictions:t1": {11: {(57, "anna")}}}
    public = Call("PATCH", "/channels/4000/messages/1",
                  {"embeds": [{"description": "**Ansagen:** <@11> 57 · <@12> ✅"}]}, state=state)  # fmt: skip
    with pytest.raises(AssertionError, match="prediction 57"):
        audit_predictions([public], {})
    hidden = Call("PATCH", "/channels/4000/messages/1",
                  {"embeds": [{"description": "**Ansagen:** <@11> ✅ · <@12> …\n**Punkte:** <@11> 57"}]},
                  state=state)  # fmt: skip
    assert audit_predictions([hidden], {}) == 1
    own = Call("POST", "/interactions/5/t/callback", {"type": 4, "data": {"flags": 64, "content": "Deine Ansage: 57"}},
               interaction_id=5, state=state)  # fmt: skip
    assert audit_predictions([own], {5: (11, False)}) == 0  # her own prediction, to her
    public_own = Call("POST", "/channels/4000/messages", {"content": "Deine Ansage: 57"}, state=state)
    with pytest.raises(AssertionError, match="public message"):
        audit_predictions([public_own], {})


async def test_one_person_plays_a_whole_molotow_with_three_computers(harness):
    from .audit import audit, observer_for

    h = harness
    h.side.observer = observer_for(h.bot)
    tid = await anna_and_three_computers(h, [{"name": "game", "type": 3, "value": "molotow"}])
    assert "Molotow, 8 Runden" in table_message(h)["embeds"][0]["title"]
    service = h.bot.service
    seen_open = seen_fixed = False
    for _ in range(3000):
        await settle(h)
        table = service._tables[tid]
        if table.phase == "game_over":
            break
        description = table_message(h)["embeds"][0]["description"]
        seen_open |= "Trumpf: noch offen" in description
        seen_fixed |= table.state.trump is not None and "Trumpf: noch offen" not in description
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
        hand = shown.payload["data"]
        cards = [cid for cid, _ in enabled(hand)]
        assert cards and all(cid.split(":")[3].startswith("c") for cid in cards)
        await click(h, ANNA, cards[0], hand)
    table = service._tables[tid]
    assert table.phase == "game_over" and len(table.state.pad) == 8 and seen_open and seen_fixed
    summaries = [json.dumps(c.payload, ensure_ascii=False) for c in h.side.calls
                 if c.public_post and "schaetzzettel.png" in json.dumps(c.payload)]  # fmt: skip
    assert len(summaries) == 9 and all("Weis und Stöck" in s for s in summaries[:8])
    final = table_message(h)["embeds"][0]["description"]
    assert "wenigsten Punkten" in final or "Gleichstand" in final
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 100
