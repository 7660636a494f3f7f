"""The coach (/jass review) through the real discord.py path (issue 44)."""

from __future__ import annotations

import asyncio

from bot.ai.review import WEIS_ALL, WEIS_NONE, Decision, Review
from bot.texts.cards import Deck
from cogs.review import review_embed

from .test_table_game import ANNA, BEAT, anna_and_three_computers, anna_finishes_hand_one


def jass(sub: str, options=()):
    return [{"name": sub, "type": 1, "options": list(options)}]


async def answer_of(h, payload) -> dict:
    """The private follow-up of a deferred command (its message data)."""
    await h.send(payload)
    iid = int(payload["id"])
    for _ in range(2000):
        calls = [c for c in h.side.by_interaction[iid] if (c.payload or {}).get("type") != 5]
        if calls:
            data = calls[-1].payload.get("data") or calls[-1].payload
            assert data.get("flags", 0) & 64, "answered privately"
            return data
        await asyncio.sleep(0.01)
    raise AssertionError("no answer")


async def test_a_review_of_annas_hand_names_her_costliest_decisions_privately(harness):
    h = harness
    h.bot.get_cog("History").reviews.worlds = 8  # fewer deals: the test is about the path, not the figures
    tid = await anna_and_three_computers(h, [{"name": "preset", "type": 3, "value": "tournament"}])
    early = await answer_of(h, h.command_payload("jass", jass("review"), ANNA))
    assert "keine fertig gespielte Runde" in early["content"]  # a running hand cannot be reviewed
    await anna_finishes_hand_one(h, tid)
    data = await answer_of(h, h.command_payload("jass", jass("review", [{"name": "hand", "type": 4, "value": 1}]),
                                                ANNA))  # fmt: skip
    [embed] = data["embeds"]
    assert embed["title"] == "Rückblick: Partie 1, Runde 1"
    assert "Entscheide bewertet" in embed["description"] and "8 Verteilungen" in embed["description"]
    # someone who did not sit at the table gets no review
    other = await answer_of(h, h.command_payload("jass", jass("review"), BEAT))
    assert "nicht an diesem Tisch" in other["content"]


def test_the_answer_names_a_weis_decision_in_everyday_words():
    weis = Decision(1, "weis", WEIS_NONE, WEIS_ALL, {WEIS_NONE: -12.0, WEIS_ALL: 14.5}, "weis",
                    {"held": 20, "declared": 0}, noise=1.0)  # fmt: skip
    review = Review("T1", 1, 1, 0, (weis,), 32, 2)
    for lang, words in (("de", ("**Weis:** nicht weisen", "alle Weis weisen", "20 Punkte Weis")),
                        ("en", ("**Weis:** declaring none", "declaring every Weis", "20 points of Weis"))):  # fmt: skip
        text = review_embed(review, Deck(lang), lang).description
        assert all(w in text for w in words), text
        assert f"−{round(weis.loss, 1)}" in text and weis.loss == 26.5
