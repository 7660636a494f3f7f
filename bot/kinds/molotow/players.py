"""Computer players for Molotow (game A): take as few points as possible.

The ``club`` player reads only its view (its cards, the trick, the cards played):

- following suit, it plays its highest card that does not take the trick (dropping a high card
  into someone else's trick is the point of the game); when every card it may play would take
  the trick, its lowest if others play after it, else its highest (the trick is lost anyway);
- when it cannot follow before trump is fixed, its card fixes trump (and most likely takes the
  trick): it picks the card whose suit as trump costs it least: the trick's points at the final
  values, the card's own value as a trump, and the trumps it would keep in its hand;
- leading, it plays a low card of a suit the others still hold many cards of (someone else will
  have to take it), never a trump while others may still hold them.

The ``random`` level plays a legal card at random.
"""

from __future__ import annotations

import random

from bot.ai.player import play_command
from bot.game.commands import Command
from bot.game.kinds.individual import individual_part
from bot.game.view import TableView
from bot.kinds.molotow.rules import OBENABE, table_weis_points
from bot.rules.cards import FULL_DECK, cards_of
from bot.rules.play import trick_points, trick_winner_index
from bot.rules.tables import POWER

SUIT = 0x1FF


def _power(card: int, led: int, mode: int) -> int:
    """How strongly ``card`` stands in a trick led with suit ``led`` under ``mode``."""
    return int(POWER[mode * 4 + led][card])


def _mode_after(view: TableView, card: int) -> int:
    """The mode the trick is decided in once ``card`` is played (a void card fixes trump)."""
    trump = individual_part(view).trump
    if trump is not None:
        return trump
    if view.trick and card // 9 != view.trick[0][1] // 9:
        return card // 9
    return OBENABE


def _takes(view: TableView, card: int) -> bool:
    """Whether ``card`` would take the trick as it stands (with the cards played before it)."""
    cards = [c for _, c in view.trick] + [card]
    return trick_winner_index(cards, _mode_after(view, card)) == len(cards) - 1


def _danger(card: int, mode: int) -> int:
    """How likely a card is to take a trick later: its rank under the mode (Obenabe until fixed)."""
    return _power(card, card // 9, mode)


def _fixing_cost(view: TableView, card: int) -> float:
    """What fixing trump with ``card`` is likely to cost: the trick (at trump values, with its
    Tischweis), the trumps kept in the hand (each a likely trick later)."""
    suit = card // 9
    cards = [c for _, c in view.trick] + [card]
    kept = view.hand & ~(1 << card) & (SUIT << (9 * suit))
    return trick_points(cards, suit) + table_weis_points(cards) + 9 * kept.bit_count()


def card_for(view: TableView) -> int:
    """The club player's card."""
    legal = cards_of(view.legal)
    if len(legal) == 1:
        return legal[0]
    trump = individual_part(view).trump
    mode = trump if trump is not None else OBENABE
    if not view.trick:
        return _lead(view, legal, mode)
    led = view.trick[0][1] // 9
    if trump is None and not any(c // 9 == led for c in legal):  # void: whatever is played fixes trump
        return min(legal, key=lambda c: (_fixing_cost(view, c), c))
    losing = [c for c in legal if not _takes(view, c)]
    if losing:  # drop the most dangerous card that does not take the trick
        return max(losing, key=lambda c: (_danger(c, mode), c))
    last = len(view.trick) == 3
    after = {c: _power(c, led, _mode_after(view, c)) for c in legal}
    return max(legal, key=lambda c: (after[c], c)) if last else min(legal, key=lambda c: (after[c], c))


def _lead(view: TableView, legal: list[int], mode: int) -> int:
    """A low card of a suit the others hold many of (not trump while they may hold trumps)."""
    out = FULL_DECK & ~view.cards_played & ~view.hand  # the cards the others may hold
    trump = individual_part(view).trump

    def key(card: int) -> tuple[int, int, int, int]:
        suit = card // 9
        others = (out >> (9 * suit) & SUIT).bit_count()
        trump_lead = int(trump is not None and suit == trump and bool(others))
        return (trump_lead, -min(others, 4), _danger(card, mode), card)

    return min(legal, key=key)


class MolotowPlayer:
    """``club`` (and above) Molotow decisions; ``random_play``: the ``random`` level."""

    def __init__(self, rng: random.Random, random_play: bool = False, level: str = "club") -> None:
        self.rng = rng
        self.level = level
        self.random_play = random_play

    def decide(self, view: TableView, actor: str) -> Command:
        legal = cards_of(view.legal)
        if self.random_play:
            return play_command(view, actor, self.rng.choice(legal))
        return play_command(view, actor, card_for(view))


def make(level: str, rng: random.Random, budget: float | None = None, **options: object) -> MolotowPlayer:
    """Molotow's player: ``random`` plays at random; every other level plays the club player's cards
    (no search for Molotow yet)."""
    return MolotowPlayer(rng, random_play=level == "random", level=level)
