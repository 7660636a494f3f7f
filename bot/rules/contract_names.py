"""Every contract a maker may name, by its name in commands and in the history.

``eichel`` … ``schilte``, ``obenabe``, ``undenufe`` (Schieber's six), ``slalom-obenabe``,
``slalom-undenufe``, ``guschti-obenabe``, ``guschti-undenufe``, ``tuo-<suit>`` and ``misere``
(announced with its start: ``misere-obenabe``, ``misere-undenufe``, ``misere-slalom-obenabe``,
``misere-slalom-undenufe``; the history names it ``misere`` and gives the start apart).

>>> called("tuo-rose").schedule.letters()
'TTTUUUOOO'
>>> called("misere-undenufe").name, called("misere-undenufe").start
('misere', 'undenufe')
>>> called("obenabe").schedule is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .contracts import Contract
from .schedules import Extra, Schedule, schedule

SUIT_NAMES = ("eichel", "rose", "schelle", "schilte")
MISERE_STARTS = ("obenabe", "undenufe", "slalom-obenabe", "slalom-undenufe")
#: Every announceable name of the extra contracts, by family (``extra_contracts`` values).
EXTRA_NAMES: dict[str, tuple[str, ...]] = {
    "slalom": ("slalom-obenabe", "slalom-undenufe"),
    "gusti": ("guschti-obenabe", "guschti-undenufe"),
    "tuo": tuple(f"tuo-{s}" for s in SUIT_NAMES),
    "misere": tuple(f"misere-{s}" for s in MISERE_STARTS),
}
#: The family of a Coiffeur row (its contract name on the Tafel) as ``extra_contracts`` names it.
ROW_FAMILY = {"slalom": "slalom", "guschti": "gusti", "tuo": "tuo", "misere": "misere"}
MODE_NAMES = {4: "obenabe", 5: "undenufe"}


@dataclass(frozen=True)
class Called:
    """A named contract: what the hand engine plays (``contract``, ``schedule``) and its names."""

    name: str  # the history's name: eichel … undenufe, slalom-obenabe, tuo-rose, misere
    contract: int  # the plain contract, or an extra contract's trick-1 mode (for Weis)
    schedule: Schedule | None = None
    start: str | None = None  # Misère's start

    @property
    def family(self) -> str:
        """``schieber`` for the six plain contracts, else ``slalom``, ``gusti``, ``tuo``, ``misere``."""
        return "schieber" if self.schedule is None else self.schedule.extra.family

    @property
    def full_name(self) -> str:
        """The name a command gives (Misère with its start)."""
        return f"misere-{self.start}" if self.start else self.name

    def mode_name(self, trick_no: int) -> str:
        """``trump``, ``obenabe`` or ``undenufe``: the mode of trick ``trick_no`` (0 = first)."""
        mode = self.schedule.mode(trick_no) if self.schedule else self.contract
        return MODE_NAMES.get(mode, "trump")


def called(name: str, *, tuo_order: Sequence[str] = ("T", "U", "O")) -> Called:
    """The contract named ``name`` (a :data:`ValueError` names the known ones)."""
    name = str(name).strip().lower()
    if name in SUIT_NAMES or name in ("obenabe", "undenufe"):
        return Called(name, int(Contract.parse(name)))
    if name.startswith("tuo-") and name[4:] in SUIT_NAMES:
        plan = schedule(Extra.TUO, SUIT_NAMES.index(name[4:]), tuo_order=tuo_order)
        return Called(name, plan.weis_mode, plan)
    if name.startswith("misere-") and name[7:] in MISERE_STARTS:
        plan = schedule(Extra("misere_" + name[7:].replace("-", "_")))
        return Called("misere", plan.weis_mode, plan, start=name[7:])
    if name in EXTRA_NAMES["slalom"] or name in EXTRA_NAMES["gusti"]:
        plan = schedule(Extra(name.replace("-", "_")))
        return Called(name, plan.weis_mode, plan)
    known = [*SUIT_NAMES, "obenabe", "undenufe", *(n for names in EXTRA_NAMES.values() for n in names)]
    raise ValueError(f"not a contract: {name!r} (one of {', '.join(known)})")


def names_for_row(row_contract: str, joker_choices: str = "suits_obe_unde") -> tuple[str, ...]:
    """The names a Coiffeur row may be announced as: a plain row itself, a Joker any plain
    contract (with ``any`` also every extra), a Slalom, Guschti, TUO or Misère row one of its starts."""
    plain = (*SUIT_NAMES, "obenabe", "undenufe")
    if row_contract in plain:
        return (row_contract,)
    if row_contract == "joker":
        extras = tuple(n for names in EXTRA_NAMES.values() for n in names) if joker_choices == "any" else ()
        return plain + extras
    return EXTRA_NAMES[ROW_FAMILY[row_contract]]


def names_enabled(families: Sequence[str]) -> tuple[str, ...]:
    """The extra contracts' names a Schieber table with ``extra_contracts = families`` offers."""
    return tuple(n for family in families for n in EXTRA_NAMES.get(family, ()))
