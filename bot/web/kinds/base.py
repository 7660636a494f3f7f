"""A game kind's part of the web pages: the score of a replay step (Jasstafel, Tafel, pad) as a
small table. A kind without a part of its own gets :class:`WebPart`: each seat's running total."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.game import Command, TableView
from bot.game.clicks import action_command, offered_actions
from bot.texts.cards import Deck

Text = Callable[..., str]  # a page text by key, with values


@dataclass(frozen=True)
class Board:
    """A score table: a caption, the column heads, and rows of cells (the first cell names the row)."""

    caption: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Choice:
    """A decision offered at the live table: a button (``low``/``high`` None) or a number between them."""

    id: str
    label: str
    low: int | None = None
    high: int | None = None


def names(view: TableView) -> list[str]:
    """The seats' names, each in Unicode's isolate (FSI … PDI): a right-to-left name or an override in
    one turns round nothing beside it, in a team's name or a table cell."""
    return [f"\u2068{s.name}\u2069" for s in view.seats]


class WebPart:
    """The default part: each for themselves, the totals of the seats."""

    def board(self, view: TableView, t: Text) -> Board:
        rows = tuple((n, str(view.totals[i] if i < len(view.totals) else 0)) for i, n in enumerate(names(view)))
        return Board(t("score"), (t("name"), t("total")), rows)

    def choices(self, view: TableView, deck: Deck, t: Text) -> list[Choice]:
        """The decisions the seat's view offers now besides its cards: the hand's actions (Schieben,
        Stöck shown early, Bedanken) and, at a friendly table that allows them, the tip."""
        out = [Choice(action, t(f"act.{action}")) for action in offered_actions(view)]
        if view.hints and view.phase == "play" and view.turn is not None and view.turn == view.seat:
            out.append(Choice("hint", t("act.hint")))
        return out

    def command(self, view: TableView, actor: str, choice: str) -> Command | None:
        """The command a choice names (None: no such choice); the table refuses one that does not fit now."""
        return action_command(actor, choice)
