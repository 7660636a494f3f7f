"""Molotow's part of the table engine: no contract, trump fixed by the first who cannot follow, points are bad.

RULES-VARIANTS §5: forehand leads at once, as Obenabe until a player who cannot follow suit fixes
trump; each seat's Handweis, the Tischweis and Stöck are charged as the Molotow options say; the
last hand may count twice.
"""

from __future__ import annotations

from bot.game import typed
from bot.game.events import Event, SeatsScored
from bot.game.kinds.base import Step
from bot.game.kinds.individual import IndividualEngine
from bot.game.tablelike import KindTable
from bot.kinds.molotow.rules import OBENABE, MolotowHand
from bot.rules import HandPlay, Scoreboard, Weis
from bot.rules.contract_names import SUIT_NAMES, called
from bot.rules.stoeck import STOECK_POINTS

from . import KIND as MOLOTOW


class MolotowEngine(IndividualEngine):
    kind = MOLOTOW

    def dealt(self, table: KindTable, event: typed.HandDealt) -> Step:
        """Forehand leads at once, as Obenabe until trump is fixed."""
        rules = table.rules.one_hand(stoeck=False)
        board = Scoreboard(rules=rules)
        self.state_of(table).trump = None
        r = table.rules
        hand = MolotowHand(
            list(table.start_hands), OBENABE, table.forehand or 0, rules, board, factor=1,
            weis_rules=r.with_changes(weis_enabled=True), hand_weis_rule=r.molotow_hand_weis,
            table_weis_rule=r.molotow_table_weis, stoeck_rule=r.molotow_stoeck,
        )  # fmt: skip
        return Step(hand=hand, called=called("obenabe"), board=board)

    @staticmethod
    def hand_of(table: KindTable) -> MolotowHand:
        hand = table.live_hand
        assert isinstance(hand, MolotowHand)
        return hand

    def play_card(self, table: KindTable, seat: int, card: int, weis: list[Weis] | None, stoeck: bool) -> Step:
        hand = self.hand_of(table)
        fixing = hand.fixes_trump(seat, card)
        hand.play(seat, card, weis=weis, stoeck=stoeck)
        out: list[Event] = []
        now = None
        if fixing and hand.fixed is not None:
            self.state_of(table).trump = hand.fixed.suit
            now = called(SUIT_NAMES[hand.fixed.suit])  # the hand is a trump hand from now on
            out.append({"type": "trump_fixed", "seat": seat, "suit": SUIT_NAMES[hand.fixed.suit],
                        "trick": hand.fixed.trick, "derived": True})  # fmt: skip
        if hand.completes_stoeck(seat, card):
            out.append({"type": "stoeck", "seat": seat, "points": STOECK_POINTS, "derived": True})  # R5.2.7
        return Step(events=out, called=now)

    def declared_weis(self, hand: HandPlay) -> dict[int, list[Weis]]:
        """Each one's own Handweis."""
        assert isinstance(hand, MolotowHand)
        return hand.own_weis

    def end_hand(self, table: KindTable) -> list[Event]:
        hand = self.hand_of(table)
        score = hand.scores()
        hands = table.rules.individual_hands
        factor = 2 if table.rules.molotow_double_last and table.hand_no >= hands else 1  # the last hand twice
        written = [factor * t for t in score.totals]
        scored: SeatsScored = {
            "type": "seats_scored",
            "hand": table.hand_no,
            "trump": SUIT_NAMES[hand.fixed.suit] if hand.fixed else "obenabe",
            "points": score.points,
            "table_weis": score.table_weis,
            "hand_weis": score.hand_weis,
            "stoeck": score.stoeck,
            "penalties": written,
            "totals": [],
            "derived": True,
        }
        line = tuple((score.points[s], score.totals[s] - score.points[s], written[s]) for s in range(4))
        return self.write(table, written, line, scored)


ENGINE = MolotowEngine()
