"""Play-outs in which every seat plays exactly as the ``club`` player would.

The greedy numpy play-outs of :mod:`.rollout` are fast but only approximate the club player, and
their bias decides close calls.  Here one sampled deal is played to the end of the hand card by
card through :meth:`RulesPlayer.choose_card`, each seat seeing only its own view of that deal.
About twenty times slower per deal than the numpy play-outs (0.8 ms for a whole hand here):
the ``search`` player uses it to check, on a few dozen deals, the card the fast play-outs prefer
to the club player's card.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game.view import TableView
from bot.rules import PlayedTrick
from bot.rules.cards import cards_of
from bot.rules.play import legal_mask, trick_points, trick_winner_index

from .knowledge import knowledge_of
from .rules_player import RulesPlayer

LAST_TRICK_BONUS = 5


def derived_view(view: TableView, **changes: object) -> TableView:
    """``dataclasses.replace`` without its checks (the changed fields are all valid TableView
    fields): this runs for every card of every play-out."""
    seen = object.__new__(TableView)
    seen.__dict__.update(view.__dict__)
    seen.__dict__.update(changes)
    return seen


def club_playout(view: TableView, world: Sequence[int], card: int, player: RulesPlayer) -> tuple[int, int]:
    """Card points per team for the whole hand (tricks already played included, +5 for the last
    trick and the Match bonus) when the viewer plays ``card`` now and everyone then plays as the
    club player, the four hands being ``world``."""
    assert view.seat is not None and view.contract is not None
    rules = view.rules
    contract = view.contract
    hands = [int(h) for h in world]
    tricks = list(view.tricks)
    trick = list(view.trick)
    played = view.cards_played
    seat = view.seat
    while True:
        if card < 0:
            hand = hands[seat]
            legal = legal_mask(
                hand,
                [c for _, c in trick],
                contract,
                rules.trump_anytime,
                rules.undertrump_when_void,
                rules.puur_exemption,
            )
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1  # one legal card: nothing to decide
            else:
                seen = derived_view(
                    view,
                    seat=seat,
                    hand=hand,
                    legal=legal,
                    trick=tuple(trick),
                    tricks=tuple(tricks),
                    cards_played=played,
                    turn=seat,
                    can_preshow_stoeck=False,
                )
                card = player.choose_card(seen, knowledge_of(seen), cards_of(legal))
        hands[seat] &= ~(1 << card)
        played |= 1 << card
        trick.append((seat, card))
        card = -1
        if len(trick) < 4:
            seat = (seat + 1) % 4
            continue
        cards = tuple(c for _, c in trick)
        leader = trick[0][0]
        winner = (leader + trick_winner_index(cards, contract)) % 4
        tricks.append(PlayedTrick(leader, cards, winner, trick_points(cards, contract, rules.undenufe_legacy)))
        trick = []
        seat = winner
        if len(tricks) == 9:
            break
    points = [0, 0]
    for t in tricks:
        points[t.winner % 2] += t.points
    points[tricks[-1].winner % 2] += LAST_TRICK_BONUS
    teams = {t.winner % 2 for t in tricks}
    if len(teams) == 1:
        points[teams.pop()] += rules.match_bonus
    return points[0], points[1]
