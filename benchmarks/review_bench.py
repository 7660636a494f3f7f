"""How right the coach (``/jass review``) is: ``python -m benchmarks.review_bench``.

Three checks, each on hands played through the table engine (seat 1 is the reviewed player, the
others club players; one hand per deal, standard rules):

1. **Exact endgames.** At the reviewed player's card in trick 8 (two cards each left), every
   deal of the unseen cards consistent with what the player knew (voids, Weis, Stöck shown) is
   enumerated, equally weighted, and played out perfectly (each team maximises its own points);
   the review's best card (by the review's own values of the cards) is compared with the
   exact best (a tie counts as agreement).
2. **Throws found.** The reviewed player plays as the club player but throws points away on
   purpose once a hand: playing last to a trick the opponents win, it plays its highest card worth
   10 or more (an Ace, a Ten, in Undenufe a Six; never a trump) where a card worth nothing was
   legal. Is that decision among the review's costliest (``Review.costly()``, at most 3), with the
   service's time budget? Counted by the kind of card thrown.
3. **The strong computer's own play.** The reviewed player plays the ``strong`` computer's
   choices: the review's mean loss per hand, how many decisions it blames, and of the cards in the
   last three tricks that were exactly best (by the exact reference) how many it blamed.

The exact reference of 1 and 3 is written here, apart from the coach's code: every split of the
unseen cards under which the hand so far was played by the rules (each card legal, the Weis and
Stöck shown, the first hand's Rose 7), each played out by a plain search of every order of play.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.ai import make_player
from bot.ai.knowledge import value
from bot.ai.review import WORLDS, card_samples, decision_indexes, review_hand
from bot.game import AddComputer, Phase, PlayCard, StartGame, Table, TableView
from bot.game.commands import Command
from bot.rules import Card, Contract
from bot.rules.cards import FULL_DECK, cards_of
from bot.rules.play import legal_mask, trick_points, trick_winner_index
from bot.rules.weis import find_weis
from bot.services.review import BUDGET

HOST = "bench"
ACE = 8  # the Ace's rank (natural order 6 … Ace)
UNDENUFE = int(Contract.UNDENUFE)
RULES = {"hands_per_game": 1}
ME = 0


# -- playing hands ------------------------------------------------------------------------------


def play(deal_seed: str, me: Callable[[TableView, str], Command], stop: Callable[[Table], bool] | None = None
         ) -> tuple[Table, list[dict[str, Any]]]:  # fmt: skip
    """One hand: seat 1 decides by ``me``, the others are club players; ``stop``: stop before a decision."""
    table, events = Table.create("bench", HOST, RULES)
    for _ in range(4):
        events += table.apply(AddComputer(HOST, level="club"))
    others = {s: make_player("club", hashlib.sha256(f"{deal_seed}:{s}".encode()).hexdigest()) for s in range(4)}
    events += table.apply(StartGame(HOST, seed=deal_seed))
    while table.phase != Phase.GAME_OVER:
        seat = table.to_act
        assert seat is not None
        if stop is not None and seat == ME and stop(table):
            break
        view, actor = table.view_for(seat), table.actor_for(seat) or f"ai:{seat}"
        command = me(view, actor) if seat == ME else others[seat].decide(view, actor)
        events += table.apply(command)
    return table, events


# -- 1. exact endgames ----------------------------------------------------------------------------


def reference_deals(view: TableView) -> list[list[int]]:
    """Every deal of the unseen cards to the others under which the hand so far was played by the
    rules, found without the coach's inference code: every split of the unseen cards into hands of
    the right sizes is kept when replaying the hand from those hands makes every card played a
    legal one, every seat's start hand declares exactly the Weis it declared (automatic Weis), the
    Stöck shown were held and the first hand's forehand held the Rose 7."""
    seat = view.seat
    assert seat is not None and view.contract is not None
    contract, r = view.contract, view.rules
    flags = (r.trump_anytime, r.undertrump_when_void, r.puur_exemption)
    tricks = [[((t.leader + i) % 4, c) for i, c in enumerate(t.cards)] for t in view.tricks] + [list(view.trick)]
    played_by = [0, 0, 0, 0]
    for trick in tricks:
        for s, c in trick:
            played_by[s] |= 1 << c
    others = [s for s in range(4) if s != seat]
    unseen = FULL_DECK & ~view.cards_played & ~view.hand
    sizes = [9 - played_by[s].bit_count() for s in others]
    cards = cards_of(unseen)
    out = []
    for first in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            deal = [0, 0, 0, 0]
            deal[seat] = view.hand
            for s, held in zip(others, (first, second, third), strict=True):
                deal[s] = sum(1 << c for c in held)
            if _explains(view, deal, tricks, played_by, contract, flags):
                out.append(deal)
    return out


def _explains(view: TableView, deal: list[int], tricks: list[list[tuple[int, int]]], played_by: list[int],
              contract: int, flags: tuple[bool, bool, bool]) -> bool:  # fmt: skip
    start = [deal[s] | played_by[s] for s in range(4)]
    held = view.forehand_held
    if held is not None and view.forehand is not None and not start[view.forehand] >> held & 1:
        return False
    if view.stoeck_holder is not None and contract < 4:
        pair = (1 << (contract * 9 + 6)) | (1 << (contract * 9 + 7))
        if start[view.stoeck_holder] & pair != pair:
            return False
    r = view.rules
    if view.tricks and r.weis_enabled and r.weis_mode == "auto":
        for s in range(4):
            declared = {w.mask for w in view.weis.get(s, ())}
            if {w.mask for w in find_weis(start[s], contract, r)} != declared:
                return False
    hands = list(start)
    for trick in tricks:
        on_table: list[int] = []
        for s, c in trick:
            if not legal_mask(hands[s], on_table, contract, *flags) >> c & 1:
                return False
            hands[s] &= ~(1 << c)
            on_table.append(c)
    return True


def reference_points(view: TableView, deal: list[int], first: int) -> int:
    """The viewer's team's points for the hand when it plays ``first`` and everyone then plays
    perfectly: a plain search of every order of play (no position is looked up)."""
    contract = view.contract if view.contract is not None else 0
    r = view.rules
    team = (view.seat or 0) % 2
    points, won = [0, 0], [0, 0]
    for t in view.tricks:
        points[t.winner % 2] += t.points
        won[t.winner % 2] += 1
    hands = list(deal)
    for s, c in view.trick:
        hands[s] &= ~(1 << c)
    me = view.seat or 0
    hands[me] &= ~(1 << first)

    def solve(hands: list[int], trick: list[int], leader: int, pts: list[int], wins: list[int]) -> int:
        if len(trick) == 4:
            winner = (leader + trick_winner_index(trick, contract)) % 4
            pts, wins = list(pts), list(wins)
            pts[winner % 2] += trick_points(trick, contract, r.undenufe_legacy)
            wins[winner % 2] += 1
            if sum(wins) == 9:
                pts[winner % 2] += 5 + (r.match_bonus if wins[winner % 2] == 9 else 0)
                return pts[team]
            return solve(hands, [], winner, pts, wins)
        s = (leader + len(trick)) % 4
        results = []
        for c in cards_of(legal_mask(hands[s], trick, contract, r.trump_anytime, r.undertrump_when_void,
                                     r.puur_exemption)):  # fmt: skip
            rest = list(hands)
            rest[s] &= ~(1 << c)
            results.append(solve(rest, [*trick, c], leader, pts, wins))
        return max(results) if s % 2 == team else min(results)

    leader = view.trick[0][0] if view.trick else me
    return solve(hands, [*[c for _, c in view.trick], first], leader, points, won)


def endgame(index: int, seed: int, trick: int = 8) -> tuple[int, int] | None:
    """(1 if the review's best card is an exact best, 1) at seat 1's card in ``trick`` (7: three
    cards each left; 8: two) of one deal; None when it has no choice there."""
    deal_seed = f"review-endgame:{seed}:{index}" if trick == 8 else f"review-endgame{trick}:{seed}:{index}"
    club = make_player("club", f"{deal_seed}:me")
    table, _ = play(deal_seed, club.decide, stop=lambda t: t.hand is not None and len(t.hand.tricks) == trick - 1)
    if table.phase == Phase.GAME_OVER or table.hand is None or len(table.hand.tricks) != trick - 1:
        return None
    view = table.view_for(ME)
    legal = cards_of(view.legal)
    if len(legal) < 2:
        return None
    samples = card_samples(view, legal, WORLDS, random.Random(deal_seed))  # as the review values the cards
    review_best = max(legal, key=lambda c: statistics.mean(samples[c]))
    deals = reference_deals(view)
    exact = {c: statistics.mean(reference_points(view, d, c) for d in deals) for c in legal}
    top = max(exact.values())
    return int(exact[review_best] >= top - 1e-9), 1


# -- 2. throws ------------------------------------------------------------------------------------

KINDS = {8: "ace", 4: "ten", 0: "six"}  # the rank (natural order 6 … Ace) of a card thrown, by its kind


def thrower(club: Any) -> tuple[Callable[[TableView, str], Command], list[tuple[int, str]]]:
    """The club player, but once a hand, playing last to a trick the opponents win, it throws its
    highest card worth 10 or more (an Ace; a Ten; in Undenufe a Six; never a trump) where a card
    worth nothing was legal. The list gets (the trick number, the kind of card thrown)."""
    thrown: list[tuple[int, str]] = []

    def decide(view: TableView, actor: str) -> Command:
        if not thrown and view.phase == "play" and len(view.trick) == 3 and view.contract is not None:
            cards = [c for _, c in view.trick]
            winner = view.trick[trick_winner_index(cards, view.contract)][0]
            if winner % 2 != ME % 2:
                legal = cards_of(view.legal)
                losing = [c for c in legal if trick_winner_index([*cards, c], view.contract) != 3]
                rich = [c for c in losing if value(c, view.contract) >= 10 and c // 9 != view.contract]
                low = [c for c in losing if value(c, view.contract) == 0]
                if rich and low:
                    card = max(rich, key=lambda c: (value(c, view.contract), c))
                    thrown.append((len(view.tricks) + 1, KINDS[card % 9]))
                    return PlayCard(actor, str(Card.from_index(card)))
        return club.decide(view, actor)

    return decide, thrown


def throw_found(index: int, seed: int, budget: float) -> tuple[int, str] | None:
    """(1 if the review names the throw among its costliest decisions, the kind of card); None
    without a throw."""
    deal_seed = f"review-throw:{seed}:{index}"
    decide, thrown = thrower(make_player("club", f"{deal_seed}:me"))
    _, events = play(deal_seed, decide)
    if not thrown:
        return None
    review = review_hand(events, ME, 1, 1, seed=deal_seed, budget=budget)
    trick, kind = thrown[0]
    return int(any(d.kind == "card" and d.trick == trick for d in review.costly())), kind


# -- 3. the strong computer's own play ------------------------------------------------------------


def strong_loss(index: int, seed: int, budget: float) -> tuple[float, int, int, int, int] | None:
    """The review's total loss for seat 1's decisions in one hand played by the strong computer,
    the decisions, how many it blamed, and of the cards in the last three tricks (where the exact
    value of each card is known) how many were exactly best and how many of those it blamed."""
    deal_seed = f"review-strong:{seed}:{index}"
    strong = make_player("strong", f"{deal_seed}:me")
    _, events = play(deal_seed, strong.decide)
    review = review_hand(events, ME, 1, 1, seed=deal_seed, budget=budget)
    blamed = {(d.kind, d.trick) for d in review.costly()}
    best = best_blamed = 0
    for i in decision_indexes(events, ME, 1, 1):
        table = Table.replay(events[:i])
        view = table.view_for(ME)
        legal = cards_of(view.legal)
        if events[i]["type"] != "card" or len(legal) < 2 or view.hand.bit_count() > 3:
            continue
        deals = reference_deals(view)
        exact = {c: statistics.mean(reference_points(view, d, c) for d in deals) for c in legal}
        if exact[Card.parse(events[i]["card"]).index] >= max(exact.values()) - 1e-9:
            best += 1
            best_blamed += ("card", len(view.tricks) + 1) in blamed
    return review.total_loss, len(review.decisions), len(blamed), best, best_blamed


# -- running -----------------------------------------------------------------------------------------

JOBS: dict[str, Callable[..., Any]] = {"endgame": endgame, "throw": throw_found, "strong": strong_loss}


def _chunk(args: tuple[str, list[int], int, Any]) -> list[Any]:
    name, indexes, seed, extra = args
    return [JOBS[name](i, seed, extra) for i in indexes]


def run(name: str, wanted: int, seed: int, jobs: int, batch: int, extra: Any) -> list[Any]:
    """Results of ``name`` until ``wanted`` positions (those that are not None) are in."""
    out: list[Any] = []
    start = 0
    with ProcessPoolExecutor(jobs) as pool:
        while len(out) < wanted:
            indexes = list(range(start, start + batch))
            start += batch
            chunks = [indexes[i::jobs] for i in range(jobs)]
            for part in pool.map(_chunk, [(name, c, seed, extra) for c in chunks if c]):
                out += [r for r in part if r is not None]
    return out[:wanted]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endgames", type=int, default=300, help="endgame positions compared with the exact ranking")
    parser.add_argument("--endgame-trick", type=int, default=8, choices=(7, 8), help="the trick of those positions")
    parser.add_argument("--throws", type=int, default=200, help="hands with a throw (Aces, Tens, Undenufe Sixes)")
    parser.add_argument("--strong", type=int, default=100, help="hands played by the strong computer")
    parser.add_argument("--budget", type=float, default=BUDGET, help="seconds a review may think (the service's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"review_bench: seed={args.seed} worlds per card={WORLDS} budget={args.budget:g} s per review")
    if args.endgames:
        t0 = time.perf_counter()
        got = run("endgame", args.endgames, args.seed, args.jobs, 40, args.endgame_trick)
        agree = sum(a for a, _ in got)
        print(f"endgame_agreement: {agree} of {len(got)} trick-{args.endgame_trick} positions = "
              f"{agree / len(got):.1%} (goal 100%); {time.perf_counter() - t0:.0f} s")  # fmt: skip
    if args.throws:
        t0 = time.perf_counter()
        got = run("throw", args.throws, args.seed, args.jobs, 40, args.budget)
        found = sum(a for a, _ in got)
        counts = {kind: (sum(a for a, k in got if k == kind), sum(k == kind for _, k in got))
                  for kind in KINDS.values()}  # fmt: skip
        kinds = "; ".join(f"{kind}{'es' if kind == 'six' else 's'} {a} of {n} = {a / max(1, n):.1%}"
                          for kind, (a, n) in counts.items())  # fmt: skip
        print(f"throws_found: {found} of {len(got)} hands = {found / len(got):.1%} (goal >= 90%); {kinds} "
              f"(goal >= 85% each); {time.perf_counter() - t0:.0f} s")  # fmt: skip
    if args.strong:
        t0 = time.perf_counter()
        got = run("strong", args.strong, args.seed, args.jobs, 20, args.budget)
        losses = [g[0] for g in got]
        decisions, blamed = sum(g[1] for g in got), sum(g[2] for g in got)
        best, best_blamed = sum(g[3] for g in got), sum(g[4] for g in got)
        print(f"strong_mean_loss_per_hand: {statistics.mean(losses):.2f} points over {len(got)} hands "
              f"({decisions} decisions, {blamed} blamed = {blamed / max(1, decisions):.1%}; median "
              f"{statistics.median(losses):.2f}); exactly best cards in the last three tricks blamed: "
              f"{best_blamed} of {best} = {best_blamed / max(1, best):.1%} (goal <= 2%); "
              f"{time.perf_counter() - t0:.0f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
