"""Settings: a YAML file plus environment overrides, validated into typed values.

Every setting is declared once, in :data:`OPTIONS`: its key, environment variable, kind,
default and limits. The loader, the environment, ``check-config`` (:meth:`Settings.describe`)
and the ``Settings`` defaults all read that table; so do the server settings of ``/jass
settings`` (:data:`SERVER_OPTIONS`). Every bad value is reported with its key; all problems
are reported at once. The Discord token is not a setting: it comes only from the
``DISCORD_TOKEN`` environment variable and is never logged, printed or stored.
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml

from bot.game import COMPUTER_LEVELS
from bot.rules import PRESETS, RuleSet, RuleSetError

TOKEN_ENV = "DISCORD_TOKEN"
CONFIG_ENV = "JASS_CONFIG"
DEFAULT_CONFIG = Path("config.yaml")
LANGUAGES = ("de", "en")
DECKS = ("swiss", "french")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

SWITCH = ("on", "off")
DATABASE_DEFAULT = Path("data/jass.sqlite3")
LOG_FILE_DEFAULT: Path | None = None  # stderr only

Kind = Literal[
    "seconds", "count", "choice", "path", "database", "ids", "preset", "overrides", "host", "url", "networks"
]


@dataclass(frozen=True)
class Option:
    """One setting: where it lives in the file and the environment, its kind, default and limits."""

    key: str  # dotted key in the YAML file
    attr: str  # the Settings attribute
    env: str | None  # environment variable that overrides the file
    kind: Kind
    default: Any
    lo: float = 0
    hi: float = 0
    choices: tuple[str, ...] = ()
    upper: bool = False  # choices are written in capitals (log levels)


CORES = os.cpu_count() or 1  # the default number of processes for computer players
OPTIONS: tuple[Option, ...] = (
    Option("database", "database", "JASS_DATABASE", "database", DATABASE_DEFAULT),
    Option("rules.preset", "rules_preset", "JASS_RULES_PRESET", "preset", "standard", choices=tuple(PRESETS)),
    Option("rules.overrides", "rules_overrides", None, "overrides", {}),
    Option("language", "language", "JASS_LANGUAGE", "choice", "de", choices=LANGUAGES),
    Option("turn_timer_seconds", "turn_timer_seconds", "JASS_TURN_TIMER_SECONDS", "seconds", 120.0, 0, 86400),
    Option("hand_pause_seconds", "hand_pause_seconds", "JASS_HAND_PAUSE_SECONDS", "seconds", 4.0, 0, 60),
    Option("computer.level", "computer_level", "JASS_COMPUTER_LEVEL", "choice", "club", choices=COMPUTER_LEVELS),
    Option("computer.delay_seconds", "computer_delay_seconds", "JASS_COMPUTER_DELAY_SECONDS", "seconds", 1.2, 0, 30),
    Option("computer.workers", "computer_workers", "JASS_COMPUTER_WORKERS", "count", CORES, 0, 64),
    Option("members_intent", "members_intent", "JASS_MEMBERS_INTENT", "choice", "off", choices=SWITCH),
    Option("dev_guild_ids", "dev_guild_ids", "JASS_DEV_GUILD_IDS", "ids", ()),
    Option("log.level", "log_level", "JASS_LOG_LEVEL", "choice", "INFO", choices=LOG_LEVELS, upper=True),
    Option("log.file", "log_file", "JASS_LOG_FILE", "path", LOG_FILE_DEFAULT),
    Option("log.format", "log_format", "JASS_LOG_FORMAT", "choice", "text", choices=("text", "json")),
    Option("limits.tables_per_channel", "tables_per_channel", "JASS_TABLES_PER_CHANNEL", "count", 3, 0, 100),
    Option("limits.tables_per_user", "tables_per_user", "JASS_TABLES_PER_USER", "count", 3, 0, 100),
    Option("card_emojis", "card_emojis", "JASS_CARD_EMOJIS", "choice", "on", choices=SWITCH),
    Option("render_workers", "render_workers", "JASS_RENDER_WORKERS", "count", 1, 0, 32),
    Option("web.port", "web_port", "JASS_WEB_PORT", "count", 0, 0, 65535),  # 0: no web server
    Option("web.bind", "web_bind", "JASS_WEB_BIND", "host", "127.0.0.1"),
    Option("web.base_url", "web_base_url", "JASS_WEB_BASE_URL", "url", ""),
    Option("web.peer_url", "web_peer_url", "JASS_WEB_PEER_URL", "url", ""),
    Option("web.trusted_proxies", "web_trusted_proxies", "JASS_WEB_TRUSTED_PROXIES", "networks", ()),
    Option("web.rate", "web_rate", "JASS_WEB_RATE", "count", 10, 1, 10_000),  # requests a second per client
    Option("web.burst", "web_burst", "JASS_WEB_BURST", "count", 60, 1, 100_000),  # ... and at once
    Option("web.metrics_port", "web_metrics_port", "JASS_WEB_METRICS_PORT", "count", 0, 0, 65535),
    Option("web.metrics_bind", "web_metrics_bind", "JASS_WEB_METRICS_BIND", "host", "127.0.0.1"),
)
BY_KEY = {o.key: o for o in OPTIONS}
#: Environment variable -> dotted config key.
ENV_KEYS = {o.env: o.key for o in OPTIONS if o.env}
#: Settings that hold a mapping of further keys.
SECTIONS = tuple(sorted({o.key.split(".")[0] for o in OPTIONS if "." in o.key}))
KNOWN = {o.key for o in OPTIONS} | set(SECTIONS)


@dataclass(frozen=True)
class ServerOption:
    """A server's default for its new tables (``/jass settings``), stored per server."""

    key: str
    kind: Literal["count", "choice"]
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()

    def valid(self, value: Any) -> bool:
        if self.kind == "choice":
            return value in self.choices
        return isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi


TARGET_MIN, TARGET_MAX = 100, 100_000  # points to win a table may be played to
TURN_TIMER_MAX = 3600  # seconds per turn a server may set (0: off)
SERVER_OPTIONS: tuple[ServerOption, ...] = (
    ServerOption("preset", "choice", choices=tuple(PRESETS)),
    ServerOption("target", "count", TARGET_MIN, TARGET_MAX),
    ServerOption("language", "choice", choices=LANGUAGES),
    ServerOption("deck", "choice", choices=DECKS),
    ServerOption("turn_timer", "count", 0, TURN_TIMER_MAX),
    ServerOption("pings", "choice", choices=SWITCH),
    ServerOption("images", "choice", choices=SWITCH),
    ServerOption("organiser_role", "count", 0, 2**63 - 1),  # a role that may open tournaments (0: none)
    ServerOption("ratings", "choice", choices=SWITCH),  # off: every table of the server is friendly
)


class ConfigError(ValueError):
    """One or more bad settings; ``problems`` maps each key to what is wrong."""

    def __init__(self, problems: dict[str, str]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{k}: {v}" for k, v in problems.items()))


def _default(key: str) -> Any:
    return BY_KEY[key].default


@dataclass(frozen=True)
class Settings:
    database: Path | str = DATABASE_DEFAULT  # a SQLite file, or a postgresql:// URL
    rules: RuleSet = field(default_factory=RuleSet)
    rules_preset: str = _default("rules.preset")
    language: str = _default("language")
    turn_timer_seconds: float = _default("turn_timer_seconds")  # 0: no turn timer
    hand_pause_seconds: float = _default("hand_pause_seconds")
    computer_level: str = _default("computer.level")
    computer_delay_seconds: float = _default("computer.delay_seconds")
    computer_workers: int = _default("computer.workers")  # processes for strong decisions; 0: threads
    members_intent: str = _default("members_intent")  # on: told when a member leaves (privileged intent)
    dev_guild_ids: tuple[int, ...] = _default("dev_guild_ids")
    log_level: str = _default("log.level")
    log_file: Path | None = LOG_FILE_DEFAULT
    log_format: str = _default("log.format")  # text, or json: one JSON object a line
    tables_per_channel: int = _default("limits.tables_per_channel")  # 0: no limit
    tables_per_user: int = _default("limits.tables_per_user")  # 0: no limit
    card_emojis: str = _default("card_emojis")  # on: card pictures as application emojis on the buttons
    render_workers: int = _default("render_workers")  # processes drawing pictures; 0: a thread of the bot
    web_port: int = _default("web.port")  # the web server's port (health, metrics); 0: no web server
    web_bind: str = _default("web.bind")  # the address it listens on (the host only, unless configured)
    web_base_url: str = _default("web.base_url")  # how people reach it (links), e.g. https://jass.example.org
    web_peer_url: str = _default("web.peer_url")  # where the bot's other processes reach this one's port
    web_trusted_proxies: tuple[str, ...] = _default("web.trusted_proxies")  # proxies whose X-Forwarded-For counts
    web_rate: int = _default("web.rate")  # requests a second one client may make on average
    web_burst: int = _default("web.burst")  # ... and at once
    web_metrics_port: int = _default("web.metrics_port")  # /metrics on a port of its own (0: on web.port)
    web_metrics_bind: str = _default("web.metrics_bind")  # the address of that port
    source: str = "defaults"

    def describe(self) -> list[str]:
        """One line per setting, as ``check-config`` prints them (never the token)."""
        lines = [f"settings from: {self.source}"]
        for option in OPTIONS:
            if option.kind == "overrides":
                changed = {k: v for k, v in self.rules.to_dict().items() if RuleSet().to_dict()[k] != v}
                lines.append(f"rules.overrides: {changed or 'none'}")
                continue
            value = getattr(self, option.attr)
            if option.kind == "seconds":
                shown = f"{value:g}"
            elif option.kind == "ids":
                shown = str(list(value)) if value else "none (global command sync)"
            elif option.kind == "database":
                from bot.storage.urls import redacted

                shown = redacted(str(value))
            elif option.key == "web.port":
                shown = str(value) if value else "0 (no web server)"
            elif option.key == "web.metrics_port":
                shown = str(value) if value else "0 (/metrics on web.port)"
            elif option.kind == "networks":
                shown = ", ".join(value) if value else "none (the peer's address is the client)"
            elif option.kind == "url":
                shown = value or "none"
            elif option.kind == "count" and option.key.startswith("limits."):
                shown = str(value) if value else "0 (no limit)"
            elif value is None:
                shown = "none"
            else:
                shown = str(value)
            lines.append(f"{option.key}: {shown}")
        return lines


def _get(data: Mapping[str, Any], dotted: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def _set(data: dict[str, Any], dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    node = data
    for part in parts[:-1]:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    node[parts[-1]] = value


def _unknown_keys(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if dotted not in KNOWN:
            out.append(dotted)
        elif isinstance(value, Mapping) and dotted in SECTIONS:
            out += _unknown_keys(value, dotted + ".")
    return out


class _DuplicateKey(ValueError):
    """A key written twice in one mapping of the settings file."""


class _UniqueKeyLoader(yaml.SafeLoader):
    """YAML's safe loader that refuses a key written twice (PyYAML would keep the last silently)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise _DuplicateKey(f"the key {key!r} is written twice, on lines {seen[key]} and {line}: keep one")
            seen[key] = line
        return super().construct_mapping(node, deep=deep)


def _read_file(chosen: str | Path) -> dict[str, Any]:
    """The settings file as a mapping; :class:`ConfigError` (key ``config``) for anything else."""
    path = Path(chosen)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError({"config": f"file not found: {chosen}"}) from None
    except IsADirectoryError:
        raise ConfigError({"config": f"{chosen} is a folder, not a settings file"}) from None
    except UnicodeDecodeError as err:
        raise ConfigError({"config": f"{chosen} is not UTF-8 text (byte {err.start})"}) from None
    except OSError as err:
        raise ConfigError({"config": f"cannot read {chosen}: {err.strerror or err}"}) from None
    try:
        loaded = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader that refuses duplicate keys
    except _DuplicateKey as err:
        raise ConfigError({"config": f"{chosen}: {err}"}) from None
    except yaml.YAMLError as err:  # its marks name the text "<unicode string>": name the file instead
        where = str(err).replace('"<unicode string>"', f'"{chosen}"')
        raise ConfigError({"config": f"{chosen} is not valid YAML: {where}"}) from None
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise ConfigError({"config": f"{chosen} must hold a mapping of settings"})
    return loaded


Problem = Callable[[str, str], None]


def _number(option: Option, raw: Any, problem: Problem) -> float | None:
    value = None
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        value = float(raw)
    elif isinstance(raw, str):
        try:
            value = float(raw.strip())
        except ValueError:
            value = None
    unit = "a number of seconds" if option.kind == "seconds" else "a whole number"
    if value is None or value != value:  # not a number (or NaN)
        problem(option.key, f"expected {unit}, got {raw!r}")
        return None
    if not option.lo <= value <= option.hi:
        problem(option.key, f"expected {option.lo:g} to {option.hi:g}, got {raw!r}")
        return None
    if option.kind == "count" and value != int(value):
        problem(option.key, f"expected a whole number, got {raw!r}")
        return None
    return value


def _server_id(item: Any) -> int:
    """A Discord server id: a whole number, or its ASCII digits ("²" is a digit to str.isdigit, not an id)."""
    if isinstance(item, int) and not isinstance(item, bool):
        return item
    if isinstance(item, str) and re.fullmatch(r"[0-9]{1,20}", item.strip()):
        return int(item.strip())
    raise ValueError("not a server id")


def _network(item: Any) -> str:
    """An address or network, as a network (``127.0.0.1`` → ``127.0.0.1/32``)."""
    try:
        return str(ipaddress.ip_network(str(item).strip(), strict=False))
    except ValueError:
        raise ValueError("not an address or network") from None


def _parse(option: Option, raw: Any, problem: Problem) -> Any:
    """``raw`` as the option's kind, or its default (and a problem) when it is not one."""
    if option.kind in ("seconds", "count"):
        value = _number(option, raw, problem)
        if value is None:
            return option.default
        return int(value) if option.kind == "count" else value
    if option.kind in ("choice", "preset"):
        if isinstance(raw, bool) and option.choices == SWITCH:  # YAML reads a bare on/off as true/false
            raw = "on" if raw else "off"
        text = raw.strip() if isinstance(raw, str) else None
        if text is not None and option.kind == "choice":
            text = text.upper() if option.upper else text.lower()
        if text not in option.choices:
            problem(option.key, f"got {raw!r}; allowed: {', '.join(option.choices)}")
            return option.default
        return text
    if option.kind == "database" and isinstance(raw, str):
        from bot.storage import urls

        wrong = urls.problem(raw)
        if wrong is not None:
            problem(option.key, wrong)
            return option.default
        if urls.is_postgres(raw):
            return urls.normalised(raw)
        raw = urls.sqlite_path(raw)
    if option.kind in ("path", "database"):
        if not isinstance(raw, str) or not raw.strip():
            problem(option.key, f"expected a file name, got {raw!r}")
            return option.default
        path = Path(raw.strip())
        if path.is_dir():
            shown, example = raw, "jass.log"
            if option.kind == "database":
                from bot.storage.urls import redacted

                shown, example = redacted(raw), "jass.sqlite3"
            problem(option.key, f"{shown} is a folder; name a file in it, e.g. {shown}/{example}")
            return option.default
        return path
    if option.kind in ("ids", "networks"):
        items = [g for g in raw.replace(",", " ").split() if g] if isinstance(raw, str) else raw
        if not isinstance(items, list | tuple):
            wanted = "server ids" if option.kind == "ids" else "addresses or networks, e.g. [127.0.0.1, 10.0.0.0/8]"
            problem(option.key, f"expected a list of {wanted}")
            return option.default
        read = _server_id if option.kind == "ids" else _network
        values = []
        for item in items:
            try:
                values.append(read(item))
            except ValueError as err:
                problem(option.key, f"{err}: {item!r}")
        return tuple(values)
    if option.kind == "host":
        text = raw.strip() if isinstance(raw, str) else ""
        if not text or any(c.isspace() or c in "/@?#" for c in text):
            problem(option.key, f"expected an address to listen on, e.g. 127.0.0.1 or 0.0.0.0, got {raw!r}")
            return option.default
        return text
    if option.kind == "url":
        text = raw.strip().rstrip("/") if isinstance(raw, str) else None
        if text is None or (text and not text.startswith(("http://", "https://"))) or " " in (text or ""):
            problem(option.key, f"expected an http:// or https:// address (or nothing), got {raw!r}")
            return option.default
        return text
    if not isinstance(raw, Mapping):  # overrides
        problem(option.key, "expected a mapping of rule keys")
        return option.default
    return dict(raw)


def load_settings(path: str | Path | None = None, env: Mapping[str, str] | None = None) -> Settings:
    """Read ``path`` (or ``$JASS_CONFIG``, or ``config.yaml`` if present), apply the environment."""
    env = os.environ if env is None else env
    problems: dict[str, str] = {}
    data: dict[str, Any] = {}
    source = "defaults"
    chosen = path or env.get(CONFIG_ENV) or (DEFAULT_CONFIG if DEFAULT_CONFIG.exists() else None)
    if chosen:
        data = _read_file(chosen)
        source = str(chosen)
    for key in _unknown_keys(data):
        problems[key] = "unknown setting (see config.example.yaml)"
    from_env: dict[str, str] = {}
    for section in SECTIONS:
        if section in data and data[section] is not None and not isinstance(data[section], Mapping):
            keys = ", ".join(k.split(".", 1)[1] for k in sorted(KNOWN) if k.startswith(section + "."))
            problems[section] = f"expected a mapping of keys ({keys}), got {data[section]!r}"
            data[section] = {}
    for var, key in ENV_KEYS.items():
        if var in env:
            _set(data, key, env[var])
            from_env[key] = var
    if from_env:
        source += " + environment (" + ", ".join(from_env.values()) + ")"

    def problem(key: str, text: str) -> None:
        problems[key] = f"{text} (from {from_env[key]})" if key in from_env else text

    values: dict[str, Any] = {}
    for option in OPTIONS:
        raw = _get(data, option.key)
        values[option.attr] = option.default if raw is None else _parse(option, raw, problem)
    overrides = values.pop("rules_overrides")
    rules = _rules(values["rules_preset"], overrides, problem)
    settings = Settings(rules=rules, source=source, **values)
    if problems:
        raise ConfigError(problems)
    return settings


def _rules(preset: str, overrides: Mapping[str, Any], problem: Problem) -> RuleSet:
    """The rule set of ``preset`` with ``overrides``; every bad key is reported, not just the first."""
    bad = False
    for key, value in overrides.items():
        try:
            RuleSet.from_dict({"preset": preset, key: value})
        except RuleSetError as err:
            problem(f"rules.overrides.{err.key}", str(err).split(": ", 1)[-1])
            bad = True
        except (TypeError, ValueError) as err:
            problem(f"rules.overrides.{key}", str(err))
            bad = True
    if bad:
        return RuleSet()
    try:
        return RuleSet.from_dict({"preset": preset, **overrides})
    except RuleSetError as err:  # keys that are good alone but not together
        problem(f"rules.overrides.{err.key}", str(err).split(": ", 1)[-1])
    except (TypeError, ValueError) as err:
        problem("rules.overrides", str(err))
    return RuleSet()


def valid_server_settings(stored: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A server's stored defaults split into the valid ones and those that are not (a corrupt row)."""
    by_key = {o.key: o for o in SERVER_OPTIONS}
    good: dict[str, Any] = {}
    bad: dict[str, Any] = {}
    for key, value in stored.items():
        option = by_key.get(key)
        (good if option is not None and option.valid(value) else bad)[key] = value
    return good, bad


_TOKEN_PART = re.compile(r"[A-Za-z0-9_\-]+")


def token_problem(token: str) -> str | None:
    """Why ``token`` cannot be a bot token (None: it can). A bot token is three parts of letters,
    digits, ``-`` and ``_`` joined by dots, tens of characters long; a placeholder such as ``x``
    would otherwise be "redacted" from every log line. Never repeats the token.

    >>> token_problem("x") is not None, token_problem("MTAw.fake-token.for-tests")
    (True, None)
    """
    parts = token.split(".")
    if len(token) < 20 or len(parts) != 3 or not all(_TOKEN_PART.fullmatch(p) for p in parts):
        return (
            f"DISCORD_TOKEN ({len(token)} characters) is not a bot token: a bot token has three parts joined "
            "by dots, e.g. from the Developer Portal's Bot page (Reset Token)"
        )
    return None


def client_secret_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The application's OAuth2 client secret (``DISCORD_CLIENT_SECRET``; the Discord Activity's
    sign-in), from the environment only, like the token; ``None`` when not set."""
    value = (os.environ if env is None else env).get("DISCORD_CLIENT_SECRET", "").strip()
    return value or None


def token_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The bot token from ``DISCORD_TOKEN`` (stripped), or ``None``."""
    env = os.environ if env is None else env
    token = (env.get(TOKEN_ENV) or "").strip()
    return token or None
