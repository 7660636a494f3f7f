"""Games of individuals in Discord (Differenzler, Molotow, and a kind of individuals without a presenter of
its own): a line per seat with its points and total, the ranking, the hand's summary and the score pad.

What a viewer sees of predictions is what the view gives it (``bot/kinds/differenzler/presenter.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.game import TableView
from bot.game.kinds.individual import individual_part
from bot.render.pad import PadPicture
from bot.texts import message as msg
from bot.texts.cards import Deck

from ..emojis import CardEmojis
from ..names import last_trick_line, last_trick_text, played_text, seat_name
from .base import KindPresenter

Name = Callable[[int], str]  # a seat's name as shown


class IndividualPresenter(KindPresenter):
    """Four players each for themselves: the texts ``ind.*``, a kind overrides its own."""

    summary_key = "ind.summary"
    totals_key = "ind.totals"
    over_key = "ind.over"
    pad_key, pad_final_key, pad_legend_key = "ind.pad", "ind.pad_final", "ind.pad_legend"

    def trump_line(self, view: TableView, deck: Deck, lang: str) -> str:
        """``Trumpf: Rose``, or the contract every hand is played as."""
        trump = individual_part(view).trump
        if trump is not None:
            return msg("ind.trump", lang, suit=deck.suit(trump))
        return deck.named(view.contract_name) if view.contract_name else ""

    def extra_lines(self, view: TableView, lang: str, name: Name) -> list[str]:
        """Lines after the trump (Differenzler: the predictions)."""
        return []

    def waiting_line(self, view: TableView, lang: str, name: Name) -> str | None:
        """Who the table waits for in the kind's own phase (Differenzler: the predictions)."""
        return None

    def table_lines(self, view: TableView, lang: str, deck: Deck, mentions: dict[int, str],
                    faces: CardEmojis) -> list[str]:  # fmt: skip
        def name(s: int) -> str:
            return seat_name(view, s, lang, mentions)

        lines = [msg("ind.hand_of", lang, n=view.hand_no, hands=view.rules.individual_hands),
                 self.trump_line(view, deck, lang), *self.extra_lines(view, lang, name)]  # fmt: skip
        seats = range(4)
        if view.phase == "play":
            lines.append(
                f"**{msg('ind.taken', lang)}:** "
                + " · ".join(f"{name(s)} {individual_part(view).taken[s]}" for s in seats)
            )
            trick = played_text(view, view.trick, lang, deck, faces) or "—"
            lines.append(f"**{msg('table.trick', lang, n=len(view.tricks) + 1)}:** {trick}")
        if view.tricks and view.phase == "play":
            last = last_trick_text(view, lang, deck, faces)
            lines.append(f"**{msg('table.last_n', lang, n=len(view.tricks))}:** {last}")
        totals = individual_part(view).seat_totals or (0, 0, 0, 0)
        lines.append(f"**{msg(self.totals_key, lang)}:** " + " · ".join(f"{name(s)} {totals[s]}" for s in seats))
        waiting = self.waiting_line(view, lang, name)
        if view.phase == "game_over":
            lines.append(self.ranking_line(view, lang, name))
        elif waiting is not None:
            lines.append(waiting)
        elif view.turn is not None:
            lines.append(msg("table.turn", lang, name=name(view.turn)))
        return lines

    def ranking_line(self, view: TableView, lang: str, name: Name) -> str:
        """``1. Anna 12 · 2. Beat 30 …`` and the winner (or a tie)."""
        totals = individual_part(view).seat_totals or (0, 0, 0, 0)
        order = sorted(range(4), key=lambda s: (totals[s], s))
        places = " · ".join(f"{i + 1}. {name(s)} {totals[s]}" for i, s in enumerate(order))
        if view.winner is None:
            return msg("ind.over_tie", lang, places=places)
        return msg(self.over_key, lang, winner=name(view.winner), places=places)

    def hand_facts(self, view: TableView, deck: Deck, lang: str) -> list[str]:
        """Trump and the viewer's points so far."""
        facts = [self.trump_line(view, deck, lang)]
        if view.phase == "play":
            facts.append(
                msg("ind.your_points", lang, n=individual_part(view).taken[view.seat if view.seat is not None else 0])
            )
        return facts

    def picture_labels(self, view: TableView, lang: str, deck: Deck, names: Sequence[str], teams: tuple[str, str],
                       title: str) -> tuple[Sequence[str], tuple[str, str], str]:  # fmt: skip
        """Each for themselves: the points each has taken, no teams."""
        return (
            tuple(f"{names[s]} · {individual_part(view).taken[s]}" for s in range(4)),
            ("", ""),
            self.trump_line(view, deck, lang),
        )

    def summary_title(self, view: TableView, ev: Any, deck: Deck, lang: str) -> str:
        return msg(self.summary_key, lang, n=ev["hand"], trump=self.trump_line(view, deck, lang))

    def seat_lines(self, ev: Any, lang: str, name: Name) -> list[str]:
        """One line per player: what the hand wrote, and the total."""
        return [msg("ind.line", lang, name=name(s), points=ev["points"][s], score=ev["penalties"][s],
                    total=ev["totals"][s]) for s in range(4)]  # fmt: skip

    def summary(self, view: TableView, ev: Any, lang: str, deck: Deck, mentions: dict[int, str]) -> discord.Embed:
        embed = discord.Embed(title=self.summary_title(view, ev, deck, lang), colour=0x33691E)
        lines = self.seat_lines(ev, lang, lambda s: seat_name(view, s, lang, mentions))
        if view.tricks:
            lines.append(last_trick_line(view, deck, lang))
        embed.description = "\n".join(lines)
        return embed

    def slate(self, view: TableView, ev: Any, lang: str, deck: Deck) -> PadPicture | None:
        """The score pad after a hand (or at the end of the game)."""
        if ev["type"] == "hand_scored":
            return None

        def name(s: int) -> str:
            return seat_name(view, s, lang)

        if ev["type"] == "seats_scored":
            title, latest, winner = msg(self.pad_key, lang, n=ev["hand"]), len(individual_part(view).pad) - 1, ""
        else:
            title, latest = msg(self.pad_final_key, lang), None
            won = ev.get("winner")
            winner = msg("ind.pad_tie", lang) if won is None else msg("ind.pad_winner", lang, name=name(won))
        totals = tuple(individual_part(view).seat_totals or (0, 0, 0, 0))
        return PadPicture(title=title, players=(name(0), name(1), name(2), name(3)), hands=individual_part(view).pad,
                          totals=(totals[0], totals[1], totals[2], totals[3]), latest=latest, winner=winner,
                          kind=view.kind, legend=msg(self.pad_legend_key, lang))  # fmt: skip


PRESENTER = IndividualPresenter()
