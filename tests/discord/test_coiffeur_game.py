"""Coiffeur in a channel through slash commands and button clicks only (issue 42)."""

from __future__ import annotations

import json

from bot.kinds.coiffeur.rules import TAFELN

from .harness import custom_ids, message_payload
from .test_table_game import (
    ANNA,
    BEAT,
    CARLA,
    DARIO,
    anna_and_three_computers,
    button,
    fast_settings,
    four_people_start,
    new_table,
    settle,
    started,
    table_message,
)

COIFFEUR = [{"name": "game", "type": 3, "value": "coiffeur"}]


def enabled(payload):
    return [(cid, label) for cid, disabled, label in custom_ids(payload["components"]) if not disabled]


def row_or_card(pick: int):
    """What a player clicks: a row (the ``pick``-th of those offered), or the first legal card."""

    def choose(hand):
        buttons = enabled(hand)
        rows = [cid for cid, _ in buttons if ":r" in cid]
        return rows[pick % len(rows)] if rows else buttons[0][0]

    return choose


async def test_four_people_play_a_whole_coiffeur_with_clicks_only(harness):
    from .audit import audit, observer_for

    h = harness
    h.side.observer = observer_for(h.bot)
    lobby = await four_people_start(h, COIFFEUR)
    assert "Coiffeur" in lobby["embeds"][0]["title"]
    people = {p["id"]: p for p in (ANNA, BEAT, CARLA, DARIO)}
    service = h.bot.service
    tid = service.loaded()[0]
    rows_offered: list[list[str]] = []
    for step in range(3000):
        await settle(h)
        table = service._tables[tid]
        if table.phase == "game_over":
            break
        seat = table.to_act
        who = people[table.seats[seat].actor[2:]]
        phase, open_rows = table.phase, table.state.tafel.open_rows(seat % 2)

        def look_then_choose(hand, phase=phase, open_rows=open_rows, pick=step):
            if phase == "contract":
                labels = [label for cid, label in enabled(hand) if ":r" in cid]
                rows = TAFELN["reglement8"]
                # only the open rows of the chooser's team, each with its factor
                assert len(labels) == len(open_rows)
                assert all(f"×{rows[r][1]}" in label for r, label in zip(open_rows, labels, strict=True))
                rows_offered.append(labels)
            return row_or_card(pick)(hand)

        await h.take_turn(who, table_message(h), look_then_choose)
    table = service._tables[tid]
    assert table.phase == "game_over" and table.state.tafel.complete
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 100
    # A Tafel picture after every hand (16) and at the end.
    tafeln = [c for c in h.side.calls if c.public_post and "coiffeur-tafel.png" in json.dumps(c.payload)]
    assert len(tafeln) == 17
    summaries = [json.dumps(c.payload, ensure_ascii=False) for c in tafeln]
    assert sum("füllen Zeile" in s for s in summaries) == 16
    assert rows_offered[0] and len(rows_offered) >= 16


async def test_one_person_and_three_computers_play_coiffeur_through_a_restart(tmp_path, monkeypatch):
    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    tid = await anna_and_three_computers(h, COIFFEUR)
    service = h.bot.service
    old_hand = None
    for step in range(3000):
        await settle(h)
        table = service._tables[tid]
        if table.hand_no >= 4 and table.phase == "play" and table.hand.tricks:
            message = table_message(h)
            [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
            old_hand = shown.payload["data"]
            break
        await h.take_turn(ANNA, table_message(h), row_or_card(step))
    before = service._tables[tid]
    assert old_hand is not None and before.to_act == before.seat_of("u:11")
    scored_before = len(before.state.tafel.written)
    old_table_message = table_message(h)
    await h.bot.close()

    h2 = await started(settings, monkeypatch)
    after = h2.bot.service._tables[tid]
    assert (after.seq, after.hand_no, after.state.row, after.state.tafel.written) == (
        before.seq, before.hand_no, before.state.row, before.state.tafel.written
    )  # fmt: skip
    # the card buttons of the hand Anna had open still work, then the old table message's
    first = next(cid for cid, _ in enabled(old_hand))
    [played] = await h2.send(h2.click_payload(first, ANNA, message_payload(1, old_hand, flags=64), ephemeral=True))
    assert played.payload["type"] == 7
    for step in range(3000):
        await settle(h2)
        table = h2.bot.service._tables[tid]
        if table.phase == "game_over":
            break
        await h2.take_turn(ANNA, old_table_message, row_or_card(step))
    table = h2.bot.service._tables[tid]
    assert table.phase == "game_over" and len(table.state.tafel.written) == 16 > scored_before
    await h2.bot.close()


async def anna_to_choose(h, options):
    """A table of Anna and three computers, played by Anna until she chooses a contract."""
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    return await anna_to_choose_after(h)


async def test_forged_and_foreign_row_buttons_change_nothing(harness):
    h = harness
    service = h.bot.service
    tid, table, hand = await anna_to_choose(h, [*COIFFEUR, {"name": "computer_players", "type": 4, "value": 3}])
    key = next(cid for cid, _ in enabled(hand) if ":r" in cid).split(":")[2]
    seq = table.seq
    for action in ("r99", "n6.9", "n0.1", "x0.0", "f9", "r6x", "g0.0", "g6.9", "g99.0"):
        [answer] = await h.send(
            h.click_payload(f"jass:{tid}:{key}:{action}", ANNA, message_payload(1, hand, flags=64), ephemeral=True)
        )
        assert answer.payload["data"]["flags"] & 64, action
        assert service.in_memory(tid).seq == seq, action
    # Beat presses Anna's row button: not his turn; nothing changes.
    row = next(cid for cid, _ in enabled(hand) if ":r" in cid)
    [answer] = await h.send(h.click_payload(row, BEAT, message_payload(1, hand, flags=64), ephemeral=True))
    assert answer.payload["data"]["flags"] & 64 and service.in_memory(tid).seq == seq


async def test_a_schieber_table_with_extra_contracts_offers_them_in_two_steps(harness):
    h = harness
    options = [{"name": "preset", "type": 3, "value": "extras"}, {"name": "computer_players", "type": 4, "value": 3}]
    tid, table, hand = await anna_to_choose(h, options)
    service = h.bot.service
    labels = dict(enabled(hand))
    family = next(cid for cid, label in labels.items() if label.startswith("Slalom"))
    [opened] = await h.send(h.click_payload(family, ANNA, message_payload(1, hand, flags=64), ephemeral=True))
    picks = dict(enabled(opened.payload["data"]))
    assert set(picks.values()) == {"Slalom Obenabe", "Slalom Undenufe", "Zurück"}
    undenufe = next(cid for cid, label in picks.items() if label == "Slalom Undenufe")
    edited = opened.payload["data"]
    await h.send(h.click_payload(undenufe, ANNA, message_payload(1, edited, flags=64), ephemeral=True))
    await settle(h)
    table = service._tables[tid]
    assert table.called is not None and table.called.name == "slalom-undenufe"
    assert "Slalom Undenufe" in json.dumps(table_message(h), ensure_ascii=False)


def component_rows(payload):
    return [len(row["components"]) for row in payload["components"]]


async def test_coiffeur_with_extras_offers_every_joker_choice_in_buttons_that_fit(harness):
    """`/jass new game:coiffeur preset:extras`: the extra contracts are Joker choices, offered in two
    steps (the plain contracts and a button per family, then the family's contracts)."""
    h = harness
    options = [*COIFFEUR, {"name": "preset", "type": 3, "value": "extras"},
               {"name": "computer_players", "type": 4, "value": 3}]  # fmt: skip
    [created] = await h.send(h.command_payload("jass", new_table(options), ANNA))
    assert "Joker" in json.dumps(created.payload, ensure_ascii=False)
    tid, table, hand = await anna_to_choose_after(h)
    assert table.rules.coiffeur_joker_choices == "any"
    joker = next(cid for cid, label in enabled(hand) if ":r" in cid and label.startswith("Joker"))
    [opened] = await h.send(h.click_payload(joker, ANNA, message_payload(1, hand, flags=64), ephemeral=True))
    assert opened.payload["type"] == 7, "the hand is edited in place, not an error"
    level1 = opened.payload["data"]
    assert len(component_rows(level1)) <= 5 and max(component_rows(level1)) <= 5
    labels = [label for _, label in enabled(level1)]
    for plain in ("Eichel", "Rose", "Schelle", "Schilte", "Obenabe", "Undenufe"):
        assert plain in labels
    families = {label: cid for cid, label in enabled(level1) if label.endswith("…")}
    assert {"Slalom …", "Guschti …", "Misère …"} <= set(families) and len(families) == 4
    [misere] = await h.send(
        h.click_payload(families["Misère …"], ANNA, message_payload(1, level1, flags=64), ephemeral=True)
    )
    level2 = misere.payload["data"]
    picks = {label: cid for cid, label in enabled(level2) if label != "Zurück" and ":n" in cid}
    assert len(picks) == 4 and all(label.startswith("Misère") for label in picks)
    back = next(cid for cid, label in enabled(level2) if label == "Zurück")
    assert back.endswith(joker.split(":")[-1]), "back leads to the Joker row's first step"
    seq = h.bot.service.in_memory(tid).seq
    first = next(iter(picks.values()))
    await h.send(h.click_payload(first, ANNA, message_payload(1, level2, flags=64), ephemeral=True))
    await settle(h)
    table = h.bot.service._tables[tid]
    assert table.seq > seq and table.called is not None and table.called.name.startswith("misere")


async def anna_to_choose_after(h):
    """Anna (with three computers) started the table just opened, and plays until she chooses."""
    await settle(h)
    await h.send(h.click_payload(button(table_message(h), "start"), ANNA, table_message(h)))
    service = h.bot.service
    tid = service.loaded()[0]
    for _ in range(400):
        await settle(h)
        table = service._tables[tid]
        message = table_message(h)
        [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
        hand = shown.payload["data"]
        if table.phase == "contract" and table.to_act == table.seat_of("u:11"):
            return tid, table, hand
        if table.phase == "contract":
            continue
        await h.send(h.click_payload(enabled(hand)[0][0], ANNA, message_payload(1, hand, flags=64), ephemeral=True))
    raise AssertionError("Anna never chose")


async def test_molotow_with_the_extras_preset_is_refused_with_a_reason(harness):
    h = harness
    options = [{"name": "game", "type": 3, "value": "molotow"}, {"name": "preset", "type": 3, "value": "extras"}]
    [answer] = await h.send(h.command_payload("jass", new_table(options), ANNA))
    text = json.dumps(answer.payload, ensure_ascii=False)
    assert answer.payload["data"]["flags"] & 64 and "Zusatz-Trümpfe" in text
    assert not h.bot.service._tables
