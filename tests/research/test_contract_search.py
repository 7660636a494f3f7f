"""Contract choice by play-outs of the unseen cards (the search player's)."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from bot.ai.inference import contract_values_batch
from bot.ai.rules_player import RulesPlayer
from bot.game import AddComputer, StartGame, Table
from bot.game.commands import ChooseContract, Schieben
from bot.game.view import TableView
from bot.rules import Contract
from bot.rules.cards import FULL_DECK, parse_cards, to_mask
from research.contract_search import SCHIEBEN, contract_margins, unseen_deals
from research.players import ResearchSearchPlayer


def forehand_view(hand: str | None = None, geschoben: bool = False) -> TableView:
    """The contract-phase view of the forehand (or, geschoben, of its partner), with ``hand``."""
    table, _ = Table.create("t", "host", {"preset": "standard"})
    for _ in range(4):
        table.apply(AddComputer("host", level="club"))
    table.apply(StartGame("host", seed="contract-search"))
    if geschoben:
        table.apply(Schieben(table.actor_for(table.to_act)))
    view = table.view_for(table.to_act)
    return replace(view, hand=to_mask(parse_cards(hand))) if hand else view


def test_deals_of_the_unseen_cards_give_nine_to_each_other_seat():
    for geschoben in (False, True):
        view = forehand_view(geschoben=geschoben)
        deals = unseen_deals(view, 40, random.Random(1))
        assert deals.shape == (40, 4)
        for row in deals:
            hands = [int(h) for h in row]
            assert hands[view.seat] == view.hand
            assert all(h.bit_count() == 9 for h in hands)
            assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK


def test_geschoben_deals_give_the_forehand_weaker_hands():
    view = forehand_view(geschoben=True)
    pushed = unseen_deals(view, 300, random.Random(2))
    free = unseen_deals(replace(view, geschoben=False), 300, random.Random(2))

    def best_value(deals: np.ndarray) -> float:  # the forehand's best contract by the club model
        return float(contract_values_batch(deals[:, view.forehand], view).max(axis=1).mean())

    assert best_value(pushed) < best_value(free) - 20


def test_a_strong_schelle_hand_plays_schelle_and_does_not_schiebe():
    hand = "schelle-U schelle-9 schelle-A schelle-10 schelle-O schelle-8 eichel-7 rose-8 schilte-K"
    view = forehand_view(hand)
    margins = contract_margins(view, RulesPlayer(random.Random(0)), 24, random.Random(3))
    assert set(margins) == {*Contract, SCHIEBEN}
    assert max(margins, key=lambda o: margins[o]) == Contract.SCHELLE
    assert margins[Contract.SCHELLE] > margins[SCHIEBEN] + 50


def test_a_weak_hand_schiebt_and_the_geschoben_partner_may_not():
    hand = "eichel-9 eichel-10 eichel-O rose-9 rose-10 rose-O schelle-9 schelle-10 schilte-10"
    margins = contract_margins(forehand_view(hand), RulesPlayer(random.Random(0)), 24, random.Random(4))
    assert max(margins, key=lambda o: margins[o]) == SCHIEBEN
    pushed = contract_margins(forehand_view(hand, geschoben=True), RulesPlayer(random.Random(0)), 8, random.Random(4))
    assert SCHIEBEN not in pushed


def test_margins_are_reproducible_under_a_seed():
    view = forehand_view()
    first = contract_margins(view, RulesPlayer(random.Random(0)), 6, random.Random(5))
    assert first == contract_margins(view, RulesPlayer(random.Random(0)), 6, random.Random(5))


def test_the_search_player_plays_the_best_option_when_contracts_are_played_out():
    strong = forehand_view("schelle-U schelle-9 schelle-A schelle-10 schelle-O schelle-8 eichel-7 rose-8 schilte-K")
    weak = forehand_view("eichel-9 eichel-10 eichel-O rose-9 rose-10 rose-O schelle-9 schelle-10 schilte-10")
    player = ResearchSearchPlayer(random.Random(1), contract_worlds=24)
    assert player.decide(strong, "p") == ChooseContract("p", "schelle")
    assert player.decide(weak, "p") == Schieben("p")
