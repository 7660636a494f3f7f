"""Schieber: two teams, partners opposite; forehand names the contract or shoves it to the partner.

Schieber is the game the shared layers are built for: its rules are ``bot/rules``, its computer
players ``bot/ai``, its presenter the team default of ``cogs/kinds/team.py``. This package declares
it and names its engine part.
"""

from bot.rules.kinds import TEAM_PHASES, GameKind

KIND = GameKind(
    "schieber", individual=False, phases=TEAM_PHASES, result="points", keys={"game": "schieber"},
    commands=("ChooseContract", "Schieben", "PlayCard", "AnnounceStoeck", "Bedanken"),
    formats=("einzel", "pairs"), rating="rating",
    blurbs={"de": "zwei Teams, die Vorhand sagt an oder schiebt", "en": "two teams; forehand chooses or shoves"},
)  # fmt: skip
