"""A server's database filled by real games, for the web pages' tests and benchmark.

Every game is played through the real table service (computer players' rules make the people's
decisions too); the statistics service records and rates them as it would on a server. ``fill``
plays Schieber, Coiffeur, Differenzler and Molotow games among a population of people, one
Einzelschieber tournament, then hides one person (privacy) and forgets another.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.ai import computer_command
from bot.game import AddComputer, JoinSeat, StartGame
from bot.services.hub import Services

HOST = "u:1"
#: Real names are hard on layouts: one of 32 letters without a space, one that starts with a
#: right-to-left override (U+202E), which must turn round nothing but itself.
NAMES = ("Anna", "BernadetteZimmermannBürgivomSee1", "\u202eCarla", "Dänu", "Eva", "Fritz", "Gabi", "Hansruedi",
         "Iris", "Jürg", "Käthi", "Luca")  # fmt: skip
#: Short games of each kind (a few hands), the rules the tables are opened with.
RULES: dict[str, dict[str, Any]] = {
    "schieber": {"preset": "tournament", "hands_per_game": 2},
    "coiffeur": {"game": "coiffeur", "coiffeur_tafel": "ten", "weis_enabled": False},
    "differenzler": {"game": "differenzler", "undertrump_when_void": True, "weis_enabled": False,
                     "stoeck_enabled": False, "hands_per_game": 2},
    "molotow": {"game": "molotow", "hands_per_game": 2},
}  # fmt: skip


@dataclass
class Filled:
    guild: int
    people: dict[str, str]  # actor -> name
    tables: dict[str, list[str]] = field(default_factory=dict)  # kind -> table ids
    tournament: str | None = None
    private: str | None = None  # the person who hid themselves
    forgotten: str | None = None  # … and the one forgotten (their name before)
    forgotten_name: str | None = None


def person_name(i: int) -> str:
    return NAMES[i] if i < len(NAMES) else f"Person {i + 1}"


async def play_until_done(services: Services, limit: int = 200_000) -> None:
    """Every person's decision, by the computer player's rules, until no table waits for a person."""
    tables = services.tables
    for _ in range(limit):
        await tables.wait_idle()
        await services.tournaments.wait_idle()
        await tables.wait_idle()
        waiting = [
            t for t in tables._tables.values()
            if t.phase in ("predict", "contract", "play") and t.to_act is not None
            and (t.actor_for(t.to_act) or "").startswith("u:")
        ]  # fmt: skip
        if not waiting:
            return
        for t in waiting:
            for seat in t.waiting_on or (t.to_act,):
                if (t.actor_for(seat) or "").startswith("u:"):
                    await tables.execute(t.table_id, computer_command(t, "people", seat=seat))
    raise RuntimeError("the tables did not finish")


async def play_game(services: Services, guild: int, kind: str, people: list[str | None], names: dict[str, str],
                    seed: str) -> str:  # fmt: skip
    """A game of ``kind`` at a new table of the server (None in ``people``: a computer seat)."""
    table = await services.tables.create_table(HOST, RULES[kind], guild_id=guild, limits=False)
    tid = table.table_id
    for seat, actor in enumerate(people):
        if actor is None:
            await services.tables.execute(tid, AddComputer(HOST, seat=seat, level="random"))
        else:
            await services.tables.execute(tid, JoinSeat(actor, name=names[actor], seat=seat))
    await services.tables.execute(tid, StartGame(HOST, seed=seed))
    await play_until_done(services)
    return tid


async def fill(services: Services, guild: int, people: int = 8, games: dict[str, int] | None = None,
               tournament: bool = True, seed: int = 1, private: bool = True,
               forgotten: bool = True) -> Filled:  # fmt: skip
    """Real games on server ``guild``: ``games`` per kind among ``people`` people, a tournament of
    eight of them, one person hidden and one forgotten (the last two of the population)."""
    games = games if games is not None else {"schieber": 6, "coiffeur": 1, "differenzler": 2, "molotow": 2}
    rng = random.Random(seed)
    actors = {f"u:{1000 + i}": person_name(i) for i in range(people)}
    population = list(actors)
    out = Filled(guild, actors)
    for kind, n in games.items():
        for g in range(n):
            seats: list[str | None] = list(rng.sample(population, 4))
            if g % 3 == 2:
                seats[rng.randrange(4)] = None  # now and then a computer in a seat
            tid = await play_game(services, guild, kind, seats, actors, f"{kind}-{seed}-{g}")
            out.tables.setdefault(kind, []).append(tid)
    if tournament:
        t = await services.tournaments.create(HOST, "Herbstturnier", 2, 2, guild_id=guild, level="random")
        for actor in population[:8]:
            await services.tournaments.join(t.tournament_id, actor, actors[actor])
        await services.tournaments.start(t.tournament_id, HOST)
        await play_until_done(services)
        out.tournament = t.tournament_id
    await services.stats.wait_idle()
    if private:
        out.private = population[-2]
        await services.stats.set_hidden(guild, out.private, True)
    if forgotten:
        out.forgotten = population[-1]
        out.forgotten_name = actors[out.forgotten]
        await services.stats.forget(guild, out.forgotten)
    return out
