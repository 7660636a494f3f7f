"""Settings: a YAML file plus environment overrides, validated into typed values.

Every bad value is reported with its key; all problems are reported at once.  The Discord
token is not a setting: it comes only from the ``DISCORD_TOKEN`` environment variable and is
never logged, printed or stored.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.game import COMPUTER_LEVELS
from bot.rules import RuleSet, RuleSetError

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
}


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
    "database", "language", "turn_timer_seconds", "hand_pause_seconds", "dev_guild_ids",
    "rules", "rules.preset", "rules.overrides", "computer", "computer.level", "computer.delay_seconds",
    "log", "log.level", "log.file",
}


def _unknown_keys(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if dotted not in KNOWN:
            out.append(dotted)
        elif isinstance(value, Mapping) and dotted in ("rules", "computer", "log"):
            out += _unknown_keys(value, dotted + ".")
    return out


def load_settings(path: str | Path | None = None, env: Mapping[str, str] | None = None) -> Settings:
    """Read ``path`` (or ``$JASS_CONFIG``, or ``config.yaml`` if present), apply the environment."""
    env = os.environ if env is None else env
    problems: dict[str, str] = {}
    data: dict[str, Any] = {}
    source = "defaults"
    chosen = path or env.get(CONFIG_ENV) or (DEFAULT_CONFIG if DEFAULT_CONFIG.exists() else None)
    if chosen:
        try:
            loaded = yaml.safe_load(Path(chosen).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError({"config": f"file not found: {chosen}"}) from None
        except yaml.YAMLError as err:
            raise ConfigError({"config": f"{chosen} is not valid YAML: {err}"}) from None
        if loaded is None:
            loaded = {}
        if not isinstance(loaded, dict):
            raise ConfigError({"config": f"{chosen} must hold a mapping of settings"})
        data = loaded
        source = str(chosen)
    for key in _unknown_keys(data):
        problems[key] = "unknown setting (see config.example.yaml)"
    overridden = []
    for var, key in ENV_KEYS.items():
        if var in env:
            _set(data, key, env[var])
            overridden.append(var)
    if overridden:
        source += " + environment (" + ", ".join(overridden) + ")"

    def number(key: str, default: float, lo: float, hi: float) -> float:
        raw = _get(data, key)
        if raw is None:
            return default
        try:
            value = float(raw)
        except (TypeError, ValueError):
            problems[key] = f"expected a number of seconds, got {raw!r}"
            return default
        if not lo <= value <= hi:
            problems[key] = f"expected {lo:g} to {hi:g}, got {raw!r}"
            return default
        return value

    def choice(key: str, default: str, allowed: tuple[str, ...], upper: bool = False) -> str:
        raw = _get(data, key)
        if raw is None:
            return default
        value = str(raw).upper() if upper else str(raw).lower()
        if value not in allowed:
            problems[key] = f"got {raw!r}; allowed: {', '.join(allowed)}"
            return default
        return value

    preset = str(_get(data, "rules.preset") or "standard")
    overrides = _get(data, "rules.overrides") or {}
    rules = RuleSet()
    if not isinstance(overrides, Mapping):
        problems["rules.overrides"] = "expected a mapping of rule keys"
    else:
        try:
            rules = RuleSet.from_dict({"preset": preset, **overrides})
        except RuleSetError as err:
            key = "rules.preset" if err.key == "preset" else f"rules.overrides.{err.key}"
            problems[key] = str(err).split(": ", 1)[-1]

    guilds_raw = _get(data, "dev_guild_ids") or []
    if isinstance(guilds_raw, str):
        guilds_raw = [g for g in guilds_raw.replace(",", " ").split() if g]
    guilds: list[int] = []
    if not isinstance(guilds_raw, list | tuple):
        problems["dev_guild_ids"] = "expected a list of server ids"
    else:
        for g in guilds_raw:
            try:
                guilds.append(int(g))
            except (TypeError, ValueError):
                problems["dev_guild_ids"] = f"not a server id: {g!r}"

    log_file = _get(data, "log.file")
    settings = Settings(
        database=Path(str(_get(data, "database") or "data/jass.sqlite3")),
        rules=rules,
        rules_preset=preset,
        language=choice("language", "de", LANGUAGES),
        turn_timer_seconds=number("turn_timer_seconds", 120.0, 0, 86400),
        hand_pause_seconds=number("hand_pause_seconds", 4.0, 0, 60),
        computer_level=choice("computer.level", "club", COMPUTER_LEVELS),
        computer_delay_seconds=number("computer.delay_seconds", 1.2, 0, 30),
        dev_guild_ids=tuple(guilds),
        log_level=choice("log.level", "INFO", LOG_LEVELS, upper=True),
        log_file=Path(str(log_file)) if log_file else None,
        source=source,
    )
    if problems:
        raise ConfigError(problems)
    return settings


def token_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The bot token from ``DISCORD_TOKEN`` (stripped), or ``None``."""
    env = os.environ if env is None else env
    token = (env.get(TOKEN_ENV) or "").strip()
    return token or None
