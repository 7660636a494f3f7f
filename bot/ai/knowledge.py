"""What a seat can infer from its view (docs/architecture.md §7): cards gone, voids, trumps out, Bock cards.

Everything here is computed from a :class:`~bot.game.view.TableView` only: the seat's own hand,
the cards played, the declared Weis and Stöck.  Hidden hands are never looked at.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.game.view import TableView
from bot.rules import RuleSet
from bot.rules.cards import FULL_DECK, SUIT_MASKS, SUIT_OF
from bot.rules.tables import POINTS, POWER, PUUR, TRUMP_STRENGTH
from bot.rules.weis import Weis

STOECK_RANKS = (6, 7)  # Ober, König


def strength(card: int, contract: int) -> int:
    """How high ``card`` ranks within its own suit under ``contract`` (trumps above all)."""
    if contract < 4 and SUIT_OF[card] == contract:
        return 20 + TRUMP_STRENGTH[card]
    rank = card % 9
    return 10 + (8 - rank if contract == 5 else rank)


#: HIGHER[contract][card]: mask of the cards of the same suit that rank above ``card``.
HIGHER = [
    [sum(1 << o for o in range(36) if SUIT_OF[o] == SUIT_OF[c] and strength(o, k) > strength(c, k)) for c in range(36)]
    for k in range(6)
]


def value(card: int, contract: int, legacy_undenufe: bool = False) -> int:
    return POINTS[legacy_undenufe][contract][card]


def trick_winner(trick: list[int] | tuple[int, ...], contract: int) -> int:
    """Index (0 = the lead) of the card winning ``trick`` so far."""
    power = POWER[contract * 4 + SUIT_OF[trick[0]]]
    best = 0
    for i in range(1, len(trick)):
        if power[trick[i]] > power[trick[best]]:
            best = i
    return best


@dataclass
class Knowledge:
    """A seat's picture of the hand in play."""

    seat: int
    contract: int
    hand: int
    played: int  # every card played this hand (incl. the current trick)
    trick: list[tuple[int, int]]  # (seat, card) of the current trick, in play order
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # per seat: suits (bits) it cannot hold
    no_trump_but_puur: list[bool] = field(default_factory=lambda: [False] * 4)
    must_hold: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # cards a seat is known to hold
    hand_sizes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    played_by: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # per seat: cards it played (mask)
    discards: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # per seat: plain suits (bits) thrown away
    #: With automatic Weis, once trick 1 is over: every seat's Weis, all of them (a seat that is
    #: missing holds none), and the rule set that counts them; ``None`` while that is not known.
    all_weis: dict[int, list[Weis]] | None = None
    weis_rules: RuleSet | None = None

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def unseen(self) -> int:
        """Cards in the other three hands."""
        return FULL_DECK & ~self.played & ~self.hand

    @property
    def trump_mask(self) -> int:
        return SUIT_MASKS[self.contract] if self.contract < 4 else 0

    def suit_lengths(self) -> list[int]:
        """How many cards of each suit the seat still holds."""
        return [(self.hand & SUIT_MASKS[s]).bit_count() for s in range(4)]

    def trumps_out(self) -> int:
        """Trumps the other players may still hold."""
        return self.unseen & self.trump_mask

    def is_bock(self, card: int) -> bool:
        """No card still out (in another hand) beats ``card`` in its suit."""
        return not self.unseen & HIGHER[self.contract][card]

    def may_hold(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may still hold cards of ``suit``."""
        return not self.voids[seat] >> suit & 1

    def opponents_may_trump(self, suit: int, after: list[int]) -> bool:
        """Could one of the opponents in ``after`` (seats still to play) ruff a lead of ``suit``?"""
        if self.contract >= 4 or suit == self.contract or not self.trumps_out():
            return False
        return any(
            s % 2 != self.seat % 2 and not self.may_hold(s, suit) and self.may_hold(s, self.contract) for s in after
        )


def knowledge_of(view: TableView, certain: bool = False) -> Knowledge:
    """Infer voids and known cards from the public record of the hand.

    ``certain``: also what the rules make certain beyond that (the coach's exact endgames): a seat
    that undertrumped held nothing but trumps (where undertrumping is only allowed so) or at least
    no card of the suit led; a trump on a plain lead where one must follow suit rather than trump
    says the seat had none of it; and the first hand's forehand held the Rose 7. The computer
    players draw their deals without these (their play stays as it was measured)."""
    assert view.seat is not None and view.contract is not None
    contract = view.contract
    r = view.rules
    k = Knowledge(view.seat, contract, view.hand, view.cards_played, list(view.trick))
    plays: list[list[tuple[int, int]]] = [[((t.leader + i) % 4, c) for i, c in enumerate(t.cards)] for t in view.tricks]
    if view.trick:
        plays.append(list(view.trick))
    plain_suits = sum(1 << s for s in range(4) if s != contract)
    for trick in plays:
        lead = SUIT_OF[trick[0][1]]
        top = -1  # the strength of the highest trump in the trick before this card
        for seat, card in trick:
            k.played_by[seat] |= 1 << card
            suit = SUIT_OF[card]
            under = contract < 4 and suit == contract and lead != contract and 0 <= strength(card, contract) < top
            if contract < 4 and suit == contract:
                top = max(top, strength(card, contract))
            if suit == lead:
                continue
            if suit != contract:
                k.discards[seat] |= 1 << suit
            if contract < 4 and lead == contract:
                # Not following a trump lead: no trump left, except perhaps the Puur.
                k.voids[seat] |= 1 << lead
                k.no_trump_but_puur[seat] = True
            elif contract < 4 and suit == contract:
                if certain and (under or not r.trump_anytime):
                    k.voids[seat] |= 1 << lead  # undertrumping (or trumping at all) was only allowed void
                    if under and not r.undertrump_when_void:
                        k.voids[seat] |= plain_suits  # ... and holding nothing but trumps
                continue  # otherwise a ruff says nothing: trumping is always allowed
            else:
                k.voids[seat] |= 1 << lead
    for seat in range(4):
        k.hand_sizes[seat] = 9 - k.played_by[seat].bit_count()
    # Declared Weis and announced Stöck are public: their unplayed cards are in known hands.
    for seat, weises in view.weis.items():
        for w in weises:
            k.must_hold[seat] |= w.mask & ~view.cards_played
    if certain and view.forehand_held is not None and view.forehand is not None and view.forehand != view.seat:
        k.must_hold[view.forehand] |= (1 << view.forehand_held) & ~view.cards_played  # the first hand's Rose 7
    if view.tricks and r.weis_enabled and r.weis_mode == "auto":
        # Every seat declared every Weis it held with its first card, and they are public now:
        # a hand that would have declared more (or less) than that is not possible.
        k.all_weis, k.weis_rules = view.weis, r
    if view.stoeck_holder is not None and view.stoeck_holder != view.seat and contract < 4:
        pair = (1 << (contract * 9 + 6)) | (1 << (contract * 9 + 7))
        k.must_hold[view.stoeck_holder] |= pair & ~view.cards_played
    for seat in range(4):
        if k.no_trump_but_puur[seat] and contract < 4:
            # The Puur may still be there (it need not follow); everything else in trumps is gone.
            k.voids[seat] &= ~(1 << contract)
    k.must_hold[view.seat] = 0
    return k


def allowed_cards(k: Knowledge, seat: int) -> int:
    """Cards ``seat`` may hold according to everything public."""
    allowed = 0
    for suit in range(4):
        if k.may_hold(seat, suit):
            allowed |= SUIT_MASKS[suit]
    if k.contract < 4 and k.no_trump_but_puur[seat]:
        allowed &= ~SUIT_MASKS[k.contract] | PUUR[k.contract]
    return (allowed & k.unseen) | k.must_hold[seat]
