"""Why a tournament or a challenge refuses a command: one stable code each, and the facts."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """A refusal's code (the Discord layer looks up its text as ``tour.err.<code>``)."""

    ALREADY_ASKED = "ALREADY_ASKED"
    ALREADY_CHECKED_IN = "ALREADY_CHECKED_IN"
    ALREADY_JOINED = "ALREADY_JOINED"
    ALREADY_PAIRED = "ALREADY_PAIRED"
    BAD_BREAK = "BAD_BREAK"
    BAD_DEADLINE = "BAD_DEADLINE"
    BAD_FORMAT = "BAD_FORMAT"
    BAD_LATE_ENTRY = "BAD_LATE_ENTRY"
    BAD_POINTS = "BAD_POINTS"
    DEADLINE_PASSED = "DEADLINE_PASSED"
    FULL = "FULL"
    IN_BREAK = "IN_BREAK"
    IN_OTHER_TOURNAMENT = "IN_OTHER_TOURNAMENT"
    NOT_JOINED = "NOT_JOINED"
    NOT_ORGANISER = "NOT_ORGANISER"
    NOT_PAIRS = "NOT_PAIRS"
    NOT_PAUSED = "NOT_PAUSED"
    NOT_PLAYING = "NOT_PLAYING"
    NO_CHECK_IN = "NO_CHECK_IN"
    NO_REQUEST = "NO_REQUEST"
    NO_SUCH_TABLE = "NO_SUCH_TABLE"
    NO_SUCH_TRY = "NO_SUCH_TRY"
    NO_TRIES_LEFT = "NO_TRIES_LEFT"
    OWN_PARTNER = "OWN_PARTNER"
    PARTNER_TAKEN = "PARTNER_TAKEN"
    PASSE_NOT_DONE = "PASSE_NOT_DONE"
    PAUSED = "PAUSED"
    RESULT_TWICE = "RESULT_TWICE"
    TOO_FEW_PLAYERS = "TOO_FEW_PLAYERS"
    TRY_RUNNING = "TRY_RUNNING"
    UNKNOWN_TOURNAMENT = "UNKNOWN_TOURNAMENT"
    WAITS_FOR_ORGANISER = "WAITS_FOR_ORGANISER"
    WRONG_PHASE = "WRONG_PHASE"
    WRONG_SEED = "WRONG_SEED"


class TournamentError(Exception):
    """A command the tournament (or challenge) refuses: a code plus facts; nothing changed."""

    def __init__(self, code: Code, **facts: object) -> None:
        super().__init__(f"{code}: {facts}" if facts else str(code))
        self.code = code
        self.facts = facts
