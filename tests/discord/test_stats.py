"""Statistics, ratings and leaderboards through the real discord.py path: /jass stats with its
chart, /jass leaderboard with page buttons (that work after a restart), seasons by managers
only, hiding, forgetting, and an empty server."""

from bot.stats.ratings import shown

from .harness import GUILD_ID, custom_ids, user
from .test_table_game import fast_settings, started
from .test_tournament import said

PEOPLE = [user(60 + i, f"jasser{i:02d}") for i in range(12)]
ACTORS = [f"u:{p['id']}" for p in PEOPLE]


def jass(sub: str, options=()):
    return [{"name": sub, "type": 1, "options": list(options)}]


async def played_games(h, games: int = 15) -> None:
    """Finished games on this server: four of the twelve people at each, rotating."""
    from tests.services.test_stats_service import play_game

    for g in range(games):
        seats = [ACTORS[(4 * g + k) % 12] for k in range(4)]
        await play_game(h.bot.service, seats, f"lb{g}", guild=int(GUILD_ID))
    await h.bot.stats.wait_idle()


async def test_stats_and_leaderboard_pages(tmp_path, monkeypatch):
    settings = fast_settings(tmp_path)
    h = await started(settings, monkeypatch)
    try:
        empty = await said(h, h.command_payload("jass", jass("leaderboard"), PEOPLE[0]))
        assert empty == ""  # an embed, no text
        [board] = h.side.by_interaction[max(h.side.by_interaction)]
        assert "Noch niemand hat 5 Partien" in board.payload["data"]["embeds"][0]["description"]
        await played_games(h)
        [answer] = [c for c in await _send_and_collect(h, h.command_payload("jass", jass("stats"), PEOPLE[0]))]
        data = answer.payload if "embeds" in (answer.payload or {}) else answer.payload.get("data", {})
        embed = data["embeds"][0]
        assert embed["title"] == "Statistik · P60"  # the name the stored games hold
        assert "± " in embed["fields"][0]["value"]
        assert "Computer" in embed["fields"][0]["value"] and answer.files and answer.files[0].startswith(b"\x89PNG")
        assert len(str(embed)) < 6000 and all(len(f["value"]) <= 1024 for f in embed["fields"])
        [first] = await h.send(h.command_payload("jass", jass("leaderboard"), PEOPLE[3]))
        page1 = first.payload["data"]
        lines = page1["embeds"][0]["description"].splitlines()
        assert len(lines) == 10 and "von 12" in page1["embeds"][0]["footer"]["text"]
        assert "Seite 1 von 2" in page1["embeds"][0]["footer"]["text"]
        nxt = next(c for c, disabled, _ in custom_ids(page1["components"]) if c.endswith("p2") and not disabled)
        message = {"id": "991", "channel_id": "4000", "components": page1["components"], "embeds": page1["embeds"],
                   "content": "", "author": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
                   "attachments": [], "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False,
                   "tts": False, "timestamp": "2025-01-01T00:00:00+00:00", "edited_timestamp": None, "flags": 64,
                   "type": 0}  # fmt: skip
        await h.bot.close()

        h2 = await started(settings, monkeypatch)  # the page buttons work after a restart
        try:
            [page2] = await h2.send(h2.click_payload(nxt, PEOPLE[3], message, ephemeral=True))
            assert page2.payload["type"] == 7  # the same message, edited
            assert len(page2.payload["data"]["embeds"][0]["description"].splitlines()) == 2
            forged = nxt.replace("p2", "p9")
            [out_of_range] = await h2.send(h2.click_payload(forged, PEOPLE[3], message, ephemeral=True))
            assert "1 bis 2" in out_of_range.payload["data"]["content"]
            ratings = await h2.bot.stats.leaderboard(int(GUILD_ID))
            top = ratings[0]
            assert str(shown(top.value)) in page1["embeds"][0]["description"].splitlines()[0]
            # Hiding, seasons, forgetting.
            hidden = await said(h2, h2.command_payload("jass", jass("privacy"), PEOPLE[0]))
            assert "verborgen" in hidden
            assert "Was gespeichert bleibt" in hidden and "zufälligen Kennung" in hidden  # what is kept, exactly
            assert ACTORS[0] not in {r.actor for r in await h2.bot.stats.leaderboard(int(GUILD_ID))}
            refused = await said(h2, h2.command_payload("jass", [{"name": "season", "type": 2, "options": [
                {"name": "new", "type": 1, "options": []}]}], PEOPLE[1]))  # fmt: skip
            assert "verwalten" in refused and (await h2.bot.stats._store.season(int(GUILD_ID)))[0] == 1
            started_season = await said(h2, h2.command_payload("jass", [{"name": "season", "type": 2, "options": [
                {"name": "new", "type": 1, "options": []}]}], PEOPLE[1], manager=True))  # fmt: skip
            assert "Saison 2" in started_season
            assert await h2.bot.stats.leaderboard(int(GUILD_ID)) == []  # ratings start fresh
            person, _, _, _ = await h2.bot.stats.person(int(GUILD_ID), ACTORS[1])
            assert person.games == 5  # statistics stay
            explain = await said(h2, h2.command_payload("jass", jass("forget-me"), PEOPLE[2]))
            assert "VERGESSEN" in explain
            confirm = [{"name": "confirm", "type": 3, "value": "vergessen"}]
            done = await said(h2, h2.command_payload("jass", jass("forget-me", confirm), PEOPLE[2]))
            assert "Anonym" in done and "ungewertet" in done
            person, rating, _, _ = await h2.bot.stats.person(int(GUILD_ID), ACTORS[2])
            assert person.games == 0 and rating is None
        finally:
            await h2.bot.close()
    finally:
        if not h.bot.is_closed():
            await h.bot.close()


async def _send_and_collect(h, payload):
    """The calls answering a deferred command: its follow-up(s)."""
    await said(h, payload)
    iid = int(payload["id"])
    return [c for c in h.side.by_interaction[iid] if (c.payload or {}).get("type") != 5]


async def test_differenzler_ratings_in_stats_and_the_leaderboard_with_a_game_option(tmp_path, monkeypatch):
    from bot.services.stats import MIN_GAMES
    from tests.services.test_stats_service import play_game

    h = await started(fast_settings(tmp_path), monkeypatch)
    try:
        rules = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False,
                 "stoeck_enabled": False, "hands_per_game": 1}  # fmt: skip
        for g in range(MIN_GAMES):
            await play_game(h.bot.service, ACTORS[:4], f"dz{g}", guild=int(GUILD_ID), rules=rules)
        await h.bot.stats.wait_idle()
        game = [{"name": "game", "type": 3, "value": "differenzler"}]
        [first] = await h.send(h.command_payload("jass", jass("leaderboard", game), PEOPLE[0]))
        embed = first.payload["data"]["embeds"][0]
        assert "Differenzler" in embed["title"] and len(embed["description"].splitlines()) == 4
        schieber = await said(h, h.command_payload("jass", jass("leaderboard"), PEOPLE[0]))
        assert schieber == ""  # an embed: the Schieber board, with nobody on it
        [board] = h.side.by_interaction[max(h.side.by_interaction)]
        assert "Noch niemand" in board.payload["data"]["embeds"][0]["description"]
        [answer] = await _send_and_collect(h, h.command_payload("jass", jass("stats"), PEOPLE[0]))
        data = answer.payload if "embeds" in (answer.payload or {}) else answer.payload.get("data", {})
        field = next(f for f in data["embeds"][0]["fields"] if f["name"] == "Differenzler")
        assert f"{MIN_GAMES} Partien" in field["value"] and "Differenz pro Runde" in field["value"]
        assert "± " in field["value"]
    finally:
        await h.bot.close()
