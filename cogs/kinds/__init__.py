"""The game kinds' presenters: the Discord layer asks :func:`presenter_for`, which finds the
``PRESENTER`` of the kind's package (``bot/kinds/<kind>/presenter.py``), else the default of its
seat model (docs/adding-a-game.md)."""

from __future__ import annotations

from bot.kinds import part_of
from bot.rules.kinds import find_kind

from . import individual, team
from .base import KindPresenter


def presenter_for(kind: str) -> KindPresenter:
    """The presenter of ``kind``: its own, else the default of its seat model (teams: the Jasstafel)."""
    module = part_of(kind, "presenter")
    if module is not None:
        own: KindPresenter = module.PRESENTER
        return own
    return individual.PRESENTER if find_kind(kind).individual else team.PRESENTER


__all__ = ["KindPresenter", "presenter_for"]
