"""How right the coach (``/jass review``) is: ``python -m benchmarks.review_bench``.

Three checks, each on hands played through the table engine (seat 1 is the reviewed player, the
others club players; one hand per deal, standard rules):

1. **Exact endgames.** At the reviewed player's card in trick 8 (two cards each left), every
   deal of the unseen cards consistent with what the player knew (voids, Weis, Stöck shown) is
   enumerated, equally weighted, and played out perfectly (each team maximises its own points);
   the review's best card (its sampled deals, weighted by the cards played) is compared with the
   exact best (a tie counts as agreement).
2. **Throws found.** The reviewed player plays as the club player but throws points away on
   purpose once a hand: playing last to a trick the opponents win, it smears an Ace (not of
   trump; not in Undenufe) where a card worth nothing was legal. Is that decision among the
   review's costliest (``Review.costly()``, at most 3)?
3. **The strong computer's own play.** The reviewed player plays the ``strong`` computer's
   choices: the review's mean loss per hand.
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
from bot.ai.endgame import perfect_points
from bot.ai.knowledge import allowed_cards, knowledge_of, value
from bot.ai.review import WORLDS, card_samples, review_hand
from bot.ai.sampling import weis_check
from bot.game import AddComputer, Phase, PlayCard, StartGame, Table, TableView
from bot.game.commands import Command
from bot.rules import Card, Contract
from bot.rules.cards import cards_of
from bot.rules.play import trick_winner_index

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


def consistent_deals(view: TableView) -> list[list[int]]:
    """Every deal of the unseen cards to the others that agrees with what the viewer knows."""
    k = knowledge_of(view)
    others = [s for s in range(4) if s != k.seat]
    allowed = {s: allowed_cards(k, s) for s in others}
    fixed = {s: k.must_hold[s] & k.unseen for s in others}
    free = k.unseen & ~(fixed[others[0]] | fixed[others[1]] | fixed[others[2]])
    need = [k.hand_sizes[s] - fixed[s].bit_count() for s in others]
    check = weis_check(k)
    out = []
    cards = cards_of(free)
    for first in itertools.combinations(cards, need[0]):
        rest = [c for c in cards if c not in first]
        for second in itertools.combinations(rest, need[1]):
            third = [c for c in rest if c not in second]
            hands = {others[0]: first, others[1]: second, others[2]: tuple(third)}
            deal = [0, 0, 0, 0]
            deal[k.seat] = view.hand
            ok = True
            for s, held in hands.items():
                mask = sum(1 << c for c in held) | fixed[s]
                if mask & ~allowed[s]:
                    ok = False
                    break
                deal[s] = mask
            if ok and (check is None or check(deal)):
                out.append(deal)
    return out


def endgame(index: int, seed: int) -> tuple[int, int] | None:
    """(1 if the review's best card is an exact best, 1) at seat 1's card in trick 8 of one
    deal; None when it has no choice there."""
    deal_seed = f"review-endgame:{seed}:{index}"
    club = make_player("club", f"{deal_seed}:me")
    table, _ = play(deal_seed, club.decide, stop=lambda t: t.hand is not None and len(t.hand.tricks) == 7)
    if table.phase == Phase.GAME_OVER or table.hand is None or len(table.hand.tricks) != 7:
        return None
    view = table.view_for(ME)
    legal = cards_of(view.legal)
    if len(legal) < 2:
        return None
    samples = card_samples(view, legal, WORLDS, random.Random(deal_seed))
    review_best = max(legal, key=lambda c: statistics.mean(samples[c]))
    deals = consistent_deals(view)
    exact = {c: statistics.mean(perfect_points(view, d, c) for d in deals) for c in legal}
    top = max(exact.values())
    return int(exact[review_best] >= top - 1e-9), 1


# -- 2. throws ------------------------------------------------------------------------------------


def thrower(club: Any) -> tuple[Callable[[TableView, str], Command], list[int]]:
    """The club player, but once a hand, playing last to a trick the opponents win, it smears an
    Ace (not of trump; not in Undenufe, where the Ace is low) where a card worth nothing was
    legal. The list gets the trick number."""
    thrown: list[int] = []

    def decide(view: TableView, actor: str) -> Command:
        if not thrown and view.phase == "play" and len(view.trick) == 3 and view.contract is not None:
            cards = [c for _, c in view.trick]
            winner = view.trick[trick_winner_index(cards, view.contract)][0]
            if winner % 2 != ME % 2:
                legal = cards_of(view.legal)
                losing = [c for c in legal if trick_winner_index([*cards, c], view.contract) != 3]
                aces = [c for c in losing if c % 9 == ACE and view.contract != UNDENUFE and c // 9 != view.contract]
                low = [c for c in losing if value(c, view.contract) == 0]
                if aces and low:
                    thrown.append(len(view.tricks) + 1)
                    return PlayCard(actor, str(Card.from_index(aces[0])))
        return club.decide(view, actor)

    return decide, thrown


def throw_found(index: int, seed: int) -> tuple[int, int] | None:
    """(1 if the review names the throw among its costliest decisions, 1); None without a throw."""
    deal_seed = f"review-throw:{seed}:{index}"
    decide, thrown = thrower(make_player("club", f"{deal_seed}:me"))
    _, events = play(deal_seed, decide)
    if not thrown:
        return None
    review = review_hand(events, ME, 1, 1, seed=deal_seed)
    return int(any(d.kind == "card" and d.trick == thrown[0] for d in review.costly())), 1


# -- 3. the strong computer's own play ------------------------------------------------------------


def strong_loss(index: int, seed: int) -> tuple[float, int] | None:
    """The review's total loss for seat 1's decisions in one hand played by the strong computer."""
    deal_seed = f"review-strong:{seed}:{index}"
    strong = make_player("strong", f"{deal_seed}:me")
    _, events = play(deal_seed, strong.decide)
    review = review_hand(events, ME, 1, 1, seed=deal_seed)
    return review.total_loss, len(review.decisions)


# -- running -----------------------------------------------------------------------------------------

JOBS: dict[str, Callable[[int, int], Any]] = {"endgame": endgame, "throw": throw_found, "strong": strong_loss}


def _chunk(args: tuple[str, list[int], int]) -> list[Any]:
    name, indexes, seed = args
    return [JOBS[name](i, seed) for i in indexes]


def run(name: str, wanted: int, seed: int, jobs: int, batch: int) -> list[Any]:
    """Results of ``name`` until ``wanted`` positions (those that are not None) are in."""
    out: list[Any] = []
    start = 0
    with ProcessPoolExecutor(jobs) as pool:
        while len(out) < wanted:
            indexes = list(range(start, start + batch))
            start += batch
            chunks = [indexes[i::jobs] for i in range(jobs)]
            for part in pool.map(_chunk, [(name, c, seed) for c in chunks if c]):
                out += [r for r in part if r is not None]
    return out[:wanted]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endgames", type=int, default=300, help="trick-8 positions compared with the exact ranking")
    parser.add_argument("--throws", type=int, default=200, help="hands with a throw")
    parser.add_argument("--strong", type=int, default=100, help="hands played by the strong computer")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"review_bench: seed={args.seed} worlds per card={WORLDS}")
    if args.endgames:
        t0 = time.perf_counter()
        got = run("endgame", args.endgames, args.seed, args.jobs, 40)
        agree = sum(a for a, _ in got)
        print(f"endgame_agreement: {agree} of {len(got)} trick-8 positions = {agree / len(got):.1%} "
              f"(goal >= 95%); {time.perf_counter() - t0:.0f} s")  # fmt: skip
    if args.throws:
        t0 = time.perf_counter()
        got = run("throw", args.throws, args.seed, args.jobs, 40)
        found = sum(a for a, _ in got)
        print(f"throws_found: {found} of {len(got)} hands = {found / len(got):.1%} (goal >= 90%); "
              f"{time.perf_counter() - t0:.0f} s")  # fmt: skip
    if args.strong:
        t0 = time.perf_counter()
        got = run("strong", args.strong, args.seed, args.jobs, 20)
        losses = [loss for loss, _ in got]
        print(f"strong_mean_loss_per_hand: {statistics.mean(losses):.2f} points over {len(got)} hands "
              f"({sum(n for _, n in got)} decisions; median {statistics.median(losses):.2f}; goal < 3); "
              f"{time.perf_counter() - t0:.0f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
