"""Schieber on the web pages: the two teams' Jasstafel, this hand's points and the totals."""

from __future__ import annotations

from bot.game import TableView

from .base import Board, Text, WebPart, names, register_part


def team_names(view: TableView, t: Text) -> list[str]:
    n = names(view)
    return [t("team", a=n[0], b=n[2]), t("team", a=n[1], b=n[3])]


class SchieberPart(WebPart):
    def board(self, view: TableView, t: Text) -> Board:
        rows = tuple(
            (team, str(view.hand_written[i]), str(view.totals[i])) for i, team in enumerate(team_names(view, t))
        )
        return Board(t("score"), ("", t("this_hand"), f"{t('total')} / {view.rules.target}"), rows)


register_part("schieber", SchieberPart())
