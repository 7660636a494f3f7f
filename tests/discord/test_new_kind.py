"""Issue 63, item 2: a game kind registered from its own module (here the toy of tests/kinds) reaches
every list of kinds when it is used: the bot starts with it, /jass new offers it (and opens its
table), /jass leaderboard's game list, python -m bot play --game; a game typed that no kind is gets
a refusal naming the kinds there are."""

from __future__ import annotations

import pytest

from ..kinds import installed
from .test_table_game import ANNA, fast_settings, new_table, started, table_message


@pytest.fixture
async def with_toy(tmp_path, monkeypatch):
    with installed():  # the toy's one line: bot.kinds.install("tests.kinds.toy")
        h = await started(fast_settings(tmp_path), monkeypatch)  # the whole bot starts with the toy installed
        try:
            yield h
        finally:
            await h.bot.close()


async def choices(h, sub: str, option: str, typed: str = "") -> list[dict]:
    options = [{"name": sub, "type": 1, "options": [{"name": option, "type": 3, "value": typed, "focused": True}]}]
    [answer] = await h.send(h.command_payload("jass", options, ANNA, "de", autocomplete=True))
    return answer.payload["data"]["choices"]


async def test_a_registered_kind_is_offered_and_played(with_toy):
    h = with_toy
    offered = {c["value"]: c["name"] for c in await choices(h, "new", "game")}
    assert set(offered) >= {"schieber", "coiffeur", "differenzler", "molotow", "toy"}
    assert offered["toy"] == "Toy"  # a kind without names of its own: its name, capitalised
    assert [c["value"] for c in await choices(h, "new", "game", "toy")] == ["toy"]
    assert "toy" in {c["value"] for c in await choices(h, "leaderboard", "game")}
    options = [{"name": "game", "type": 3, "value": "toy"}, {"name": "computer_players", "type": 4, "value": 3}]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    message = table_message(h)
    assert "Toy" in str(message.get("embeds", message))


async def test_a_game_that_is_no_kind_is_refused_with_the_kinds_there_are(with_toy):
    h = with_toy
    [answer] = await h.send(h.command_payload("jass", new_table([{"name": "game", "type": 3, "value": "poker"}]), ANNA))
    text = answer.payload["data"]["content"]
    assert "poker" in text and "Toy" in text and "Schieber" in text
    assert not h.side.messages  # no table opened


def test_play_offers_every_registered_kind():
    from bot.__main__ import build_parser

    with installed():
        assert build_parser().parse_args(["play", "--game", "toy"]).game == "toy"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--game", "toy"])


async def test_a_registered_kind_is_played_through_discord_and_shows_in_stats(with_toy):
    from .test_stats import _send_and_collect, jass
    from .test_table_game import button, play_my_turns

    h = with_toy
    options = [{"name": "game", "type": 3, "value": "toy"}, {"name": "computer_players", "type": 4, "value": 3}]
    await h.send(h.command_payload("jass", new_table(options), ANNA))
    lobby = table_message(h)
    await h.send(h.click_payload(button(lobby, "start"), ANNA, lobby))
    table = await play_my_turns(h, ANNA, lobby)  # every card of Anna's by a click
    assert table.phase == "game_over" and table.rules.game == "toy"
    await h.bot.stats.wait_idle()
    [answer] = await _send_and_collect(h, h.command_payload("jass", jass("stats"), ANNA))
    data = answer.payload if "embeds" in (answer.payload or {}) else answer.payload.get("data", {})
    fields = {f["name"]: f["value"] for f in data["embeds"][0]["fields"]}
    assert "Toy" in fields and "1" in fields["Toy"]  # its own leaderboard's line: one game played


async def test_the_game_keys_text_names_a_registered_kind(with_toy):
    from bot.texts.rule_keys import key_text

    assert "`toy`" in key_text("game", "de") and "`molotow` (jeder für sich" in key_text("game", "de")


async def test_a_registered_kind_is_rated_on_a_leaderboard_of_its_own(with_toy):
    from bot.services.stats import MIN_GAMES
    from tests.services.test_stats_service import play_game

    from .test_stats import ACTORS, GUILD_ID, PEOPLE, jass

    h = with_toy
    for g in range(MIN_GAMES):
        await play_game(h.bot.service, ACTORS[:4], f"toy{g}", guild=int(GUILD_ID), rules={"game": "toy"})
    await h.bot.stats.wait_idle()
    game = [{"name": "game", "type": 3, "value": "toy"}]
    [first] = await h.send(h.command_payload("jass", jass("leaderboard", game), PEOPLE[0]))
    embed = first.payload["data"]["embeds"][0]
    assert "Toy" in embed["title"] and len(embed["description"].splitlines()) == 4  # the four who played
