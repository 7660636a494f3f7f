"""The README is for players, admins and operators (issue 39, item 25): the two set-up commands
first and the one that needs no token beside them, the invite right after, short, and without
measurement tables (those live in docs/)."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_first_commands_and_the_invite_come_first():
    block = README.split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands[:3] == ["make run", "make test", "make play"]
    sections = re.findall(r"^#+ (.+)$", README, flags=re.M)
    assert sections[1:3] == ["Set up on a fresh machine", "Inviting the bot"]
    invite = README.split("### Inviting the bot", 1)[1].split("\n### ", 1)[0]
    assert "Copy Server ID" in invite and "dev_guild_ids" in invite and "up to an hour" in invite
    assert ".env" in README and "minutes" in block


def test_short_and_free_of_measurement_tables():
    assert len(README.encode("utf-8")) < 15_000
    for row in re.findall(r"^\|.*\|$", README, flags=re.M):
        assert not re.search(r"\bp(50|99)\b|\d ms\b|\d s\b", row), row
