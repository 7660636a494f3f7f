"""The team games on the web pages (Schieber; Coiffeur builds on it): the two teams' Jasstafel,
this hand's points and the totals."""

from __future__ import annotations

from bot.game import ChooseContract, Command, TableView
from bot.rules import Contract
from bot.texts.cards import Deck

from .base import Board, Choice, Text, WebPart, names


def team_names(view: TableView, t: Text) -> list[str]:
    n = names(view)
    return [t("team", a=n[0], b=n[2]), t("team", a=n[1], b=n[3])]


class TeamPart(WebPart):
    def board(self, view: TableView, t: Text) -> Board:
        rows = tuple(
            (team, str(view.hand_written[i]), str(view.totals[i])) for i, team in enumerate(team_names(view, t))
        )
        return Board(t("score"), ("", t("this_hand"), f"{t('total')} / {view.rules.target}"), rows)

    def choices(self, view: TableView, deck: Deck, t: Text) -> list[Choice]:
        """The contracts the chooser may name (the extra ones too), and Schieben."""
        out = [Choice(f"contract:{Contract(c)}", deck.contract(c)) for c in view.contracts]
        out += [Choice(f"contract:{name}", deck.named(name)) for name in view.extras]
        return out + super().choices(view, deck, t)

    def command(self, view: TableView, actor: str, choice: str) -> Command | None:
        name = choice.removeprefix("contract:")
        offered = {*view.extras, *(str(Contract(c)) for c in view.contracts)}
        if choice.startswith("contract:") and name in offered:
            return ChooseContract(actor, name)
        return super().command(view, actor, choice)
