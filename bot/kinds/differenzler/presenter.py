"""Differenzler in Discord: trump (and the card turned up for it), the predictions as each viewer may see
them, the prediction buttons in two steps, the Schätzzettel.

What a viewer sees of the predictions is what the view gives it: with hidden predictions, its own one
until the hand is over, and of the others only whether they have predicted.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.game import TableView
from bot.game.kinds.individual import individual_part
from bot.kinds.differenzler.engine import differenzler_part
from bot.rules.cards import cards_of
from bot.rules.individual import TOTAL
from bot.stats.ratings import Rating
from bot.stats.records import PersonStats
from bot.texts import message as msg
from bot.texts.cards import Deck
from cogs.buttons import custom_id
from cogs.emojis import CardEmojis
from cogs.kinds.individual import IndividualPresenter, Name

RANGE = 10  # predictions per button of the first step: 0-9, 10-19 … 150-157


def ranges() -> list[tuple[int, int]]:
    """The ranges of the first step: (lowest, highest)."""
    return [(low, min(low + RANGE - 1, TOTAL)) for low in range(0, TOTAL + 1, RANGE)]


def prediction_text(view: TableView, seat: int, lang: str) -> str:
    """A seat's prediction as this viewer may see it: the number, "✅" (made, hidden) or "…"."""
    shown = individual_part(view).predictions[seat] if seat < len(individual_part(view).predictions) else None
    if shown is not None:
        return str(shown)
    return "✅" if seat < len(individual_part(view).predicted) and individual_part(view).predicted[seat] else "…"


def must_predict(view: TableView) -> bool:
    """Whether the viewer is asked for its prediction now."""
    if view.phase != "predict" or view.seat is None or individual_part(view).predictions[view.seat] is not None:
        return False
    return view.rules.differenzler_predictions == "hidden" or view.turn == view.seat


class DifferenzlerPresenter(IndividualPresenter):
    def stats_field(self, kind: str, played: PersonStats, rating: Rating | None, lang: str) -> tuple[str, str] | None:
        if not played.games:
            return None
        value = msg("st.differenzler_value", lang, games=played.games, wins=played.wins,
                    penalty=played.per_hand(played.penalty), exact=played.exact)  # fmt: skip
        if rating is not None:
            value = f"**{rating.shown}** ± {rating.spread} · {value}"
        return msg("st.differenzler", lang), value

    totals_key, over_key = "dz.totals", "dz.over"
    pad_key, pad_final_key, pad_legend_key = "dz.pad", "dz.pad_final", "dz.pad_legend"

    def opens_pick(self, pick: str) -> bool:
        return pick[1:].isdigit() and int(pick[1:]) * RANGE <= TOTAL

    def trump_line(self, view: TableView, deck: Deck, lang: str) -> str:
        """``Trumpf: Rose`` (with the dealer's card turned up for it, when it was)."""
        suit = deck.suit(individual_part(view).trump or 0)
        bottom = differenzler_part(view).bottom_card
        if bottom is not None:
            return msg("dz.trump_bottom", lang, suit=suit, card=deck.card(bottom, None))
        return msg("ind.trump", lang, suit=suit)

    def extra_lines(self, view: TableView, lang: str, name: Name) -> list[str]:
        predictions = " · ".join(f"{name(s)} {prediction_text(view, s, lang)}" for s in range(4))
        return [f"**{msg('dz.predictions', lang)}:** {predictions}"]

    def waiting_line(self, view: TableView, lang: str, name: Name) -> str | None:
        if view.phase != "predict":
            return None
        waiting = [
            s for s in range(4) if not (s < len(individual_part(view).predicted) and individual_part(view).predicted[s])
        ]
        if view.rules.differenzler_predictions == "open" and view.turn is not None:
            waiting = [view.turn]
        return msg("dz.waiting", lang, names=", ".join(name(s) for s in waiting))

    def hand_facts(self, view: TableView, deck: Deck, lang: str) -> list[str]:
        """Trump, the viewer's prediction and its points so far."""
        facts = [self.trump_line(view, deck, lang)]
        seat = view.seat if view.seat is not None else 0
        mine = individual_part(view).predictions[seat] if seat < len(individual_part(view).predictions) else None
        if mine is not None:
            facts.append(msg("dz.your_prediction", lang, n=mine))
            if view.phase == "play":
                facts.append(msg("ind.your_points", lang, n=individual_part(view).taken[seat]))
        return facts

    def decision(self, view: TableView, lang: str, deck: Deck, faces: CardEmojis,
                 picking: str) -> tuple[str, list[discord.ui.Button[discord.ui.View]]] | None:  # fmt: skip
        if not must_predict(view):
            return None
        return self.predict_text(view, deck, lang, faces, picking), predict_buttons(view, lang, picking)

    def predict_text(self, view: TableView, deck: Deck, lang: str, faces: CardEmojis, picking: str) -> str:
        """The private hand while its player predicts: the cards as text (the buttons are numbers)."""
        cards = " · ".join(
            f"{faces.text(c, deck)}{deck.card(c, individual_part(view).trump)}" for c in cards_of(view.hand)
        )
        ask = msg("dz.ask_range", lang) if not picking else msg("dz.ask_number", lang)
        return f"**{msg('hand.title', lang)}** — {self.trump_line(view, deck, lang)}\n{cards}\n{ask}"

    def summary_title(self, view: TableView, ev: Any, deck: Deck, lang: str) -> str:
        return msg("dz.summary", lang, n=ev["hand"], suit=deck.suit(individual_part(view).trump or 0))

    def seat_lines(self, ev: Any, lang: str, name: Name) -> list[str]:
        """One line per player: predicted, made, penalty, total."""
        lines = []
        for s in range(4):
            predicted, made, penalty = ev["predictions"][s], ev["points"][s], ev["penalties"][s]
            key = "dz.line_exact" if penalty < 0 or predicted == made else "dz.line"
            lines.append(msg(key, lang, name=name(s), predicted=predicted, made=made, penalty=penalty,
                             total=ev["totals"][s]))  # fmt: skip
        return lines


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


PRESENTER = DifferenzlerPresenter()
