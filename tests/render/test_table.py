"""The table picture and the Jasstafel: deterministic, following the game, public cards only."""

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.game import Phase
from bot.game.events import GameOver, HandScored
from bot.render.table import SlatePicture, jasstafel_image, slate_png, strokes, table_image, table_png
from bot.texts.cards import Deck
from cogs.presenter import slate_picture, table_picture
from tests.game.helpers import auto_step, new_table


def pixels(image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()


def picture_of(table):
    return table_picture(table.view_for(None), "de", Deck("de"))


def test_the_table_picture_is_deterministic_and_changes_when_a_card_is_played():
    table, _ = new_table(humans=0)
    while table.phase != Phase.PLAY:
        auto_step(table)
    before = picture_of(table)
    assert pixels(table_image(before)) == pixels(table_image(picture_of(table)))
    assert table_png(before) == table_png(picture_of(table))
    auto_step(table)  # one card
    after = picture_of(table)
    assert len(after.trick) == len(before.trick) + 1
    assert pixels(table_image(after)) != pixels(table_image(before))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_table_picture_shows_no_card_still_in_a_hand(seed, steps):
    table, _ = new_table(humans=0, seed=f"r{seed}")
    for _ in range(steps):
        if table.phase in (Phase.GAME_OVER, Phase.ABANDONED):
            break
        auto_step(table, f"r{seed}")
    picture = picture_of(table)
    if picture is None:
        return
    shown = {card for _, card in picture.trick + picture.last}
    if table.phase in (Phase.CONTRACT, Phase.PLAY):
        held = table.hand.hands if table.phase == Phase.PLAY else table.start_hands
        for mask in held:
            assert not any(mask >> card & 1 for card in shown)
    if table.phase == Phase.PLAY:
        assert picture.turn == table.to_act


def test_strokes_write_the_total_as_the_slate_does():
    assert strokes(1287) == (12, 1, 1, 17)
    assert strokes(0) == (0, 0, 0, 0)
    for total in range(0, 3000, 7):
        h, f, t, rest = strokes(total)
        assert 100 * h + 50 * f + 20 * t + rest == total and f <= 1 and t <= 2 and rest < 20


def test_the_jasstafel_is_deterministic_and_follows_the_score():
    a = SlatePicture(teams=("anna & carla", "beat & dario"), totals=(1287, 642), written=(157, 0), title="x")
    assert slate_png(a) == slate_png(SlatePicture(**a.__dict__))
    b = SlatePicture(teams=a.teams, totals=(1307, 642), written=a.written, title="x")
    assert pixels(jasstafel_image(a)) != pixels(jasstafel_image(b))


def test_the_slate_after_a_hand_and_at_the_end_of_a_game():
    table, events = new_table({"target": 1000}, humans=0)
    while table.phase != Phase.GAME_OVER:
        events += auto_step(table)
    scored: list[HandScored] = [e for e in events if e["type"] == "hand_scored"]  # type: ignore[misc]
    over: GameOver = next(e for e in events if e["type"] == "game_over")  # type: ignore[assignment]
    view = table.view_for(None)
    first = slate_picture(view, scored[0], "de")
    assert first.written == tuple(scored[0]["written"]) and first.totals == tuple(scored[0]["totals"])
    assert "1" in first.title
    final = slate_picture(view, over, "en")
    assert final.totals == tuple(over["totals"]) and final.written == (0, 0)
    assert len(slate_png(final)) < 60_000


def chalk_in(image, x0: int, x1: int, y0: int, y1: int) -> int:
    """Chalk-coloured pixels in a box."""
    from bot.render.table import CHALK

    return sum(image.getpixel((x, y)) == CHALK for x in range(x0, x1) for y in range(y0, y1))


def test_the_jasstafel_writes_hundreds_on_top_and_twenties_at_the_bottom():
    """Issue 39, item 18: Swiss practice, not upside down."""
    from bot.render.table import ZED_HEIGHT, ZED_LEFT, ZED_RIGHT, zed_lines, zed_top

    assert zed_lines(370) == {"top": 3, "diagonal": 1, "bottom": 1}
    middle = (ZED_LEFT + (ZED_RIGHT - ZED_LEFT) // 3, ZED_LEFT + 2 * (ZED_RIGHT - ZED_LEFT) // 3)
    hundreds = jasstafel_image(SlatePicture(teams=("a", "b"), totals=(1000, 0)))  # ten strokes of 100
    twenties = jasstafel_image(SlatePicture(teams=("a", "b"), totals=(40, 0)))  # two strokes of 20
    top, bottom = zed_top(0), zed_top(0) + ZED_HEIGHT

    def above(image, y: int) -> int:  # strokes reach 9 px across their line; the line itself is 3 px
        return chalk_in(image, ZED_LEFT, ZED_RIGHT, y - 9, y - 3)

    assert above(hundreds, top) > 20 and chalk_in(hundreds, *middle, bottom - 9, bottom - 3) == 0
    assert above(twenties, bottom) > 10 and above(twenties, top) == 0


def test_the_final_slate_names_the_winner_whole_names_and_the_striche():
    table, events = new_table({"target": 1000}, humans=0)
    while table.phase != Phase.GAME_OVER:
        events += auto_step(table)
    over: GameOver = next(e for e in events if e["type"] == "game_over")  # type: ignore[assignment]
    view = table.view_for(None)
    final = slate_picture(view, over, "de")
    winners = final.teams[over["winner"]]
    assert final.winner == f"Sieg: {winners}"
    assert ("Sieg", 2) in final.striche[over["winner"]]  # RULES §12.7: a win is two Striche
    if view.berg is not None:
        assert ("Berg", 1) in final.striche[view.berg]
    long = SlatePicture(teams=("Computer 1 & Computer 3", "Annalena Müller-Schwarzenbach & Beat"), totals=(1, 2))
    from bot.render.table import _fitted

    draw = __import__("PIL.ImageDraw", fromlist=["Draw"]).Draw(jasstafel_image(long))
    for name in long.teams:
        assert _fitted(draw, name, 480, 16)[0] == name  # never cut at the frame
