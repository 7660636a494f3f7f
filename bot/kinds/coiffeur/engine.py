"""Coiffeur's part of the table engine: the Tafel, shoves by its rule, a row per hand, the row scored.

Built on Schieber's (``schieber.py``): the same contract decision, with a row chosen alongside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.game import commands as cmd
from bot.game import typed
from bot.game.errors import Code, GameError
from bot.game.events import Event, HandScored
from bot.game.kinds.base import Step, Tally
from bot.game.kinds.team import TeamEngine, TeamState
from bot.game.phases import Phase
from bot.game.tablelike import KindTable
from bot.game.view import KindView, TableView, TafelView
from bot.kinds.coiffeur.rules import TAFELN, Choice, Tafel, row_value
from bot.kinds.coiffeur.rules import chooser as coiffeur_chooser
from bot.rules import HandPlay, Scoreboard
from bot.rules.contract_names import called, names_for_row

from . import KIND as COIFFEUR


@dataclass(frozen=True)
class CoiffeurView(KindView):
    """Coiffeur's part of a view: the Tafel, the row this hand fills, and in the contract phase the
    chooser's open rows, each with the names it may be played as."""

    tafel: TafelView | None = None
    row: int | None = None
    row_options: tuple[tuple[int, tuple[str, ...]], ...] = ()


def coiffeur_part(view: TableView) -> CoiffeurView:
    """Coiffeur's part of ``view`` (``TypeError`` for another kind's view)."""
    if not isinstance(view.part, CoiffeurView):
        raise TypeError(f"a view of {view.kind} has no Coiffeur part")
    return view.part


@dataclass
class CoiffeurState(TeamState):
    """The game's Tafel, this hand's shoves and the row it fills."""

    tafel: Tafel | None = None
    shoves: int = 0
    row: int | None = None


class CoiffeurEngine(TeamEngine):
    """Each hand fills a row of the Tafel; the announcer leads; only the declaring team writes."""

    kind = COIFFEUR
    state_type = CoiffeurState

    def state_of(self, table: KindTable) -> CoiffeurState:
        assert isinstance(table.state, CoiffeurState)
        return table.state

    def tafel(self, table: KindTable) -> Tafel:
        tafel = self.state_of(table).tafel
        if tafel is None:
            raise ValueError(f"table {table.table_id} has no Tafel yet")
        return tafel

    def game_started(self, table: KindTable) -> dict[str, Any]:
        return {"rows": tuple({"contract": c, "factor": f} for c, f in TAFELN[table.rules.coiffeur_tafel])}

    def start_game(self, table: KindTable) -> None:
        self.state_of(table).tafel = Tafel.of(table.rules.coiffeur_tafel)

    def dealt(self, table: KindTable, event: typed.HandDealt) -> list[Event]:
        state = self.state_of(table)
        state.shoves = 0
        state.row = None
        return super().dealt(table, event)

    def first_chooser(self, table: KindTable) -> int | None:
        return self.choice(table).seat

    def choice(self, table: KindTable) -> Choice:
        """Who chooses after this hand's shoves, and whether they must."""
        forehand = table.forehand if table.forehand is not None else 0
        return coiffeur_chooser(forehand, self.state_of(table).shoves, self.tafel(table), table.rules.coiffeur_shove)

    def options(self, table: KindTable, seat: int) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """The rows ``seat``'s team may still fill, each with the names it may be played as."""
        tafel = self.tafel(table)
        names = table.rules.coiffeur_joker_choices
        return tuple((r, names_for_row(tafel.rows[r].contract, names)) for r in tafel.open_rows(seat % 2))

    # -- decisions --------------------------------------------------------------------

    def check_row(self, table: KindTable, seat: int, row: object) -> None:
        if row is not None and row not in self.tafel(table).open_rows(seat % 2):
            raise GameError(Code.ROW_NOT_OPEN, row=row + 1 if isinstance(row, int) else row)  # whatever it names

    def check_contract(self, table: KindTable, seat: int, c: cmd.ChooseContract, name: str) -> dict[str, Any]:
        tafel, team = self.tafel(table), seat % 2
        if c.row is None:
            raise GameError(Code.ROW_NEEDED)
        if not isinstance(c.row, int) or c.row not in tafel.open_rows(team):
            raise GameError(Code.ROW_NOT_OPEN, row=c.row + 1 if isinstance(c.row, int) else c.row)
        allowed = names_for_row(tafel.rows[c.row].contract, table.rules.coiffeur_joker_choices)
        if name not in allowed:
            raise GameError(Code.ROW_CONTRACT, row=c.row + 1, contract=c.contract, allowed=list(allowed))
        return {"row": c.row, "team": team}

    def may_schieben(self, table: KindTable) -> bool:
        return table.phase == Phase.CONTRACT and not self.choice(table).forced

    def shoved(self, table: KindTable) -> None:
        state = self.state_of(table)
        state.geschoben = True
        state.shoves += 1
        state.chooser = self.choice(table).seat

    # -- play -------------------------------------------------------------------------

    def start_play(self, table: KindTable, seat: int, contract: typed.ContractChosen) -> Step:
        chosen = called(contract.name)
        self.state_of(table).row = contract.row
        rules = table.rules.one_hand(stoeck=table.rules.coiffeur_stoeck != "off")  # the Tafel scores the row
        board = Scoreboard(rules=rules)
        hand = HandPlay(
            list(table.start_hands), chosen.contract, seat, rules, board, declarer=seat,
            schedule=chosen.schedule, factor=1, per_trick=table.rules.mixed_values == "per_trick",
        )  # the announcer leads (docs/rules-variants.md)  # fmt: skip
        return Step(hand=hand, called=chosen, board=board)

    def after_move(self, table: KindTable, board_before: Scoreboard) -> list[Event]:
        return []

    def stoeck_written(self, table: KindTable, team: int, points: int) -> int | None:
        """Only the declaring team writes, not in a Joker row under ``except_joker`` (R3.5.3),
        and the row's factor multiplies (the hand itself is played at factor 1)."""
        row_no = self.state_of(table).row
        if row_no is None:
            return points
        hand = table.live_hand
        row = self.tafel(table).rows[row_no]
        if hand.declarer is None or team != hand.declarer % 2:
            return None
        rule = table.rules.coiffeur_stoeck
        if rule == "off" or (rule == "except_joker" and row.contract == "joker"):
            return None
        return points * row.factor

    def end_hand(self, table: KindTable) -> list[Event]:
        """Score the row (only the declaring team writes), fill the Tafel; the game ends with it."""
        state, chosen, hand = self.state_of(table), table.called, table.live_hand
        tafel = self.tafel(table)
        assert chosen is not None and state.row is not None and hand.declarer is not None
        team = hand.declarer % 2
        row = tafel.rows[state.row]
        won = hand.tricks_won
        points = [0, 0]
        for n, t in enumerate(hand.tricks, start=1):
            points[t.winner % 2] += t.taken(n)
        matched = 0 if won[1] == 0 else 1 if won[0] == 0 else None
        if matched is not None:
            points[matched] += table.rules.match_bonus
        stoeck_team = next((c.team for c in hand.credits if c.kind == "stoeck"), None)
        if stoeck_team != team or (table.rules.coiffeur_stoeck == "except_joker" and row.contract == "joker"):
            stoeck_team = None  # only the declarers' Stöck are written, and not in a Joker row by default
        written = row_value(
            row, (points[0], points[1]), team, contract=chosen.name,
            stoeck=20 if stoeck_team == team else 0, stoeck_rule=table.rules.coiffeur_stoeck,
            kontermatsch=table.rules.coiffeur_kontermatsch,
        )  # fmt: skip
        tafel.fill(team, state.row, written[team], chosen.full_name)
        scored: HandScored = {
            "type": "hand_scored",
            "hand": table.hand_no,
            "contract": chosen.name,
            "declarer": hand.declarer,
            "multiplier": row.factor,
            "weis_team": None,
            "written": [written[0] if team == 0 else 0, written[1] if team == 1 else 0],
            "totals": list(tafel.totals()),
            "card_points": list(hand.card_points),
            "tricks": list(won),
            "match_team": matched,
            "kontermatsch": matched is not None and matched != team,
            "stoeck_team": stoeck_team,
            "complete": True,
            "parts": [self.row_parts(table, points[t], matched == t, stoeck_team == t) for t in (0, 1)],
            "row": state.row,
            "factor": row.factor,
            "team": team,
            "derived": True,
        }
        out: list[Event] = [scored, *table.reveal_seed()]
        if tafel.complete:
            out += self.game_over(table)
        return out

    def tally(self, event: Event) -> Tally:
        """The Tafel's counters: Matches and Kontermatches, games won (no Striche)."""
        ev: Any = event
        if ev["type"] == "hand_scored" and ev["match_team"] is not None:
            return [("kontermatsch" if ev["kontermatsch"] else "matches", ev["match_team"], 1)]
        if ev["type"] == "game_over" and ev["winner"] is not None:
            return [("games", ev["winner"], 1)]
        return []

    @staticmethod
    def row_parts(table: KindTable, points: int, matched: bool, stoeck: bool) -> list[int]:
        """A team's parts of a Coiffeur hand before the factor: cards (+5), Match, Weis (none), Stöck."""
        bonus = table.rules.match_bonus if matched else 0
        return [points - bonus, bonus, 0, 20 if stoeck else 0]

    def game_over(self, table: KindTable, board: Scoreboard | None = None) -> list[Event]:
        tafel = self.tafel(table)
        winner = tafel.winner()
        return [{"type": "game_over", "game": table.game_no, "winner": winner, "totals": list(tafel.totals()),
                 "berg": None, "schneider": False, "derived": True}]  # fmt: skip

    # -- views ------------------------------------------------------------------------

    def view_fields(self, table: KindTable, seat: int | None) -> dict[str, Any]:
        state = self.state_of(table)
        t = state.tafel
        if t is None:
            return {"geschoben": state.geschoben, "part": CoiffeurView()}
        tafel = TafelView(
            rows=tuple((r.contract, r.factor) for r in t.rows),
            written=tuple(tuple(t.written.get((team, i)) for i in range(len(t.rows))) for team in (0, 1)),
            played_as=tuple(tuple(t.played_as.get((team, i)) for i in range(len(t.rows))) for team in (0, 1)),
        )
        choosing = table.phase == Phase.CONTRACT and table.chooser is not None
        part = CoiffeurView(
            tafel=tafel,
            row=state.row if table.shown_hand is not None else None,
            row_options=self.options(table, table.chooser) if choosing and table.chooser is not None else (),
        )
        return {"geschoben": state.geschoben, "part": part}

    def totals(self, table: KindTable) -> tuple[int, int]:
        tafel = self.state_of(table).tafel
        return tafel.totals() if tafel is not None else (0, 0)

    def hand_factor(self, table: KindTable) -> int | None:
        state = self.state_of(table)
        if table.hand is None:
            return None
        if state.tafel is not None and state.row is not None:
            return state.tafel.rows[state.row].factor
        return table.hand.multiplier

    def contracts(self, table: KindTable) -> tuple[int, ...]:
        return ()


ENGINE = CoiffeurEngine()
