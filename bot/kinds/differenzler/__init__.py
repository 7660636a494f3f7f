"""Differenzler: each for themselves predicts the points they will take; the difference is the penalty."""

from bot.rules.kinds import GameKind

from .texts import MESSAGES

KIND = GameKind(
    "differenzler", individual=True, phases=("predict", "play", "hand_over", "game_over"), result="penalty",
    # docs/rules-variants.md: undertrumping when void, no Weis, no Stöck, 12 hands
    keys={"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False,
          "stoeck_enabled": False, "hands_per_game": 12},
    commands=("Predict", "PlayCard"), default_hands=12, formats=("differenzler",),
    chooses_contract=False, first_forehand_rule=False,
    blurbs={"de": "jeder für sich sagt seine Punkte an", "en": "each for themselves predicts their points"},
    texts=MESSAGES,
)  # fmt: skip
