"""The servers' public pages (``bot/web``) read through here: a server's leaderboards, tournaments,
people and finished games, only where its admins switched the pages on, and never anyone who chose
privacy (hidden from the leaderboards) or was forgotten.

What a page shows is what the spectators saw: finished games only, public events only. A person's
page address is keyed by the server's secret (``person_key``): it cannot be derived from a Discord id.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

from bot.game import TableView
from bot.game.events import hands_over
from bot.rules.kinds import KINDS, find_kind
from bot.stats.ratings import Rating, rating_key
from bot.stats.records import GameRecord, PersonStats, is_person, person_stats
from bot.storage import Storage
from bot.storage.web import Site
from bot.tournament.aggregate import Tournament

from .challenges import ChallengeService
from .replays import NotReplayable, Replays, ReplayStep, step_indexes
from .stats import Row, StatsService
from .tables import TableService

#: Games listed on a server's front page and on a person's page.
RECENT = 30


def _seats_scored(events: list[Any], game: int) -> dict[int, tuple[str | None, tuple[int, ...]]]:
    """Per hand of ``game`` in a game of individuals: its trump and what each seat wrote."""
    out: dict[int, tuple[str | None, tuple[int, ...]]] = {}
    current = 0
    for ev in events:
        if ev["type"] == "game_started":
            current = ev["game"]
        elif ev["type"] == "seats_scored" and current == game:
            out[ev["hand"]] = (ev.get("trump") or None, tuple(ev.get("penalties", ())))
    return out


class NotFound(LookupError):
    """No such page (or not public): the web server answers 404."""


def person_key(secret: str, actor: str) -> str:
    """The address part of a person's page: keyed by the server's secret, not derivable from the id.

    >>> person_key("s3cret", "u:42") == person_key("s3cret", "u:42") != person_key("other", "u:42")
    True
    >>> len(person_key("s3cret", "u:42"))
    16
    """
    return hmac.new(secret.encode(), actor.encode(), hashlib.sha256).hexdigest()[:16]


@dataclass(frozen=True)
class GameLine:
    """One finished game as listed: where it was played, who sat where (masked), how it ended."""

    table_id: str
    game: int
    finished_at: str
    game_kind: str
    names: tuple[str, ...]
    keys: tuple[str | None, ...]  # per seat: the person's page key (None: a computer, hidden or forgotten)
    totals: tuple[int, ...]
    winner: int | None
    ranking: tuple[int, ...]
    rated: bool


@dataclass(frozen=True)
class PersonPage:
    name: str
    key: str
    ratings: dict[str, Rating]  # game kind -> this season's rating
    stats: dict[str, PersonStats]  # game kind -> all-time numbers (kinds played only)
    games: list[GameLine]
    tournaments: tuple[int, int, int]  # tournaments, Passen, points


@dataclass(frozen=True)
class HandLine:
    hand: int
    steps: int
    contract: str | None
    written: tuple[int, ...]


@dataclass(frozen=True)
class GamePage:
    line: GameLine
    hands: list[HandLine]


@dataclass(frozen=True)
class TournamentPage:
    tournament: Tournament  # names of hidden people masked
    tables: dict[tuple[int, int], str]  # (Passe, table) -> table id (its replay)
    keys: dict[str, str] = field(default_factory=dict)  # actor -> page key of the people shown


@dataclass
class _Cache:
    stamp: tuple[int, str]
    records: list[tuple[str, GameRecord]]  # (finished at, record), in the order the games ended
    sealed: bool  # tries of a running challenge were left out (read again until it closes)
    people: dict[str, str] = field(default_factory=dict)  # page key -> the person (of these games)


class SiteService:
    """Reads for the public pages; every method takes the server's :class:`Site` (on)."""

    def __init__(self, storage: Storage, tables: TableService, stats: StatsService, challenges: ChallengeService,
                 base_url: str = "") -> None:  # fmt: skip
        self._store = storage.web
        self._challenges = challenges
        self._stats_store = storage.stats
        self._tournament_store = storage.tournaments
        self._tables = tables
        self._stats = stats
        self._replays = Replays(tables)
        self.base_url = base_url.rstrip("/")
        self._cache: dict[int, _Cache] = {}

    # -- switching and addresses ------------------------------------------------------------

    async def switch(self, guild_id: int, on: bool) -> Site:
        """``/jass settings web:on`` (or off): the server's pages and their slug."""
        return await self._store.switch(guild_id, on)

    async def site(self, slug: str) -> Site:
        """The server whose pages live under ``slug`` (NotFound: none, or switched off)."""
        site = await self._store.by_slug(slug) if 8 <= len(slug) <= 64 else None
        if site is None or not site.enabled:
            raise NotFound(slug)
        return site

    async def url(self, guild_id: int | None, path: str = "") -> str | None:
        """The absolute address of a page of the server (None: no base URL, or the pages are off)."""
        if guild_id is None or not self.base_url:
            return None
        site = await self._store.site(guild_id)
        if site is None or not site.enabled:
            return None
        return f"{self.base_url}/s/{site.slug}/{path}"

    async def leaderboard_url(self, guild_id: int | None, game_kind: str, season: int) -> str | None:
        return await self.url(guild_id, f"leaderboard/{game_kind}?season={season}")

    async def tournament_url(self, guild_id: int | None, tournament_id: str) -> str | None:
        return await self.url(guild_id, f"t/{tournament_id}")

    async def person_url(self, guild_id: int | None, actor: str) -> str | None:
        """A person's page (None for someone hidden from the leaderboards, or without games)."""
        if guild_id is None or actor in await self._stats_store.hidden(guild_id) or not is_person(actor):
            return None
        site = await self._store.site(guild_id)
        if site is None or await self.person_of(site, person_key(site.secret, actor)) != actor:
            return None
        return await self.url(guild_id, f"p/{person_key(site.secret, actor)}")

    async def replay_url(self, guild_id: int | None, table_id: str, game: int, hand: int, step: int) -> str | None:
        """A replay step's page: only once the game is over (a running game's hands are not public)."""
        if guild_id is None or game not in await self._store.games_of_table(guild_id, table_id):
            return None
        if await self._challenges.sealed(table_id):
            return None
        return await self.url(guild_id, f"g/{table_id}/{game}/{hand}/{step}")

    # -- what everyone may see --------------------------------------------------------------

    async def hidden(self, site: Site) -> set[str]:
        return await self._stats_store.hidden(site.guild_id)

    async def records(self, site: Site) -> list[tuple[str, GameRecord]]:
        """The server's finished games (kept until another one is recorded), without the tries of a
        challenge still running (their deals are secret until it closes)."""
        stamp = await self._store.games_stamp(site.guild_id)
        cached = self._cache.get(site.guild_id)
        if cached is None or cached.stamp != stamp or cached.sealed:
            rows = await self._stats_store.games(site.guild_id)
            records = [(str(d["finished_at"]), GameRecord.from_dict(d)) for d in rows]
            tries = {r.table_id for _, r in records if r.kind == "challenge"}
            sealed = {table_id for table_id in tries if await self._challenges.sealed(table_id)}
            kept = [(at, r) for at, r in records if r.table_id not in sealed]
            people = {person_key(site.secret, a): a for _, r in kept for _, a in r.people()}
            cached = _Cache(stamp, kept, bool(sealed), people)
            self._cache[site.guild_id] = cached
        return cached.records

    async def person_of(self, site: Site, key: str) -> str | None:
        """The person whose page key ``key`` is (None: nobody who played a game here)."""
        await self.records(site)
        return self._cache[site.guild_id].people.get(key)

    def line(self, site: Site, finished_at: str, r: GameRecord, hidden: set[str], private: str) -> GameLine:
        names, keys = [], []
        for s in r.seats:
            shown = s.actor is None or (is_person(s.actor) and s.actor not in hidden)
            names.append(s.name if shown else private)
            keys.append(person_key(site.secret, s.actor) if shown and s.actor is not None else None)
        return GameLine(r.table_id, r.game, finished_at, r.game_kind, tuple(names), tuple(keys), tuple(r.totals),
                        r.winner, tuple(r.ranking), r.rated)  # fmt: skip

    async def recent(self, site: Site, private: str, limit: int = RECENT) -> list[GameLine]:
        hidden = await self.hidden(site)
        return [self.line(site, at, r, hidden, private) for at, r in reversed((await self.records(site))[-limit:])]

    async def leaderboard(self, site: Site, game_kind: str, season: int | None = None
                          ) -> tuple[int, dict[int, str], list[Row], dict[str, str]]:  # fmt: skip
        """(season, every season, the kind's rating board, actor -> page key)."""
        if game_kind not in KINDS:
            raise NotFound(game_kind)
        seasons = await self._stats.seasons(site.guild_id)
        current, _ = await self._stats.season(site.guild_id)
        season = current if season is None else season
        if season not in seasons and season != current:
            raise NotFound(str(season))
        rows = await self._stats.leaderboard(site.guild_id, season, find_kind(game_kind).leaderboard)
        return season, seasons or {current: ""}, rows, {r.actor: person_key(site.secret, r.actor) for r in rows}

    async def person(self, site: Site, key: str, private: str) -> PersonPage:
        records = await self.records(site)
        hidden = await self.hidden(site)
        actor = await self.person_of(site, key)
        if actor is None or actor in hidden:
            raise NotFound(key)
        season, _ = await self._stats.season(site.guild_id)
        ratings: dict[str, Rating] = {}
        wanted = {rating_key(actor, kind): kind for kind in KINDS}
        for stored, _, mu, sigma, games, history in await self._stats_store.ratings(site.guild_id, season):
            if stored in wanted:
                ratings[wanted[stored]] = Rating(mu, sigma, games, list(history))
        stats: dict[str, PersonStats] = {}
        for kind in KINDS:
            mine = [r for _, r in records if r.game_kind == kind]
            s = person_stats(mine, actor)
            if s.games:
                stats[kind] = s
        played = [(at, r) for at, r in records if any(a == actor for _, a in r.people())]
        lines = [self.line(site, at, r, hidden, private) for at, r in reversed(played[-RECENT:])]
        name = next((s.name for s in stats.values() if s.name), "?")
        tours = await self._stats.tournament_results(site.guild_id, actor)
        return PersonPage(name, key, ratings, stats, lines, tours)

    async def tournaments(self, site: Site, private: str) -> list[Tournament]:
        return [(await self.tournament(site, tid, private)).tournament for tid in await self._store.tournament_ids(
            site.guild_id)]  # fmt: skip

    async def tournament(self, site: Site, tournament_id: str, private: str) -> TournamentPage:
        """A tournament of the server, live while it runs (names of hidden people masked). Read from
        the database each time: another process (its server's shard) may be running it."""
        if await self._tournament_store.guild_of(tournament_id) != site.guild_id:
            raise NotFound(tournament_id)
        events = await self._tournament_store.load(tournament_id)
        if not events or events[0]["type"] != "tournament_created":
            raise NotFound(tournament_id)
        t = Tournament.replay(events)
        hidden = await self.hidden(site)
        names = {a: (private if a in hidden else n) for a, n in t.names.items()}  # the forgotten: "Anonym"
        masked = dataclasses.replace(t, names=names)
        keys = {a: person_key(site.secret, a) for a in t.names if a not in hidden and is_person(a)}
        return TournamentPage(masked, await self._tournament_store.tables(tournament_id), keys)

    async def game(self, site: Site, table_id: str, game: int, private: str) -> GamePage:
        """A finished game of the server and its hands."""
        found = next(((at, r) for at, r in await self.records(site) if r.table_id == table_id and r.game == game),
                     None)  # fmt: skip
        if found is None:
            raise NotFound(f"{table_id}/{game}")
        line = self.line(site, *found, await self.hidden(site), private)
        events = await self._tables.events(table_id)
        scored, _ = hands_over(events)
        hands = []
        record = found[1]
        seats_scored = _seats_scored(events, game)  # the kinds of individuals: trump and points per seat
        for g, hand, _ in scored:
            if g != game:
                continue
            contract = record.hands[hand - 1].contract if hand - 1 < len(record.hands) else None
            written = tuple(record.hands[hand - 1].written) if hand - 1 < len(record.hands) else ()
            if hand in seats_scored and not written:
                contract, written = seats_scored[hand]
            hands.append(HandLine(hand, len(step_indexes(events, game, hand)) - 1, contract, written))
        return GamePage(line, hands)

    async def replay(self, site: Site, table_id: str, game: int, hand: int, step: int,
                     private: str) -> tuple[GamePage, ReplayStep]:  # fmt: skip
        """One step of a finished hand as the spectators saw it (names of hidden people masked)."""
        page = await self.game(site, table_id, game, private)
        try:
            shown = await self._replays.step(table_id, "", site.guild_id, game, hand, step)
        except NotReplayable as err:
            raise NotFound(err.code) from err
        seats = tuple(dataclasses.replace(s, name=page.line.names[i]) for i, s in enumerate(shown.view.seats))
        view: TableView = dataclasses.replace(shown.view, seats=seats)
        return page, dataclasses.replace(shown, view=view)

    async def language(self, site: Site) -> str:
        """The server's language (its ``/jass settings language``), German if it has none."""
        return str((await self._tables.server_settings(site.guild_id)).get("language") or "de")
