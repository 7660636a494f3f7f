"""The toy's engine part: every hand is Obenabe, led by forehand at once; card points are bad."""

from __future__ import annotations

from bot.game import typed
from bot.game.events import Event
from bot.game.kinds import IndividualEngine
from bot.game.kinds.base import Step
from bot.game.tablelike import KindTable
from bot.rules import Contract
from bot.rules.individual import results

from . import KIND


class ToyEngine(IndividualEngine):
    kind = KIND

    def dealt(self, table: KindTable, event: typed.HandDealt) -> Step:
        return self.play_at_once(table, "obenabe", Contract.OBENABE)

    def end_hand(self, table: KindTable) -> list[Event]:
        taken = results(table.live_hand.tricks)  # each seat's card points (the last trick's 5 included)
        return self.write_points(table, taken, trump="obenabe")


ENGINE = ToyEngine()
