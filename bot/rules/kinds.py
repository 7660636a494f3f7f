"""The game kinds: what each game is, declared once, and the registry every layer asks.

A :class:`GameKind` names a game's seat model (teams of two or four individuals), its phases, the
commands it accepts, how long a game is, what its result and rating are and which tournament
formats it allows. Each kind is a package of ``bot/kinds`` (or anywhere) that declares its ``GameKind`` as ``KIND``;
``bot/kinds/__init__.py`` installs them, one line each, and finds a kind's other parts (engine,
players, terminal, presenter, web) in its package. Shared code asks the kind object, never tests its
name (docs/adding-a-game.md).

>>> find_kind("molotow").individual, find_kind("schieber").individual
(True, False)
>>> find_kind("differenzler").hands(0), find_kind("differenzler").hands(5)
(12, 5)
>>> kind_for_format("differenzler").name, kind_for_format("pairs").name
('differenzler', 'schieber')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

#: How a game ends and who wins: team points to a target, a filled Tafel, the lowest total of individuals.
Result = Literal["points", "tafel", "penalty"]


@dataclass(frozen=True)
class GameKind:
    """A game the bot plays (the rules-level facts; the other layers register their parts by ``name``)."""

    name: str
    individual: bool  # True: four players each for themselves; False: two teams, partners opposite
    phases: tuple[str, ...]  # the phases a hand goes through (``bot.game.Phase`` values)
    commands: tuple[str, ...]  # the decisions of a hand it accepts (``bot.game`` command classes)
    keys: Mapping[str, Any]  # the rule keys a table of this game needs (``/jass new game:``)
    result: Result
    default_hands: int = 0  # hands of a game when ``hands_per_game`` is 0 (0: to a target or a full Tafel)
    players: int = 4
    formats: tuple[str, ...] = ()  # tournament formats that play this game
    rating: str = ""  # the leaderboard its games are rated on ("" : the game's own name)
    chooses_contract: bool = True  # a player names the contract (so extra contracts can be named)
    first_forehand_rule: bool = True  # the first hand's forehand follows ``first_forehand`` (else: right of dealer)
    options: Mapping[str, Any] = field(default_factory=dict)  # anything a layer wants to know beyond these
    titles: Mapping[str, str] = field(default_factory=dict)  # its name shown, by language ("" : the name)
    blurbs: Mapping[str, str] = field(default_factory=dict)  # what the game is, in a few words, by language
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # its own texts: key -> {lang: text}
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # rule presets of its own, by name

    def title(self, lang: str) -> str:
        """The game's name as people see it, in ``lang`` (a kind without one: its name, capitalised).

        >>> GameKind("jass-du-jour", True, (), (), {}, "penalty").title("de")
        'Jass-du-jour'
        """
        return self.titles.get(lang) or self.titles.get("en") or self.name.capitalize()

    def hands(self, hands_per_game: int) -> int:
        """The hands of a game of this kind: ``hands_per_game`` if set, else the kind's own number."""
        return hands_per_game or self.default_hands

    @property
    def leaderboard(self) -> str:
        """The leaderboard (and rating) its games count for."""
        return self.rating or self.name

    @property
    def sides(self) -> int:
        """How many sides score: four individuals, or two teams."""
        return self.players if self.individual else 2

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for: the seat itself, or its team (seats 0 and 2, 1 and 3)."""
        return seat if self.individual else seat % 2

    @property
    def own_leaderboard(self) -> bool:
        """Its games are rated on a leaderboard of their own (not on Schieber's rating)."""
        return not self.rating

    @property
    def lowest_wins(self) -> bool:
        return self.result == "penalty"


#: The phases of a hand of a team game with a contract (Schieber, Coiffeur).
TEAM_PHASES = ("contract", "play", "hand_over", "game_over")
_KINDS: dict[str, GameKind] = {}
#: Every registered kind by name (read it; :func:`register_kind` adds one).
KINDS: Mapping[str, GameKind] = _KINDS


def register_kind(kind: GameKind) -> GameKind:
    """Add ``kind`` to the registry (a game kind's module calls this once; a test may add its own)."""
    _KINDS[kind.name] = kind
    return kind


def unregister_kind(name: str) -> None:
    """Remove a kind (tests that registered a kind of their own clean up with this)."""
    _KINDS.pop(name, None)


def find_kind(name: str) -> GameKind:
    """The kind called ``name`` (KeyError names the known ones)."""
    try:
        return _KINDS[name]
    except KeyError:
        raise KeyError(f"unknown game kind {name!r}; one of {', '.join(_KINDS)}") from None


def kind_names() -> tuple[str, ...]:
    return tuple(_KINDS)


def kind_for_format(format: str) -> GameKind:
    """The kind a tournament format plays (the first kind that lists it)."""
    for kind in _KINDS.values():
        if format in kind.formats:
            return kind
    raise KeyError(f"no game kind plays the tournament format {format!r}")


def formats() -> tuple[str, ...]:
    """Every tournament format a registered kind plays, in the kinds' order.

    >>> formats()
    ('einzel', 'pairs', 'differenzler')
    """
    return tuple(f for kind in _KINDS.values() for f in kind.formats)
