"""The pictures on phones (issue 52, items 12-15): every name of up to 32 characters fits inside the
picture, a figure after a name is never cut, nothing overlaps, no text too small, both partners on
the Coiffeur Tafel, the rating chart in the pictures' style and the reader's language. Checked on
the layout the renderer drew (each text's and card's box as Pillow measured it)."""

from __future__ import annotations

import io
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.kinds.coiffeur.pictures import CoiffeurPicture, coiffeur_image, coiffeur_layout
from bot.render.chart import rating_chart, rating_figure
from bot.render.pad import WIDTH as PAD_WIDTH
from bot.render.pad import PadPicture, pad_image, pad_layout
from bot.render.table import HEIGHT, SLATE, WIDTH, TablePicture, table_layout
from bot.render.text import overlap

LONG = (
    "Hansruedi Zimmermann-Bürgi",
    "Hansruedi Zimmermann-Bürgi Jass1",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "Anna-Katharina von Steiger-Berns",
    "ÄÖÜ äöü ÉÈ Ççñ Maximilian Müller",
    "Computer 4",
    "x",
)
NAMES = st.one_of(st.sampled_from(LONG), st.text("abcdefghijklmnopqrstuvwxyzMWÄÖÜäöü -", min_size=1, max_size=32))


def inside(box, width, height) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height


def assert_clear(drawn, width, height) -> None:
    for piece in drawn:
        assert inside(piece.box, width, height), piece
    for a, b in itertools.combinations(drawn, 2):
        assert not overlap(a.box, b.box), (a, b)


@settings(max_examples=60, deadline=None)
@given(names=st.tuples(NAMES, NAMES, NAMES, NAMES), teams=st.booleans(), turn=st.integers(0, 3),
       points=st.tuples(*[st.integers(0, 257)] * 4), taker=NAMES, trick=st.integers(0, 3))  # fmt: skip
def test_the_table_picture_keeps_every_name_and_figure_inside_and_apart(names, teams, turn, points, taker, trick):
    if teams:  # Schieber: team totals top right
        shown = names
        team_names = (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")
    else:  # Differenzler, Molotow: each name with its points
        shown = tuple(f"{n} · {p}" for n, p in zip(names, points, strict=True))
        team_names = ("", "")
    picture = TablePicture(
        title="Schelle ×2 · " + names[0], names=shown, trick=tuple((s, 9 * s + 3) for s in range(trick + 1)),
        last=((0, 1), (1, 10), (2, 19), (3, 28)), last_label=f"Letzter Stich 8: {taker} ({points[0]})",
        totals=(1240, 1122), teams=team_names, turn=turn,
    )  # fmt: skip
    drawn = table_layout(picture)
    assert_clear(drawn, WIDTH, HEIGHT)
    for seat in range(4):
        lines = [p.text for p in drawn if p.what == f"name:{seat}"]
        assert 1 <= len(lines) <= 2
        if not teams:
            assert lines[-1].endswith(f" · {points[seat]}"), lines  # the points never cut
    assert [p.text for p in drawn if p.what == "last_label"][-1].endswith(f"({points[0]})")
    for row, total in enumerate((1240, 1122) if teams else ()):
        [team] = [p.text for p in drawn if p.what == f"team:{row}"]
        assert team.endswith(f"  {total}")
    assert min(p.size for p in drawn if p.size) >= 12


def test_the_names_the_issue_found_cut_now_fit():
    picture = TablePicture(title="Rose ×1", names=("Hansruedi Zimmermann-Bürgi", "Computer 4 · 33", "Anna", "Beat"),
                           trick=((0, 3),), last=((3, 1), (0, 2), (1, 10), (2, 30)),
                           last_label="Letzter Stich 4: Hansruedi Zimmermann-Bürgi (25)", totals=(12, 40),
                           teams=("", ""), turn=1)  # fmt: skip
    drawn = table_layout(picture)
    lines = [p.text for p in drawn if p.what == "name:0"]
    whole = "".join(line if line.endswith("-") else line + " " for line in lines).strip()
    assert whole == "Hansruedi Zimmermann-Bürgi", lines  # whole: smaller, or on two lines, never cut
    assert [p.text for p in drawn if p.what == "name:1"] == ["Computer 4 · 33"]
    assert_clear(drawn, WIDTH, HEIGHT)


@settings(max_examples=40, deadline=None)
@given(names=st.tuples(NAMES, NAMES, NAMES, NAMES), kind=st.sampled_from(["differenzler", "molotow"]),
       cells=st.lists(st.tuples(*[st.tuples(st.integers(0, 157), st.integers(-450, 450), st.integers(-999, 999))] * 4),
                      min_size=1, max_size=12))  # fmt: skip
def test_the_pad_keeps_details_and_scores_apart_and_large_enough(names, kind, cells):
    picture = PadPicture(title="Molotow nach Runde 3", players=names, hands=tuple(cells), totals=(999, -20, 0, 150),
                         latest=len(cells) - 1, kind=kind, legend="klein: Punkte ± Weis/Stöck · gross: die Runde",
                         winner="Sieg: " + names[1])  # fmt: skip
    drawn = pad_layout(picture)
    width, height = pad_image(picture).size
    assert_clear(drawn, width, height)
    # no text under 11 px when the picture is shown 360 px wide
    assert min(p.size for p in drawn if p.size) * 360 / PAD_WIDTH >= 11
    assert any(p.what == "legend" for p in drawn)


def test_the_pad_separates_a_three_digit_detail_from_the_score():
    """The defect: "106+40146", "21/123102"."""
    hand = ((106, 40, 146), (21, 123, 102), (0, 0, 0), (157, 157, -10))
    picture = PadPicture(title="t", players=("a", "b", "c", "d"), hands=(hand,), totals=(146, 102, 0, -10),
                         kind="molotow", legend="x")  # fmt: skip
    drawn = {p.what: p for p in pad_layout(picture)}
    assert drawn["detail:0:0"].text == "106 +40" and drawn["score:0:0"].text == "146"
    assert not overlap(drawn["detail:0:0"].box, drawn["score:0:0"].box)


@settings(max_examples=30, deadline=None)
@given(members=st.tuples(NAMES, NAMES, NAMES, NAMES))
def test_the_coiffeur_tafel_shows_both_partners(members):
    picture = CoiffeurPicture(title="Tafel nach Runde 3", teams=("a & b", "c & d"),
                              rows=(("Eichel", 1), ("Rose", 2)), cells=((137, None), (None, 314)),
                              members=((members[0], members[2]), (members[1], members[3])))  # fmt: skip
    drawn = coiffeur_layout(picture)
    width, height = coiffeur_image(picture).size
    assert_clear(drawn, width, height)
    for team, (a, b) in enumerate(((members[0], members[2]), (members[1], members[3]))):
        texts = " ".join(p.text for p in drawn if p.what == f"team:{team}")
        for name in (a, b):
            assert name[:5].rstrip() in texts or name[:1] in texts, (name, texts)  # each partner is shown
    four = CoiffeurPicture(title="t", teams=("", ""), rows=(), cells=(),
                           members=(("Hansruedi Zimmermann-Bürgi", "Anna"), ("Beat", "Dario")))  # fmt: skip
    everyone = [p.text for p in coiffeur_layout(four) if p.what.startswith("team:")]
    assert "Anna" in everyone and "Beat" in everyone and "Dario" in everyone
    assert "Hansruedi" in " ".join(everyone)


def test_the_rating_chart_is_dark_labelled_in_the_readers_language_and_clear_of_the_first_point():
    figure = rating_figure([1000, 1010, 1005, 1032], "Anna", {"Computer «Klub»": 1000}, ("Partien", "Wertung"))
    [ax] = figure.axes
    assert ax.get_xlabel() == "Partien" and ax.get_ylabel() == "Wertung"
    [label] = ax.texts
    assert label.get_text() == "Computer «Klub»" and label.xy[0] == 4 and label.get_ha() == "right"
    png = Image.open(io.BytesIO(rating_chart([1000, 1010], "Anna", {"x": 1000}, ("a", "b")))).convert("RGB")
    assert png.getpixel((2, 2)) == SLATE  # the pictures' slate, not matplotlib's white


def test_french_cards_show_j_and_q_to_english_readers():
    from bot.render.cards import card_image

    jack, queen, six = 9 * 1 + 5, 9 * 1 + 6, 9 * 1
    for card in (jack, queen):
        en, de = card_image(card, 110, "french", lang="en"), card_image(card, 110, "french", lang="de")
        assert en.tobytes() != de.tobytes(), card  # J/Q, not B/D
    assert card_image(six, 110, "french", lang="en").tobytes() == card_image(six, 110, "french", lang="de").tobytes()
    swiss = card_image(jack, 110, "swiss", lang="en").tobytes()
    assert swiss == card_image(jack, 110, "swiss", lang="de").tobytes()  # Under and Ober in both languages
