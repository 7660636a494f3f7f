"""The toy's engine part: every hand is Obenabe, led by forehand at once; card points are bad."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.game import Phase
from bot.game.kinds import IndividualEngine
from bot.rules import Contract, HandPlay, Scoreboard
from bot.rules.contract_names import called
from bot.rules.individual import results

from . import KIND


class ToyEngine(IndividualEngine):
    """The engine part: every hand is Obenabe, led by forehand at once; card points are bad."""

    kind = KIND

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


ENGINE = ToyEngine()
