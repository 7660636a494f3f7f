"""The presenter's part for the games of individuals (Differenzler and Molotow): the table
embed's lines, the private hand with its prediction buttons, the summary of a hand and the
Schätzzettel picture (in Molotow: the score pad).

Like ``cogs/presenter.py``: no game logic and no state, only functions of a ``TableView``. What a
viewer sees of the predictions is what the view gives it: with hidden predictions, its own one
until the hand is over, and of the others only whether they have predicted.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.game import TableView
from bot.game.events import GameOver, SeatsScored
from bot.render.pad import PadPicture
from bot.rules.cards import cards_of
from bot.rules.differenzler import TOTAL
from bot.texts import message as msg
from bot.texts.cards import Deck

from .buttons import custom_id
from .emojis import CardEmojis

RANGE = 10  # predictions per button of the first step: 0-9, 10-19 … 150-157
Name = Callable[[int], str]  # a seat's name as shown


def ranges() -> list[tuple[int, int]]:
    """The ranges of the first step: (lowest, highest)."""
    return [(low, min(low + RANGE - 1, TOTAL)) for low in range(0, TOTAL + 1, RANGE)]


def trump_line(view: TableView, deck: Deck, lang: str) -> str:
    """``Trumpf: Rose`` (with the dealer's card turned up for it, when it was); Molotow: trump
    still open, or fixed."""
    if view.kind == "molotow" and view.trump is None:
        return msg("mo.trump_open", lang)
    suit = deck.suit(view.trump or 0)
    if view.bottom_card is not None:
        return msg("dz.trump_bottom", lang, suit=suit, card=deck.card(view.bottom_card, None))
    return msg("dz.trump", lang, suit=suit)


def prediction_text(view: TableView, seat: int, lang: str) -> str:
    """A seat's prediction as this viewer may see it: the number, "✅" (made, hidden) or "…"."""
    shown = view.predictions[seat] if seat < len(view.predictions) else None
    if shown is not None:
        return str(shown)
    return "✅" if seat < len(view.predicted) and view.predicted[seat] else "…"


def table_lines(view: TableView, deck: Deck, lang: str, name: Name, faces: CardEmojis,
                played: Callable[..., str], last_trick: Callable[..., str]) -> list[str]:  # fmt: skip
    """The table embed's lines of a Differenzler table (after the lobby)."""
    molotow = view.kind == "molotow"
    hands = view.rules.hands_per_game or (8 if molotow else 12)
    lines = [msg("dz.hand_of", lang, n=view.hand_no, hands=hands), trump_line(view, deck, lang)]
    seats = range(4)
    if not molotow:
        predictions = " · ".join(f"{name(s)} {prediction_text(view, s, lang)}" for s in seats)
        lines.append(f"**{msg('dz.predictions', lang)}:** {predictions}")
    if view.phase == "play":
        lines.append(f"**{msg('dz.taken', lang)}:** " + " · ".join(f"{name(s)} {view.taken[s]}" for s in seats))
        trick = played(view, view.trick, lang, deck, faces) or "—"
        lines.append(f"**{msg('table.trick', lang, n=len(view.tricks) + 1)}:** {trick}")
    if view.tricks and view.phase == "play":
        lines.append(f"**{msg('table.last_n', lang, n=len(view.tricks))}:** {last_trick(view, lang, deck, faces)}")
    totals = view.seat_totals or (0, 0, 0, 0)
    label = msg("mo.totals" if molotow else "dz.totals", lang)
    lines.append(f"**{label}:** " + " · ".join(f"{name(s)} {totals[s]}" for s in seats))
    if view.phase == "game_over":
        lines.append(ranking_line(view, lang, name))
    elif view.phase == "predict":
        waiting = [s for s in seats if not (s < len(view.predicted) and view.predicted[s])]
        if view.rules.differenzler_predictions == "open" and view.turn is not None:
            waiting = [view.turn]
        lines.append(msg("dz.waiting", lang, names=", ".join(name(s) for s in waiting)))
    elif view.turn is not None:
        lines.append(msg("table.turn", lang, name=name(view.turn)))
    return lines


def ranking_line(view: TableView, lang: str, name: Name) -> str:
    """``1. Anna 12 · 2. Beat 30 …`` and the winner (or a tie)."""
    totals = view.seat_totals or (0, 0, 0, 0)
    order = sorted(range(4), key=lambda s: (totals[s], s))
    places = " · ".join(f"{i + 1}. {name(s)} {totals[s]}" for i, s in enumerate(order))
    if view.winner is None:
        return msg("dz.over_tie", lang, places=places)
    return msg("mo.over" if view.kind == "molotow" else "dz.over", lang, winner=name(view.winner), places=places)


def hand_facts(view: TableView, deck: Deck, lang: str) -> list[str]:
    """The private hand's facts: trump, the viewer's prediction and its points so far."""
    facts = [trump_line(view, deck, lang)]
    seat = view.seat if view.seat is not None else 0
    mine = view.predictions[seat] if seat < len(view.predictions) else None
    if mine is not None:
        facts.append(msg("dz.your_prediction", lang, n=mine))
    if (mine is not None or view.kind == "molotow") and view.phase == "play":
        facts.append(msg("dz.your_points", lang, n=view.taken[seat]))
    return facts


def must_predict(view: TableView) -> bool:
    """Whether the viewer is asked for its prediction now."""
    if view.phase != "predict" or view.seat is None or view.predictions[view.seat] is not None:
        return False
    return view.rules.differenzler_predictions == "hidden" or view.turn == view.seat


def predict_text(view: TableView, deck: Deck, lang: str, faces: CardEmojis, picking: str) -> str:
    """The private hand while its player predicts: the cards as text (the buttons are numbers)."""
    cards = " · ".join(f"{faces.text(c, deck)}{deck.card(c, view.trump)}" for c in cards_of(view.hand))
    ask = msg("dz.ask_range", lang) if not picking else msg("dz.ask_number", lang)
    return f"**{msg('hand.title', lang)}** — {trump_line(view, deck, lang)}\n{cards}\n{ask}"


def predict_buttons(view: TableView, lang: str, picking: str) -> list[discord.ui.Button[discord.ui.View]]:
    """First the ranges (``p<tens>``), then the numbers of the range picked (``v<points>``) and a
    back button (``t0``)."""
    key = f"{view.game_no}.{view.hand_no}"
    tid = view.table_id
    buttons: list[discord.ui.Button[discord.ui.View]] = []
    if picking.startswith("p") and picking[1:].isdigit() and int(picking[1:]) * RANGE <= TOTAL:
        low = int(picking[1:]) * RANGE
        for i, points in enumerate(range(low, min(low + RANGE - 1, TOTAL) + 1)):
            buttons.append(discord.ui.Button(label=str(points), style=discord.ButtonStyle.success,
                                             custom_id=custom_id(tid, key, f"v{points}"), row=i // 5))  # fmt: skip
        buttons.append(discord.ui.Button(label=msg("btn.back", lang), style=discord.ButtonStyle.secondary,
                                         custom_id=custom_id(tid, key, "t0"), row=2))  # fmt: skip
        return buttons
    for i, (low, high) in enumerate(ranges()):
        buttons.append(discord.ui.Button(label=f"{low}–{high}", style=discord.ButtonStyle.primary,
                                         custom_id=custom_id(tid, key, f"p{low // RANGE}"), row=i // 5))  # fmt: skip
    return buttons


def summary_lines(ev: SeatsScored, lang: str, name: Name) -> list[str]:
    """One line per player: predicted, made, penalty, total (Molotow: points, Weis, Stöck, score)."""
    lines = []
    if "predictions" not in ev:  # Molotow
        for s in range(4):
            extra = ev.get("table_weis", [0] * 4)[s] - ev.get("hand_weis", [0] * 4)[s] - ev.get("stoeck", [0] * 4)[s]
            lines.append(msg("mo.line", lang, name=name(s), points=ev["points"][s], extra=f"{extra:+d}",
                             score=ev["penalties"][s], total=ev["totals"][s]))  # fmt: skip
        return lines
    for s in range(4):
        predicted, made, penalty = ev["predictions"][s], ev["points"][s], ev["penalties"][s]
        key = "dz.line_exact" if penalty < 0 or predicted == made else "dz.line"
        lines.append(msg(key, lang, name=name(s), predicted=predicted, made=made, penalty=penalty,
                         total=ev["totals"][s]))  # fmt: skip
    return lines


def pad_picture(view: TableView, ev: SeatsScored | GameOver, lang: str, name: Name) -> PadPicture:
    """The Schätzzettel after a hand (or at the end of the game)."""
    molotow = view.kind == "molotow"
    if ev["type"] == "seats_scored":
        title, latest, winner = msg("mo.pad" if molotow else "dz.pad", lang, n=ev["hand"]), len(view.pad) - 1, ""
    else:
        title, latest = msg("mo.pad_final" if molotow else "dz.pad_final", lang), None
        won = ev.get("winner")
        winner = msg("dz.pad_tie", lang) if won is None else msg("dz.pad_winner", lang, name=name(won))
    totals = tuple(view.seat_totals or (0, 0, 0, 0))
    return PadPicture(title=title, players=(name(0), name(1), name(2), name(3)), hands=view.pad,
                      totals=(totals[0], totals[1], totals[2], totals[3]), latest=latest, winner=winner,
                      kind=view.kind, legend=msg("mo.pad_legend" if molotow else "dz.pad_legend", lang))  # fmt: skip
