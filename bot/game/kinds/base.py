"""A game kind's part of the table engine: the hooks the table calls, with defaults (docs/adding-a-game.md).

The table (``bot/game/table.py``) keeps the lobby, the seats, the sequence numbers, apply and replay
and the phase machine; at every point where games differ it asks its kind's :class:`KindEngine`:
what a deal adds, who acts, which decisions a hand takes, what a card played causes beyond the
trick, how a hand and a game end, and the kind's part of a seat's view. A kind keeps its own
state (:class:`KindState`) on the table as ``table.state``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from bot.rules import HandPlay, Scoreboard, Weis, forehand_of
from bot.rules.kinds import GameKind

from .. import commands as cmd
from .. import typed
from ..errors import Code, GameError
from ..events import Event, GameStarted, HandDealt, TrickTaken
from ..phases import Phase
from ..tablelike import KindState, TableLike

__all__ = ["KindEngine", "KindState"]

#: The phase each decision of a hand belongs to: a command in another phase is refused as such.
_PHASE_OF: dict[type[cmd.Command], Phase] = {
    cmd.ChooseContract: Phase.CONTRACT,
    cmd.Schieben: Phase.CONTRACT,
    cmd.Predict: Phase.PREDICT,
}


class KindEngine(ABC):
    """The engine part of a game kind. Subclasses override the hooks their game needs."""

    kind: ClassVar[GameKind]
    state_type: ClassVar[type[KindState]] = KindState

    @property
    def name(self) -> str:
        return self.kind.name

    def new_state(self) -> KindState:
        return self.state_type()

    # -- a game and a deal ---------------------------------------------------------

    def game_started(self, table: TableLike, event: GameStarted) -> None:
        """Add the kind's fields to a ``game_started`` event being decided (none, by default)."""
        return None

    def start_game(self, table: TableLike) -> None:
        """A game starts: fresh scoreboard and kind state."""
        table.board = Scoreboard(rules=table.rules)
        table.state = self.new_state()

    def first_forehand(self, hands: list[int], dealer: int, table: TableLike) -> int:
        """The first hand's forehand (default: the seat at the dealer's right)."""
        return forehand_of(dealer)

    def next_dealer(self, table: TableLike) -> int:
        """The next hand's dealer (default: the seat at the last dealer's right)."""
        return forehand_of(table.dealer or 0)

    def deal_extras(self, table: TableLike, seed: str, event: HandDealt) -> None:
        """Add the kind's fields to a ``hand_dealt`` event being decided (e.g. a trump drawn; none by default)."""
        return None

    def dealt(self, table: TableLike, event: typed.HandDealt) -> list[Event]:
        """A hand was dealt: set the phase (and start play if the kind has no decision first)."""
        table.chooser = table.forehand
        table.phase = Phase.CONTRACT
        return []

    # -- decisions ------------------------------------------------------------------

    def to_act(self, table: TableLike) -> int | None:
        """The seat whose decision the table waits for in the kind's own phases."""
        if table.phase == Phase.CONTRACT:
            return table.chooser
        return None

    def waiting_on(self, table: TableLike) -> tuple[int, ...]:
        """Every seat the table waits for (default: ``to_act``)."""
        return () if table.to_act is None else (table.to_act,)

    def decide(self, table: TableLike, command: cmd.Command) -> list[Event]:
        """The primary events of a decision of the kind's (choosing, Schieben, predicting)."""
        phase = _PHASE_OF.get(type(command))
        if phase is not None:
            table.need_phase(phase)
        raise GameError(Code.NOT_ALLOWED, command=type(command).__name__)

    def evolve(self, table: TableLike, event: typed.Fact) -> list[Event] | None:
        """Apply one of the kind's primary events (one class each); ``None``: not one of its events."""
        return None

    def may_schieben(self, table: TableLike) -> bool:
        return False

    # -- play -----------------------------------------------------------------------

    def start_play(self, table: TableLike, seat: int, contract: typed.ContractChosen) -> list[Event]:
        """A contract was chosen: start the hand (a kind that chooses contracts overrides this)."""
        raise ValueError(f"{self.name} chooses no contract")

    def play_card(self, table: TableLike, seat: int, card: int, weis: list[Weis] | None, stoeck: bool) -> list[Event]:
        """Play ``card`` in the live hand; return the events it causes before the trick's."""
        table.live_hand.play(seat, card, weis=weis, stoeck=stoeck)
        return []

    def declared_weis(self, hand: HandPlay) -> dict[int, list[Weis]]:
        """Each seat's Weis as it shows them with its first card."""
        return hand.declared

    def stoeck_written(self, table: TableLike, team: int, points: int) -> int | None:
        """What a Stöck credited to ``team`` writes, or ``None`` where it does not count."""
        return points

    def trick_event(self, table: TableLike, event: TrickTaken) -> None:
        """Add the kind's fields to a ``trick`` event (the mode of an extra contract's trick)."""
        if table.called is not None and table.called.schedule is not None:
            event["mode"] = table.called.mode_name(event["trick"] - 1)

    def after_move(self, table: TableLike, board_before: Scoreboard) -> list[Event]:
        """Events after any move of the hand beyond tricks and Stöck (e.g. the Berg)."""
        return []

    @abstractmethod
    def end_hand(self, table: TableLike) -> list[Event]:
        """The last trick was taken: score the hand; end the game where it ends."""

    @abstractmethod
    def game_over(self, table: TableLike) -> list[Event]:
        """The game ends: the ``game_over`` event (and the kind's tallies)."""

    # -- views ----------------------------------------------------------------------

    def view_fields(self, table: TableLike, seat: int | None) -> dict[str, Any]:
        """The kind's part of ``seat``'s view (fields of ``TableView``)."""
        return {}

    def totals(self, table: TableLike) -> tuple[int, int]:
        """The game's totals as the view shows them (teams; individuals: see ``seat_totals``)."""
        return table.board.totals if table.board else (0, 0)

    def hand_factor(self, table: TableLike) -> int | None:
        """The hand's multiplier as the view shows it."""
        return table.hand.multiplier if table.hand is not None else None

    def contracts(self, table: TableLike) -> tuple[int, ...]:
        """The plain contracts the chooser may name now."""
        return ()

    def forehand_held(self, table: TableLike) -> int | None:
        """A card the forehand certainly held when dealt (public knowledge), if any."""
        return None
