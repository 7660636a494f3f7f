"""Game kinds defined only in the tests (the toy) and how a test installs one for its own time."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.kinds import install, uninstall
from bot.rules.kinds import GameKind

TOY_PACKAGE = "tests.kinds.toy"


@contextmanager
def installed(package: str = TOY_PACKAGE) -> Iterator[GameKind]:
    """The kind of ``package`` installed, by the same one line a product kind is (``bot.kinds.install``)."""
    kind = install(package)
    try:
        yield kind
    finally:
        uninstall(kind.name)
