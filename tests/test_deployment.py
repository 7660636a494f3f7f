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


def test_compose_builds_one_image_checks_health_and_restarts_with_back_off():
    """Issue 39, item 11; issue 52, item 21: a short outage at boot must not stop a bot for good
    (``on-failure:5`` did), so the bots restart until stopped (Docker backs off to a minute), and
    Docker checks their health with the heartbeat command."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    bots = [s for name, s in services.items() if name != "db"]
    assert len({s["image"] for s in bots}) == 1 and sum("build" in s for s in bots) == 1
    assert "-h 127.0.0.1" in " ".join(services["db"]["healthcheck"]["test"])
    for s in bots:
        assert s["restart"] == "unless-stopped"
        assert s["healthcheck"]["test"] == ["CMD", "python", "-m", "bot", "health"]
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "HEALTHCHECK" in dockerfile and '"bot", "health"' in dockerfile
    assert not any(line.strip().startswith("VOLUME") for line in dockerfile.splitlines())
