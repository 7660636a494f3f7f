"""The engine part shared by games of four individuals (Differenzler, Molotow, and any kind built on it).

Each seat scores for itself: a score pad per hand, a running total per seat, and after the last hand
of the game the lowest total wins (a tie: no winner). A kind built on it says what a hand writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot.rules import Contract, HandPlay, Scoreboard
from bot.rules.contract_names import called
from bot.rules.individual import ranking, results

from ..events import Event, SeatsScored
from ..tablelike import KindTable
from ..view import KindView, TableView
from .base import KindEngine, KindState, Step

#: One line of a score pad: per seat (first figure, second figure, what the hand wrote).
PadLine = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class IndividualView(KindView):
    """What everyone sees of a game of individuals: each seat's card points this hand, the totals,
    this hand's trump (once known), the score pad; predictions as the viewer may see them (none,
    in a kind without predictions) and who has predicted."""

    taken: tuple[int, ...] = (0, 0, 0, 0)
    seat_totals: tuple[int, ...] = (0, 0, 0, 0)
    trump: int | None = None
    pad: tuple[PadLine, ...] = ()
    predictions: tuple[int | None, ...] = (None, None, None, None)
    predicted: tuple[bool, ...] = (False, False, False, False)


def individual_part(view: TableView) -> IndividualView:
    """The part of a game of individuals of ``view`` (``TypeError`` for another kind's view)."""
    if not isinstance(view.part, IndividualView):
        raise TypeError(f"a view of {view.kind} has no part of a game of individuals")
    return view.part


def with_part(view: TableView, **changes: Any) -> TableView:
    """``view`` with fields of its part of a game of individuals changed (a simulated seat's view)."""
    return replace(view, part=replace(individual_part(view), **changes))


@dataclass
class IndividualState(KindState):
    """Each seat's total, the game's score pad and this hand's trump (once known)."""

    seat_totals: list[int] = field(default_factory=lambda: [0] * 4)
    pad: list[PadLine] = field(default_factory=list)
    trump: int | None = None


class IndividualEngine(KindEngine):
    """Four players each for themselves; the game lasts the kind's number of hands."""

    state_type = IndividualState

    def state_of(self, table: KindTable) -> IndividualState:
        assert isinstance(table.state, IndividualState)
        return table.state

    def play_at_once(self, table: KindTable, name: str, contract: Contract) -> Step:
        """A hand of ``contract`` (``name``: as the history names it) led by forehand at once, on a
        scoreboard of its own, without Stöck: what a kind with no decision before the cards deals."""
        rules = table.rules.one_hand(stoeck=False)
        board = Scoreboard(rules=rules)
        hand = HandPlay(list(table.start_hands), int(contract), table.forehand or 0, rules, board, factor=1)
        return Step(hand=hand, called=called(name), board=board)

    def write_points(self, table: KindTable, taken: list[int], trump: str) -> list[Event]:
        """Each seat writes the card points it took (``taken``) as they are: the hand's events."""
        scored: SeatsScored = {"type": "seats_scored", "hand": table.hand_no, "trump": trump, "points": taken,
                               "penalties": taken, "totals": [], "derived": True}  # fmt: skip
        return self.write(table, taken, tuple((taken[s], 0, taken[s]) for s in range(4)), scored)

    def write(self, table: KindTable, written: list[int], line: PadLine, scored: SeatsScored) -> list[Event]:
        """Add a hand's ``written`` scores and pad line; the hand's events and, after the last hand, game over."""
        state = self.state_of(table)
        for seat in range(4):
            state.seat_totals[seat] += written[seat]
        state.pad.append(line)
        scored["totals"] = list(state.seat_totals)
        return [scored, *table.reveal_seed(), *self.game_over(table)]

    def game_over(self, table: KindTable) -> list[Event]:
        """After the last hand of a game: the lowest total wins (a tie: no winner)."""
        state = self.state_of(table)
        if table.hand_no < table.rules.individual_hands:
            return []
        order = ranking(state.seat_totals)
        best = state.seat_totals[order[0]]
        winner = order[0] if sum(t == best for t in state.seat_totals) == 1 else None
        return [{"type": "game_over", "game": table.game_no, "winner": winner, "totals": list(state.seat_totals),
                 "berg": None, "schneider": False, "ranking": order, "derived": True}]  # fmt: skip

    def view_fields(self, table: KindTable, seat: int | None) -> dict[str, Any]:
        state = self.state_of(table)
        taken = tuple(results(table.hand.tricks)) if table.hand is not None else (0, 0, 0, 0)
        return {"part": IndividualView(taken, tuple(state.seat_totals), state.trump, tuple(state.pad))}
