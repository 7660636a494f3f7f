"""Games of individuals on the web pages (Differenzler, Molotow): each for themselves, the points
taken this hand, the prediction (Differenzler, once public) and the running total of the pad."""

from __future__ import annotations

from bot.game import Command, Predict, TableView
from bot.game.kinds.individual import individual_part
from bot.rules.individual import TOTAL
from bot.texts.cards import Deck

from .base import Board, Choice, Text, WebPart, names


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

    def choices(self, view: TableView, deck: Deck, t: Text) -> list[Choice]:
        """Differenzler: the seat's prediction (0 to 157), while it is still to make."""
        if self.predictions and view.phase == "predict" and view.seat is not None and self._may_predict(view):
            return [Choice("predict", t("prediction"), 0, TOTAL)]
        return super().choices(view, deck, t)

    def command(self, view: TableView, actor: str, choice: str) -> Command | None:
        kind, _, value = choice.partition(":")
        valid = kind == "predict" and value.isdigit() and int(value) <= TOTAL
        if valid and self.predictions and view.phase == "predict" and self._may_predict(view):
            return Predict(actor, points=int(value))
        return super().command(view, actor, choice)

    @staticmethod
    def _may_predict(view: TableView) -> bool:
        part = individual_part(view)
        return view.seat is not None and not part.predicted[view.seat]
