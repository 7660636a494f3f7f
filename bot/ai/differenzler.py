"""Computer players in Differenzler: predict your card points, then take as many, not the most.

Prediction (``club``): a linear model of the hand (trump honours, trump length, side aces and
kings, voids) fitted on hands played out by these players (``research/differenzler_fit.py``
prints the fit). Play: while the player still needs points, it wins a trick with the cheapest
card that wins (when the trick is worth it) and otherwise sheds a card worth little; once it has
its points, it ducks: the highest card that does not win (so that it cannot win later either),
and if it must win, the card that wins with the fewest points. ``random`` predicts 39 (a quarter
of 157) and plays any legal card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.game.commands import Command, Predict
from bot.game.view import TableView
from bot.rules.cards import SUIT_OF, cards_of

from .base import play_command
from .knowledge import strength, trick_winner, value

RANDOM_PREDICTION = 39
PUUR, NAELL, ACE, KING, OBER, TEN = 5, 3, 8, 7, 6, 4

#: Card points expected per feature (see :func:`features`), fitted by research/differenzler_fit.py.
MODEL = (4.0, 22.0, 17.0, 13.0, 8.0, 6.0, 6.0, 3.0, 14.0, 6.0, 1.0, 2.0)


def features(hand: int, trump: int) -> tuple[float, ...]:
    """What the prediction looks at: the constant, Puur, Näll, trump Ace, trump King/Ober, trump
    10, other trumps, trumps beyond four, side Aces, side Kings, other side cards, voids."""
    trumps = {c % 9 for c in cards_of(hand) if SUIT_OF[c] == trump}
    side = [c for c in cards_of(hand) if SUIT_OF[c] != trump]
    ranks = [c % 9 for c in side]
    voids = sum(1 for s in range(4) if s != trump and not any(SUIT_OF[c] == s for c in side))
    honours = {PUUR, NAELL, ACE, KING, OBER, TEN}
    return (
        1.0,
        float(PUUR in trumps),
        float(NAELL in trumps),
        float(ACE in trumps),
        float((KING in trumps) + (OBER in trumps)),
        float(TEN in trumps),
        float(len(trumps - honours)),
        float(max(0, len(trumps) - 4)),
        float(ranks.count(ACE)),
        float(ranks.count(KING)),
        float(sum(1 for r in ranks if r not in (ACE, KING))),
        float(voids),
    )


def predict(hand: int, trump: int, model: Sequence[float] = MODEL) -> int:
    """The card points to predict for ``hand`` under ``trump`` (0-157)."""
    estimate = sum(w * x for w, x in zip(model, features(hand, trump), strict=True))
    return max(0, min(157, round(estimate)))


def trick_of(view: TableView) -> list[int]:
    return [c for _, c in view.trick]


def card_for(view: TableView) -> int:
    """The card that steers the player's points toward its prediction."""
    legal = cards_of(view.legal)
    if len(legal) == 1:
        return legal[0]
    trump = view.contract if view.contract is not None else 0
    seat = view.seat or 0
    own = view.predictions[seat] if view.predictions else None
    need = (own or 0) - (view.taken[seat] if view.taken else 0)
    trick = trick_of(view)
    on_table = sum(value(c, trump) for c in trick)
    winners = [c for c in legal if trick_winner([*trick, c], trump) == len(trick)] if trick else []
    losers = [c for c in legal if c not in winners] if trick else []
    tricks_left = 9 - len(view.tricks)
    if need > 0:
        if not trick:  # lead a sure winner when the points are needed, else something low
            if need >= 10 or tricks_left <= 2:
                return max(legal, key=lambda c: (strength(c, trump), value(c, trump)))
            return min(legal, key=lambda c: (value(c, trump), strength(c, trump)))
        worth = on_table + (5 if tricks_left == 1 else 0)
        if winners and (worth + 8 <= need + 12 or len(trick) == 3):
            return min(winners, key=lambda c: (strength(c, trump), -value(c, trump)))
        shed = losers or legal
        return min(shed, key=lambda c: (value(c, trump), strength(c, trump)))
    # the points are there: duck
    if not trick:
        return min(legal, key=lambda c: (strength(c, trump), value(c, trump)))
    if losers:
        return max(losers, key=lambda c: (strength(c, trump), -value(c, trump)))
    return min(legal, key=lambda c: (value(c, trump), -strength(c, trump)))


class DifferenzlerPlayer:
    """``club`` (and the others') decisions in Differenzler; ``random_play``: the ``random`` level."""

    def __init__(self, rng: random.Random, level: str = "club", random_play: bool = False, noise: float = 0.0) -> None:
        self.rng = rng
        self.level = level
        self.random_play = random_play
        self.noise = noise

    def decide(self, view: TableView, actor: str) -> Command:
        if view.phase == "predict":
            if self.random_play:
                return Predict(actor, RANDOM_PREDICTION)
            guess = predict(view.hand, view.trump if view.trump is not None else 0)
            if self.noise:
                guess = max(0, min(157, round(guess + self.rng.gauss(0, 25 * self.noise))))
            return Predict(actor, guess)
        legal = cards_of(view.legal)
        if self.random_play or (self.noise and self.rng.random() < self.noise):
            return play_command(view, actor, self.rng.choice(legal))
        return play_command(view, actor, card_for(view))
