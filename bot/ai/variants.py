"""Computer players' decisions in the extra contracts and the row policies of Coiffeur (docs/rules-variants.md).

Choosing a Coiffeur row (:mod:`.coiffeur` chooses by these policies): each open row is worth
``factor × (expected points − par)``, where the expected points come from the club player's
calibrated hand model (:func:`expected_points`; a mixed contract averages the modes it plays,
Misère writes what the opponents take) and ``par`` is what a row usually brings when it is filled
later. A strong hand therefore goes to a high factor, and a weak one, when the player is forced,
to the row where it costs least (the lowest factor). A player shoves when no open row reaches par
by ``SHOVE_MARGIN``.

Playing Misère: nobody wants points, so a card is chosen to lose the trick while shedding the
most points (and, when the trick cannot be lost, to win it with the card that costs least later).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.game.view import TableView
from bot.rules.cards import SUIT_OF, cards_of
from bot.rules.contract_names import called
from bot.rules.schedules import multiplier as extra_multiplier

from .knowledge import strength, trick_winner, value

PAR = 85.0  # card points a row usually brings when filled later with another hand
SHOVE_MARGIN = -12.0  # shove when the best open row is this far below par (unforced)
MISERE_DISCOUNT = 0.8  # Misère's estimate is rougher: both teams play to lose

Estimate = Callable[[int, int], float]


def expected_for(name: str, hand: int, estimate: Estimate) -> float:
    """Card points the announcing team may expect from ``hand`` in the contract ``name``
    (what it writes: in Misère the opponents' points), by the per-mode ``estimate(hand, mode)``."""
    chosen = called(name)
    if chosen.schedule is None:
        return estimate(hand, chosen.contract)
    modes = chosen.schedule.modes
    mean = sum(estimate(hand, m) for m in modes) / len(modes)
    if chosen.name == "misere":
        return MISERE_DISCOUNT * (157.0 - mean)
    return mean


@dataclass(frozen=True)
class RowPolicy:
    """How a player weighs a Coiffeur row: ``factor × (E − par)``, with ``par`` what the row is
    expected to bring if filled later: ``par`` for a plain row, ``joker_par`` for a Joker (later
    it takes the best of six contracts), each raised by ``slope`` per other open row of the team
    (more hands to come: more chances of a better one); a shove below ``shove`` × factor."""

    par: float = PAR
    joker_par: float = PAR
    slope: float = 0.0
    shove: float = SHOVE_MARGIN


CLUB_ROWS = RowPolicy()
#: The strong player's rows: a Joker is held back for a hand that beats what the best of six
#: contracts usually brings, and the bar rises with the rows still open. Club against club with
#: these rows (``python -m benchmarks.coiffeur_bench --a club --b club --a-option
#: "rows={'joker_par':115,'slope':6}"``): 62.3 % of 400 games on seed 1 (tried: joker par
#: 105/115/125, slope 0/4/6/8, par 80/85/95, shove −5/−12/−20), 64.5 % of 600 on seed 2.
STRONG_ROWS = RowPolicy(joker_par=115.0, slope=6.0)


def extra_values(view: TableView, estimate: Estimate) -> dict[str, float]:
    """Schieber with extra contracts: each one's written margin (ours minus theirs) × its factor."""
    out = {}
    for name in view.extras:
        factor = extra_multiplier(called(name).schedule.extra, view.rules.multipliers)  # type: ignore[union-attr]
        out[name] = (2 * expected_for(name, view.hand, estimate) - 157) * factor
    return out


def is_misere(view: TableView) -> bool:
    return (view.contract_name or "").startswith("misere")


def misere_card(view: TableView) -> int:
    """Misère: lose the trick and shed the most points; else take it with the least useful card."""
    legal = cards_of(view.legal)
    mode = view.contract if view.contract is not None else 4
    trick = [c for _, c in view.trick]
    if not trick:  # lead the lowest card of the suit with most low cards
        return min(legal, key=lambda x: (strength(x, mode), value(x, mode)))
    losing = [x for x in legal if trick_winner([*trick, x], mode) != len(trick)]
    if losing:
        return max(losing, key=lambda x: (value(x, mode), strength(x, mode)))
    last = len(trick) == 3
    if last:  # the trick is ours anyway: get rid of the highest card, points and all
        return max(legal, key=lambda x: (strength(x, mode), value(x, mode)))
    return max(legal, key=lambda x: (strength(x, mode), -value(x, mode), SUIT_OF[x]))
