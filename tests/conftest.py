"""Fixtures and hooks for the whole suite: the PostgreSQL cluster of the two-database tests."""

from __future__ import annotations

import pytest

from . import backends
from .pg import cluster


@pytest.fixture(scope="session")
def pg_cluster():
    """A throw-away PostgreSQL cluster for this test process (started on first use)."""
    with cluster() as dsn:
        yield dsn


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only: runs on SQLite alone (SQLite's own file handling, or nothing database-specific)"
    )
    if backends.REQUIRED and not backends.AVAILABLE:
        raise pytest.UsageError("JASS_TEST_POSTGRES=required, but no PostgreSQL server is installed (initdb)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", backends.backends_for(metafunc.definition), indirect=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without a PostgreSQL server, tests that need the cluster itself are left out (and the
    summary says the PostgreSQL half did not run)."""
    if backends.AVAILABLE:
        return
    left_out = [item for item in items if "pg_cluster" in getattr(item, "fixturenames", ())]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Say plainly whether the PostgreSQL half ran (it needs an installed server)."""
    if hasattr(config, "workerinput"):
        return
    ids = [r.nodeid for key in ("passed", "failed", "error") for r in terminalreporter.stats.get(key, [])
           if getattr(r, "when", "call") == "call"]  # fmt: skip
    on_postgres = sum("[postgresql" in i for i in ids)
    on_sqlite = sum("[sqlite" in i for i in ids)
    if on_postgres:
        terminalreporter.write_line(f"PostgreSQL: {on_postgres} storage and service tests ran on a throw-away "
                                    f"PostgreSQL cluster ({on_sqlite} on SQLite).")  # fmt: skip
    elif on_sqlite and not backends.AVAILABLE:
        terminalreporter.write_line(
            "PostgreSQL is NOT installed: the PostgreSQL half of the storage and service tests was NOT run "
            "(install the postgresql package; CI runs it).",
            red=True,
            bold=True,
        )
