"""Schieber's engine part: the team game with a contract, as ``bot/game/kinds/team.py`` plays it."""

from bot.game.kinds.team import TeamEngine

from . import KIND


class SchieberEngine(TeamEngine):
    kind = KIND


ENGINE = SchieberEngine()
