"""Writing one hand's points (docs/rules.md §8).

>>> hand_points(RuleSet(), 2, card_points=(97, 55), last_team=0, tricks_won=(5, 4),
...             weis_team=0, weis_points=50, stoeck_team=1, declarer_team=0)
(304, 150)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .ruleset import RuleSet
from .stoeck import STOECK_POINTS


def match_team(tricks_won: tuple[int, int]) -> int | None:
    """The team that took all nine tricks, if any (zero card points is not enough)."""
    if tricks_won[0] == 9:
        return 0
    if tricks_won[1] == 9:
        return 1
    return None


def hand_points(
    rules: RuleSet,
    contract: int,
    *,
    card_points: tuple[int, int],
    last_team: int,
    tricks_won: tuple[int, int],
    weis_team: int | None = None,
    weis_points: int = 0,
    stoeck_team: int | None = None,
    declarer_team: int = 0,
) -> tuple[int, int]:
    """Points each team writes for a hand: ``m x (cards + last + match + Weis + Stöck)``.

    A Kontermatsch (Match by the team that did not make trump) multiplies the Match
    team's card, last-trick and Match points by ``kontermatsch_factor``.
    """
    m = rules.multiplier(contract)
    written = []
    matched = match_team(tricks_won)
    for team in (0, 1):
        play = card_points[team] + (5 if team == last_team else 0)
        if team == matched:
            play += rules.match_bonus
            if team != declarer_team:
                play *= rules.kontermatsch_factor
        extra = weis_points if team == weis_team else 0
        if team == stoeck_team and rules.stoeck_enabled and contract < 4:
            extra += STOECK_POINTS
        written.append(m * (play + extra))
    return written[0], written[1]


#: Striche per event in the Striche system (docs/rules.md §12.7, current rules).
STRICHE = {"berg": 1, "sieg": 2, "matsch": 1, "schneider": 2, "kontermatsch": 2}


#: The table counter behind each kind of Strich.
_STRICHE_COUNTERS = (("berg", "berg"), ("matsch", "matches"), ("kontermatsch", "kontermatsch"), ("sieg", "games"),
                     ("schneider", "schneider"))  # fmt: skip


def striche_by_kind(counters: Mapping[str, Sequence[int]], team: int) -> tuple[tuple[str, int], ...]:
    """(kind, strokes) of each kind of Strich a team earned, from a table's counters (a Schneider
    win counts twice in ``games``; its Sieg is one win).

    >>> striche_by_kind({"berg": [1, 0], "games": [2, 0], "schneider": [1, 0]}, 0)
    (('berg', 1), ('sieg', 2), ('schneider', 2))
    """
    out = []
    for kind, counter in _STRICHE_COUNTERS:
        count = counters.get(counter, [0, 0])[team]
        if kind == "sieg":
            count -= counters.get("schneider", [0, 0])[team]
        if count > 0:
            out.append((kind, count * STRICHE[kind]))
    return tuple(out)


def match_striche(match_team: int | None, declarer_team: int) -> tuple[int, int]:
    """Striche each team earns for a hand's Match (1) or Kontermatsch (2)."""
    if match_team is None:
        return (0, 0)
    kind = "matsch" if match_team == declarer_team else "kontermatsch"
    out = [0, 0]
    out[match_team] = STRICHE[kind]
    return out[0], out[1]
