"""The game kinds' parts of the web pages (bot/web/kinds/base.py): importing this registers them."""

from . import coiffeur, individual, schieber
from .base import Board, WebPart, part_for, register_part, unregister_part

__all__ = ["Board", "WebPart", "coiffeur", "individual", "part_for", "register_part", "schieber", "unregister_part"]
