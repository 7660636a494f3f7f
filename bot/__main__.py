"""Command line.

``python -m bot`` or ``python -m bot run``: the Discord bot (needs ``DISCORD_TOKEN``).
``python -m bot check-config``: validate the settings and show the effective values.
``python -m bot play``: a game in the terminal against computer players.
``python -m bot rebuild-stats``: recompute every statistic and rating from the event log.
``python -m bot migrate-db --to postgresql://…``: copy the SQLite database into PostgreSQL.
``python -m bot health``: 0 when the running bot's heartbeat is fresh (Docker's HEALTHCHECK).
"""

from __future__ import annotations

import argparse
import os
import sys

if sys.argv[1:2] == ["play"]:
    # The terminal game waits for the keyboard in the main thread. A process-wide Ctrl-C goes to
    # any thread that does not block it, and OpenBLAS starts threads when numpy is imported: one
    # of them could take the signal and leave the game waiting. With one BLAS thread there are none.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from bot.game.table import COMPUTER_LEVELS

NO_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

To run the bot on your server:
  1. Open https://discord.com/developers/applications, create an application, open "Bot"
     and press "Reset Token"; copy the token.
  2. Invite the bot: "OAuth2" -> "URL Generator", scopes "bot" and "applications.commands",
     permissions "Send Messages", "Embed Links", "Attach Files", "Read Message History"
     (for tournaments and challenges also "Create Public Threads", "Create Private Threads",
     "Send Messages in Threads", "Manage Threads"); open the generated link and choose your server.
  3. Start it:  DISCORD_TOKEN=<your token> make run
     (optionally copy config.example.yaml to config.yaml first and adjust it)

To play right away without Discord:  make play
"""


CONFIG_HELP = "settings file (default: $JASS_CONFIG or config.yaml)"


def build_parser() -> argparse.ArgumentParser:
    from bot.rules.kinds import kind_names

    parser = argparse.ArgumentParser(prog="python -m bot", description="Schieber Jass bot")
    parser.add_argument("--config", default=None, help=CONFIG_HELP)
    sub = parser.add_subparsers(dest="command")
    # --config is taken before or after the subcommand (SUPPRESS: an absent one keeps the other).
    run = sub.add_parser("run", help="run the Discord bot (the default)")
    run.add_argument(
        "--shard-count",
        type=int,
        default=None,
        metavar="N",
        help="Discord shards of the whole bot (with --shards: this process runs some of them)",
    )
    run.add_argument("--shards", default=None, metavar="IDS",
                     help="the shards this process runs, e.g. 0-3 or 0,2 (needs --shard-count)")  # fmt: skip
    check = sub.add_parser("check-config", help="validate the settings and print the effective values")
    sub.add_parser("health", help="exit 0 when the running bot's heartbeat is fresh and healthy (Docker)")
    web = sub.add_parser("web", help="serve the public pages, /healthz and /metrics without Discord (web.port)")
    rebuild = sub.add_parser("rebuild-stats", help="recompute every statistic and rating from the event log")
    migrate = sub.add_parser("migrate-db", help="copy the SQLite database into PostgreSQL, checked by replaying")
    migrate.add_argument("--to", required=True, metavar="URL",
                         help="postgresql://user@host/database (the password from PGPASSWORD)")  # fmt: skip
    migrate.add_argument("--from", dest="source", default=None, metavar="FILE",
                         help="the SQLite file (default: the database setting)")  # fmt: skip
    backup = sub.add_parser("backup", help="copy the SQLite database, safely while the bot runs (PostgreSQL: pg_dump)")
    backup.add_argument("path", metavar="PATH", help="the new file to write, e.g. backups/jass-2026-12-06.sqlite3")
    rules = sub.add_parser(
        "rules", help='answer a question about the rules: python -m bot rules "Wie viel zählt der Puur?"'
    )
    rules.add_argument("question", nargs="+", help="the question, as a player would ask it")
    rules.add_argument("--lang", default="de", choices=("de", "en"), help="the answer's language")
    rules.add_argument("--json", action="store_true", help='print {"answer", "topic", "more"} as JSON')
    for p in (run, check, rebuild, migrate, web, backup, rules):
        p.add_argument("--config", default=argparse.SUPPRESS, help=CONFIG_HELP)
    play = sub.add_parser("play", help="play a game in the terminal against computer players")
    play.add_argument("--seats", default="human,ai,ai,ai", help="four of human/ai in playing order")
    play.add_argument("--seed", type=int, default=None, help="make the deals and computer players reproducible")
    play.add_argument(
        "--preset",
        default="standard",
        help="rule preset (standard, swisslos, single-1000, ascending, tournament, app, coiffeur, coiffeur-ten, "
        "coiffeur-jassen-ch, extras)",
    )
    play.add_argument("--game", default=None, choices=kind_names(),  # every kind registered now
                      help="the game (default: the preset's; coiffeur: the Tafel of the coiffeur preset)")  # fmt: skip
    play.add_argument("--set", action="append", metavar="KEY=VALUE", help="override a rule key (repeatable)")
    play.add_argument("--json", action="store_true", help="print the hand-history export (JSON lines)")
    play.add_argument("--level", default="club", choices=COMPUTER_LEVELS, help="computer players' level")
    play.add_argument("--lang", default="en", choices=("de", "en"), help="language of the game's texts")
    play.add_argument("--deck", default="swiss", choices=("swiss", "french"), help="card names and suit symbols")
    play.add_argument("--plain", action="store_true", help="plain text: no colours and no suit symbols")
    play.add_argument("--verbose", action="store_true", help="show each deal's commitment and seed (to check it)")
    return parser


def check_config(path: str | None) -> int:
    from bot.config import ConfigError, load_settings, token_from_env, token_problem

    try:
        settings = load_settings(path)
    except ConfigError as err:
        print("The settings have problems:", file=sys.stderr)
        for key, problem in err.problems.items():
            print(f"  {key}: {problem}", file=sys.stderr)
        return 2
    for line in settings.describe():
        print(line)
    token = token_from_env()
    wrong = token_problem(token) if token else None
    print(f"DISCORD_TOKEN: {'not set' if not token else 'set' if wrong is None else 'set, but ' + wrong}")
    print("settings OK")
    return 0


def health_check() -> int:
    """Docker's HEALTHCHECK: 0 when the running bot is healthy, else 1. With the web server on
    (``JASS_WEB_PORT``) it asks ``/healthz``; else it reads the heartbeat the bot writes."""
    import os
    import time

    from bot.health import ask_web, check, default_path

    port = os.environ.get("JASS_WEB_PORT", "").strip()
    if port.isdigit() and int(port) > 0:
        ok, line = ask_web(int(port))
    else:
        ok, line = check(default_path(), time.time())
    print(line)
    return 0 if ok else 1


def rebuild_stats(path: str | None) -> int:
    """Recompute the statistics and ratings from the events; print the counts and a checksum
    of every number (the same before and after when nothing was lost)."""
    import asyncio

    from bot.config import ConfigError, load_settings
    from bot.services import ServiceSettings, TableService
    from bot.services.stats import StatsService
    from bot.storage import Storage

    try:
        settings = load_settings(path)
    except ConfigError as err:
        print(f"The settings have problems: {err}", file=sys.stderr)
        return 2

    async def go() -> int:
        storage = await Storage.open(settings.database)
        try:
            stats = StatsService(storage, TableService(storage, ServiceSettings()))
            before = await stats.summary()
            after = await stats.rebuild()
            await stats.upgrade_done()  # what an upgrade asked for is done now
        finally:
            await storage.close()
        print(f"before:  {before['servers']} servers, {before['games']} games, {before['people']} ratings, "
              f"checksum {before['checksum']}")  # fmt: skip
        print(f"rebuilt: {after['servers']} servers, {after['games']} games, {after['people']} ratings, "
              f"checksum {after['checksum']}")  # fmt: skip
        print("identical" if before == after else "changed (the stored numbers were out of date)")
        return 0

    return asyncio.run(go())


def rules_answer(path: str | None, question: str, lang: str, as_json: bool) -> int:
    """``python -m bot rules "<question>"``: the first answer, for the configured rules."""
    import json

    from bot.config import ConfigError, load_settings
    from bot.rules import RuleSet
    from bot.texts.answers import plain, reply

    try:
        rules = load_settings(path).rules
    except ConfigError:
        rules = RuleSet()  # a question needs no valid bot settings: the standard rules then
    found = reply(question, lang, rules)
    if as_json:  # nothing found: "answer" is null, "more" the three nearest topics
        print(json.dumps(found.json(), ensure_ascii=False))
        return 0
    if found.answer is None:
        print("Dazu habe ich keine Regel gefunden." if lang == "de" else "I found no rule for that.")
        for related in found.more:
            print(f"  - {related.text} ({related.topic})")
        return 0
    print(plain(found.answer))
    return 0


def backup_db(path: str | None, target: str) -> int:
    """``python -m bot backup PATH``: SQLite's online backup of the configured database."""
    import asyncio
    from pathlib import Path

    from bot.config import ConfigError, load_settings
    from bot.storage.backup import BackupError, backup_sqlite
    from bot.storage.db import is_postgres_url

    try:
        settings = load_settings(path)
    except ConfigError as err:
        print(f"The settings have problems: {err}", file=sys.stderr)
        return 2
    if is_postgres_url(str(settings.database)):
        print("the database is PostgreSQL: back it up with pg_dump, e.g. pg_dump -Fc -f jass.dump "
              "postgresql://jass@db/jass (docs/operations.md)", file=sys.stderr)  # fmt: skip
        return 2
    try:
        version = asyncio.run(backup_sqlite(Path(settings.database), Path(target)))
    except BackupError as err:
        print(err, file=sys.stderr)
        return 2
    print(f"backed up {settings.database} to {target} (schema version {version}); restore: docs/operations.md")
    return 0


def migrate_db(path: str | None, target: str, source: str | None) -> int:
    """Copy the SQLite database into an empty PostgreSQL database; verify by replaying every table."""
    import asyncio

    from bot.config import ConfigError, load_settings
    from bot.services.migrate import migrate
    from bot.storage import StorageError
    from bot.storage.db import is_postgres_url
    from bot.storage.urls import redacted

    if not is_postgres_url(target):
        print(f"--to must be a postgresql:// URL, got {redacted(target)!r}", file=sys.stderr)
        return 2
    if source is None:
        try:
            source = str(load_settings(path).database)
        except ConfigError as err:
            print(f"The settings have problems: {err}", file=sys.stderr)
            return 2
    if is_postgres_url(source) or not os.path.isfile(source):
        print(f"the source must be an existing SQLite file, got {redacted(source)!r}", file=sys.stderr)
        return 2
    try:
        report = asyncio.run(migrate(source, target))
    except StorageError as err:
        print(err, file=sys.stderr)
        return 2
    print(f"copied {source} into {redacted(target)}:")
    print("  " + ", ".join(f"{name} {n}" for name, n in report.copied.items()))
    print(f"verified: {report.tables} tables replay to the same state on both sides, "
          f"{report.tournaments} tournaments and challenges have the same events")  # fmt: skip
    if report.not_replayable:
        print(f"  {len(report.not_replayable)} tables could not be replayed on either side (copied as stored): "
              + ", ".join(report.not_replayable[:10]))  # fmt: skip
    for line in report.differences:
        print(f"DIFFERENT: {line}", file=sys.stderr)
    return 0 if report.ok else 1


def web_only(path: str | None) -> int:
    """``python -m bot web``: the pages of the database's servers, in a process without Discord."""
    from bot.config import ConfigError, load_settings

    try:
        settings = load_settings(path)
    except ConfigError as err:
        print(f"The settings have problems: {err}", file=sys.stderr)
        return 2
    from bot.web.process import run_web

    return run_web(settings)


def run(path: str | None, shard_count: int | None = None, shard_ids: str | None = None) -> int:
    from bot.config import ConfigError, load_settings, token_from_env, token_problem
    from bot.services.shards import ALL, Shards

    shards = ALL
    if shard_count is not None or shard_ids is not None:
        if shard_count is None:
            print("--shards needs --shard-count (the number of shards of the whole bot)", file=sys.stderr)
            return 2
        try:
            shards = Shards.parse(shard_count, shard_ids or (f"0-{shard_count - 1}" if shard_count > 0 else "0"))
        except ValueError as err:
            print(f"shards: {err}", file=sys.stderr)
            return 2

    token = token_from_env()
    if token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    if (wrong := token_problem(token)) is not None:
        print(wrong, file=sys.stderr)
        return 2
    try:
        settings = load_settings(path)
    except ConfigError as err:
        print(f"The settings have problems: {err}", file=sys.stderr)
        return 2
    from bot.client import run_bot

    return run_bot(settings, token, shards)


def load_env_file(path: str = ".env") -> bool:
    """Read ``.env`` from the working folder if there is one (``KEY=value`` lines): the token and
    settings without exporting them. Variables already set win over the file."""
    if not os.path.isfile(path):
        return False
    from dotenv import load_dotenv

    return load_dotenv(path, override=False)


def main(argv: list[str] | None = None) -> int:
    load_env_file()
    args = build_parser().parse_args(argv)
    if args.command == "play":
        from bot.terminal import play_main

        return play_main(args)
    if args.command == "check-config":
        return check_config(args.config)
    if args.command == "rebuild-stats":
        return rebuild_stats(args.config)
    if args.command == "health":
        return health_check()
    if args.command == "web":
        return web_only(args.config)
    if args.command == "rules":
        return rules_answer(args.config, " ".join(args.question), args.lang, args.json)
    if args.command == "backup":
        return backup_db(args.config, args.path)
    if args.command == "migrate-db":
        return migrate_db(args.config, args.to, args.source)
    return run(args.config, getattr(args, "shard_count", None), getattr(args, "shards", None))


def entry() -> int:
    """``main`` for a shell: output cut short by a closed pipe (``| head``) ends quietly."""
    try:
        code = main()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader is gone; send what Python still flushes at exit nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(entry())
