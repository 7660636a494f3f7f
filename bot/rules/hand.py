"""One hand of Schieber from the first card to the last, with the game-end race.

:class:`HandPlay` keeps the cards, the trick, the Weis, Stöck and every credit in
the order of docs/rules.md §12.1, on top of a :class:`~bot.rules.scoreboard.Scoreboard`.
The table engine (``bot/game``) drives it; it has no notion of users or messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .play import illegal_reason, legal_mask, trick_points, trick_winner_index
from .ruleset import RuleSet
from .schedules import Schedule
from .scoreboard import STICH, STOECK, WEIS, Credit, Scoreboard
from .scoring import hand_points, match_team
from .stoeck import STOECK_MASK, STOECK_POINTS, stoeck_seat
from .weis import Weis, WeisResult, find_weis, resolve_weis


class RulesError(ValueError):
    """A move the rules forbid.  ``code`` is stable; ``facts`` feed the message."""

    def __init__(self, code: str, **facts: object) -> None:
        super().__init__(code if not facts else f"{code} {facts}")
        self.code = code
        self.facts = facts


LAST_TRICK_POINTS = 5  # the last trick's bonus (docs/rules.md §8)


@dataclass(frozen=True)
class PlayedTrick:
    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int  # card points, without the +5 of the last trick

    def taken(self, number: int) -> int:
        """What the winner took with trick ``number`` (1-9): its card points, +5 for the last."""
        return self.points + (LAST_TRICK_POINTS if number == 9 else 0)


@dataclass
class HandPlay:
    """A hand in play.  Seats 0..3 in playing order; team = seat % 2."""

    hands: list[int]
    contract: int
    forehand: int
    rules: RuleSet
    board: Scoreboard
    declarer: int | None = None  # seat that chose the contract (forehand or partner)
    start_hands: tuple[int, ...] = ()
    trick: list[int] = field(default_factory=list)
    leader: int = -1
    tricks: list[PlayedTrick] = field(default_factory=list)
    declared: dict[int, list[Weis]] = field(default_factory=dict)
    weis_result: WeisResult | None = None
    stoeck_holder: int | None = None
    stoeck_done: bool = False  # credited, or lost by a late announcement
    credits: list[Credit] = field(default_factory=list)
    # An extra contract (docs/rules-variants.md): each trick in its own mode, no Stöck, Weis in
    # trick 1's mode; ``factor`` its multiplier; ``per_trick``: each trick valued in its mode.
    schedule: Schedule | None = None
    factor: int | None = None
    per_trick: bool = False

    def __post_init__(self) -> None:
        self.hands = list(self.hands)
        self.start_hands = tuple(self.hands)
        if self.declarer is None:
            self.declarer = self.forehand
        self.leader = self.forehand
        if self.schedule is not None and self.factor is None:
            raise ValueError("an extra contract's hand needs its factor")
        if self.rules.stoeck_enabled and self.schedule is None:
            self.stoeck_holder = stoeck_seat(self.hands, self.contract)
        if self.rules.ausmach_order[0] == STOECK:  # H0: pre-show before the first card
            self._auto_preshow()

    # -- state -------------------------------------------------------------------

    @property
    def declarer_team(self) -> int:
        """The team that chose the contract."""
        return (self.forehand if self.declarer is None else self.declarer) % 2

    @property
    def _holder_team(self) -> int:
        """The team of the Stöck holder (only asked where there is one)."""
        if self.stoeck_holder is None:
            raise ValueError("no Stöck in this hand")
        return self.stoeck_holder % 2

    @property
    def multiplier(self) -> int:
        return self.factor if self.factor is not None else self.rules.multiplier(self.contract)

    @property
    def mode(self) -> int:
        """The mode of the trick under way: the contract, or an extra contract's mode of this trick."""
        if self.schedule is None:
            return self.contract
        return self.schedule.mode(min(len(self.tricks), 8))

    @property
    def weis_contract(self) -> int:
        """The contract Weis are valued and compared in (an extra contract: trick 1's mode)."""
        return self.contract if self.schedule is None else self.schedule.weis_mode

    def _credited_team(self, team: int) -> int:
        """Who is credited with what ``team`` took: in Misère, the other team (docs/rules-variants.md)."""
        return 1 - team if self.schedule is not None and self.schedule.misere else team

    @property
    def turn(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 4

    @property
    def trick_number(self) -> int:
        """0-based number of the trick being played."""
        return len(self.tricks)

    @property
    def done(self) -> bool:
        """All nine tricks played, or the game ended during the hand."""
        return len(self.tricks) == 9 or self.board.over

    def legal(self, seat: int | None = None) -> int:
        """Mask of the cards ``seat`` (default: the seat to play) may play now."""
        seat = self.turn if seat is None else seat
        if seat != self.turn or self.done:
            return 0
        r = self.rules
        return legal_mask(
            self.hands[seat],
            self.trick,
            self.mode,
            r.trump_anytime,
            r.undertrump_when_void,
            r.puur_exemption,
        )

    def weis_options(self, seat: int) -> list[Weis]:
        """The Weis ``seat`` may declare with its first card (empty after trick 1)."""
        if self.tricks or seat in self.declared:
            return []
        return find_weis(self.start_hands[seat], self.weis_contract, self.rules)

    def stoeck_due(self, seat: int, card: int) -> bool:
        """True when playing ``card`` completes ``seat``'s Stöck (the second of K/O)."""
        if self.stoeck_done or seat != self.stoeck_holder:
            return False
        pair = STOECK_MASK[self.contract]
        return bool(pair >> card & 1) and self.hands[seat] & pair != pair

    # -- moves -------------------------------------------------------------------

    def play(
        self,
        seat: int,
        card: int,
        weis: Iterable[Weis] | None = None,
        stoeck: bool = False,
    ) -> None:
        """``seat`` plays ``card``.

        ``weis``: with ``weis_mode: manual``, the Weis declared with the first card.
        ``stoeck``: with ``stoeck_auto: false``, Stöck announced with the second card.
        """
        if self.done:
            raise RulesError("HAND_OVER")
        if seat != self.turn:
            raise RulesError("NOT_YOUR_TURN", seat=seat, turn=self.turn)
        r = self.rules
        reason = illegal_reason(
            card,
            self.hands[seat],
            self.trick,
            self.mode,
            r.trump_anytime,
            r.undertrump_when_void,
            r.puur_exemption,
        )
        if reason is not None:
            raise RulesError("ILLEGAL_CARD", card=card, reason=reason)
        due = self.stoeck_due(seat, card)
        if stoeck and not due:
            raise RulesError("NO_STOECK", seat=seat)
        if not self.tricks:
            self._declare_weis(seat, weis)
        elif weis:
            raise RulesError("WEIS_NOT_NOW", seat=seat)

        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if due:
            self.stoeck_done = True
            if r.stoeck_auto or stoeck:
                self._credit(seat % 2, STOECK_POINTS * self.multiplier, STOECK)
        if len(self.trick) == 4:
            self._finish_trick()

    def may_preshow_stoeck(self, seat: int) -> bool:
        """``seat`` holds Stöck it may pre-show now (not yet asking whether it reaches the target).

        Before trick 1 is complete only where Stöck is credited first in the Ausmach order
        (docs/rules.md §12.1 H0): with Weis or Stich first, pre-showing would jump that order.
        """
        return (
            self._stoeck_pending()
            and seat == self.stoeck_holder
            and (bool(self.tricks) or self.rules.ausmach_order[0] == STOECK)
        )

    def preshow_stoeck(self, seat: int) -> bool:
        """Pre-show Stöck (docs/rules.md §11): credited only if it reaches the target now."""
        if not self.may_preshow_stoeck(seat):
            return False
        points = STOECK_POINTS * self.multiplier
        if not self.board.reaches_target(seat % 2, points):
            return False
        self.stoeck_done = True
        self._credit(seat % 2, points, STOECK)
        return True

    def claim(self, team: int) -> Scoreboard:
        """Bedanken by ``team``: right if its total (with Stöck still to show) reaches the target."""
        extra = 0
        if self._stoeck_pending() and self._holder_team == team:
            extra = STOECK_POINTS * self.multiplier
        self.board = self.board.claim(team, extra)
        return self.board

    # -- internals ---------------------------------------------------------------

    def _declare_weis(self, seat: int, weis: Iterable[Weis] | None) -> None:
        options = find_weis(self.start_hands[seat], self.weis_contract, self.rules)
        if self.rules.weis_mode == "auto":
            chosen = options
        else:
            chosen = list(weis or ())
            for w in chosen:
                if w not in options:
                    raise RulesError("WEIS_INVALID", seat=seat, weis=str(w))
        if chosen:
            self.declared[seat] = chosen

    def _stoeck_pending(self) -> bool:
        return self.rules.stoeck_preshow and self.stoeck_holder is not None and not self.stoeck_done

    def _auto_preshow(self, pending_weis: int = 0) -> None:
        """Credit Stöck early when it (with the Weis about to come) reaches the target."""
        if not (self.rules.stoeck_auto and self._stoeck_pending() and self.board.races_to_target):
            return
        team = self._holder_team
        points = STOECK_POINTS * self.multiplier
        if self.board.reaches_target(team, points + pending_weis):
            self.stoeck_done = True
            self._credit(team, points, STOECK)

    def _credit(self, team: int, points: int, kind: str) -> None:
        if self.board.over or points == 0:
            return
        credit = Credit(team, points, kind, 4 * len(self.tricks) + len(self.trick))
        self.credits.append(credit)
        self.board = self.board.credit(credit)

    def _finish_trick(self) -> None:
        cards = tuple(self.trick)
        if self.schedule is None:
            winner = (self.leader + trick_winner_index(cards, self.contract)) % 4
            points = trick_points(cards, self.contract, self.rules.undenufe_legacy)
        else:
            n = len(self.tricks)
            winner = (self.leader + self.schedule.winner(cards, n)) % 4
            points = self.schedule.points(cards, n, self.per_trick)
        self.tricks.append(PlayedTrick(self.leader, cards, winner, points))
        self.trick = []
        self.leader = winner
        team = winner % 2
        if len(self.tricks) == 1:
            self._first_trick_credits(team, points)
        else:
            bonus = 0
            if len(self.tricks) == 9:
                bonus = LAST_TRICK_POINTS
                if self.tricks_won[team] == 9:
                    bonus += self.rules.match_bonus
                    if team != self.declarer_team and self.schedule is None:
                        factor = self.rules.kontermatsch_factor
                        bonus += (factor - 1) * (152 + 5 + self.rules.match_bonus)
            self._credit(self._credited_team(team), self.multiplier * (points + bonus), STICH)
        self._auto_preshow()

    def _first_trick_credits(self, trick_team: int, trick_pts: int) -> None:
        """Trick 1: Stöck (pre-show), Weis and Stich blocks in ``ausmach_order``."""
        m = self.multiplier
        self.weis_result = resolve_weis(self.declared, self.weis_contract, self.forehand, self.rules)
        weis = self.weis_result
        weis_credited = False
        for block in self.rules.ausmach_order:
            if block == STOECK:
                pending = 0
                if not weis_credited and weis.team is not None and self.stoeck_holder is not None:
                    pending = m * weis.points if weis.team == self._holder_team else 0
                self._auto_preshow(pending)
            elif block == WEIS:
                weis_credited = True
                if weis.team is not None:
                    self._credit(weis.team, m * weis.points, WEIS)
            else:
                self._credit(self._credited_team(trick_team), m * trick_pts, STICH)

    # -- summary -----------------------------------------------------------------

    @property
    def tricks_won(self) -> tuple[int, int]:
        won = [0, 0]
        for t in self.tricks:
            won[t.winner % 2] += 1
        return won[0], won[1]

    @property
    def card_points(self) -> tuple[int, int]:
        pts = [0, 0]
        for t in self.tricks:
            pts[t.winner % 2] += t.points
        return pts[0], pts[1]

    def summary(self) -> HandSummary:
        """What each team took and wrote this hand (credits actually made)."""
        written = [0, 0]
        by_kind: dict[str, list[int]] = {STOECK: [0, 0], WEIS: [0, 0], STICH: [0, 0]}
        for c in self.credits:
            written[c.team] += c.points
            by_kind[c.kind][c.team] += c.points
        won = self.tricks_won
        matched = match_team(won) if len(self.tricks) == 9 else None
        m = self.multiplier
        parts = []
        for team in (0, 1):
            stich = by_kind[STICH][team] // m
            match = 0
            if matched is not None and self._credited_team(matched) == team:
                konter = team != self.declarer_team and self.schedule is None
                factor = self.rules.kontermatsch_factor if konter else 1
                match = self.rules.match_bonus + (factor - 1) * (152 + 5 + self.rules.match_bonus)
            parts.append(WrittenParts(stich - match, match, by_kind[WEIS][team] // m, by_kind[STOECK][team] // m))
        return HandSummary(
            contract=self.contract,
            multiplier=self.multiplier,
            tricks_won=won,
            card_points=self.card_points,
            last_team=self.tricks[-1].winner % 2 if len(self.tricks) == 9 else None,
            match_team=matched,
            kontermatsch=matched is not None and matched != self.declarer_team and self.schedule is None,
            weis=self.weis_result,
            stoeck_team=self._holder_team if by_kind[STOECK][0] + by_kind[STOECK][1] else None,
            written=(written[0], written[1]),
            complete=len(self.tricks) == 9,
            parts=(parts[0], parts[1]),
        )

    def expected_written(self) -> tuple[int, int]:
        """The hand's points by docs/rules.md §8 (for a hand of Schieber's six contracts played to the end)."""
        s = self.summary()
        weis = self.weis_result or WeisResult(None, 0, None, None)
        return hand_points(
            self.rules,
            self.contract,
            card_points=s.card_points,
            last_team=s.last_team if s.last_team is not None else -1,
            tricks_won=s.tricks_won,
            weis_team=weis.team,
            weis_points=weis.points,
            stoeck_team=s.stoeck_team,
            declarer_team=self.declarer_team,
        )


@dataclass(frozen=True)
class WrittenParts:
    """What a team wrote for a hand, before the multiplier: card points (the last trick's 5
    included), the Match bonus (a Kontermatsch's extra included), Weis and Stöck."""

    cards: int = 0
    match: int = 0
    weis: int = 0
    stoeck: int = 0

    @property
    def total(self) -> int:
        return self.cards + self.match + self.weis + self.stoeck


@dataclass(frozen=True)
class HandSummary:
    contract: int
    multiplier: int
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    last_team: int | None
    match_team: int | None
    kontermatsch: bool
    weis: WeisResult | None
    stoeck_team: int | None
    written: tuple[int, int]
    complete: bool
    parts: tuple[WrittenParts, WrittenParts] = (WrittenParts(), WrittenParts())
