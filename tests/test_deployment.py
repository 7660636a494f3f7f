"""The deployment files: docker-compose runs PostgreSQL and bot processes that share the shards
between them, each reaching the database by URL, and no secret is written into the files."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.services.shards import Shards

ROOT = Path(__file__).resolve().parents[1]


def test_compose_runs_postgresql_and_two_processes_sharing_the_shards():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert services["db"]["image"].startswith("postgres:")
    assert "ports" not in services["db"]  # only the bots reach the database
    bots = {name: s for name, s in services.items() if name != "db"}
    assert len(bots) == 2
    covered: list[int] = []
    counts = set()
    for service in bots.values():
        command = service["command"]
        assert command[:4] == ["python", "-m", "bot", "run"]
        count = int(command[command.index("--shard-count") + 1])
        counts.add(count)
        covered += Shards.parse(count, command[command.index("--shards") + 1]).ids or []
        assert service["environment"]["JASS_DATABASE"].startswith("postgresql://jass:${POSTGRES_PASSWORD")
        assert service["environment"]["DISCORD_TOKEN"].startswith("${DISCORD_TOKEN")
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
    [count] = counts
    assert sorted(covered) == list(range(count))  # every shard in exactly one process
    assert (ROOT / "Dockerfile").is_file()
