"""German and English for commands and messages; the language follows the user's locale."""

from __future__ import annotations

LANGS = ("de", "en")

#: Command names/descriptions, by key: {lang: text}.  English is the default name.
COMMAND_TEXTS: dict[str, dict[str, str]] = {
    "rules.name": {"en": "rules", "de": "regeln"},
    "rules.description": {"en": "Look up a Schieber rule", "de": "Eine Schieber-Regel nachschlagen"},
    "rules.topic.name": {"en": "topic", "de": "thema"},
    "rules.topic.description": {"en": "What you want to know, e.g. Weis, Stöck, Undenufe",
                                "de": "Was du wissen willst, z. B. Weis, Stöck, Undenufe"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "rules.unknown": {"de": "Dazu habe ich keine Regel gefunden. Versuche z. B. «Weis», «Stöck» oder «Schieben».",
                      "en": "I found no rule for that. Try e.g. “Weis”, “Stöck” or “Schieben”."},
    "rules.source": {"de": "Regel {section}", "en": "Rule {section}"},
}


def language_of(locale: str | None, fallback: str = "de") -> str:
    """``de`` for German locales, ``en`` for English ones, else ``fallback``."""
    if locale:
        code = str(locale).lower()
        if code.startswith("de"):
            return "de"
        if code.startswith("en"):
            return "en"
    return fallback if fallback in LANGS else "de"


def message(key: str, lang: str, **values: object) -> str:
    text = MESSAGES[key].get(lang) or MESSAGES[key]["en"]
    return text.format(**values)
