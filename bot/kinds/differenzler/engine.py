"""Differenzler's part of the table engine: a trump drawn with the deal, four predictions, the penalty.

RULES-VARIANTS §4: the trump is shown before anyone predicts; predictions are made forehand first
(hidden ones at the same time); the hand is played with that trump; each seat's penalty is the
difference between its prediction and its card points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.game import commands as cmd
from bot.game import typed
from bot.game.errors import Code, GameError
from bot.game.events import Event, SeatsScored
from bot.game.kinds.base import Step
from bot.game.kinds.individual import IndividualEngine, IndividualState, IndividualView
from bot.game.phases import Phase
from bot.game.tablelike import KindTable
from bot.game.view import TableView
from bot.kinds.differenzler.rules import penalty, prediction_order, random_trump, with_stoeck, zero_tricks
from bot.rules import Card, Contract, HandPlay, Scoreboard, shuffle_deck
from bot.rules.contract_names import called
from bot.rules.individual import TOTAL as TOTAL_POINTS
from bot.rules.individual import results

from . import KIND as DIFFERENZLER


@dataclass(frozen=True)
class DifferenzlerView(IndividualView):
    """A game of individuals' view, with the card turned up for trump (when it was)."""

    bottom_card: int | None = None


def differenzler_part(view: TableView) -> DifferenzlerView:
    """Differenzler's part of ``view`` (``TypeError`` for another kind's view)."""
    if not isinstance(view.part, DifferenzlerView):
        raise TypeError(f"a view of {view.kind} has no Differenzler part")
    return view.part


@dataclass
class DifferenzlerState(IndividualState):
    """This hand's predictions and the bottom card its trump was turned from."""

    predictions: list[int | None] = field(default_factory=lambda: [None] * 4)
    bottom_card: int | None = None


class DifferenzlerEngine(IndividualEngine):
    kind = DIFFERENZLER
    state_type = DifferenzlerState

    def state_of(self, table: KindTable) -> DifferenzlerState:
        assert isinstance(table.state, DifferenzlerState)
        return table.state

    @staticmethod
    def order(table: KindTable) -> list[int]:
        """Forehand first, anticlockwise, the dealer last (V27)."""
        return prediction_order(table.dealer if table.dealer is not None else 3)

    def deal_extras(self, table: KindTable, seed: str) -> dict[str, Any]:
        if table.rules.differenzler_trump == "bottom_card":
            card = shuffle_deck(seed)[-1]  # the dealer's last card, turned up
            return {"bottom_card": str(Card.from_index(card)), "trump": card // 9}
        return {"trump": random_trump(seed)}

    def dealt(self, table: KindTable, event: typed.HandDealt) -> list[Event]:
        state = self.state_of(table)
        state.trump = event.trump if event.trump is not None else 0
        state.bottom_card = Card.parse(event.bottom_card).index if event.bottom_card else None
        state.predictions = [None] * 4
        return []

    def to_act(self, table: KindTable) -> int | None:
        """Hidden predictions: the first in order who has not predicted (the others may predict at once)."""
        if table.phase == Phase.PREDICT:
            predictions = self.state_of(table).predictions
            return next((s for s in self.order(table) if predictions[s] is None), None)
        return None

    def waiting_on(self, table: KindTable) -> tuple[int, ...]:
        if table.phase == Phase.PREDICT and table.rules.differenzler_predictions == "hidden":
            predictions = self.state_of(table).predictions
            return tuple(s for s in self.order(table) if predictions[s] is None)
        return super().waiting_on(table)

    def decide(self, table: KindTable, command: cmd.Command) -> list[Event]:
        if not isinstance(command, cmd.Predict):
            return super().decide(table, command)
        table.need_phase(Phase.PREDICT)
        seat, back = table.acting_seat(command.actor)
        if self.state_of(table).predictions[seat] is not None:
            raise GameError(Code.ALREADY_PREDICTED)
        if table.rules.differenzler_predictions == "open" and seat != table.to_act:
            raise GameError(Code.NOT_YOUR_TURN, turn=table.to_act)
        points = command.points
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= TOTAL_POINTS:
            raise GameError(Code.BAD_PREDICTION, points=points)
        return [*back, typed.Prediction(seat, points).stored()]

    def evolve(self, table: KindTable, event: typed.Fact) -> list[Event] | Step | None:
        if not isinstance(event, typed.Prediction):
            return None
        predictions = self.state_of(table).predictions
        predictions[event.seat] = event.points
        return self.start_hand(table) if all(p is not None for p in predictions) else []

    def start_hand(self, table: KindTable) -> Step:
        """All four have predicted: forehand leads; trump as drawn; undertrumping as the rules say
        (the preset allows it when void); no Weis; Stöck only to be counted by their option."""
        rules = table.rules.one_hand(stoeck=table.rules.differenzler_stoeck != "off")
        board = Scoreboard(rules=rules)
        state = self.state_of(table)
        trump = state.trump if state.trump is not None else 0
        hand = HandPlay(list(table.start_hands), trump, table.forehand or 0, rules, board, factor=1)
        return Step(hand=hand, called=called(str(Contract(trump))), board=board)

    def end_hand(self, table: KindTable) -> list[Event]:
        hand, state, rules = table.live_hand, self.state_of(table), table.rules
        taken = results(hand.tricks)
        zero = zero_tricks(hand.tricks)
        predicted = [p if p is not None else 0 for p in state.predictions]
        penalties = []
        for seat in range(4):
            result = taken[seat]
            if seat == hand.stoeck_holder and hand.stoeck_done:
                result = with_stoeck(predicted[seat], result, rules.differenzler_stoeck)
            penalties.append(penalty(predicted[seat], result, zero_bonus=rules.differenzler_zero_bonus,
                                     won_zero_trick=zero[seat]))  # fmt: skip
        scored: SeatsScored = {
            "type": "seats_scored",
            "hand": table.hand_no,
            "trump": str(Contract(hand.contract)),
            "points": taken,
            "predictions": predicted,
            "penalties": penalties,
            "totals": [],
            "derived": True,
        }
        return self.write(table, penalties, tuple((predicted[s], taken[s], penalties[s]) for s in range(4)), scored)

    def view_fields(self, table: KindTable, seat: int | None) -> dict[str, Any]:
        """The predictions ``seat`` may see (hidden ones: its own until the hand is over)."""
        state = self.state_of(table)
        hidden = table.rules.differenzler_predictions == "hidden" and table.phase in (Phase.PREDICT, Phase.PLAY)
        shown = tuple(p if not hidden or s == seat else None for s, p in enumerate(state.predictions))
        predicted = tuple(p is not None for p in state.predictions)
        common = super().view_fields(table, seat)["part"]
        part = DifferenzlerView(common.taken, common.seat_totals, common.trump, common.pad, shown, predicted,
                                state.bottom_card)  # fmt: skip
        return {"part": part}


ENGINE = DifferenzlerEngine()
