"""Tournaments (pure: no I/O, no Discord).

So far: the Einzelschieber draw (``draw.py``) and scoring with standings and tie-breaks
(``standings.py``). Formats as event-sourced aggregates, Partnerschieber pairing and the
duplicate challenge are still to come.
"""

from .draw import Draw, draw, lower_bound
from .standings import Counting, Standing, passe_points, standings

__all__ = ["Counting", "Draw", "Standing", "draw", "lower_bound", "passe_points", "standings"]
