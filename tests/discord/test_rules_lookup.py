"""/rules through discord.py: answers for the table in front of you (app, tournament,
standard), the calculators, card autocomplete, a garbled card list quoted, Show in channel."""

from .harness import custom_ids
from .test_table_game import ANNA, BEAT, new_table


def rules(sub: str, **values) -> list[dict]:
    kinds = {bool: 5, int: 4, str: 3}
    options = [{"name": k, "type": kinds[type(v)], "value": v} for k, v in values.items()]
    return [{"name": sub, "type": 1, "options": options}]


def embed_of(call) -> dict:
    return call.payload["data"]["embeds"][0]


async def ask(h, sub: str, who=ANNA, locale: str = "de", **values) -> dict:
    [answer] = await h.send(h.command_payload("rules", rules(sub, **values), who, locale))
    assert answer.payload["data"]["flags"] & 64, "private by default"
    return answer.payload["data"]


async def test_the_answer_follows_the_rules_of_the_table_here(harness):
    h = harness
    plain = await ask(h, "topic", topic="legal-moves")
    assert "`trump_anytime`: **ja**" in plain["embeds"][0]["fields"][0]["value"]
    assert "Standardregeln" in plain["embeds"][0]["footer"]["text"]
    await h.send(h.command_payload("jass", new_table([{"name": "preset", "type": 3, "value": "app"}]), ANNA))
    app = await ask(h, "topic", topic="legal-moves")
    assert "`trump_anytime`: **nein**" in app["embeds"][0]["fields"][0]["value"]  # app: no trumping while following
    assert "Tisch" in app["embeds"][0]["footer"]["text"] and "app" in app["embeds"][0]["footer"]["text"]
    weis_app = await ask(h, "topic", topic="weis")
    assert "`weis_enabled`: **ja**" in weis_app["embeds"][0]["fields"][0]["value"]
    await h.send(h.command_payload("jass", [{"name": "end", "type": 1, "options": []}], ANNA, manager=True))
    await h.send(h.command_payload("jass", new_table([{"name": "preset", "type": 3, "value": "tournament"}]), BEAT))
    tournament = await ask(h, "topic", topic="weis")
    assert "`weis_enabled`: **nein**" in tournament["embeds"][0]["fields"][0]["value"]  # tournament: no Weis
    counted = await ask(h, "score", contract="undenufe", card_points=157, match=True)
    assert "**157**" in counted["embeds"][0]["description"]  # tournament: everything single, Match 157


async def test_the_calculators(harness):
    h = harness
    weis = await ask(h, "weis", cards="Rose 6, Rose 7, Rose 8, Eichel U, Rose U, Schelle U, Schilte U",
                     against="Eichel A, Eichel K, Eichel O, Eichel U, Eichel 10", contract="rose")  # fmt: skip
    text = weis["embeds"][0]["description"]
    assert "**20**" in text and "**200**" in text and "Die erste Liste gewinnt" in text
    count = await ask(h, "count", cards="Eichel Under, Eichel 9", contract="eichel", locale="en-GB")
    assert "**34** card points" in count["embeds"][0]["description"]
    legal = await ask(h, "legal", hand="Eichel A, Rose 6, Rose U, Schilte 9", trick="Eichel 8, Rose 10",
                      contract="rose")  # fmt: skip
    lines = legal["embeds"][0]["description"]
    assert "✅ Eichel Ass" in lines and "✅ Rose Under" in lines
    assert "❌ Rose 6: Untertrumpfen ist verboten" in lines and "❌ Schilte 9: Farbe angeben" in lines
    score = await ask(h, "score", contract="undenufe", card_points=157, match=True)
    assert "**1028**" in score["embeds"][0]["description"]  # (152 + 5 + 100) x 4


async def test_a_garbled_card_list_is_quoted_and_cards_autocomplete(harness):
    h = harness
    [answer] = await h.send(h.command_payload("rules", rules("count", cards="Rose 7, Rosse Achti", contract="rose"),
                                              ANNA))  # fmt: skip
    assert "«Rosse Achti»" in answer.payload["data"]["content"] and answer.payload["data"]["flags"] & 64
    [needs] = await h.send(h.command_payload("rules", rules("count", cards="Puur", contract="obenabe"), ANNA))
    assert "Trumpf-Ansage" in needs.payload["data"]["content"]
    options = [{"name": "count", "type": 1, "options": [
        {"name": "cards", "type": 3, "value": "Rose 7, Schi", "focused": True},
        {"name": "contract", "type": 3, "value": "rose"}]}]  # fmt: skip
    [choices] = await h.send(h.command_payload("rules", options, ANNA, "de", autocomplete=True))
    values = [c["value"] for c in choices.payload["data"]["choices"]]
    assert values and all(v.startswith("Rose 7, Schi") for v in values) and "Rose 7, Schilte Ass" in values


async def test_show_in_channel_posts_the_answer_for_everyone(harness):
    h = harness
    answer = await ask(h, "topic", topic="kontermatsch")
    [button] = [c for c, _, _ in custom_ids(answer["components"]) if c.endswith(":show")]
    message = {"id": "777", "channel_id": "4000", "components": answer["components"], "embeds": answer["embeds"],
               "content": "", "author": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
               "attachments": [], "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False,
               "tts": False, "timestamp": "2025-01-01T00:00:00+00:00", "edited_timestamp": None, "flags": 64,
               "type": 0}  # fmt: skip
    await h.send(h.click_payload(button, BEAT, message, ephemeral=True))
    posted = [c for c in h.side.calls if c.method == "POST" and c.path.endswith("/channels/4000/messages")
              and "Kontermatsch" in str(c.payload)]  # fmt: skip
    assert posted and "Gezeigt von beat" in str(posted[-1].payload)


async def test_score_adds_no_weis_where_the_rules_have_none_and_asks_about_kontermatsch(harness):
    """Issue 39, item 3 and 5: `/rules score` agrees with `/rules weis` at a table without Weis."""
    h = harness
    await h.send(h.command_payload("jass", new_table([{"name": "preset", "type": 3, "value": "tournament"}]), ANNA))
    score = (await ask(h, "score", contract="eichel", card_points=131, weis=20))["embeds"][0]["description"]
    assert "**131**" in score and "151" not in score and "Weis zählen hier nicht" in score
    await h.send(h.command_payload("jass", [{"name": "end", "type": 1, "options": []}], ANNA, manager=True))
    standard = (await ask(h, "score", contract="eichel", card_points=131, weis=20))["embeds"][0]["description"]
    assert "Weis 20" in standard and "**151**" in standard  # (131 + 20) x 1 at the standard table
    konter = (await ask(h, "score", contract="eichel", card_points=157, kontermatsch=True))["embeds"][0]
    assert "Kontermatsch" in konter["description"] and "**257**" in konter["description"]  # factor 1 by default
    [refused] = await h.send(h.command_payload("rules", rules("score", contract="eichel", card_points=100,
                                                              kontermatsch=True), ANNA))  # fmt: skip
    assert "Kontermatsch ist ein Match" in refused.payload["data"]["content"]


async def test_space_separated_lists_and_the_glossarys_words_are_read(harness):
    """Issue 39, item 5."""
    h = harness
    for cards in ("rose-6 rose-7 rose-8", "Rose 6 Rose 7 Rose 8", "Rösli 6, Blumen 7, Rosen Achti"):
        weis = await ask(h, "weis", cards=cards, contract="eichel")
        assert "**20**" in weis["embeds"][0]["description"], cards
    count = await ask(h, "count", cards="eichel-K eichel-6", contract="obenabe")
    assert "**4**" in count["embeds"][0]["description"]
    count = await ask(h, "count", cards="Bauer, Eichel Bauer, Schilder Ass, Rosen Neuner", contract="schelle")
    assert "**33**" in count["embeds"][0]["description"]  # Puur 20 + Eichel Under 2 + Schilte Ass 11 + Rose 9 0


async def test_weis_refuses_more_than_a_hand_and_answers_a_full_hand_at_once(harness):
    """Issue 39, item 4: a hand has at most 9 cards; a longer list is refused, not searched."""
    import time

    h = harness
    every = ", ".join(f"{s} {r}" for s in ("Eichel", "Rose", "Schelle", "Schilte")
                      for r in ("6", "7", "8", "9", "10", "U", "O", "K", "A"))  # fmt: skip
    [refused] = await h.send(h.command_payload("rules", rules("weis", cards=every, contract="eichel"), ANNA))
    assert "mehr als 9 Karten" in refused.payload["data"]["content"]
    [refused] = await h.send(h.command_payload("rules", rules("legal", hand="Rose 6", trick="Eichel 6 Eichel 7 "
                                                              "Eichel 8 Eichel 9", contract="rose"), ANNA))  # fmt: skip
    assert "mehr als 3 Karten" in refused.payload["data"]["content"]
    started = time.perf_counter()
    nine = await ask(h, "weis", cards="Rose 6 Rose 7 Rose 8 Rose 9 Rose 10 Rose U Eichel U Schelle U Schilte U",
                     contract="eichel")  # fmt: skip
    assert "**200**" in nine["embeds"][0]["description"]
    assert time.perf_counter() - started < 3  # Discord's deadline; the figure is in rules_lookup_bench


def test_french_names_follow_the_tables_mapping():
    from bot.texts.card_words import parse_cards

    assert parse_cards("Herz 7") == [1 * 9 + 1]  # official: Herz = Rose
    assert parse_cards("Herz 7", french_map="parlett") == [3 * 9 + 1]  # parlett: Herz = Schilte


async def test_rules_cite_the_table_jass_acts_on(harness):
    """Issue 40, item 1 (one policy for "the table in this channel"): /rules cites the table the
    asker sits at, as /jass would act on it, not just the newest one."""
    h = harness
    await h.send(h.command_payload("jass", new_table([{"name": "preset", "type": 3, "value": "app"}]), ANNA))
    await h.send(h.command_payload("jass", new_table([{"name": "preset", "type": 3, "value": "tournament"}]), BEAT))
    anna = await ask(h, "topic", who=ANNA, topic="weis")
    beat = await ask(h, "topic", who=BEAT, topic="weis")
    assert (
        "`weis_enabled`: **ja**" in anna["embeds"][0]["fields"][0]["value"]
        and "app" in anna["embeds"][0]["footer"]["text"]
    )
    assert "`weis_enabled`: **nein**" in beat["embeds"][0]["fields"][0]["value"]


async def test_the_coiffeur_calculator_writes_for_the_announcing_team_only(harness):
    h = harness
    obenabe = (await ask(h, "coiffeur", row=5, card_points=95))["embeds"][0]
    assert "Obenabe ×5" in obenabe["title"] and "**475**" in obenabe["description"]  # RULES X49
    match = (await ask(h, "coiffeur", row=5, card_points=157, match=True, locale="en"))["embeds"][0]
    assert "**1285**" in match["description"] and "opponents write nothing" in match["description"]
    suit = (await ask(h, "coiffeur", row=2, card_points=80, stoeck=True))["embeds"][0]
    assert "**200**" in suit["description"]  # (80 + 20) × 2
    joker = (await ask(h, "coiffeur", row=7, card_points=80, stoeck=True))["embeds"][0]
    assert "**560**" in joker["description"] and "except_joker" in joker["description"]  # no Stöck in a Joker row
    konter = (await ask(h, "coiffeur", row=8, card_points=0, kontermatsch=True))["embeds"][0]
    assert "**0**" in konter["description"]
    [refused] = await h.send(h.command_payload("rules", rules("coiffeur", row=9, card_points=10), ANNA, "de"))
    assert "1 bis 8" in refused.payload["data"]["content"]


async def test_score_knows_the_extra_contracts(harness):
    h = harness
    slalom = (await ask(h, "score", contract="slalom", card_points=100))["embeds"][0]
    assert "Slalom" in slalom["title"] and "**400**" in slalom["description"]  # classic: m(Undenufe) = 4
    misere = (await ask(h, "score", contract="misere", card_points=40, locale="en"))["embeds"][0]
    assert "**117**" in misere["description"] and "opponents" in misere["description"]  # 157 − 40, × 1
    tuo = (await ask(h, "score", contract="tuo", card_points=157, match=True))["embeds"][0]
    assert "**1028**" in tuo["description"]  # 257 × 4


def _private_message(answer: dict) -> dict:
    return {"id": "778", "channel_id": "4000", "components": answer["components"], "embeds": answer["embeds"],
            "content": "", "author": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
            "attachments": [], "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False,
            "tts": False, "timestamp": "2025-01-01T00:00:00+00:00", "edited_timestamp": None, "flags": 64,
            "type": 0}  # fmt: skip


async def test_ask_answers_a_question_with_the_passage_and_did_you_mean_buttons(harness):
    """Issue 62: /rules ask (German: /regeln frage) answers privately with the passage that says it,
    up to three "Meintest du …?" buttons, each opening its whole topic."""
    h = harness
    answer = await ask(h, "ask", question="Wie viel zählt der Puur?")
    embed = answer["embeds"][0]
    assert "Puur" in embed["description"] and "20" in embed["description"] and len(embed["description"]) <= 700
    topics = [c for c, _, _ in custom_ids(answer["components"]) if ":t:" in c]
    assert 1 <= len(topics) <= 3 and embed["fields"][0]["name"] == "Meintest du …?"
    [opened] = await h.send(h.click_payload(topics[0], BEAT, _private_message(answer), ephemeral=True))
    data = opened.payload["data"]
    assert data["flags"] & 64 and data["embeds"][0]["title"]  # the whole topic, privately
    key = topics[0].rsplit(":", 1)[1]
    from bot.texts.rules_topics import BY_KEY

    assert data["embeds"][0]["title"] == BY_KEY[key].title["de"]
    english = await ask(h, "ask", locale="en-GB", question="can I undertrump?")
    assert "Undertrumping is not allowed" in english["embeds"][0]["description"]
    computed = await ask(h, "ask", question="Was schreibt man mit 87 Punkten und Stöck bei Schelle?")
    assert "**214**" in computed["embeds"][0]["description"]
    assert "Gerechnet" in computed["embeds"][0]["footer"]["text"]


async def test_ask_with_nothing_found_offers_the_three_closest_topics(harness):
    h = harness
    answer = await ask(h, "ask", question="Wo ist der nächste Bahnhof?")
    assert "keine Regel gefunden" in answer["embeds"][0]["description"]
    topics = [c for c, _, _ in custom_ids(answer["components"]) if ":t:" in c]
    assert len(topics) == 3


async def test_ask_follows_the_rules_of_the_table_here(harness):
    h = harness
    await h.send(h.command_payload("jass", new_table([{"name": "preset", "type": 3, "value": "swisslos"}]), ANNA))
    answer = await ask(h, "ask", question="Wie viel gibt ein Match bei Undenufe?")
    assert "**771**" in answer["embeds"][0]["description"]  # Swisslos: Undenufe ×3 (standard ×4: 1028)


async def test_the_topic_autocomplete_suggests_passages_for_a_question(harness):
    h = harness
    options = [{"name": "topic", "type": 1, "options": [
        {"name": "topic", "type": 3, "value": "darf ich untertrumpfen", "focused": True}]}]  # fmt: skip
    [choices] = await h.send(h.command_payload("rules", options, ANNA, "de", autocomplete=True))
    found = choices.payload["data"]["choices"]
    assert found and "Untertrumpfen" in found[0]["name"] and found[0]["value"] == "legal-moves"
    assert all(len(c["name"]) <= 100 for c in found)
    typed = await ask(h, "topic", topic="darf ich untertrumpfen")  # a question typed instead of a topic
    assert typed["embeds"][0]["title"] == "Was darf ich spielen?"
