"""Schieber Jass for Discord.

Importing the package installs the game kinds (``bot/kinds``): every layer finds them registered.
"""

from bot import kinds as _kinds  # noqa: F401  (installs the game kinds)
