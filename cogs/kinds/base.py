"""A game kind's part of the Discord presentation: what the presenter asks the kind (docs/adding-a-game.md).

The presenter (``cogs/presenter.py``) builds the table message, the private hand and the hand
summaries; wherever games differ it asks the kind's :class:`KindPresenter`: the table's title and
lines, the contract label, the hand's facts and decision buttons, the picture labels, a hand's
summary and the picture posted with it. No game logic and no state: functions of a ``TableView``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import discord

from bot.game import TableSnapshot, TableView
from bot.render.pool import Picture
from bot.rules.kinds import find_kind
from bot.stats.ratings import Rating
from bot.stats.records import PersonStats
from bot.texts import MESSAGES
from bot.texts import message as msg
from bot.texts.cards import Deck

from ..emojis import CardEmojis

#: A picture posted with a hand's summary: the Jasstafel, the Tafel or the score pad.
Slate = Picture  # the Jasstafel, the score pad, or a kind's own picture
Choice = tuple[str, str]  # (label, action) of a decision button


class KindPresenter(ABC):
    """Defaults every kind shares; a kind overrides what it shows its own way."""

    def title(self, table: TableSnapshot, name: str, lang: str) -> str:
        """``Annas Tisch · Molotow, 8 Runden``: the game's own title text (``table.<kind>``), or the generic one."""
        rules = table.rules
        kind = find_kind(rules.game)
        facts = {"hands": rules.individual_hands}
        own = f"table.{kind.name}"
        if own in MESSAGES:
            return f"{name} · {msg(own, lang, **facts)}"
        return f"{name} · {msg('table.kind', lang, kind=kind.title(lang), **facts)}"

    def stats_field(self, kind: str, played: PersonStats, rating: Rating | None, lang: str) -> tuple[str, str] | None:
        """``/jass stats``: the field of this game's own leaderboard, (name, value); None: nothing to show.
        The default: the rating (if any), games and wins, under the game's name."""
        if not played.games and rating is None:
            return None
        games = msg("st.games_value", lang, games=played.games, wins=played.wins, rate=played.win_rate,
                    draws=played.draws)  # fmt: skip
        value = f"**{rating.shown}** ± {rating.spread} · {games}" if rating is not None else games
        return find_kind(kind).title(lang), value

    @abstractmethod
    def table_lines(self, view: TableView, lang: str, deck: Deck, mentions: dict[int, str],
                    faces: CardEmojis) -> list[str]:  # fmt: skip
        """The table embed's lines after the lobby."""

    def contract_label(self, view: TableView, deck: Deck, lang: str) -> str:
        """The contract in play with its factor: ``Rose ×1``, ``Slalom Obenabe ×4``."""
        name = deck.named(view.contract_name) if view.contract_name else deck.contract(view.contract or 0)
        factor = view.factor if view.factor is not None else view.rules.multiplier(view.contract or 0)
        return f"{name} ×{factor}"

    def hand_facts(self, view: TableView, deck: Deck, lang: str) -> list[str]:
        """The private hand's first facts (the contract, or trump and one's own points)."""
        return [self.contract_label(view, deck, lang)] if view.contract is not None else []

    def choose_key(self, view: TableView) -> str:
        """The text asking the viewer for its contract decision."""
        return "hand.choose_or_shove" if view.may_schieben else "hand.choose"

    def decision(self, view: TableView, lang: str, deck: Deck, faces: CardEmojis,
                 picking: str) -> tuple[str, list[discord.ui.Button[discord.ui.View]]] | None:  # fmt: skip
        """A private message of the kind's own for a decision that is not a card (a prediction), or ``None``."""
        return None

    def contract_choices(self, view: TableView, deck: Deck, lang: str, picking: str = "") -> list[Choice]:
        """(label, action) of the contract buttons (none, for a kind that names no contract)."""
        return []

    def picked_contract(self, view: TableView, action: str) -> tuple[str, int | None] | None:
        """The contract (and row) a contract button names, if the table offers it to the viewer now."""
        return None

    def closed_row(self, view: TableView, pick: str) -> int | None:
        """A row a forged button names that exists but is not open to the viewer (the table says why)."""
        return None

    def picture_labels(self, view: TableView, lang: str, deck: Deck, names: Sequence[str], teams: tuple[str, str],
                       title: str) -> tuple[Sequence[str], tuple[str, str], str]:  # fmt: skip
        """The table picture's seat names, team labels and title."""
        return names, teams, title

    @abstractmethod
    def summary(self, view: TableView, ev: Any, lang: str, deck: Deck, mentions: dict[int, str]) -> discord.Embed:
        """The message posted when a hand is scored."""

    def slate(self, view: TableView, ev: Any, lang: str, deck: Deck) -> Slate | None:
        """The picture posted with a hand's summary and at the game's end, if the kind has one."""
        return None

    def opens_pick(self, pick: str) -> bool:
        """Whether ``pick``, from a button of the kind's decision message, opens a step of choices
        the kind has (Differenzler: a range of predictions); a forged one opens nothing."""
        return False

    def replay_score(self, view: TableView, lang: str) -> str | None:
        """The score line of a replay step, if the kind shows one."""
        return None
