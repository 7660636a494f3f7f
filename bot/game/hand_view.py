"""The hand's part of a table: a card decision checked, and what a seat may see of the hand in play.

Common to every game kind (the kind adds its own part, ``KindEngine.view_fields``).
"""

from __future__ import annotations

from typing import Any

from bot.rules import Card, HandPlay, RuleSet, to_mask
from bot.rules.cards import FULL_DECK, cards_of
from bot.rules.contract_names import names_enabled
from bot.rules.play import illegal_reason

from . import commands as cmd
from . import typed
from .errors import Code, GameError
from .events import Event
from .kinds import engine_for
from .phases import Phase
from .seeds import commitment_of
from .tablelike import TableLike
from .view import SeatView, TableView


def card_event(rules: RuleSet, hand: HandPlay, seat: int, c: cmd.PlayCard) -> Event:
    """The ``card`` event of ``seat``'s decision, with its Weis and Stöck, or a :class:`GameError`."""
    try:
        card = Card.parse(c.card).index
    except (ValueError, AttributeError):
        raise GameError(Code.BAD_CARD, card=c.card) from None
    r = rules
    reason = illegal_reason(
        card, hand.hands[seat], hand.trick, hand.mode, r.trump_anytime, r.undertrump_when_void, r.puur_exemption
    )
    if reason is not None:
        raise GameError(Code.ILLEGAL_CARD, card=c.card, reason=reason)
    weis: tuple[tuple[str, ...], ...] = ()
    if r.weis_mode == "manual" and c.weis:
        if hand.tricks or seat in hand.declared:
            raise GameError(Code.WEIS_NOT_NOW)
        options = {w.mask: w for w in hand.weis_options(seat)}
        chosen = []
        for cards in c.weis:
            try:
                m = to_mask(Card.parse(t) for t in cards)
            except (ValueError, AttributeError, TypeError):
                raise GameError(Code.WEIS_INVALID, weis=list(cards)) from None
            if m not in options:
                raise GameError(Code.WEIS_INVALID, weis=list(cards))
            chosen.append(tuple(str(Card.from_index(x)) for x in cards_of(m)))
        weis = tuple(chosen)
    if c.stoeck and not r.stoeck_auto and not hand.stoeck_due(seat, card):
        raise GameError(Code.NO_STOECK)
    stoeck = bool(c.stoeck and not r.stoeck_auto)
    return typed.CardPlayed(seat, str(Card.from_index(card)), weis=weis, stoeck=stoeck).stored()


def private_part(table: TableLike, seat: int | None) -> dict[str, Any]:
    """``seat``'s own cards and what it may do with them now (nothing for a spectator)."""
    hand = table.shown_hand
    out: dict[str, Any] = {}
    if seat is None or table.phase not in (Phase.PREDICT, Phase.CONTRACT, Phase.PLAY):
        return out
    playing = hand is not None and table.phase == Phase.PLAY
    out["hand"] = mine = hand.hands[seat] if hand is not None and playing else table.start_hands[seat]
    if hand is None or not playing:
        return out
    r = table.rules
    out["legal"] = legal = hand.legal(seat)
    greyed = mine & ~legal
    if legal and greyed:
        first = (greyed & -greyed).bit_length() - 1
        out["greyed_reason"] = illegal_reason(first, mine, hand.trick, hand.mode, r.trump_anytime,
                                              r.undertrump_when_void, r.puur_exemption)  # fmt: skip
    if r.weis_mode == "manual" and hand.turn == seat:
        out["weis_options"] = tuple(hand.weis_options(seat))
    if not r.stoeck_auto and hand.turn == seat:
        out["stoeck_cards"] = sum(1 << c for c in cards_of(legal) if hand.stoeck_due(seat, c))
    board = table.live_board
    out["can_preshow_stoeck"] = bool(
        hand.may_preshow_stoeck(seat) and board.races_to_target and board.reaches_target(seat % 2, 20 * hand.multiplier)
    )
    return out


def public_part(table: TableLike, seat: int | None) -> dict[str, Any]:
    """The hand in play as everyone sees it (Stöck: also the viewer's own, before they are credited)."""
    hand = table.shown_hand
    board = table.board
    out: dict[str, Any] = {
        "berg": board.berg if board else None,
        "winner": board.winner if board else None,
        "schneider": board.schneider if board else False,
    }
    if hand is None:
        return out
    written_by = engine_for(table.rules.game).stoeck_written
    credited = any(c.kind == "stoeck" and written_by(table, c.team, c.points) is not None for c in hand.credits)
    written = [0, 0]
    for credit in hand.credits:
        written[credit.team] += credit.points
    h = hand.hands
    result = hand.weis_result if hand.tricks else None
    out.update(
        contract=hand.mode,
        declarer=hand.declarer,
        trick=tuple(((hand.leader + i) % 4, c) for i, c in enumerate(hand.trick)),
        tricks=tuple(hand.tricks),
        weis={s: list(ws) for s, ws in hand.declared.items()} if hand.tricks else {},
        weis_result=result,
        weis_written=result.points * hand.multiplier if result and result.team is not None else 0,
        stoeck_holder=hand.stoeck_holder if credited or (seat is not None and hand.stoeck_holder == seat) else None,
        hand_written=(written[0], written[1]),
        cards_played=FULL_DECK & ~(h[0] | h[1] | h[2] | h[3]),  # every card not in a hand any more
    )
    return out


def extras(rules: RuleSet) -> tuple[str, ...]:
    """The extra contracts a chooser may name (names)."""
    return names_enabled(rules.extra_contracts)


def table_view(table: TableLike, seat: int | None) -> TableView:
    """Everything ``seat`` may know (``None``: a spectator): never another hand."""
    hand = table.shown_hand
    kind = engine_for(table.rules.game)
    contract_phase = table.phase == Phase.CONTRACT
    return TableView(
        table_id=table.table_id,
        phase=table.phase.value,
        seat=seat,
        rules=table.rules,
        seats=tuple(SeatView(s.name, s.occupied, s.is_computer, s.standin) for s in table.seats),
        game_no=table.game_no,
        hand_no=table.hand_no,
        dealer=table.dealer,
        forehand=table.forehand,
        chooser=table.chooser if contract_phase else None,
        may_schieben=table.may_schieben,
        turn=table.to_act,
        **private_part(table, seat),
        **public_part(table, seat),
        forehand_held=kind.forehand_held(table),
        totals=kind.totals(table),
        commitment=commitment_of(table.seed) if table.seed else None,
        counters={k: list(v) for k, v in table.counters.items()},
        contracts=kind.contracts(table) if contract_phase else (),
        extras=extras(table.rules) if contract_phase else (),
        kind=table.rules.game,
        contract_name=table.called.full_name if hand and table.called else None,
        factor=kind.hand_factor(table) if hand else None,
        **kind.view_fields(table, seat),
        rated=table.rated,
        hints=table.hints,
        may_bedanken=table.rules.end_mode == "bedanken"
        and not table.rules.hands_per_game
        and table.phase in (Phase.CONTRACT, Phase.PLAY, Phase.HAND_OVER),
    )
