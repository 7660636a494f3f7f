"""Names in the pictures (issue 61): a right-to-left override in one name turns round nothing else."""

from __future__ import annotations

from bot.render.table import SlatePicture, jasstafel_image

RLO = "\u202e"


def test_an_override_in_a_name_turns_round_nothing_after_it() -> None:
    plain = SlatePicture(teams=("Anna & Carla", "Beat & Dänu"), totals=(1200, 900), title="Tisch von Anna")
    forged = SlatePicture(teams=(f"{RLO}Anna & Carla", f"Beat & {RLO}Dänu"), totals=(1200, 900),
                          title=f"Tisch von {RLO}Anna")  # fmt: skip
    assert jasstafel_image(forged).tobytes() == jasstafel_image(plain).tobytes()
