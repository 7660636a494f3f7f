"""The oracle probe of ``research/oracle_ceiling.py`` still fits the search player it extends."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_oracle_ceiling_plays_a_deal_with_the_true_cards() -> None:
    # The probe overrides SearchPlayer._worlds; a changed signature there broke it once unnoticed.
    command = [sys.executable, "-m", "research.oracle_ceiling", "--b", "rules", "--deals", "1", "--seed", "3"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    share = float(done.stdout.split("point_share_oracle:")[1].split()[0])
    assert 0.0 <= share <= 1.0
