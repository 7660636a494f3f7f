"""The hand-history export: one JSON object per line, the public record of a game.

Seats 0–3 in playing order (anticlockwise); teams [0, 2] and [1, 3]; cards and contracts
in the rules notation.  A hand's four hands appear only once its seed has been revealed,
and declared Weis only once the first trick is complete (as the table shows them, docs/rules.md
§10.3), so the history of a running game never shows what the table does not show.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from bot.rules import Card, deal, shuffle_deck
from bot.rules.cards import cards_of

_COPY = {
    "schieben": ("seat",),
    "contract": ("seat", "contract"),
    "weis": ("seat", "cards", "points"),
    "card": ("seat", "card"),
    "stoeck": ("seat", "points"),
    "trick": ("trick", "winner", "points", "leader", "cards"),
    "hand_scored": (
        "hand",
        "weis_team",
        "written",
        "totals",
        "contract",
        "multiplier",
        "card_points",
        "tricks",
        "match_team",
        "kontermatsch",
        "stoeck_team",
        "complete",
    ),
    "hand_seed": ("hand", "seed"),
    "berg": ("team",),
    "bedanken": ("seat", "team"),
    "bedanken_result": ("team", "right"),
    "game_over": ("winner", "totals", "berg", "schneider", "game"),
    "abandoned": (),
}


def history(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The public history objects of a table's event log, in order."""
    events = list(events)
    revealed = {ev["seed"] for ev in events if ev["type"] == "hand_seed"}
    rules: dict[str, Any] = {}
    out: list[dict[str, Any]] = []
    weis: list[dict[str, Any]] = []  # declared in trick 1, shown when it is complete
    for ev in events:
        kind = ev["type"]
        if kind == "weis":
            weis.append({"type": kind, **{k: ev[k] for k in _COPY[kind] if k in ev}})
            continue
        if kind == "table_created":
            rules = ev["rules"]
        elif kind == "game_started":
            out.append({"type": "game_started", "game": ev["game"], "rules": rules})
        elif kind == "hand_dealt":
            weis = []
            hands = None
            if ev["seed"] in revealed:
                masks = deal(shuffle_deck(ev["seed"]), ev["dealer"])
                hands = [[str(Card.from_index(c)) for c in cards_of(m)] for m in masks]
            out.append(
                {
                    "type": "hand_dealt",
                    "hand": ev["hand"],
                    "dealer": ev["dealer"],
                    "forehand": ev["forehand"],
                    "hands": hands,
                    "seed_commitment": ev["commitment"],
                }
            )
        elif kind in _COPY:
            out.append({"type": kind, **{k: ev[k] for k in _COPY[kind] if k in ev}})
            if kind == "trick" and ev.get("trick") == 1:
                out += weis
                weis = []
    return out


def history_jsonl(events: Iterable[Mapping[str, Any]]) -> str:
    """The history as JSON lines (compact, keys in a fixed order)."""
    return "".join(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n" for obj in history(events))
