"""Would exact (double-dummy) play of the last tricks beat the search's club play-outs?

The classic determinised search for card games solves every sampled deal exactly, both sides
playing perfectly.  This probe asks whether that pays against the ``rules`` player, where it
matters least for the cost: the oracle of ``research/oracle_ceiling.py`` (the search told the
true deal) plays the last ``--exact`` tricks by an exact solver instead, and both play the same
duplicate deals.  It also checks the solver against a plain minimax on small positions and
times it by the number of tricks left.

The solver (alpha-beta over single cards, a transposition table at trick starts, Match bonus
and the last trick's 5 points included) is compiled with numba, which only this probe needs
(``make bench`` installs it):

    python -m research.exact_endgame --deals 400 --seed 2 --exact 4 --exact 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

try:
    import numba
except ImportError:  # pragma: no cover - the message says what to do
    sys.exit("this probe needs numba: pip install numba (make bench installs it)")


from bot.game.view import TableView
from bot.rules.cards import SUIT_OF, cards_of
from bot.rules.play import legal_mask, trick_points, trick_winner_index
from bot.rules.tables import POINTS, POWER, PUUR, TRUMP_ABOVE, TRUMP_STRENGTH
from research.oracle_ceiling import Oracle, play_hand

_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_SUIT_MASK = np.array([0x1FF << (9 * s) for s in range(4)], dtype=np.uint64)
_POINTS = np.array(POINTS, dtype=np.int64)  # [legacy Undenufe][contract][card]
_POWER = np.array(POWER, dtype=np.int64).reshape(6, 4, 36)  # [contract][led suit][card]
_PUUR = np.array(PUUR, dtype=np.uint64)
_TRUMP_ABOVE = np.array(TRUMP_ABOVE, dtype=np.uint64)
_TRUMP_STRENGTH = np.array(TRUMP_STRENGTH, dtype=np.int64)
TT_BITS = 20
LAST_TRICK_BONUS = 5
LOW, HIGH = -100_000, 100_000


@numba.njit(cache=True)
def _legal(hand, trick, n, k, anytime, undertrump, puur_exemption):
    """``bot.rules.play.legal_mask`` for numba (the trick as an array and its length)."""
    if n == 0:
        return hand
    lead = _SUIT_OF[trick[0]]
    follow = hand & _SUIT_MASK[lead]
    if k >= 4:
        return follow if follow else hand
    trumps = hand & _SUIT_MASK[k]
    if lead == k:
        return hand if trumps == 0 or (puur_exemption and trumps == _PUUR[k]) else trumps
    top = -1
    for i in range(n):
        if _SUIT_OF[trick[i]] == k and (top < 0 or _TRUMP_STRENGTH[trick[i]] > _TRUMP_STRENGTH[top]):
            top = trick[i]
    if top < 0:
        if follow == 0:
            return hand
        return (follow | trumps) if anytime else follow
    if trumps == hand:
        return hand
    up = trumps & _TRUMP_ABOVE[top]
    if follow:
        return (follow | up) if anytime else follow
    return hand if undertrump else (hand & ~trumps) | up


@numba.njit(cache=True)
def _score_trick(hands, trick, leader, alone, k, rules):
    """A full ``trick``: team 0's points from it (with the last trick's 5 and the Match bonus when
    the hands are empty), the winner's seat, the Match flags after it, and whether it was the last."""
    lead = _SUIT_OF[trick[0]]
    won, points = 0, 0
    for j in range(4):
        points += _POINTS[rules[0], k, trick[j]]
        if _POWER[k, lead, trick[j]] > _POWER[k, lead, trick[won]]:
            won = j
    winner = (leader + won) % 4
    still = alone & (1 << winner % 2)
    last = (hands[0] | hands[1] | hands[2] | hands[3]) == 0
    if last:
        points += LAST_TRICK_BONUS + (rules[4] if still else 0)
    return (points if winner % 2 == 0 else 0), winner, still, last


# Not cached: numba's cache of a recursive function crashed the interpreter on reload (0.68).
@numba.njit
def _solve(hands, trick, n, leader, alone, alpha, beta, k, rules, tt):
    """Team 0's card points from here to the end of the hand (the current trick's included), both
    teams playing perfectly.  ``alone``: bit t set while team t has won every trick so far (the
    Match); ``rules``: legacy Undenufe, trump anytime, undertrump when void, Puur exemption, Match
    bonus; ``tt``: keys, lower and upper bounds of the transposition table."""
    seat = (leader + n) % 4
    slot = np.int64(0)
    key = np.uint64(0)
    if n == 0:
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        key = (rest << np.uint64(4)) | np.uint64(leader * 4 + alone)
        slot = np.int64((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - TT_BITS))
        if tt[0, slot] == key:
            low, high = np.int64(tt[1, slot]) + LOW, np.int64(tt[2, slot]) + LOW
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
    alpha0, beta0 = alpha, beta
    legal = _legal(hands[seat], trick, n, k, rules[1], rules[2], rules[3])
    # The strongest cards first (by the led suit; a lead by its own suit).
    cards = np.empty(9, dtype=np.int64)
    order = np.empty(9, dtype=np.int64)
    m = 0
    for c in range(36):
        if legal >> np.uint64(c) & np.uint64(1):
            suit = _SUIT_OF[trick[0]] if n else _SUIT_OF[c]
            cards[m] = c
            order[m] = -_POWER[k, suit, c] * 16 - _POINTS[rules[0], k, c]
            m += 1
    ranked = np.argsort(order[:m])
    maximise = seat % 2 == 0
    best = LOW if maximise else HIGH
    for i in range(m):
        c = cards[ranked[i]]
        bit = np.uint64(1) << np.uint64(c)
        hands[seat] ^= bit
        trick[n] = c
        if n < 3:
            v = _solve(hands, trick, n + 1, leader, alone, alpha, beta, k, rules, tt)
        else:
            gain, winner, still, last = _score_trick(hands, trick, leader, alone, k, rules)
            v = (
                gain
                if last
                else gain
                + _solve(hands, np.empty(4, dtype=np.int64), 0, winner, still, alpha - gain, beta - gain, k, rules, tt)
            )
        hands[seat] ^= bit
        if maximise:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    if n == 0:
        if tt[0, slot] != key:
            tt[0, slot], tt[1, slot], tt[2, slot] = key, np.uint64(LOW - LOW), np.uint64(HIGH - LOW)
        low, high = np.int64(tt[1, slot]) + LOW, np.int64(tt[2, slot]) + LOW
        if best <= alpha0:
            high = best
        elif best >= beta0:
            low = best
        else:
            low = high = best
        tt[1, slot], tt[2, slot] = np.uint64(low - LOW), np.uint64(high - LOW)
    return best


def exact_values(
    hands: list[int], trick: list[int], leader: int, alone: int, contract: int, rules: tuple[int, int, int, int, int]
) -> dict[int, int]:
    """Team 0's card points from here on after each legal card of the seat to move (one deal, both
    sides perfect).  ``rules``: (legacy Undenufe, trump anytime, undertrump when void, Puur
    exemption, Match bonus)."""
    tt = np.zeros((3, 1 << TT_BITS), dtype=np.uint64)
    table = np.array(rules, dtype=np.int64)
    seat = (leader + len(trick)) % 4
    legal = legal_mask(hands[seat], trick, contract, *map(bool, rules[1:4]))
    out = {}
    for card in cards_of(legal):
        after = np.array(hands, dtype=np.uint64)
        after[seat] ^= np.uint64(1 << card)
        now = np.zeros(4, dtype=np.int64)
        now[: len(trick) + 1] = [*trick, card]
        out[card] = _solve_after(after, now, len(trick) + 1, leader, alone, contract, table, tt)
    return out


def _solve_after(
    hands: np.ndarray,
    trick: np.ndarray,
    n: int,
    leader: int,
    alone: int,
    contract: int,
    rules: np.ndarray,
    tt: np.ndarray,
) -> int:
    """The value once the ``n``-th card of the trick is down (a full trick is scored here)."""
    if n < 4:
        return int(_solve(hands, trick, n, leader, alone, LOW, HIGH, contract, rules, tt))
    gain, winner, still, last = _score_trick(hands, trick, leader, alone, contract, rules)
    if last:
        return int(gain)
    return int(gain) + int(
        _solve(hands, np.zeros(4, dtype=np.int64), 0, winner, still, LOW - gain, HIGH - gain, contract, rules, tt)
    )


def minimax(hands: list[int], trick: list[int], leader: int, alone: int, contract: int, bonus: int) -> int:
    """The same value by plain minimax in Python (standard rules), for checking the solver."""
    seat = (leader + len(trick)) % 4
    results = []
    for card in cards_of(legal_mask(hands[seat], trick, contract)):
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        now = [*trick, card]
        if len(now) < 4:
            results.append(minimax(rest, now, leader, alone, contract, bonus))
            continue
        winner = (leader + trick_winner_index(tuple(now), contract)) % 4
        points = trick_points(tuple(now), contract, False)
        still = alone & (1 << winner % 2)
        if not any(rest):
            points += LAST_TRICK_BONUS + (bonus if still else 0)
            results.append(points if winner % 2 == 0 else 0)
        else:
            results.append((points if winner % 2 == 0 else 0) + minimax(rest, [], winner, still, contract, bonus))
    return max(results) if seat % 2 == 0 else min(results)


STANDARD = (0, 1, 0, 1, 100)


def random_position(rng: random.Random, per_hand: int) -> tuple[list[int], int, int, int]:
    """Hands of ``per_hand`` cards each, the leader, the Match flags and the contract."""
    deck = rng.sample(range(36), 4 * per_hand)
    hands = [sum(1 << c for c in deck[i * per_hand : (i + 1) * per_hand]) for i in range(4)]
    return hands, rng.randrange(4), rng.choice((0, 1, 2, 3)), rng.randrange(6)


def check(positions: int, seed: int) -> int:
    """Positions of three tricks left where the solver and plain minimax disagree."""
    rng = random.Random(seed)
    wrong = 0
    for _ in range(positions):
        hands, leader, alone, contract = random_position(rng, 3)
        values = exact_values(hands, [], leader, alone, contract, STANDARD)
        for card, value in values.items():
            rest = list(hands)
            rest[leader] &= ~(1 << card)
            wrong += value != minimax(rest, [card], leader, alone, contract, 100)
    return wrong


class ExactOracle(Oracle):
    """The oracle, playing the last ``exact`` tricks by the exact solver."""

    exact = 0

    def choose_card(self, view: TableView) -> int:
        legal = cards_of(view.legal)
        if len(legal) == 1 or 9 - len(view.tricks) > self.exact:
            return super().choose_card(view)
        assert view.contract is not None and view.seat is not None
        leader = view.trick[0][0] if view.trick else (view.tricks[-1].winner if view.tricks else view.seat)
        winners = {t.winner % 2 for t in view.tricks}
        alone = 3 if not winners else (1 << winners.pop() if len(winners) == 1 else 0)
        r = view.rules
        rules = (
            int(r.undenufe_legacy),
            int(r.trump_anytime),
            int(r.undertrump_when_void),
            int(r.puur_exemption),
            r.match_bonus,
        )
        values = exact_values(
            [int(h) for h in self.table.hand.hands], [c for _, c in view.trick], leader, alone, view.contract, rules
        )
        sign = 1 if view.seat % 2 == 0 else -1
        return max(legal, key=lambda c: (sign * values[c], -c))


def share(deals: int, seed: int, exact: int) -> float:
    """The oracle's point share against ``rules`` when it plays the last ``exact`` tricks exactly."""

    def oracle(player_seed: str) -> ExactOracle:
        player = ExactOracle(random.Random(player_seed), worlds=16, verify_worlds=1)
        player.exact = exact
        return player

    ours = theirs = 0
    for index in range(deals):
        for team_a in (0, 1):
            written, _ = play_hand(f"arena:{seed}:{index}", team_a, oracle, "rules")
            ours, theirs = ours + written[team_a], theirs + written[1 - team_a]
    return ours / (ours + theirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument(
        "--exact", type=int, action="append", help="tricks left from which the oracle solves (repeatable)"
    )
    parser.add_argument("--check", type=int, default=60, help="small positions checked against plain minimax")
    args = parser.parse_args()
    wrong = check(args.check, args.seed)
    print(f"solver against plain minimax: {wrong} of the values of {args.check} positions differ")
    if wrong:
        return 1
    rng = random.Random(args.seed)
    for left in (4, 5, 6):
        times = []
        for _ in range(10):
            hands, leader, alone, contract = random_position(rng, left)
            start = time.perf_counter()
            exact_values(hands, [], leader, alone, contract, STANDARD)
            times.append(time.perf_counter() - start)
        print(
            f"solve every lead, {left} tricks left: p50 {1000 * np.median(times):.1f} ms, "
            f"max {1000 * max(times):.1f} ms"
        )
    for exact in [0, *(args.exact or [4])]:
        print(
            f"oracle, exact play of the last {exact} tricks: point_share {share(args.deals, args.seed, exact):.4f} "
            f"({2 * args.deals} hands against rules, seed {args.seed})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
