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


def test_every_bot_process_has_its_metrics_reachable_and_off_the_public_port():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    bots = {name: s for name, s in compose["services"].items() if name != "db"}
    published = []
    for name, service in bots.items():
        env = service["environment"]
        assert env["JASS_WEB_METRICS_PORT"] == 9100, name
        ports = [p for p in service.get("ports", ()) if p.endswith(":9100")]
        assert len(ports) == 1 and ports[0].startswith("127.0.0.1:"), name
        published.append(ports[0].split(":")[1])
    assert len(set(published)) == len(bots)  # one host port each


def test_the_images_build_on_supported_releases_with_locked_dependencies():
    dockerfile = (ROOT / "Dockerfile").read_text()
    node = next(line for line in dockerfile.splitlines() if line.startswith("FROM node:"))
    assert int(node.split(":")[1].split("-")[0]) >= 22  # Node 20 ended on 2026-04-30
    assert "-c constraints.txt" in dockerfile
    assert "-c constraints.txt" in (ROOT / "Makefile").read_text()
    locked = {line.split("==")[0].lower().replace("_", "-").replace(".", "-")
              for line in (ROOT / "constraints.txt").read_text().splitlines() if "==" in line}  # fmt: skip
    for name in ("numpy", "pillow", "aiohttp", "discord-py", "prometheus-client", "jinja2"):
        assert name in locked, name
    project = (ROOT / "pyproject.toml").read_text()
    assert '"aiohttp' in project and '"prometheus-client' in project


def test_benchmarks_run_as_modules_without_touching_sys_path():
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        assert "sys.path.insert" not in path.read_text(encoding="utf-8"), path.name
