"""The baseline computer player: a sensible contract, then a uniformly random legal card."""

from __future__ import annotations

import random

from bot.game.commands import ChooseContract, Command, Schieben
from bot.game.view import TableView
from bot.rules import Contract
from bot.rules.cards import RANK_OF, SUIT_OF, cards_of

from .player import play_command

# How much a card in the trump suit is worth for choosing trump (by natural rank 6..A).
_TRUMP_WEIGHT = (1, 1, 1, 7, 2, 10, 2, 3, 5)
_SIDE_ACE = 3
_OBENABE_WEIGHT = (0, 0, 0, 0, 1, 1, 2, 3, 5)
_UNDENUFE_WEIGHT = (5, 3, 2, 1, 1, 0, 0, 0, 0)
SCHIEBEN_BELOW = 16


def contract_scores(hand: int, allow_obe_unde: bool = True) -> dict[Contract, int]:
    """A rough strength of ``hand`` for each contract."""
    cards = cards_of(hand)
    scores = {}
    for suit in range(4):
        trumps = [c for c in cards if SUIT_OF[c] == suit]
        s = sum(_TRUMP_WEIGHT[RANK_OF[c]] for c in trumps) + 2 * len(trumps)
        s += _SIDE_ACE * sum(1 for c in cards if SUIT_OF[c] != suit and RANK_OF[c] == 8)
        scores[Contract(suit)] = s
    if allow_obe_unde:
        scores[Contract.OBENABE] = 2 * sum(_OBENABE_WEIGHT[RANK_OF[c]] for c in cards)
        scores[Contract.UNDENUFE] = 2 * sum(_UNDENUFE_WEIGHT[RANK_OF[c]] for c in cards)
    return scores


class RandomPlayer:
    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: TableView, actor: str) -> Command:
        if view.phase == "contract":
            return self.choose_contract(view, actor)
        card = self.rng.choice(cards_of(view.legal))
        return play_command(view, actor, card)

    def choose_contract(self, view: TableView, actor: str) -> Command:
        """The strongest contract by a rough count, or Schieben when it is weak."""
        scores = contract_scores(view.hand, view.rules.allow_obe_unde)
        best = max(scores, key=lambda k: (scores[k], -int(k)))
        if not view.geschoben and scores[best] < SCHIEBEN_BELOW:
            return Schieben(actor)
        return ChooseContract(actor, str(best))
