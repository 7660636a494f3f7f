"""The documents say what the code does (issue 52, item 22): each checked against the code."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from bot.rules import PRESETS, RuleSet

ROOT = Path(__file__).resolve().parents[1]


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def test_the_config_example_lists_every_preset_and_points_at_sections_that_exist():
    example = read("config.example.yaml")
    presets = re.search(r"# Presets: (.*?)\.\n", example, re.S)
    assert presets, "a line listing the presets"
    listed = {p.strip() for p in presets[1].replace("#", " ").replace("\n", " ").split(",")}
    assert listed == set(PRESETS)
    for doc, section in re.findall(r"\((?:every one with its values: )?([\w/.]+), \"([^\"]+)\"\)", example):
        text = read(doc if doc != "README" else "README.md")
        assert re.search(rf"^#+ {re.escape(section)}\s*$", text, re.M), (doc, section)
    for section in re.findall(r"README,\s*#?\s*\"([^\"]+)\"", example):
        assert re.search(rf"^#+ {re.escape(section)}", read("README.md"), re.M), section


def test_the_rules_doc_lists_every_rule_key_and_preset():
    doc = read("docs/rules.md")
    table = doc[doc.index("## 16. Rule keys") :]
    table = table[: table.index("\n## ")]
    for f in fields(RuleSet):
        assert f"| `{f.name}` |" in table, f.name
    for preset in PRESETS:
        assert f"`{preset}`" in table, preset


def test_the_readme_names_every_option_of_jass_new():
    from cogs.jass import Jass

    command = next(c for c in Jass.__cog_app_commands__[0].commands if c.name == "new")
    row = next(line for line in read("README.md").splitlines() if line.startswith("| `/jass new"))
    for parameter in command.parameters:
        assert f"[{parameter.name}]" in row, parameter.name


def test_the_readme_tells_the_exit_codes_through_make_as_well():
    readme = read("README.md")
    assert "exit code 3" in readme and "Through `make run`, make ends with its own 2" in readme


def test_the_history_format_names_coiffeur_parts_and_the_kinds_fields():
    doc = read("docs/history-format.md")
    coiffeur = doc[doc.index("Coiffeur: `row`") :][:400]
    assert "`parts`" in coiffeur
    assert "no `berg` or `schneider`" in doc and "and no Berg or Schneider" in doc


def test_the_architecture_tells_every_game_kind_and_its_phases():
    doc = read("docs/architecture.md")
    what = doc[doc.index("## 1.") : doc.index("## 2.")]
    for kind in ("Schieber", "Coiffeur", "Differenzler", "Molotow"):
        assert kind in what
    phases = doc[doc.index("Phases:") :][:900]
    assert "`predict`" in phases and "Molotow has no contract phase" in phases
    layers = doc[doc.index("## 2.") : doc.index("### Every module")]
    for imported in ("bot/rules", "bot/tournament, bot/stats", "bot/client", "bot/config"):
        assert f"──> {imported}" in layers or f"··> {imported}" in layers, imported
    door = "Among the layers that serve the Discord layer, `bot/services` is the only door"
    assert door in layers.replace("\n  ", " ")


def test_the_readme_does_not_promise_a_quick_test_run_under_a_minute():
    row = next(line for line in read("README.md").splitlines() if line.startswith("| `make test-quick`"))
    assert "under a minute" not in row and "minutes" in row
    assert '-n 2 -m "not slow"' in read("Makefile")
