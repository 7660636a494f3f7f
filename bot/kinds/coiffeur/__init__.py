"""Coiffeur: two teams, each plays every row of the Tafel exactly once (docs/rules-variants.md)."""

from bot.rules.kinds import TEAM_PHASES, GameKind

from .texts import MESSAGES

_KEYS = {"game": "coiffeur", "weis_enabled": False}  # Coiffeur is played without Weis

KIND = GameKind(
    "coiffeur", individual=False, phases=TEAM_PHASES, result="tafel", keys=_KEYS,
    commands=("ChooseContract", "Schieben", "PlayCard"),
    blurbs={"de": "jedes Team spielt jede Zeile der Tafel genau einmal",
            "en": "each team plays every row of the Tafel exactly once"},
    # extra contracts asked for with Coiffeur become a Joker row's choices
    options={"extras_as": {"coiffeur_joker_choices": "any"}},
    texts=MESSAGES,
    presets={
        # the 8-row Tafel of the Jassreglement, no Weis, no target
        "coiffeur": _KEYS,
        # 10 rows with Slalom and Guschti 5/4 (Swisslos's "auf 10 Runden")
        "coiffeur-ten": {**_KEYS, "coiffeur_tafel": "ten"},
        # jassen.ch's Tafel: Rose ×1, Eichel ×2, then as "ten"
        "coiffeur-jassen-ch": {**_KEYS, "coiffeur_tafel": "jassen_ch"},
    },
)  # fmt: skip
