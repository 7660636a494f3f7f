"""Checks over every recorded REST call of a game: privacy and Discord's limits."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.render.cards import card_name, cards_shown
from bot.rules.cards import FRENCH_SUITS
from bot.texts.cards import DECKS, Deck
from cogs.buttons import is_ours

from .harness import Call


def observer_for(bot) -> Any:
    """Snapshot, at each REST call, who holds which cards at which table (people by Discord user id)."""

    def observe() -> dict[str, dict[int | str, set[int]]]:
        held: dict[str, dict[int | str, set[int]]] = {}
        for table in bot.service._tables.values():
            in_hand = table.phase == "predict" or (table.phase == "play" and table.rules.game == "differenzler")
            if in_hand and table.rules.differenzler_predictions == "hidden":  # nobody else may see these yet
                for seat, points in enumerate(table.state.predictions):
                    s = table.seats[seat]
                    if points is not None and s.actor and s.actor.startswith("u:"):
                        hidden = held.setdefault(f"predictions:{table.table_id}", {})
                        hidden[int(s.actor[2:])] = {(points, s.name)}
            if table.phase not in ("predict", "contract", "play"):
                continue
            for seat, s in enumerate(table.seats):
                mask = table.hand.hands[seat] if table.phase == "play" else table.start_hands[seat]
                owner: int | str = int(s.actor[2:]) if s.actor and s.actor.startswith("u:") else f"seat{seat}"
                cards = {c for c in range(36) if mask >> c & 1}
                held.setdefault(table.table_id, {}).setdefault(owner, set()).update(cards)
        # Which tables post in which channel (a tournament's table has a thread of its own, and its
        # final message names no table: no buttons, no id in its title).
        jass = bot.get_cog("Jass")
        for table_id, channel_id in (jass.messages.places() if jass else {}).items():
            held.setdefault(f"channel:{channel_id}", {}).setdefault("tables", set()).add(table_id)
        return held

    return observe


def _holdings(state: dict[str, dict[Any, Any]], text: str, path: str = "",
              channel: str | None = None) -> dict[int | str, set[int]]:  # fmt: skip
    """Who holds what at the tables a payload is about (its buttons name them, else the channel it
    goes to), else at every table: every table has its own deck, so a card of one table says
    nothing about another."""
    named = set(re.findall(r'"jass:([0-9a-z]{1,16}):', text))  # its buttons
    named |= set(re.findall(r"(?<![0-9a-f])([0-9a-f]{16})(?![0-9a-f])", text))  # an id in its text
    found = re.search(r"/channels/(\d+)/messages", path)
    channel = found[1] if found else channel  # else the channel of the interaction (a follow-up)
    if not named and channel:
        named = set(state.get(f"channel:{channel}", {}).get("tables", set()))
    held: dict[int | str, set[int]] = {}
    for table_id in named if named else [k for k in state if ":" not in k]:
        for owner, cards in state.get(table_id, {}).items():
            held.setdefault(owner, set()).update(cards)
    return held


#: Every name a card has on screen: both languages, both decks, every French suit mapping.
LABELS = {
    card: {
        Deck(lang, kind, fm).card(card, contract)
        for lang in ("de", "en")
        for kind in DECKS
        for fm in FRENCH_SUITS
        for contract in (None, card // 9)  # with its suit as trump: the Puur and the Näll
    }
    for card in range(36)
}


#: Every emoji face a card has (``swiss_rose_7``; French faces under every mapping).
FACES = {
    card: {card_name(card, "swiss")} | {card_name(card, "french", fm) for fm in FRENCH_SUITS} for card in range(36)
}


def _mentions_card(text: str, card: int) -> bool:
    return (
        any(
            f'{label}"' in text
            or f"{label} " in text
            or f"{label}\n" in text
            or f"{label}," in text
            or f"{label}\\n" in text  # (the end of a line in a JSON text)
            for label in LABELS[card]
        )
        or re.search(rf':c{card}(w\d+)?"', text) is not None
        or any(re.search(rf"\b{face}_[0-9a-f]{{6}}\b", text) for face in FACES[card])
    )


def _pictured(files: list[bytes]) -> set[int]:
    """The cards the attached pictures show; a picture that does not say which is a failure."""
    shown: set[int] = set()
    for data in files:
        if not data.startswith(b"\x89PNG"):
            continue  # a text file: its text is read with the message's (see audit)
        cards = cards_shown(data)
        assert cards is not None, "every picture the bot sends names the cards it shows"
        shown.update(cards)
    return shown


def audit(calls: list[Call], clicked: dict[int, tuple[int, bool]], private: set[int] | None = None) -> int:
    """Raise AssertionError on a leak or a limit broken; return how many payloads were checked."""
    checked = 0
    for call in calls:
        if not isinstance(call.payload, dict | list):
            continue
        if re.search(r"/applications/\d+/emojis", call.path):
            continue  # the application's own emoji store: no message, nobody reads it
        text = json.dumps(call.payload, ensure_ascii=False)
        text += "".join("\n" + f.decode("utf-8", "replace") for f in call.files if not f.startswith(b"\x89PNG"))
        held = _holdings(call.state or {}, text, call.path, call.channel)
        audience: int | None = None  # None: public
        if call.interaction_id is not None:
            data = (call.payload or {}).get("data") or call.payload or {}  # a callback, or a follow-up
            user_id, from_private = clicked.get(call.interaction_id, (None, False))
            if data.get("flags", 0) & 64 or (call.payload.get("type") == 7 and from_private):
                audience = user_id
            if call.path.split("?")[0].endswith("/messages/@original") and private and call.interaction_id in private:
                audience = user_id  # an edit of that user's ephemeral hand message
        pictured = _pictured(call.files)
        for owner, cards in held.items():
            if owner == audience:
                continue
            assert not cards & pictured, (
                f"a picture shows cards {cards & pictured} of {owner}: {call.method} {call.path}"
            )
            for card in cards:
                assert not _mentions_card(text, card), (
                    f"card {card} of {owner} shown to {audience or 'everyone'}: {call.method} {call.path} {text[:3000]}"
                )
        _check_components(call.payload)
        checked += 1
    return checked


def audience_of(call: Call, clicked: dict[int, tuple[int, bool]], private: set[int] | None) -> int | None:
    """The Discord user a call's message is for (a private answer, an edit of one's private hand);
    ``None``: everyone in the channel."""
    if call.interaction_id is None:
        return None
    data = (call.payload or {}).get("data") or call.payload or {}  # a callback, or a follow-up
    user_id, from_private = clicked.get(call.interaction_id, (None, False))
    if data.get("flags", 0) & 64 or (call.payload.get("type") == 7 and from_private):
        return user_id
    if call.path.split("?")[0].endswith("/messages/@original") and private and call.interaction_id in private:
        return user_id  # an edit of that user's ephemeral hand message
    return None


def audit_predictions(calls: list[Call], clicked: dict[int, tuple[int, bool]], private: set[int] | None = None) -> int:
    """Differenzler with hidden predictions: no message shows a player's prediction to anyone else
    before the hand is over, neither in the table's list of predictions (``Ansagen: Anna 57``) nor
    as a prediction of one's own (``Ansage: 57``). Returns how many predictions were guarded."""
    guarded = 0
    for call in calls:
        if not isinstance(call.payload, dict | list):
            continue
        text = json.dumps(call.payload, ensure_ascii=False)
        audience = audience_of(call, clicked, private)
        for key, hidden in (call.state or {}).items():
            if not key.startswith("predictions:"):
                continue
            for owner, [(points, name)] in hidden.items():
                if owner == audience:
                    continue
                guarded += 1
                # the list of predictions runs to the end of its line (in JSON text: a backslash)
                listed = rf"(Ansagen|Predictions):\*\*[^\\\n]*?(\b{re.escape(name)}|<@{owner}>) {points}\b"
                assert not re.search(listed, text), f"{name}'s prediction {points} shown to {audience}: {text[:2000]}"
                assert not re.search(rf"(Ansage|prediction): {points}\b", text) or audience is not None, (
                    f"a prediction {points} in a public message: {text[:2000]}"
                )
    return guarded


def _check_components(payload: Any) -> None:
    data = payload.get("data", payload) if isinstance(payload, dict) else {}
    rows = (data or {}).get("components") or []
    assert len(rows) <= 5, "at most 5 rows"
    total = 0
    for row in rows:
        items = row.get("components", [])
        assert len(items) <= 5, "at most 5 components per row"
        total += len(items)
        for item in items:
            assert len(item.get("custom_id", "")) <= 100
            if "custom_id" in item:  # every button the bot sends is one of its kinds (cogs/buttons.py)
                assert is_ours(item["custom_id"]), f"no kind of button takes {item['custom_id']}"
    assert total <= 25
