"""Differenzler in the terminal: the prediction asked, predictions and the Schätzzettel told."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import Command, Predict, TableView
from bot.game.kinds.individual import individual_part
from bot.terminal.base import Console, TerminalPart


class DifferenzlerPart(TerminalPart):
    def ask(self, term: Console, view: TableView, actor: str) -> Command:
        """How many card points you will take (0-157)."""
        suit = individual_part(view).trump
        trump = term.contract(suit or 0)
        term.say("\n" + term.t("your_cards", cards=term.hand_text(view.hand, 0, suit)))
        while True:
            answer = term.ask(term.t("predict", trump=trump) + "\n> ").strip()
            if term.help(answer):
                continue
            if answer.isdigit() and 0 <= int(answer) <= 157:
                return Predict(actor, int(answer))
            term.say(term.t("predict_again"))

    def show(self, term: Console, ev: Mapping[str, Any]) -> bool:
        t = term.table
        if ev["type"] == "game_started":
            term.say(term.t("diff_started", n=ev["game"], hands=t.rules.individual_hands))
        elif ev["type"] == "prediction":
            hidden = t.rules.differenzler_predictions == "hidden" and not term.is_you(ev["seat"])
            term.say(term.about("predicted" if hidden else "predicts", ev["seat"], points=ev["points"]))
        elif ev["type"] == "seats_scored":
            parts = ", ".join(
                term.t("seat_scored", who=term.name(s), pred=ev["predictions"][s], got=ev["points"][s],
                       penalty=ev["penalties"][s], total=ev["totals"][s])
                for s in range(4)
            )  # fmt: skip
            term.say(term.t("diff_scored", n=ev["hand"], seats=parts))
        else:
            return super().show(term, ev)
        return True


PART = DifferenzlerPart()
