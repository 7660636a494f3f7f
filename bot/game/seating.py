"""The lobby's decisions: taking and leaving seats, computer players, starting a game."""

from __future__ import annotations

from . import commands as cmd
from . import typed
from .errors import Code, GameError
from .events import Event
from .kinds import engine_for
from .phases import Phase
from .tablelike import TableLike

#: Computer player levels (bot/ai implements them): beginner and club play by rules, strong searches.
COMPUTER_LEVELS = ("club", "beginner", "strong", "random")


def _in_lobby(table: TableLike, c: cmd.Command, host_or_seated: bool = False) -> None:
    table.need_phase(Phase.LOBBY, Phase.GAME_OVER)
    if host_or_seated and not (table.is_host(c) or table.seat_of(c.actor) is not None):
        raise GameError(Code.NOT_HOST)


def free_seat(table: TableLike, wanted: int | None) -> int:
    """``wanted`` if it is free, or the first free seat (``None``)."""
    if wanted is None:
        for i, seat in enumerate(table.seats):
            if not seat.occupied:
                return i
        raise GameError(Code.TABLE_FULL)
    if not isinstance(wanted, int) or not 0 <= wanted < 4:
        raise GameError(Code.NO_SUCH_SEAT, seat=wanted)
    if table.seats[wanted].occupied:
        raise GameError(Code.SEAT_TAKEN, seat=wanted)
    return wanted


def _check_level(level: str) -> None:
    if level not in COMPUTER_LEVELS:
        raise GameError(Code.UNKNOWN_LEVEL, level=level, allowed=list(COMPUTER_LEVELS))


def computer_event(seat: int, level: str) -> Event:
    return typed.ComputerAdded(seat, level, f"Computer {seat + 1}").stored()


def join(table: TableLike, c: cmd.JoinSeat) -> list[Event]:
    _in_lobby(table, c)
    if not c.actor.startswith("u:"):
        raise GameError(Code.NOT_ALLOWED, actor=c.actor)
    if table.seat_of(c.actor) is not None:
        raise GameError(Code.ALREADY_SEATED, seat=table.seat_of(c.actor))
    seat = free_seat(table, c.seat)
    return [typed.SeatTaken(seat, c.actor, c.name[:32]).stored()]


def leave(table: TableLike, c: cmd.LeaveSeat) -> list[Event]:
    _in_lobby(table, c)
    seat = table.seat_of(c.actor)
    if seat is None:
        raise GameError(Code.NOT_SEATED)
    return [typed.SeatLeft(seat).stored()]


def add_computer(table: TableLike, c: cmd.AddComputer) -> list[Event]:
    _in_lobby(table, c, host_or_seated=True)
    _check_level(c.level)
    return [computer_event(free_seat(table, c.seat), c.level)]


def remove_computer(table: TableLike, c: cmd.RemoveComputer) -> list[Event]:
    _in_lobby(table, c, host_or_seated=True)
    if not isinstance(c.seat, int) or not 0 <= c.seat < 4:
        raise GameError(Code.NO_SUCH_SEAT, seat=c.seat)
    if not table.seats[c.seat].is_computer:
        raise GameError(Code.NOT_A_COMPUTER, seat=c.seat)
    return [typed.ComputerRemoved(c.seat).stored()]


def start_game(table: TableLike, c: cmd.StartGame) -> list[Event]:
    """Computer players for the empty seats (if asked), the game's start and its first deal."""
    _in_lobby(table, c)
    if not table.is_host(c):
        raise GameError(Code.NOT_HOST)
    if not c.seed:
        raise GameError(Code.NOT_ALLOWED, missing="seed")
    empty = [i for i, s in enumerate(table.seats) if not s.occupied]
    if empty and not c.fill_computers:
        raise GameError(Code.SEATS_EMPTY, seats=empty)
    _check_level(c.level)
    events: list[Event] = [computer_event(i, c.level) for i in empty]
    extra = engine_for(table.rules.game).game_started(table)
    started = typed.GameStarted(table.game_no + 1, table.rules.game, fixed_deals=c.fixed_deals or None, **extra)
    events.append(started.stored())
    events.append(table.deal_event(f"{c.fixed_deals}:1" if c.fixed_deals else c.seed, first=True))
    return events
