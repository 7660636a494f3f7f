"""The Coiffeur Tafel picture (issue 42, item 3): deterministic, one line per row, readable small."""

import hashlib

from bot.kinds.coiffeur.pictures import WIDTH, CoiffeurPicture, coiffeur_image, coiffeur_png, tafel_height
from bot.kinds.coiffeur.rules import Tafel
from bot.render.cards import cards_shown

ROWS = tuple((row.contract.capitalize(), row.factor) for row in Tafel.of("reglement8").rows)
V22_A = (61, 166, 0, 468, 510, 480, 490, 592)
V22_B = (112, 190, 393, 280, 475, 1542, 616, 488)


def picture(filled: int, **kw) -> CoiffeurPicture:
    cells = tuple((V22_A[i] if i < filled else None, V22_B[i] if i < filled else None) for i in range(8))
    totals = (sum(V22_A[:filled]), sum(V22_B[:filled]))
    return CoiffeurPicture("Annas Tisch · Coiffeur", ("Anna & Cla", "Beat & Dora"), ROWS, cells, totals=totals, **kw)


def pixels(image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()


def test_the_tafel_is_deterministic_and_changes_with_each_filled_row():
    assert coiffeur_png(picture(3)) == coiffeur_png(picture(3))
    seen = {pixels(coiffeur_image(picture(n))) for n in range(9)}
    assert len(seen) == 9  # every filled row shows


def test_the_tafel_has_a_line_per_row_shows_no_card_and_fits_a_phone():
    png = coiffeur_png(picture(8, winner="Beat & Dora gewinnen 4096 : 2767"))
    image = coiffeur_image(picture(8))
    assert image.size == (WIDTH, tafel_height(8)) and WIDTH <= 400  # scaled to 320 px at most 1.25×
    assert cards_shown(png) == ()
    ten = CoiffeurPicture("t", ("a", "b"), tuple((r.contract, r.factor) for r in Tafel.of("ten").rows), ())
    assert coiffeur_image(ten).size[1] == tafel_height(10) > image.size[1]


def test_the_latest_cell_and_a_joker_contract_are_marked():
    plain = picture(7)
    marked = picture(7, latest=(6, 1))
    joker = picture(7, played_as=(("", ""),) * 6 + (("Undenufe", "Rose"),))
    assert len({pixels(coiffeur_image(p)) for p in (plain, marked, joker)}) == 3
    # the winner line makes the picture taller; long names are fitted, not cut off the edge
    long = CoiffeurPicture("x" * 200, ("A" * 80, "B" * 80), ROWS, ((1, 2),) * 8, totals=(8, 16))
    assert coiffeur_image(long).size == (WIDTH, tafel_height(8))
    assert coiffeur_image(picture(8, winner="w")).size[1] > tafel_height(8)
