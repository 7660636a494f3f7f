"""The table aggregate: lobby, hands, game end — pure and event-sourced (docs/architecture.md §4).

``Table.apply(command)`` validates the command against the current state and either
raises :class:`GameError` (nothing changes) or returns the events it caused.  Events are
plain JSON-ready dicts.  *Primary* events record decisions (a seat taken, a card played,
the seed of a deal); *derived* events (``derived: True``) record their consequences
(tricks, Weis, Stöck, hand scores, game over) for subscribers and the history.
``Table.replay(events)`` rebuilds a table from the primary events alone, so derived ones
are always recomputed by the same rules code.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.rules import (
    Card,
    Contract,
    HandPlay,
    RuleSet,
    RuleSetError,
    Scoreboard,
    deal,
    first_forehand,
    forehand_of,
    shuffle_deck,
    to_mask,
)
from bot.rules.cards import FULL_DECK, cards_of
from bot.rules.coiffeur import TAFELN, Choice, Tafel, row_value
from bot.rules.coiffeur import chooser as coiffeur_chooser
from bot.rules.contract_names import SUIT_NAMES, Called, called, names_enabled, names_for_row
from bot.rules.deal import ROSE_SEVEN
from bot.rules.differenzler import TOTAL as TOTAL_POINTS
from bot.rules.differenzler import penalty, prediction_order, random_trump, ranking, results, with_stoeck, zero_tricks
from bot.rules.molotow import OBENABE, MolotowHand
from bot.rules.play import illegal_reason
from bot.rules.schedules import multiplier as extra_multiplier
from bot.rules.scoring import STRICHE
from bot.rules.stoeck import STOECK_POINTS
from bot.rules.weis import Weis

from . import commands as cmd
from .errors import Code, GameError
from .events import (
    CardPlayed,
    ComputerAdded,
    ContractChosen,
    Event,
    GameStarted,
    HandDealt,
    HandScored,
    SeatsScored,
    TableCreated,
    TrickTaken,
    as_event,
)
from .view import SeatView, TableView, TafelView

#: Computer player levels (bot/ai implements them): beginner and club play by rules, strong searches.
COMPUTER_LEVELS = ("club", "beginner", "strong", "random")


class Phase(StrEnum):
    LOBBY = "lobby"
    PREDICT = "predict"  # Differenzler: the four predictions before the first card
    CONTRACT = "contract"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"
    ABANDONED = "abandoned"


@dataclass
class Seat:
    actor: str | None = None
    name: str = ""
    level: str | None = None  # computer player level; None for a person
    standin: bool = False

    @property
    def occupied(self) -> bool:
        return self.actor is not None

    @property
    def is_computer(self) -> bool:
        return self.level is not None


def commitment_of(seed: str) -> str:
    """The published commitment of a hand: the SHA-256 hex digest of the seed's UTF-8 bytes."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def first_dealer(seed: str) -> int:
    """Dealer of a game's first hand, drawn from the hand's seed (cosmetic, docs/rules.md §4)."""
    return hashlib.sha256((seed + ":dealer").encode("utf-8")).digest()[0] % 4


def _counters() -> dict[str, list[int]]:
    return {k: [0, 0] for k in ("games", "matches", "kontermatsch", "berg", "schneider", "striche")}


@dataclass
class Table:
    table_id: str
    host: str
    rules: RuleSet
    seats: list[Seat] = field(default_factory=lambda: [Seat() for _ in range(4)])
    phase: Phase = Phase.LOBBY
    game_no: int = 0
    hand_no: int = 0
    dealer: int | None = None
    forehand: int | None = None
    chooser: int | None = None
    geschoben: bool = False
    zurueck: bool = False
    start_hands: list[int] = field(default_factory=list)
    hand: HandPlay | None = None
    board: Scoreboard | None = None
    seed: str | None = None
    counters: dict[str, list[int]] = field(default_factory=_counters)
    seq: int = 0  # events applied so far
    turn_timer: float | None = None  # seconds a person has to act at this table; None: the service default
    rated: bool = True  # false: a friendly table (its games rated for nobody)
    hints: bool = False  # players may ask for a hint (friendly tables only)
    hinted: set[int] = field(default_factory=set)  # games where a hint was used (rated for nobody)
    fixed_deals: str | None = None  # this game's hands are dealt from f"{fixed_deals}:{k}" (a challenge)
    # The contract of the hand in play by name; Coiffeur: the Tafel, this hand's shoves and row.
    called: Called | None = None
    tafel: Tafel | None = None
    shoves: int = 0
    row: int | None = None
    # Differenzler: this hand's trump (and the bottom card it was turned from) and predictions, each
    # seat's penalty total, and the game's Schätzzettel: per hand, per seat (prediction, points, penalty).
    trump: int | None = None
    bottom_card: int | None = None
    predictions: list[int | None] = field(default_factory=lambda: [None] * 4)
    seat_totals: list[int] = field(default_factory=lambda: [0] * 4)
    pad: list[tuple[tuple[int, int, int], ...]] = field(default_factory=list)

    # -- construction --------------------------------------------------------------

    @classmethod
    def create(
        cls,
        table_id: str,
        host: str,
        rules: RuleSet | dict[str, Any] | None = None,
        turn_timer: float | None = None,
        rated: bool = True,
        hints: bool = False,
    ) -> tuple[Table, list[Event]]:
        """A new table in the lobby, and its first event (``turn_timer``: seconds, 0 = none;
        ``rated``: false for a friendly table; ``hints``: allowed, at a friendly table only)."""
        if hints and rated:
            raise GameError(Code.HINTS_NEED_FRIENDLY)
        if turn_timer is not None and not (isinstance(turn_timer, int | float) and 0 <= turn_timer <= 86400):
            raise GameError(Code.BAD_RULES, key="turn_timer", message="turn_timer: seconds from 0 to 86400")
        if not isinstance(rules, RuleSet):
            try:
                rules = RuleSet.from_dict(rules or {})
            except RuleSetError as err:
                raise GameError(Code.BAD_RULES, key=err.key, message=str(err)) from None
        event: TableCreated = {"type": "table_created", "table_id": table_id, "host": host, "rules": rules.to_dict()}
        if turn_timer is not None:
            event["turn_timer"] = turn_timer
        if not rated:
            event["rated"] = False
        if hints:
            event["hints"] = True
        table = cls(table_id, host, rules, turn_timer=turn_timer, rated=rated, hints=hints)
        table.seq = 1
        return table, [event]

    @classmethod
    def replay(cls, events: Iterable[Mapping[str, Any]]) -> Table:
        """Rebuild a table from its event log (derived events are recomputed, not read)."""
        it = iter(events)
        first = next(it)
        if first.get("type") != "table_created":
            raise ValueError("an event log starts with table_created")
        table = cls(
            first["table_id"],
            first["host"],
            RuleSet.from_dict(first["rules"], stored=True),
            turn_timer=first.get("turn_timer"),
            rated=bool(first.get("rated", True)),
            hints=bool(first.get("hints", False)) and not first.get("rated", True),
        )
        table.seq = 1
        for event in it:
            table.seq += 1
            if not event.get("derived"):
                table._evolve(as_event(dict(event)))
        return table

    # -- queries -------------------------------------------------------------------

    @property
    def live_hand(self) -> HandPlay:
        """The hand being played (phases play, hand over and game over after a hand)."""
        if self.hand is None:
            raise ValueError(f"table {self.table_id} has no hand in play")
        return self.hand

    @property
    def _forehand(self) -> int:
        if self.forehand is None:
            raise ValueError(f"table {self.table_id} has not dealt yet")
        return self.forehand

    @property
    def live_board(self) -> Scoreboard:
        """The running game's scoreboard (from the first deal on)."""
        if self.board is None:
            raise ValueError(f"table {self.table_id} has no game running")
        return self.board

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the table waits for (hidden predictions: the first in order
        who has not predicted; the others may predict at the same time)."""
        if self.phase == Phase.PREDICT:
            return next((s for s in self.prediction_order if self.predictions[s] is None), None)
        if self.phase == Phase.CONTRACT:
            return self.chooser
        if self.phase == Phase.PLAY and self.hand is not None and not self.hand.done:
            return self.hand.turn
        return None

    def actor_for(self, seat: int) -> str | None:
        """Who acts for ``seat``: its computer player, its stand-in, or its person."""
        s = self.seats[seat]
        if s.is_computer:
            return f"ai:{seat}"
        if s.standin:
            return f"standin:{seat}"
        return s.actor

    def seat_of(self, actor: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.actor == actor:
                return i
        return None

    # -- commands ------------------------------------------------------------------

    def apply(self, command: cmd.Command) -> list[Event]:
        """Validate and apply ``command``; return every event it caused."""
        primary = self._decide(command)
        out: list[Event] = []
        for event in primary:
            out.append(event)
            out.extend(self._evolve(event))
        self.seq += len(out)
        return out

    def _decide(self, c: cmd.Command) -> list[Event]:
        """The primary events of ``c`` (by its type), or a :class:`GameError`."""
        if self.phase == Phase.ABANDONED and isinstance(c, cmd.Command):
            raise GameError(Code.WRONG_PHASE, phase=self.phase.value)
        match c:
            case cmd.JoinSeat():
                return self._decide_JoinSeat(c)
            case cmd.LeaveSeat():
                return self._decide_LeaveSeat(c)
            case cmd.AddComputer():
                return self._decide_AddComputer(c)
            case cmd.RemoveComputer():
                return self._decide_RemoveComputer(c)
            case cmd.StartGame():
                return self._decide_StartGame(c)
            case cmd.NextHand():
                return self._decide_NextHand(c)
            case cmd.ChooseContract():
                return self._decide_ChooseContract(c)
            case cmd.Schieben():
                return self._decide_Schieben(c)
            case cmd.Predict():
                return self._decide_Predict(c)
            case cmd.PlayCard():
                return self._decide_PlayCard(c)
            case cmd.AnnounceStoeck():
                return self._decide_AnnounceStoeck(c)
            case cmd.Bedanken():
                return self._decide_Bedanken(c)
            case cmd.StandIn():
                return self._decide_StandIn(c)
            case cmd.Abandon():
                return self._decide_Abandon(c)
            case cmd.UseHint():
                return self._decide_UseHint(c)
        raise GameError(Code.NOT_ALLOWED, command=type(c).__name__)

    def _need_phase(self, *phases: Phase) -> None:
        if self.phase not in phases:
            raise GameError(Code.WRONG_PHASE, phase=self.phase.value, expected=[p.value for p in phases])

    def _is_host(self, c: cmd.Command) -> bool:
        return c.actor == self.host or bool(getattr(c, "privileged", False))

    def _acting_seat(self, actor: str) -> tuple[int, list[Event]]:
        """The seat ``actor`` acts for, and a stand-in-off event if a person comes back."""
        kind, _, rest = actor.partition(":")
        if kind in ("ai", "standin") and rest.isdigit() and int(rest) < 4:
            seat = int(rest)
            ok = self.seats[seat].is_computer if kind == "ai" else self.seats[seat].standin
            if not ok:
                raise GameError(Code.NOT_ALLOWED, actor=actor)
            return seat, []
        found = self.seat_of(actor)
        if found is None:
            raise GameError(Code.NOT_SEATED)
        seat = found
        back: list[Event] = [{"type": "standin_off", "seat": seat}] if self.seats[seat].standin else []
        return seat, back

    def _decide_JoinSeat(self, c: cmd.JoinSeat) -> list[Event]:
        self._need_phase(Phase.LOBBY, Phase.GAME_OVER)
        if not c.actor.startswith("u:"):
            raise GameError(Code.NOT_ALLOWED, actor=c.actor)
        if self.seat_of(c.actor) is not None:
            raise GameError(Code.ALREADY_SEATED, seat=self.seat_of(c.actor))
        seat = self._free_seat(c.seat)
        return [{"type": "seat_taken", "seat": seat, "actor": c.actor, "name": c.name[:32]}]

    def _free_seat(self, wanted: int | None) -> int:
        if wanted is None:
            for i, seat in enumerate(self.seats):
                if not seat.occupied:
                    return i
            raise GameError(Code.TABLE_FULL)
        if not isinstance(wanted, int) or not 0 <= wanted < 4:
            raise GameError(Code.NO_SUCH_SEAT, seat=wanted)
        if self.seats[wanted].occupied:
            raise GameError(Code.SEAT_TAKEN, seat=wanted)
        return wanted

    def _decide_LeaveSeat(self, c: cmd.LeaveSeat) -> list[Event]:
        self._need_phase(Phase.LOBBY, Phase.GAME_OVER)
        seat = self.seat_of(c.actor)
        if seat is None:
            raise GameError(Code.NOT_SEATED)
        return [{"type": "seat_left", "seat": seat}]

    def _decide_AddComputer(self, c: cmd.AddComputer) -> list[Event]:
        self._need_phase(Phase.LOBBY, Phase.GAME_OVER)
        if not (self._is_host(c) or self.seat_of(c.actor) is not None):
            raise GameError(Code.NOT_HOST)
        if c.level not in COMPUTER_LEVELS:
            raise GameError(Code.UNKNOWN_LEVEL, level=c.level, allowed=list(COMPUTER_LEVELS))
        seat = self._free_seat(c.seat)
        return [self._computer_event(seat, c.level)]

    @staticmethod
    def _computer_event(seat: int, level: str) -> ComputerAdded:
        return {"type": "computer_added", "seat": seat, "level": level, "name": f"Computer {seat + 1}"}

    def _decide_RemoveComputer(self, c: cmd.RemoveComputer) -> list[Event]:
        self._need_phase(Phase.LOBBY, Phase.GAME_OVER)
        if not (self._is_host(c) or self.seat_of(c.actor) is not None):
            raise GameError(Code.NOT_HOST)
        if not isinstance(c.seat, int) or not 0 <= c.seat < 4:
            raise GameError(Code.NO_SUCH_SEAT, seat=c.seat)
        if not self.seats[c.seat].is_computer:
            raise GameError(Code.NOT_A_COMPUTER, seat=c.seat)
        return [{"type": "computer_removed", "seat": c.seat}]

    def _decide_StartGame(self, c: cmd.StartGame) -> list[Event]:
        self._need_phase(Phase.LOBBY, Phase.GAME_OVER)
        if not self._is_host(c):
            raise GameError(Code.NOT_HOST)
        if not c.seed:
            raise GameError(Code.NOT_ALLOWED, missing="seed")
        events: list[Event] = []
        empty = [i for i, s in enumerate(self.seats) if not s.occupied]
        if empty and not c.fill_computers:
            raise GameError(Code.SEATS_EMPTY, seats=empty)
        if c.level not in COMPUTER_LEVELS:
            raise GameError(Code.UNKNOWN_LEVEL, level=c.level, allowed=list(COMPUTER_LEVELS))
        events += [self._computer_event(i, c.level) for i in empty]
        started: GameStarted = {"type": "game_started", "game": self.game_no + 1, "kind": self.rules.game}
        if self.coiffeur:
            started["rows"] = [{"contract": c, "factor": f} for c, f in TAFELN[self.rules.coiffeur_tafel]]
        if c.fixed_deals:
            started["fixed_deals"] = c.fixed_deals
        events.append(started)
        events.append(self._deal_event(f"{c.fixed_deals}:1" if c.fixed_deals else c.seed, first=True))
        return events

    def _deal_event(self, seed: str, first: bool) -> HandDealt:
        if first:
            dealer = first_dealer(seed)
            hands = deal(shuffle_deck(seed), dealer)
            # Differenzler: a random first dealer, forehand at their right (RULES-VARIANTS §4.2)
            forehand = forehand_of(dealer) if self.individual else first_forehand(hands, dealer, self.rules)
            hand_no = 1
        else:
            dealer = self._forehand if not self.individual else forehand_of(self.dealer or 0)
            forehand = forehand_of(dealer)
            hand_no = self.hand_no + 1
        event: HandDealt = {
            "type": "hand_dealt",
            "hand": hand_no,
            "dealer": dealer,
            "forehand": forehand,
            "seed": seed,
            "commitment": commitment_of(seed),
        }
        if self.differenzler:
            if self.rules.differenzler_trump == "bottom_card":
                card = shuffle_deck(seed)[-1]  # the dealer's last card, turned up
                event["bottom_card"] = str(Card.from_index(card))
                event["trump"] = card // 9
            else:
                event["trump"] = random_trump(seed)
        return event

    def next_deal_seed(self) -> str | None:
        """The seed the next hand must be dealt from, when this game's deals are fixed."""
        return f"{self.fixed_deals}:{self.hand_no + 1}" if self.fixed_deals else None

    def _decide_NextHand(self, c: cmd.NextHand) -> list[Event]:
        if c.actor != cmd.SYSTEM:
            raise GameError(Code.NOT_ALLOWED, actor=c.actor)
        self._need_phase(Phase.HAND_OVER)
        if not c.seed:
            raise GameError(Code.NOT_ALLOWED, missing="seed")
        fixed = self.next_deal_seed()
        return [self._deal_event(fixed or c.seed, first=False)]

    def _decide_ChooseContract(self, c: cmd.ChooseContract) -> list[Event]:
        self._need_phase(Phase.CONTRACT)
        seat, back = self._acting_seat(c.actor)
        if seat != self.chooser:
            raise GameError(Code.NOT_YOUR_TURN, turn=self.chooser)
        if self.tafel is not None and c.row is not None and c.row not in self.tafel.open_rows(seat % 2):
            raise GameError(Code.ROW_NOT_OPEN, row=c.row + 1 if isinstance(c.row, int) else c.row)  # whatever it names
        try:
            chosen = called(c.contract) if isinstance(c.contract, str) else None
        except ValueError:
            chosen = None
        if chosen is None:
            raise GameError(Code.UNKNOWN_CONTRACT, contract=c.contract)
        event: ContractChosen = {"type": "contract", "seat": seat, "contract": chosen.name}
        if chosen.start:
            event["start"] = chosen.start
        if self.tafel is not None:
            tafel, team = self.tafel, seat % 2
            if c.row is None:
                raise GameError(Code.ROW_NEEDED)
            if not isinstance(c.row, int) or c.row not in tafel.open_rows(team):
                raise GameError(Code.ROW_NOT_OPEN, row=c.row + 1 if isinstance(c.row, int) else c.row)
            allowed = names_for_row(tafel.rows[c.row].contract, self.rules.coiffeur_joker_choices)
            if chosen.full_name not in allowed:
                raise GameError(Code.ROW_CONTRACT, row=c.row + 1, contract=c.contract, allowed=list(allowed))
            event["row"] = c.row
            event["team"] = team
        elif chosen.full_name not in self.contract_names:
            raise GameError(Code.CONTRACT_NOT_ALLOWED, contract=chosen.full_name)
        return [*back, event]

    @property
    def individual(self) -> bool:
        """Everyone plays for themselves (Differenzler, Molotow): scores and totals are per seat."""
        return self.rules.game in ("differenzler", "molotow")

    @property
    def molotow(self) -> bool:
        """No contract: the first player who cannot follow suit fixes trump (rules key ``game``)."""
        return self.rules.game == "molotow"

    @property
    def differenzler(self) -> bool:
        """Everyone plays for themselves and predicts their points (rules key ``game``)."""
        return self.rules.game == "differenzler"

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """Every seat whose decision the table waits for: ``to_act``, and while hidden predictions
        are made, every seat that has not predicted yet (they predict at the same time)."""
        if self.phase == Phase.PREDICT and self.rules.differenzler_predictions == "hidden":
            return tuple(s for s in self.prediction_order if self.predictions[s] is None)
        return () if self.to_act is None else (self.to_act,)

    @property
    def prediction_order(self) -> list[int]:
        """Forehand first, anticlockwise, the dealer last (V27)."""
        return prediction_order(self.dealer if self.dealer is not None else 3)

    def _decide_Predict(self, c: cmd.Predict) -> list[Event]:
        self._need_phase(Phase.PREDICT)
        seat, back = self._acting_seat(c.actor)
        if self.predictions[seat] is not None:
            raise GameError(Code.ALREADY_PREDICTED)
        if self.rules.differenzler_predictions == "open" and seat != self.to_act:
            raise GameError(Code.NOT_YOUR_TURN, turn=self.to_act)
        points = c.points
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= TOTAL_POINTS:
            raise GameError(Code.BAD_PREDICTION, points=points)
        return [*back, {"type": "prediction", "seat": seat, "points": points}]

    @property
    def coiffeur(self) -> bool:
        """This table plays Coiffeur (rules key ``game``)."""
        return self.rules.game == "coiffeur"

    @property
    def contract_names(self) -> tuple[str, ...]:
        """The contracts a Schieber maker may name at this table (the six, the extras switched on)."""
        plain = tuple(str(c) for c in Contract if c.is_trump or self.rules.allow_obe_unde)
        return plain + names_enabled(self.rules.extra_contracts)

    def coiffeur_options(self, seat: int) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """Coiffeur: the rows ``seat``'s team may still fill, each with the names it may be played as."""
        if self.tafel is None:
            return ()
        names = self.rules.coiffeur_joker_choices
        return tuple((r, names_for_row(self.tafel.rows[r].contract, names)) for r in self.tafel.open_rows(seat % 2))

    def _decide_Schieben(self, c: cmd.Schieben) -> list[Event]:
        self._need_phase(Phase.CONTRACT)
        seat, back = self._acting_seat(c.actor)
        if seat != self.chooser:
            raise GameError(Code.NOT_YOUR_TURN, turn=self.chooser)
        if not self.may_schieben:
            raise GameError(Code.SCHIEBEN_NOT_ALLOWED)
        return [*back, {"type": "schieben", "seat": seat}]

    @property
    def may_schieben(self) -> bool:
        """Forehand may shove once; the partner shoves back only where the rules allow it."""
        if self.phase != Phase.CONTRACT:
            return False
        if self.tafel is not None:
            return not self._coiffeur_choice().forced
        if not self.geschoben:
            return True
        return self.rules.allow_schieben_back and not self.zurueck

    def _coiffeur_choice(self) -> Choice:
        """Coiffeur: who chooses after this hand's shoves, and whether they must."""
        if self.tafel is None:
            raise ValueError(f"table {self.table_id} plays no Coiffeur")
        return coiffeur_chooser(self._forehand, self.shoves, self.tafel, self.rules.coiffeur_shove)

    def _decide_PlayCard(self, c: cmd.PlayCard) -> list[Event]:
        self._need_phase(Phase.PLAY)
        hand = self.live_hand
        seat, back = self._acting_seat(c.actor)
        if seat != hand.turn:
            raise GameError(Code.NOT_YOUR_TURN, turn=hand.turn)
        try:
            card = Card.parse(c.card).index
        except (ValueError, AttributeError):
            raise GameError(Code.BAD_CARD, card=c.card) from None
        r = self.rules
        reason = illegal_reason(
            card, hand.hands[seat], hand.trick, hand.mode, r.trump_anytime, r.undertrump_when_void, r.puur_exemption
        )
        if reason is not None:
            raise GameError(Code.ILLEGAL_CARD, card=c.card, reason=reason)
        event: CardPlayed = {"type": "card", "seat": seat, "card": str(Card.from_index(card))}
        if r.weis_mode == "manual" and c.weis:
            if hand.tricks or seat in hand.declared:
                raise GameError(Code.WEIS_NOT_NOW)
            options = {w.mask: w for w in hand.weis_options(seat)}
            chosen = []
            for cards in c.weis:
                try:
                    m = to_mask(Card.parse(t) for t in cards)
                except (ValueError, AttributeError, TypeError):
                    raise GameError(Code.WEIS_INVALID, weis=list(cards)) from None
                if m not in options:
                    raise GameError(Code.WEIS_INVALID, weis=list(cards))
                chosen.append([str(Card.from_index(x)) for x in cards_of(m)])
            event["weis"] = chosen
        if c.stoeck and not r.stoeck_auto:
            if not hand.stoeck_due(seat, card):
                raise GameError(Code.NO_STOECK)
            event["stoeck"] = True
        return [*back, event]

    def _decide_AnnounceStoeck(self, c: cmd.AnnounceStoeck) -> list[Event]:
        self._need_phase(Phase.PLAY)
        seat, back = self._acting_seat(c.actor)
        hand = self.live_hand
        if seat != hand.stoeck_holder or hand.stoeck_done or not self.rules.stoeck_preshow:
            raise GameError(Code.NO_STOECK)
        if not hand.may_preshow_stoeck(seat):
            raise GameError(Code.STOECK_NOT_NOW, first=self.rules.ausmach_order[0])
        points = 20 * hand.multiplier
        if not (self.live_board.races_to_target and self.live_board.reaches_target(seat % 2, points)):
            raise GameError(Code.STOECK_NOT_DECISIVE)
        return [*back, {"type": "stoeck_preshown", "seat": seat}]

    def _decide_Bedanken(self, c: cmd.Bedanken) -> list[Event]:
        if self.rules.end_mode != "bedanken" or self.rules.hands_per_game:
            raise GameError(Code.BEDANKEN_NOT_ALLOWED)
        self._need_phase(Phase.CONTRACT, Phase.PLAY, Phase.HAND_OVER)
        seat, back = self._acting_seat(c.actor)
        return [*back, {"type": "bedanken", "seat": seat, "team": seat % 2}]

    def _decide_UseHint(self, c: cmd.UseHint) -> list[Event]:
        if not self.hints:
            raise GameError(Code.HINTS_OFF)
        self._need_phase(Phase.PLAY)
        seat, back = self._acting_seat(c.actor)
        if seat != self.to_act:
            raise GameError(Code.NOT_YOUR_TURN, turn=self.to_act)
        return [*back, {"type": "hint", "seat": seat}]

    def _decide_StandIn(self, c: cmd.StandIn) -> list[Event]:
        if c.actor != cmd.SYSTEM:
            raise GameError(Code.NOT_ALLOWED, actor=c.actor)
        if c.anytime:
            self._need_phase(Phase.CONTRACT, Phase.PLAY, Phase.HAND_OVER)
            if not isinstance(c.seat, int) or not 0 <= c.seat < 4:
                raise GameError(Code.NO_SUCH_SEAT, seat=c.seat)
        elif self.to_act != c.seat:
            raise GameError(Code.NOT_YOUR_TURN, turn=self.to_act)
        seat = self.seats[c.seat]
        if seat.is_computer or seat.standin:
            raise GameError(Code.NOT_ALLOWED, seat=c.seat)
        return [{"type": "standin_on", "seat": c.seat}]

    def _decide_Abandon(self, c: cmd.Abandon) -> list[Event]:
        if not self._is_host(c):
            raise GameError(Code.NOT_HOST)
        return [{"type": "abandoned", "by": c.actor}]

    # -- events --------------------------------------------------------------------

    def _evolve(self, ev: Event) -> list[Event]:
        """Apply one primary event; return the derived events it causes."""
        if ev["type"] == "seat_taken":
            self.seats[ev["seat"]] = Seat(ev["actor"], ev["name"])
        elif ev["type"] == "seat_left" or ev["type"] == "computer_removed":
            self.seats[ev["seat"]] = Seat()
        elif ev["type"] == "computer_added":
            seat = ev["seat"]
            self.seats[seat] = Seat(f"ai:{seat}", ev["name"], ev["level"])
        elif ev["type"] == "game_started":
            self.game_no = ev["game"]
            self.fixed_deals = ev.get("fixed_deals")
            self.hand_no = 0
            self.board = Scoreboard(rules=self.rules)
            self.tafel = Tafel.of(self.rules.coiffeur_tafel) if self.coiffeur else None
            self.seat_totals = [0] * 4
            self.pad = []
        elif ev["type"] == "hand_dealt":
            self._deal(ev)
            if self.molotow:
                return self._start_molotow_hand()
        elif ev["type"] == "prediction":
            self.predictions[ev["seat"]] = ev["points"]
            if all(p is not None for p in self.predictions):
                return self._start_differenzler_hand()
        elif ev["type"] == "schieben" and self.tafel is not None:
            self.geschoben = True
            self.shoves += 1
            self.chooser = self._coiffeur_choice().seat
        elif ev["type"] == "schieben":
            if self.geschoben:
                self.zurueck = True
                self.chooser = self.forehand
            else:
                self.geschoben = True
                self.chooser = (self._forehand + 2) % 4
        elif ev["type"] == "contract":
            name = f"misere-{ev['start']}" if ev.get("start") else ev["contract"]
            self.row = ev.get("row")
            return self._start_play(ev["seat"], called(name))
        elif ev["type"] == "card":
            return self._play(ev)
        elif ev["type"] == "stoeck_preshown":
            holder = ev["seat"]
            return self._track(lambda: self.live_hand.preshow_stoeck(holder))
        elif ev["type"] == "bedanken":
            return self._bedanken(ev["team"])
        elif ev["type"] == "standin_on":
            self.seats[ev["seat"]].standin = True
        elif ev["type"] == "standin_off":
            self.seats[ev["seat"]].standin = False
        elif ev["type"] == "hint":
            self.hinted.add(self.game_no)
        elif ev["type"] == "abandoned":
            out = self._reveal_seed() if self.phase in (Phase.CONTRACT, Phase.PLAY) else []
            self.phase = Phase.ABANDONED
            return out
        else:
            raise ValueError(f"not a primary event: {ev['type']!r}")
        return []

    def _deal(self, ev: HandDealt) -> None:
        self.hand_no = ev["hand"]
        self.dealer = ev["dealer"]
        self.forehand = ev["forehand"]
        self.seed = ev["seed"]
        self.start_hands = deal(shuffle_deck(ev["seed"]), ev["dealer"])
        self.geschoben = self.zurueck = False
        self.hand = None
        self.called = None
        self.shoves = 0
        self.row = None
        if self.differenzler:
            self.trump = ev.get("trump", 0)
            bottom = ev.get("bottom_card")
            self.bottom_card = Card.parse(bottom).index if bottom else None
            self.predictions = [None] * 4
            self.chooser = None
            self.phase = Phase.PREDICT
        else:
            self.chooser = self._coiffeur_choice().seat if self.tafel is not None else self.forehand
            self.phase = Phase.CONTRACT

    def _start_play(self, seat: int, chosen: Called) -> list[Event]:
        self.phase = Phase.PLAY
        self.called = chosen
        if self.tafel is not None:
            return self._start_coiffeur_hand(seat, chosen)
        before = self.board
        factor = None
        leader = self._forehand
        if chosen.schedule is not None:
            factor = extra_multiplier(chosen.schedule.extra, self.rules.multipliers)
            if self.rules.variant_leader == "maker":
                leader = seat
        self.hand = HandPlay(
            list(self.start_hands), chosen.contract, leader, self.rules, self.live_board, declarer=seat,
            schedule=chosen.schedule, factor=factor, per_trick=self.rules.mixed_values == "per_trick",
        )  # fmt: skip
        return self._after(self.live_board if before is None else before, 0)

    def _start_molotow_hand(self) -> list[Event]:
        """Molotow: forehand leads at once, as Obenabe until a player who cannot follow fixes trump;
        each seat's Handweis, the Tischweis and Stöck are the Molotow options'."""
        rules = self.rules.one_hand(stoeck=False)
        board = Scoreboard(rules=rules)
        self.board = board
        self.phase = Phase.PLAY
        self.trump = None
        self.called = called("obenabe")
        r = self.rules
        self.hand = MolotowHand(
            list(self.start_hands), OBENABE, self._forehand, rules, board, factor=1,
            weis_rules=r.with_changes(weis_enabled=True), hand_weis_rule=r.molotow_hand_weis,
            table_weis_rule=r.molotow_table_weis, stoeck_rule=r.molotow_stoeck,
        )  # fmt: skip
        return self._after(board, 0)

    def _end_molotow_hand(self, hand: MolotowHand) -> list[Event]:
        score = hand.scores()
        hands = self.rules.individual_hands
        factor = 2 if self.rules.molotow_double_last and self.hand_no >= hands else 1  # the last hand twice
        written = [factor * t for t in score.totals]
        for seat in range(4):
            self.seat_totals[seat] += written[seat]
        self.pad.append(tuple((score.points[s], score.totals[s] - score.points[s], written[s]) for s in range(4)))
        scored: SeatsScored = {
            "type": "seats_scored",
            "hand": self.hand_no,
            "trump": SUIT_NAMES[hand.fixed.suit] if hand.fixed else "obenabe",
            "points": score.points,
            "table_weis": score.table_weis,
            "hand_weis": score.hand_weis,
            "stoeck": score.stoeck,
            "penalties": written,
            "totals": list(self.seat_totals),
            "derived": True,
        }
        return [scored, *self._reveal_seed(), *self._individual_game_over(hands)]

    def _individual_game_over(self, hands: int) -> list[Event]:
        """After the last hand of a game of individuals: the lowest total wins (a tie: no winner)."""
        if self.hand_no < hands:
            self.phase = Phase.HAND_OVER
            return []
        order = ranking(self.seat_totals)
        best = self.seat_totals[order[0]]
        winner = order[0] if sum(t == best for t in self.seat_totals) == 1 else None
        self.phase = Phase.GAME_OVER
        return [{"type": "game_over", "game": self.game_no, "winner": winner, "totals": list(self.seat_totals),
                 "berg": None, "schneider": False, "ranking": order, "derived": True}]  # fmt: skip

    def _start_differenzler_hand(self) -> list[Event]:
        """All four have predicted: forehand leads; trump as drawn; undertrumping as the rules say
        (the preset allows it when void); no Weis; Stöck only to be counted by their option."""
        rules = self.rules.one_hand(stoeck=self.rules.differenzler_stoeck != "off")
        board = Scoreboard(rules=rules)
        self.board = board
        self.phase = Phase.PLAY
        trump = self.trump if self.trump is not None else 0
        self.called = called(str(Contract(trump)))
        self.hand = HandPlay(list(self.start_hands), trump, self._forehand, rules, board, factor=1)
        return self._after(board, 0)

    def _end_differenzler_hand(self) -> list[Event]:
        hand = self.live_hand
        taken = results(hand.tricks)
        zero = zero_tricks(hand.tricks)
        predicted = [p if p is not None else 0 for p in self.predictions]
        penalties = []
        for seat in range(4):
            result = taken[seat]
            if seat == hand.stoeck_holder and hand.stoeck_done:
                result = with_stoeck(predicted[seat], result, self.rules.differenzler_stoeck)
            penalties.append(penalty(predicted[seat], result, zero_bonus=self.rules.differenzler_zero_bonus,
                                     won_zero_trick=zero[seat]))  # fmt: skip
            self.seat_totals[seat] += penalties[-1]
        self.pad.append(tuple((predicted[s], taken[s], penalties[s]) for s in range(4)))
        scored: SeatsScored = {
            "type": "seats_scored",
            "hand": self.hand_no,
            "trump": str(Contract(hand.contract)),
            "points": taken,
            "predictions": predicted,
            "penalties": penalties,
            "totals": list(self.seat_totals),
            "derived": True,
        }
        hands = self.rules.individual_hands
        return [scored, *self._reveal_seed(), *self._individual_game_over(hands)]

    def _start_coiffeur_hand(self, seat: int, chosen: Called) -> list[Event]:
        rules = self.rules.one_hand(stoeck=self.rules.coiffeur_stoeck != "off")  # the Tafel scores the row
        board = Scoreboard(rules=rules)
        self.board = board
        self.hand = HandPlay(
            list(self.start_hands), chosen.contract, seat, rules, board, declarer=seat,
            schedule=chosen.schedule, factor=1, per_trick=self.rules.mixed_values == "per_trick",
        )  # the announcer leads (RULES-VARIANTS §3.4)  # fmt: skip
        return self._after(board, 0)

    def _play(self, ev: CardPlayed) -> list[Event]:
        hand = self.live_hand
        seat = ev["seat"]
        card = Card.parse(ev["card"]).index
        weis = None
        if ev.get("weis"):
            options = {w.mask: w for w in hand.weis_options(seat)}
            weis = [options[to_mask(Card.parse(t) for t in cards)] for cards in ev["weis"]]
        first_card = not hand.tricks  # trick 1: this is the seat's first card
        tricks_before, credits_before, board_before = len(hand.tricks), len(hand.credits), self.live_board
        fixing = isinstance(hand, MolotowHand) and hand.fixes_trump(seat, card)
        hand.play(seat, card, weis=weis, stoeck=bool(ev.get("stoeck")))
        out: list[Event] = []
        if isinstance(hand, MolotowHand) and fixing and hand.fixed is not None:
            self.trump = hand.fixed.suit
            self.called = called(SUIT_NAMES[hand.fixed.suit])  # the hand is a trump hand from now on
            out.append({"type": "trump_fixed", "seat": seat, "suit": SUIT_NAMES[hand.fixed.suit],
                        "trick": hand.fixed.trick, "derived": True})  # fmt: skip
        if isinstance(hand, MolotowHand) and hand.completes_stoeck(seat, card):
            out.append({"type": "stoeck", "seat": seat, "points": STOECK_POINTS, "derived": True})  # R5.2.7
        declared = hand.own_weis if isinstance(hand, MolotowHand) else hand.declared  # Molotow: each one's own
        if first_card:
            for w in declared.get(seat, []):
                out.append(
                    {
                        "type": "weis",
                        "seat": seat,
                        "cards": [str(x) for x in w.cards],
                        "points": w.points,
                        "derived": True,
                    }
                )
        out += self._after(board_before, credits_before, tricks_before)
        return out

    def _track(self, action: Callable[[], object]) -> list[Event]:
        before, credits = self.live_board, len(self.live_hand.credits)
        action()
        return self._after(before, credits)

    def _after(self, board_before: Scoreboard, credits_before: int, tricks_before: int | None = None) -> list[Event]:
        """Derived events after the hand moved: Stöck, tricks, Berg, hand end, game end."""
        hand = self.live_hand
        out: list[Event] = []
        for credit in hand.credits[credits_before:]:
            if credit.kind == "stoeck" and hand.stoeck_holder is not None:  # only a holder's Stöck is credited
                points = self._stoeck_written(credit.team, credit.points)
                if points is not None:
                    out.append({"type": "stoeck", "seat": hand.stoeck_holder, "points": points, "derived": True})
        if tricks_before is not None and len(hand.tricks) > tricks_before:
            t = hand.tricks[-1]
            n = len(hand.tricks)
            trick: TrickTaken = {
                "type": "trick",
                "trick": n,
                "leader": t.leader,
                "winner": t.winner,
                "cards": [str(Card.from_index(x)) for x in t.cards],
                "points": t.points + (5 if n == 9 else 0),
                "derived": True,
            }
            if self.called is not None and self.called.schedule is not None:
                trick["mode"] = self.called.mode_name(n - 1)
            out.append(trick)
            if n == 1 and hand.weis_result and hand.weis_result.team is not None:
                out.append(
                    {
                        "type": "weis_scored",
                        "team": hand.weis_result.team,
                        "seat": hand.weis_result.best_seat,
                        "points": hand.weis_result.points * hand.multiplier,
                        "derived": True,
                    }
                )
        self.board = hand.board
        berg = self.board.berg
        if board_before.berg is None and berg is not None:
            self.counters["berg"][berg] += 1
            self.counters["striche"][berg] += STRICHE["berg"]
            out.append({"type": "berg", "team": berg, "derived": True})
        if hand.done:
            out += self._end_hand()
        return out

    def _stoeck_written(self, team: int, points: int) -> int | None:
        """What a Stöck credited to ``team`` writes (after the multiplier), or None where it does not count.

        Coiffeur: only the declaring team writes, not in a Joker row under ``except_joker`` (R3.5.3),
        and the row's factor multiplies (the hand itself is played at factor 1)."""
        if self.tafel is None or self.row is None:
            return points
        hand = self.live_hand
        row = self.tafel.rows[self.row]
        if hand.declarer is None or team != hand.declarer % 2:
            return None
        rule = self.rules.coiffeur_stoeck
        if rule == "off" or (rule == "except_joker" and row.contract == "joker"):
            return None
        return points * row.factor

    def _end_hand(self) -> list[Event]:
        if self.tafel is not None:
            return self._end_coiffeur_hand()
        if self.differenzler:
            return self._end_differenzler_hand()
        if isinstance(self.hand, MolotowHand):
            return self._end_molotow_hand(self.hand)
        hand = self.live_hand
        s = hand.summary()
        if s.match_team is not None:
            key = "kontermatsch" if s.kontermatsch else "matches"
            self.counters[key][s.match_team] += 1
            self.counters["striche"][s.match_team] += STRICHE["kontermatsch" if s.kontermatsch else "matsch"]
        out: list[Event] = [
            {
                "type": "hand_scored",
                "hand": self.hand_no,
                "contract": self.called.name if self.called else str(Contract(hand.contract)),
                "declarer": hand.declarer,
                "multiplier": s.multiplier,
                "weis_team": s.weis.team if s.weis else None,
                "written": list(s.written),
                "totals": list(self.live_board.totals),
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
        out += self._reveal_seed()
        if not self.live_board.over and self.rules.hands_per_game and self.hand_no >= self.rules.hands_per_game:
            self.board = self.live_board.finish()
            out += self._game_over()
        elif self.live_board.over:
            out += self._game_over()
        else:
            self.phase = Phase.HAND_OVER
        return out

    def _end_coiffeur_hand(self) -> list[Event]:
        """Score the row (only the declaring team writes), fill the Tafel; the game ends with it."""
        hand, tafel, chosen = self.live_hand, self.tafel, self.called
        assert tafel is not None and chosen is not None and self.row is not None and hand.declarer is not None
        team = hand.declarer % 2
        row = tafel.rows[self.row]
        won = hand.tricks_won
        points = [0, 0]
        for n, t in enumerate(hand.tricks, start=1):
            points[t.winner % 2] += t.taken(n)
        matched = 0 if won[1] == 0 else 1 if won[0] == 0 else None
        if matched is not None:
            points[matched] += self.rules.match_bonus
        stoeck_team = next((c.team for c in hand.credits if c.kind == "stoeck"), None)
        if stoeck_team != team or (self.rules.coiffeur_stoeck == "except_joker" and row.contract == "joker"):
            stoeck_team = None  # only the declarers' Stöck are written, and not in a Joker row by default
        written = row_value(
            row, (points[0], points[1]), team, contract=chosen.name,
            stoeck=20 if stoeck_team == team else 0, stoeck_rule=self.rules.coiffeur_stoeck,
            kontermatsch=self.rules.coiffeur_kontermatsch,
        )  # fmt: skip
        tafel.fill(team, self.row, written[team], chosen.full_name)
        if matched is not None:
            self.counters["kontermatsch" if matched != team else "matches"][matched] += 1
        scored: HandScored = {
            "type": "hand_scored",
            "hand": self.hand_no,
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
            "parts": [self._row_parts(points[t], matched == t, stoeck_team == t) for t in (0, 1)],
            "row": self.row,
            "factor": row.factor,
            "team": team,
            "derived": True,
        }
        out: list[Event] = [scored, *self._reveal_seed()]
        if tafel.complete:
            out += self._game_over()
        else:
            self.phase = Phase.HAND_OVER
        return out

    def _row_parts(self, points: int, matched: bool, stoeck: bool) -> list[int]:
        """A team's parts of a Coiffeur hand before the factor: cards (+5), Match, Weis (none), Stöck."""
        bonus = self.rules.match_bonus if matched else 0
        return [points - bonus, bonus, 0, 20 if stoeck else 0]

    def _reveal_seed(self) -> list[Event]:
        return [{"type": "hand_seed", "hand": self.hand_no, "seed": self.seed, "derived": True}]

    def _bedanken(self, team: int) -> list[Event]:
        out: list[Event] = []
        if self.phase == Phase.PLAY and self.hand is not None:
            self.board = self.hand.claim(team)
            out += self._reveal_seed()
        else:
            if self.phase == Phase.CONTRACT:
                out += self._reveal_seed()
            self.board = self.live_board.claim(team)
        out.append({"type": "bedanken_result", "team": team, "right": self.live_board.winner == team, "derived": True})
        return out + self._game_over()

    def _game_over(self) -> list[Event]:
        if self.tafel is not None:
            self.phase = Phase.GAME_OVER
            winner = self.tafel.winner()
            if winner is not None:
                self.counters["games"][winner] += 1
            totals = list(self.tafel.totals())
            return [{"type": "game_over", "game": self.game_no, "winner": winner, "totals": totals, "berg": None,
                     "schneider": False, "derived": True}]  # fmt: skip
        board = self.live_board
        self.phase = Phase.GAME_OVER
        if board.winner is not None:
            self.counters["games"][board.winner] += 2 if board.schneider else 1
            self.counters["striche"][board.winner] += STRICHE["sieg"]
            if board.schneider:
                self.counters["schneider"][board.winner] += 1
                self.counters["striche"][board.winner] += STRICHE["schneider"]
        return [
            {
                "type": "game_over",
                "game": self.game_no,
                "winner": board.winner,
                "totals": list(board.totals),
                "berg": board.berg,
                "schneider": board.schneider,
                "derived": True,
            }
        ]

    # -- views ---------------------------------------------------------------------

    def _individual_view(self, seat: int | None) -> dict[str, Any]:
        """Differenzler and Molotow: the predictions ``seat`` may see (hidden ones: its own until
        the hand is over), the card points each seat took so far this hand, the totals, the trump
        and the game's score pad."""
        if not self.individual:
            return {}
        hidden = self.rules.differenzler_predictions == "hidden" and self.phase in (Phase.PREDICT, Phase.PLAY)
        shown = tuple(p if not hidden or s == seat else None for s, p in enumerate(self.predictions))
        taken = tuple(results(self.hand.tricks)) if self.hand is not None else (0, 0, 0, 0)
        predicted = tuple(p is not None for p in self.predictions)
        return {"predictions": shown, "predicted": predicted, "taken": taken, "seat_totals": tuple(self.seat_totals),
                "trump": self.trump, "bottom_card": self.bottom_card, "pad": tuple(self.pad)}  # fmt: skip

    def _tafel_view(self) -> TafelView | None:
        if self.tafel is None:
            return None
        t = self.tafel
        return TafelView(
            rows=tuple((r.contract, r.factor) for r in t.rows),
            written=tuple(tuple(t.written.get((team, i)) for i in range(len(t.rows))) for team in (0, 1)),
            played_as=tuple(tuple(t.played_as.get((team, i)) for i in range(len(t.rows))) for team in (0, 1)),
        )

    def view_for(self, seat: int | None) -> TableView:
        """Everything ``seat`` may know (``None``: a spectator): never another hand."""
        hand = self.hand if self.phase in (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER) else None
        mine = 0
        legal = 0
        greyed_reason: str | None = None
        weis_options: tuple[Weis, ...] = ()
        preshow = False
        stoeck_cards = 0
        if seat is not None and self.phase in (Phase.PREDICT, Phase.CONTRACT, Phase.PLAY):
            mine = hand.hands[seat] if (hand and self.phase == Phase.PLAY) else self.start_hands[seat]
            if hand and self.phase == Phase.PLAY:
                legal = hand.legal(seat)
                greyed = mine & ~legal
                if legal and greyed:
                    first = (greyed & -greyed).bit_length() - 1
                    r = self.rules
                    greyed_reason = illegal_reason(first, mine, hand.trick, hand.mode, r.trump_anytime,
                                                   r.undertrump_when_void, r.puur_exemption)  # fmt: skip
                if self.rules.weis_mode == "manual" and hand.turn == seat:
                    weis_options = tuple(hand.weis_options(seat))
                if not self.rules.stoeck_auto and hand.turn == seat:
                    stoeck_cards = sum(1 << c for c in cards_of(legal) if hand.stoeck_due(seat, c))
                preshow = (
                    hand.may_preshow_stoeck(seat)
                    and self.live_board.races_to_target
                    and self.live_board.reaches_target(seat % 2, 20 * hand.multiplier)
                )
        public_weis = {}
        stoeck_holder = None
        written = (0, 0)
        if hand is not None:
            if hand.tricks:
                public_weis = {s: list(ws) for s, ws in hand.declared.items()}
            credited = any(
                c.kind == "stoeck" and self._stoeck_written(c.team, c.points) is not None for c in hand.credits
            )
            if credited or (seat is not None and hand.stoeck_holder == seat):
                stoeck_holder = hand.stoeck_holder
            w = [0, 0]
            for credit in hand.credits:
                w[credit.team] += credit.points
            written = (w[0], w[1])
        trick: tuple[tuple[int, int], ...] = ()
        if hand is not None and hand.trick:
            trick = tuple(((hand.leader + i) % 4, c) for i, c in enumerate(hand.trick))
        played = 0
        if hand is not None:  # every card not in a hand any more
            h = hand.hands
            played = FULL_DECK & ~(h[0] | h[1] | h[2] | h[3])
        board = self.board
        return TableView(
            table_id=self.table_id,
            phase=self.phase.value,
            seat=seat,
            rules=self.rules,
            seats=tuple(SeatView(s.name, s.occupied, s.is_computer, s.standin) for s in self.seats),
            game_no=self.game_no,
            hand_no=self.hand_no,
            dealer=self.dealer,
            forehand=self.forehand,
            chooser=self.chooser if self.phase == Phase.CONTRACT else None,
            geschoben=self.geschoben,
            may_schieben=self.may_schieben,
            contract=hand.mode if hand else None,
            declarer=hand.declarer if hand else None,
            turn=self.to_act,
            hand=mine,
            legal=legal,
            forehand_held=ROSE_SEVEN
            if self.hand_no == 1 and not self.individual and self.rules.first_forehand == "rose7"
            else None,
            greyed_reason=greyed_reason,
            trick=trick,
            tricks=tuple(hand.tricks) if hand else (),
            weis=public_weis,
            weis_result=hand.weis_result if hand and hand.tricks else None,
            weis_written=(
                hand.weis_result.points * hand.multiplier
                if hand and hand.tricks and hand.weis_result and hand.weis_result.team is not None
                else 0
            ),
            weis_options=weis_options,
            stoeck_holder=stoeck_holder,
            can_preshow_stoeck=preshow,
            stoeck_cards=stoeck_cards,
            totals=self.tafel.totals() if self.tafel is not None else board.totals if board else (0, 0),
            hand_written=written,
            berg=board.berg if board else None,
            winner=board.winner if board else None,
            schneider=board.schneider if board else False,
            commitment=commitment_of(self.seed) if self.seed else None,
            cards_played=played,
            counters={k: list(v) for k, v in self.counters.items()},
            contracts=tuple(int(c) for c in Contract if c.is_trump or self.rules.allow_obe_unde)
            if self.phase == Phase.CONTRACT and self.tafel is None
            else (),
            extras=names_enabled(self.rules.extra_contracts) if self.phase == Phase.CONTRACT else (),
            kind=self.rules.game,
            contract_name=self.called.full_name if hand and self.called else None,
            factor=(self.tafel.rows[self.row].factor if self.tafel and self.row is not None else hand.multiplier)
            if hand
            else None,
            row=self.row if hand else None,
            tafel=self._tafel_view(),
            row_options=self.coiffeur_options(self.chooser)
            if self.phase == Phase.CONTRACT and self.tafel is not None and self.chooser is not None
            else (),
            **self._individual_view(seat),
            rated=self.rated,
            hints=self.hints,
            may_bedanken=self.rules.end_mode == "bedanken"
            and not self.rules.hands_per_game
            and self.phase in (Phase.CONTRACT, Phase.PLAY, Phase.HAND_OVER),
        )
