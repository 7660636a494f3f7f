"""What one seat may know of a table (docs/architecture.md §4): never another player's hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.rules import PlayedTrick, RuleSet, Weis, WeisResult

#: The phases of a table (``bot.game.table.Phase`` values).
PhaseName = Literal["lobby", "contract", "play", "hand_over", "game_over", "abandoned"]


@dataclass(frozen=True)
class SeatView:
    name: str
    occupied: bool
    is_computer: bool
    standin: bool


@dataclass(frozen=True)
class TableView:
    """A seat's (or, with ``seat=None``, a spectator's) view of the table."""

    table_id: str
    phase: PhaseName
    seat: int | None
    rules: RuleSet
    seats: tuple[SeatView, ...]
    game_no: int
    hand_no: int
    dealer: int | None
    forehand: int | None
    chooser: int | None  # seat to choose the contract (contract phase)
    geschoben: bool
    may_schieben: bool
    contract: int | None
    declarer: int | None
    turn: int | None  # seat whose action is awaited
    hand: int = 0  # the viewer's cards (mask)
    legal: int = 0  # the viewer's legal cards now (mask; 0 when not its turn)
    greyed_reason: str | None = None  # why the viewer's other cards may not be played now (a rules code)
    trick: tuple[tuple[int, int], ...] = ()  # (seat, card) in play order
    tricks: tuple[PlayedTrick, ...] = ()  # completed tricks of this hand
    weis: dict[int, list[Weis]] = field(default_factory=dict)  # public once trick 1 is over
    weis_result: WeisResult | None = None
    weis_written: int = 0  # what the Weis write for their team, the multiplier applied (docs/rules.md §10.5)
    weis_options: tuple[Weis, ...] = ()  # viewer, manual Weis, before its first card
    stoeck_holder: int | None = None  # public once credited (or the viewer's own)
    can_preshow_stoeck: bool = False
    stoeck_cards: int = 0  # manual Stöck: the viewer's legal cards that would complete its Stöck now
    totals: tuple[int, int] = (0, 0)
    hand_written: tuple[int, int] = (0, 0)  # points credited in this hand so far
    berg: int | None = None
    winner: int | None = None
    schneider: bool = False
    commitment: str | None = None
    cards_played: int = 0  # every card played this hand (mask), public
    counters: dict[str, list[int]] = field(default_factory=dict)
    contracts: tuple[int, ...] = ()  # the contracts the chooser may name now (contract phase)
    may_bedanken: bool = False  # a player may claim the win now (end mode "bedanken")
