"""The hand histories of every game kind and rule preset, as digests: a refactoring changes none.

``python -m scripts.history_digests`` prints one line per game: ``--game schieber --seed 1 <sha256>``
(the four kinds and the ten presets, seeds 1–5, four computer players, ``python -m bot play --json``).
``--check FILE`` compares with a stored list and exits 1 naming each game that differs.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import sys

from bot.__main__ import main
from bot.rules.kinds import kind_names
from bot.rules.ruleset import PRESETS

SEEDS = range(1, 6)


def runs() -> list[list[str]]:
    """The command lines: each kind and each preset, each seed."""
    choices = [["--game", k] for k in kind_names()] + [["--preset", p] for p in PRESETS]
    return [[*c, "--seed", str(s)] for c in choices for s in SEEDS]


def digest(args: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["play", "--json", "--seats", "ai,ai,ai,ai", *args])
    if code:
        raise SystemExit(f"python -m bot play {' '.join(args)} exited {code}")
    return hashlib.sha256(out.getvalue().encode()).hexdigest()


def lines() -> list[str]:
    return [f"{' '.join(a)} {digest(a)}" for a in runs()]


def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.history_digests")
    parser.add_argument("--check", metavar="FILE", help="compare with a stored list")
    args = parser.parse_args(argv)
    now = lines()
    if not args.check:
        print("\n".join(now))
        return 0
    with open(args.check, encoding="utf-8") as f:
        stored = f.read().splitlines()
    before = {line.rsplit(" ", 1)[0]: line for line in stored}  # a game's command line -> its line
    differ = [line.rsplit(" ", 1)[0] for line in now if before.get(line.rsplit(" ", 1)[0]) != line]
    for game in differ:
        print("differs:", game)
    print(f"{len(now) - len(differ)}/{len(now)} histories identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(cli())
