"""Tournaments (pure: no I/O, no Discord): the Einzelschieber draw so far (``draw.py``)."""

from .draw import Draw, draw, lower_bound

__all__ = ["Draw", "draw", "lower_bound"]
