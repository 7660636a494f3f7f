"""The table engine: a pure, event-sourced state machine from lobby to game over."""

from .commands import (
    SYSTEM,
    Abandon,
    AddComputer,
    AnnounceStoeck,
    Bedanken,
    ChooseContract,
    Command,
    JoinSeat,
    LeaveSeat,
    NextHand,
    PlayCard,
    Predict,
    RemoveComputer,
    Schieben,
    StandIn,
    StartGame,
    UseHint,
)
from .errors import GameError
from .phases import Phase
from .seating import COMPUTER_LEVELS
from .snapshot import SeatState, TableSnapshot
from .table import Seat, Table, commitment_of
from .view import SeatView, TableView

__all__ = [
    "COMPUTER_LEVELS",
    "SYSTEM",
    "Abandon",
    "AddComputer",
    "AnnounceStoeck",
    "Bedanken",
    "ChooseContract",
    "Command",
    "GameError",
    "JoinSeat",
    "LeaveSeat",
    "NextHand",
    "Phase",
    "PlayCard",
    "Predict",
    "RemoveComputer",
    "Schieben",
    "Seat",
    "SeatState",
    "SeatView",
    "StandIn",
    "StartGame",
    "Table",
    "TableSnapshot",
    "TableView",
    "UseHint",
    "commitment_of",
]
