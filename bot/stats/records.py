"""What a finished game was, read from a table's event log (the source of truth).

``game_records(events)`` turns a table's log into one :class:`GameRecord` per finished game:
who sat where (people by actor, computers by level), how much of a person's cards a stand-in
played, the teams' totals and the winner, and per hand the contract, the chooser, Schieben,
card points, Matches, Weis and Stöck. A game abandoned half-way gives no record. Pure: the
statistics and the ratings are computed from these records and can always be rebuilt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.rules.kinds import find_kind

ANONYMOUS = "anon:"  # the prefix of a forgotten person's seat: kept for the others' games, never rated or listed
HALF = 157 / 2  # the chooser's team "made it" with more than half of the 157 card points


@dataclass
class SeatRecord:
    actor: str | None  # a person ("u:…"), a forgotten person ("anon:…"); None: a computer player
    name: str
    level: str | None = None  # a computer's level
    cards: int = 0  # cards played from this seat
    standin_cards: int = 0  # of them, played by a stand-in computer
    weis: int = 0  # Weis points this seat scored (after the multiplier)
    stoeck: int = 0  # Stöck points this seat scored
    # Games of individuals: hands played, what they wrote (Differenzler: penalty points; Molotow:
    # hand scores), exact predictions (Differenzler).
    hands: int = 0
    penalty: int = 0
    exact: int = 0


@dataclass
class HandRecord:
    contract: str
    chooser: int  # the seat that chose the contract
    forehand: int
    geschoben: bool
    written: list[int]
    card_points: list[int]
    match_team: int | None


@dataclass
class GameRecord:
    table_id: str
    game: int
    seats: list[SeatRecord]
    totals: list[int]
    winner: int | None  # None: a draw (a fixed-length game with equal totals)
    hands: list[HandRecord] = field(default_factory=list)
    kind: str = "table"  # "table", "tournament" or "challenge" (set by the caller that knows)
    game_kind: str = "schieber"  # the game played: "schieber", "coiffeur", "differenzler" or "molotow" (rated apart)
    ranking: list[int] = field(default_factory=list)  # games of individuals: seats, best first
    rated: bool = True  # false: a friendly table's game, or a hint was used (statistics only)

    @property
    def individual(self) -> bool:
        """Everyone plays for themselves (Differenzler, Molotow): ``totals`` and ``winner`` are per seat."""
        return find_kind(self.game_kind).individual

    def team_of(self, seat: int) -> int:
        """The seat's side: its team (seats 0 and 2, 1 and 3), or the seat itself in a game of individuals."""
        return find_kind(self.game_kind).side_of(seat)

    def people(self) -> list[tuple[int, str]]:
        """(seat, actor) of the people at the table (a forgotten person is no longer one)."""
        return [(i, s.actor) for i, s in enumerate(self.seats) if s.actor is not None and is_person(s.actor)]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        return cls(
            data["table_id"], data["game"], [SeatRecord(**s) for s in data["seats"]], list(data["totals"]),
            data["winner"], [HandRecord(**h) for h in data["hands"]], data.get("kind", "table"),
            data.get("game_kind", "schieber"), list(data.get("ranking", ())), bool(data.get("rated", True)),
        )  # fmt: skip


def is_person(actor: str | None) -> bool:
    """A person who can be rated and listed: not a computer, not a forgotten person."""
    return actor is not None and not actor.startswith(ANONYMOUS)


def game_records(table_id: str, events: Iterable[Mapping[str, Any]]) -> list[GameRecord]:
    """Every finished game of a table's log, in order (abandoned games give none)."""
    out: list[GameRecord] = []
    seats: list[SeatRecord] = [SeatRecord(None, "") for _ in range(4)]
    standin = [False] * 4
    current: GameRecord | None = None
    hand: dict[str, Any] = {}
    game_kind = "schieber"
    rated = True
    for ev in events:
        kind = ev["type"]
        if kind == "table_created":
            game_kind = str(ev.get("rules", {}).get("game", "schieber"))
            rated = bool(ev.get("rated", True))
        elif kind == "seat_taken":
            seats[ev["seat"]] = SeatRecord(ev["actor"], ev["name"])
        elif kind == "computer_added":
            seats[ev["seat"]] = SeatRecord(None, ev["name"], ev["level"])
        elif kind in ("seat_left", "computer_removed"):
            seats[ev["seat"]] = SeatRecord(None, "")
        elif kind == "game_started":
            fresh = [SeatRecord(s.actor, s.name, s.level) for s in seats]
            kind_played = str(ev.get("kind", game_kind))
            totals = [0] * find_kind(kind_played).sides
            current = GameRecord(table_id, ev["game"], fresh, totals, None, game_kind=kind_played, rated=rated)
        elif current is None:
            continue
        elif kind == "hand_dealt":
            hand = {"forehand": ev["forehand"], "geschoben": False, "contract": "", "chooser": ev["forehand"]}
        elif kind == "schieben":
            hand["geschoben"] = True
        elif kind == "contract":
            hand["contract"], hand["chooser"] = ev["contract"], ev["seat"]
        elif kind == "hint":
            current.rated = False  # a hint was used: this game is rated for nobody
        elif kind == "standin_on":
            standin[ev["seat"]] = True
        elif kind == "standin_off":
            standin[ev["seat"]] = False
        elif kind == "card":
            current.seats[ev["seat"]].cards += 1
            current.seats[ev["seat"]].standin_cards += int(standin[ev["seat"]])
        elif kind == "weis_scored" and ev.get("seat") is not None:
            current.seats[ev["seat"]].weis += ev["points"]
        elif kind == "stoeck":
            current.seats[ev["seat"]].stoeck += ev["points"]
        elif kind == "hand_scored":
            current.hands.append(HandRecord(
                hand.get("contract") or ev["contract"], hand.get("chooser", 0), hand.get("forehand", 0),
                bool(hand.get("geschoben")), list(ev["written"]), list(ev["card_points"]), ev["match_team"],
            ))  # fmt: skip
        elif kind == "seats_scored":
            for seat, s in enumerate(current.seats):
                s.hands += 1
                s.penalty += ev["penalties"][seat]
                if "predictions" in ev:  # Differenzler (Molotow has none)
                    s.exact += int(ev["predictions"][seat] == ev["points"][seat])
        elif kind == "game_over":
            current.totals, current.winner = list(ev["totals"]), ev["winner"]
            current.ranking = list(ev.get("ranking", ()))
            out.append(current)
            current = None
        elif kind == "abandoned":
            current = None
    return out


@dataclass
class PersonStats:
    """A person's numbers over a set of games."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    hands: int = 0
    written: int = 0  # their team's written points
    card_points: int = 0  # their team's card points
    matches_made: int = 0
    matches_suffered: int = 0
    chosen: dict[str, int] = field(default_factory=dict)  # contract -> times they chose it
    chosen_made: dict[str, int] = field(default_factory=dict)  # … and their team made more than half
    forehands: int = 0
    schieben: int = 0
    weis: int = 0
    stoeck: int = 0
    penalty: int = 0  # games of individuals: penalty points
    exact: int = 0  # … and exact predictions
    name: str = ""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def per_hand(self, value: int) -> float:
        return value / self.hands if self.hands else 0.0

    @property
    def schieben_rate(self) -> float:
        return self.schieben / self.forehands if self.forehands else 0.0


def person_stats(records: Iterable[GameRecord], actor: str) -> PersonStats:
    """``actor``'s statistics over ``records`` (games they did not sit in are skipped)."""
    out = PersonStats()
    for record in records:
        for seat, who in record.people():
            if who != actor:
                continue
            team = record.team_of(seat)
            out.name = record.seats[seat].name or out.name
            out.games += 1
            out.wins += int(record.winner == team)
            out.draws += int(record.winner is None)
            out.weis += record.seats[seat].weis
            out.stoeck += record.seats[seat].stoeck
            if find_kind(record.game_kind).individual:
                out.hands += record.seats[seat].hands
                out.penalty += record.seats[seat].penalty
                out.exact += record.seats[seat].exact
                continue
            for h in record.hands:
                out.hands += 1
                out.written += h.written[team]
                out.card_points += h.card_points[team]
                out.matches_made += int(h.match_team == team)
                out.matches_suffered += int(h.match_team is not None and h.match_team != team)
                if h.forehand == seat:
                    out.forehands += 1
                    out.schieben += int(h.geschoben)
                if h.chooser == seat and h.contract:
                    out.chosen[h.contract] = out.chosen.get(h.contract, 0) + 1
                    made = h.card_points[team] > HALF
                    out.chosen_made[h.contract] = out.chosen_made.get(h.contract, 0) + int(made)
    return out
