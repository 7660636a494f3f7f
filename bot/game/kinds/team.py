"""The engine part of the team games with a contract: the contract and Schieben, the hand scored
to a target, the game won. Schieber is this game as it stands (``bot/kinds/schieber/engine.py``);
Coiffeur builds on it (``bot/kinds/coiffeur/engine.py``): both are games of two teams where a player
names the contract.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.rules import Contract, HandPlay, Scoreboard
from bot.rules import first_forehand as rose_seven_forehand
from bot.rules.contract_names import called, names_enabled
from bot.rules.deal import ROSE_SEVEN
from bot.rules.schedules import multiplier as extra_multiplier
from bot.rules.scoring import STRICHE

from .. import commands as cmd
from .. import typed
from ..errors import Code, GameError
from ..events import Event
from ..phases import Phase
from ..tablelike import KindTable
from .base import KindEngine, KindState, Step, Tally


@dataclass
class TeamState(KindState):
    """A hand's Schieben: who names the contract, forehand shoved, and the partner shoved back."""

    chooser: int | None = None
    geschoben: bool = False
    zurueck: bool = False


class TeamEngine(KindEngine):
    """Two teams; the forehand names the contract or shoves; the hand is scored to the target
    (a subclass names its ``kind``)."""

    state_type = TeamState

    def state_of(self, table: KindTable) -> TeamState:
        assert isinstance(table.state, TeamState)
        return table.state

    # -- deal -------------------------------------------------------------------------

    def first_forehand(self, hands: list[int], dealer: int, table: KindTable) -> int:
        return rose_seven_forehand(hands, dealer, table.rules)

    def next_dealer(self, table: KindTable) -> int:
        return table.forehand if table.forehand is not None else 0

    def dealt(self, table: KindTable, event: typed.HandDealt) -> list[Event]:
        state = self.state_of(table)
        state.geschoben = state.zurueck = False
        state.chooser = self.first_chooser(table)
        return []

    def first_chooser(self, table: KindTable) -> int | None:
        """Who names the contract before anyone shoves: forehand."""
        return table.forehand

    def chooser_now(self, table: KindTable) -> int | None:
        return self.state_of(table).chooser

    # -- decisions --------------------------------------------------------------------

    def decide(self, table: KindTable, command: cmd.Command) -> list[Event]:
        match command:
            case cmd.ChooseContract():
                return self.decide_contract(table, command)
            case cmd.Schieben():
                table.need_phase(Phase.CONTRACT)
                seat, back = table.acting_seat(command.actor)
                if seat != table.chooser:
                    raise GameError(Code.NOT_YOUR_TURN, turn=table.chooser)
                if not self.may_schieben(table):
                    raise GameError(Code.SCHIEBEN_NOT_ALLOWED)
                return [*back, typed.Schieben(seat).stored()]
        return super().decide(table, command)

    def decide_contract(self, table: KindTable, c: cmd.ChooseContract) -> list[Event]:
        table.need_phase(Phase.CONTRACT)
        seat, back = table.acting_seat(c.actor)
        if seat != table.chooser:
            raise GameError(Code.NOT_YOUR_TURN, turn=table.chooser)
        self.check_row(table, seat, c.row)
        try:
            chosen = called(c.contract) if isinstance(c.contract, str) else None
        except ValueError:
            chosen = None
        if chosen is None:
            raise GameError(Code.UNKNOWN_CONTRACT, contract=c.contract)
        extra = self.check_contract(table, seat, c, chosen.full_name)
        event = typed.ContractChosen(seat, chosen.name, start=chosen.start or None, **extra)
        return [*back, event.stored()]

    def check_row(self, table: KindTable, seat: int, row: object) -> None:
        """A kind with rows refuses a row that is not open before anything else."""

    def check_contract(self, table: KindTable, seat: int, c: cmd.ChooseContract, name: str) -> dict[str, Any]:
        """Refuse a contract the table does not allow; the ``contract`` event's fields of the kind's own."""
        if name not in self.contract_names(table):
            raise GameError(Code.CONTRACT_NOT_ALLOWED, contract=name)
        return {}

    @staticmethod
    def contract_names(table: KindTable) -> tuple[str, ...]:
        """The contracts a maker may name at this table (the six, the extras switched on)."""
        plain = tuple(str(c) for c in Contract if c.is_trump or table.rules.allow_obe_unde)
        return plain + names_enabled(table.rules.extra_contracts)

    def may_schieben(self, table: KindTable) -> bool:
        """Forehand may shove once; the partner shoves back only where the rules allow it."""
        if table.phase != Phase.CONTRACT:
            return False
        state = self.state_of(table)
        if not state.geschoben:
            return True
        return table.rules.allow_schieben_back and not state.zurueck

    def evolve(self, table: KindTable, event: typed.Fact) -> list[Event] | Step | None:
        match event:
            case typed.Schieben():
                self.shoved(table)
                return []
            case typed.ContractChosen():
                return self.start_play(table, event.seat, event)
        return None

    def shoved(self, table: KindTable) -> None:
        state = self.state_of(table)
        if state.geschoben:
            state.zurueck = True
            state.chooser = table.forehand
        else:
            state.geschoben = True
            state.chooser = ((table.forehand or 0) + 2) % 4

    # -- play -------------------------------------------------------------------------

    def start_play(self, table: KindTable, seat: int, contract: typed.ContractChosen) -> Step:
        chosen = called(contract.name)
        factor = None
        leader = table.forehand or 0
        if chosen.schedule is not None:
            factor = extra_multiplier(chosen.schedule.extra, table.rules.multipliers)
            if table.rules.variant_leader == "maker":
                leader = seat
        hand = HandPlay(
            list(table.start_hands), chosen.contract, leader, table.rules, table.live_board, declarer=seat,
            schedule=chosen.schedule, factor=factor, per_trick=table.rules.mixed_values == "per_trick",
        )  # fmt: skip
        return Step(hand=hand, called=chosen)

    def after_move(self, table: KindTable, board_before: Scoreboard) -> list[Event]:
        berg = table.live_board.berg
        if board_before.berg is None and berg is not None:
            return [{"type": "berg", "team": berg, "derived": True}]
        return []

    def tally(self, event: Event) -> Tally:
        """The Jasstafel's counters: the Berg, Matches and Kontermatches, games won, Schneider, and their Striche."""
        ev: Any = event
        match ev["type"]:
            case "berg":
                return [("berg", ev["team"], 1), ("striche", ev["team"], STRICHE["berg"])]
            case "hand_scored" if ev["match_team"] is not None:
                konter = ev["kontermatsch"]
                return [("kontermatsch" if konter else "matches", ev["match_team"], 1),
                        ("striche", ev["match_team"], STRICHE["kontermatsch" if konter else "matsch"])]  # fmt: skip
            case "game_over" if ev["winner"] is not None:
                won = [("games", ev["winner"], 2 if ev["schneider"] else 1), ("striche", ev["winner"], STRICHE["sieg"])]
                if ev["schneider"]:
                    won += [("schneider", ev["winner"], 1), ("striche", ev["winner"], STRICHE["schneider"])]
                return won
        return []

    def end_hand(self, table: KindTable) -> list[Event] | Step:
        hand = table.live_hand
        s = hand.summary()
        out: list[Event] = [
            {
                "type": "hand_scored",
                "hand": table.hand_no,
                "contract": table.called.name if table.called else str(Contract(hand.contract)),
                "declarer": hand.declarer,
                "multiplier": s.multiplier,
                "weis_team": s.weis.team if s.weis else None,
                "written": list(s.written),
                "totals": list(table.live_board.totals),
                "card_points": list(s.card_points),
                "tricks": list(s.tricks_won),
                "match_team": s.match_team,
                "kontermatsch": s.kontermatsch,
                "stoeck_team": s.stoeck_team,
                "complete": s.complete,
                "parts": [[p.cards, p.match, p.weis, p.stoeck] for p in s.parts],
                "derived": True,
            }
        ]
        out += table.reveal_seed()
        rules = table.rules
        if not table.live_board.over and rules.hands_per_game and table.hand_no >= rules.hands_per_game:
            finished = table.live_board.finish()  # the last hand of a fixed number: the game ends as it stands
            return Step(events=out + self.game_over(table, finished), board=finished)
        if table.live_board.over:
            out += self.game_over(table)
        return out

    def game_over(self, table: KindTable, board: Scoreboard | None = None) -> list[Event]:
        board = board or table.live_board
        return [
            {
                "type": "game_over",
                "game": table.game_no,
                "winner": board.winner,
                "totals": list(board.totals),
                "berg": board.berg,
                "schneider": board.schneider,
                "derived": True,
            }
        ]

    # -- views ------------------------------------------------------------------------

    def view_fields(self, table: KindTable, seat: int | None) -> dict[str, Any]:
        return {"geschoben": self.state_of(table).geschoben}

    def contracts(self, table: KindTable) -> tuple[int, ...]:
        return tuple(int(c) for c in Contract if c.is_trump or table.rules.allow_obe_unde)

    def forehand_held(self, table: KindTable) -> int | None:
        return ROSE_SEVEN if table.hand_no == 1 and table.rules.first_forehand == "rose7" else None
