"""The decisions of a hand every game shares besides cards: Stöck shown early, Bedanken, a hint,
a stand-in for an absent person, the table abandoned."""

from __future__ import annotations

from . import commands as cmd
from . import typed
from .errors import Code, GameError
from .events import Event
from .phases import Phase
from .tablelike import TableLike


def announce_stoeck(table: TableLike, c: cmd.AnnounceStoeck) -> list[Event]:
    table.need_phase(Phase.PLAY)
    seat, back = table.acting_seat(c.actor)
    hand = table.live_hand
    if seat != hand.stoeck_holder or hand.stoeck_done or not table.rules.stoeck_preshow:
        raise GameError(Code.NO_STOECK)
    if not hand.may_preshow_stoeck(seat):
        raise GameError(Code.STOECK_NOT_NOW, first=table.rules.ausmach_order[0])
    if not (table.live_board.races_to_target and table.live_board.reaches_target(seat % 2, 20 * hand.multiplier)):
        raise GameError(Code.STOECK_NOT_DECISIVE)
    return [*back, typed.StoeckPreshown(seat).stored()]


def bedanken(table: TableLike, c: cmd.Bedanken) -> list[Event]:
    if table.rules.end_mode != "bedanken" or table.rules.hands_per_game:
        raise GameError(Code.BEDANKEN_NOT_ALLOWED)
    table.need_phase(Phase.CONTRACT, Phase.PLAY, Phase.HAND_OVER)
    seat, back = table.acting_seat(c.actor)
    return [*back, typed.Bedanken(seat, seat % 2).stored()]


def use_hint(table: TableLike, c: cmd.UseHint) -> list[Event]:
    if not table.hints:
        raise GameError(Code.HINTS_OFF)
    table.need_phase(Phase.PLAY)
    seat, back = table.acting_seat(c.actor)
    if seat != table.to_act:
        raise GameError(Code.NOT_YOUR_TURN, turn=table.to_act)
    return [*back, typed.HintUsed(seat).stored()]


def stand_in(table: TableLike, c: cmd.StandIn) -> list[Event]:
    if c.actor != cmd.SYSTEM:
        raise GameError(Code.NOT_ALLOWED, actor=c.actor)
    if c.anytime:
        table.need_phase(Phase.CONTRACT, Phase.PLAY, Phase.HAND_OVER)
        if not isinstance(c.seat, int) or not 0 <= c.seat < 4:
            raise GameError(Code.NO_SUCH_SEAT, seat=c.seat)
    elif table.to_act != c.seat:
        raise GameError(Code.NOT_YOUR_TURN, turn=table.to_act)
    seat = table.seats[c.seat]
    if seat.is_computer or seat.standin:
        raise GameError(Code.NOT_ALLOWED, seat=c.seat)
    return [typed.StandInOn(c.seat).stored()]


def abandon(table: TableLike, c: cmd.Abandon) -> list[Event]:
    if not table.is_host(c):
        raise GameError(Code.NOT_HOST)
    return [typed.Abandoned(c.actor).stored()]
