"""Coiffeur in the terminal: the rows to choose from (and what a Joker row is played as), rows scored."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import ChooseContract, Command, Schieben, TableView
from bot.kinds.coiffeur.engine import CoiffeurState, coiffeur_part
from bot.terminal.base import Console, pair
from bot.terminal.team import TeamPart


class CoiffeurPart(TeamPart):
    def ask(self, term: Console, view: TableView, actor: str) -> Command:
        """An open row of the team (and what a Joker, Slalom … row is played as), or a shove."""
        term.say("\n" + term.t("your_cards", cards=term.hand_text(view.hand, 0)))
        part = coiffeur_part(view)
        assert part.tafel is not None
        rows = part.tafel.rows
        offered = dict(part.row_options)  # numbered as the Tafel numbers its rows
        menu = "  ".join(f"[{r + 1}] {term.deck.named(rows[r][0])} ×{rows[r][1]}" for r in offered)
        schieben = term.t("opt.schieben") if term.table.may_schieben else term.t("zwang")
        while True:
            answer = term.ask(term.t("choose_row", menu=menu + schieben) + "\n> ").strip().lower()
            if term.help(answer):
                continue
            if answer in ("s", "schieben") and term.table.may_schieben:
                return Schieben(actor)
            if answer.isdigit() and int(answer) - 1 in offered:
                row = int(answer) - 1
                names = offered[row]
                if len(names) == 1:
                    return ChooseContract(actor, names[0], row=row)
                sub = "  ".join(f"[{i + 1}] {term.deck.named(n)}" for i, n in enumerate(names))
                pick = term.ask(term.t("choose_as", menu=sub) + "\n> ").strip()
                if pick.isdigit() and 1 <= int(pick) <= len(names):
                    return ChooseContract(actor, names[int(pick) - 1], row=row)
            term.say(term.t("options_again"))

    def show(self, term: Console, ev: Mapping[str, Any]) -> bool:
        state = term.table.state
        assert isinstance(state, CoiffeurState)
        if ev["type"] == "game_started" and state.tafel is not None:
            term.say(term.t("coiffeur_started", n=ev["game"], rows=len(state.tafel.rows)))
        elif ev["type"] == "contract" and state.tafel is not None:
            row = state.tafel.rows[ev["row"]]
            name = f"misere-{ev['start']}" if ev.get("start") else ev["contract"]
            term.say(term.about("chooses_row", ev["seat"], row=ev["row"] + 1, row_name=term.deck.named(row.contract),
                                m=row.factor, contract=term.deck.named(name)))  # fmt: skip
        elif ev["type"] == "hand_scored":
            team = ev["team"]
            written = ev["written"][team]
            term.say(term.t("row_scored", n=ev["hand"], team=term.team(team), written=written, row=ev["row"] + 1,
                            points=written // ev["factor"], m=ev["factor"], totals=pair(ev["totals"])))  # fmt: skip
        else:
            return super().show(term, ev)
        return True


PART = CoiffeurPart()
