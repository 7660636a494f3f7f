"""Contract choice by play-outs (the ``search`` player's): what each contract, and Schieben,
makes on deals of the 27 unseen cards when everyone then plays as the club player.

The club player's linear hand model (:mod:`.rules_player`) knows what hands of a kind make on
average; play-outs of the hand itself see what a linear model cannot (which side suits are
short, whether the Bock cards come back in time).  Schieben is played out too: the partner
chooses from its sampled hand as the club player would.  When the viewer was geschoben, deals
in which the forehand had a contract worth playing count less (:func:`.inference.schieben_weights`).
"""

from __future__ import annotations

import random
import time

import numpy as np

from bot.ai.club_playout import club_playout, derived_view
from bot.ai.inference import schieben_weights
from bot.ai.rules_player import RulesPlayer, contract_values, declarations
from bot.game.view import TableView
from bot.rules import Contract
from bot.rules.cards import FULL_DECK, cards_of

SCHIEBEN = "schieben"


def unseen_deals(view: TableView, n: int, rng: random.Random) -> np.ndarray:
    """``n`` deals (``(n, 4)`` hand masks) of the cards the viewer does not hold; with the
    viewer geschoben, drawn from twice as many in proportion to how weak the forehand's hand is."""
    assert view.seat is not None
    others = [s for s in range(4) if s != view.seat]
    unseen = cards_of(FULL_DECK & ~view.hand)
    pushed = view.geschoben and view.forehand is not None and view.forehand != view.seat
    pool = np.zeros((2 * n if pushed else n, 4), dtype=np.uint64)
    for row in pool:
        rng.shuffle(unseen)
        row[view.seat] = view.hand
        for i, seat in enumerate(others):
            row[seat] = sum(1 << c for c in unseen[9 * i : 9 * i + 9])
    if not pushed:
        return pool
    weights = schieben_weights(pool[:, view.forehand], view)
    picked = sorted(rng.choices(range(len(pool)), weights=list(weights), k=n))
    return pool[picked]


def contract_margins(
    view: TableView, player: RulesPlayer, n: int, rng: random.Random, budget: float = float("inf")
) -> dict[Contract | str, float]:
    """Mean written margin (ours minus theirs, the team's Weis at 80 %) of each allowed contract
    and, where allowed, of Schieben, over at most ``n`` deals (the same for every option);
    stops early once ``budget`` seconds are spent."""
    assert view.seat is not None and view.forehand is not None
    start = time.perf_counter()
    rules, seat = view.rules, view.seat
    team, partner = seat % 2, (seat + 2) % 4
    options: list[Contract | str] = [c for c in Contract if c.is_trump or rules.allow_obe_unde]
    if view.may_schieben and not view.geschoben:
        options.append(SCHIEBEN)
    totals = dict.fromkeys(options, 0.0)
    seen = 0
    for world in unseen_deals(view, n, rng):
        hands = [int(h) for h in world]
        for option in options:
            if option == SCHIEBEN:
                values = contract_values(derived_view(view, hand=hands[partner]))  # the partner's club choice
                contract, declarer = max(values, key=lambda c: values[c]), partner
            else:
                contract, declarer = option, seat
            k = int(contract)
            play = derived_view(
                view,
                phase="play",
                contract=k,
                declarer=declarer,
                chooser=None,
                may_schieben=False,
                geschoben=view.geschoben or option == SCHIEBEN,
                seat=view.forehand,
                turn=view.forehand,
                hand=hands[view.forehand],
                legal=hands[view.forehand],
                trick=(),
                tricks=(),
                cards_played=0,
                can_preshow_stoeck=False,
            )
            points = club_playout(play, hands, -1, player)
            extra = declarations(hands[seat], k, rules) + declarations(hands[partner], k, rules)
            totals[option] += (points[team] - points[1 - team] + extra) * rules.multiplier(k)
        seen += 1
        if time.perf_counter() - start > budget:
            break
    return {option: total / seen for option, total in totals.items()}
