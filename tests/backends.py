"""Every storage and service test runs on both databases: SQLite and a throw-away PostgreSQL
cluster (``tests/pg.py``). On PostgreSQL, ``Storage.open(path)`` gets a schema of its own for each
path a test uses (the same path again: the same schema, as a restart reopens the same file).

Tests marked ``sqlite_only`` check SQLite's own file handling (pragmas, permissions, damaged files)
and run on SQLite alone. ``JASS_TEST_POSTGRES=required`` (CI) makes a missing server an error.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Storage
from bot.storage.db import is_postgres_url

from .pg import find_bin, fresh_schema

REQUIRED = os.environ.get("JASS_TEST_POSTGRES", "") == "required"
AVAILABLE = find_bin() is not None
_schemas = itertools.count(1)


def backends_for(definition: Any) -> list[str]:
    if definition.get_closest_marker("sqlite_only") or not AVAILABLE:
        return ["sqlite"]
    return ["sqlite", "postgresql"]


class PostgresPaths:
    """File paths of a test mapped to schemas of the cluster."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self.urls: dict[str, str] = {}

    async def url(self, path: str | Path) -> str:
        key = str(path)
        if key not in self.urls:
            self.urls[key] = await fresh_schema(self.dsn, f"t{os.getpid()}_{next(_schemas)}")
        return self.urls[key]


@pytest.fixture
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """``sqlite`` or ``postgresql``: the database this run of the test uses."""
    name = getattr(request, "param", "sqlite")
    if name != "postgresql":
        return name
    paths = PostgresPaths(request.getfixturevalue("pg_cluster"))
    real_open = Storage.open.__func__  # type: ignore[attr-defined]

    async def open_on_postgres(cls: type[Storage], path: str | Path) -> Storage:
        target = str(path) if is_postgres_url(str(path)) else await paths.url(path)
        return await real_open(cls, target)

    monkeypatch.setattr(Storage, "open", classmethod(open_on_postgres))
    request.node.postgres_paths = paths
    return name


@pytest.fixture
def database(request: pytest.FixtureRequest, backend: str):
    """``await database(path)``: what another process passes to ``Storage.open`` to reach the
    same database as this test's ``Storage.open(path)``."""

    async def target(path: str | Path) -> str:
        if backend == "postgresql":
            return await request.node.postgres_paths.url(path)
        return str(path)

    return target
