"""Every service of one bot process, built once at start-up and handed to the bot.

``python -m bot run`` opens the database, builds :class:`Services` on it and hands them to the
Discord bot (as discord.py's ``advanced_startup.py`` example hands over its database pool); the
cogs then reach the services only through their methods.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage import Storage

from .challenges import ChallengeService
from .live import LiveLinks
from .stats import StatsService
from .tables import ServiceSettings, TableService
from .tournaments import TournamentService
from .web import SiteService


@dataclass(frozen=True)
class Services:
    storage: Storage
    tables: TableService
    tournaments: TournamentService
    challenges: ChallengeService
    stats: StatsService
    site: SiteService  # the servers' public web pages
    live: LiveLinks  # links to a seat at the live table in the browser

    @classmethod
    def build(cls, storage: Storage, settings: ServiceSettings, computer_level: str = "club",
              base_url: str = "") -> Services:  # fmt: skip
        """The services of one process on one database (tournament tables get ``computer_level``;
        ``base_url``: where people reach the web pages, for links)."""
        tables = TableService(storage, settings)
        tournaments = TournamentService(storage, tables, level=computer_level)
        stats = StatsService(storage, tables)
        challenges = ChallengeService(storage, tables)
        stats.on_forget += [tournaments.reread, challenges.reread]  # forgetting rewrote their logs
        site = SiteService(storage, tables, stats, challenges, base_url)
        return cls(storage, tables, tournaments, challenges, stats, site, LiveLinks(storage, tables, base_url))

    async def close(self) -> None:
        """Stop the tables' work (computer players, timers); the database stays open (its opener closes it)."""
        await self.tables.close()
