"""Tournaments (pure: no I/O, no Discord).

``draw.py``: the Einzelschieber draw; ``pairs.py``: Partnerschieber pairing; ``standings.py``:
scoring, standings and tie-breaks; ``aggregate.py``: a tournament (either format) as an
event-sourced aggregate; ``challenge.py``: the asynchronous duplicate challenge.
"""

from .draw import Draw, draw, lower_bound
from .standings import Counting, Standing, passe_points, standings

__all__ = ["Counting", "Draw", "Standing", "draw", "lower_bound", "passe_points", "standings"]
