"""The coach's endgames are exact (issue 52, item 11): from trick 7 on every deal consistent with what
the player knew for certain is solved, including what only the rules make certain (an undertrump,
the first hand's Rose 7); checked against a reference written apart from the coach's code."""

from __future__ import annotations

import random
import statistics

from benchmarks.review_bench import ME, play, reference_deals, reference_points
from bot.ai import make_player
from bot.ai.endgame import exact_values
from bot.ai.knowledge import knowledge_of
from bot.ai.review import WORLDS, card_samples
from bot.game import Phase, TableView
from bot.rules import Card, RuleSet
from bot.rules.cards import cards_of


def bit(card: str) -> int:
    return 1 << Card.parse(card).index


def test_an_undertrump_says_the_seat_held_only_trumps():
    rules = RuleSet()
    rose, schelle = 1, 2  # trump Schelle; Rose led, seat 1 trumps with the Puur, seat 2 undertrumps with the 6
    trick = ((0, Card.parse("rose-A").index), (1, Card.parse("schelle-U").index), (2, Card.parse("schelle-6").index))
    view = TableView(
        table_id="t", phase="play", seat=3, rules=rules, seats=(), game_no=1, hand_no=2, dealer=2, forehand=0,
        chooser=None, geschoben=False, may_schieben=False, contract=schelle, declarer=0, turn=3,
        hand=bit("eichel-6") | bit("rose-7"), trick=trick,
        cards_played=sum(1 << c for _, c in trick),
    )  # fmt: skip
    plain = knowledge_of(view)
    certain = knowledge_of(view, certain=True)
    assert not plain.voids[2] >> rose & 1  # the computer players' knowledge is as it was
    for suit in (0, 1, 3):
        assert certain.voids[2] >> suit & 1, suit  # no card of any plain suit: nothing but trumps
    assert not certain.voids[2] >> schelle & 1
    assert certain.voids[1] == plain.voids[1]  # trumping over nothing says nothing (trump any time)


def test_the_first_hands_forehand_held_the_rose_seven():
    rules = RuleSet()
    view = TableView(
        table_id="t", phase="play", seat=2, rules=rules, seats=(), game_no=1, hand_no=1, dealer=3, forehand=1,
        chooser=None, geschoben=False, may_schieben=False, contract=0, declarer=1, turn=2,
        hand=bit("eichel-6"), forehand_held=Card.parse("rose-7").index,
    )  # fmt: skip
    seven = bit("rose-7")
    assert knowledge_of(view, certain=True).must_hold[1] & seven
    assert not knowledge_of(view).must_hold[1] & seven


def positions(trick: int, count: int):
    found = 0
    for index in range(200):
        seed = f"exact-test:{trick}:{index}"
        club = make_player("club", f"{seed}:me")
        table, _ = play(seed, club.decide, stop=lambda t: t.hand is not None and len(t.hand.tricks) == trick - 1)
        if table.phase == Phase.GAME_OVER or table.hand is None or len(table.hand.tricks) != trick - 1:
            continue
        view = table.view_for(ME)
        if len(cards_of(view.legal)) < 2:
            continue
        yield view
        found += 1
        if found == count:
            return


def test_the_coachs_endgame_values_are_the_exact_ones():
    checked = 0
    for trick in (7, 8, 9):
        for view in positions(trick, 8 if trick < 9 else 2):
            legal = cards_of(view.legal)
            deals = reference_deals(view)
            exact = exact_values(view, legal)
            assert exact is not None and len(exact[legal[0]]) == len(deals)
            reference = {c: statistics.mean(reference_points(view, d, c) for d in deals) for c in legal}
            assert {c: statistics.mean(v) for c, v in exact.items()} == reference
            samples = card_samples(view, legal, WORLDS, random.Random(1))  # what the review uses
            assert samples == exact
            checked += 1
    assert checked >= 16
