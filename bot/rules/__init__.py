"""The Schieber rules: cards, contracts, legal moves, tricks, Weis, Stöck, scoring, game end.

Pure and deterministic: no I/O, no clock, no global randomness.  Hot paths work on
card ints (0..35) and 36-bit masks (:mod:`.play`, :mod:`.tables`); the names below
are the stable public facade.
"""

from .cards import ALL_CARDS, Card, Rank, Suit, cards_of, mask_of, parse_cards, to_cards, to_mask
from .contracts import MULTIPLIER_PROFILES, Contract
from .deal import deal, first_forehand, forehand_of, next_dealer, shuffle_deck
from .facade import card_points, legal_cards, trick_winner, why_illegal
from .hand import HandPlay, HandSummary, PlayedTrick, RulesError
from .ruleset import PRESETS, RuleSet, RuleSetError
from .scoreboard import Credit, Scoreboard
from .scoring import hand_points, match_team
from .stoeck import has_stoeck, stoeck_seat
from .weis import Weis, WeisResult, find_weis, resolve_weis

__all__ = [
    "ALL_CARDS",
    "MULTIPLIER_PROFILES",
    "PRESETS",
    "Card",
    "Contract",
    "Credit",
    "HandPlay",
    "HandSummary",
    "PlayedTrick",
    "Rank",
    "RuleSet",
    "RuleSetError",
    "RulesError",
    "Scoreboard",
    "Suit",
    "Weis",
    "WeisResult",
    "card_points",
    "cards_of",
    "deal",
    "find_weis",
    "first_forehand",
    "forehand_of",
    "hand_points",
    "has_stoeck",
    "legal_cards",
    "mask_of",
    "match_team",
    "next_dealer",
    "parse_cards",
    "resolve_weis",
    "shuffle_deck",
    "stoeck_seat",
    "to_cards",
    "to_mask",
    "trick_winner",
    "why_illegal",
]
