"""The last tricks of a hand played perfectly on one deal (every hand known: "double dummy"):
each team plays the cards that give it the most points, to the end of the hand. With three cards
each at most 6⁴ orders of a trick; positions met again (in another deal, after another first card)
are looked up, not searched again, so every deal consistent with what a player knew can be solved
(:func:`exact_values`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.game.view import TableView
from bot.rules.cards import cards_of
from bot.rules.play import legal_mask, trick_points, trick_winner_index

from .knowledge import knowledge_of
from .sampling import all_deals

LAST_TRICK = 5
ENUMERATE = 5000  # consistent deals tried at most for an exact endgame (trick 7: at most 1,680)


class Endgame:
    """Perfect play from the viewer's position; the values of positions already solved are kept."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        rules = view.rules
        self.contract = view.contract if view.contract is not None else 0
        self.team = (view.seat or 0) % 2
        self.legacy, self.match = rules.undenufe_legacy, rules.match_bonus
        self.flags = (rules.trump_anytime, rules.undertrump_when_void, rules.puur_exemption)
        points, won = [0, 0], [0, 0]
        for t in view.tricks:
            points[t.winner % 2] += t.points
            won[t.winner % 2] += 1
        self.points, self.won = (points[0], points[1]), (won[0], won[1])
        self.memo: dict[tuple[int, ...], int] = {}

    def points_with(self, deal: Sequence[int], first: int) -> int:
        """The viewer's team's points for the hand (tricks taken, +5 for the last trick, the Match
        bonus) when it plays ``first`` now and everyone then plays perfectly, the hands being
        ``deal`` (with the viewer's hand; the cards of the trick under way not in them)."""
        view = self.view
        hands = [int(h) for h in deal]
        for seat, card in view.trick:
            hands[seat] &= ~(1 << card)
        me = view.seat or 0
        hands[me] &= ~(1 << first)
        leader = view.trick[0][0] if view.trick else me
        trick = (*[c for _, c in view.trick], first)
        return self.points[self.team] + self._solve(tuple(hands), trick, leader, self.won)

    def _solve(self, hands: tuple[int, ...], trick: tuple[int, ...], leader: int, won: tuple[int, int]) -> int:
        """The viewer's team's points still to come from this position."""
        key = (*hands, *trick, -1, leader, *won)
        got = self.memo.get(key)
        if got is not None:
            return got
        if len(trick) == 4:
            winner = (leader + trick_winner_index(trick, self.contract)) % 4
            side = winner % 2
            count = (won[0] + (side == 0), won[1] + (side == 1))
            gained = trick_points(trick, self.contract, self.legacy)
            if count[0] + count[1] == 9:
                gained += LAST_TRICK + (self.match if count[side] == 9 else 0)
                result = gained if side == self.team else 0
            else:
                result = (gained if side == self.team else 0) + self._solve(hands, (), winner, count)
        else:
            seat = (leader + len(trick)) % 4
            values = []
            for card in cards_of(legal_mask(hands[seat], list(trick), self.contract, *self.flags)):
                rest = list(hands)
                rest[seat] &= ~(1 << card)
                values.append(self._solve(tuple(rest), (*trick, card), leader, won))
            result = max(values) if seat % 2 == self.team else min(values)
        self.memo[key] = result
        return result


def perfect_points(view: TableView, deal: Sequence[int], first: int) -> int:
    """:meth:`Endgame.points_with` for one deal and one card."""
    return Endgame(view).points_with(deal, first)


def exact_values(view: TableView, cards: Sequence[int], limit: int = ENUMERATE) -> dict[int, list[int]] | None:
    """Each of ``cards``'s points (the viewer's team, the whole hand) on every deal consistent with
    what the viewer knows for certain (:func:`.knowledge.knowledge_of` with ``certain``), each played
    out perfectly: equally weighted, nothing sampled. ``None`` when there are too many deals."""
    deals = all_deals(knowledge_of(view, certain=True), limit)
    if not deals:
        return None
    solver = Endgame(view)
    return {card: [solver.points_with(deal, card) for deal in deals] for card in cards}
