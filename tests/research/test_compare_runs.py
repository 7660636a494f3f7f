"""``research/compare_runs.py`` pairs two arena runs on the deals both played."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from research import arena

ROOT = Path(__file__).resolve().parents[2]


def compare(*files: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "research.compare_runs", *map(str, files)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_runs_of_different_sizes_and_jobs_pair_on_their_common_deals(tmp_path: Path) -> None:
    small, large = tmp_path / "small.csv", tmp_path / "large.csv"
    assert arena.main(["--a", "club", "--b", "random", "--hands", "3", "--seed", "5", "--per-deal", str(small)]) == 0
    assert (
        arena.main(
            ["--a", "club", "--b", "random", "--hands", "6", "--seed", "5", "--jobs", "2", "--per-deal", str(large)]
        )
        == 0
    )
    # The same player on the same deals: the first three deals of the large run are the small run.
    assert large.read_text().splitlines()[:4] == small.read_text().splitlines()
    done = compare(small, large)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "deals: 3 (new: 3, base: 6)"
    assert lines[2] == "difference: +0.0000 [+0.0000, +0.0000]"


def test_a_paired_difference_is_the_difference_of_the_shares(tmp_path: Path) -> None:
    new, base = tmp_path / "new.csv", tmp_path / "base.csv"
    new.write_text("deal,points_a,points_b\n0,300,100\n1,200,200\n2,100,100\n")
    base.write_text("deal,points_a,points_b\n1,100,300\n2,100,100\n")  # deal 0 only in the new run
    done = compare(new, base)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "deals: 2 (new: 3, base: 2)"
    assert lines[1] == "point_share new: 0.5000  base: 0.3333"
    assert lines[2].startswith("difference: +0.1667 [")


def test_a_file_that_is_not_an_arena_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("x,y\n1,2\n")
    done = compare(bad, bad)
    assert done.returncode == 2
    assert "not an arena --per-deal file" in done.stderr


def test_files_without_deal_numbers_pair_row_by_row(tmp_path: Path) -> None:
    new, base = tmp_path / "new.csv", tmp_path / "base.csv"
    new.write_text("points_a,points_b\n300,100\n100,100\n")
    base.write_text("points_a,points_b\n100,100\n100,100\n")
    done = compare(new, base)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["deals: 2 (new: 2, base: 2)", "point_share new: 0.6667  base: 0.5000"]


def test_several_pairs_pool_into_one_comparison(tmp_path: Path) -> None:
    a, b, c, d = (tmp_path / f"{name}.csv" for name in "abcd")
    a.write_text("deal,points_a,points_b\n0,300,100\n")
    b.write_text("deal,points_a,points_b\n0,200,200\n")
    c.write_text("deal,points_a,points_b\n0,100,100\n")  # deal 0 of another seed: a deal of its own
    d.write_text("deal,points_a,points_b\n0,100,100\n")
    done = compare(a, b, c, d)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "deals: 2 (new: 1, base: 1; new: 1, base: 1)"
    assert lines[1] == "point_share new: 0.6667  base: 0.5000"
    assert compare(a, b, c).returncode == 2  # an odd number of files
