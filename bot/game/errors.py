"""Refusals of the table engine: a stable code plus the facts a message needs."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Why the table refuses a command: stable codes, each mapped to a message in the player's
    language by the Discord layer and the terminal (a member is its name as a string)."""

    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    ILLEGAL_CARD = "ILLEGAL_CARD"  # facts: card, reason (a bot.rules.play code)
    WRONG_PHASE = "WRONG_PHASE"  # facts: phase, expected
    SEAT_TAKEN = "SEAT_TAKEN"
    NOT_SEATED = "NOT_SEATED"
    ALREADY_SEATED = "ALREADY_SEATED"
    TABLE_FULL = "TABLE_FULL"
    NO_SUCH_SEAT = "NO_SUCH_SEAT"
    NOT_A_COMPUTER = "NOT_A_COMPUTER"
    NOT_HOST = "NOT_HOST"
    SEATS_EMPTY = "SEATS_EMPTY"
    CONTRACT_NOT_ALLOWED = "CONTRACT_NOT_ALLOWED"  # facts: contract
    UNKNOWN_CONTRACT = "UNKNOWN_CONTRACT"
    BAD_PREDICTION = "BAD_PREDICTION"  # Differenzler: a prediction is a whole number from 0 to 157
    ALREADY_PREDICTED = "ALREADY_PREDICTED"  # Differenzler: this player's prediction stands
    ROW_NEEDED = "ROW_NEEDED"  # Coiffeur: an announcement names a row of the Tafel
    ROW_NOT_OPEN = "ROW_NOT_OPEN"  # facts: row (1-based), the announcer's team filled it or it does not exist
    ROW_CONTRACT = "ROW_CONTRACT"  # facts: row, contract, allowed (the names the row may be played as)
    SCHIEBEN_NOT_ALLOWED = "SCHIEBEN_NOT_ALLOWED"
    BAD_CARD = "BAD_CARD"  # not a card in the notation
    WEIS_INVALID = "WEIS_INVALID"
    WEIS_NOT_NOW = "WEIS_NOT_NOW"
    NO_STOECK = "NO_STOECK"
    STOECK_NOT_DECISIVE = "STOECK_NOT_DECISIVE"
    STOECK_NOT_NOW = "STOECK_NOT_NOW"  # pre-show before trick 1 ends, where Weis or Stich count first; facts: first
    BEDANKEN_NOT_ALLOWED = "BEDANKEN_NOT_ALLOWED"
    UNKNOWN_LEVEL = "UNKNOWN_LEVEL"
    NOT_ALLOWED = "NOT_ALLOWED"  # an actor that may not issue this command
    BAD_RULES = "BAD_RULES"  # facts: key, message
    TOO_MANY_TABLES = "TOO_MANY_TABLES"  # facts: scope ("channel" or "user"), limit
    SEATED_ELSEWHERE = "SEATED_ELSEWHERE"  # facts: table (the other table of the channel)
    HINTS_OFF = "HINTS_OFF"  # this table gives no hints (rated tables never do)
    HINTS_NEED_FRIENDLY = "HINTS_NEED_FRIENDLY"  # hints only at a friendly (unrated) table
    RATINGS_OFF = "RATINGS_OFF"  # a rated table asked for where the server turned ratings off


class GameError(Exception):
    """A command the table refuses.  Nothing changed."""

    def __init__(self, code: Code | str, **facts: object) -> None:
        super().__init__(f"{code}: {facts}" if facts else code)
        self.code = code
        self.facts = facts
