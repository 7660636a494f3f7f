"""The rules texts say what the pictures draw (issue 61): the Jasstafel's lines, a Stich and a Runde."""

from __future__ import annotations

from bot.render.table import zed_lines
from bot.texts.rules_topics import TOPICS


def topic(key: str):
    return next(t for t in TOPICS if t.key == key)


def test_the_striche_text_names_the_lines_the_picture_draws() -> None:
    text = topic("striche").text
    lines = zed_lines(370)
    assert lines == {"top": 3, "diagonal": 1, "bottom": 1}
    assert "oberen Linie zählt 100" in text["de"] and "Schräge 50" in text["de"] and "unteren Linie 20" in text["de"]
    assert "top line counts 100" in text["en"] and "diagonal 50" in text["en"] and "bottom line 20" in text["en"]
    assert "Kreuz" not in text["de"] and "cross" not in text["en"]


def test_the_glossary_says_a_runde_is_a_hand() -> None:
    text = topic("glossary").text
    assert "einer Runde." not in text["de"] and "**Runde:** ein Spiel mit neun Karten" in text["de"]
    assert "**Runde:** a hand" in text["en"]
