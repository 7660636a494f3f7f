"""Settings: YAML + environment, validation with the key, check-config and run without a token."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, load_settings, token_from_env

ROOT = Path(__file__).resolve().parents[1]


def test_example_file_documents_the_defaults():
    settings = load_settings(ROOT / "config.example.yaml", env={})
    defaults = Settings()
    for name in (
        "database",
        "rules",
        "language",
        "turn_timer_seconds",
        "hand_pause_seconds",
        "computer_level",
        "computer_delay_seconds",
        "dev_guild_ids",
        "log_level",
        "log_file",
    ):
        assert getattr(settings, name) == getattr(defaults, name), name


def test_yaml_and_environment(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(
        "rules:\n  preset: swisslos\n  overrides:\n    target: 3000\nlanguage: en\ndev_guild_ids: [123, 456]\n"
    )
    s = load_settings(
        path, env={"JASS_TURN_TIMER_SECONDS": "0", "JASS_LOG_LEVEL": "debug", "JASS_DEV_GUILD_IDS": "7,8"}
    )
    assert s.rules.multiplier_profile == "swiss_3_3" and s.rules.target == 3000
    assert s.language == "en" and s.turn_timer_seconds == 0 and s.log_level == "DEBUG"
    assert s.dev_guild_ids == (7, 8)  # the environment wins
    assert "environment" in s.source


def test_every_bad_value_is_reported_with_its_key(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(
        "language: fr\nturn_timer_seconds: soon\ncomputer:\n  level: genius\n"
        "rules:\n  overrides:\n    target: lots\ncolour: red\ndev_guild_ids: [abc]\n"
    )
    with pytest.raises(ConfigError) as err:
        load_settings(path, env={})
    assert set(err.value.problems) == {
        "language",
        "turn_timer_seconds",
        "computer.level",
        "rules.overrides.target",
        "colour",
        "dev_guild_ids",
    }
    assert "de, en" in err.value.problems["language"]


def test_bad_files(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_settings(tmp_path / "missing.yaml", env={})
    broken = tmp_path / "b.yaml"
    broken.write_text("rules: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_settings(broken, env={})
    listed = tmp_path / "l.yaml"
    listed.write_text("- a\n- b\n")
    with pytest.raises(ConfigError, match="mapping"):
        load_settings(listed, env={})


def test_token_only_from_the_environment():
    assert token_from_env({"DISCORD_TOKEN": "  abc  "}) == "abc"
    assert token_from_env({}) is None
    assert "token" not in {f.lower() for f in Settings.__dataclass_fields__}


def run_bot(*args, env=None, cwd=ROOT):
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("JASS_")}
    clean.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=clean,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def test_run_without_token_explains_what_to_do(tmp_path):
    out = run_bot(cwd=tmp_path, env={"PYTHONPATH": str(ROOT)})
    assert out.returncode == 2
    assert "DISCORD_TOKEN" in out.stderr and "make play" in out.stderr and "applications.commands" in out.stderr


def test_check_config(tmp_path):
    good = run_bot("--config", str(ROOT / "config.example.yaml"), "check-config", env={"DISCORD_TOKEN": "s3cr3t"})
    assert good.returncode == 0 and "settings OK" in good.stdout
    assert "DISCORD_TOKEN: set" in good.stdout and "s3cr3t" not in good.stdout + good.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("language: fr\n")
    out = run_bot("--config", str(bad), "check-config")
    assert out.returncode == 2 and "language" in out.stderr


@pytest.mark.parametrize(
    "text, key",
    [
        ("turn_timer_seconds: true\n", "turn_timer_seconds"),
        ("turn_timer_seconds: yes\n", "turn_timer_seconds"),
        ("rules: swisslos\n", "rules"),
        ("computer: 5\n", "computer"),
        ("log: debug\n", "log"),
        ("database:\n  path: x.sqlite3\n", "database"),
        ("limits:\n  tables_per_channel: 2.5\n", "limits.tables_per_channel"),
        ("dev_guild_ids: [true]\n", "dev_guild_ids"),
    ],
)
def test_values_of_the_wrong_kind_are_refused_with_their_key(tmp_path, text, key):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_settings(path, env={})
    assert key in err.value.problems, err.value.problems


def test_every_bad_rule_override_is_reported(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("rules:\n  overrides:\n    target: lots\n    berg: maybe\n    colour: red\n")
    with pytest.raises(ConfigError) as err:
        load_settings(path, env={})
    assert {"rules.overrides.target", "rules.overrides.berg", "rules.overrides.colour"} <= set(err.value.problems)


def test_environment_problems_name_the_variable():
    with pytest.raises(ConfigError) as err:
        load_settings(None, env={"JASS_TURN_TIMER_SECONDS": "yes", "JASS_TABLES_PER_USER": "-1"})
    assert "JASS_TURN_TIMER_SECONDS" in err.value.problems["turn_timer_seconds"]
    assert "limits.tables_per_user" in err.value.problems


def test_limits_are_settings():
    s = load_settings(None, env={"JASS_TABLES_PER_CHANNEL": "1", "JASS_TABLES_PER_USER": "0"})
    assert (s.tables_per_channel, s.tables_per_user) == (1, 0)
    assert Settings().tables_per_channel == 3


def test_every_setting_is_declared_once_and_documented():
    """The options table drives the defaults, the environment, check-config and the example file."""
    from bot.config import OPTIONS, SERVER_OPTIONS
    from bot.storage.db import GUILD_KEYS

    example = (ROOT / "config.example.yaml").read_text(encoding="utf-8")
    defaults = Settings()
    lines = defaults.describe()
    for option in OPTIONS:
        if option.kind != "overrides":
            assert getattr(defaults, option.attr) == option.default, option.key
        assert option.key.split(".")[-1] + ":" in example, option.key
        if option.env:
            assert option.env in example, option.env
        assert any(line.startswith(option.key + ":") for line in lines), option.key
    assert tuple(o.key for o in SERVER_OPTIONS) == GUILD_KEYS


def test_server_settings_are_checked_against_the_same_limits():
    from bot.config import TARGET_MAX, valid_server_settings

    good, bad = valid_server_settings(
        {"preset": "swisslos", "target": TARGET_MAX + 1, "deck": "french", "turn_timer": True, "colour": "red"}
    )
    assert good == {"preset": "swisslos", "deck": "french"}
    assert set(bad) == {"target", "turn_timer", "colour"}


def test_a_tab_in_the_settings_file_names_the_file(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("web:\n\tport: 8080\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_settings(path, env={})
    assert str(path) in err.value.problems["config"].split("is not valid YAML")[1]
    assert "<unicode string>" not in str(err.value)


def test_trusted_proxies_are_addresses_or_networks():
    s = load_settings(None, env={"JASS_WEB_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8 fd00::/8"})
    assert s.web_trusted_proxies == ("127.0.0.1/32", "10.0.0.0/8", "fd00::/8")
    with pytest.raises(ConfigError, match=r"web\.trusted_proxies"):
        load_settings(None, env={"JASS_WEB_TRUSTED_PROXIES": "10.0.0.0/8, proxy.example"})


def test_server_ids_are_ascii_digits():
    with pytest.raises(ConfigError, match="not a server id"):
        load_settings(None, env={"JASS_DEV_GUILD_IDS": "123, ²"})
    assert load_settings(None, env={"JASS_DEV_GUILD_IDS": "123, 456"}).dev_guild_ids == (123, 456)
