"""The extra contracts as schedules of trick modes: RULES-VARIANTS examples V1–V14 (issue 42)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules import Card, RuleSet
from bot.rules.cards import SUIT_MASKS
from bot.rules.contracts import MULTIPLIER_PROFILES, OBENABE, UNDENUFE
from bot.rules.schedules import Extra, play_tricks, schedule, written
from bot.rules.schedules import multiplier as extra_multiplier
from bot.rules.weis import resolve_weis, sequence

EICHEL, ROSE, SCHELLE, SCHILTE = range(4)
SUITS = {"Eichel": "eichel", "Rose": "rose", "Schelle": "schelle", "Schilte": "schilte"}


def card(text: str) -> int:
    """``Schilte K`` (as RULES-VARIANTS writes it) as a card int."""
    suit, rank = text.split()
    return Card.parse(f"{SUITS[suit]}-{rank}").index


def cards(texts: str) -> list[int]:
    return [card(t.strip()) for t in texts.split(",")]


def mask(texts: str) -> int:
    return sum(1 << c for c in cards(texts))


def legal_set(plan, hand: str, trick: str, n: int) -> int:
    return plan.legal(mask(hand), cards(trick) if trick else [], n)


def test_v1_schedules():
    assert schedule(Extra.SLALOM_OBENABE).letters() == "OUOUOUOUO"
    assert schedule(Extra.SLALOM_UNDENUFE).letters() == "UOUOUOUOU"
    assert schedule(Extra.GUSCHTI_OBENABE).letters() == "OOOOOUUUU"
    assert schedule(Extra.GUSCHTI_UNDENUFE).letters() == "UUUUUOOOO"
    assert schedule(Extra.GUSCHTI_OBENABE, first_block=4).letters() == "OOOOUUUUU"
    assert schedule(Extra.TUO, trump=SCHELLE).letters() == "TTTUUUOOO"
    assert schedule(Extra.TUO, trump=SCHELLE).modes[:3] == (SCHELLE,) * 3


def test_v2_slalom_obenabe_trick_1():
    plan = schedule(Extra.SLALOM_OBENABE)
    trick = cards("Schilte K, Schilte A, Schilte 6, Eichel A")
    assert plan.winner(trick, 0) == 1
    assert plan.points(trick, 0) == plan.points(trick, 0, per_trick=True) == 26


def test_v3_slalom_obenabe_trick_2_is_undenufe():
    plan = schedule(Extra.SLALOM_OBENABE)
    trick = cards("Rose 9, Rose 7, Rose A, Rose 8")  # P1 leads
    assert (1 + plan.winner(trick, 1)) % 4 == 2
    assert plan.points(trick, 1) == 19 and plan.points(trick, 1, per_trick=True) == 8


def test_v4_legal_moves_in_a_slalom_undenufe_trick():
    plan = schedule(Extra.SLALOM_OBENABE)
    assert legal_set(plan, "Schelle A, Schelle 6, Eichel 6, Rose 8", "Schelle 10", 1) == mask("Schelle A, Schelle 6")
    assert legal_set(plan, "Eichel 6, Rose 8", "Schelle 10", 1) == mask("Eichel 6, Rose 8")


def test_v5_guschti_the_same_cards_in_trick_5_and_6():
    plan = schedule(Extra.GUSCHTI_OBENABE)
    trick = cards("Eichel 10, Eichel 6, Eichel K, Eichel 8")  # P2 leads
    assert (2 + plan.winner(trick, 4)) % 4 == 0
    assert plan.points(trick, 4) == plan.points(trick, 4, per_trick=True) == 22
    assert (2 + plan.winner(trick, 5)) % 4 == 3
    assert plan.points(trick, 5) == 22 and plan.points(trick, 5, per_trick=True) == 33


def test_v6_gusti_four_obe_first():
    plan = schedule(Extra.GUSCHTI_OBENABE, first_block=4)
    trick = cards("Eichel 10, Eichel 6, Eichel K, Eichel 8")
    assert (2 + plan.winner(trick, 4)) % 4 == 3
    assert plan.points(trick, 4) == 22 and plan.points(trick, 4, per_trick=True) == 33


def test_v7_tuo_trump_schelle_three_tricks():
    plan = schedule(Extra.TUO, trump=SCHELLE)
    rows = [  # (trick no, leader, cards, winner seat, Obenabe table, per_trick)
        (1, 0, "Rose A, Rose 6, Schelle 6, Rose K", 2, 15, 15),
        (2, 2, "Schelle U, Schelle 9, Schelle 8, Schelle A", 2, 21, 45),
        (3, 2, "Schelle 7, Schelle 10, Eichel 6, Schelle K", 2, 14, 25),
    ]
    for n, leader, played, seat, obenabe, per_trick in rows:
        trick = cards(played)
        assert (leader + plan.winner(trick, n)) % 4 == seat
        assert plan.points(trick, n) == obenabe and plan.points(trick, n, per_trick=True) == per_trick
    assert legal_set(plan, "Schelle 6, Rose 10, Eichel 7", "Rose A, Rose 6", 1) == mask("Rose 10, Schelle 6")


def test_v8_tuo_legal_moves_trump_rose():
    plan = schedule(Extra.TUO, trump=ROSE)
    hand = "Eichel A, Rose 6, Rose U, Schilte 9"
    assert legal_set(plan, hand, "Eichel 8, Rose 10", 0) == mask("Eichel A, Rose U")
    assert legal_set(plan, hand, "Eichel 8", 3) == mask("Eichel A")
    assert legal_set(plan, "Rose 6, Rose U, Schilte 9", "Rose 10", 3) == mask("Rose 6, Rose U")
    assert legal_set(plan, "Rose U, Schilte 9", "Rose 10", 1) == mask("Rose U, Schilte 9")  # Puur exemption
    assert legal_set(plan, "Rose U, Schilte 9", "Rose 10", 6) == mask("Rose U")  # not in an O trick


V9_HANDS = {
    0: "Eichel 6, Eichel 7, Rose 7, Rose O, Rose K, Schelle 6, Schelle O, Schilte 10, Schilte K",
    1: "Eichel U, Eichel K, Rose 8, Rose A, Schelle 7, Schilte 6, Schilte 8, Schilte 9, Schilte U",
    2: "Eichel 9, Eichel 10, Eichel A, Rose 10, Rose U, Schelle 9, Schelle U, Schelle A, Schilte A",
    3: "Eichel 8, Eichel O, Rose 6, Rose 9, Schelle 8, Schelle 10, Schelle K, Schilte 7, Schilte O",
}
V9_TRICKS = [  # (leader, cards, winner, Obenabe table, per_trick) — last trick's +5 included
    (0, "Eichel 6, Eichel U, Eichel 9, Eichel 8", 1, 10, 10),
    (1, "Eichel K, Eichel 10, Eichel O, Eichel 7", 0, 17, 17),
    (0, "Rose 7, Rose 8, Rose 10, Rose 6", 2, 18, 18),
    (2, "Eichel A, Rose 9, Rose O, Rose A", 2, 25, 3),
    (2, "Rose U, Schelle 8, Rose K, Schelle 7", 0, 14, 14),
    (0, "Schelle 6, Schilte 6, Schelle 9, Schelle 10", 0, 10, 32),
    (0, "Schelle O, Schilte 8, Schelle U, Schelle K", 3, 17, 17),
    (3, "Schilte 7, Schilte 10, Schilte 9, Schilte A", 3, 21, 10),
    (3, "Schilte O, Schilte K, Schilte U, Schelle A", 0, 25, 25),
]
V10_HANDS = {
    0: "Eichel 8, Eichel 9, Eichel O, Eichel A, Rose U, Rose K, Schelle 8, Schelle U, Schilte 6",
    1: "Eichel 6, Eichel U, Rose 7, Rose 8, Rose O, Schelle 6, Schelle O, Schilte 7, Schilte A",
    2: "Eichel 10, Rose 6, Rose 9, Schelle 9, Schelle 10, Schelle K, Schelle A, Schilte 8, Schilte K",
    3: "Eichel 7, Eichel K, Rose 10, Rose A, Schelle 7, Schilte 9, Schilte 10, Schilte U, Schilte O",
}
V10_TRICKS = [
    (0, "Eichel 8, Eichel 6, Eichel 10, Eichel 7", 2, 18, 10),
    (2, "Rose 6, Rose 10, Rose U, Rose 7", 0, 12, 30),
    (0, "Eichel 9, Eichel U, Rose 9, Eichel K", 2, 6, 20),
    (2, "Schelle 9, Schelle 7, Schelle 8, Schelle 6", 1, 8, 19),
    (1, "Rose 8, Schelle 10, Rose A, Rose K", 1, 33, 22),
    (1, "Rose O, Schelle K, Schilte 9, Eichel O", 1, 10, 10),
    (1, "Schelle O, Schelle A, Schilte 10, Schelle U", 2, 26, 26),
    (2, "Schilte 8, Schilte U, Schilte 6, Schilte 7", 3, 10, 10),
    (3, "Schilte O, Eichel A, Schilte A, Schilte K", 1, 34, 34),
]


def first_legal(legal: int) -> int:
    """The fixed policy of the full-hand vectors: the first legal card, Eichel < … < Schilte, 6 < … < A."""
    return (legal & -legal).bit_length() - 1


@pytest.mark.parametrize(
    ("plan", "hands", "tricks", "totals", "per_trick_totals"),
    [
        (schedule(Extra.SLALOM_OBENABE), V9_HANDS, V9_TRICKS, (109, 48), (109, 37)),
        (schedule(Extra.TUO, trump=ROSE), V10_HANDS, V10_TRICKS, (62, 95), (86, 95)),
    ],
    ids=["V9", "V10"],
)
def test_v9_v10_complete_hands(plan, hands, tricks, totals, per_trick_totals):
    """Every card legal under the vectors' fixed policy (the first legal card), every winner and
    every trick's points as printed, and the totals under both value tables."""
    held = {seat: mask(text) for seat, text in hands.items()}
    assert sum(held.values()) == (1 << 36) - 1
    for n, (leader, played, winner, obenabe, per_trick) in enumerate(tricks):
        trick = cards(played)
        for i, c in enumerate(trick):
            seat = (leader + i) % 4
            assert first_legal(plan.legal(held[seat], trick[:i], n)) == c, (n, seat)
            held[seat] &= ~(1 << c)
        assert (leader + plan.winner(trick, n)) % 4 == winner
        last = 5 if n == 8 else 0
        assert plan.points(trick, n) + last == obenabe and plan.points(trick, n, per_trick=True) + last == per_trick
    played = [(leader, cards(text)) for leader, text, *_ in tricks]
    assert play_tricks(plan, played).points == totals and sum(totals) == 157
    assert play_tricks(plan, played, per_trick=True).points == per_trick_totals


def test_v9_v10_written():
    classic = MULTIPLIER_PROFILES["classic"]
    slalom = schedule(Extra.SLALOM_OBENABE)
    v9 = play_tricks(slalom, [(leader, cards(text)) for leader, text, *_ in V9_TRICKS])
    factor = extra_multiplier(Extra.SLALOM_OBENABE, classic)
    assert factor == classic[UNDENUFE] == 4
    assert written(slalom, v9, 0, factor) == (436, 192)
    assert written(slalom, v9, 0, 7, coiffeur=True) == (763, 0)
    tuo = schedule(Extra.TUO, trump=ROSE)
    v10 = play_tricks(tuo, [(leader, cards(text)) for leader, text, *_ in V10_TRICKS])
    assert written(tuo, v10, 0, extra_multiplier(Extra.TUO, classic)) == (248, 380)


def test_v11_misere_scoring():
    plan = schedule(Extra.MISERE_OBENABE)
    from bot.rules.schedules import HandResult

    result = HandResult((38, 119), (3, 6))
    assert written(plan, result, 0, 1, coiffeur=True) == (119, 0)
    assert written(plan, result, 0, extra_multiplier(Extra.MISERE_OBENABE, MULTIPLIER_PROFILES["classic"])) == (119, 38)


def test_v12_misere_extremes():
    plan = schedule(Extra.MISERE_OBENABE)
    m = 3
    # Each suit from the Ace down, four cards a trick, all led by seat 1: the Ace (or the best
    # card left) leads and wins, so team B (seats 1, 3) takes all nine and team A none.
    pool = [s * 9 + r for s in range(4) for r in range(8, -1, -1)]
    tricks = [(1, pool[4 * n : 4 * n + 4]) for n in range(9)]
    result = play_tricks(plan, tricks)
    assert result.tricks == (0, 9) and result.points == (0, 257)
    # A declared and took no trick: the opponents made 157 + 100, A writes 257 × m.
    assert written(plan, result, 0, m, coiffeur=True) == (257 * m, 0)
    # Had B declared and taken all nine, its opponents made 0: B writes 0.
    assert written(plan, result, 1, m, coiffeur=True) == (0, 0)
    # Schieber analogy: each team writes the other's points, B A's 0 and A B's 257 × m.
    assert written(plan, result, 0, m) == (257 * m, 0)


def test_v13_weis_heights_in_slalom_follow_trick_1():
    rules = RuleSet.preset("standard")
    declared = {0: [sequence(ROSE, 0, 3, rules)], 1: [sequence(EICHEL, 6, 3, rules)]}
    assert declared[0][0].points == declared[1][0].points == 20
    under = schedule(Extra.SLALOM_UNDENUFE).weis_mode
    over = schedule(Extra.SLALOM_OBENABE).weis_mode
    assert (under, over) == (UNDENUFE, OBENABE)
    assert resolve_weis(declared, under, 0, rules).best_seat == 0
    assert resolve_weis(declared, over, 0, rules).best_seat == 1


def test_v14_match_in_a_mixed_contract():
    plan = schedule(Extra.GUSCHTI_UNDENUFE)
    from bot.rules.schedules import HandResult

    assert written(plan, HandResult((257, 0), (9, 0)), 0, 8, coiffeur=True) == (2056, 0)
    assert written(plan, HandResult((0, 257), (0, 9)), 1, 8, coiffeur=True) == (0, 2056)


def test_bad_schedules_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="TUO needs a trump"):
        schedule(Extra.TUO)
    with pytest.raises(ValueError, match="TUO needs a trump"):
        schedule(Extra.SLALOM_OBENABE, trump=1)
    with pytest.raises(ValueError, match="4 or 5"):
        schedule(Extra.GUSCHTI_OBENABE, first_block=3)
    with pytest.raises(ValueError, match="T, U and O"):
        schedule(Extra.TUO, trump=0, tuo_order=("T", "T", "O"))
    with pytest.raises(ValueError):
        schedule("quer")


PLANS = st.sampled_from(
    [schedule(e) for e in Extra if e is not Extra.TUO]
    + [schedule(Extra.TUO, trump=s) for s in range(4)]
    + [schedule(Extra.GUSCHTI_UNDENUFE, first_block=4), schedule(Extra.TUO, trump=2, tuo_order=("O", "T", "U"))]
)


@settings(max_examples=150, deadline=None)
@given(plan=PLANS, deck=st.permutations(range(36)), leader=st.integers(0, 3), choices=st.randoms())
def test_random_legal_hands(plan, deck, leader, choices):
    """Any hand played with legal cards: a legal card always exists, each trick has one winner
    holding a card of it, and with the Obenabe table the hand is worth 157 (+100 Match)."""
    held = [sum(1 << c for c in deck[9 * s : 9 * s + 9]) for s in range(4)]
    tricks = []
    for n in range(9):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            legal = plan.legal(held[seat], trick, n)
            assert legal and legal & held[seat] == legal
            options = [c for c in range(36) if legal >> c & 1]
            c = choices.choice(options)
            trick.append(c)
            held[seat] &= ~(1 << c)
        w = plan.winner(trick, n)
        assert 0 <= w < 4
        tricks.append((leader, trick))
        leader = (leader + w) % 4
    result = play_tricks(plan, tricks)
    assert sum(result.tricks) == 9
    assert sum(result.points) == 157 + (100 if result.match_team is not None else 0)
    assert not any(held)


def test_no_trump_trick_has_no_trump():
    """In TUO's Undenufe and Obenabe tricks the trump suit is a plain suit (R1.1.2)."""
    plan = schedule(Extra.TUO, trump=SCHILTE)
    trick = cards("Eichel A, Schilte 6")  # a "ruff" in trick 7 (O) does not win it
    assert plan.winner(trick, 6) == 0 and plan.winner(trick, 0) == 1
    assert plan.legal(SUIT_MASKS[SCHILTE] | mask("Eichel 6"), cards("Eichel K"), 6) == mask("Eichel 6")


def hand_play(plan, hands, factor, rules=None):
    from bot.rules.hand import HandPlay
    from bot.rules.scoreboard import Scoreboard

    rules = rules or RuleSet.preset("standard", weis_enabled=False)
    held = [mask(hands[seat]) for seat in range(4)]
    return HandPlay(held, plan.weis_mode, forehand=0, rules=rules, board=Scoreboard(rules), schedule=plan,
                    factor=factor)  # fmt: skip


@pytest.mark.parametrize(
    ("plan", "hands", "tricks", "factor", "board"),
    [
        (schedule(Extra.SLALOM_OBENABE), V9_HANDS, V9_TRICKS, 4, (436, 192)),
        (schedule(Extra.TUO, trump=ROSE), V10_HANDS, V10_TRICKS, 4, (248, 380)),
    ],
    ids=["V9", "V10"],
)
def test_the_hand_engine_plays_v9_and_v10_and_writes_them(plan, hands, tricks, factor, board):
    """The Schieber hand engine with a schedule: every card of the vector accepted in its trick's
    mode, a card the mode forbids refused, and the running score as RULES-VARIANTS writes it."""
    from bot.rules.hand import RulesError

    hand = hand_play(plan, hands, factor)
    for leader, played, *_ in tricks:
        assert hand.turn == leader
        for c in cards(played):
            others = hand.hands[hand.turn] & ~hand.legal()
            if others:  # a card the trick's mode forbids is refused
                with pytest.raises(RulesError):
                    hand.play(hand.turn, (others & -others).bit_length() - 1)
            hand.play(hand.turn, c)
    assert hand.done and hand.board.totals == board and hand.stoeck_holder is None
    summary = hand.summary()
    assert summary.written == board and summary.multiplier == factor


def test_misere_in_the_hand_engine_credits_each_team_with_what_the_other_took():
    plan = schedule(Extra.MISERE_OBENABE)
    hand = hand_play(plan, V9_HANDS, 1)
    while not hand.done:
        legal = hand.legal()
        hand.play(hand.turn, (legal & -legal).bit_length() - 1)
    taken = hand.card_points  # what each team took (+5 in the last trick's points is not in it)
    last = hand.tricks[-1].winner % 2
    took = [taken[0] + (5 if last == 0 else 0), taken[1] + (5 if last == 1 else 0)]
    assert sum(took) == 157 and hand.board.totals == (took[1], took[0])
    summary = hand.summary()
    assert summary.written == (took[1], took[0]) and not summary.kontermatsch


@settings(max_examples=60, deadline=None)
@given(plan=PLANS, deck=st.permutations(range(36)), choices=st.randoms(), factor=st.integers(1, 7))
def test_the_hand_engine_writes_factor_times_157_in_every_schedule(plan, deck, choices, factor):
    """Random legal play through the hand engine: every legal card accepted; both teams together
    write factor × 157, or factor × 257 with a Match (no Stöck, no Weis in an extra contract)."""
    from bot.rules.hand import HandPlay
    from bot.rules.scoreboard import Scoreboard

    rules = RuleSet.preset("standard", target=100_000)
    held = [sum(1 << c for c in deck[9 * s : 9 * s + 9]) for s in range(4)]
    board = Scoreboard(rules)
    hand = HandPlay(held, plan.weis_mode, forehand=0, rules=rules, board=board, schedule=plan, factor=factor)
    while not hand.done:
        legal = hand.legal()
        hand.play(hand.turn, choices.choice([c for c in range(36) if legal >> c & 1]))
    weis = hand.weis_result.points * factor if hand.weis_result and hand.weis_result.team is not None else 0
    matched = 9 in hand.tricks_won
    assert sum(hand.board.totals) - weis == factor * (257 if matched else 157)
    assert hand.stoeck_holder is None
