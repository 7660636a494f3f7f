"""docs/adding-a-game.md, followed literally (issue 63, item 7): in a copy of the repository, every
file the page shows is written as it stands, its one line added to ``INSTALLED``, and every command
it says to run is run; the new kind plays a whole game in the terminal, and the whole bot starts
offline and plays a hand of it through Discord. Nothing but the kind's package and that line changes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adding-a-game.md"
EXAMPLE = "/".join(("bot", "kinds", "beispiel"))  # the page's package (written in a copy only)
BLOCK = re.compile(r"^```(\w+)(?: (file|add-line)=(\S+))?\n(.*?)^```$", re.M | re.S)


def steps() -> list[tuple[str, str | None, str | None, str]]:
    """The page's code blocks: (language, file/add-line, path, text)."""
    return [(m[1], m[2], m[3], m[4]) for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))]


def copy_of_the_repository(target: Path) -> Path:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.splitlines()  # fmt: skip
    for name in listed:
        source = ROOT / name
        if source.is_file() and not name.startswith(("bot/web/activity/node_modules/", ".git")):
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def add_line(path: Path, diff: str) -> None:
    """The page's one line (the diff's ``+`` line), added at the end of ``INSTALLED``."""
    [line] = [d[1:] for d in diff.splitlines() if d.startswith("+")]
    text = path.read_text(encoding="utf-8")
    start = text.index("INSTALLED = [")
    end = text.index("\n]", start)
    path.write_text(text[:end] + "\n" + line.rstrip("\n") + text[end:], encoding="utf-8")


def same_file(original: Path, copy: Path) -> bool:
    return original.is_file() and original.read_bytes() == copy.read_bytes()


def test_the_page_shows_a_whole_kind_and_its_one_line() -> None:
    found = steps()
    files = [path for _, how, path, _ in found if how == "file"]
    assert files and all(path.startswith(EXAMPLE + "/") for path in files)
    assert f"{EXAMPLE}/__init__.py" in files and f"{EXAMPLE}/engine.py" in files
    assert [path for _, how, path, _ in found if how == "add-line"] == ["bot/kinds/__init__.py"]
    assert any(lang == "console" for lang, *_ in found)
    assert not (ROOT / "bot" / "kinds" / "beispiel").exists()  # the example is the page's, not the product's


@pytest.mark.slow
def test_following_the_page_adds_a_game_the_bot_plays(tmp_path: Path) -> None:
    repo = copy_of_the_repository(tmp_path / "repo")
    for _, how, path, text in steps():
        if how == "file":
            assert path is not None
            (repo / path).parent.mkdir(parents=True, exist_ok=True)
            (repo / path).write_text(text, encoding="utf-8")
        elif how == "add-line":
            assert path is not None
            add_line(repo / path, text)
    touched = sorted(
        str(path.relative_to(repo)) for folder in ("bot", "cogs") for path in (repo / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
        and not same_file(ROOT / path.relative_to(repo), path)
    )  # fmt: skip
    assert "bot/kinds/__init__.py" in touched
    assert all(t.startswith(EXAMPLE + "/") or t == "bot/kinds/__init__.py" for t in touched), touched
    before = (ROOT / "bot/kinds/__init__.py").read_text(encoding="utf-8").splitlines()
    after = (repo / "bot/kinds/__init__.py").read_text(encoding="utf-8").splitlines()
    assert len(after) == len(before) + 1 and [line for line in after if line not in before] == [
        '    "bot.kinds.beispiel",'
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JASS_", "DISCORD_", "PYTEST_"))}
    env["PYTHONPATH"] = str(repo)
    commands = [line[2:] for lang, _, _, text in steps() if lang == "console" for line in text.splitlines()
                if line.startswith("$ ")]  # fmt: skip
    assert len(commands) == 2
    for command in commands:
        argv = command.split()
        assert argv[0] == "python"
        argv = [sys.executable, *argv[1:]]
        if argv[1:3] == ["-m", "pytest"]:
            argv += ["-p", "no:cacheprovider", "-p", "no:xdist", "-rA"]  # -rA: a line per test passed
        done = subprocess.run(argv, cwd=repo, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        if "play" in argv:
            assert "Beispiel" in done.stdout or "Example" in done.stdout
        else:
            passed = re.findall(r"^PASSED (\S+)", done.stdout, re.M)
            assert len(passed) == 2 and all(t.endswith("[beispiel]") for t in passed), done.stdout[-2000:]
