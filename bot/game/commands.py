"""Commands a table accepts.  ``actor`` says who issues it:

* ``"u:<id>"`` — a person (the Discord layer uses the user id);
* ``"ai:<seat>"`` — the computer player in that seat;
* ``"standin:<seat>"`` — the computer player standing in for an absent person;
* ``"system"`` — the table service (next hand, turn timer).

``privileged`` marks an actor with server-manager rights (host-only commands).
"""

from __future__ import annotations

from dataclasses import dataclass

SYSTEM = "system"


@dataclass(frozen=True)
class Command:
    actor: str


@dataclass(frozen=True)
class JoinSeat(Command):
    name: str = ""
    seat: int | None = None  # None: the first free seat


@dataclass(frozen=True)
class LeaveSeat(Command):
    pass


@dataclass(frozen=True)
class AddComputer(Command):
    seat: int | None = None
    level: str = "random"
    privileged: bool = False


@dataclass(frozen=True)
class RemoveComputer(Command):
    seat: int = 0
    privileged: bool = False


@dataclass(frozen=True)
class StartGame(Command):
    seed: str = ""  # seed of the first hand (the service draws it from a CSPRNG)
    privileged: bool = False
    fill_computers: bool = False  # seat computer players in empty seats first
    level: str = "random"  # level of those computer players
    fixed_deals: str = ""  # deal hand k from f"{fixed_deals}:{k}" (the same cards for everyone: a challenge)


@dataclass(frozen=True)
class NextHand(Command):
    seed: str = ""


@dataclass(frozen=True)
class ChooseContract(Command):
    contract: str = ""  # a name of bot.rules.contract_names (misère with its start)
    row: int | None = None  # Coiffeur: the row of the Tafel (0-based) the contract fills


@dataclass(frozen=True)
class Predict(Command):
    """Differenzler: the card points this player predicts for the hand (0–157)."""

    points: int = -1


@dataclass(frozen=True)
class Schieben(Command):
    pass


@dataclass(frozen=True)
class UseHint(Command):
    """A player asks for a hint on their turn (tables that allow hints): the game is marked, not rated."""


@dataclass(frozen=True)
class PlayCard(Command):
    card: str = ""
    weis: tuple[tuple[str, ...], ...] | None = None  # manual Weis: the cards of each Weis declared
    stoeck: bool = False  # manual Stöck: announced with the second card


@dataclass(frozen=True)
class AnnounceStoeck(Command):
    """Pre-show Stöck when it decides the game (docs/rules.md §11)."""


@dataclass(frozen=True)
class Bedanken(Command):
    pass


@dataclass(frozen=True)
class StandIn(Command):
    """The turn timer ran out: a computer player takes over ``seat`` until its player acts.

    ``anytime``: not only at the seat's turn (an organiser lets a computer finish a Passe)."""

    seat: int = 0
    anytime: bool = False


@dataclass(frozen=True)
class Abandon(Command):
    privileged: bool = False
