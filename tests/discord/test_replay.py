"""Replays (/jass replay) through the real discord.py path, a button pressed after a restart (issue 44)."""

from __future__ import annotations

from bot.services.replays import ReplayStep

from .harness import custom_ids, message_payload
from .test_review import jass
from .test_table_game import ANNA, BEAT, anna_and_three_computers, anna_finishes_hand_one, fast_settings, started


def step_button(payload, label):
    return next(cid for cid, disabled, text in custom_ids(payload["components"]) if text == label and not disabled)


async def test_a_replay_steps_through_a_hand_and_its_buttons_work_after_a_restart(tmp_path, monkeypatch):
    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    tid = await anna_and_three_computers(h, [])
    [early] = await h.send(h.command_payload("jass", jass("replay"), ANNA))
    assert "keine fertig gespielte Runde" in early.payload["data"]["content"]  # a running hand: no replay
    await anna_finishes_hand_one(h, tid)
    # Beat never sat there, and the game is not over: refused
    [refused] = await h.send(h.command_payload("jass", jass("replay", [{"name": "table", "type": 3, "value": tid}]),
                                               BEAT))  # fmt: skip
    assert refused.payload["data"]["flags"] & 64 and "sobald die Partie vorbei" in refused.payload["data"]["content"]
    [shown] = await h.send(h.command_payload("jass", jass("replay", [{"name": "hand", "type": 4, "value": 1}]), ANNA))
    data = shown.payload["data"]
    assert not data.get("flags", 0) & 64  # in the channel, for everyone to discuss
    embed = data["embeds"][0]
    assert "Partie 1, Runde 1" in embed["title"] and "wählt" in embed["description"]
    assert "Schritt 0 von 36" in embed["description"] and shown.files and shown.files[0].startswith(b"\x89PNG")
    message = message_payload(77, data)
    [forward] = await h.send(h.click_payload(step_button(data, "▶"), ANNA, message))
    assert forward.payload["type"] == 7  # the same message, edited
    first_card = forward.payload["data"]
    assert "Schritt 1 von 36" in first_card["embeds"][0]["description"]
    assert "Stich 1:" in first_card["embeds"][0]["description"]
    await h.bot.close()

    h2 = await started(settings, monkeypatch)
    try:
        message = message_payload(77, first_card)
        [jump] = await h2.send(h2.click_payload(step_button(first_card, "Nächster Stich"), BEAT, message))
        # Beat did not sit at the table and the game runs: refused privately, nothing edited
        assert jump.payload["data"]["flags"] & 64
        [jump] = await h2.send(h2.click_payload(step_button(first_card, "Nächster Stich"), ANNA, message))
        assert jump.payload["type"] == 7 and "Schritt 4 von 36" in jump.payload["data"]["embeds"][0]["description"]
        [back] = await h2.send(h2.click_payload(step_button(jump.payload["data"], "◀"), ANNA,
                                                message_payload(77, jump.payload["data"])))  # fmt: skip
        assert "Schritt 3 von 36" in back.payload["data"]["embeds"][0]["description"]
    finally:
        await h2.bot.close()


def test_steps_name_their_trick_and_the_next_trick_with_and_without_a_contract_step():
    def at(step, first_card):
        return ReplayStep("T", 1, 1, step, 35 + first_card, None, {}, first_card)

    # with the contract as step 0 (Schieber): cards 1-4 are steps 1-4
    assert [at(s, 1).trick for s in (1, 4, 5, 36)] == [1, 1, 2, 9]
    assert [at(s, 1).next_trick() for s in (0, 1, 4, 5, 35, 36)] == [4, 4, 8, 8, 36, 36]
    # without one (Molotow): cards 1-4 are steps 0-3
    assert [at(s, 0).trick for s in (0, 3, 4, 35)] == [1, 1, 2, 9]
    assert [at(s, 0).next_trick() for s in (0, 3, 4, 34, 35)] == [3, 7, 7, 35, 35]


async def test_every_step_of_a_replay_has_distinct_buttons_and_a_forged_step_is_refused(tmp_path, monkeypatch):
    """Discord refuses a message with two equal custom_ids (the harness answers 400 as Discord does):
    ▶ and ⏭ lead to the same step before a trick's last card and at the end; they must still differ."""
    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    try:
        tid = await anna_and_three_computers(h, [])
        await anna_finishes_hand_one(h, tid)
        [shown] = await h.send(h.command_payload("jass", jass("replay", [{"name": "hand", "type": 4, "value": 1}]),
                                                 ANNA))  # fmt: skip
        data = shown.payload["data"]
        seen = 1
        while "Schritt 36 von 36" not in data["embeds"][0]["description"]:
            ids = [cid for cid, _, _ in custom_ids(data["components"])]
            assert len(ids) == len(set(ids)) == 3, ids
            [forward] = await h.send(h.click_payload(step_button(data, "▶"), ANNA, message_payload(77, data)))
            assert forward.payload["type"] == 7, f"step {seen}: the replay stopped advancing"
            data = forward.payload["data"]
            seen += 1
        assert seen == 37
        last = [cid for cid, _, _ in custom_ids(data["components"])]
        assert len(set(last)) == 3
        key = last[0].rsplit(":", 1)[0]
        for forged in ("z99", "z37", "z99t"):
            [answer] = await h.send(h.click_payload(f"{key}:{forged}", ANNA, message_payload(77, data)))
            assert answer.payload["data"]["flags"] & 64, forged
            assert not answer.payload["data"].get("embeds") and "nicht von hier" in str(answer.payload)
    finally:
        await h.bot.close()
