"""The table aggregate: lobby, seats, hands, game end — pure and event-sourced (docs/architecture.md §4).

``Table.apply(command)`` validates the command against the current state and either
raises :class:`GameError` (nothing changes) or returns the events it caused.  Events are
plain JSON-ready dicts.  *Primary* events record decisions (a seat taken, a card played,
the seed of a deal); *derived* events (``derived: True``) record their consequences
(tricks, Weis, Stöck, hand scores, game over) for subscribers and the history.
``Table.replay(events)`` rebuilds a table from the primary events alone, so derived ones
are always recomputed by the same rules code.

The table names no game: where games differ it asks its kind's engine part (rules key ``game``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.rules import Card, HandPlay, RuleSet, RuleSetError, Scoreboard, deal, forehand_of, shuffle_deck, to_mask
from bot.rules.contract_names import Called

from . import commands as cmd
from . import hand_view, seating, turns, typed
from .errors import Code, GameError
from .events import Event, TrickTaken, as_event
from .kinds import KindEngine, engine_for
from .kinds.base import Outcome
from .phases import Phase
from .seating import COMPUTER_LEVELS
from .seeds import commitment_of, first_dealer
from .tablelike import KindState, Seat
from .view import TableView

__all__ = ["COMPUTER_LEVELS", "Phase", "Seat", "Table", "commitment_of", "first_dealer"]


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
    called: Called | None = None  # the contract of the hand in play by name
    state: KindState = field(default_factory=KindState)  # the game kind's own state (its engine's)
    _engine: KindEngine | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.state = self.kind.new_state()

    @property
    def kind(self) -> KindEngine:
        """The engine part of this table's game (rules key ``game``, which never changes at a table)."""
        self._engine = self._engine or engine_for(self.rules.game)
        return self._engine

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
        event = typed.TableCreated(table_id, host, rules.to_dict(), turn_timer, rated, hints).stored()
        table = cls(table_id, host, rules, turn_timer=turn_timer, rated=rated, hints=hints)
        table.seq = 1
        return table, [event]

    @classmethod
    def replay(cls, events: Iterable[Mapping[str, Any]]) -> Table:
        """Rebuild a table from its event log (derived events are recomputed, not read)."""
        it = iter(events)
        first = next(it)
        created = typed.decode(first) if first.get("type") == "table_created" else None
        if not isinstance(created, typed.TableCreated):
            raise ValueError("an event log starts with table_created")
        table = cls(
            created.table_id,
            created.host,
            RuleSet.from_dict(dict(created.rules), stored=True),
            turn_timer=created.turn_timer,
            rated=bool(created.rated),
            hints=bool(created.hints) and not created.rated,
        )
        table.seq = 1
        for event in it:
            table.seq += 1
            if not event.get("derived"):
                table._evolve(as_event(dict(event)))
        return table

    @classmethod
    def rebuild(cls, events: Iterable[Mapping[str, Any]]) -> tuple[Table, list[Event]]:
        """Rebuild a table from the primary events of its log, and the whole log again: each
        primary event followed by the derived events today's rules code computes from it."""
        primary = [e for e in events if not e.get("derived")]
        table = cls.replay(primary[:1])
        log: list[Event] = [as_event(dict(primary[0]))]
        for event in primary[1:]:
            log.append(as_event(dict(event)))
            log += table._evolve(log[-1])
        table.seq = len(log)
        return table, log

    # -- queries -------------------------------------------------------------------

    @property
    def live_hand(self) -> HandPlay:
        """The hand being played (phases play, hand over and game over after a hand)."""
        if self.hand is None:
            raise ValueError(f"table {self.table_id} has no hand in play")
        return self.hand

    @property
    def live_board(self) -> Scoreboard:
        """The running game's scoreboard (from the first deal on)."""
        if self.board is None:
            raise ValueError(f"table {self.table_id} has no game running")
        return self.board

    @property
    def shown_hand(self) -> HandPlay | None:
        """The hand a view shows: from its first card until the next deal."""
        return self.hand if self.phase in (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER) else None

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the table waits for."""
        if self.phase == Phase.PLAY and self.hand is not None and not self.hand.done:
            return self.hand.turn
        return self.kind.to_act(self)

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """Every seat whose decision the table waits for (a kind may let several decide at once)."""
        return self.kind.waiting_on(self)

    @property
    def may_schieben(self) -> bool:
        return self.kind.may_schieben(self)

    @property
    def chooser(self) -> int | None:  # who names the contract (or shoves) now, if the kind has one
        return self.kind.chooser_now(self)

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

    def next_deal_seed(self) -> str | None:
        """The seed the next hand must be dealt from, when this game's deals are fixed."""
        return f"{self.fixed_deals}:{self.hand_no + 1}" if self.fixed_deals else None

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
        decide = _DECIDE.get(type(c))
        if decide is not None:
            return decide(self, c)
        return self.kind.decide(self, c)

    def need_phase(self, *phases: Phase) -> None:
        if self.phase not in phases:
            raise GameError(Code.WRONG_PHASE, phase=self.phase.value, expected=[p.value for p in phases])

    def is_host(self, c: cmd.Command) -> bool:
        return c.actor == self.host or bool(getattr(c, "privileged", False))

    def acting_seat(self, actor: str) -> tuple[int, list[Event]]:
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
        back: list[Event] = [typed.StandInOff(found).stored()] if self.seats[found].standin else []
        return found, back

    def deal_event(self, seed: str, first: bool) -> Event:
        if first:
            dealer = first_dealer(seed)
            forehand = self.kind.first_forehand(deal(shuffle_deck(seed), dealer), dealer, self)
        else:
            dealer = self.kind.next_dealer(self)
            forehand = forehand_of(dealer)
        hand = self.hand_no + 1 if not first else 1
        extra = self.kind.deal_extras(self, seed)
        return typed.HandDealt(hand, dealer, forehand, seed, commitment_of(seed), **extra).stored()

    def _next_hand(self, c: cmd.NextHand) -> list[Event]:
        if c.actor != cmd.SYSTEM:
            raise GameError(Code.NOT_ALLOWED, actor=c.actor)
        self.need_phase(Phase.HAND_OVER)
        if not c.seed:
            raise GameError(Code.NOT_ALLOWED, missing="seed")
        return [self.deal_event(self.next_deal_seed() or c.seed, first=False)]

    def _play_card(self, c: cmd.PlayCard) -> list[Event]:
        self.need_phase(Phase.PLAY)
        hand = self.live_hand
        seat, back = self.acting_seat(c.actor)
        if seat != hand.turn:
            raise GameError(Code.NOT_YOUR_TURN, turn=hand.turn)
        return [*back, hand_view.card_event(self.rules, hand, seat, c)]

    # -- events --------------------------------------------------------------------

    def _evolve(self, ev: Mapping[str, Any]) -> list[Event]:
        """Apply one primary event (decoded into its class); return the derived events it causes."""
        fact = typed.decode(ev)
        apply = _APPLY.get(type(fact))
        outcome = apply(self, fact) if apply is not None else self.kind.evolve(self, fact)
        if outcome is None:
            raise ValueError(f"not a primary event of this game: {fact.type!r}")
        out = self._take(outcome)
        for derived in out:  # the table's counters (Striche, games won), as the kind tallies its events
            for counter, side, amount in self.kind.tally(derived):
                self.counters[counter][side] += amount
        return out

    def _take(self, outcome: Outcome) -> list[Event]:
        """A kind's decision applied: its events, and the table's fields a :class:`Step` changes."""
        if isinstance(outcome, list):
            return outcome
        self.called = outcome.called if outcome.called is not None else self.called
        self.board = outcome.board if outcome.board is not None else self.board  # a hand's own, or the game's
        if outcome.hand is None:
            return list(outcome.events)
        self.hand, self.phase = outcome.hand, Phase.PLAY
        return [*outcome.events, *self.after(self.live_board, 0)]

    def _on_seat_taken(self, ev: typed.SeatTaken) -> list[Event]:
        self.seats[ev.seat] = Seat(ev.actor, ev.name)
        return []

    def _on_computer_added(self, ev: typed.ComputerAdded) -> list[Event]:
        self.seats[ev.seat] = Seat(f"ai:{ev.seat}", ev.name, ev.level)
        return []

    def _on_seat_left(self, ev: typed.SeatLeft | typed.ComputerRemoved) -> list[Event]:
        self.seats[ev.seat] = Seat()
        return []

    def _on_standin(self, ev: typed.StandInOn | typed.StandInOff) -> list[Event]:
        self.seats[ev.seat].standin = isinstance(ev, typed.StandInOn)
        return []

    def _on_game_started(self, ev: typed.GameStarted) -> list[Event]:
        self.game_no = ev.game
        self.fixed_deals = ev.fixed_deals
        self.hand_no = 0
        self.state = self.kind.new_state()
        self.board = self.kind.new_board(self)
        self.kind.start_game(self)
        return []

    def _on_hand_dealt(self, ev: typed.HandDealt) -> list[Event]:
        self.hand_no = ev.hand
        self.dealer = ev.dealer
        self.forehand = ev.forehand
        self.seed = ev.seed
        self.start_hands = deal(shuffle_deck(ev.seed), ev.dealer)
        self.hand = None
        self.called = None
        self.phase = Phase(self.kind.kind.phases[0])  # the kind's first phase of a hand (play starts by a Step)
        return self._take(self.kind.dealt(self, ev))

    def _on_card(self, ev: typed.CardPlayed) -> list[Event]:
        hand = self.live_hand
        seat = ev.seat
        card = Card.parse(ev.card).index
        weis = None
        if ev.weis:
            options = {w.mask: w for w in hand.weis_options(seat)}
            weis = [options[to_mask(Card.parse(t) for t in cards)] for cards in ev.weis]
        first_card = not hand.tricks  # trick 1: this is the seat's first card
        tricks_before, credits_before, board_before = len(hand.tricks), len(hand.credits), self.live_board
        out = self._take(self.kind.play_card(self, seat, card, weis, ev.stoeck))
        if first_card:
            for w in self.kind.declared_weis(hand).get(seat, []):
                out.append({"type": "weis", "seat": seat, "cards": [str(x) for x in w.cards], "points": w.points,
                            "derived": True})  # fmt: skip
        return out + self.after(board_before, credits_before, tricks_before)

    def _on_stoeck_preshown(self, ev: typed.StoeckPreshown) -> list[Event]:
        return self._track(lambda: self.live_hand.preshow_stoeck(ev.seat))

    def _track(self, action: Callable[[], object]) -> list[Event]:
        before, credits = self.live_board, len(self.live_hand.credits)
        action()
        return self.after(before, credits)

    def after(self, board_before: Scoreboard, credits_before: int, tricks_before: int | None = None) -> list[Event]:
        """Derived events after the hand moved: Stöck, tricks, Weis scored, the kind's, hand end."""
        hand = self.live_hand
        out: list[Event] = []
        for credit in hand.credits[credits_before:]:
            if credit.kind == "stoeck" and hand.stoeck_holder is not None:  # only a holder's Stöck is credited
                points = self.kind.stoeck_written(self, credit.team, credit.points)
                if points is not None:
                    out.append({"type": "stoeck", "seat": hand.stoeck_holder, "points": points, "derived": True})
        if tricks_before is not None and len(hand.tricks) > tricks_before:
            t, n = hand.tricks[-1], len(hand.tricks)
            trick: TrickTaken = {"type": "trick", "trick": n, "leader": t.leader, "winner": t.winner,
                                 "cards": [str(Card.from_index(x)) for x in t.cards],
                                 "points": t.points + (5 if n == 9 else 0), "derived": True}  # fmt: skip
            self.kind.trick_event(self, trick)
            out.append(trick)
            result = hand.weis_result
            if n == 1 and result and result.team is not None:
                out.append({"type": "weis_scored", "team": result.team, "seat": result.best_seat,
                            "points": result.points * hand.multiplier, "derived": True})  # fmt: skip
        self.board = hand.board
        out += self.kind.after_move(self, board_before)
        if hand.done:
            ended = self._take(self.kind.end_hand(self))
            self.phase = Phase.GAME_OVER if any(e["type"] == "game_over" for e in ended) else Phase.HAND_OVER
            out += ended
        return out

    def reveal_seed(self) -> list[Event]:
        return [{"type": "hand_seed", "hand": self.hand_no, "seed": self.seed, "derived": True}]

    def _on_bedanken(self, ev: typed.Bedanken) -> list[Event]:
        team = ev.team
        out: list[Event] = []
        if self.phase == Phase.PLAY and self.hand is not None:
            self.board = self.hand.claim(team)
            out += self.reveal_seed()
        else:
            if self.phase == Phase.CONTRACT:
                out += self.reveal_seed()
            self.board = self.live_board.claim(team)
        out.append({"type": "bedanken_result", "team": team, "right": self.live_board.winner == team, "derived": True})
        self.phase = Phase.GAME_OVER
        return out + self.kind.game_over(self)

    def _on_hint(self, ev: typed.HintUsed) -> list[Event]:
        self.hinted.add(self.game_no)
        return []

    def _on_abandoned(self, ev: typed.Abandoned) -> list[Event]:
        out = self.reveal_seed() if self.phase in (Phase.CONTRACT, Phase.PLAY) else []
        self.phase = Phase.ABANDONED
        return out

    # -- views ---------------------------------------------------------------------

    def view_for(self, seat: int | None) -> TableView:
        """Everything ``seat`` may know (``None``: a spectator): never another hand."""
        return hand_view.table_view(self, seat)


#: The decision of each command the table itself handles (the others are the kind's).
_DECIDE: dict[type[cmd.Command], Callable[[Table, Any], list[Event]]] = {
    cmd.JoinSeat: seating.join,
    cmd.LeaveSeat: seating.leave,
    cmd.AddComputer: seating.add_computer,
    cmd.RemoveComputer: seating.remove_computer,
    cmd.StartGame: seating.start_game,
    cmd.NextHand: Table._next_hand,
    cmd.PlayCard: Table._play_card,
    cmd.AnnounceStoeck: turns.announce_stoeck,
    cmd.Bedanken: turns.bedanken,
    cmd.StandIn: turns.stand_in,
    cmd.Abandon: turns.abandon,
    cmd.UseHint: turns.use_hint,
}

#: The apply of each primary event class the table itself handles (the others are the kind's).
_APPLY: dict[type[typed.Fact], Callable[[Table, Any], list[Event]]] = {
    typed.SeatTaken: Table._on_seat_taken,
    typed.ComputerAdded: Table._on_computer_added,
    typed.SeatLeft: Table._on_seat_left,
    typed.ComputerRemoved: Table._on_seat_left,
    typed.StandInOn: Table._on_standin,
    typed.StandInOff: Table._on_standin,
    typed.GameStarted: Table._on_game_started,
    typed.HandDealt: Table._on_hand_dealt,
    typed.CardPlayed: Table._on_card,
    typed.StoeckPreshown: Table._on_stoeck_preshown,
    typed.Bedanken: Table._on_bedanken,
    typed.HintUsed: Table._on_hint,
    typed.Abandoned: Table._on_abandoned,
}
