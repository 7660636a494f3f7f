"""Coiffeur on the web pages: the Tafel, a row per contract, what each team wrote."""

from __future__ import annotations

from bot.game import TableView
from bot.game.kinds.coiffeur import coiffeur_part
from bot.texts.cards import deck_for

from .base import Board, Text, WebPart, register_part
from .schieber import team_names


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


register_part("coiffeur", CoiffeurPart())
