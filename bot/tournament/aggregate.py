"""A tournament as an event-sourced aggregate, like the Table: commands in, events out.

Three formats: the **Einzelschieber** (individual entry; tables and partners drawn anew before
every Passe from the tournament's published seed), the **Partnerschieber** (fixed pairs;
each round a pair meets another, round robin up to 8 pairs, else Swiss-style) and the
**Einzel-Differenzler** (the Einzelschieber's draw, each player for themselves: the lowest
total penalty wins, ties broken by the number of exact predictions).

Sign-up (join, leave, a waitlist when full, optional check-in; for pairs, a partner who
confirms), start, then per Passe: the draw, each table's result, the next Passe once every
table has one (at once, or when the organiser says so, never while paused). Organiser tools:
pause and resume, replace a player by another member, drop a player (no later Passen; their
results stay), late entry, cancel. ``replay(events)`` rebuilds it exactly; every organiser
action is an event with who did it. Pure: no I/O, no clock, no Discord.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from bot.rules.kinds import formats, kind_for_format

from .base import Aggregate
from .draw import draw
from .errors import Code, TournamentError
from .events import PasseDrawn, Started, TableResult, TournamentCreated, TournamentEvent, as_tournament_event
from .pairs import pair_round
from .standings import Counting, Standing, passe_points, penalty_standings, standings

Phase = Literal["signup", "running", "finished", "cancelled"]
#: A tournament format: one a registered game kind plays (``GameKind.formats``; :func:`formats`).
Format = str
#: The format of fixed partners; every other format enters individuals, tables drawn anew each Passe.
PAIRS = "pairs"
MIN_PEOPLE = 4
SYSTEM = "system"


@dataclass
class Tournament(Aggregate[TournamentEvent]):
    tournament_id: str
    organiser: str
    name: str
    passen: int
    hands_per_passe: int
    counting: Counting = field(default_factory=Counting)
    max_players: int = 0  # 0: no limit
    seed_commitment: str = ""  # SHA-256 of the draw's seed, published at creation
    format: Format = "einzel"
    check_in: bool = False  # only people who checked in are drawn
    manual_next: bool = False  # the next Passe when the organiser says so
    late_entry: int = 0  # people may still join before Passe k (1-based; 0: not after the start)
    byes: bool = False  # Einzelschieber with a count not a multiple of 4: byes instead of computers
    break_minutes: int = 0  # a break between two Passen (0: the next Passe at once)
    phase: Phase = "signup"
    entries: list[str] = field(default_factory=list)  # actors (player numbers are their places here)
    names: dict[str, str] = field(default_factory=dict)
    waitlist: list[str] = field(default_factory=list)
    checked_in: set[str] = field(default_factory=set)
    proposals: dict[str, str] = field(default_factory=dict)  # actor -> the partner they asked
    partner: dict[str, str] = field(default_factory=dict)  # confirmed pairs, both ways
    pairs: list[tuple[int, int | None]] = field(default_factory=list)  # Partnerschieber, fixed at the start
    dropped: dict[str, int] = field(default_factory=dict)  # actor -> first Passe they no longer play
    replaced: list[tuple[int, str, str, int]] = field(default_factory=list)  # (player, old, new, from Passe)
    paused: bool = False
    break_until: float | None = None  # the break after a Passe ends then (seconds since the epoch)
    seed: str | None = None  # revealed at the start
    draws: list[list[tuple[int | None, ...]]] = field(default_factory=list)
    sat_out: list[list[int]] = field(default_factory=list)  # per Passe: the players with a bye
    results: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)  # (passe, table) -> points
    exact: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)  # Differenzler: exact predictions
    seq: int = 0

    # -- creation and replay --------------------------------------------------------------

    @classmethod
    def create(cls, tournament_id: str, organiser: str, name: str, passen: int, hands_per_passe: int,
               seed: str, counting: Counting | None = None, max_players: int = 0, format: Format = "einzel",
               check_in: bool = False, manual_next: bool = False, late_entry: int = 0, byes: bool = False,
               break_minutes: int = 0) -> tuple[Tournament, list[TournamentCreated]]:  # fmt: skip
        """A new tournament in sign-up; the seed stays secret (its SHA-256 is published)."""
        if not 1 <= passen <= 12 or not 1 <= hands_per_passe <= 48:
            raise TournamentError(Code.BAD_FORMAT, passen=passen, hands=hands_per_passe)
        if format not in formats():
            raise TournamentError(Code.BAD_FORMAT, format=format)
        if late_entry and (format == PAIRS or not 2 <= late_entry <= passen):
            raise TournamentError(Code.BAD_LATE_ENTRY, passen=passen)
        if kind_for_format(format).lowest_wins and counting is not None and counting.kind != "all":
            raise TournamentError(Code.BAD_FORMAT, format=format)  # every Passe's penalty counts
        if byes and format == PAIRS:
            raise TournamentError(Code.BAD_FORMAT, format=format)
        if not 0 <= break_minutes <= 120:
            raise TournamentError(Code.BAD_BREAK, minutes=break_minutes)
        counting = counting or Counting()
        event: TournamentCreated = {
            "type": "tournament_created", "id": tournament_id, "organiser": organiser, "name": name,
            "passen": passen, "hands_per_passe": hands_per_passe, "counting": [counting.kind, counting.k],
            "max_players": max_players, "seed_commitment": commitment(seed), "format": format,
            "check_in": check_in, "manual_next": manual_next, "late_entry": late_entry, "byes": byes,
        }  # fmt: skip
        if break_minutes:
            event["break_minutes"] = break_minutes
        t = cls.replay([event])
        return t, [event]

    @classmethod
    def replay(cls, events: Sequence[Mapping[str, Any]]) -> Tournament:
        first = events[0]
        t = cls(first["id"], first["organiser"], first["name"], first["passen"], first["hands_per_passe"],
                Counting(first["counting"][0], first["counting"][1]), first["max_players"],
                first["seed_commitment"], first.get("format", "einzel"), first.get("check_in", False),
                first.get("manual_next", False), first.get("late_entry", 0), first.get("byes", False),
                first.get("break_minutes", 0))  # fmt: skip
        t.seq = 1
        for ev in events[1:]:
            t._on(as_tournament_event(dict(ev)))
        return t

    # -- sign-up --------------------------------------------------------------------------

    def join(self, actor: str, name: str) -> list[TournamentEvent]:
        """Sign up (or, when full, join the waitlist); while running only before the late-entry Passe."""
        if self.phase == "running" and self.late_entry and len(self.draws) < self.late_entry:
            if actor in self.entries:
                raise TournamentError(Code.ALREADY_JOINED)
            if self.max_players and len(self.entries) >= self.max_players:
                raise TournamentError(Code.FULL, limit=self.max_players)
            return self._emit({"type": "joined", "actor": actor, "name": name, "late": True})
        self._expect("signup")
        if actor in self.entries or actor in self.waitlist:
            raise TournamentError(Code.ALREADY_JOINED)
        if self.max_players and len(self.entries) >= self.max_players:
            return self._emit({"type": "waitlisted", "actor": actor, "name": name})
        return self._emit({"type": "joined", "actor": actor, "name": name})

    def leave(self, actor: str) -> list[TournamentEvent]:
        """Sign off (the first on the waitlist moves up)."""
        self._expect("signup")
        if actor not in self.entries and actor not in self.waitlist:
            raise TournamentError(Code.NOT_JOINED)
        return self._emit({"type": "left", "actor": actor})

    def confirm_check_in(self, actor: str) -> list[TournamentEvent]:
        self._expect("signup")
        if not self.check_in:
            raise TournamentError(Code.NO_CHECK_IN)
        if actor not in self.entries:
            raise TournamentError(Code.NOT_JOINED)
        if actor in self.checked_in:
            raise TournamentError(Code.ALREADY_CHECKED_IN)
        return self._emit({"type": "checked_in", "actor": actor})

    def propose(self, actor: str, name: str, partner: str, partner_name: str) -> list[TournamentEvent]:
        """Partnerschieber: ``actor`` asks ``partner`` to play as a pair; when the partner has
        asked ``actor`` already, the pair stands. Either joins the tournament if not signed up."""
        self._expect("signup")
        if self.format != "pairs":
            raise TournamentError(Code.NOT_PAIRS)
        if partner == actor:
            raise TournamentError(Code.OWN_PARTNER)
        if actor in self.partner:
            raise TournamentError(Code.ALREADY_PAIRED, partner=self.names.get(self.partner[actor], "?"))
        if partner in self.partner:
            raise TournamentError(Code.PARTNER_TAKEN, partner=partner_name)
        out: list[TournamentEvent] = []
        if actor not in self.entries:
            out += self.join(actor, name)
            if actor not in self.entries:  # on the waitlist: no pair yet
                return out
        if self.proposals.get(partner) == actor:
            return out + self._emit({"type": "paired", "actors": [partner, actor]})
        if self.proposals.get(actor) == partner:
            raise TournamentError(Code.ALREADY_ASKED, partner=partner_name)
        return out + self._emit({"type": "proposed", "actor": actor, "partner": partner, "name": partner_name})

    def confirm_partner(self, actor: str, name: str) -> list[TournamentEvent]:
        """The asked partner confirms (the latest request to them counts)."""
        askers = [a for a, p in self.proposals.items() if p == actor and a not in self.partner]
        if not askers:
            raise TournamentError(Code.NO_REQUEST)
        return self.propose(actor, name, askers[-1], self.names.get(askers[-1], "?"))

    # -- running --------------------------------------------------------------------------

    def start(self, actor: str, seed: str, privileged: bool = False) -> list[TournamentEvent]:
        """The organiser starts: the seed is revealed (it must match the commitment), Passe 1 drawn.

        With check-in, those who did not check in are left out."""
        self._organiser(actor, privileged)
        self._expect("signup")
        absent = [a for a in self.entries if self.check_in and a not in self.checked_in]
        present = len(self.entries) - len(absent)
        if present < MIN_PEOPLE:
            raise TournamentError(Code.TOO_FEW_PLAYERS, players=present, needed=MIN_PEOPLE)
        if commitment(seed) != self.seed_commitment:
            raise TournamentError(Code.WRONG_SEED)
        started: Started = {"type": "started", "by": actor, "seed": seed}
        if absent:
            started["absent"] = absent
        events = self._emit(started)
        if self.format == "pairs":
            events += self._emit({"type": "pairs_fixed", "pairs": [list(p) for p in self._make_pairs()]})
        return events + self._emit(self._draw_event(0, seed))

    def record(self, passe: int, table: int, points: tuple[int, ...],
               exact: tuple[int, ...] | None = None) -> list[TournamentEvent]:  # fmt: skip
        """A table of the current Passe has finished with these team points (seats 0/2, 1/3); an
        Einzel-Differenzler table with each seat's penalty total and ``exact`` predictions."""
        self._expect("running")
        if passe != len(self.draws) - 1 or not 0 <= table < len(self.draws[passe]):
            raise TournamentError(Code.NO_SUCH_TABLE, passe=passe, table=table)
        if (passe, table) in self.results:
            raise TournamentError(Code.RESULT_TWICE, passe=passe, table=table)
        individual = kind_for_format(self.format).individual
        counts = list(exact or ())
        if (
            len(points) != (4 if individual else 2)
            or any(not isinstance(p, int) or isinstance(p, bool) or (p < 0 and not individual) for p in points)
            or (individual and (len(counts) != 4 or any(not isinstance(n, int) or n < 0 for n in counts)))
        ):
            raise TournamentError(Code.BAD_POINTS, points=points)
        event: TableResult = {"type": "table_result", "passe": passe, "table": table, "points": list(points)}
        if individual:
            event["exact"] = counts
        return self._emit(event)

    def passe_complete(self) -> bool:
        """Every table of the current Passe has its result."""
        passe = len(self.draws) - 1
        return passe >= 0 and all((passe, t) in self.results for t in range(len(self.draws[passe])))

    def waits_for_organiser(self) -> bool:
        """The Passe is over but the next one waits: the tournament is paused or goes on by hand."""
        return self.phase == "running" and self.passe_complete() and (self.paused or self.manual_next)

    def start_break(self, until: float) -> list[TournamentEvent]:
        """The Passe is over and a break begins (the service, with the time it ends); the next
        Passe comes when it is over, or earlier when the organiser says so."""
        self._expect("running")
        if not self.break_minutes or not self.passe_complete() or len(self.draws) >= self.passen:
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase)
        return self._emit({"type": "break_started", "until": until})

    def in_break(self, now: float) -> bool:
        """A break runs: the Passe is over and its break not yet."""
        return self.break_until is not None and now < self.break_until

    def next_passe(self, actor: str, privileged: bool = False, now: float | None = None) -> list[TournamentEvent]:
        """Once every table of the Passe has a result: the next Passe drawn, or the end.

        ``system`` (the service, when the last table finishes or the break is over, at ``now``)
        only when neither paused nor by hand nor in a break; the organiser at any time the Passe
        is over (not while paused)."""
        if actor == SYSTEM:
            if self.paused or (self.manual_next and len(self.draws) < self.passen):
                raise TournamentError(Code.WAITS_FOR_ORGANISER)
            if self.break_until is not None and (now is None or self.in_break(now)):
                raise TournamentError(Code.IN_BREAK)
        else:
            self._organiser(actor, privileged)
        self._expect("running")
        if self.paused:
            raise TournamentError(Code.PAUSED)
        passe = len(self.draws) - 1
        missing = [t for t in range(len(self.draws[passe])) if (passe, t) not in self.results]
        if missing:
            raise TournamentError(Code.PASSE_NOT_DONE, tables=len(missing))
        if passe + 1 >= self.passen:
            return self._emit({"type": "finished", "by": actor})
        assert self.seed is not None
        return self._emit(self._draw_event(passe + 1, self.seed, by=actor))

    def pause(self, actor: str, privileged: bool = False) -> list[TournamentEvent]:
        """No next Passe until resumed (tables in play finish their Passe)."""
        self._organiser(actor, privileged)
        self._expect("running")
        if self.paused:
            raise TournamentError(Code.PAUSED)
        return self._emit({"type": "paused", "by": actor})

    def resume(self, actor: str, privileged: bool = False) -> list[TournamentEvent]:
        self._organiser(actor, privileged)
        self._expect("running")
        if not self.paused:
            raise TournamentError(Code.NOT_PAUSED)
        return self._emit({"type": "resumed", "by": actor})

    def drop(self, actor: str, player: str, privileged: bool = False) -> list[TournamentEvent]:
        """The organiser drops a player: from the next Passe on a computer takes their seat."""
        self._organiser(actor, privileged)
        self._expect("running")
        if player not in self.entries or player in self.dropped:
            raise TournamentError(Code.NOT_PLAYING)
        return self._emit({"type": "dropped", "by": actor, "actor": player, "from_passe": len(self.draws)})

    def replace(self, actor: str, old: str, new: str, name: str, privileged: bool = False) -> list[TournamentEvent]:
        """Another member takes over ``old``'s entry from the next Passe on (before the start: at
        once). Points already made stay with ``old``; the entry's later points are ``new``'s."""
        self._organiser(actor, privileged)
        if self.phase not in ("signup", "running"):
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase)
        if old not in self.entries or old in self.dropped:
            raise TournamentError(Code.NOT_PLAYING)
        if new in self.entries or new in self.waitlist:
            raise TournamentError(Code.ALREADY_JOINED)
        return self._emit({"type": "replaced", "by": actor, "old": old, "new": new, "name": name,
                           "from_passe": len(self.draws)})  # fmt: skip

    def cancel(self, actor: str, privileged: bool = False) -> list[TournamentEvent]:
        self._organiser(actor, privileged)
        if self.phase in ("finished", "cancelled"):
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase)
        return self._emit({"type": "cancelled", "by": actor})

    # -- reading --------------------------------------------------------------------------

    def table_actors(self, passe: int, table: int) -> list[str | None]:
        """The actors at a table (None: a computer seat), in seat order."""
        return [None if p is None else self.actor_in(p, passe) for p in self.draws[passe][table]]

    def actor_in(self, player: int, passe: int) -> str:
        """Who played for player number ``player`` in ``passe`` (a replacement counts from its Passe)."""
        actor = self.entries[player]
        for p, old, _new, from_passe in reversed(self.replaced):
            if p == player and passe < from_passe:
                actor = old
        return actor

    def playing(self, actor: str) -> bool:
        """``actor`` still plays in this tournament (signed up, not dropped, not finished)."""
        return self.phase in ("signup", "running") and actor in self.entries and actor not in self.dropped

    def passen_done(self) -> int:
        """How many Passen have every table's result."""
        return sum(all((p, i) in self.results for i in range(len(tables))) for p, tables in enumerate(self.draws))

    def complete_passen(self) -> list[int]:
        """The Passen every table of which has its result (a Passe drawn but not played is not one)."""
        return [p for p, tables in enumerate(self.draws) if all((p, t) in self.results for t in range(len(tables)))]

    def player_points(self) -> dict[int, list[int | None]]:
        """Points of every player number in every complete Passe (None: not played). A bye
        scores the Passe's average of the people who played it (rounded). A Passe drawn but not
        yet over is left out: it is neither counted nor struck."""
        per_passe = []
        for passe in self.complete_passen():
            tables = self.draws[passe]
            points: dict[int, int] = {}
            for t in range(len(tables)):
                points.update(self.table_points(passe, t))
            byes = self.sat_out[passe] if passe < len(self.sat_out) else []
            if byes and points:
                average = int(sum(points.values()) / len(points) + 0.5)
                points.update({player: average for player in byes})
            per_passe.append(points)
        return {n: [per_passe[k].get(n) for k in range(len(per_passe))] for n in range(len(self.entries))}

    def table_points(self, passe: int, table: int, field: str = "points") -> dict[int, int]:
        """Each person's points at one table of a Passe with its result: their team's points, or
        (Einzel-Differenzler) their own penalty total; ``field="exact"``: their exact predictions."""
        if (passe, table) not in self.results:
            return {}
        seats = self.draws[passe][table]
        if kind_for_format(self.format).individual:
            values = self.results[(passe, table)] if field == "points" else self.exact.get((passe, table), (0,) * 4)
            return {player: values[seat] for seat, player in enumerate(seats) if player is not None}
        a, b = self.results[(passe, table)][:2]
        return passe_points([seats], [(a, b)])

    def exact_hits(self) -> dict[int, int]:
        """Einzel-Differenzler: every player's exact predictions over the Passen played."""
        out = dict.fromkeys(range(len(self.entries)), 0)
        for passe, table in self.results:
            for player, n in self.table_points(passe, table, "exact").items():
                out[player] += n
        return out

    def standings(self) -> list[Standing]:
        """Einzelschieber: people ranked (``player``: their number); Partnerschieber: pairs
        (``player``: the pair's number); Einzel-Differenzler: people by their total penalty, the
        lowest first, ties by exact predictions. A Passe not played counts 0."""
        if kind_for_format(self.format).lowest_wins:
            return penalty_standings(self.player_points(), self.exact_hits())
        if self.format == "pairs":
            return standings(self.pair_points(), self.counting)
        return standings(self.player_points(), self.counting)

    def pair_points(self) -> dict[int, list[int | None]]:
        """Partnerschieber: each pair's points per Passe (whichever of its people played)."""
        points = self.player_points()
        out: dict[int, list[int | None]] = {}
        for i, pair in enumerate(self.pairs):
            rows = [points[p] for p in pair if p is not None]
            out[i] = [
                max((v for r in rows if (v := r[k]) is not None), default=None)
                for k in range(len(self.complete_passen()))
            ]
        return out

    def members(self, entry: int) -> list[str]:
        """The actors of a standings row: one person, or a pair's people."""
        if self.format == "pairs":
            return [self.entries[p] for p in self.pairs[entry] if p is not None]
        return [self.entries[entry]]

    def label(self, entry: int) -> str:
        """The name of a standings row (a pair: "A & B"; a computer partner: "A & Computer")."""
        if self.format == "pairs":
            a, b = self.pairs[entry]
            second = "Computer" if b is None else self.names.get(self.entries[b], "?")
            return f"{self.names.get(self.entries[a], '?')} & {second}"
        return self.names.get(self.entries[entry], "?")

    def unpaired(self) -> list[str]:
        """Partnerschieber: people signed up without a confirmed partner (paired at the start)."""
        return [a for a in self.entries if a not in self.partner]

    # -- events ---------------------------------------------------------------------------

    def _make_pairs(self) -> list[tuple[int, int | None]]:
        """Confirmed pairs in sign-up order, then the others paired in sign-up order (an odd one
        out plays with a computer partner)."""
        index = {a: i for i, a in enumerate(self.entries)}
        out: list[tuple[int, int | None]] = []
        seen: set[str] = set()
        for a in self.entries:
            if a in self.partner and a not in seen:
                seen |= {a, self.partner[a]}
                out.append((index[a], index[self.partner[a]]))
        singles = [index[a] for a in self.entries if a not in self.partner]
        for k in range(0, len(singles), 2):
            out.append((singles[k], singles[k + 1] if k + 1 < len(singles) else None))
        return out

    def _draw_event(self, passe: int, seed: str, by: str | None = None) -> PasseDrawn:
        byes: list[int] = []
        if self.format == "pairs":
            tables = self._pairs_tables(passe, seed)
        elif self.byes and len(self.entries) % 4:
            byes = self._byes_for(passe, seed)
            playing = [p for p in range(len(self.entries)) if p not in byes]
            drawn = draw(len(playing), self.passen, seed).passen[passe]
            tables = [[None if p is None else playing[p] for p in t] for t in drawn]
        else:  # every Passe from the one seed, for the number of people now
            tables = [list(t) for t in draw(len(self.entries), self.passen, seed).passen[passe]]
        out = [[None if p is not None and self._dropped_before(p, passe) else p for p in t] for t in tables]
        event: PasseDrawn = {"type": "passe_drawn", "passe": passe, "tables": out}
        if by:
            event["by"] = by
        if byes:
            event["byes"] = byes
        return event

    def _byes_for(self, passe: int, seed: str) -> list[int]:
        """Who sits this Passe out: those with the fewest byes so far (people dropped first),
        ties in an order drawn from the seed."""
        order = list(range(len(self.entries)))
        random.Random(f"jass-byes:{seed}").shuffle(order)
        had = {p: sum(p in b for b in self.sat_out) for p in order}
        rank = {p: i for i, p in enumerate(order)}
        pick = sorted(order, key=lambda p: (not self._dropped_before(p, passe), had[p], rank[p]))
        return sorted(pick[: len(self.entries) % 4])

    def _pairs_tables(self, passe: int, seed: str) -> list[list[int | None]]:
        """Each match of the round: the first pair at seats 0/2, the other (or computers) at 1/3."""
        totals = {i: sum(p or 0 for p in row) for i, row in self.pair_points().items()}
        met: set[frozenset[int]] = set()
        byes: set[int] = set()
        pair_of = {p: i for i, pr in enumerate(self.pairs) for p in pr if p is not None}
        for tables in self.draws:
            for t in tables:
                first = next((pair_of[p] for p in (t[0], t[2]) if p is not None and p in pair_of), None)
                second = next((pair_of[p] for p in (t[1], t[3]) if p is not None and p in pair_of), None)
                if first is not None and second is not None:
                    met.add(frozenset((first, second)))
                elif first is not None:
                    byes.add(first)
        out: list[list[int | None]] = []
        for a, b in pair_round(totals, met, byes, passe, seed):
            pa, pb = self.pairs[a], (self.pairs[b] if b is not None else (None, None))
            out.append([pa[0], pb[0], pa[1], pb[1]])
        return out

    def _dropped_before(self, player: int, passe: int) -> bool:
        actor = self.entries[player]
        return actor in self.dropped and self.dropped[actor] <= passe

    def _apply(self, ev: TournamentEvent) -> None:
        if ev["type"] == "joined":
            self.entries.append(ev["actor"])
            self.names[ev["actor"]] = ev["name"]
        elif ev["type"] == "waitlisted":
            self.waitlist.append(ev["actor"])
            self.names[ev["actor"]] = ev["name"]
        elif ev["type"] == "left":
            self._remove(ev["actor"])
        elif ev["type"] == "checked_in":
            self.checked_in.add(ev["actor"])
        elif ev["type"] == "proposed":
            self.proposals[ev["actor"]] = ev["partner"]
        elif ev["type"] == "paired":
            a, b = ev["actors"]
            self.partner[a], self.partner[b] = b, a
            self.proposals.pop(a, None)
            self.proposals.pop(b, None)
        elif ev["type"] == "started":
            for actor in ev.get("absent", []):
                self._remove(actor, promote=False)
            self.phase, self.seed = "running", ev["seed"]
        elif ev["type"] == "pairs_fixed":
            self.pairs = [(cast(int, p[0]), p[1]) for p in ev["pairs"]]  # the first of a pair is a person
        elif ev["type"] == "break_started":
            self.break_until = ev["until"]
        elif ev["type"] == "passe_drawn":
            self.break_until = None
            self.draws.append([tuple(t) for t in ev["tables"]])
            self.sat_out.append(list(ev.get("byes", [])))
        elif ev["type"] == "table_result":
            self.results[(ev["passe"], ev["table"])] = tuple(ev["points"])
            if "exact" in ev:
                self.exact[(ev["passe"], ev["table"])] = tuple(ev["exact"])
        elif ev["type"] == "dropped":
            self.dropped[ev["actor"]] = ev["from_passe"]
        elif ev["type"] == "replaced":
            player = self.entries.index(ev["old"])
            self.entries[player] = ev["new"]
            self.names[ev["new"]] = ev["name"]
            self.replaced.append((player, ev["old"], ev["new"], ev["from_passe"]))
            if ev["old"] in self.partner:
                other = self.partner.pop(ev["old"])
                self.partner[other], self.partner[ev["new"]] = ev["new"], other
        elif ev["type"] == "paused":
            self.paused = True
        elif ev["type"] == "resumed":
            self.paused = False
        elif ev["type"] == "finished":
            self.phase = "finished"
        elif ev["type"] == "cancelled":
            self.phase = "cancelled"
        else:
            raise ValueError(f"unknown tournament event {ev['type']!r}")

    def _remove(self, actor: str, promote: bool = True) -> None:
        if actor in self.waitlist:
            self.waitlist.remove(actor)
        elif actor in self.entries:
            self.entries.remove(actor)
            if promote and self.waitlist and (not self.max_players or len(self.entries) < self.max_players):
                self.entries.append(self.waitlist.pop(0))
        self.checked_in.discard(actor)
        self.proposals.pop(actor, None)
        for asker in [a for a, p in self.proposals.items() if p == actor]:
            del self.proposals[asker]
        if actor in self.partner:
            del self.partner[self.partner.pop(actor)]

    def _expect(self, phase: Phase) -> None:
        if self.phase != phase:
            raise TournamentError(Code.WRONG_PHASE, phase=self.phase, expected=phase)

    def _organiser(self, actor: str, privileged: bool = False) -> None:
        if actor != self.organiser and not privileged:
            raise TournamentError(Code.NOT_ORGANISER)


def commitment(seed: str) -> str:
    """The published SHA-256 of a seed: anyone can check the revealed seed, and re-draw."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()
