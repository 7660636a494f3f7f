"""The seeds of a hand: the commitment published before it is played, and the first dealer drawn from it."""

from __future__ import annotations

import hashlib


def commitment_of(seed: str) -> str:
    """The published commitment of a hand: the SHA-256 hex digest of the seed's UTF-8 bytes."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def first_dealer(seed: str) -> int:
    """Dealer of a game's first hand, drawn from the hand's seed (cosmetic, docs/rules.md §4)."""
    return hashlib.sha256((seed + ":dealer").encode("utf-8")).digest()[0] % 4
