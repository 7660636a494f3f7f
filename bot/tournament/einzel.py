"""An Einzelschieber as an event-sourced aggregate, like the Table: commands in, events out.

Sign-up (join, leave), start, then per Passe: the draw (from the tournament's published seed),
each table's result, the next Passe once every table has one; players dropped by the
organiser get no later Passen (their results stay). ``replay(events)`` rebuilds it exactly;
every organiser action is an event with who did it. Pure: no I/O, no clock, no Discord.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal

from .draw import draw
from .standings import Counting, Standing, passe_points, standings

Phase = Literal["signup", "running", "finished", "cancelled"]
MIN_PEOPLE = 4


class TournamentError(Exception):
    """A command the tournament refuses (a stable code plus facts); nothing changed."""

    def __init__(self, code: str, **facts: object) -> None:
        super().__init__(f"{code}: {facts}" if facts else code)
        self.code = code
        self.facts = facts


@dataclass
class Einzelschieber:
    tournament_id: str
    organiser: str
    name: str
    passen: int
    hands_per_passe: int
    counting: Counting = field(default_factory=Counting)
    max_players: int = 0  # 0: no limit
    seed_commitment: str = ""  # SHA-256 of the draw's seed, published at creation
    phase: Phase = "signup"
    entries: list[str] = field(default_factory=list)  # actors in order of sign-up (player numbers)
    names: dict[str, str] = field(default_factory=dict)
    dropped: dict[str, int] = field(default_factory=dict)  # actor -> first Passe they no longer play
    seed: str | None = None  # revealed at the start
    draws: list[list[tuple[int | None, ...]]] = field(default_factory=list)
    results: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)  # (passe, table) -> points
    seq: int = 0

    # -- creation and replay --------------------------------------------------------------

    @classmethod
    def create(cls, tournament_id: str, organiser: str, name: str, passen: int, hands_per_passe: int,
               seed: str, counting: Counting | None = None,
               max_players: int = 0) -> tuple[Einzelschieber, list[dict[str, Any]]]:  # fmt: skip
        """A new tournament in sign-up; the seed stays secret (its SHA-256 is published)."""
        if not 1 <= passen <= 12 or not 1 <= hands_per_passe <= 48:
            raise TournamentError("BAD_FORMAT", passen=passen, hands=hands_per_passe)
        counting = counting or Counting()
        event = {
            "type": "tournament_created", "id": tournament_id, "organiser": organiser, "name": name,
            "passen": passen, "hands_per_passe": hands_per_passe, "counting": [counting.kind, counting.k],
            "max_players": max_players, "seed_commitment": commitment(seed),
        }  # fmt: skip
        t = cls.replay([event])
        return t, [event]

    @classmethod
    def replay(cls, events: list[dict[str, Any]]) -> Einzelschieber:
        first = events[0]
        t = cls(first["id"], first["organiser"], first["name"], first["passen"], first["hands_per_passe"],
                Counting(first["counting"][0], first["counting"][1]), first["max_players"],
                first["seed_commitment"])  # fmt: skip
        t.seq = 1
        for ev in events[1:]:
            t._on(ev)
        return t

    # -- commands -------------------------------------------------------------------------

    def join(self, actor: str, name: str) -> list[dict[str, Any]]:
        self._expect("signup")
        if actor in self.entries:
            raise TournamentError("ALREADY_JOINED")
        if self.max_players and len(self.entries) >= self.max_players:
            raise TournamentError("FULL", limit=self.max_players)
        return self._emit({"type": "joined", "actor": actor, "name": name})

    def leave(self, actor: str) -> list[dict[str, Any]]:
        self._expect("signup")
        if actor not in self.entries:
            raise TournamentError("NOT_JOINED")
        return self._emit({"type": "left", "actor": actor})

    def start(self, actor: str, seed: str) -> list[dict[str, Any]]:
        """The organiser starts: the seed is revealed (it must match the commitment), Passe 1 drawn."""
        self._organiser(actor)
        self._expect("signup")
        if len(self.entries) < MIN_PEOPLE:
            raise TournamentError("TOO_FEW_PLAYERS", players=len(self.entries), needed=MIN_PEOPLE)
        if commitment(seed) != self.seed_commitment:
            raise TournamentError("WRONG_SEED")
        return self._emit({"type": "started", "by": actor, "seed": seed}, self._draw_event(0, seed))

    def record(self, passe: int, table: int, points: tuple[int, int]) -> list[dict[str, Any]]:
        """A table of the current Passe has finished with these team points (seats 0/2, 1/3)."""
        self._expect("running")
        if passe != len(self.draws) - 1 or not 0 <= table < len(self.draws[passe]):
            raise TournamentError("NO_SUCH_TABLE", passe=passe, table=table)
        if (passe, table) in self.results:
            raise TournamentError("RESULT_TWICE", passe=passe, table=table)
        if any(not isinstance(p, int) or isinstance(p, bool) or p < 0 for p in points):
            raise TournamentError("BAD_POINTS", points=points)
        return self._emit({"type": "table_result", "passe": passe, "table": table, "points": list(points)})

    def next_passe(self, actor: str) -> list[dict[str, Any]]:
        """Once every table of the Passe has a result: the next Passe drawn, or the end."""
        self._organiser(actor, system_too=True)
        self._expect("running")
        passe = len(self.draws) - 1
        missing = [t for t in range(len(self.draws[passe])) if (passe, t) not in self.results]
        if missing:
            raise TournamentError("PASSE_NOT_DONE", tables=missing)
        if passe + 1 >= self.passen:
            return self._emit({"type": "finished", "by": actor})
        assert self.seed is not None
        return self._emit(self._draw_event(passe + 1, self.seed, by=actor))

    def drop(self, actor: str, player: str) -> list[dict[str, Any]]:
        """The organiser drops a player: from the next Passe on a computer takes their seat."""
        self._organiser(actor)
        self._expect("running")
        if player not in self.entries or player in self.dropped:
            raise TournamentError("NOT_JOINED")
        return self._emit({"type": "dropped", "by": actor, "actor": player, "from_passe": len(self.draws)})

    def cancel(self, actor: str) -> list[dict[str, Any]]:
        self._organiser(actor)
        if self.phase in ("finished", "cancelled"):
            raise TournamentError("WRONG_PHASE", phase=self.phase)
        return self._emit({"type": "cancelled", "by": actor})

    # -- reading --------------------------------------------------------------------------

    def table_actors(self, passe: int, table: int) -> list[str | None]:
        """The actors at a table (None: a computer seat), in seat order."""
        return [None if p is None else self.entries[p] for p in self.draws[passe][table]]

    def passen_done(self) -> int:
        """How many Passen have every table's result."""
        return sum(all((p, i) in self.results for i in range(len(tables))) for p, tables in enumerate(self.draws))

    def standings(self) -> list[Standing]:
        """People ranked by the Passen that count (a Passe not played counts 0)."""
        per_passe = []
        for passe, tables in enumerate(self.draws):
            done = [(tables[t], self.results[(passe, t)]) for t in range(len(tables)) if (passe, t) in self.results]
            per_passe.append(passe_points([d for d, _ in done], [r for _, r in done]))
        points = {n: [per_passe[k].get(n) for k in range(len(per_passe))] for n in range(len(self.entries))}
        return standings(points, self.counting)

    # -- events ---------------------------------------------------------------------------

    def _draw_event(self, passe: int, seed: str, by: str | None = None) -> dict[str, Any]:
        # The draw of every Passe comes from the one seed; dropped players' seats go to computers.
        full = draw(len(self.entries), self.passen, seed).passen[passe]
        out = []
        for table in full:
            out.append([None if p is not None and self._dropped_before(p, passe) else p for p in table])
        return {"type": "passe_drawn", "passe": passe, "tables": out, **({"by": by} if by else {})}

    def _dropped_before(self, player: int, passe: int) -> bool:
        actor = self.entries[player]
        return actor in self.dropped and self.dropped[actor] <= passe

    def _emit(self, *events: dict[str, Any]) -> list[dict[str, Any]]:
        for ev in events:
            self._on(ev)
        return list(events)

    def _on(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        if kind == "joined":
            self.entries.append(ev["actor"])
            self.names[ev["actor"]] = ev["name"]
        elif kind == "left":
            self.entries.remove(ev["actor"])
            self.names.pop(ev["actor"], None)
        elif kind == "started":
            self.phase, self.seed = "running", ev["seed"]
        elif kind == "passe_drawn":
            self.draws.append([tuple(t) for t in ev["tables"]])
        elif kind == "table_result":
            self.results[(ev["passe"], ev["table"])] = (ev["points"][0], ev["points"][1])
        elif kind == "dropped":
            self.dropped[ev["actor"]] = ev["from_passe"]
        elif kind == "finished":
            self.phase = "finished"
        elif kind == "cancelled":
            self.phase = "cancelled"
        else:
            raise ValueError(f"unknown tournament event {kind!r}")
        self.seq += 1

    def _expect(self, phase: Phase) -> None:
        if self.phase != phase:
            raise TournamentError("WRONG_PHASE", phase=self.phase, expected=phase)

    def _organiser(self, actor: str, system_too: bool = False) -> None:
        if actor != self.organiser and not (system_too and actor == "system"):
            raise TournamentError("NOT_ORGANISER")


def commitment(seed: str) -> str:
    """The published SHA-256 of a seed: anyone can check the revealed seed, and re-draw."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()
