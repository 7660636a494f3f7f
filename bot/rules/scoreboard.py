"""The running score of a game and the game-end race (docs/rules.md §12).

Points reach the board as :class:`Credit` s, in the order of docs/rules.md §12.1; the
board checks the target and the Berg after every credit.

>>> rules = RuleSet(target=1000, multiplier_profile="single")
>>> board = Scoreboard(rules=rules, totals=(980, 985))
>>> board.credit(Credit(1, 20, "weis")).winner
1
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .ruleset import RuleSet

STOECK = "stoeck"
WEIS = "weis"
STICH = "stich"


@dataclass(frozen=True)
class Credit:
    """Points written for a team (already multiplied), with what earned them."""

    team: int
    points: int
    kind: str  # stoeck | weis | stich
    cards_played: int = 0  # cards of the hand on the table when it was credited (0..36)


@dataclass(frozen=True)
class Scoreboard:
    """Totals of the two teams, who won the Berg, and who won the game."""

    rules: RuleSet
    totals: tuple[int, int] = (0, 0)
    berg: int | None = None
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def credit(self, credit: Credit) -> Scoreboard:
        """The board after ``credit``.  A finished game takes no more points."""
        if self.over or credit.points == 0:
            return self
        totals = list(self.totals)
        totals[credit.team] += credit.points
        board = replace(self, totals=(totals[0], totals[1]))
        mark = self.rules.berg_mark
        if board.berg is None and mark is not None and totals[credit.team] >= mark:
            board = replace(board, berg=credit.team)
        if self.races_to_target and totals[credit.team] >= self.rules.target:
            board = replace(board, winner=credit.team)
        return board

    @property
    def races_to_target(self) -> bool:
        """True when the game ends automatically at the target (``end_mode: auto``)."""
        return self.rules.end_mode == "auto" and not self.rules.hands_per_game

    def reaches_target(self, team: int, points: int) -> bool:
        return self.totals[team] + points >= self.rules.target

    def claim(self, team: int, preshow_stoeck: int = 0) -> Scoreboard:
        """Bedanken: ``team`` claims the win (docs/rules.md §12.1).

        ``preshow_stoeck`` is the (multiplied) Stöck the claiming team may still show.
        A claim that falls short loses the game.
        """
        if self.over:
            return self
        right = self.totals[team] + preshow_stoeck >= self.rules.target
        totals = list(self.totals)
        if right:
            totals[team] += preshow_stoeck
        return replace(self, totals=(totals[0], totals[1]), winner=team if right else 1 - team)

    def finish(self) -> Scoreboard:
        """End a fixed-length game (``hands_per_game``): the higher total wins; a tie stays open."""
        if self.over or self.totals[0] == self.totals[1]:
            return self
        return replace(self, winner=0 if self.totals[0] > self.totals[1] else 1)

    @property
    def schneider(self) -> bool:
        """True when the game is over and the losers are below the Schneider mark."""
        mark = self.rules.schneider_mark
        if self.winner is None or mark is None:
            return False
        return self.totals[1 - self.winner] < mark
