"""A game kind's part of the table engine: the hooks the table calls, with defaults (docs/adding-a-game.md).

The table (``bot/game/table.py``) keeps the lobby, the seats, the sequence numbers, apply and replay
and the phase machine; at every point where games differ it asks its kind's :class:`KindEngine`:
what a deal adds, who acts, which decisions a hand takes, what a card played causes beyond the
trick, how a hand and a game end, and the kind's part of a seat's view. A kind keeps its own
state (:class:`KindState`) on the table as ``table.state``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bot.rules import HandPlay, Scoreboard, Weis, forehand_of
from bot.rules.contract_names import Called
from bot.rules.kinds import GameKind

from .. import commands as cmd
from .. import typed
from ..errors import Code, GameError
from ..events import Event, TrickTaken
from ..phases import Phase
from ..tablelike import KindState, KindTable

__all__ = ["KindEngine", "KindState", "Outcome", "Step", "Tally"]


@dataclass(frozen=True)
class Step:
    """What a kind decided that the table takes over (a kind never writes the table's fields):
    its events; a hand that starts (with the contract it is played in, and its own scoreboard if it
    has one), after which the table adds the events the start causes; a contract that changes
    mid-hand (Molotow's trump fixed); a scoreboard that replaces the game's (a game finished early)."""

    events: list[Event] = field(default_factory=list)
    hand: HandPlay | None = None
    called: Called | None = None
    board: Scoreboard | None = None


#: A hook's answer: its events, or a :class:`Step` the table applies.
Outcome = list[Event] | Step
#: A counter of the table's (``games``, ``striche``…) and what to add to each side.
Tally = list[tuple[str, int, int]]

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

    def game_started(self, table: KindTable) -> dict[str, Any]:
        """The kind's fields of a ``game_started`` event being decided (none, by default)."""
        return {}

    def new_board(self, table: KindTable) -> Scoreboard:
        """The scoreboard a game starts with (the table sets it, with a fresh :meth:`new_state`)."""
        return Scoreboard(rules=table.rules)

    def start_game(self, table: KindTable) -> None:  # noqa: B027 (a hook: most kinds need nothing)
        """A game starts: the kind fills its fresh state (nothing, by default)."""

    def first_forehand(self, hands: list[int], dealer: int, table: KindTable) -> int:
        """The first hand's forehand (default: the seat at the dealer's right)."""
        return forehand_of(dealer)

    def next_dealer(self, table: KindTable) -> int:
        """The next hand's dealer (default: the seat at the last dealer's right)."""
        return forehand_of(table.dealer or 0)

    def deal_extras(self, table: KindTable, seed: str) -> dict[str, Any]:
        """The kind's fields of a ``hand_dealt`` event being decided (e.g. a trump drawn; none by default)."""
        return {}

    def dealt(self, table: KindTable, event: typed.HandDealt) -> Outcome:
        """A hand was dealt (the table is in the kind's first phase): the kind's state for it, and a
        :class:`Step` with the hand if play starts at once."""
        return []

    def chooser_now(self, table: KindTable) -> int | None:
        """The seat that names the contract (or shoves) now, if the kind has one."""
        return None

    def tally(self, event: Event) -> Tally:
        """What a derived event adds to the table's counters (the Striche of the Jasstafel; none by default)."""
        return []

    # -- decisions ------------------------------------------------------------------

    def to_act(self, table: KindTable) -> int | None:
        """The seat whose decision the table waits for in the kind's own phases."""
        if table.phase == Phase.CONTRACT:
            return table.chooser
        return None

    def waiting_on(self, table: KindTable) -> tuple[int, ...]:
        """Every seat the table waits for (default: ``to_act``)."""
        return () if table.to_act is None else (table.to_act,)

    def decide(self, table: KindTable, command: cmd.Command) -> list[Event]:
        """The primary events of a decision of the kind's (choosing, Schieben, predicting)."""
        phase = _PHASE_OF.get(type(command))
        if phase is not None:
            table.need_phase(phase)
        raise GameError(Code.NOT_ALLOWED, command=type(command).__name__)

    def evolve(self, table: KindTable, event: typed.Fact) -> Outcome | None:
        """Apply one of the kind's primary events (one class each); ``None``: not one of its events."""
        return None

    def may_schieben(self, table: KindTable) -> bool:
        return False

    # -- play -----------------------------------------------------------------------

    def start_play(self, table: KindTable, seat: int, contract: typed.ContractChosen) -> Step:
        """A contract was chosen: start the hand (a kind that chooses contracts overrides this)."""
        raise ValueError(f"{self.name} chooses no contract")

    def play_card(self, table: KindTable, seat: int, card: int, weis: list[Weis] | None, stoeck: bool) -> Outcome:
        """Play ``card`` in the live hand (the rules' hand plays it); the events it causes before the trick's."""
        table.live_hand.play(seat, card, weis=weis, stoeck=stoeck)
        return []

    def declared_weis(self, hand: HandPlay) -> dict[int, list[Weis]]:
        """Each seat's Weis as it shows them with its first card."""
        return hand.declared

    def stoeck_written(self, table: KindTable, team: int, points: int) -> int | None:
        """What a Stöck credited to ``team`` writes, or ``None`` where it does not count."""
        return points

    def trick_event(self, table: KindTable, event: TrickTaken) -> None:
        """Add the kind's fields to a ``trick`` event (the mode of an extra contract's trick)."""
        if table.called is not None and table.called.schedule is not None:
            event["mode"] = table.called.mode_name(event["trick"] - 1)

    def after_move(self, table: KindTable, board_before: Scoreboard) -> list[Event]:
        """Events after any move of the hand beyond tricks and Stöck (e.g. the Berg)."""
        return []

    @abstractmethod
    def end_hand(self, table: KindTable) -> Outcome:
        """The last trick was taken: score the hand; a ``game_over`` event where the game ends (the
        table then is in phase game over, else hand over)."""

    @abstractmethod
    def game_over(self, table: KindTable) -> list[Event]:
        """The game ends: the ``game_over`` event."""

    # -- views ----------------------------------------------------------------------

    def view_fields(self, table: KindTable, seat: int | None) -> dict[str, Any]:
        """The kind's part of ``seat``'s view (fields of ``TableView``)."""
        return {}

    def totals(self, table: KindTable) -> tuple[int, int]:
        """The game's totals as the view shows them (teams; individuals: see ``seat_totals``)."""
        return table.board.totals if table.board else (0, 0)

    def hand_factor(self, table: KindTable) -> int | None:
        """The hand's multiplier as the view shows it."""
        return table.hand.multiplier if table.hand is not None else None

    def contracts(self, table: KindTable) -> tuple[int, ...]:
        """The plain contracts the chooser may name now."""
        return ()

    def forehand_held(self, table: KindTable) -> int | None:
        """A card the forehand certainly held when dealt (public knowledge), if any."""
        return None
