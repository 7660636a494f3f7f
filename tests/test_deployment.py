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
        env = service["environment"]
        assert env["JASS_DATABASE"] == "postgresql://jass@db:5432/jass"  # no password inside the URL
        assert env["PGPASSWORD"].startswith("${POSTGRES_PASSWORD")
        assert service["environment"]["DISCORD_TOKEN"].startswith("${DISCORD_TOKEN")
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
    [count] = counts
    assert sorted(covered) == list(range(count))  # every shard in exactly one process
    assert (ROOT / "Dockerfile").is_file()


def test_compose_builds_one_image_checks_health_over_tcp_and_does_not_restart_for_ever():
    """Issue 39, item 11."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    bots = [s for name, s in services.items() if name != "db"]
    assert len({s["image"] for s in bots}) == 1 and sum("build" in s for s in bots) == 1
    assert "-h 127.0.0.1" in " ".join(services["db"]["healthcheck"]["test"])
    for s in bots:
        policy = s["restart"]
        assert policy.startswith("on-failure:") and int(policy.split(":")[1]) <= 10  # exit 2 is not retried for ever
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert not any(line.strip().startswith("VOLUME") for line in dockerfile.splitlines())
