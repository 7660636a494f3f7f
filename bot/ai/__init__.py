"""Computer players: ``decide(view, actor) -> command``, from the seat's view only."""

from .base import Player, computer_command, make_player
from .random_player import RandomPlayer

__all__ = ["Player", "RandomPlayer", "computer_command", "make_player"]
