"""Rule overrides typed by a person: ``"weis_enabled=on, match_bonus=100"`` into rule keys.

Values read as numbers, yes/no words (on/off, true/false, yes/no, ja/nein) or plain words;
the rule set then checks keys and values (``RuleSet.from_dict``), so a bad one is refused with
its key named.
"""

from __future__ import annotations

import re
from typing import Any

from .ruleset import RuleSetError

TRUE = {"on", "true", "yes", "ja", "ein", "1"}
FALSE = {"off", "false", "no", "nein", "aus", "0"}


def parse_overrides(text: str) -> dict[str, Any]:
    """``key=value`` pairs separated by commas, semicolons or spaces; RuleSetError quotes a bad part."""
    out: dict[str, Any] = {}
    for part in (p for p in re.split(r"[,;\s]+", text.strip()) if p):
        key, sep, raw = part.partition("=")
        if not sep or not key or not raw:
            raise RuleSetError(part, "expected key=value")
        out[key.strip().lower()] = _value(key.strip().lower(), raw.strip())
    return out


def _value(key: str, raw: str) -> Any:
    word = raw.lower()
    if key in ("match_bonus", "target", "four_nines", "kontermatsch_factor", "hands_per_game") and word.isdigit():
        return int(word)
    if word in TRUE:
        return True
    if word in FALSE:
        return False
    if re.fullmatch(r"-?\d+", word):
        return int(word)
    return raw
