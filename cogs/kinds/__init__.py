"""The game kinds' presenters, by kind: the Discord layer asks :func:`presenter_for` (docs/adding-a-game.md)."""

from __future__ import annotations

from bot.rules.kinds import find_kind

from . import coiffeur, differenzler, individual, molotow, schieber
from .base import KindPresenter

_PRESENTERS: dict[str, KindPresenter] = {
    "schieber": schieber.PRESENTER,
    "coiffeur": coiffeur.PRESENTER,
    "differenzler": differenzler.PRESENTER,
    "molotow": molotow.PRESENTER,
}


def register_presenter(kind: str, presenter: KindPresenter) -> None:
    """Register a kind's presenter (a kind without one is shown by its seat model's default)."""
    _PRESENTERS[kind] = presenter


def unregister_presenter(kind: str) -> None:
    _PRESENTERS.pop(kind, None)


def presenter_for(kind: str) -> KindPresenter:
    """The presenter of ``kind``: its own, else the default of its seat model (teams: Schieber's)."""
    own = _PRESENTERS.get(kind)
    if own is not None:
        return own
    return individual.PRESENTER if find_kind(kind).individual else schieber.PRESENTER


__all__ = ["KindPresenter", "presenter_for", "register_presenter", "unregister_presenter"]
