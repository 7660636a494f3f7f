"""The friendly face of the rules module: :class:`Card` in, :class:`Card` out.

>>> from bot.rules import Card, Contract, legal_cards, trick_winner, parse_cards
>>> hand = parse_cards("eichel-K eichel-6 rose-7 schelle-A")
>>> sorted(map(str, legal_cards(hand, parse_cards("eichel-8"), Contract.ROSE)))
['eichel-6', 'eichel-K', 'rose-7']
>>> trick_winner(parse_cards("eichel-A eichel-K rose-6 eichel-10"), Contract.ROSE)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from .cards import Card, to_cards, to_mask
from .contracts import Contract
from .play import illegal_reason, legal_mask, trick_winner_index
from .ruleset import RuleSet
from .tables import POINTS


@cache
def _default() -> RuleSet:
    """The default rules (made when first asked: the ``game`` key needs the kinds installed)."""
    return RuleSet()


def legal_cards(
    hand: Iterable[Card],
    trick: Sequence[Card],
    contract: Contract | int,
    rules: RuleSet | None = None,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (cards so far, in play order)."""
    rules = rules or _default()
    mask = legal_mask(
        to_mask(hand),
        [c.index for c in trick],
        int(contract),
        rules.trump_anytime,
        rules.undertrump_when_void,
        rules.puur_exemption,
    )
    return to_cards(mask)


def why_illegal(
    card: Card,
    hand: Iterable[Card],
    trick: Sequence[Card],
    contract: Contract | int,
    rules: RuleSet | None = None,
) -> str | None:
    """``None`` if ``card`` may be played, else the code of the rule that forbids it."""
    rules = rules or _default()
    return illegal_reason(
        card.index,
        to_mask(hand),
        [c.index for c in trick],
        int(contract),
        rules.trump_anytime,
        rules.undertrump_when_void,
        rules.puur_exemption,
    )


def trick_winner(trick: Sequence[Card], contract: Contract | int) -> int:
    """Index into ``trick`` (0 = leader) of the winning card."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    return trick_winner_index([c.index for c in trick], int(contract))


def card_points(card: Card, contract: Contract | int, rules: RuleSet | None = None) -> int:
    """The card's points (Augen) in ``contract``."""
    rules = rules or _default()
    return POINTS[rules.undenufe_legacy][int(contract)][card.index]
