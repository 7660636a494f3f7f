"""``python -m bot web``: the public pages, ``/healthz`` and ``/metrics`` in a process of their own,
without a Discord connection, on the same database as the bot's processes (PostgreSQL; or the SQLite
file of a bot on the same machine). The pages read what the bot's processes wrote; this process
plays no table, so it serves no live table either (a table is played in the process of its server's
shard). It stops on SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import signal

from bot.config import Settings
from bot.logs import setup_logging
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.services.metrics import Metrics
from bot.storage import Storage, StorageError

from .pages import Pages
from .server import Health, WebServer, metrics_listener, web_options

log = logging.getLogger(__name__)


class WebProcess:
    """The web server's facts in a process without a gateway: the database answers, or not."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.metrics = Metrics()

    async def health(self) -> Health:
        try:
            await self.storage.ping()
            database = True
        except Exception as err:
            log.warning("health: the database did not answer: %s", err)
            database = False
        return Health(database, "none")

    async def metrics_text(self) -> str:
        facts = await self.health()
        return self.metrics.render({"database_up": 1.0 if facts.database else 0.0})


def run_web(settings: Settings) -> int:
    """Serve the pages until SIGINT/SIGTERM (``web.port`` must be set)."""
    setup_logging(settings.log_level, settings.log_file, fmt=settings.log_format)
    if not settings.web_port:
        log.error("python -m bot web needs web.port (JASS_WEB_PORT): the port to serve the pages on")
        return 2

    async def main() -> None:
        storage = await Storage.open(settings.database)
        services = Services.build(storage, ServiceSettings(), settings.computer_level, settings.web_base_url)
        process = WebProcess(storage)
        # No live table here: a table is played in the process of its server's shard.
        server = WebServer(process.health, process.metrics_text, Pages(services.site), measured=process.metrics,
                           **web_options(settings))  # fmt: skip
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        try:
            await server.start(settings.web_bind, settings.web_port, *metrics_listener(settings))
            await stop.wait()
        finally:
            await server.stop()
            await services.close()
            await storage.close()
            log.info("web server stopped")

    try:
        asyncio.run(main())
    except StorageError as err:
        log.error("%s", err)
        return 2
    except OSError as err:
        log.error("cannot serve on %s:%s: %s", settings.web_bind, settings.web_port, err.strerror or err)
        return 3
    return 0
