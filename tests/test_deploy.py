"""The deployment files: compose.yaml parses and names only settings the code reads, with shard ranges
that split the shards between its processes; the Dockerfile installs the lock and runs as a user."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML is not installed (pip install -r requirements-dev.txt)")

ROOT = Path(__file__).resolve().parents[1]
CODE = [ROOT / "bot.py", *sorted((ROOT / "data").rglob("*.py")), *sorted((ROOT / "cogs").rglob("*.py"))]


def compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def bots() -> dict[str, dict[str, str]]:
    """Each bot service's environment (services built from this repository)."""
    services = compose()["services"]
    return {name: s["environment"] for name, s in services.items() if s.get("build") == "."}


def read_by_the_code(name: str) -> bool:
    return any(f'"{name}"' in path.read_text(encoding="utf-8") for path in CODE)


def shard_ids(spec: str) -> set[int]:
    """``0-3`` or ``0,2,5-6``: the shard ids a process runs."""
    ids: set[int] = set()
    for part in spec.split(","):
        low, _, high = part.strip().partition("-")
        ids.update(range(int(low), int(high or low) + 1))
    return ids


def test_compose_runs_postgres_and_two_bots_on_it() -> None:
    services = compose()["services"]
    assert services["postgres"]["image"].startswith("postgres:")
    assert len(bots()) >= 2
    for name, env in bots().items():
        url = env["RAMI_DATABASE_URL"]
        assert re.match(r"postgresql://rami:\$\{POSTGRES_PASSWORD\}@postgres:5432/rami$", url), name
        assert services[name]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "pgdata" in compose()["volumes"]


def test_compose_names_only_settings_the_code_reads() -> None:
    names = {key for env in bots().values() for key in env}
    assert "RAMI_DATABASE_URL" in names and read_by_the_code("RAMI_DATABASE_URL")
    sharding = {"RAMI_SHARD_COUNT", "RAMI_SHARDS"}
    if not all(read_by_the_code(name) for name in sharding):
        pytest.skip("the sharding settings (RAMI_SHARD_COUNT, RAMI_SHARDS) are not read by bot.py yet")
    unknown = sorted(name for name in names if not read_by_the_code(name))
    assert not unknown, f"compose.yaml sets settings no code reads: {unknown}"


def test_the_bots_split_the_shards_between_them() -> None:
    counts = {int(env["RAMI_SHARD_COUNT"]) for env in bots().values()}
    assert len(counts) == 1, "every process must agree on the shard count"
    (count,) = counts
    ranges = [shard_ids(env["RAMI_SHARDS"]) for env in bots().values()]
    assert sum(len(r) for r in ranges) == count and set().union(*ranges) == set(range(count))


def test_the_dockerfile_installs_the_lock_and_runs_as_a_user() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines()]
    steps = [line for line in lines if line and not line.startswith("#")]
    assert re.match(r"FROM python:3\.\d+-slim$", steps[0])
    assert any("pip install --require-hashes -r requirements.txt" in step for step in steps)
    users = [step.split()[1] for step in steps if step.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    assert any(step.startswith("VOLUME") and "/data" in step for step in steps)
    assert steps[-1] == 'CMD ["python", "bot.py"]'


def test_the_bots_time_zone_needs_no_zone_files_of_the_system() -> None:
    """A slim image may have no /usr/share/zoneinfo: the locked tzdata package gives zoneinfo the
    bot's default zone (a tournament's start time) with the system's zone files hidden."""
    assert "\ntzdata==" in (ROOT / "requirements.txt").read_text(encoding="utf-8")
    script = "from service.tournament_time import DEFAULT_ZONE, zone; print(zone(DEFAULT_ZONE).key)"
    env = {"PYTHONTZPATH": "", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "Europe/Paris", done.stderr
