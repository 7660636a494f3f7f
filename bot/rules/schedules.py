"""The extra contracts: Slalom, Guschti, TUO and Misère (docs/rules-variants.md).

Each is a **schedule** of nine trick modes over the Schieber primitives of :mod:`bot.rules.play`:
a mode is a trump suit (0–3), Obenabe (4) or Undenufe (5), and every trick is played, won and
checked for legal cards in its own mode. Card values: the Obenabe table for the whole hand by
default (``mixed_values = "obenabe"``, 152 + 5 = 157), or each trick's own mode (``"per_trick"``).

>>> schedule(Extra.SLALOM_OBENABE).letters()
'OUOUOUOUO'
>>> schedule(Extra.TUO, trump=1).letters()
'TTTUUUOOO'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .contracts import OBENABE, UNDENUFE
from .play import legal_mask, trick_points, trick_winner_index

MATCH_BONUS = 100
LAST_TRICK = 5


class Extra(StrEnum):
    """The extra contracts a maker may name (with their starting mode where there is a choice)."""

    SLALOM_OBENABE = "slalom_obenabe"
    SLALOM_UNDENUFE = "slalom_undenufe"
    GUSCHTI_OBENABE = "guschti_obenabe"
    GUSCHTI_UNDENUFE = "guschti_undenufe"
    TUO = "tuo"
    MISERE_OBENABE = "misere_obenabe"
    MISERE_UNDENUFE = "misere_undenufe"
    MISERE_SLALOM_OBENABE = "misere_slalom_obenabe"
    MISERE_SLALOM_UNDENUFE = "misere_slalom_undenufe"

    @property
    def family(self) -> str:
        """``slalom``, ``gusti``, ``tuo`` or ``misere``: the value of ``contracts.enabled`` that allows it."""
        if self.startswith("misere"):
            return "misere"
        return "gusti" if self.startswith("guschti") else self.value.split("_")[0]


FAMILIES = ("slalom", "gusti", "tuo", "misere")
MISERE_MODES = {"O": Extra.MISERE_OBENABE, "U": Extra.MISERE_UNDENUFE,
                "SO": Extra.MISERE_SLALOM_OBENABE, "SU": Extra.MISERE_SLALOM_UNDENUFE}  # fmt: skip


@dataclass(frozen=True)
class Schedule:
    """One hand's contract as nine trick modes."""

    extra: Extra
    modes: tuple[int, ...]  # per trick 1–9: a trump suit 0–3, OBENABE or UNDENUFE
    trump: int | None = None  # TUO's trump suit

    @property
    def misere(self) -> bool:
        """Taking points is bad: the declarers write what their opponents took."""
        return self.extra.family == "misere"

    @property
    def weis_mode(self) -> int:
        """The mode Weis heights are compared in (Schieber only): trick 1's (RULES §10.4, V13)."""
        return self.modes[0]

    def mode(self, trick_no: int) -> int:
        """The mode of trick ``trick_no`` (0 = the first trick)."""
        return self.modes[trick_no]

    def letters(self) -> str:
        """The schedule as ``T``/``O``/``U`` letters, as RULES-VARIANTS V1 writes it."""
        return "".join("O" if m == OBENABE else "U" if m == UNDENUFE else "T" for m in self.modes)

    def legal(self, hand: int, trick: Sequence[int], trick_no: int, *, trump_anytime: bool = True,
              undertrump_when_void: bool = False, puur_exemption: bool = True) -> int:  # fmt: skip
        """Legal cards of ``hand`` (mask) in trick ``trick_no``, in that trick's mode (R1.1.2):
        no trump in an Obenabe or Undenufe trick; the Puur exemption only in trump tricks."""
        return legal_mask(hand, trick, self.modes[trick_no], trump_anytime, undertrump_when_void, puur_exemption)

    def winner(self, trick: Sequence[int], trick_no: int) -> int:
        """Index into ``trick`` (0 = leader) of the card that wins it, in that trick's mode."""
        return trick_winner_index(trick, self.modes[trick_no])

    def points(self, trick: Sequence[int], trick_no: int, per_trick: bool = False) -> int:
        """Card points of a trick (without the last trick's +5): the Obenabe table, or the trick's own."""
        return trick_points(trick, self.modes[trick_no] if per_trick else OBENABE)


def schedule(extra: Extra | str, trump: int | None = None, *, first_block: int = 5,
             tuo_order: Sequence[str] = ("T", "U", "O")) -> Schedule:  # fmt: skip
    """The schedule of an extra contract.

    ``trump``: TUO's trump suit (required for TUO, refused otherwise). ``first_block``: how many
    tricks Guschti plays in its first mode, 5 (``gusti_split = "5/4"``) or 4 (the ``"4or5"``
    option, the maker's choice). ``tuo_order``: the three blocks of TUO (``contracts.tuo_order``).
    """
    extra = Extra(extra)
    if (extra is Extra.TUO) != (trump is not None):
        raise ValueError("TUO needs a trump suit; no other extra contract has one")
    if trump is not None and trump not in range(4):
        raise ValueError(f"not a trump suit: {trump!r}")
    o, u = OBENABE, UNDENUFE
    modes: tuple[int, ...]
    if extra in (Extra.SLALOM_OBENABE, Extra.MISERE_SLALOM_OBENABE):
        modes = (o, u) * 4 + (o,)
    elif extra in (Extra.SLALOM_UNDENUFE, Extra.MISERE_SLALOM_UNDENUFE):
        modes = (u, o) * 4 + (u,)
    elif extra in (Extra.GUSCHTI_OBENABE, Extra.GUSCHTI_UNDENUFE):
        if first_block not in (4, 5):
            raise ValueError(f"Guschti's first block is 4 or 5 tricks, not {first_block!r}")
        first, second = (o, u) if extra is Extra.GUSCHTI_OBENABE else (u, o)
        modes = (first,) * first_block + (second,) * (9 - first_block)
    elif extra is Extra.TUO:
        if sorted(tuo_order) != ["O", "T", "U"]:
            raise ValueError(f"TUO's order names T, U and O once each, not {list(tuo_order)!r}")
        blocks = {"T": int(trump or 0), "U": u, "O": o}
        modes = tuple(blocks[b] for b in tuo_order for _ in range(3))
    else:
        modes = (o if extra is Extra.MISERE_OBENABE else u,) * 9
    return Schedule(extra, modes, trump)


@dataclass(frozen=True)
class HandResult:
    """A hand played to its end: card points per team (last trick and Match included), tricks."""

    points: tuple[int, int]
    tricks: tuple[int, int]

    @property
    def match_team(self) -> int | None:
        """The team that took all nine tricks, if one did."""
        return 0 if self.tricks[1] == 0 else 1 if self.tricks[0] == 0 else None


def play_tricks(plan: Schedule, tricks: Sequence[tuple[int, Sequence[int]]], per_trick: bool = False) -> HandResult:
    """Score nine tricks given as (leader seat, cards in play order): each trick's winner in its
    mode, its points, +5 for the last, +100 Match (R1.1.5). Teams: seats 0 and 2, 1 and 3."""
    points, taken = [0, 0], [0, 0]
    for n, (leader, cards) in enumerate(tricks):
        seat = (leader + plan.winner(cards, n)) % 4
        points[seat % 2] += plan.points(cards, n, per_trick) + (LAST_TRICK if n == 8 else 0)
        taken[seat % 2] += 1
    if len(tricks) == 9 and 0 in taken:  # a Match: one team took all nine
        points[taken.index(9)] += MATCH_BONUS
    return HandResult((points[0], points[1]), (taken[0], taken[1]))


def written(plan: Schedule, result: HandResult, declarer_team: int, factor: int, *,
            coiffeur: bool = False) -> tuple[int, int]:  # fmt: skip
    """What each team writes for the hand (R2.4.3, §3.5).

    Schieber: each team its own points × factor; Misère: each team the *other* team's (flag).
    Coiffeur: only the declaring team writes, its own points × factor, or in Misère its
    opponents' points (their Match included) × factor.
    """
    own = list(result.points)
    if plan.misere:
        own = [own[1], own[0]]
    out = [own[0] * factor, own[1] * factor]
    if coiffeur:
        out[1 - declarer_team] = 0
    return out[0], out[1]


def multiplier(extra: Extra | str, multipliers: Sequence[int]) -> int:
    """The default factor of an extra contract in Schieber (§2.6): Slalom, Guschti and TUO as
    Undenufe in the active profile (``multipliers`` indexed by contract), Misère 1."""
    return 1 if Extra(extra).family == "misere" else int(multipliers[UNDENUFE])
