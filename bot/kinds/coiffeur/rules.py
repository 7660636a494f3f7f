"""Coiffeur's Tafel: rows and factors, who may choose a row, what a row is worth, who wins
(docs/rules-variants.md, Coiffeur). Pure rules: the table engine plays the hands.

>>> tafel = Tafel.of("reglement8")
>>> [str(row) for row in tafel.rows[:3]], tafel.max_total()
(['eichel ×1', 'rose ×2', 'schilte ×3'], 9252)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules.schedules import LAST_TRICK, MATCH_BONUS

SUITS = ("eichel", "rose", "schelle", "schilte")
PLAIN = (*SUITS, "obenabe", "undenufe")  # what a Joker may be by default
MIXED = ("slalom", "guschti", "tuo", "misere")
ROW_CONTRACTS = (*PLAIN, "joker", *MIXED)
MATCH_TOTAL = 152 + LAST_TRICK + MATCH_BONUS  # 257

#: The Tafeln of the specification (row contract, factor), by profile name.
TAFELN: dict[str, tuple[tuple[str, int], ...]] = {
    "reglement8": (("eichel", 1), ("rose", 2), ("schilte", 3), ("schelle", 4), ("obenabe", 5),
                   ("undenufe", 6), ("joker", 7), ("joker", 8)),
    "ten": (("eichel", 1), ("rose", 2), ("schilte", 3), ("schelle", 4), ("obenabe", 5), ("undenufe", 6),
            ("slalom", 7), ("guschti", 8), ("joker", 9), ("joker", 10)),
    "jassen_ch": (("rose", 1), ("eichel", 2), ("schilte", 3), ("schelle", 4), ("obenabe", 5), ("undenufe", 6),
                  ("slalom", 7), ("guschti", 8), ("joker", 9), ("joker", 10)),
}  # fmt: skip


class CoiffeurError(ValueError):
    """A Tafel or a choice the rules do not allow; ``code`` is stable, the text says why."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


@dataclass(frozen=True)
class Row:
    """One row of the Tafel: a contract (or ``joker``) and its factor."""

    contract: str
    factor: int

    def __str__(self) -> str:
        return f"{self.contract} ×{self.factor}"


@dataclass
class Tafel:
    """The rows and what each team wrote in them (team 0: seats 0 and 2; team 1: seats 1 and 3)."""

    rows: tuple[Row, ...]
    written: dict[tuple[int, int], int] = field(default_factory=dict)  # (team, row index) -> value
    played_as: dict[tuple[int, int], str] = field(default_factory=dict)  # (team, row) -> the contract played

    @classmethod
    def of(cls, profile: str = "reglement8", rows: Sequence[Sequence[object]] | None = None) -> Tafel:
        """A Tafel of a profile, or ``custom`` with ``rows`` as ``[[contract, factor], ...]``."""
        if profile == "custom":
            if not rows:
                raise CoiffeurError("no_rows", "a custom Tafel needs rows: [[contract, factor], ...]")
            spec = []
            for item in rows:
                if len(item) != 2:
                    raise CoiffeurError("bad_row", f"a row is [contract, factor], not {list(item)!r}")
                contract, factor = item
                spec.append((str(contract), factor))
        elif profile in TAFELN:
            spec = list(TAFELN[profile])
        else:
            raise CoiffeurError("profile", f"unknown Tafel {profile!r}; one of {', '.join(TAFELN)}, custom")
        out = []
        for contract, factor in spec:
            if contract not in ROW_CONTRACTS:
                raise CoiffeurError("bad_row", f"not a row contract: {contract!r} (one of {', '.join(ROW_CONTRACTS)})")
            if not isinstance(factor, int) or isinstance(factor, bool) or not 1 <= factor <= 100:
                raise CoiffeurError("bad_row", f"a row's factor is a whole number from 1 to 100, not {factor!r}")
            out.append(Row(contract, factor))
        return cls(tuple(out))

    def max_total(self) -> int:
        """A Match in every row, 257 × the sum of the factors (V15's figure; the declarers' Stöck
        in suit rows can add 20 × those rows' factors, docs/rules-variants.md)."""
        return MATCH_TOTAL * sum(row.factor for row in self.rows)

    def open_rows(self, team: int) -> list[int]:
        """Indexes of the rows ``team`` has still to play."""
        return [i for i in range(len(self.rows)) if (team, i) not in self.written]

    def fill(self, team: int, row: int, value: int, contract: str | None = None) -> None:
        """Write ``value`` in ``team``'s row ``row`` (played as ``contract``); a row is filled once."""
        if row not in range(len(self.rows)):
            raise CoiffeurError("no_such_row", f"the Tafel has rows 1 to {len(self.rows)}, not {row + 1}")
        if (team, row) in self.written:
            raise CoiffeurError("row_filled", f"row {self.rows[row]} is already filled for this team")
        self.written[(team, row)] = value
        self.played_as[(team, row)] = contract or self.rows[row].contract

    @property
    def complete(self) -> bool:
        """Both teams have filled every row: the game is over."""
        return len(self.written) == 2 * len(self.rows)

    def totals(self) -> tuple[int, int]:
        return (sum(v for (t, _), v in self.written.items() if t == 0),
                sum(v for (t, _), v in self.written.items() if t == 1))  # fmt: skip

    def winner(self) -> int | None:
        """The team with the higher total once the Tafel is complete; ``None`` for a draw (or before)."""
        if not self.complete:
            return None
        a, b = self.totals()
        return None if a == b else (0 if a > b else 1)


def joker_allowed(contract: str, choices: str = "suits_obe_unde") -> bool:
    """May a Joker row be played as ``contract``? A suit, Obenabe or Undenufe; with ``any``, also
    the mixed contracts. A contract the team already played in its own row may repeat."""
    return contract in PLAIN or (choices == "any" and contract in MIXED)


@dataclass(frozen=True)
class Choice:
    """Who chooses the row now: ``seat``, and whether they must (``forced``: im Zwang)."""

    seat: int
    forced: bool


def chooser(forehand: int, shoves: int, tafel: Tafel, shove: str = "round") -> Choice:
    """Who announces after ``shoves`` shoves this hand, given the rows still open on ``tafel``.

    ``round`` (default): the choice goes round the table from forehand; a player whose team has
    no open row is skipped; when every player who may choose has shoved, the choice is back with
    forehand, who must choose (or, if forehand's team is full, the first player after forehand
    whose team has an open row). ``partner``: forehand, then forehand's partner, who must choose.
    """
    has_open = [bool(tafel.open_rows(t)) for t in (0, 1)]
    if not any(has_open):
        raise CoiffeurError("tafel_full", "the Tafel is full: no row left to choose")
    if shove == "partner":
        if shoves == 0:
            return Choice(forehand, False)
        if shoves == 1:
            return Choice((forehand + 2) % 4, True)
        raise CoiffeurError("no_shove", "the partner must choose: no second shove")
    if shove != "round":
        raise CoiffeurError("shove", f"shove is 'round' or 'partner', not {shove!r}")
    may = [seat for seat in ((forehand + i) % 4 for i in range(4)) if has_open[seat % 2]]
    if shoves < len(may):
        return Choice(may[shoves], False)
    if shoves == len(may):
        return Choice(may[0], True)  # forehand if its team may still choose, else the first who may
    raise CoiffeurError("no_shove", "the player im Zwang must choose: no more shoves")


def row_value(row: Row, points: tuple[int, int], declarer_team: int, *, contract: str | None = None,
              stoeck: int = 0, weis: int = 0, stoeck_rule: str = "except_joker",
              kontermatsch: str = "zero") -> tuple[int, int]:  # fmt: skip
    """What each team writes for a hand played in ``row`` (only the declaring team writes).

    ``points``: card points per team, the last trick's +5 and the Match's +100 included.
    ``stoeck``: the declarers' Stöck (20 or 0), counted by ``stoeck_rule`` (``except_joker``:
    not in Joker rows; ``off``; ``always``); ``weis``: the declarers' Weis, when the table writes
    them. A Misère row writes the opponents' points. Kontermatsch (the opponents took all nine
    tricks, 257 points): ``zero`` (default), ``negative`` (−257 × factor), ``opponents_bonus``
    (the opponents get 257 × factor, outside the rows: the second number).
    """
    d, o = declarer_team, 1 - declarer_team
    played = contract or row.contract
    out = [0, 0]
    if played == "misere":
        out[d] = points[o] * row.factor
        return out[0], out[1]
    if points[o] == MATCH_TOTAL:  # Kontermatsch
        if kontermatsch == "negative":
            out[d] = -MATCH_TOTAL * row.factor
        elif kontermatsch == "opponents_bonus":
            out[o] = MATCH_TOTAL * row.factor
        elif kontermatsch != "zero":
            raise CoiffeurError(
                "kontermatsch", f"kontermatsch is zero, negative or opponents_bonus, not {kontermatsch!r}"
            )
        return out[0], out[1]
    counted = {"except_joker": row.contract != "joker", "always": True, "off": False}
    if stoeck_rule not in counted:
        raise CoiffeurError("stoeck", f"stoeck is except_joker, off or always, not {stoeck_rule!r}")
    extra = (stoeck if counted[stoeck_rule] else 0) + weis
    out[d] = (points[d] + extra) * row.factor
    return out[0], out[1]


#: What a Slalom, Guschti or Misère row is played as: the announcer names the start
#: (the names of :class:`bot.rules.schedules.Extra`).
STARTS = {
    "slalom": ("slalom_obenabe", "slalom_undenufe"),
    "guschti": ("guschti_obenabe", "guschti_undenufe"),
    "misere": ("misere_obenabe", "misere_undenufe", "misere_slalom_obenabe", "misere_slalom_undenufe"),
}


def announce(tafel: Tafel, team: int, row: int, contract: str | None = None,
             joker_choices: str = "suits_obe_unde") -> str:  # fmt: skip
    """Check an announcement (R3.3.5) and return the contract the hand is played as.

    Only an open row of the announcer's team; a Joker names its contract (a suit, Obenabe,
    Undenufe, or with ``any`` a mixed one: a start must then be named too); Slalom, Guschti and
    Misère rows name their start; a plain row is played as itself.
    """
    if row not in range(len(tafel.rows)):
        raise CoiffeurError("no_such_row", f"the Tafel has rows 1 to {len(tafel.rows)}, not {row + 1}")
    if row not in tafel.open_rows(team):
        raise CoiffeurError("row_filled", f"row {tafel.rows[row]} is already filled for this team")
    kind = tafel.rows[row].contract
    if kind == "joker":
        if contract is None:
            raise CoiffeurError("joker_needs_contract", "a Joker row names the contract it is played as")
        family = next((f for f, starts in STARTS.items() if contract in starts), contract)
        if not joker_allowed(family, joker_choices):
            raise CoiffeurError("joker_contract", f"a Joker may not be played as {contract!r} at this table")
        if family in STARTS and contract not in STARTS[family]:
            raise CoiffeurError("start_needed", f"name the start: one of {', '.join(STARTS[family])}")
        return contract
    if kind in STARTS:
        if contract not in STARTS[kind]:
            raise CoiffeurError("start_needed", f"name the start: one of {', '.join(STARTS[kind])}")
        return contract
    if contract not in (None, kind):
        raise CoiffeurError("wrong_contract", f"row {tafel.rows[row]} is played as {kind}, not {contract!r}")
    return kind
