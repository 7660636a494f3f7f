"""Orchestration: tables, computer players and timers on top of the engine and storage."""

from bot.storage import TableDisplay

from .clock import Clock, ManualClock
from .tables import BrokenTable, ServiceSettings, StorageFailed, TableService, UnknownTable, new_seed

__all__ = [
    "BrokenTable",
    "Clock",
    "ManualClock",
    "ServiceSettings",
    "StorageFailed",
    "TableDisplay",
    "TableService",
    "UnknownTable",
    "new_seed",
]
