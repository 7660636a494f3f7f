"""Texts name commands as the reader's Discord client shows them, and use one word for one thing
(issue 52, items 16-17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bot.texts as texts
from bot.rules import RuleSet
from bot.texts import MESSAGES, message
from bot.texts.command_names import expand
from bot.texts.rules_topics import TOPICS

WRITTEN = re.compile(r"/(jass|tournament|turnier|rules|regeln|challenge)\s+([a-zäöü_-]+)")


def every_text() -> list[tuple[str, str, str]]:
    out = [(key, lang, text) for key, texts in MESSAGES.items() for lang, text in texts.items()]
    out += [(t.key, lang, text) for t in TOPICS for lang, text in {**t.title, **t.text}.items()]
    return out


def test_no_text_writes_a_command_name_by_hand():
    """Every text of the catalogue's sources names commands by ``{cmd.…}`` (docstrings aside)."""
    for path in sorted(Path(texts.__file__).parent.glob("*.py")):
        if path.name in ("command_names.py", "commands.py"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if "``" in line:
                continue  # a docstring naming a command for the reader of the code
            found = WRITTEN.search(line)
            assert found is None, f"{path.name}:{number}: {found and found[0]}"


@pytest.mark.parametrize(("key", "values", "german", "english"), [
    ("err.RATINGS_OFF", {}, "/jass einstellungen wertung:off", "/jass settings ratings:off"),
    ("err.TOO_MANY_TABLES.channel", {"limit": 3}, "/jass beenden", "/jass end"),
    ("err.TOO_MANY_TABLES.user", {"limit": 3}, "/jass beenden", "/jass end"),
    ("err.SEATED_ELSEWHERE", {"table": "7"}, "/jass aufstehen", "/jass leave"),
    ("err.broken_table", {"ids": "7"}, "/jass neu", "/jass new"),
    ("table.created_besides", {"others": "7"}, "/jass mitspielen", "/jass join"),
    ("err.forbidden_channel", {"id": "7", "missing": "x"}, "/jass tisch", "/jass table"),
])  # fmt: skip
def test_a_german_reader_gets_the_german_command_names(key, values, german, english):
    de, en = message(key, "de", **values), message(key, "en", **values)
    assert german in de and english not in de
    assert english in en


def test_the_rules_topics_name_commands_in_the_readers_language():
    bot = next(t for t in TOPICS if "ersatz" in t.aliases)
    assert "/jass neu" in bot.text["de"] and "/jass karten" in bot.text["de"] and "/jass new" not in bot.text["de"]
    assert "/jass new" in bot.text["en"]
    presets = next(t for t in TOPICS if t.key == "presets")
    assert presets.title["de"] == "Voreinstellungen (/jass neu variante)"


def test_a_placeholder_for_a_command_that_does_not_exist_fails_loudly():
    with pytest.raises(KeyError):
        expand("{cmd.jass.nothing}", "de")


def test_a_hand_is_a_runde_in_german():
    assert message("ind.hand_of", "de", n=8, hands=12) == "Runde 8 von 12"
    assert message("table.molotow", "de", hands=8) == "Molotow, 8 Runden"
    assert message("mo.summary", "de", n=3, trump="Rose").startswith("Runde 3")
    assert message("dz.pad", "de", n=2).endswith("Runde 2")
    for key, lang, text in every_text():
        if lang == "de":
            assert not re.search(r"\bSpiel \{n\}|\{hands\} Spiele", text), key


def test_one_person_is_told_beende():
    assert "Beende zuerst" in message("err.TOO_MANY_TABLES.channel", "de", limit=2)
    assert not [k for k, lang, text in every_text() if lang == "de" and "Beendet zuerst" in text]


def test_the_multiplier_profile_is_named_in_the_readers_language():
    for profile in ("classic", "swiss_3_3", "ascending", "single"):
        assert message(f"profile.{profile}", "de") != profile
    assert message("profile.classic", "de").startswith("klassisch")
    assert RuleSet().multiplier_profile == "classic"


def test_the_terminal_names_the_profile_in_german():
    import io

    from bot.terminal import TerminalGame

    out = io.StringIO()
    game = TerminalGame(["ai", "ai", "ai", "ai"], RuleSet.preset("single-1000"), 3, False, out=out, lang="de",
                        style="plain")  # fmt: skip
    assert game.run() == 0
    assert "(alles einfach)" in out.getvalue() and "(single)" not in out.getvalue()


def test_match_is_written_one_way():
    """Match for all nine tricks, Kontermatsch for the opponents' (RULES §0), nowhere Matsch or Kontermatch."""
    for key, lang, text in every_text():
        assert not re.search(r"(?<!Konter)(?<!konter)[Mm]atsch|Kontermatch", text), (key, lang)
