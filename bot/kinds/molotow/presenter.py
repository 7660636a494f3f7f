"""Molotow in Discord: trump open until fixed, points taken, Weis and Stöck charged, the score pad."""

from __future__ import annotations

from typing import Any

from bot.game import TableView
from bot.game.kinds.individual import individual_part
from bot.stats.ratings import Rating
from bot.stats.records import PersonStats
from bot.texts import message as msg
from bot.texts.cards import Deck
from cogs.kinds.individual import IndividualPresenter, Name


class MolotowPresenter(IndividualPresenter):
    def stats_field(self, kind: str, played: PersonStats, rating: Rating | None, lang: str) -> tuple[str, str] | None:
        if not played.games:
            return None
        value = msg("st.molotow_value", lang, games=played.games, wins=played.wins,
                    score=played.per_hand(played.penalty))  # fmt: skip
        if rating is not None:
            value = f"**{rating.shown}** ± {rating.spread} · {value}"
        return msg("st.molotow", lang), value

    summary_key = "mo.summary"
    totals_key = "mo.totals"
    over_key = "mo.over"
    pad_key, pad_final_key, pad_legend_key = "mo.pad", "mo.pad_final", "mo.pad_legend"

    def trump_line(self, view: TableView, deck: Deck, lang: str) -> str:
        """Trump still open (the hand is Obenabe until a player cannot follow), or fixed."""
        if individual_part(view).trump is None:
            return msg("mo.trump_open", lang)
        return super().trump_line(view, deck, lang)

    def seat_lines(self, ev: Any, lang: str, name: Name) -> list[str]:
        """One line per player: points, Weis and Stöck charged, score, total."""
        lines = []
        for s in range(4):
            extra = ev.get("table_weis", [0] * 4)[s] - ev.get("hand_weis", [0] * 4)[s] - ev.get("stoeck", [0] * 4)[s]
            lines.append(msg("mo.line", lang, name=name(s), points=ev["points"][s], extra=f"{extra:+d}",
                             score=ev["penalties"][s], total=ev["totals"][s]))  # fmt: skip
        return lines


PRESENTER = MolotowPresenter()
