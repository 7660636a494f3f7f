"""Molotow: each for themselves takes as few points as possible; trump is fixed by the first one who cannot follow."""

from bot.rules.kinds import GameKind

from .texts import MESSAGES

KIND = GameKind(
    "molotow", individual=True, phases=("play", "hand_over", "game_over"), result="penalty",
    # docs/rules-variants.md (game A): undertrumping when void once trump is fixed, 8 hands
    keys={"game": "molotow", "undertrump_when_void": True, "hands_per_game": 8},
    commands=("PlayCard",), default_hands=8, chooses_contract=False, first_forehand_rule=False,
    # the score pad's small figures: points ± Weis and Stöck; each one's own Weis, all of them count
    options={"pad": "signed", "own_weis": True},
    blurbs={"de": "jeder für sich will möglichst wenig Punkte",
            "en": "each for themselves takes as few points as possible"},
    texts=MESSAGES,
)  # fmt: skip
