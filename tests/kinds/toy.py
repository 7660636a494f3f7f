"""A toy game kind defined only under tests/ (issue 53, item 7): four players each for themselves,
Obenabe in every hand, two hands a game; each seat writes the card points it took, and the lowest
total wins. docs/adding-a-game.md walks through it, file by file."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.ai.player import play_command
from bot.game import Command, Phase, TableView
from bot.game.kinds import IndividualEngine
from bot.rules import Contract, HandPlay, Scoreboard
from bot.rules.cards import cards_of
from bot.rules.contract_names import called
from bot.rules.differenzler import results
from bot.rules.kinds import GameKind

TOY = GameKind(
    "toy", individual=True, phases=("play", "hand_over", "game_over"), result="penalty",
    keys={"game": "toy", "hands_per_game": 2}, commands=("PlayCard",), default_hands=2,
    chooses_contract=False, first_forehand_rule=False,
)  # fmt: skip


class ToyEngine(IndividualEngine):
    """The engine part: every hand is Obenabe, led by forehand at once; card points are bad."""

    kind = TOY

    def dealt(self, table: Any, event: Mapping[str, Any]) -> list[Any]:
        table.chooser = None
        rules = table.rules.one_hand(stoeck=False)
        table.board = board = Scoreboard(rules=rules)
        table.phase = Phase.PLAY
        table.called = called("obenabe")
        table.hand = HandPlay(list(table.start_hands), int(Contract.OBENABE), table.forehand, rules, board, factor=1)
        return table.after(board, 0)

    def end_hand(self, table: Any) -> list[Any]:
        taken = results(table.live_hand.tricks)  # each seat's card points (the last trick's 5 included)
        scored = {"type": "seats_scored", "hand": table.hand_no, "trump": "obenabe", "points": taken,
                  "penalties": taken, "totals": [], "derived": True}  # fmt: skip
        return self.write(table, taken, tuple((taken[s], 0, taken[s]) for s in range(4)), scored)  # type: ignore[arg-type]


class LowCardPlayer:
    """The toy's computer player: always the lowest legal card (Obenabe: the Six first)."""

    def __init__(self, rng: random.Random, level: str) -> None:
        self.rng, self.level = rng, level

    def decide(self, view: TableView, actor: str) -> Command:
        legal = cards_of(view.legal)
        return play_command(view, actor, min(legal, key=lambda c: (c % 9, c)))


def make_player(level: str, rng: random.Random, budget: float | None = None, **options: Any) -> LowCardPlayer:
    return LowCardPlayer(rng, level)
