"""The game kinds the bot plays: one package each, installed here by one line (docs/adding-a-game.md).

A kind's package declares its :class:`~bot.rules.kinds.GameKind` as ``KIND`` in its ``__init__``
and may hold one module per layer, each found by its name:

========== ============== ==================================================================
module     what it holds  without it
========== ============== ==================================================================
engine     ``ENGINE``     (required) the kind's part of the table engine (``bot/game/kinds``)
players    ``make``       the computer players of every level (``bot/ai/levels.py``)
terminal   ``PART``       the default of its seat model (``bot/terminal/base.py``)
presenter  ``PRESENTER``  the default of its seat model (``cogs/kinds``)
web        ``PART``       each seat's total on the public pages (``bot/web/kinds``)
========== ============== ==================================================================

Its texts and rule presets travel in the declaration (``texts``, ``presets``). The layers ask
:func:`part_of`; nothing outside a kind's package names it.

>>> [kind for kind in INSTALLED]
['bot.kinds.schieber', 'bot.kinds.coiffeur', 'bot.kinds.differenzler', 'bot.kinds.molotow']
>>> part_of("molotow", "web") is None, part_of("coiffeur", "web").__name__
(True, 'bot.kinds.coiffeur.web')
"""

from __future__ import annotations

import importlib
from types import ModuleType

from bot.rules.kinds import GameKind, find_kind, register_kind, unregister_kind

#: The kinds the bot plays, in the order people see them: a new kind is one more line.
INSTALLED = [
    "bot.kinds.schieber",
    "bot.kinds.coiffeur",
    "bot.kinds.differenzler",
    "bot.kinds.molotow",
]

#: The modules a kind's package may hold.
PARTS = ("engine", "players", "terminal", "presenter", "web")

_PACKAGES: dict[str, str] = {}  # kind name -> its package
_FOUND: dict[tuple[str, str], ModuleType | None] = {}


def install(package: str) -> GameKind:
    """Import ``package`` and register the kind it declares as ``KIND`` (a test installs its own)."""
    module = importlib.import_module(package)
    kind = getattr(module, "KIND", None)
    if not isinstance(kind, GameKind):
        raise TypeError(f"{package} declares no KIND = GameKind(...)")
    _PACKAGES[kind.name] = package
    _forget(kind.name)
    return register_kind(kind)


def uninstall(name: str) -> None:
    """Remove a kind a test installed."""
    _PACKAGES.pop(name, None)
    _forget(name)
    unregister_kind(name)


def _forget(name: str) -> None:
    for key in [k for k in _FOUND if k[0] == name]:
        del _FOUND[key]


def package_of(kind: str | GameKind) -> str:
    """The package a kind was installed from."""
    name = kind if isinstance(kind, str) else kind.name
    find_kind(name)  # KeyError naming the known kinds
    return _PACKAGES[name]


def part_of(kind: str | GameKind, part: str) -> ModuleType | None:
    """The module ``part`` (one of :data:`PARTS`) of a kind's package, or None when it has none."""
    name = kind if isinstance(kind, str) else kind.name
    key = (name, part)
    if key not in _FOUND:
        if part not in PARTS:
            raise ValueError(f"no such part of a game kind: {part!r}; one of {', '.join(PARTS)}")
        wanted = f"{package_of(name)}.{part}"
        try:
            _FOUND[key] = importlib.import_module(wanted)
        except ModuleNotFoundError as err:
            if err.name != wanted:  # the part exists but imports something missing
                raise
            _FOUND[key] = None
    return _FOUND[key]


for _package in INSTALLED:
    install(_package)
