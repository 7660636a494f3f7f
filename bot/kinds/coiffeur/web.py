"""Coiffeur on the web pages: the Tafel, a row per contract, what each team wrote."""

from __future__ import annotations

from bot.game import ChooseContract, Command, TableView
from bot.kinds.coiffeur.engine import coiffeur_part
from bot.texts.cards import Deck, deck_for
from bot.web.kinds.base import Board, Choice, Text, WebPart
from bot.web.kinds.team import team_names


class CoiffeurPart(WebPart):
    def board(self, view: TableView, t: Text) -> Board:
        tafel = coiffeur_part(view).tafel
        teams = team_names(view, t)
        if tafel is None:
            return Board(t("score"), ("", t("total")), tuple((n, str(view.totals[i])) for i, n in enumerate(teams)))
        deck = deck_for(t("lang"))
        rows = [
            (t("tafel_row", row=deck.named(name), m=factor),
             *("–" if tafel.written[team][r] is None else str(tafel.written[team][r]) for team in (0, 1)))
            for r, (name, factor) in enumerate(tafel.rows)
        ]  # fmt: skip
        rows.append((t("total"), *(str(v) for v in tafel.totals())))
        return Board(t("score"), ("", *teams), tuple(rows))

    def choices(self, view: TableView, deck: Deck, t: Text) -> list[Choice]:
        """An open row of the chooser's team, played as each contract it allows; and Schieben."""
        part = coiffeur_part(view)
        factors = {r: f for r, (_, f) in enumerate(part.tafel.rows)} if part.tafel else {}
        out = [
            Choice(f"row:{row}:{name}", f"{deck.named(name)} ×{factors.get(row, 1)}")
            for row, names in part.row_options
            for name in names
        ]
        return out + super().choices(view, deck, t)

    def command(self, view: TableView, actor: str, choice: str) -> Command | None:
        kind, _, rest = choice.partition(":")
        row, _, name = rest.partition(":")
        if kind == "row" and row.isdigit() and name in dict(coiffeur_part(view).row_options).get(int(row), ()):
            return ChooseContract(actor, name, row=int(row))
        return super().command(view, actor, choice)


PART = CoiffeurPart()
