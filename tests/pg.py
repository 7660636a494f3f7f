"""A throw-away PostgreSQL cluster for tests and benchmarks: a temporary data folder, a Unix
socket in it (no TCP), trust authentication, stopped and deleted at the end.

PostgreSQL refuses to run as root: as root the cluster runs as the ``postgres`` user of the
distribution's package. ``find_bin()`` is None when no server is installed.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

USER = "jass"  # the cluster's superuser role


def find_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (Debian's layout, or on the PATH), or None."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(Path(folder) / "initdb", os.X_OK):
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _as_owner(args: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@contextlib.contextmanager
def cluster(durable: bool = False) -> Iterator[str]:
    """Start a cluster; yields its DSN (``postgresql://jass@/postgres?host=<socket folder>``).
    ``durable``: commits are synced to disk as on a real server (benchmarks); tests skip that."""
    bin_dir = find_bin()
    if bin_dir is None:
        raise RuntimeError("no PostgreSQL server installed (initdb not found)")
    root = Path(tempfile.mkdtemp(prefix="jass-pg-"))
    data, sock = root / "data", root / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sock, "postgres")
    root.chmod(0o755)
    run = dict(check=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    try:
        subprocess.run(_as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", USER, "--auth=trust",
                                  "-E", "UTF8", "--no-sync"]), **run)  # fmt: skip
        options = f"-k {sock} -c listen_addresses='' -c max_connections=200"
        if not durable:
            options += " -c fsync=off"
        subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-w",
                                  "-l", str(root / "log"), "start"]), **run)  # fmt: skip
    except subprocess.CalledProcessError as err:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {err.stdout.decode(errors='replace')[-500:]}") from err
    try:
        yield f"postgresql://{USER}@/postgres?host={sock}"
    finally:
        subprocess.run(_as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


async def fresh_schema(dsn: str, schema: str) -> str:
    """Create ``schema`` in the cluster; returns the URL whose connections use it."""
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    return f"{dsn}&search_path={schema}"
