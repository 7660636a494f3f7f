"""Differenzler and Molotow on the web pages: each for themselves, the points taken this hand, the
prediction (Differenzler, once public) and the running total of the pad."""

from __future__ import annotations

from bot.game import TableView
from bot.game.kinds.individual import individual_part

from .base import Board, Text, WebPart, names, register_part


class IndividualPart(WebPart):
    def __init__(self, predictions: bool = False) -> None:
        self.predictions = predictions

    def board(self, view: TableView, t: Text) -> Board:
        part = individual_part(view)
        heads = ["", t("taken"), *([t("prediction")] if self.predictions else []), t("total")]
        rows = []
        for seat, name in enumerate(names(view)):
            predicted = part.predictions[seat]
            said = [] if not self.predictions else ["–" if predicted is None else str(predicted)]
            rows.append((name, str(part.taken[seat]), *said, str(part.seat_totals[seat])))
        return Board(t("score"), tuple(heads), tuple(rows))


register_part("differenzler", IndividualPart(predictions=True))
register_part("molotow", IndividualPart())
