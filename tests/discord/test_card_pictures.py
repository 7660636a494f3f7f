"""Card pictures on Discord: application emojis on the hand's buttons, the table picture, the Jasstafel."""

import asyncio
import dataclasses
import hashlib
import io
import itertools
import re
import time

from PIL import Image

from bot.client import JassBot
from bot.render.cards import card_name, cards_shown

from .audit import audit, observer_for
from .harness import Harness, custom_ids, message_payload
from .test_table_game import ANNA, button, fast_settings, new_table, settle, started, table_message

FACE = re.compile(r"^((?:swiss|french)_[a-z]+_[0-9a-z]+)_[0-9a-f]{6}$")


async def solo_table(h, options=()):
    """Anna and three computers, started: the table message."""
    opts = [{"name": "preset", "type": 3, "value": "single-1000"}, {"name": "computer_players", "type": 4, "value": 3}]
    await h.send(h.command_payload("jass", new_table(opts + list(options)), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    await settle(h)
    return table_message(h)


async def my_hand(h, message):
    [shown] = await h.send(h.click_payload(button(message, "hand"), ANNA, message))
    return shown.payload["data"]


def card_buttons(hand):
    """(card, emoji) of every card button of a hand message."""
    out = []
    for row in hand["components"]:
        for item in row["components"]:
            m = re.search(r":c(\d+)(?:w\d+)?$", item.get("custom_id", ""))
            if m:
                out.append((int(m.group(1)), item.get("emoji") or {}))
    return out


async def test_emojis_are_uploaded_once_and_used_on_the_hand_buttons(tmp_path, monkeypatch):
    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        await h.bot.get_cog("Jass").flush()
        assert h.side.emoji_uploads == 72 and len(h.side.app_emojis) == 72
        message = await solo_table(h)
        hand = await my_hand(h, message)
        buttons = card_buttons(hand)
        assert len(buttons) == 9
        for card, emoji in buttons:  # the card's own picture, by its face name and the id Discord gave it
            assert emoji.get("id") and int(emoji["id"]) in h.side.app_emojis
            assert FACE.match(emoji["name"]).group(1) == card_name(card, "swiss")
        stored = dict(h.side.app_emojis)
    finally:
        await h.bot.close()
    # A second start with the same art uploads nothing; faces of older art go, foreign emojis stay.
    old = {1: {"id": "1", "name": "swiss_rose_7_000000"}, 2: {"id": "2", "name": "party"}}
    h2 = Harness(JassBot(fast_settings(tmp_path)), monkeypatch)
    h2.side.app_emojis = {**stored, **old}
    await h2.start()
    try:
        await h2.bot.get_cog("Jass").flush()
        assert h2.side.emoji_uploads == 0
        assert 1 not in h2.side.app_emojis and 2 in h2.side.app_emojis
        assert len(h2.bot.get_cog("Jass").faces.faces) == 72
    finally:
        await h2.bot.close()


async def test_a_refused_upload_falls_back_to_text_labels(tmp_path, monkeypatch):
    h = Harness(JassBot(fast_settings(tmp_path)), monkeypatch)
    h.side.emoji_refusal = (403, 50013, "Missing Permissions")
    await h.start()
    try:
        cog = h.bot.get_cog("Jass")
        cog.messages.edit_interval = cog.messages.upload_interval = 0
        await cog.flush()
        assert cog.emoji_sync.result().refused and not cog.faces.faces
        message = await solo_table(h)
        hand = await my_hand(h, message)
        for _, emoji in card_buttons(hand):  # today's suit icons, no application emoji
            assert not emoji.get("id") and emoji["name"] in ("🌰", "🌹", "🔔", "🛡️")
        labels = [label for _, _, label in custom_ids(hand["components"])]
        assert all(label for label in labels)
    finally:
        await h.bot.close()


async def test_emojis_running_out_leaves_the_rest_as_text(tmp_path, monkeypatch):
    h = Harness(JassBot(fast_settings(tmp_path)), monkeypatch)
    h.side.emoji_room = 10  # Discord refuses the eleventh
    await h.start()
    try:
        cog = h.bot.get_cog("Jass")
        await cog.flush()
        assert h.side.emoji_uploads == 10 and len(cog.faces.faces) == 10
        assert "30018" in cog.emoji_sync.result().refused
    finally:
        await h.bot.close()


async def test_emojis_off_in_the_settings_touch_nothing(tmp_path, monkeypatch):
    settings = dataclasses.replace(fast_settings(tmp_path), card_emojis="off")
    h = await started(settings, monkeypatch)
    try:
        await h.bot.get_cog("Jass").flush()
        assert not any("/emojis" in c.path for c in h.side.calls)
    finally:
        await h.bot.close()


def png_hash(data: bytes) -> str:
    with Image.open(io.BytesIO(data)) as image:
        return hashlib.sha256(image.convert("RGB").tobytes()).hexdigest()


async def test_the_table_message_shows_the_trick_as_a_picture_and_each_hand_ends_with_a_jasstafel(
    tmp_path, monkeypatch
):
    # Pictures drawn in a worker process, as the bot does by default.
    h = await started(dataclasses.replace(fast_settings(tmp_path), render_workers=1), monkeypatch)
    try:
        await _pictures_follow_the_game(h)
    finally:
        await h.bot.close()


async def _pictures_follow_the_game(h):
    h.side.observer = observer_for(h.bot)
    message = await solo_table(h)
    tid = h.bot.service.loaded()[0]
    assert message["embeds"][0]["image"]["url"] == "attachment://table.png"
    pictures = [c for c in h.side.calls if c.files and f"/messages/{message['id']}" in c.path]
    assert pictures, "the table message carries its picture"
    # Play the hand through; every picture names only cards on the table, never one in a hand.
    for _ in range(60):
        table = h.bot.service._tables[tid]
        if table.hand_no > 1 or table.phase == "game_over":
            break
        hand = await my_hand(h, table_message(h))
        enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        await h.send(h.click_payload(enabled[0], ANNA, message_payload(1, hand, flags=64), ephemeral=True))
        await settle(h)
    edits = [c for c in h.side.calls if c.files and f"/messages/{message['id']}" in c.path]
    assert len({png_hash(c.files[0]) for c in edits}) > 5, "the picture follows the game"
    slates = [c for c in h.side.calls if c.files and c.method == "POST" and c.payload
              and "jasstafel.png" in str(c.payload.get("embeds"))]  # fmt: skip
    assert slates and cards_shown(slates[0].files[0]) == ()
    assert audit(h.side.calls, h.side.clicked, h.side.private) > 20


async def test_images_off_sends_no_pictures(harness):
    h = harness
    settings = [{"name": "settings", "type": 1, "options": [{"name": "images", "type": 3, "value": "off"}]}]
    await h.send(h.command_payload("jass", settings, ANNA, manager=True))
    await solo_table(h)
    message = table_message(h)
    assert "image" not in message["embeds"][0]
    assert not any(c.files for c in h.side.calls)


async def test_a_move_shows_at_once_and_its_picture_follows_within_the_upload_interval(harness):
    h = harness
    cog = h.bot.get_cog("Jass")
    message = await solo_table(h)
    tid = h.bot.service.loaded()[0]
    path = f"/messages/{message['id']}"
    cog.messages.upload_interval = 0.6
    before, since = len(h.side.calls), time.monotonic()
    for _ in range(40):  # play until Anna has laid a card
        table = h.bot.service._tables[tid]
        if (
            table.hand is not None
            and table.hand.trick
            and table.phase == "play"
            and any(seat == 0 for seat, _ in table.view_for(None).trick)
        ):
            break
        hand = await my_hand(h, table_message(h))
        enabled = [cid for cid, disabled, _ in custom_ids(hand["components"]) if not disabled]
        await h.send(h.click_payload(enabled[0], ANNA, message_payload(1, hand, flags=64), ephemeral=True))
        await settle(h)
    edits = [c for c in h.side.calls[before:] if c.method == "PATCH" and path in c.path]
    assert any(not c.files for c in edits), "the text of a move is not held back for its picture"
    uploads = sorted(when for when, method, url in h.side.uploads if method == "PATCH" and path in url and when > since)
    assert all(b - a >= 0.55 for a, b in itertools.pairwise(uploads)), "at most one picture per interval"
    await asyncio.sleep(0.7)
    await settle(h)
    last_text = table_message(h)["embeds"][0]["description"]
    last_picture = [c for c in h.side.calls if c.files and path in c.path][-1]
    shown = set(cards_shown(last_picture.files[0]))
    on_table = {card for _, card in h.bot.service._tables[tid].view_for(None).trick}
    assert on_table <= shown, f"the picture caught up with the table ({last_text})"
