"""Every test of this folder runs on SQLite and on PostgreSQL (tests/backends.py)."""

import pytest

from ..backends import backend, database  # noqa: F401 (fixtures)


@pytest.fixture(autouse=True)
def on_both_databases(backend: str) -> str:  # noqa: F811
    return backend
