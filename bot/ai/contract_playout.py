"""The contract and Schieben played out: what each allowed contract, and Schieben, makes on deals
of the 27 unseen cards when everyone then plays as the club player.

Schieben is played out too: the partner chooses from its sampled hand by the club player's hand
model.  When the viewer was geschoben, deals in which the forehand had a contract worth playing
count less (:func:`.inference.schieben_weights`).  The coach values the contract by these
(:mod:`.review`); ``research/contract_search.py`` measured choosing by them in the arena.
"""

from __future__ import annotations

import random
import time

import numpy as np

from bot.game.view import TableView
from bot.rules import Contract
from bot.rules.cards import FULL_DECK, cards_of

from .club_playout import club_playout, derived_view
from .inference import schieben_weights
from .rules_player import RulesPlayer, contract_values, declarations

SCHIEBEN = "schieben"
Option = Contract | str  # a contract, or SCHIEBEN


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


def contract_options(view: TableView) -> list[Option]:
    """The plain contracts the viewer may choose, and Schieben where allowed."""
    options: list[Option] = [c for c in Contract if c.is_trump or view.rules.allow_obe_unde]
    if view.may_schieben and not view.geschoben:
        options.append(SCHIEBEN)
    return options


def contract_samples(
    view: TableView, player: RulesPlayer, n: int, rng: random.Random, budget: float = float("inf")
) -> dict[Option, list[float]]:
    """Each option's written margin (ours minus theirs, the team's Weis at 80 %, times the
    multiplier) on each of at most ``n`` deals (the same for every option, in the same order),
    played out by ``player``; stops early once ``budget`` seconds are spent."""
    assert view.seat is not None and view.forehand is not None
    start = time.perf_counter()
    rules, seat = view.rules, view.seat
    team, partner = seat % 2, (seat + 2) % 4
    out: dict[Option, list[float]] = {option: [] for option in contract_options(view)}
    for world in unseen_deals(view, n, rng):
        hands = [int(h) for h in world]
        for option in out:
            if isinstance(option, Contract):
                contract, declarer = option, seat
            else:  # Schieben: the partner's club choice
                values = contract_values(derived_view(view, hand=hands[partner]))
                contract, declarer = max(values, key=lambda c: values[c]), partner
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
            out[option].append((points[team] - points[1 - team] + extra) * rules.multiplier(k))
        if time.perf_counter() - start > budget:
            break
    return out


def contract_margins(
    view: TableView, player: RulesPlayer, n: int, rng: random.Random, budget: float = float("inf")
) -> dict[Option, float]:
    """Mean written margin of each option over at most ``n`` deals (:func:`contract_samples`)."""
    samples = contract_samples(view, player, n, rng, budget)
    return {option: sum(margins) / len(margins) for option, margins in samples.items()}
