"""Start-up as an operator meets it: real processes of ``python -m bot``, bad databases and settings.

Each failure must end in one clear line on stderr, a non-zero exit, no hang, and the
database file as it was.
"""

from __future__ import annotations

import hashlib
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTAw.fake-token.for-tests"
#: Discord's API pointed at a closed port of this machine: "no network" without waiting for DNS.
OFFLINE = (
    "import discord.http, runpy, sys; discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'; "
    "sys.argv = ['bot', *sys.argv[1:]]; runpy.run_module('bot', run_name='__main__')"
)


def bot(
    *args: str, env: dict[str, str] | None = None, preexec=None, timeout: float = 60, wrapper: str | None = None
) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("JASS_")}
    clean.update(env or {})
    command = [sys.executable, "-c", wrapper, *args] if wrapper else [sys.executable, "-m", "bot", *args]
    return subprocess.run(
        command,
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=clean,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        preexec_fn=preexec,
    )


def start(database: Path, preexec=None, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot run`` with a token and ``database``, Discord out of reach."""
    return bot(
        "run", env={"DISCORD_TOKEN": TOKEN, "JASS_DATABASE": str(database), **env}, preexec=preexec, wrapper=OFFLINE
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def error_lines(out: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in out.stderr.splitlines() if " ERROR " in line or "Traceback" in line]


@pytest.fixture
def good_db(tmp_path) -> Path:
    """A database as the bot leaves it (migrated, checkpointed)."""
    path = tmp_path / "good" / "jass.sqlite3"
    out = start(path)
    assert out.returncode == 3, out.stderr
    return path


def assert_refused(out: subprocess.CompletedProcess[str], path: Path, words: str) -> None:
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    [line] = error_lines(out)
    assert str(path) in line and words in line, line


def test_garbage_file_is_refused_in_one_line_and_left_alone(tmp_path):
    path = tmp_path / "jass.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 40)
    before = digest(path)
    assert_refused(start(path), path, "not a SQLite database")
    assert digest(path) == before


def test_truncated_file_is_refused(good_db):
    data = good_db.read_bytes()
    good_db.write_bytes(data[: len(data) // 2 + 100])
    before = digest(good_db)
    assert_refused(start(good_db), good_db, "damaged")
    assert digest(good_db) == before


def test_database_of_a_newer_version_is_refused(good_db):
    conn = sqlite3.connect(good_db)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    before = digest(good_db)
    assert_refused(start(good_db), good_db, "newer version")
    assert digest(good_db) == before


def test_empty_file_is_a_new_database_with_a_log_line(tmp_path):
    path = tmp_path / "jass.sqlite3"
    path.touch()
    out = start(path)
    assert out.returncode == 3  # the database was fine; Discord is out of reach
    assert "empty file" in out.stderr and "new database" in out.stderr
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] >= 4
    conn.close()


def without_root_powers() -> list[str]:
    """Root ignores file modes; this drops the capabilities that let it (setpriv, util-linux)."""
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def start_unprivileged(database: Path) -> subprocess.CompletedProcess[str]:
    if os.geteuid() != 0:
        return start(database)
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("JASS_")}
    clean.update({"DISCORD_TOKEN": TOKEN, "JASS_DATABASE": str(database)})
    return subprocess.run(
        [*without_root_powers(), sys.executable, "-c", OFFLINE, "run"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=clean,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def test_read_only_file_is_refused(good_db):
    good_db.chmod(0o444)
    before = digest(good_db)
    assert_refused(start_unprivileged(good_db), good_db, "read-only")
    assert digest(good_db) == before


def test_read_only_folder_is_refused(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    path = folder / "jass.sqlite3"
    out = start_unprivileged(path)
    folder.chmod(0o755)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    [line] = error_lines(out)
    assert str(path) in line and "cannot create the file" in line


def test_full_disk_is_refused(good_db):
    """A file-size limit makes every write past 8 KiB fail, as a full disk does."""

    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))

    before = digest(good_db)
    out = start(good_db, preexec=small_disk)
    assert_refused(out, good_db, "disk")
    assert digest(good_db) == before


def test_database_folder_that_cannot_be_created(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    path = blocker / "data" / "jass.sqlite3"
    out = start(path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    [line] = error_lines(out)
    assert "cannot create the folder" in line


def test_new_database_is_private(tmp_path):
    path = tmp_path / "data" / "jass.sqlite3"
    start(path)
    assert path.parent.stat().st_mode & 0o777 == 0o700
    assert path.stat().st_mode & 0o777 == 0o600


def test_existing_world_readable_database_is_tightened(good_db):
    good_db.chmod(0o644)
    out = start(good_db)
    assert out.returncode == 3
    assert good_db.stat().st_mode & 0o777 == 0o600
    assert "readable by others" in out.stderr


def test_no_network_is_one_line_and_no_voice_noise(tmp_path):
    out = start(tmp_path / "jass.sqlite3")
    assert out.returncode == 3, out.stderr
    assert "Traceback" not in out.stderr
    [line] = error_lines(out)
    assert "cannot reach Discord:" in line
    assert "voice" not in out.stderr.lower() and "PyNaCl" not in out.stderr and "davey" not in out.stderr
    assert TOKEN not in out.stderr


def test_log_file_that_is_a_folder(tmp_path):
    out = start(tmp_path / "jass.sqlite3", JASS_LOG_FILE=str(tmp_path))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "log.file" in out.stderr and "folder" in out.stderr


def test_config_after_the_subcommand_and_bad_config_files(tmp_path):
    good = bot("check-config", "--config", str(ROOT / "config.example.yaml"))
    assert good.returncode == 0 and "settings OK" in good.stdout
    folder = bot("check-config", "--config", str(tmp_path))
    assert folder.returncode == 2 and "Traceback" not in folder.stderr and "is a folder" in folder.stderr
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("language: d\xe9\n".encode("latin-1"))
    out = bot("check-config", "--config", str(latin))
    assert out.returncode == 2 and "Traceback" not in out.stderr and "UTF-8" in out.stderr


@pytest.mark.parametrize("reader", ["head -1", "true"])
def test_check_config_into_a_closed_pipe_is_quiet(reader):
    """``| true`` closes the pipe before the first line is written: the write itself fails."""
    python = f"'{sys.executable}'"
    out = subprocess.run(
        f"{python} -m bot check-config --config config.example.yaml | {reader}",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={k: v for k, v in os.environ.items() if not k.startswith("JASS_")},
    )
    if reader.startswith("head"):
        assert out.stdout.startswith("settings from:")
    assert "BrokenPipeError" not in out.stderr and "Traceback" not in out.stderr


def test_a_second_process_for_the_same_shards_stops_with_one_line(tmp_path):
    """Another bot process (on another machine) drives the shards: ``run`` stops before Discord,
    exit 2, one line naming it; a normal start and stop leaves no claim behind."""
    path = tmp_path / "shared.sqlite3"
    assert start(path).returncode == 3  # Discord out of reach: the claim is dropped on the way out
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM shard_leases").fetchone()[0] == 0
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        conn.execute(
            "INSERT INTO shard_leases (shard, shard_count, holder, renewed_at) "
            "VALUES (0, 1, 'bot-2.example:4242:abcd', ?)",
            (now,),
        )
    out = start(path)
    assert out.returncode == 2, out.stderr
    [line] = error_lines(out)
    assert "cannot start: another bot process (host bot-2.example, pid 4242) drives shard 0; stop it first" in line
    sharded = bot("run", "--shard-count", "2", "--shards", "1", env={"DISCORD_TOKEN": TOKEN,
                  "JASS_DATABASE": str(path)}, wrapper=OFFLINE)  # fmt: skip
    assert sharded.returncode == 2 and "every process needs the same shard count" in sharded.stderr


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://jass:ab/cd-Secret9@127.0.0.1:1/jass",
        "postgresql://jass:ab#cd?Secret9@127.0.0.1:1/jass",
        "postgresql://jass:ab@cd-Secret9@127.0.0.1:1/jass",
    ],
)
def test_a_database_password_is_never_printed_however_the_url_is_written(tmp_path, url):
    """Issue 39, item 6: the whole userinfo is masked, by check-config and by run."""
    checked = bot("check-config", env={"JASS_DATABASE": url})
    ran = bot("run", env={"DISCORD_TOKEN": TOKEN, "JASS_DATABASE": url}, wrapper=OFFLINE)
    secret = url.split("jass:", 1)[1].rsplit("@127", 1)[0]
    for out in (checked, ran):
        assert "Secret9" not in out.stdout + out.stderr and secret[:5] not in out.stdout + out.stderr
    assert "***@127.0.0.1:1/jass" in checked.stdout
    assert ran.returncode == 2 and "***@127.0.0.1:1/jass" in ran.stderr


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("postgresql+asyncpg://jass:Secret9@db/jass", "unsupported database scheme 'postgresql+asyncpg'"),
        ("mysql://jass:Secret9@db/jass", "unsupported database scheme 'mysql'"),
        ("postgresql://jass:Secret9@db:54x2/jass", "is not a number"),
    ],
)
def test_a_mistyped_database_url_is_refused_by_check_config_and_run_alike(tmp_path, url, words):
    """Issue 39, item 7: never a SQLite file named after the URL."""

    def files() -> set[Path]:  # (coverage's data files come and go as the other test worker writes them)
        return {path for path in ROOT.glob("*") if not path.name.startswith(".coverage")}

    before = files()
    checked = bot("check-config", env={"JASS_DATABASE": url})
    ran = bot("run", env={"DISCORD_TOKEN": TOKEN, "JASS_DATABASE": url}, wrapper=OFFLINE)
    for out in (checked, ran):
        assert out.returncode == 2 and words in out.stderr and "Secret9" not in out.stdout + out.stderr
        assert "Traceback" not in out.stderr
    assert files() == before  # no SQLite file (or folder) named after the URL


def test_an_upper_case_scheme_is_postgresql(tmp_path):
    checked = bot("check-config", env={"JASS_DATABASE": "POSTGRESQL://jass:Secret9@127.0.0.1:1/jass"})
    assert checked.returncode == 0 and "database: postgresql://***@127.0.0.1:1/jass" in checked.stdout


def test_shard_bounds_are_checked_before_the_list_is_built(tmp_path):
    """Issue 39, item 9."""
    env = {"DISCORD_TOKEN": TOKEN, "JASS_DATABASE": str(tmp_path / "x.sqlite3")}
    huge = bot("run", "--shards", "0-2000000", "--shard-count", "2", env=env, wrapper=OFFLINE)
    assert huge.returncode == 2 and len(huge.stderr) < 300 and "between 0 and 1" in huge.stderr
    zero = bot("run", "--shard-count", "0", env=env, wrapper=OFFLINE)
    assert zero.returncode == 2 and "at least 1, got 0" in zero.stderr and "0--1" not in zero.stderr


def test_a_dot_env_file_is_read_and_the_environment_wins(tmp_path):
    """Issue 39, item 25: a .env beside the bot holds the token and settings."""
    (tmp_path / ".env").write_text(
        "# the bot's secrets\nDISCORD_TOKEN=from-the-file\nJASS_DATABASE=from-env-file.sqlite3\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("JASS_")}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run([sys.executable, "-m", "bot", "check-config"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=60)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "DISCORD_TOKEN: set" in out.stdout and "database: from-env-file.sqlite3" in out.stdout
    assert "from-the-file" not in out.stdout + out.stderr  # the token is never printed
    env["JASS_DATABASE"] = "from-the-shell.sqlite3"
    out = subprocess.run([sys.executable, "-m", "bot", "check-config"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=60)  # fmt: skip
    assert "database: from-the-shell.sqlite3" in out.stdout
