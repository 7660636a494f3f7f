"""A game kind's part of the terminal game: its decisions asked, its events told (docs/adding-a-game.md).

The terminal (``bot/terminal/__init__.py``) runs the loop, asks for cards and tells what every game
shares (deals, cards, tricks, Weis, Stöck); a kind's :class:`TerminalPart` introduces the players,
asks the kind's own decisions and tells the events it shows its own way. A kind without a part of
its own gets :class:`TerminalPart`: each for themselves, told by the common events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from bot.game import Command, Table, TableView
from bot.rules.kinds import find_kind
from bot.texts.cards import Deck


class Console(Protocol):
    """The terminal game as a kind's part uses it (``bot.terminal.TerminalGame``)."""

    table: Table
    humans: list[int]
    lang: str
    deck: Deck

    def say(self, text: str = "") -> None: ...

    def ask(self, prompt: str) -> str: ...

    def t(self, key: str, **values: object) -> str: ...

    def about(self, key: str, seat: int, **values: object) -> str: ...

    def name(self, seat: int) -> str: ...

    def team(self, team: int) -> str: ...

    def card(self, card: int | str) -> str: ...

    def contract(self, contract: int | str) -> str: ...

    def is_you(self, seat: int) -> bool: ...

    def help(self, answer: str) -> bool: ...

    def hand_text(self, hand: int, legal: int, contract: int | None = None) -> str: ...

    def ask_contract(self, view: TableView, actor: str) -> Command: ...


def pair(values: list[int] | tuple[int, int]) -> str:
    """Two teams' numbers as ``87 : 70``."""
    return f"{values[0]} : {values[1]}"


class TerminalPart:
    """The default part: no partners, no decision but cards, a generic start line and ranking."""

    def introduce(self, term: Console) -> None:
        """Who plays with whom (nobody, by default: each for themselves)."""

    def ask(self, term: Console, view: TableView, actor: str) -> Command:
        """A decision of the kind's own phases (the contract, a prediction). A kind with such a phase
        registers a part of its own (``register_part``); the default part has none to ask."""
        raise ValueError(f"{view.kind} has no terminal part that asks its {view.phase} decision")

    def show(self, term: Console, ev: Mapping[str, Any]) -> bool:
        """Tell ``ev`` the kind's way; ``False``: the terminal tells it the common way."""
        if ev["type"] == "game_started":
            rules = term.table.rules
            kind = find_kind(rules.game).title(term.lang)
            term.say(term.t("kind_started", n=ev["game"], kind=kind, hands=rules.individual_hands))
            return True
        if ev["type"] == "seats_scored":
            parts = ", ".join(f"{term.name(s)} {ev['penalties'][s]:+d} = {ev['totals'][s]}" for s in range(4))
            term.say(term.t("diff_scored", n=ev["hand"], seats=parts))
            return True
        if ev["type"] == "game_over" and "ranking" in ev:
            order = ", ".join(f"{term.name(s)} {ev['totals'][s]}" for s in ev["ranking"])
            term.say("\n" + term.t("diff_over", order=order))
            return True
        return False
