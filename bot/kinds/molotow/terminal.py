"""Molotow in the terminal: trump fixed, each one's Handweis and Stöck as minus points, the hand told."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.terminal.base import Console, TerminalPart


class MolotowPart(TerminalPart):
    def show(self, term: Console, ev: Mapping[str, Any]) -> bool:
        if ev["type"] == "game_started":
            term.say(term.t("molotow_started", n=ev["game"], hands=term.table.rules.individual_hands))
        elif ev["type"] == "trump_fixed":
            term.say(term.about("fixes_trump", ev["seat"], suit=term.contract(ev["suit"])))
        elif ev["type"] == "weis":  # each one's own Handweis, all of them count (minus)
            cards = " ".join(term.card(c) for c in ev["cards"])
            term.say(term.about("weis", ev["seat"], points=ev["points"], cards=cards))
        elif ev["type"] == "seats_scored":
            parts = ", ".join(
                term.t("molotow_seat", who=term.name(s), got=ev["points"][s],
                       extra=ev["penalties"][s] - ev["points"][s], score=ev["penalties"][s], total=ev["totals"][s])
                for s in range(4)
            )  # fmt: skip
            term.say(term.t("diff_scored", n=ev["hand"], seats=parts))
        elif ev["type"] == "stoeck":  # minus points for their holder
            term.say(term.t("stoeck", who=term.name(ev["seat"]), points=f"−{ev['points']}"))
        else:
            return super().show(term, ev)
        return True


PART = MolotowPart()
