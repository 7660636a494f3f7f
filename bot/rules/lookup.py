"""Answers to concrete rules questions, computed by the engine's own functions (``/rules``).

- :func:`weis_in`: the Weis in a list of cards and what each is worth; :func:`better_weis`:
  which of two lists wins (the team rule: the best single Weis decides).
- :func:`points_of`: card points of some cards in a contract.
- :func:`playable`: which cards of a hand may be played to a trick, and for each refused one
  the rule that forbids it.
- :func:`written`: what a team writes for a hand from its card points, the contract, a Match,
  Weis and Stöck, with the multiplier; :func:`extra_written`: the same for Slalom, Guschti, TUO
  and Misère in Schieber.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import mask_of
from .play import illegal_reason, mask_points
from .ruleset import RuleSet
from .schedules import multiplier as extra_multiplier
from .scoring import hand_points
from .weis import Weis, find_weis, resolve_weis

TOTAL = 157  # card points of a hand, the last trick's 5 included


def weis_in(cards: Sequence[int], contract: int, rules: RuleSet) -> list[Weis]:
    """The Weis a hand of these cards declares (the best disjoint ones), each with its points (×1)."""
    return find_weis(mask_of(cards), contract, rules)


def better_weis(first: Sequence[int], second: Sequence[int], contract: int, rules: RuleSet) -> int | None:
    """0 when the first list's best Weis wins, 1 the second's, None when neither has one.
    On a full tie the first (the one nearer to forehand) wins."""
    declared = {0: weis_in(first, contract, rules), 1: weis_in(second, contract, rules)}
    return resolve_weis(declared, contract, forehand=0, rules=rules).team


def points_of(cards: Sequence[int], contract: int, rules: RuleSet) -> int:
    """Card points of ``cards`` in ``contract`` (the last trick's 5 not included)."""
    return mask_points(mask_of(cards), contract, rules.undenufe_values == "legacy")


@dataclass(frozen=True)
class Playable:
    card: int
    reason: str | None  # None: may be played; else the code of the rule that forbids it


def playable(hand: Sequence[int], trick: Sequence[int], contract: int, rules: RuleSet) -> list[Playable]:
    """Each card of ``hand`` with the reason it may not be played to ``trick`` (None: it may)."""
    mask = mask_of(hand)
    return [
        Playable(card, illegal_reason(card, mask, list(trick), contract, rules.trump_anytime,
                                      rules.undertrump_when_void, rules.puur_exemption) if trick else None)
        for card in hand
    ]  # fmt: skip


@dataclass(frozen=True)
class Written:
    points: int  # what the team writes
    multiplier: int
    base: int  # before the multiplier: card points (+ Match bonus) + Weis + Stöck
    weis: int = 0  # the Weis points counted (none where the rules have no Weis)


def written(rules: RuleSet, contract: int, card_points: int, match: bool = False, weis: int = 0,
            stoeck: bool = False, declarer: bool = True) -> Written:  # fmt: skip
    """What a team writes for a hand: ``card_points`` (0-157, the last trick's 5 included; 157
    with a Match), its Weis points (×1) and Stöck, in ``contract`` under ``rules``. ``declarer``:
    the team chose trump (a Match by the other team is a Kontermatsch)."""
    if not 0 <= card_points <= TOTAL:
        raise ValueError("card points are 0 to 157")
    if match and card_points != TOTAL:
        raise ValueError("a Match takes every trick: 157 card points")
    weis = weis if rules.weis_enabled else 0  # no Weis under these rules: none written (§9.2, §16)
    other = TOTAL - card_points
    tricks = (9, 0) if match else (5, 4) if card_points else (0, 9)
    points, _ = hand_points(
        rules, contract, card_points=(card_points, other), last_team=-1, tricks_won=tricks,
        weis_team=0 if weis else None, weis_points=weis, stoeck_team=0 if stoeck else None,
        declarer_team=0 if declarer else 1,
    )  # fmt: skip
    m = rules.multiplier(contract)
    return Written(points, m, points // m, weis)


EXTRA_FAMILIES = {"slalom": "slalom_obenabe", "guschti": "guschti_obenabe", "tuo": "tuo", "misere": "misere_obenabe"}


def extra_written(rules: RuleSet, family: str, card_points: int, match: bool = False, weis: int = 0) -> Written:
    """What a team writes in Schieber for an extra contract (docs/rules-variants.md): its card
    points (Obenabe values, 157 a hand; +100 for a Match) and Weis × the factor (m(Undenufe));
    in Misère (factor 1, no Weis) the points its opponents took, their Match included."""
    if not 0 <= card_points <= TOTAL:
        raise ValueError("card points are 0 to 157")
    if match and card_points != TOTAL:
        raise ValueError("a Match takes every trick: 157 card points")
    m = extra_multiplier(EXTRA_FAMILIES[family], rules.multipliers)
    bonus = rules.match_bonus if match else 0
    if family == "misere":  # a Match of ours gives the opponents nothing; theirs (we took 0) is theirs
        other = TOTAL - card_points + (rules.match_bonus if card_points == 0 else 0)
        return Written(other * m, m, other)
    weis = weis if rules.weis_enabled else 0
    base = card_points + bonus + weis
    return Written(base * m, m, base, weis)
