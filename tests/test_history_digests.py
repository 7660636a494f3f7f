"""The hand histories of the four kinds and the ten presets (seeds 1–5) are those stored before the kinds
became packages: a refactoring of the engine changes no deal, no card and no score."""

from pathlib import Path

from scripts.history_digests import lines

STORED = Path(__file__).parent / "fixtures" / "history_digests.txt"


def test_every_history_is_unchanged() -> None:
    stored = set(STORED.read_text(encoding="utf-8").splitlines())
    now = set(lines())
    assert len(now) == 70
    assert sorted(now - stored) == []
