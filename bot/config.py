"""Settings: a YAML file plus environment overrides, validated into typed values.

Every bad value is reported with its key; all problems are reported at once.  The Discord
token is not a setting: it comes only from the ``DISCORD_TOKEN`` environment variable and is
never logged, printed or stored.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.game import COMPUTER_LEVELS
from bot.rules import PRESETS, RuleSet, RuleSetError

TOKEN_ENV = "DISCORD_TOKEN"
CONFIG_ENV = "JASS_CONFIG"
DEFAULT_CONFIG = Path("config.yaml")
LANGUAGES = ("de", "en")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

#: Environment variable -> dotted config key.
ENV_KEYS = {
    "JASS_DATABASE": "database",
    "JASS_LANGUAGE": "language",
    "JASS_RULES_PRESET": "rules.preset",
    "JASS_TURN_TIMER_SECONDS": "turn_timer_seconds",
    "JASS_HAND_PAUSE_SECONDS": "hand_pause_seconds",
    "JASS_COMPUTER_LEVEL": "computer.level",
    "JASS_COMPUTER_DELAY_SECONDS": "computer.delay_seconds",
    "JASS_DEV_GUILD_IDS": "dev_guild_ids",
    "JASS_LOG_LEVEL": "log.level",
    "JASS_LOG_FILE": "log.file",
    "JASS_TABLES_PER_CHANNEL": "limits.tables_per_channel",
    "JASS_TABLES_PER_USER": "limits.tables_per_user",
}

#: Settings that hold a mapping of further keys.
SECTIONS = ("rules", "computer", "log", "limits")


class ConfigError(ValueError):
    """One or more bad settings; ``problems`` maps each key to what is wrong."""

    def __init__(self, problems: dict[str, str]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{k}: {v}" for k, v in problems.items()))


@dataclass(frozen=True)
class Settings:
    database: Path = Path("data/jass.sqlite3")
    rules: RuleSet = field(default_factory=RuleSet)
    rules_preset: str = "standard"
    language: str = "de"
    turn_timer_seconds: float = 120.0  # 0: no turn timer
    hand_pause_seconds: float = 4.0
    computer_level: str = "club"
    computer_delay_seconds: float = 1.2
    dev_guild_ids: tuple[int, ...] = ()
    log_level: str = "INFO"
    log_file: Path | None = None
    tables_per_channel: int = 3  # open tables a channel may have (0: no limit)
    tables_per_user: int = 3  # open tables one person may have opened (0: no limit)
    source: str = "defaults"

    def describe(self) -> list[str]:
        """Human-readable lines of the effective settings (never the token)."""
        changed = {k: v for k, v in self.rules.to_dict().items() if RuleSet().to_dict()[k] != v}
        return [
            f"settings from: {self.source}",
            f"database: {self.database}",
            f"rules: preset {self.rules_preset}" + (f", changed: {changed}" if changed else ""),
            f"language: {self.language}",
            f"turn_timer_seconds: {self.turn_timer_seconds:g}",
            f"hand_pause_seconds: {self.hand_pause_seconds:g}",
            f"computer: level {self.computer_level}, delay {self.computer_delay_seconds:g} s",
            f"dev_guild_ids: {list(self.dev_guild_ids) or 'none (global command sync)'}",
            f"log: level {self.log_level}, file {self.log_file or 'none (stderr)'}",
            f"limits: {self.tables_per_channel or 'no limit'} open tables per channel, "
            f"{self.tables_per_user or 'no limit'} per person",
        ]


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


KNOWN = {
    "database",
    "language",
    "turn_timer_seconds",
    "hand_pause_seconds",
    "dev_guild_ids",
    "rules",
    "rules.preset",
    "rules.overrides",
    "computer",
    "computer.level",
    "computer.delay_seconds",
    "log",
    "log.level",
    "log.file",
    "limits",
    "limits.tables_per_channel",
    "limits.tables_per_user",
}


def _unknown_keys(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if dotted not in KNOWN:
            out.append(dotted)
        elif isinstance(value, Mapping) and dotted in SECTIONS:
            out += _unknown_keys(value, dotted + ".")
    return out


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
        loaded = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise ConfigError({"config": f"{chosen} is not valid YAML: {err}"}) from None
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise ConfigError({"config": f"{chosen} must hold a mapping of settings"})
    return loaded


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
            problems[section] = f"expected a mapping of keys ({_section_keys(section)}), got {data[section]!r}"
            data[section] = {}
    for var, key in ENV_KEYS.items():
        if var in env:
            _set(data, key, env[var])
            from_env[key] = var
    if from_env:
        source += " + environment (" + ", ".join(from_env.values()) + ")"

    def problem(key: str, text: str) -> None:
        problems[key] = f"{text} (from {from_env[key]})" if key in from_env else text

    def number(key: str, default: float, lo: float, hi: float, unit: str = "a number of seconds") -> float:
        raw = _get(data, key)
        if raw is None:
            return default
        value = None
        if isinstance(raw, int | float) and not isinstance(raw, bool):
            value = float(raw)
        elif isinstance(raw, str):
            try:
                value = float(raw.strip())
            except ValueError:
                value = None
        if value is None or value != value:  # not a number (or NaN)
            problem(key, f"expected {unit}, got {raw!r}")
            return default
        if not lo <= value <= hi:
            problem(key, f"expected {lo:g} to {hi:g}, got {raw!r}")
            return default
        return value

    def count(key: str, default: int, hi: int) -> int:
        value = number(key, default, 0, hi, unit="a whole number")
        if value != int(value):
            problem(key, f"expected a whole number, got {_get(data, key)!r}")
            return default
        return int(value)

    def choice(key: str, default: str, allowed: tuple[str, ...], upper: bool = False) -> str:
        raw = _get(data, key)
        if raw is None:
            return default
        if not isinstance(raw, str):
            problem(key, f"got {raw!r}; allowed: {', '.join(allowed)}")
            return default
        value = raw.strip().upper() if upper else raw.strip().lower()
        if value not in allowed:
            problem(key, f"got {raw!r}; allowed: {', '.join(allowed)}")
            return default
        return value

    def file_path(key: str, default: Path | None) -> Path | None:
        raw = _get(data, key)
        if raw is None:
            return default
        if not isinstance(raw, str) or not raw.strip():
            problem(key, f"expected a file name, got {raw!r}")
            return default
        value = Path(raw.strip())
        if value.is_dir():
            problem(key, f"{raw} is a folder; name a file in it, e.g. {value / 'jass.log'}")
            return default
        return value

    preset = _get(data, "rules.preset")
    if preset is None:
        preset = "standard"
    overrides = _get(data, "rules.overrides") or {}
    rules = RuleSet()
    if not isinstance(preset, str) or preset not in PRESETS:
        problem("rules.preset", f"unknown preset {preset!r}; one of {', '.join(PRESETS)}")
        preset = "standard"
    if not isinstance(overrides, Mapping):
        problem("rules.overrides", "expected a mapping of rule keys")
    else:
        rules = _rules(preset, overrides, problem)

    guilds_raw = _get(data, "dev_guild_ids") or []
    if isinstance(guilds_raw, str):
        guilds_raw = [g for g in guilds_raw.replace(",", " ").split() if g]
    guilds: list[int] = []
    if not isinstance(guilds_raw, list | tuple):
        problem("dev_guild_ids", "expected a list of server ids")
    else:
        for g in guilds_raw:
            if isinstance(g, bool) or not (isinstance(g, int) or (isinstance(g, str) and g.strip().isdigit())):
                problem("dev_guild_ids", f"not a server id: {g!r}")
                continue
            guilds.append(int(g))

    settings = Settings(
        database=file_path("database", Settings.database) or Settings.database,
        rules=rules,
        rules_preset=preset,
        language=choice("language", "de", LANGUAGES),
        turn_timer_seconds=number("turn_timer_seconds", 120.0, 0, 86400),
        hand_pause_seconds=number("hand_pause_seconds", 4.0, 0, 60),
        computer_level=choice("computer.level", "club", COMPUTER_LEVELS),
        computer_delay_seconds=number("computer.delay_seconds", 1.2, 0, 30),
        dev_guild_ids=tuple(guilds),
        log_level=choice("log.level", "INFO", LOG_LEVELS, upper=True),
        log_file=file_path("log.file", None),
        tables_per_channel=count("limits.tables_per_channel", 3, 100),
        tables_per_user=count("limits.tables_per_user", 3, 100),
        source=source,
    )
    if problems:
        raise ConfigError(problems)
    return settings


def _section_keys(section: str) -> str:
    return ", ".join(k.split(".", 1)[1] for k in sorted(KNOWN) if k.startswith(section + "."))


def _rules(preset: str, overrides: Mapping[str, Any], problem: Callable[[str, str], None]) -> RuleSet:
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


def token_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The bot token from ``DISCORD_TOKEN`` (stripped), or ``None``."""
    env = os.environ if env is None else env
    token = (env.get(TOKEN_ENV) or "").strip()
    return token or None
