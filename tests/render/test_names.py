"""Names in the pictures (issue 61): a right-to-left override in one name turns round nothing else."""

from __future__ import annotations

from bot.render.table import SlatePicture, jasstafel_image

RLO = "\u202e"


def test_an_override_in_a_name_turns_round_nothing_after_it() -> None:
    plain = SlatePicture(teams=("Anna & Carla", "Beat & Dänu"), totals=(1200, 900), title="Tisch von Anna")
    forged = SlatePicture(teams=(f"{RLO}Anna & Carla", f"Beat & {RLO}Dänu"), totals=(1200, 900),
                          title=f"Tisch von {RLO}Anna")  # fmt: skip
    assert jasstafel_image(forged).tobytes() == jasstafel_image(plain).tobytes()


def _fonts_or_skip() -> None:
    """CI installs the fonts (.ci/run: JASS_TEST_FONTS=required); elsewhere a missing font is said."""
    import os

    import pytest

    from bot.render.fonts import missing

    absent = missing()
    if absent:
        if os.environ.get("JASS_TEST_FONTS") == "required":
            raise AssertionError("; ".join(absent))
        pytest.skip("; ".join(absent))


def _slate(first: str, second: str = "Beat & Dänu"):
    return jasstafel_image(SlatePicture(teams=(first, second), totals=(1200, 900), title="Tisch"))


def test_an_emoji_a_hebrew_and_a_chinese_name_are_drawn_not_boxes() -> None:
    _fonts_or_skip()
    # 😀 in colour: its yellow face is on the slate (DejaVu alone drew an empty box in chalk).
    import numpy as np

    from bot.render.fonts import runs

    pixels = np.asarray(_slate("Anna 😀 & Carla").convert("RGB")).astype(int)
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    yellow = int(((r > 200) & (g > 150) & (g < 230) & (b < 90)).sum())
    assert yellow > 20, yellow
    assert [kind for kind, _ in runs("Anna 😀")] == ["base", "emoji"]
    # 张伟 in the CJK font: not the picture of two characters no font has (the same empty boxes).
    assert runs("张伟") == [("cjk", "张伟")]
    assert _slate("张伟 & Anna").tobytes() != _slate("\ue000\ue001 & Anna").tobytes()
    # דוד (Hebrew) in DejaVu, laid out right to left by raqm: not boxes, and not the letters' left-to-right order.
    from PIL import features

    assert features.check("raqm")
    assert _slate("דוד & Anna").tobytes() != _slate("\ue000\ue001\ue002 & Anna").tobytes()
