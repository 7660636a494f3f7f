"""The asynchronous duplicate challenge as an event-sourced aggregate.

The organiser opens a challenge of N hands with fixed deals. Each member plays it alone,
whenever they like before the deadline, in seat 1 with a computer partner against two computer
opponents: everyone gets exactly the same cards in the same seat, and the computer players
decide from the same seeds, so results compare fairly. The deals come from a secret seed whose
SHA-256 is published at the start; at the close the seed is revealed and anyone can re-derive
every deal (hand k is dealt from ``deal_seed(seed, k)``). A leaderboard ranks the scores:
the first try only, or the best of k tries. Pure: no I/O, no clock (times are passed in).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .aggregate import SYSTEM, commitment
from .base import Aggregate
from .errors import Code, TournamentError
from .events import ChallengeCreated, ChallengeEvent, as_challenge_event

ChallengePhase = Literal["running", "finished", "cancelled"]
Repeat = Literal["", "daily", "weekly"]
REPEATS: dict[str, float] = {"daily": 86400.0, "weekly": 7 * 86400.0}
MAX_TRIES = 10


def deal_base(seed: str) -> str:
    """The fixed-deals base of a challenge's tables (hand k is dealt from ``f"{base}:{k}"``):
    the SHA-256 of ``"<seed>:challenge"``, so the tables' logs never hold the secret seed."""
    return hashlib.sha256(f"{seed}:challenge".encode()).hexdigest()


def deal_seed(seed: str, hand: int) -> str:
    """The seed hand ``hand`` (from 1) of a challenge is dealt from (see ``bot.game.cards``)."""
    return f"{deal_base(seed)}:{hand}"


@dataclass(frozen=True)
class Try:
    actor: str
    number: int  # 1, 2, … of this person
    link: int  # the how-manyth try of the challenge (links its table)
    points: int | None = None  # the person's team's points; None while playing
    against: int | None = None  # the computers' points
    abandoned: bool = False


@dataclass(frozen=True)
class Entry:
    rank: int
    actor: str
    points: int
    tries: int


@dataclass
class Challenge(Aggregate[ChallengeEvent]):
    challenge_id: str
    organiser: str
    name: str
    hands: int
    level: str
    best_of: int  # 1: the first try only; k: the best of k tries
    deadline: float  # seconds since the epoch
    seed_commitment: str
    repeat: Repeat = ""
    opened: float = 0.0
    phase: ChallengePhase = "running"
    names: dict[str, str] = field(default_factory=dict)
    tries: list[Try] = field(default_factory=list)
    seed: str | None = None  # revealed at the close
    seq: int = 0

    @classmethod
    def create(cls, challenge_id: str, organiser: str, name: str, hands: int, level: str, best_of: int,
               opened: float, deadline: float, seed: str,
               repeat: Repeat = "") -> tuple[Challenge, list[ChallengeCreated]]:  # fmt: skip
        if not 1 <= hands <= 48 or not 1 <= best_of <= MAX_TRIES:
            raise TournamentError(Code.BAD_FORMAT, hands=hands, tries=best_of)
        if deadline <= opened:
            raise TournamentError(Code.BAD_DEADLINE)
        if repeat and repeat not in REPEATS:
            raise TournamentError(Code.BAD_FORMAT, repeat=repeat)
        event: ChallengeCreated = {
            "type": "challenge_created", "id": challenge_id, "organiser": organiser, "name": name,
            "hands": hands, "level": level, "best_of": best_of, "opened": opened, "deadline": deadline,
            "seed_commitment": commitment(seed), "repeat": repeat,
        }  # fmt: skip
        return cls.replay([event]), [event]

    @classmethod
    def replay(cls, events: Sequence[Mapping[str, Any]]) -> Challenge:
        f = events[0]
        c = cls(f["id"], f["organiser"], f["name"], f["hands"], f["level"], f["best_of"], f["deadline"],
                f["seed_commitment"], f.get("repeat", ""), f["opened"])  # fmt: skip
        c.seq = 1
        for ev in events[1:]:
            c._on(as_challenge_event(dict(ev)))
        return c

    # -- commands -------------------------------------------------------------------------

    def start_try(self, actor: str, name: str, now: float) -> list[ChallengeEvent]:
        """A person starts a try (refused past the deadline, with a try still running, or
        when their tries are used up)."""
        self.check_try(actor, now)
        number = sum(t.actor == actor for t in self.tries) + 1
        return self._emit({"type": "try_started", "actor": actor, "name": name, "number": number})

    def check_try(self, actor: str, now: float) -> None:
        """Raise what ``start_try`` would refuse; change nothing."""
        self._expect_open(now)
        mine = [t for t in self.tries if t.actor == actor]
        if any(t.points is None for t in mine):
            raise TournamentError(Code.TRY_RUNNING)
        if len(mine) >= self.best_of:
            raise TournamentError(Code.NO_TRIES_LEFT, tries=self.best_of)

    def finish_try(self, link: int, points: int, against: int, abandoned: bool = False) -> list[ChallengeEvent]:
        """The try's game is over (or was ended): the person's team made ``points``."""
        if not 0 <= link < len(self.tries) or self.tries[link].points is not None:
            raise TournamentError(Code.NO_SUCH_TRY, link=link)
        if self.phase != "running":
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase)
        return self._emit({"type": "try_finished", "link": link, "points": points, "against": against,
                           "abandoned": abandoned})  # fmt: skip

    def close(self, actor: str, seed: str, privileged: bool = False) -> list[ChallengeEvent]:
        """The deadline has passed (``system``) or the organiser closes early: the seed is revealed."""
        if actor != SYSTEM and actor != self.organiser and not privileged:
            raise TournamentError(Code.NOT_ORGANISER)
        if self.phase != "running":
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase)
        if commitment(seed) != self.seed_commitment:
            raise TournamentError(Code.WRONG_SEED)
        return self._emit({"type": "challenge_closed", "by": actor, "seed": seed})

    def cancel(self, actor: str, privileged: bool = False) -> list[ChallengeEvent]:
        if actor != self.organiser and not privileged:
            raise TournamentError(Code.NOT_ORGANISER)
        if self.phase != "running":
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase)
        return self._emit({"type": "cancelled", "by": actor})

    # -- reading --------------------------------------------------------------------------

    def open_tries(self) -> list[Try]:
        return [t for t in self.tries if t.points is None]

    def leaderboard(self) -> list[Entry]:
        """People ranked by the try that counts (the first; or the best of theirs); equal
        points share a rank. Tries still running do not count yet."""
        best: dict[str, int] = {}
        count: dict[str, int] = {}
        for t in self.tries:
            count[t.actor] = count.get(t.actor, 0) + 1
            if t.points is None:
                continue
            if t.actor not in best or (self.best_of > 1 and t.points > best[t.actor]):
                best[t.actor] = t.points
        order = sorted(best, key=lambda a: (-best[a], self.names.get(a, a)))
        out: list[Entry] = []
        for i, actor in enumerate(order):
            rank = out[-1].rank if out and out[-1].points == best[actor] else i + 1
            out.append(Entry(rank, actor, best[actor], count[actor]))
        return out

    def tries_left(self, actor: str) -> int:
        return self.best_of - sum(t.actor == actor for t in self.tries)

    def due(self, now: float) -> bool:
        """Past its deadline and not yet closed."""
        return self.phase == "running" and now >= self.deadline

    # -- events ---------------------------------------------------------------------------

    def _expect_open(self, now: float) -> None:
        if self.phase != "running":
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase)
        if now >= self.deadline:
            raise TournamentError(Code.DEADLINE_PASSED)

    def _apply(self, ev: ChallengeEvent) -> None:
        if ev["type"] == "try_started":
            self.names[ev["actor"]] = ev["name"]
            self.tries.append(Try(ev["actor"], ev["number"], len(self.tries)))
        elif ev["type"] == "try_finished":
            t = self.tries[ev["link"]]
            self.tries[ev["link"]] = Try(t.actor, t.number, t.link, ev["points"], ev["against"], ev["abandoned"])
        elif ev["type"] == "challenge_closed":
            self.phase, self.seed = "finished", ev["seed"]
        elif ev["type"] == "cancelled":
            self.phase = "cancelled"
        else:
            raise ValueError(f"unknown challenge event {ev['type']!r}")
