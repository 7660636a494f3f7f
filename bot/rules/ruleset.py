"""The rule set: every configuration key of docs/rules.md §16, presets, validation.

>>> RuleSet().target
2500
>>> RuleSet.preset("swisslos").multiplier_profile
'swiss_3_3'
>>> RuleSet.from_dict({"preset": "single-1000", "berg": 400}).berg
400
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, get_args

from .contracts import MULTIPLIER_PROFILES
from .kinds import KINDS, find_kind, kind_names


class RuleSetError(ValueError):
    """A bad rule-set key or value; the message names the key and what is allowed."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key


FirstForehand = Literal["rose7", "right_of_dealer"]
FrenchMap = Literal["official", "jass_manual", "parlett", "coiffeur"]
UndenufeValues = Literal["modern", "legacy"]
MultiplierProfile = Literal["classic", "swiss_3_3", "ascending", "single"]
WeisMode = Literal["auto", "manual"]
WeisSequences = Literal["big", "small", "plus20"]
LowQuartets = Literal["always", "never", "sixes_in_undenufe_only"]
WeisTieKind = Literal["more_cards", "quartet_first", "pagat_list", "height_only"]
EndMode = Literal["auto", "bedanken"]
AusmachBlock = Literal["stoeck", "weis", "stich"]
DiffTrump = Literal["random", "bottom_card"]
DiffPredictions = Literal["hidden", "open"]
DiffZeroBonus = Literal["never", "needs_zero_trick"]
DiffStoeck = Literal["off", "add", "add_or_subtract"]
MolotowHandWeis = Literal["each_player", "off"]
MolotowStoeck = Literal["lenient", "strict", "off"]
MolotowTableWeis = Literal["sequence_quartet", "sequence", "off"]
MixedValues = Literal["obenabe", "per_trick"]
VariantLeader = Literal["forehand", "maker"]
CoiffeurTafel = Literal["reglement8", "ten", "jassen_ch"]
CoiffeurShove = Literal["round", "partner"]
JokerChoices = Literal["suits_obe_unde", "any"]
CoiffeurStoeck = Literal["except_joker", "off", "always"]
CoiffeurKontermatsch = Literal["zero", "negative"]
ExtraFamily = Literal["slalom", "gusti", "tuo", "misere"]

#: The values each choice key takes: the literal types above, declared once.
_CHOICES: dict[str, tuple[str, ...]] = {
    "first_forehand": get_args(FirstForehand),
    "french_map": get_args(FrenchMap),
    "undenufe_values": get_args(UndenufeValues),
    "multiplier_profile": get_args(MultiplierProfile),
    "weis_mode": get_args(WeisMode),
    "weis_sequences": get_args(WeisSequences),
    "low_quartets": get_args(LowQuartets),
    "weis_tie_kind": get_args(WeisTieKind),
    "end_mode": get_args(EndMode),
    "mixed_values": get_args(MixedValues),
    "variant_leader": get_args(VariantLeader),
    "coiffeur_tafel": get_args(CoiffeurTafel),
    "coiffeur_shove": get_args(CoiffeurShove),
    "coiffeur_joker_choices": get_args(JokerChoices),
    "coiffeur_stoeck": get_args(CoiffeurStoeck),
    "coiffeur_kontermatsch": get_args(CoiffeurKontermatsch),
    "differenzler_trump": get_args(DiffTrump),
    "differenzler_predictions": get_args(DiffPredictions),
    "differenzler_zero_bonus": get_args(DiffZeroBonus),
    "differenzler_stoeck": get_args(DiffStoeck),
    "molotow_hand_weis": get_args(MolotowHandWeis),
    "molotow_stoeck": get_args(MolotowStoeck),
    "molotow_table_weis": get_args(MolotowTableWeis),
}
_BOOLS = (
    "allow_obe_unde",
    "allow_schieben_back",
    "trump_anytime",
    "undertrump_when_void",
    "puur_exemption",
    "weis_enabled",
    "kreuzweis",
    "stoeck_enabled",
    "stoeck_auto",
    "stoeck_preshow",
    "molotow_double_last",
)
#: int keys: (minimum, maximum)
_INTS: dict[str, tuple[int, int]] = {
    "target": (100, 1_000_000),
    "match_bonus": (0, 10_000),
    "kontermatsch_factor": (1, 10),
    "hands_per_game": (0, 1000),
}
_FOUR_NINES = (0, 100, 150)
AUSMACH_BLOCKS: tuple[AusmachBlock, AusmachBlock, AusmachBlock] = ("stoeck", "weis", "stich")


#: Keys older versions accepted and stored with a table's rules, now gone: why.
RETIRED_KEYS: dict[str, str] = {}
EXTRA_FAMILIES: tuple[ExtraFamily, ...] = get_args(ExtraFamily)


@dataclass(frozen=True)
class RuleSet:
    """Every rule switch of docs/rules.md §16, with its recommended default.

    ``hands_per_game`` (not in §16) makes a game a fixed number of hands, as in
    tournament Passen; 0 means the game runs to ``target``.
    """

    first_forehand: FirstForehand = "rose7"
    french_map: FrenchMap = "official"
    allow_obe_unde: bool = True
    allow_schieben_back: bool = False
    trump_anytime: bool = True
    undertrump_when_void: bool = False
    puur_exemption: bool = True
    undenufe_values: UndenufeValues = "modern"
    multiplier_profile: MultiplierProfile = "classic"
    target: int = 2500
    match_bonus: int = 100
    kontermatsch_factor: int = 1
    weis_enabled: bool = True
    weis_mode: WeisMode = "auto"
    weis_sequences: WeisSequences = "big"
    low_quartets: LowQuartets = "always"
    four_nines: int = 150
    kreuzweis: bool = True
    weis_tie_kind: WeisTieKind = "more_cards"
    stoeck_enabled: bool = True
    stoeck_auto: bool = True
    stoeck_preshow: bool = True
    ausmach_order: tuple[AusmachBlock, AusmachBlock, AusmachBlock] = AUSMACH_BLOCKS
    end_mode: EndMode = "auto"
    berg: str | int = "half"
    schneider: str | int = "half"
    hands_per_game: int = 0
    # The game and the extra contracts (docs/rules-variants.md).
    game: str = "schieber"  # a registered game kind (bot/rules/kinds.py)
    extra_contracts: tuple[ExtraFamily, ...] = ()  # Schieber: the extra contracts a maker may name
    mixed_values: MixedValues = "obenabe"
    variant_leader: VariantLeader = "forehand"
    coiffeur_tafel: CoiffeurTafel = "reglement8"
    coiffeur_shove: CoiffeurShove = "round"
    coiffeur_joker_choices: JokerChoices = "suits_obe_unde"
    coiffeur_stoeck: CoiffeurStoeck = "except_joker"
    coiffeur_kontermatsch: CoiffeurKontermatsch = "zero"
    differenzler_trump: DiffTrump = "random"
    differenzler_predictions: DiffPredictions = "hidden"
    differenzler_zero_bonus: DiffZeroBonus = "never"
    differenzler_stoeck: DiffStoeck = "off"
    molotow_hand_weis: MolotowHandWeis = "each_player"
    molotow_stoeck: MolotowStoeck = "lenient"
    molotow_table_weis: MolotowTableWeis = "sequence_quartet"
    molotow_double_last: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            object.__setattr__(self, f.name, _coerce(f.name, getattr(self, f.name)))

    # -- construction -------------------------------------------------------------

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> RuleSet:
        """A named preset (see :data:`PRESETS`), with optional overrides."""
        if name not in PRESETS:
            raise RuleSetError("preset", f"unknown preset {name!r}; one of {', '.join(PRESETS)}")
        return cls.from_dict({**PRESETS[name], **overrides})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], stored: bool = False) -> RuleSet:
        """Build from a plain mapping (e.g. YAML).  ``preset`` selects the base values.

        Unknown keys and bad values raise :class:`RuleSetError` naming the key.  ``stored``:
        the rules of a table as an older version recorded them, whose retired keys
        (:data:`RETIRED_KEYS`) are dropped instead of refused.
        """
        if not isinstance(data, Mapping):
            raise RuleSetError("rules", f"expected a mapping of rule keys, got {type(data).__name__}")
        data = dict(data)
        for key in RETIRED_KEYS:
            if key in data:
                if not stored:
                    raise RuleSetError(key, RETIRED_KEYS[key])
                del data[key]
        base: dict[str, Any] = {}
        if "preset" in data:
            name = data.pop("preset")
            if name not in PRESETS:
                raise RuleSetError("preset", f"unknown preset {name!r}; one of {', '.join(PRESETS)}")
            base = dict(PRESETS[name])
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RuleSetError(str(key), f"unknown rule key; known keys: {', '.join(sorted(known))}")
        return cls(**{**base, **data})

    def with_changes(self, **changes: Any) -> RuleSet:
        """A copy with some keys changed (validated)."""
        return replace(self, **changes)

    @property
    def individual_hands(self) -> int:
        """The hands of a game of individuals: ``hands_per_game``, else the game's own number."""
        return find_kind(self.game).hands(self.hands_per_game)

    def one_hand(self, stoeck: bool) -> RuleSet:
        """The rules the hand engine plays one hand of Coiffeur or Differenzler under: card points
        ×1, no Weis, no target, Berg or Schneider (the game scores the hand itself); ``stoeck``:
        Stöck are found and credited (the game decides whether they count)."""
        return self.with_changes(multiplier_profile="single", weis_enabled=False, target=1_000_000, berg="off",
                                 schneider="off", hands_per_game=0, end_mode="auto", stoeck_enabled=stoeck,
                                 stoeck_preshow=False)  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """Every key with its value, JSON/YAML friendly."""
        d = asdict(self)
        d["ausmach_order"] = list(self.ausmach_order)
        d["extra_contracts"] = list(self.extra_contracts)
        return d

    # -- derived values -----------------------------------------------------------

    @property
    def multipliers(self) -> tuple[int, int, int, int, int, int]:
        return MULTIPLIER_PROFILES[self.multiplier_profile]

    def multiplier(self, contract: int) -> int:
        """The factor ``m(contract)`` of docs/rules.md §9."""
        return MULTIPLIER_PROFILES[self.multiplier_profile][contract]

    @property
    def berg_mark(self) -> int | None:
        """The Bergpreis threshold, or ``None`` when off."""
        if self.berg == "off":
            return None
        if self.berg == "half":
            return self.target // 2
        return int(self.berg)

    @property
    def schneider_mark(self) -> int | None:
        """Losers strictly below this total are Schneider; ``None`` when off."""
        if self.schneider == "off":
            return None
        if self.schneider == "half":
            return self.target // 2
        return int(self.schneider)

    @property
    def undenufe_legacy(self) -> bool:
        return self.undenufe_values == "legacy"


def _coerce(key: str, value: Any) -> Any:
    """Validate (and normalise strings from the command line) one key's value."""
    if key in _BOOLS:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
            return False
        raise RuleSetError(key, f"expected true or false, got {value!r}")
    if key == "game":
        if isinstance(value, str) and value in KINDS:
            return value
        raise RuleSetError(key, f"got {value!r}; allowed: {', '.join(kind_names())}")
    if key in _CHOICES:
        if isinstance(value, str) and value in _CHOICES[key]:
            return value
        raise RuleSetError(key, f"got {value!r}; allowed: {', '.join(_CHOICES[key])}")
    if key in _INTS:
        lo, hi = _INTS[key]
        number = _as_int(value)
        if number is None or not lo <= number <= hi:
            raise RuleSetError(key, f"expected a whole number from {lo} to {hi}, got {value!r}")
        return number
    if key == "four_nines":
        number = _as_int(value)
        if number not in _FOUR_NINES:
            allowed = ", ".join(map(str, _FOUR_NINES))
            raise RuleSetError(key, f"got {value!r}; allowed: {allowed} (0: four 9s do not count)")
        return number
    if key in ("berg", "schneider"):
        if value in ("half", "off"):
            return value
        number = _as_int(value)
        if number is None or number < 1:
            raise RuleSetError(key, f"got {value!r}; allowed: half, off or a positive number")
        return number
    if key == "ausmach_order":
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        try:
            order = tuple(str(v) for v in items)
        except TypeError:
            order = ()
        if sorted(order) != sorted(AUSMACH_BLOCKS):
            raise RuleSetError(key, f"got {value!r}; allowed: any order of {', '.join(AUSMACH_BLOCKS)}")
        return order
    if key == "extra_contracts":
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        try:
            chosen = tuple(str(v) for v in items)
        except TypeError:
            chosen = ("?",)
        if any(v not in EXTRA_FAMILIES for v in chosen) or len(set(chosen)) != len(chosen):
            raise RuleSetError(key, f"got {value!r}; allowed: any of {', '.join(EXTRA_FAMILIES)} (each once)")
        return tuple(v for v in EXTRA_FAMILIES if v in chosen)
    raise RuleSetError(key, "unknown rule key")


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.replace("'", "").replace("_", ""))
        except ValueError:
            return None
    return None


#: The keys a game needs where it is chosen over a preset (``/jass new game:``, ``play --game``):
#: each built-in kind's ``keys`` (bot/rules/kinds.py).
class _GameKeys(Mapping[str, Mapping[str, Any]]):
    """Each registered kind's ``keys``, read when asked (a kind installed later is in it)."""

    def __getitem__(self, name: str) -> Mapping[str, Any]:
        if name not in KINDS:
            raise KeyError(name)
        return KINDS[name].keys

    def __iter__(self) -> Iterator[str]:
        return iter(KINDS)

    def __len__(self) -> int:
        return len(KINDS)


GAME_KEYS: Mapping[str, Mapping[str, Any]] = _GameKeys()


def for_game(rules: Mapping[str, Any], game: str | None) -> dict[str, Any]:
    """The rules of a table of ``game`` built on ``rules`` (a preset and keys, or every key):
    the game's keys (:data:`GAME_KEYS`) unless its own preset was chosen. Extra contracts become
    a Coiffeur's Joker choices (``coiffeur_joker_choices: any``); a game of individuals refuses them.

    >>> for_game({"preset": "extras"}, "coiffeur")["coiffeur_joker_choices"]
    'any'
    >>> for_game({"preset": "extras"}, "molotow")
    Traceback (most recent call last):
    ...
    bot.rules.ruleset.RuleSetError: extra_contracts: molotow chooses no contract, so it has no extra contracts
    """
    out = dict(rules)
    if game is None or game not in KINDS or str(out.get("preset", "")).startswith(game):
        return out
    kind = find_kind(game)
    out.update(kind.keys)
    preset = PRESETS.get(str(out.get("preset", "")), {})
    if out.get("extra_contracts", preset.get("extra_contracts", ())):
        if not kind.chooses_contract:
            raise RuleSetError("extra_contracts", f"{game} chooses no contract, so it has no extra contracts")
        out.update(kind.options.get("extras_as", {}))  # Coiffeur: a Joker row may be every extra contract
    return out


def extras_as_jokers(rules: Mapping[str, Any]) -> bool:
    """Whether a table's rules (as :func:`for_game` gives them) let a Joker row be played as every
    extra contract: worth telling the host who asked for the extras.

    >>> extras_as_jokers(for_game({"preset": "extras"}, "coiffeur")), extras_as_jokers({"preset": "extras"})
    (True, False)
    """
    game = rules.get("game")
    if not isinstance(game, str) or game not in KINDS:
        return False
    extras_as = KINDS[game].options.get("extras_as", {})
    return bool(extras_as) and all(rules.get(key) == value for key, value in extras_as.items())


#: Named presets of the shared rules: the values that differ from the §16 defaults.
_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "swisslos": {"multiplier_profile": "swiss_3_3", "target": 2500},
    "single-1000": {"multiplier_profile": "single", "target": 1000},
    # No source gives a target for 1..6; ~4000 keeps the game length of 'classic' at 2500.
    "ascending": {"multiplier_profile": "ascending", "target": 4000},
    # Preisjassen: all x1, no Weis, no Stöck, a Match is only 157, a Passe of 12 hands.
    "tournament": {
        "multiplier_profile": "single",
        "target": 1000,
        "weis_enabled": False,
        "stoeck_enabled": False,
        "match_bonus": 0,
        "hands_per_game": 12,
        "berg": "off",
        "schneider": "off",
    },
    # Seed 004's reading: no trumping while able to follow, Weis-Stöck-Stich.
    "app": {"trump_anytime": False, "ausmach_order": ("weis", "stoeck", "stich")},
    # Schieber with every extra contract a maker may name (factors as Undenufe, Misère ×1; docs/rules-variants.md).
    "extras": {"extra_contracts": ("slalom", "gusti", "tuo", "misere")},
}


class _Presets(Mapping[str, Mapping[str, Any]]):
    """Every preset: the shared ones, then each registered kind's own (``GameKind.presets``), read when asked."""

    def _all(self) -> dict[str, Mapping[str, Any]]:
        out: dict[str, Mapping[str, Any]] = dict(_PRESETS)
        for kind in KINDS.values():
            out.update(kind.presets)
        return out

    def __getitem__(self, name: str) -> Mapping[str, Any]:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: Named presets (a kind's presets are among them once it is registered).
PRESETS: Mapping[str, Mapping[str, Any]] = _Presets()
