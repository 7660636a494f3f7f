"""The hand-history export: one JSON object per line, the public record of a game.

Seats 0–3 in playing order (anticlockwise); teams [0, 2] and [1, 3]; cards and contracts
in the rules notation.  A hand's four hands appear only once its seed has been revealed,
and declared Weis only once it is known which team scores them: that team's Weis card by card,
the other team's best Weis by its value alone (RULES R10.3.1, :func:`shown_weis`), so the history
of a running game never shows what the table does not show.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from bot.rules import Card, deal, shuffle_deck
from bot.rules.cards import cards_of
from bot.rules.contract_names import SUIT_NAMES
from bot.rules.kinds import find_kind

_COPY = {
    "schieben": ("seat",),
    "contract": ("seat", "contract", "start", "row", "team"),
    "weis": ("seat", "cards", "points"),
    "weis_scored": ("team", "points"),
    "card": ("seat", "card"),
    "stoeck": ("seat", "points"),
    "trick": ("trick", "winner", "points", "leader", "cards", "mode"),
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
        "parts",
        "row",
        "factor",
        "team",
    ),
    "hand_seed": ("hand", "seed"),
    "berg": ("team",),
    "bedanken": ("seat", "team"),
    "bedanken_result": ("team", "right"),
    "game_over": ("winner", "totals", "berg", "schneider", "game", "ranking"),
    "seats_scored": ("hand", "trump", "points", "table_weis", "hand_weis", "stoeck", "penalties", "totals"),
    "trump_fixed": ("seat", "suit", "trick"),
    "hint": ("seat",),
    "abandoned": (),
}
_INDIVIDUAL_OVER = ("winner", "totals", "game", "ranking")


def shown_weis(declared: list[dict[str, Any]], scoring_team: int | None) -> list[dict[str, Any]]:
    """What is shown of the Weis declared in a hand: the scoring team's card by card; every Weis of
    the other team (or of both, when nobody scores) by its value alone, the highest first (in auto
    mode every Weis is declared, RULES R10.3.2; only the winners show their cards, R10.3.1).

    >>> shown = shown_weis([{"seat": 0, "cards": ["rose-6", "rose-7", "rose-8"], "points": 20},
    ...                     {"seat": 1, "cards": ["eichel-6", "eichel-7", "eichel-8", "eichel-9"], "points": 50},
    ...                     {"seat": 2, "cards": ["schelle-6", "schelle-7", "schelle-8"], "points": 20}], 1)
    >>> shown[0]["seat"], shown[0]["cards"][0], shown[1:]
    (1, 'eichel-6', [{'seat': 0, 'points': 20}, {'seat': 2, 'points': 20}])
    """
    shown = [dict(w) for w in declared if w["seat"] % 2 == scoring_team]
    for team in (0, 1):
        if team == scoring_team:
            continue
        own = sorted((w for w in declared if w["seat"] % 2 == team), key=lambda w: -w["points"])
        shown += [{k: v for k, v in w.items() if k != "cards"} for w in own]
    return shown


def history(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The public history objects of a table's event log, in order."""
    events = list(events)
    revealed = {ev["seed"] for ev in events if ev["type"] == "hand_seed"}
    rules: dict[str, Any] = {}
    rated = True
    out: list[dict[str, Any]] = []
    weis: list[dict[str, Any]] = []  # declared in trick 1, shown when it is complete
    predictions: list[dict[str, Any]] = []  # Differenzler, hidden: shown once the hand is over
    for ev in events:
        kind = ev["type"]
        if kind == "prediction":
            line = {"type": "prediction", "seat": ev["seat"], "points": ev["points"]}
            if rules.get("differenzler_predictions", "hidden") == "hidden":
                predictions.append(line)
            else:
                out.append(line)
            continue
        if kind == "seats_scored":
            out += predictions
            predictions = []
            out.append({"type": "hand_scored", **{k: ev[k] for k in _COPY[kind] if k in ev}})
            continue
        if kind == "weis" and find_kind(rules.get("game", "schieber")).options.get("own_weis"):  # all of them count
            out.append({"type": kind, **{k: ev[k] for k in _COPY[kind] if k in ev}})
            continue
        if kind == "weis":
            weis.append({"type": kind, **{k: ev[k] for k in _COPY[kind] if k in ev}})
            continue
        if kind == "weis_scored" and weis:  # shown once it is known which team scores them
            out += shown_weis(weis, ev["team"])
            weis = []
        if kind == "table_created":
            rules = ev["rules"]
            rated = ev.get("rated", True)
        elif kind == "game_started":
            started = {"type": "game_started", "game": ev["game"], "kind": ev.get("kind", "schieber"), "rules": rules}
            if "rows" in ev:
                started["rows"] = ev["rows"]
            if not rated:
                started["rated"] = False  # a friendly table
            game_kind = find_kind(started["kind"])
            if game_kind.default_hands:  # a game of so many hands
                started["hands"] = game_kind.hands(rules.get("hands_per_game") or 0)
            out.append(started)
        elif kind == "hand_dealt":
            weis = []
            predictions = []
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
                    **({"trump": SUIT_NAMES[ev["trump"]]} if "trump" in ev else {}),
                    **({"bottom_card": ev["bottom_card"]} if "bottom_card" in ev else {}),
                }
            )
        elif kind == "game_over" and "ranking" in ev:  # a game of individuals: no Berg, no Schneider
            out.append({"type": kind, **{k: ev[k] for k in _INDIVIDUAL_OVER if k in ev}})
        elif kind in _COPY:
            if weis and kind in ("hand_scored", "bedanken_result"):  # the hand ended before the Weis were credited
                out += shown_weis(weis, None)
                weis = []
            out.append({"type": kind, **{k: ev[k] for k in _COPY[kind] if k in ev}})
    return out


def history_jsonl(events: Iterable[Mapping[str, Any]]) -> str:
    """The history as JSON lines (compact, keys in a fixed order)."""
    return "".join(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n" for obj in history(events))
