"""Every refusal the engine or the service can give has its sentence, in German and English."""

import pytest

from bot.game import GameError
from bot.game.errors import Code
from bot.rules import play
from bot.texts import LANGS, MESSAGES, refusal_text

CODES = list(Code)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_every_refusal_has_a_sentence(code, lang):
    facts = {"reason": "must_follow_suit", "scope": "channel", "limit": 3, "table": "abc", "message": "target"}
    text = refusal_text(GameError(code, **facts), lang)
    assert code not in text and "{" not in text, text


def test_every_message_exists_in_both_languages():
    for key, texts in MESSAGES.items():
        assert set(texts) == set(LANGS), key
        assert all(t.strip() for t in texts.values()), key


def test_every_reason_of_an_illegal_card_has_a_sentence():
    reasons = {v for k, v in vars(play).items() if k.isupper() and isinstance(v, str)}
    assert {"must_follow_suit", "no_undertrump"} <= reasons
    for reason in reasons:
        assert set(MESSAGES[f"reason.{reason}"]) == set(LANGS), reason


def test_the_whole_catalogue_has_both_languages():
    from bot.texts import COMMAND_TEXTS
    from bot.texts.cards import FRENCH_RANK_NAMES, FRENCH_SUIT_NAMES, SWISS_RANKS, Deck
    from bot.texts.rules_topics import TOPICS

    for key, texts in COMMAND_TEXTS.items():
        assert set(texts) == set(LANGS) and all(t.strip() for t in texts.values()), key
    for topic in TOPICS:
        assert set(topic.title) == set(LANGS) and set(topic.text) == set(LANGS), topic.key
    for table in (SWISS_RANKS, FRENCH_RANK_NAMES, FRENCH_SUIT_NAMES):
        assert set(table) == set(LANGS)
    for lang in LANGS:
        for kind in ("swiss", "french"):
            names = {Deck(lang, kind).card(c) for c in range(36)}
            assert len(names) == 36, (lang, kind)


def test_terminal_and_discord_name_cards_the_same_way():
    import io

    from bot.rules import RuleSet
    from bot.terminal import TerminalGame
    from bot.texts.cards import Deck

    plain = TerminalGame(["ai"] * 4, RuleSet(), 1, False, out=io.StringIO(), lang="de", style="plain")
    assert [plain.card(c) for c in range(36)] == [Deck("de").card(c) for c in range(36)]
    coloured = TerminalGame(["ai"] * 4, RuleSet(), 1, False, out=io.StringIO(), lang="de")
    assert all(Deck("de").card(c) in coloured.card(c) for c in range(36))  # the same name, with symbol and colour


def test_every_tournament_refusal_has_a_sentence():
    """Each code the tournament and challenge code can raise is said in both languages (facts filled)."""
    import re
    from pathlib import Path

    from bot.tournament.errors import Code

    root = Path(__file__).resolve().parents[1]
    sources = [*(root / "bot" / "tournament").glob("*.py"), *(root / "bot" / "services").glob("*.py")]
    pattern = r"TournamentError\(\s*(?:Code|Refusal)\.([A-Z_]+)"
    raised = {code for path in sources for code in re.findall(pattern, path.read_text())}
    assert {"ALREADY_JOINED", "TRY_RUNNING", "IN_OTHER_TOURNAMENT", "WAITS_FOR_ORGANISER"} <= raised
    codes = {str(code) for code in Code}
    assert raised == codes  # every code is raised somewhere, and only codes of the enum are
    facts = {"phase": "x", "players": 3, "needed": 4, "limit": 8, "partner": "P", "tables": 2, "passen": 4,
             "name": "N", "who": "W", "tries": 2, "id": "t1", "passe": 1, "table": 1, "points": "p"}  # fmt: skip
    for code in codes:
        for lang in LANGS:
            key = f"ch.err.{code}" if f"ch.err.{code}" in MESSAGES else f"tour.err.{code}"
            assert key in MESSAGES, code
            text = MESSAGES[key][lang].format(**facts)
            assert code not in text and "{" not in text, (code, lang)


def test_command_names_and_descriptions_fit_discord():
    """Discord refuses the whole command tree for one name that is not lower-case 1-32 characters
    or one description over 100 characters."""
    import re

    from bot.texts import COMMAND_TEXTS

    for key, texts in COMMAND_TEXTS.items():
        for lang, text in texts.items():
            if key.endswith(".name"):
                assert re.fullmatch(r"[\w-]{1,32}", text) and text == text.lower(), (key, lang, text)
            elif key.endswith(".description"):
                assert 1 <= len(text) <= 100, (key, lang, len(text))


def test_every_rule_key_has_its_topic_and_every_topic_both_languages():
    from dataclasses import fields

    from bot.rules import RuleSet
    from bot.texts.rule_keys import KEY_TEXTS
    from bot.texts.rules_topics import BY_KEY, KEYS, TOPICS

    keys = {f.name for f in fields(RuleSet)}
    assert set(KEY_TEXTS) == keys
    for key in keys:
        assert f"key-{key}" in BY_KEY
    for topic in TOPICS:
        assert set(topic.title) == set(LANGS) and set(topic.text) == set(LANGS), topic.key
        assert all(t.strip() for t in topic.text.values()), topic.key
    for topic, depends in KEYS.items():
        assert topic in BY_KEY and set(depends) <= keys, topic
    wanted = {"bedanken", "schneider", "kontermatsch", "presets", "weis-when", "striche", "dealing", "playing-here"}
    assert wanted <= set(BY_KEY)


@pytest.mark.parametrize(
    ("query", "topic"),
    [("Buur", "glossary"), ("Nell", "glossary"), ("Stöckli", "stoeck"), ("Obeabe", "contracts"),
     ("Uneufe", "contracts"), ("zurückschieben", "key-allow_schieben_back"), ("Jasstafel", "striche")],
)  # fmt: skip
def test_search_knows_the_synonyms(query, topic):
    from bot.texts.rules_topics import find_topics

    assert topic in [t.key for t in find_topics(query)][:3]


def test_every_source_note_is_for_a_topic_in_both_languages():
    from bot.texts.rules_topics import BY_KEY, SOURCES

    for key, texts in SOURCES.items():
        assert key in BY_KEY and set(texts) == set(LANGS), key
