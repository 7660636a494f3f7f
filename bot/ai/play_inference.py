"""What the cards played say about the hidden hands (inference for the ``search`` player).

The club player is a fair model of how people play: a seat that smeared a ten on its partner's
trick probably had no safe Bock card, a seat that led low probably had no Bock card to cash.
:func:`play_weights` replays every earlier card of the other seats in each sampled deal (the
seat's hand then being its sampled cards plus the ones it has played since) and asks the club
player what it would have played there: a deal in which it would have played another card gets
the weight ``slip`` for that card, so deals that explain the play best count most.  Forced
cards (one legal card) say nothing.
"""

from __future__ import annotations

import numpy as np

from bot.game.view import TableView
from bot.rules import PlayedTrick
from bot.rules.cards import cards_of
from bot.rules.play import legal_mask

from .club_playout import derived_view
from .knowledge import knowledge_of
from .rules_player import RulesPlayer

#: Weight of a deal per card the club player would not have played there: people (and the
#: search player) do not always play the club player's card.
SLIP = 0.25


_Decision = tuple[int, int, tuple[tuple[int, int], ...], tuple[PlayedTrick, ...], int, int]


def _decisions(view: TableView) -> list[_Decision]:
    """The other seats' cards this hand, each with what was public when it was played:
    (seat, card, trick so far, tricks before, cards played before, cards the seat played from then on)."""
    history = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        history.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    out = []
    played = 0
    for index, (leader, cards) in enumerate(history):
        so_far: list[tuple[int, int]] = []
        for j, card in enumerate(cards):
            seat = (leader + j) % 4
            if seat != view.seat:
                out.append((seat, card, tuple(so_far), view.tricks[:index], played, 0))
            so_far.append((seat, card))
            played |= 1 << card
    # Rebuild each seat's hand at each of its cards: what it holds now plus what it played since.
    later = [0, 0, 0, 0]
    for i in range(len(out) - 1, -1, -1):
        who, what, trick_so_far, before, played_then, _ = out[i]
        later[who] |= 1 << what
        out[i] = (who, what, trick_so_far, before, played_then, later[who])
    return out


def play_weights(
    view: TableView, worlds: np.ndarray, player: RulesPlayer, slip: float = SLIP, partner_slip: float | None = None
) -> np.ndarray:
    """Relative weight of each sampled deal (``(n, 4)`` hands): ``slip`` to the power of the
    number of the other seats' earlier cards the club player would not have played in it
    (``partner_slip`` for the partner's cards, if given: 1 ignores them)."""
    rules, contract = view.rules, view.contract
    weights = np.ones(len(worlds))
    if contract is None:
        return weights
    partner = None if view.seat is None else (view.seat + 2) % 4
    for seat, card, so_far, before, played, later in _decisions(view):
        factor = slip if partner_slip is None or seat != partner else partner_slip
        if factor == 1:
            continue
        lead = [c for _, c in so_far]
        verdict: dict[int, bool] = {}
        for i, hand in enumerate(int(h) | later for h in worlds[:, seat]):
            same = verdict.get(hand)
            if same is None:
                legal = legal_mask(
                    hand, lead, contract, rules.trump_anytime, rules.undertrump_when_void, rules.puur_exemption
                )
                if legal & (legal - 1) == 0:
                    same = True
                else:
                    seen = derived_view(
                        view,
                        seat=seat,
                        hand=hand,
                        legal=legal,
                        trick=so_far,
                        tricks=before,
                        cards_played=played,
                        turn=seat,
                        can_preshow_stoeck=False,
                    )
                    same = player.choose_card(seen, knowledge_of(seen), cards_of(legal)) == card
                verdict[hand] = same
            if not same:
                weights[i] *= factor
    return weights
