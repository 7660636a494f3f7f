"""The last tricks of a hand played perfectly on one deal (every hand known: "double dummy"):
each team plays the cards that give it the most points, to the end of the hand. Small: with
three cards each at most 6⁴ orders of a trick, it is exact where the coach checks itself."""

from __future__ import annotations

from collections.abc import Sequence

from bot.game.view import TableView
from bot.rules.cards import cards_of
from bot.rules.play import legal_mask, trick_points, trick_winner_index

LAST_TRICK = 5


def perfect_points(view: TableView, deal: Sequence[int], first: int) -> int:
    """The viewer's team's points for the hand (tricks taken included, +5 for the last trick and
    the Match bonus) when it plays ``first`` now and everyone then plays perfectly, the hands
    being ``deal`` (the cards of the trick under way not in them)."""
    rules = view.rules
    contract = view.contract if view.contract is not None else 0
    team = (view.seat or 0) % 2
    points = [0, 0]
    won = [0, 0]
    for t in view.tricks:
        points[t.winner % 2] += t.points
        won[t.winner % 2] += 1
    hands = [int(h) for h in deal]
    for seat, card in view.trick:
        hands[seat] &= ~(1 << card)
    leader = view.trick[0][0] if view.trick else (view.seat or 0)
    me = view.seat or 0
    hands[me] &= ~(1 << first)

    def solve(hands: list[int], trick: list[int], leader: int, pts: tuple[int, int], wins: tuple[int, int]) -> int:
        if len(trick) == 4:
            winner = (leader + trick_winner_index(trick, contract)) % 4
            got = [*pts]
            count = [*wins]
            got[winner % 2] += trick_points(trick, contract, rules.undenufe_legacy)
            count[winner % 2] += 1
            if count[0] + count[1] == 9:
                got[winner % 2] += LAST_TRICK + (rules.match_bonus if count[winner % 2] == 9 else 0)
                return got[team]
            return solve(hands, [], winner, (got[0], got[1]), (count[0], count[1]))
        seat = (leader + len(trick)) % 4
        options = cards_of(legal_mask(hands[seat], trick, contract, rules.trump_anytime, rules.undertrump_when_void,
                                      rules.puur_exemption))  # fmt: skip
        results = []
        for card in options:
            rest = list(hands)
            rest[seat] &= ~(1 << card)
            results.append(solve(rest, [*trick, card], leader, pts, wins))
        return max(results) if seat % 2 == team else min(results)

    return solve(hands, [*[c for _, c in view.trick], first], leader, (points[0], points[1]), (won[0], won[1]))
