"""What one seat may know of a table (docs/architecture.md §4): never another player's hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.rules import PlayedTrick, RuleSet, Weis, WeisResult

#: The phases of a table (``bot.game.table.Phase`` values).
PhaseName = Literal["lobby", "predict", "contract", "play", "hand_over", "game_over", "abandoned"]


@dataclass(frozen=True)
class SeatView:
    name: str
    occupied: bool
    is_computer: bool
    standin: bool


@dataclass(frozen=True)
class TafelView:
    """Coiffeur's Tafel as everyone sees it: rows (contract, factor), what each team wrote."""

    rows: tuple[tuple[str, int], ...]
    written: tuple[tuple[int | None, ...], ...]  # per team, per row: the value, None while open
    played_as: tuple[tuple[str | None, ...], ...]  # per team, per row: the contract played

    def open_rows(self, team: int) -> list[int]:
        return [i for i, v in enumerate(self.written[team]) if v is None]

    def totals(self) -> tuple[int, int]:
        return (sum(v or 0 for v in self.written[0]), sum(v or 0 for v in self.written[1]))


@dataclass(frozen=True)
class KindView:
    """A game kind's own part of a view: each kind's engine part gives its subclass (a tagged
    union, tagged by ``TableView.kind``); a kind with nothing of its own gives this."""


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
    chooser: int | None = None  # seat to choose the contract (contract phase)
    geschoben: bool = False
    may_schieben: bool = False
    contract: int | None = None  # the contract in play (an extra contract: the mode of the trick under way)
    declarer: int | None = None
    turn: int | None = None  # seat whose action is awaited
    hand: int = 0  # the viewer's cards (mask)
    legal: int = 0  # the viewer's legal cards now (mask; 0 when not its turn)
    greyed_reason: str | None = None  # why the viewer's other cards may not be played now (a rules code)
    trick: tuple[tuple[int, int], ...] = ()  # (seat, card) in play order
    forehand_held: int | None = None  # a card the forehand certainly held when dealt (the first hand's Rose 7)
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
    part: KindView = field(default_factory=lambda: KindView())  # the kind's own part (bot/game/kinds)
    may_bedanken: bool = False  # a player may claim the win now (end mode "bedanken")
    extras: tuple[str, ...] = ()  # the extra contracts the chooser may name now (names; contract phase)
    kind: str = "schieber"  # the game kind (its name): tags ``part``
    contract_name: str | None = None  # the contract in play by name (bot.rules.contract_names)
    factor: int | None = None  # the hand's multiplier (Coiffeur: 1; the row's factor is ``tafel``'s)
    rated: bool = True  # false: a friendly table
    hints: bool = False  # the viewer may ask for a hint on its turn (friendly tables that allow them)
