"""Forged buttons (issue 39, item 13), through the real discord.py path: a custom_id naming a
table, tournament or challenge of another server, channel or message is refused privately and
changes nothing; a card id written with non-ASCII digits is not a card."""

from __future__ import annotations

from .harness import message_payload
from .test_table_game import ANNA, BEAT, button, new_table, settle, table_message
from .test_tournament import private_text, said, signup_button, tournament

OTHER_GUILD, OTHER_CHANNEL = "999000000000000001", "999000000000000002"


def elsewhere(payload: dict, guild: str | None = None, channel: str | None = None) -> dict:
    """The same click, as if it came from another server or channel."""
    if guild is not None:
        payload["guild_id"] = guild
        payload["channel"]["guild_id"] = guild
    if channel is not None:
        payload["channel_id"] = channel
        payload["channel"]["id"] = channel
    return payload


async def test_a_forged_join_button_does_not_sign_up_for_another_servers_tournament(harness):
    h = harness
    options = [{"name": "name", "type": 3, "value": "Herbst"}, {"name": "passen", "type": 4, "value": 1}]
    await h.send(h.command_payload("tournament", tournament("create", options), ANNA, manager=True))
    signup, join = signup_button(h)
    tid = join.split(":")[1]
    before = dict(signup)
    for forged in (
        elsewhere(h.click_payload(join, BEAT, signup), guild=OTHER_GUILD),
        elsewhere(h.click_payload(join, BEAT, signup), channel=OTHER_CHANNEL),
        h.click_payload(join, BEAT, message_payload(424242, {"content": "a message of mine"})),
    ):
        [answer] = await h.send(forged)
        assert "gehört nicht" in private_text(answer)
    t = await h.bot.tournaments.get(tid)
    assert f"u:{BEAT['id']}" not in t.entries and h.side.messages[int(signup["id"])] == before
    [joined] = await h.send(h.click_payload(join, BEAT, signup))  # the real message still works
    assert "gehört nicht" not in private_text(joined)
    assert f"u:{BEAT['id']}" in (await h.bot.tournaments.get(tid)).entries


async def test_a_table_button_from_another_channel_or_message_changes_nothing(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([]), ANNA))
    await settle(h)
    tid = h.bot.service.loaded()[0]
    lobby = table_message(h)
    seat = button(lobby, "seat1")
    for forged in (
        elsewhere(h.click_payload(seat, BEAT, lobby), channel=OTHER_CHANNEL),
        elsewhere(h.click_payload(seat, BEAT, lobby), guild=OTHER_GUILD),
        h.click_payload(seat, BEAT, message_payload(434343, {"content": "not the table"})),
    ):
        [answer] = await h.send(forged)
        assert "gehört nicht" in private_text(answer)
    assert h.bot.service.in_memory(tid).seat_of(f"u:{BEAT['id']}") is None
    await h.send(h.click_payload(seat, BEAT, lobby))
    assert h.bot.service.in_memory(tid).seat_of(f"u:{BEAT['id']}") == 1


async def test_a_card_id_with_full_width_digits_is_not_a_card(harness):
    from cogs.buttons import is_ours, kind_of

    assert kind_of("jass:abc123:1.1:c1") is not None
    for forged in ("jass:abc123:1.1:c\uff11", "jass:abc123:\uff11.1:c1", "jass:abc123:1.1:c1w\u0661",
                   "jass:lb:0:ratings\uff11p1", "jass:abc123:1.1:t\u0663"):  # fmt: skip
        assert not is_ours(forged), forged
    h = harness
    await h.send(h.command_payload("jass", new_table([]), ANNA))
    lobby = table_message(h)
    tid = h.bot.service.loaded()[0]
    [answer] = await h.send(h.click_payload(f"jass:{tid}:1.1:c\uff11", ANNA, lobby))
    assert "Knopf" in private_text(answer)


async def test_a_forged_play_button_does_not_start_a_try_of_another_servers_challenge(harness):
    from .test_challenge import challenge, play_button

    h = harness
    options = [{"name": "name", "type": 3, "value": "Woche 51"}, {"name": "hands", "type": 4, "value": 1}]
    await said(h, h.command_payload("challenge", challenge("create", options), ANNA, manager=True))
    message, play = play_button(h)
    for forged in (
        elsewhere(h.click_payload(play, BEAT, message), guild=OTHER_GUILD),
        elsewhere(h.click_payload(play, BEAT, message), channel=OTHER_CHANNEL),
        h.click_payload(play, BEAT, message_payload(454545, {"content": "not the challenge"})),
    ):
        [answer] = await h.send(forged)
        assert "gehört nicht" in private_text(answer)
    c = (await h.bot.challenges.in_channel(4000))[0]
    assert c.tries == [] and h.side.threads == {}


async def test_every_button_reaches_a_cog_that_has_its_handler(harness):
    """Issue 40, item 4 (a start): buttons find their cog through typed protocols, checked here
    for the loaded cogs (renaming a handler fails this, not a player's click)."""
    from cogs.buttons import ChallengeClicks, RulesClicks, TableClicks, TournamentClicks

    bot = harness.bot
    assert isinstance(bot.get_cog("Jass"), TableClicks)
    assert isinstance(bot.get_cog("Tournaments"), TournamentClicks)
    assert isinstance(bot.get_cog("Challenges"), ChallengeClicks)
    assert isinstance(bot.get_cog("RulesCog"), RulesClicks)
    assert not isinstance(bot.get_cog("RulesCog"), TableClicks)  # the check can fail
