"""/rules through the real discord.py code path: sync, slash command, autocomplete, language."""

import logging

import pytest

from bot.client import JassBot
from bot.config import Settings
from bot.logs import RedactFilter

from .harness import Harness, user

ANNA = user(11, "anna")


def topic(value: str) -> list[dict]:
    """``/rules topic topic:<value>``."""
    return [{"name": "topic", "type": 1, "options": [{"name": "topic", "type": 3, "value": value}]}]


@pytest.fixture
async def harness(tmp_path, monkeypatch):
    bot = JassBot(Settings(database=tmp_path / "jass.sqlite3", dev_guild_ids=(3000,)))
    h = Harness(bot, monkeypatch)
    await h.start()
    yield h
    await bot.close()


async def test_commands_are_synced_with_german_names(harness):
    puts = [c for c in harness.side.calls if c.method == "PUT" and c.path.endswith("/commands")]
    assert puts, "setup_hook syncs the command tree"
    rules = next(cmd for cmd in puts[-1].payload if cmd["name"] == "rules")
    assert rules["name_localizations"]["de"] == "regeln"
    names = {o["name"]: o["name_localizations"]["de"] for o in rules["options"]}
    assert names["topic"] == "thema" and names["ask"] == "frage"
    assert "/guilds/3000/" in puts[-1].path  # development server: instant sync


async def test_rules_answer_in_german_is_ephemeral_and_cites_the_rule(harness):
    payload = harness.command_payload("rules", topic("weis"), ANNA, "de")
    [callback] = await harness.send(payload)
    data = callback.payload["data"]
    assert callback.payload["type"] == 4
    assert data["flags"] & 64, "ephemeral"
    embed = data["embeds"][0]
    assert embed["title"] == "Weis" and "Blatt" in embed["description"]
    assert "§10" in embed["footer"]["text"]
    assert callback.elapsed < 3.0


async def test_rules_answer_in_english_and_free_text(harness):
    payload = harness.command_payload("rules", topic("Puur"), ANNA, "en-GB")
    [callback] = await harness.send(payload)
    assert "Under of trump" in callback.payload["data"]["embeds"][0]["description"]


async def test_unknown_topic_says_so(harness):
    payload = harness.command_payload("rules", topic("poker"), ANNA, "en-US")
    [callback] = await harness.send(payload)
    assert "no rule" in callback.payload["data"]["content"]
    assert callback.payload["data"]["flags"] & 64


async def test_autocomplete_offers_topics(harness):
    options = [{"name": "topic", "type": 1, "options": [{"name": "topic", "type": 3, "value": "stö", "focused": True}]}]
    payload = harness.command_payload("rules", options, ANNA, "de", autocomplete=True)
    [callback] = await harness.send(payload)
    assert callback.payload["type"] == 8
    choices = callback.payload["data"]["choices"]
    assert choices[0] == {"name": "Stöck", "value": "stoeck"}


async def test_token_never_reaches_a_log_handler(tmp_path, monkeypatch, caplog):
    token = "MTAw.super.secret-token"
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "connecting with %s", (token,), None)
    assert RedactFilter(token).filter(record) and token not in record.getMessage()
    caplog.set_level(logging.DEBUG)
    bot = JassBot(Settings(database=tmp_path / "j.sqlite3"))
    h = Harness(bot, monkeypatch)
    await h.start(token)
    await bot.close()
    assert token not in caplog.text
    assert all(token not in repr(c.payload) for c in h.side.calls)


def test_the_harness_internals_are_where_we_expect_them():
    """Fails loudly when a discord.py upgrade moves what the harness patches."""
    import inspect

    import discord
    from discord.http import HTTPClient
    from discord.state import ConnectionState
    from discord.webhook.async_ import AsyncWebhookAdapter

    assert discord.__version__.startswith("2.7."), discord.__version__
    assert list(inspect.signature(HTTPClient.request).parameters)[:2] == ["self", "route"]
    params = inspect.signature(AsyncWebhookAdapter.request).parameters
    assert {"route", "session", "payload", "params"} <= set(params)
    assert hasattr(ConnectionState, "parse_interaction_create")


@pytest.mark.parametrize("lang, words", [("en", "non-trump suit was led"), ("de", "Nicht-Trumpf-Farbe ausgespielt")])
async def test_the_undertrump_ban_is_stated_as_the_engine_plays_it(harness, lang, words):
    """The ban applies only when a non-trump suit was led (RULES §6.1); trump led: any trump."""
    payload = harness.command_payload("rules", topic("legal-moves"), ANNA, lang)
    [callback] = await harness.send(payload)
    text = callback.payload["data"]["embeds"][0]["description"]
    assert words in text
    assert "once a trump is in the trick" not in text and "liegt schon Trumpf im Stich" not in text


async def test_every_command_text_discord_receives_comes_from_the_catalogue(harness):
    """Names and descriptions (and their German localizations) are the catalogue's, one for one."""
    from bot.texts import COMMAND_TEXTS

    english = {t["en"] for t in COMMAND_TEXTS.values()}
    german = {t["de"] for t in COMMAND_TEXTS.values()}
    puts = [c for c in harness.side.calls if c.method == "PUT" and c.path.endswith("/commands")]
    seen = 0

    def check(node):
        nonlocal seen
        for field in ("name", "description"):
            if field in node:
                assert node[field] in english, (field, node[field])
                localized = (node.get(f"{field}_localizations") or {}).get("de")
                assert localized in german, (field, node[field], localized)
                seen += 1
        for child in node.get("options") or []:
            if "choices" not in child or child.get("type") in (1, 2):
                check(child)
            else:
                check({k: v for k, v in child.items() if k != "choices"})

    for command in puts[-1].payload:
        check(command)
    assert seen > 30
