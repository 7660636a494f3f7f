"""A toy game kind defined only under tests/ (issue 63): four players each for themselves, Obenabe in
every hand, two hands a game; each seat writes the card points it took, and the lowest total wins.
docs/adding-a-game.md walks through it, file by file. ``bot.kinds.install("tests.kinds.toy")`` is its
one line (a test installs it for its own time and uninstalls it after)."""

from bot.rules.kinds import GameKind

KIND = GameKind(
    "toy", individual=True, phases=("play", "hand_over", "game_over"), result="penalty",
    keys={"game": "toy", "hands_per_game": 2}, commands=("PlayCard",), default_hands=2,
    chooses_contract=False, first_forehand_rule=False,
)  # fmt: skip
