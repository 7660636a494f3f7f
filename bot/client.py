"""The discord.py bot: storage, table service and cogs wired together (docs/architecture.md §2, §9)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
import time
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from jinja2 import Environment

from bot import health
from bot.collector import Collector
from bot.config import Settings, client_secret_from_env
from bot.game import TableSnapshot
from bot.logs import redact, setup_logging
from bot.render.fonts import missing as pictures_lack
from bot.services import ServiceSettings, TableService
from bot.services.challenges import ChallengeService
from bot.services.hub import Services
from bot.services.live import LiveLinks
from bot.services.metrics import RateLimitLog
from bot.services.peers import Peers
from bot.services.shards import ALL, ShardClaim, Shards, ShardsTaken
from bot.services.stats import StatsService
from bot.services.tournaments import TournamentService
from bot.services.web import SiteService
from bot.storage import Storage, StorageError
from bot.texts import COMMAND_TEXTS, language_of, message
from bot.web.activity import Activity
from bot.web.forward import Forwarder
from bot.web.live import MAX_FRAME, SEND_TIMEOUT, LiveTables
from bot.web.pages import Pages
from bot.web.server import Health, WebServer, metrics_listener, web_options
from cogs.emojis import CardEmojis
from cogs.entry_point import JassTree
from cogs.table_messages import TableMessages

log = logging.getLogger(__name__)

#: The cogs, peers that talk through the services: cogs.jass owns /jass, the next three add to it.
EXTENSIONS = ("cogs.rules", "cogs.jass", "cogs.history", "cogs.settings", "cogs.ranking", "cogs.tournament",
              "cogs.challenge")  # fmt: skip


class JassTranslator(app_commands.Translator):
    """Gives slash commands their German names and descriptions."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        key = string.extras.get("key")
        if not key or key not in COMMAND_TEXTS:
            return None
        if str(locale).startswith("de"):
            return COMMAND_TEXTS[key]["de"]
        return None


def service_settings(settings: Settings, shards: Shards = ALL) -> ServiceSettings:
    """The table service's settings from the bot's."""
    return ServiceSettings(
        ai_delay=settings.computer_delay_seconds,
        ai_workers=settings.computer_workers,
        hand_pause=settings.hand_pause_seconds,
        turn_timeout=settings.turn_timer_seconds or None,
        tables_per_channel=settings.tables_per_channel,
        tables_per_user=settings.tables_per_user,
        shards=shards,
    )


async def open_services(settings: Settings, storage: Storage | None = None, shards: Shards = ALL) -> Services:
    """Open the database (unless given) and build every service on it, once."""
    if storage is None:
        storage = await Storage.open(settings.database)
    return Services.build(storage, service_settings(settings, shards), settings.computer_level, settings.web_base_url)


class JassBot(commands.AutoShardedBot):
    """One process, many servers.  Tables live in the table service, not in the cogs.

    The services are built before the bot and handed to it (``run_bot`` does); a bot built
    without them (tests, tools) opens the database and builds them itself in ``setup_hook``.
    """

    def __init__(self, settings: Settings, services: Services | None = None, *, storage: Storage | None = None,
                 shards: Shards = ALL, claim: ShardClaim | None = None) -> None:  # fmt: skip
        intents = discord.Intents.none()
        intents.guilds = True
        intents.members = settings.members_intent == "on"  # privileged: a member leaving is seen
        quiet_voice()
        sharding: dict[str, Any] = {}
        if shards.ids is not None:  # several processes: this one connects a slice of the shards
            sharding = {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=JassTree, **sharding)  # fmt: skip
        self.settings = settings
        self.shard_slice = shards  # (discord.py's own .shards are the connected shards)
        self.claim = claim  # this process's claim on its shards in the database (renewed by the ticker)
        self.open_tables_at_close = 0  # for the last line of the log
        self._rate_limit_log: RateLimitLog | None = None  # counts Discord's 429s (``/metrics``)
        self.services = services
        self._storage = storage if services is None else services.storage  # opened by setup_hook if None
        self._ticker: asyncio.Task[None] | None = None  # starts tournaments, closes challenges on time
        self.restored: list[str] = []  # tables restored at start-up (their messages are brought up to date)
        self.collector = Collector()  # the garbage collector's policy (bot/collector.py)
        self._sweeper: asyncio.Task[None] | None = None
        self._activity: Activity | None = None  # the Discord Activity (when the web server runs)
        self._table_messages: TableMessages | None = None  # the tables' public messages (setup_hook)

    # -- the services (built once; the cogs use them through their methods) ------------------

    def _built(self) -> Services:
        if self.services is None:
            raise RuntimeError("the bot's services are built before its cogs load (setup_hook)")
        return self.services

    @property
    def storage(self) -> Storage | None:
        """The database (``None`` once closed)."""
        return self._storage

    @property
    def service(self) -> TableService:
        return self._built().tables

    @property
    def tournaments(self) -> TournamentService:
        return self._built().tournaments

    @property
    def challenges(self) -> ChallengeService:
        return self._built().challenges

    @property
    def stats(self) -> StatsService:
        return self._built().stats

    def web_activity(self, env: Environment) -> Activity:
        """The Discord Activity's page and sign-in (``DISCORD_CLIENT_SECRET`` from the environment)."""
        services = self._built()
        if self._activity is None:
            self._activity = Activity(services.tables, services.live, env, lambda: self.application_id,
                                      client_secret_from_env(), bot_token=lambda: self.http.token,
                                      open_table=self.open_from_activity)  # fmt: skip
            why = self._activity.why_off()
            if why is not None:
                log.info("the Discord Activity is off: %s; 'Spielen am Tisch' gives seat links instead", why)
        return self._activity

    async def open_from_activity(self, guild_id: int, channel_id: int, actor: str, name: str,
                                 lang: str) -> TableSnapshot | str:  # fmt: skip
        """A table opened from the Activity in a channel without one (the tables cog does it)."""
        tables = self.get_cog("Jass")
        if tables is None:
            return message("err.not_saved", lang)
        opened: TableSnapshot | str = await tables.open_for_activity(guild_id, channel_id, actor, name, lang)  # type: ignore[attr-defined]
        return opened

    @property
    def activity_ready(self) -> bool:
        """The table message's button may launch the Activity (else it gives the seat's link)."""
        return self._activity is not None and self._activity.ready

    @property
    def live(self) -> LiveLinks:
        """Links to a seat at the live table in the browser (the hand message's link button)."""
        return self._built().live

    @property
    def table_messages(self) -> TableMessages:
        """The tables' public messages and their pictures, which every cog posts through."""
        if self._table_messages is None:
            raise RuntimeError("the bot is not set up yet (setup_hook makes its table messages)")
        return self._table_messages

    @property
    def site(self) -> SiteService:
        """The servers' public web pages (their addresses, for the link buttons)."""
        return self._built().site

    async def setup_hook(self) -> None:
        s = self.settings
        if self.services is None:
            self.services = await open_services(s, self._storage, self.shard_slice)
            self._storage = self.services.storage
        self._count_requests()
        self.restored = await self.service.restore()
        log.info("restored %d open tables", len(self.restored))
        for lacking in pictures_lack():
            log.warning("pictures: %s", lacking)
        # After an upgrade that changed the ratings: rebuilt once (in the process of shard 0).
        rebuilt = await self.stats.rebuild_if_pending() if self.shard_slice.first else None
        if rebuilt is not None:
            log.info("statistics rebuilt after the upgrade: %d games, %d ratings", rebuilt["games"], rebuilt["people"])
        # Games finished before statistics existed (once; in the process of shard 0).
        backfilled = await self.stats.backfill() if self.shard_slice.first else 0
        if backfilled:
            log.info("statistics: %d finished games counted", backfilled)
        self.tree.error(self.on_app_command_error)
        await self.tree.set_translator(JassTranslator())
        self._table_messages = TableMessages(self, self.service, CardEmojis())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        restored = await self.tournaments.restore()  # the cogs listen: a Passe opened now gets its threads
        log.info("restored %d open tournaments", len(restored))
        restored = await self.challenges.restore()
        log.info("restored %d open challenges", len(restored))
        self._ticker = asyncio.create_task(self._tick())
        if s.dev_guild_ids:
            for guild_id in s.dev_guild_ids:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            log.info("commands synced to %d development servers", len(s.dev_guild_ids))
        else:
            await self.tree.sync()
            log.info("commands synced globally")
        # Everything loaded so far lives as long as the process: keep it out of the cyclic
        # collector's full passes, which would otherwise pause every table while they run; the
        # survivors of each later full pass are kept out too, and swept now and then.
        self.collector.install()
        self._sweeper = asyncio.create_task(self.collector.run())

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """An unexpected failure of a slash command: logged, and the user told privately."""
        log.error(
            "command %s failed",
            getattr(interaction.command, "qualified_name", "?"),
            exc_info=getattr(error, "original", error),
        )
        text = message("err.unexpected", language_of(str(interaction.locale), self.settings.language))
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as err:
            log.warning("could not tell the user about the failure: %s", err)

    async def _tick(self, every: float = 30.0) -> None:
        """Start tournaments at their start time, close challenges at their deadline; every ten
        minutes, log the computer players' wait for a worker."""
        ticks = 0
        while True:
            ticks += 1
            if self.claim is not None:
                try:
                    if not await self.claim.renew():
                        log.error("another bot process took over this process's shards: stopping")
                        await self.close()
                        return
                except Exception:
                    log.exception("the shards' claim was not renewed")
            if self.services is not None and ticks % max(1, int(600 / every)) == 0:
                w = self.service.thinkers.wait_stats()
                if w["decisions"]:
                    log.info("computer players: %d searching decisions, wait for a worker p50 %.2f s, p99 %.2f s, "
                             "%d queued now", w["decisions"], w["p50"], w["p99"], w["queued"])  # fmt: skip
            for service in (self.tournaments, self.challenges):
                try:
                    await service.tick()
                except Exception:
                    log.exception("the scheduled step of %s failed", type(service).__name__)
            await self._heartbeat()
            await asyncio.sleep(every)

    def _count_requests(self) -> None:
        """Every request of the bot token and every 429 from Discord counted (``/metrics``)."""
        metrics = self.service.metrics
        http = self.http

        async def request(route: Any, **kwargs: Any) -> Any:
            metrics.request(f"{route.method} {route.path}")
            return await type(http).request(http, route, **kwargs)  # the class's, looked up now

        http.request = request  # type: ignore[method-assign]
        if self._rate_limit_log is None:
            self._rate_limit_log = RateLimitLog(metrics)
            logging.getLogger("discord.http").addHandler(self._rate_limit_log)

    async def health(self) -> Health:
        """Whether the database answers now, and the gateway's state (``/healthz``, the heartbeat)."""
        database = False
        if self._storage is not None:
            try:
                await self._storage.ping()
                database = True
            except Exception as err:
                log.warning("health: the database did not answer: %s", err)
        gateway = "closed" if self.is_closed() else "connected" if self.is_ready() else "connecting"
        return Health(database, gateway)

    async def metrics_text(self) -> str:
        """``/metrics``: the table service's counters, and the gauges read now."""
        if self.services is None:
            return ""
        facts = await self.health()  # the database asked now (a ping)
        latency = self.latency
        gauges = {
            "open_tables": float(self.service.open_count()),
            "computer_queue": float(self.service.thinkers.wait_stats()["queued"]),
            "gateway_up": 1.0 if facts.gateway == "connected" else 0.0,
            "gateway_latency_seconds": latency if latency == latency and latency != float("inf") else 0.0,
            "guilds": float(len(self.guilds)),
            "shards": float(len(self.shards)) if self.shards else float(self.shard_count or 1),
            "database_up": 1.0 if facts.database else 0.0,
        }
        return self.service.metrics.render(gauges)

    async def _heartbeat(self) -> None:
        """What Docker's health check reads (bot/health.py): the database answers, the gateway is up."""
        facts = await self.health()
        try:
            health.write(health.default_path(), database=facts.database, gateway=facts.gateway, now=time.time())
        except OSError as err:
            log.warning("health: the heartbeat was not written: %s", err)

    async def close(self) -> None:
        if self._ticker is not None and self._ticker is not asyncio.current_task():
            self._ticker.cancel()
        self._ticker = None
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        self.collector.uninstall()
        if self._rate_limit_log is not None:
            logging.getLogger("discord.http").removeHandler(self._rate_limit_log)
            self._rate_limit_log = None
        gc.unfreeze()  # (a process that goes on, such as a test run, collects them again)
        if self.services is not None:
            self.open_tables_at_close = self.service.open_count()
            await self.services.close()
        await super().close()
        if self._table_messages is not None:
            await self._table_messages.close()
        if self._storage is not None:
            if self.claim is not None:
                try:
                    await self.claim.release()
                except Exception as err:  # it runs out by itself
                    log.warning("the shards' claim was not released: %s", err)
            await self._storage.close()
            self._storage = None


def quiet_voice() -> None:
    """This bot has no voice: discord.py's warnings about missing voice libraries are noise."""
    discord.VoiceClient.warn_nacl = False
    if hasattr(discord.VoiceClient, "warn_dave"):
        discord.VoiceClient.warn_dave = False


def web_server(bot: JassBot, services: Services) -> WebServer:
    """The web server of a bot process: health, metrics, the public pages, the live table and the
    Discord Activity."""
    pages = Pages(services.site)
    peers = Peers(services.storage, services.tables.shards, bot.claim.holder if bot.claim is not None else "")
    live = LiveTables(services.tables, services.live, pages.env,
                      score=lambda table, lang: bot.table_messages.score_picture(table, lang),
                      forward=Forwarder(peers, SEND_TIMEOUT, MAX_FRAME))  # fmt: skip
    return WebServer(bot.health, bot.metrics_text, pages, live=live, activity=bot.web_activity(pages.env),
                     measured=services.tables.metrics, peers=peers, **web_options(bot.settings))  # fmt: skip


def peer_url(settings: Settings, port: int | None) -> str:
    """Where the bot's other processes reach this process's web server (``web.peer_url``, else
    its own bind and port; a wildcard bind is reached on the loopback)."""
    if settings.web_peer_url:
        return settings.web_peer_url.rstrip("/")
    host = settings.web_bind if settings.web_bind not in ("0.0.0.0", "::", "") else "127.0.0.1"
    return f"http://{f'[{host}]' if ':' in host else host}:{port}"


def run_bot(settings: Settings, token: str, shards: Shards = ALL) -> int:
    """Run until SIGINT/SIGTERM; the database is closed cleanly on the way out.

    A start-up failure ends the process with one line on stderr and a non-zero exit code.
    """
    try:
        setup_logging(settings.log_level, settings.log_file, token=token, fmt=settings.log_format)
    except OSError as err:
        print(f"cannot open the log file {settings.log_file}: {err.strerror or err}", file=sys.stderr)
        return 2

    async def main() -> None:
        storage = await Storage.open(settings.database)  # before Discord: a bad database stops here
        claim = ShardClaim(storage, shards)
        try:
            await claim.acquire()  # a second process for the same shards stops here
        except ShardsTaken:
            await storage.close()
            raise
        services = await open_services(settings, storage, shards)  # built once, handed to the bot
        bot = JassBot(settings, services, shards=shards, claim=claim)
        server = web_server(bot, services) if settings.web_port else None
        if server is not None:
            await server.start(settings.web_bind, settings.web_port, *metrics_listener(settings))
            await claim.announce(peer_url(settings, server.port))  # a page of our tables opened at a peer
        if shards.ids is not None:
            log.info("shards %s of %d in this process", ",".join(map(str, shards.ids)), shards.count)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        try:
            async with bot:
                await bot.start(token)
        finally:
            if server is not None:
                await server.stop()
            if bot.storage is not None:  # not closed by the bot (a failed login)
                with contextlib.suppress(Exception):  # it runs out by itself
                    await claim.release()
                await bot.close()
            log.info("shut down: %d open tables saved (every move is stored as it is made), database and "
                     "Discord connections closed", bot.open_tables_at_close)  # fmt: skip

    try:
        asyncio.run(main())
    except StorageError as err:
        log.error("%s", err)
        return 2
    except ShardsTaken as err:
        log.error("cannot start: %s", err)
        return 2
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN (reset it in the developer portal)")
        return 2
    except discord.PrivilegedIntentsRequired:
        log.error(
            "Discord refused the connection: members_intent is on, but the Server Members Intent is off in "
            "the developer portal (Bot page); switch it on there, or set members_intent: off"
        )
        return 2
    except (TimeoutError, aiohttp.ClientError, OSError, discord.GatewayNotFound) as err:
        log.error("cannot reach Discord: %s", redact(str(err) or type(err).__name__, token))
        return 3
    except discord.HTTPException as err:
        log.error("cannot reach Discord: HTTP %s %s", err.status, redact(err.text or "", token))
        return 3
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug: one line for the operator, the traceback at debug level
        log.error("start-up failed: %s: %s", type(err).__name__, err)
        log.debug("start-up failure", exc_info=True)
        return 1
    return 0
