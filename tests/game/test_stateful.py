"""A hypothesis state machine mixing valid and invalid commands on one table."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from bot.ai import computer_command
from bot.game import (
    SYSTEM,
    AddComputer,
    AnnounceStoeck,
    Bedanken,
    ChooseContract,
    GameError,
    JoinSeat,
    LeaveSeat,
    NextHand,
    Phase,
    PlayCard,
    RemoveComputer,
    Schieben,
    StandIn,
    StartGame,
    Table,
)
from bot.rules import ALL_CARDS, Contract, RuleSet

from .helpers import HOST, snapshot

ACTORS = [HOST, "u:1", "u:2", "u:3", "u:4", "ai:0", "ai:1", "standin:2", SYSTEM]
cards = st.sampled_from([str(c) for c in ALL_CARDS] + ["rose-0", ""])
contracts = st.sampled_from([str(c) for c in Contract] + ["slalom"])


class TableMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.rules = RuleSet(end_mode="bedanken", target=1000, multiplier_profile="single")
        self.table, self.events = Table.create("t", HOST, self.rules)

    def attempt(self, command):
        before = snapshot(self.table)
        try:
            self.events += self.table.apply(command)
        except GameError:
            assert snapshot(self.table) == before

    @rule(actor=st.sampled_from(ACTORS), seat=st.none() | st.integers(-1, 4))
    def join(self, actor, seat):
        self.attempt(JoinSeat(actor, name=actor, seat=seat))

    @rule(actor=st.sampled_from(ACTORS))
    def leave(self, actor):
        self.attempt(LeaveSeat(actor))

    @rule(actor=st.sampled_from(ACTORS), seat=st.none() | st.integers(-1, 4))
    def add_computer(self, actor, seat):
        self.attempt(AddComputer(actor, seat=seat))

    @rule(actor=st.sampled_from(ACTORS), seat=st.integers(-1, 4))
    def remove_computer(self, actor, seat):
        self.attempt(RemoveComputer(actor, seat=seat))

    @rule(actor=st.sampled_from(ACTORS), fill=st.booleans(), n=st.integers(0, 3))
    def start(self, actor, fill, n):
        self.attempt(StartGame(actor, seed=f"seed{n}", fill_computers=fill))

    @rule(actor=st.sampled_from(ACTORS), contract=contracts)
    def choose(self, actor, contract):
        self.attempt(ChooseContract(actor, contract))

    @rule(actor=st.sampled_from(ACTORS))
    def schieben(self, actor):
        self.attempt(Schieben(actor))

    @rule(actor=st.sampled_from(ACTORS), card=cards)
    def play_any(self, actor, card):
        self.attempt(PlayCard(actor, card))

    @rule(actor=st.sampled_from(ACTORS))
    def stoeck_or_thanks(self, actor):
        self.attempt(AnnounceStoeck(actor))
        self.attempt(Bedanken(actor))

    @rule(seat=st.integers(0, 3))
    def stand_in(self, seat):
        self.attempt(StandIn(SYSTEM, seat=seat))

    @rule(n=st.integers(1, 30))
    def valid_moves(self, n):
        for _ in range(n):
            t = self.table
            if t.phase == Phase.HAND_OVER:
                self.attempt(NextHand(SYSTEM, seed=f"h{t.seq}"))
            elif t.to_act is not None and t.seats[t.to_act].occupied:
                self.events += t.apply(computer_command(t))  # a valid command must be accepted
            else:
                return

    @invariant()
    def replay_equals_live(self):
        assert snapshot(Table.replay(self.events)) == snapshot(self.table)
        assert self.table.seq == len(self.events)

    @invariant()
    def cards_are_conserved(self):
        t = self.table
        if t.phase == Phase.PLAY:
            hand = t.hand
            held = [h.bit_count() for h in hand.hands]
            played = sum(len(x.cards) for x in hand.tricks) + len(hand.trick)
            assert sum(held) + played == 36
            together = 0
            for h in hand.hands:
                assert not together & h
                together |= h
            assert max(held) - min(held) <= 1

    @invariant()
    def scores_only_grow(self):
        if self.table.board is not None:
            assert min(self.table.board.totals) >= 0


TableMachine.TestCase.settings = settings(max_examples=80, stateful_step_count=40, deadline=None)
TestTableMachine = TableMachine.TestCase
