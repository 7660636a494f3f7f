"""The discord.py bot: storage, table service and cogs wired together (DESIGN.md §2, §9)."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.i18n import COMMAND_TEXTS
from bot.logs import setup_logging
from bot.services import ServiceSettings, TableService
from bot.storage import Storage

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.rules", "cogs.jass")


class JassTranslator(app_commands.Translator):
    """Gives slash commands their German names and descriptions."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        if not key or key not in COMMAND_TEXTS:
            return None
        if str(locale).startswith("de"):
            return COMMAND_TEXTS[key]["de"]
        return None


class JassBot(commands.AutoShardedBot):
    """One process, many servers.  Tables live in the table service, not in the cogs."""

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.settings = settings
        self.storage: Storage | None = None
        self.service: TableService | None = None

    async def setup_hook(self) -> None:
        s = self.settings
        self.storage = await Storage.open(s.database)
        self.service = TableService(self.storage, ServiceSettings(
            ai_delay=s.computer_delay_seconds,
            hand_pause=s.hand_pause_seconds,
            turn_timeout=s.turn_timer_seconds or None,
        ))
        restored = await self.service.restore()
        log.info("restored %d open tables", len(restored))
        await self.tree.set_translator(JassTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
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
        # collector's full passes, which would otherwise pause every table while they run.
        gc.freeze()

    async def close(self) -> None:
        if self.service is not None:
            await self.service.close()
        await super().close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None


def run_bot(settings: Settings, token: str) -> int:
    """Run until SIGINT/SIGTERM; the database is closed cleanly on the way out."""
    setup_logging(settings.log_level, settings.log_file, token=token)

    async def main() -> None:
        bot = JassBot(settings)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        async with bot:
            await bot.start(token)

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN (reset it in the developer portal)")
        return 2
    return 0
