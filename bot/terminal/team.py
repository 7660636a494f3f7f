"""The team games in the terminal (Schieber; Coiffeur builds on it): partners introduced, the contract menu,
hands and the game told by team."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import Command, TableView
from bot.rules import Contract
from bot.texts import message

from .base import Console, TerminalPart, pair


class TeamPart(TerminalPart):
    def introduce(self, term: Console) -> None:
        seats = term.table.seats
        if len(term.humans) == 1:
            me = term.humans[0]
            opponents = term.t("and").join(seats[s].name for s in ((me + 1) % 4, (me + 3) % 4))
            term.say(term.t("partner", partner=term.name((me + 2) % 4), opponents=opponents))
        else:
            term.say(term.t("teams", a=term.team(0), b=term.team(1)))

    def ask(self, term: Console, view: TableView, actor: str) -> Command:
        return term.ask_contract(view, actor)

    def show(self, term: Console, ev: Mapping[str, Any]) -> bool:
        t = term.table
        if ev["type"] == "game_started":
            profile = message(f"profile.{t.rules.multiplier_profile}", term.lang)
            term.say(term.t("game_started", n=ev["game"], target=t.rules.target, profile=profile))
        elif ev["type"] == "contract" and t.hand is not None and t.called is not None:
            term.say(
                term.about("chooses", ev["seat"], contract=term.deck.named(t.called.full_name), m=t.hand.multiplier)
            )
        elif ev["type"] == "contract":
            multiplier = t.rules.multiplier(int(Contract.parse(ev["contract"])))
            term.say(term.about("chooses", ev["seat"], contract=term.contract(ev["contract"]), m=multiplier))
        elif ev["type"] == "hand_scored":
            self.hand_scored(term, ev)
        elif ev["type"] == "game_over":
            winner = term.t("draw") if ev["winner"] is None else term.t("winner", team=term.team(ev["winner"]))
            schneider = term.t("schneider") if ev["schneider"] else ""
            term.say("\n" + term.t("over", winner=winner, totals=pair(ev["totals"]), schneider=schneider))
        else:
            return False
        return True

    @staticmethod
    def hand_scored(term: Console, ev: Mapping[str, Any]) -> None:
        card_points = list(ev["card_points"])
        hand = term.table.hand
        if ev["complete"] and hand is not None and len(hand.tricks) == 9:  # with the last trick's 5
            card_points[hand.tricks[-1].winner % 2] += 5
        scored = {"cards": pair(card_points), "tricks": pair(ev["tricks"]), "written": pair(ev["written"])}
        term.say(
            term.t("hand_scored", n=ev["hand"], a=term.team(0), b=term.team(1), totals=pair(ev["totals"]), **scored)
        )
        if ev["match_team"] is not None:
            term.say(term.t("kontermatsch" if ev["kontermatsch"] else "match", team=term.team(ev["match_team"])))
