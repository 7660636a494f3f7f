"""Computer players: legal decisions, no peeking at hidden cards, determinism (docs/architecture.md §7)."""

from __future__ import annotations

import copy
import random

import pytest

from bot.ai.base import computer_command, decide, make_player
from bot.ai.knowledge import knowledge_of
from bot.ai.rules_player import RulesPlayer, contract_values
from bot.ai.search_player import SearchPlayer
from bot.game import AddComputer, Phase, StartGame, Table
from bot.rules import Contract, RuleSet
from bot.rules.cards import SUIT_MASKS, cards_of

HOST = "u:host"
PRESETS = ("standard", "swisslos", "single-1000", "tournament")
MANUAL = {"preset": "standard", "weis_mode": "manual", "stoeck_auto": False}


def random_state(rng: random.Random, rules: dict) -> Table:
    """A table in the contract or play phase after a random number of random-player moves."""
    table, _ = Table.create("t", HOST, rules)
    for _ in range(4):
        table.apply(AddComputer(HOST, level="random"))
    table.apply(StartGame(HOST, seed=f"state:{rng.random()}"))
    for _ in range(rng.randrange(0, 40)):
        if table.to_act is None:
            break
        table.apply(computer_command(table, str(rng.random())))
    return table


def states(n: int, seed: int) -> list[Table]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rules = MANUAL if len(out) % 5 == 4 else {"preset": PRESETS[len(out) % len(PRESETS)]}
        table = random_state(rng, rules)
        if table.to_act is not None:
            out.append(table)
    return out


def small_search(seed: str) -> SearchPlayer:
    """A quick search whose decisions never depend on the machine's speed (the time cap is far
    away: on a loaded machine a 1 s cap cut searches short at different points); its check, on
    as few deals, still compares the three best cards with the club player's."""
    return SearchPlayer(random.Random(seed), worlds=24, verify_worlds=24, budget=60.0)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random", "beginner", "club"])
def test_every_rules_decision_is_legal(level):
    for i, table in enumerate(states(1000, seed=len(level))):
        seat = table.to_act
        command = decide(level, f"d{i}", table.view_for(seat), table.actor_for(seat))
        copy.deepcopy(table).apply(command)  # raises GameError if anything is not allowed


@pytest.mark.slow
def test_every_search_decision_is_legal():
    for i, table in enumerate(states(250, seed=7)):
        seat = table.to_act
        command = small_search(f"s{i}").decide(table.view_for(seat), table.actor_for(seat))
        copy.deepcopy(table).apply(command)


def hidden_swapped(table: Table, seat: int, rng: random.Random) -> Table | None:
    """The same table with two unplayed cards of one suit swapped between two other players:
    a deal ``seat`` cannot tell apart (same voids, cards played, Weis and Stöck)."""
    other = copy.deepcopy(table)
    hand = other.hand
    public = 0
    for weises in hand.declared.values():
        for w in weises:
            public |= w.mask
    if hand.stoeck_holder is not None and hand.contract < 4:
        public |= 0b11 << (hand.contract * 9 + 6)
    seats = [s for s in range(4) if s != seat]
    rng.shuffle(seats)
    a, b = seats[:2]
    for suit in rng.sample(range(4), 4):
        ca = [c for c in cards_of(hand.hands[a] & SUIT_MASKS[suit] & ~public)]
        cb = [c for c in cards_of(hand.hands[b] & SUIT_MASKS[suit] & ~public)]
        if ca and cb:
            x, y = rng.choice(ca), rng.choice(cb)
            hand.hands[a] ^= (1 << x) | (1 << y)
            hand.hands[b] ^= (1 << x) | (1 << y)
            return other
    return None


@pytest.mark.slow
@pytest.mark.parametrize("level", ["beginner", "club", "strong"])
def test_decisions_do_not_depend_on_hidden_cards(level):
    rng = random.Random(11)
    checked = 0
    for i, table in enumerate(states(150 if level != "strong" else 40, seed=3)):
        seat = table.to_act
        if table.phase != Phase.PLAY:
            continue
        other = hidden_swapped(table, seat, rng)
        if other is None:
            continue
        assert other.hand.hands != table.hand.hands
        view = table.view_for(seat)
        assert other.view_for(seat) == view  # the seat sees exactly the same
        if level == "strong":
            first = small_search(f"p{i}").decide(view, "ai")
            second = small_search(f"p{i}").decide(other.view_for(seat), "ai")
        else:
            first = decide(level, f"p{i}", view, "ai")
            second = decide(level, f"p{i}", other.view_for(seat), "ai")
        assert first == second
        checked += 1
    assert checked >= 10


@pytest.mark.slow
@pytest.mark.parametrize("level", ["beginner", "club", "strong", "random"])
def test_same_seed_same_decision(level):
    for i, table in enumerate(states(30, seed=5)):
        seat = table.to_act
        view = table.view_for(seat)
        if level == "strong":
            assert small_search(f"x{i}").decide(view, "ai") == small_search(f"x{i}").decide(view, "ai")
        else:
            assert decide(level, f"x{i}", view, "ai") == decide(level, f"x{i}", view, "ai")


def test_levels():
    assert isinstance(make_player("club", 1), RulesPlayer)
    assert make_player("beginner", 1).noise > 0
    assert isinstance(make_player("strong", 1), SearchPlayer)
    with pytest.raises(ValueError):
        make_player("grandmaster", 1)


def view_with(hand_cards: list[str], preset: str = "standard"):
    """A contract-phase view for seat 0 holding ``hand_cards``."""
    from bot.game.view import SeatView, TableView
    from bot.rules import Card

    mask = 0
    for text in hand_cards:
        mask |= 1 << Card.parse(text).index
    seats = tuple(SeatView("x", True, True, False) for _ in range(4))
    return TableView(
        table_id="t",
        phase="contract",
        seat=0,
        rules=RuleSet.preset(preset),
        seats=seats,
        game_no=1,
        hand_no=1,
        dealer=3,
        forehand=0,
        chooser=0,
        geschoben=False,
        may_schieben=True,
        contract=None,
        declarer=None,
        turn=0,
        hand=mask,
    )


def test_four_unders_with_low_cards_choose_undenufe():
    # Seed 001: four Puure and mainly low cards: Undenufe, the Weis (200) counts four times.
    view = view_with(
        ["eichel-U", "rose-U", "schelle-U", "schilte-U", "eichel-6", "rose-6", "rose-7", "schelle-7", "schilte-8"]
    )
    values = contract_values(view)
    assert max(values, key=values.get) == Contract.UNDENUFE
    assert RulesPlayer(random.Random(1)).decide(view, "ai").contract == "undenufe"


def test_puur_with_three_trumps_declares_and_a_weak_hand_schiebt():
    strong = view_with(
        [
            "schilte-U",
            "schilte-9",
            "schilte-A",
            "schilte-K",
            "schilte-7",
            "eichel-6",
            "rose-8",
            "schelle-6",
            "schelle-9",
        ]
    )
    command = RulesPlayer(random.Random(1)).decide(strong, "ai")
    assert getattr(command, "contract", None) == "schilte"
    weak = view_with(
        ["eichel-7", "eichel-9", "rose-8", "rose-10", "schelle-8", "schelle-O", "schilte-7", "schilte-10", "eichel-O"]
    )
    assert type(RulesPlayer(random.Random(1)).decide(weak, "ai")).__name__ == "Schieben"


def test_after_schieben_the_pusher_leads_the_highest_trump():
    from bot.ai.knowledge import strength
    from bot.game import ChooseContract, Schieben
    from bot.rules import Card

    checked = 0
    for n in range(60):
        table, _ = Table.create("t", HOST, {"preset": "standard"})
        for _ in range(4):
            table.apply(AddComputer(HOST, level="club"))
        table.apply(StartGame(HOST, seed=f"push:{n}"))
        pusher = table.chooser
        hand = table.start_hands[pusher]
        suits = [s for s in range(4) if (hand & SUIT_MASKS[s]).bit_count() >= 2]
        if not suits:
            continue
        table.apply(Schieben(table.actor_for(pusher)))
        table.apply(ChooseContract(table.actor_for(table.chooser), str(Contract(suits[0]))))
        assert table.to_act == pusher
        command = RulesPlayer(random.Random(n)).decide(table.view_for(pusher), "ai")
        top = max(cards_of(hand & SUIT_MASKS[suits[0]]), key=lambda c: strength(c, suits[0]))
        assert Card.parse(command.card).index == top
        checked += 1
    assert checked >= 40


def test_knowledge_reads_voids_and_weis_from_the_view():
    seen_void = False
    for table in states(200, seed=9):
        if table.phase != Phase.PLAY:
            continue
        seat = table.to_act
        k = knowledge_of(table.view_for(seat))
        for s in range(4):
            if s == seat:
                continue
            for suit in range(4):
                if not k.may_hold(s, suit):
                    seen_void = True
                    # A void inferred from play is real (the Puur exemption aside).
                    held = table.hand.hands[s] & SUIT_MASKS[suit]
                    if k.contract < 4 and suit == k.contract:
                        held &= ~(1 << (suit * 9 + 5))
                    assert not held
            assert k.must_hold[s] & ~table.hand.hands[s] == 0
    assert seen_void


def test_giving_a_card_away_costs_its_points_and_its_rank():
    from bot.ai.knowledge import strength
    from bot.ai.rules_player import loss
    from bot.rules import Card

    def cost(text: str, contract: int) -> float:
        return loss(Card.parse(text).index, contract)

    # Undenufe: the 7 is worth no points but is the second-highest card; the King (4 points) is
    # nearly the lowest and costs no more than the 9 (none, but higher); the lower rank breaks the tie.
    assert cost("rose-K", 5) <= cost("rose-9", 5) < cost("rose-7", 5)
    cards = [Card.parse(t).index for t in ("rose-7", "rose-9", "rose-K")]
    assert min(cards, key=lambda x: (loss(x, 5), strength(x, 5))) == Card.parse("rose-K").index
    # Obenabe: the 6 is both worthless and the lowest.
    assert cost("rose-6", 4) < min(cost("rose-9", 4), cost("rose-U", 4), cost("rose-8", 4))


def test_undenufe_discard_keeps_the_high_cards_worth_nothing():
    from dataclasses import replace

    from bot.rules import Card

    hand = ["eichel-K", "eichel-9", "rose-7", "rose-O"]
    view = view_with(hand)
    led = Card.parse("schelle-6").index
    view = replace(
        view,
        phase="play",
        contract=5,
        declarer=3,
        forehand=3,
        chooser=None,
        may_schieben=False,
        trick=((3, led),),
        legal=view.hand,
        cards_played=1 << led,
        turn=0,
    )
    # Not the 9 or 7 (no points, but tricks later): the heuristics give the King (4 points, nearly
    # the lowest); the learned correction prefers the Ober (3 points, as low), keeping both suits guarded.
    assert RulesPlayer(random.Random(1), learned=False).decide(view, "ai").card == "eichel-K"
    assert RulesPlayer(random.Random(1)).decide(view, "ai").card in ("eichel-K", "rose-O")


def test_a_defender_wins_a_cheap_trick_to_stop_the_match():
    from dataclasses import replace

    from bot.rules import Card, PlayedTrick

    def idx(text: str) -> int:
        return Card.parse(text).index

    # Seats 1 and 3 declared Eichel and won the first four tricks.  Seat 0, second to play to a
    # Schellen Under (2 points), can ruff with the Näll, the highest trump left: worth it only
    # because the trick decides the Match.
    plays = (
        (1, ("eichel-U", "rose-6", "eichel-6", "eichel-7"), 1),
        (1, ("eichel-A", "rose-7", "eichel-8", "eichel-10"), 1),
        (1, ("schelle-A", "schelle-6", "schelle-K", "schelle-7"), 1),
        (1, ("schelle-O", "schelle-8", "eichel-K", "schelle-9"), 3),
    )
    tricks = tuple(
        PlayedTrick(leader=lead, cards=tuple(idx(c) for c in cards), winner=win, points=0) for lead, cards, win in plays
    )
    trick = ((3, idx("schelle-U")),)
    played = 1 << trick[0][1]
    for t in tricks:
        for c in t.cards:
            played |= 1 << c
    view = view_with(["eichel-9", "schilte-A", "schilte-K", "rose-U", "rose-O"])
    view = replace(
        view,
        phase="play",
        contract=0,
        declarer=1,
        forehand=1,
        chooser=None,
        may_schieben=False,
        tricks=tricks,
        trick=trick,
        legal=view.hand,
        cards_played=played,
        turn=0,
    )
    # The heuristics' Match watch (the learned correction keeps the Näll instead: as the highest
    # trump left it wins a later trick anyway, so the Match is stopped either way).
    heuristics = RulesPlayer(random.Random(1), learned=False)
    assert heuristics.decide(view, "ai").card == "eichel-9"
    # Where a Match earns no bonus the Näll is not spent on 2 points.
    no_bonus = replace(view, rules=RuleSet.from_dict({"preset": "standard", "match_bonus": 0}))
    assert heuristics.decide(no_bonus, "ai").card != "eichel-9"


def _play_view(hand: list[str], contract: int, declarer: int, trick: tuple[tuple[int, str], ...] = ()):
    """Seat 0's view in the first trick of a hand in ``contract`` (``trick``: seat, card so far)."""
    from dataclasses import replace

    from bot.rules import Card

    cards = tuple((seat, Card.parse(text).index) for seat, text in trick)
    played = sum(1 << c for _, c in cards)
    view = view_with(hand)
    leader = cards[0][0] if cards else 0
    return replace(
        view,
        phase="play",
        contract=contract,
        declarer=declarer,
        forehand=leader,
        chooser=None,
        may_schieben=False,
        trick=cards,
        legal=view.hand,
        cards_played=played,
        turn=0,
    )


def test_a_card_that_wins_once_the_cards_above_it_fall_is_a_future_winner():
    from bot.ai.rules_player import future_winner
    from bot.rules import Card

    def future(hand: list[str], card: str) -> bool:
        return future_winner(knowledge_of(_play_view(hand, 4, 1)), Card.parse(card).index)

    assert future(["rose-K", "rose-7"], "rose-K")  # Obenabe: only the Ace is above, and a small card guards
    assert not future(["rose-K"], "rose-K")  # unguarded: it must fall to the Ace
    assert future(["rose-O", "rose-7", "rose-6"], "rose-O")  # Ace and King above, two guards
    assert not future(["rose-U", "rose-7", "rose-6", "rose-8"], "rose-U")  # three above: too many
    assert not future(["rose-A", "rose-7"], "rose-A")  # a Bock card wins already


def test_smearing_keeps_a_future_winner():
    # Obenabe; the partner's Eichel Ace holds.  The King of Rosen (4 points) guarded by the 7 wins
    # once the Ace is out, so the Under of Schellen (2 points) goes to the partner instead.
    view = _play_view(["rose-K", "rose-7", "schelle-U", "schelle-9"], 4, 1, trick=((2, "eichel-A"), (3, "eichel-6")))
    assert RulesPlayer(random.Random(1), learned=False).decide(view, "ai").card == "schelle-U"


def test_obenabe_defence_gives_up_the_long_suit_before_the_bock_card():
    # The defence holds the Eichel Ace (Bock) and three small Schellen: lead a small Schelle first,
    # the Ace brings the lead back later.
    view = _play_view(["eichel-A", "schelle-9", "schelle-8", "schelle-7", "rose-6"], 4, 1)
    assert RulesPlayer(random.Random(1), learned=False).decide(view, "ai").card == "schelle-7"
    # The declarer's team, without such a suit, gives up the long suit below its own Bock card.
    view = _play_view(["eichel-A", "eichel-9", "eichel-7", "rose-A", "rose-K"], 4, 0)
    assert RulesPlayer(random.Random(1), learned=False).decide(view, "ai").card == "eichel-7"


@pytest.mark.parametrize("level", ["random", "beginner", "club", "strong"])
def test_every_level_plays_every_extra_contract_and_chooses_coiffeur_rows(level):
    from bot.game import ChooseContract, NextHand
    from bot.game.commands import SYSTEM

    names = ("slalom-obenabe", "guschti-undenufe", "tuo-schelle", "misere-slalom-undenufe")
    for name in names:
        table, _ = Table.create("x", HOST, {"preset": "extras"})
        for _ in range(4):
            table.apply(AddComputer(HOST, level=level))
        table.apply(StartGame(HOST, seed=f"extra:{name}"))
        seat = table.chooser
        table.apply(ChooseContract(f"ai:{seat}", name))
        events = []
        while table.phase == Phase.PLAY:
            events += table.apply(computer_command(table, "x"))
        scored = next(e for e in events if e["type"] == "hand_scored")
        assert scored["contract"] == name.split("-")[0] if name.startswith("misere") else name
        assert sum(e["points"] for e in events if e["type"] == "trick") == 157
    # a Coiffeur with Slalom and Guschti rows, every decision by this level
    table, _ = Table.create("c", HOST, {"preset": "coiffeur-ten"})
    for _ in range(4):
        table.apply(AddComputer(HOST, level=level))
    table.apply(StartGame(HOST, seed="coiffeur-levels"))
    for _ in range(20 * 40):
        if table.phase == Phase.GAME_OVER:
            break
        if table.phase == Phase.HAND_OVER:
            table.apply(NextHand(SYSTEM, seed=f"h{table.hand_no}"))
        else:
            table.apply(computer_command(table, "c"))
    assert table.phase == Phase.GAME_OVER and table.state.tafel is not None and table.state.tafel.complete


def test_every_level_predicts_and_plays_a_differenzler_hand():
    from bot.game import Predict
    from bot.kinds.differenzler.players import RANDOM_PREDICTION

    rules = {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False, "stoeck_enabled": False,
             "hands_per_game": 1}  # fmt: skip
    table, _ = Table.create("d", HOST, rules)
    for level in ("random", "beginner", "club", "strong"):
        table.apply(AddComputer(HOST, level=level))
    table.apply(StartGame(HOST, seed="diff-levels"))
    predictions = {}
    events = []
    while table.phase != Phase.GAME_OVER:
        command = computer_command(table, "d")
        if isinstance(command, Predict):
            predictions[int(command.actor[3:])] = command.points
        events += table.apply(command)
    assert predictions[0] == RANDOM_PREDICTION and all(0 <= p <= 157 for p in predictions.values())
    scored = next(e for e in events if e["type"] == "seats_scored")
    assert sum(scored["points"]) == 157 and scored["predictions"] == [predictions[s] for s in range(4)]
