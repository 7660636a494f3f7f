"""Orchestration: tables, computer players and timers on top of the engine and storage."""

from .clock import Clock, ManualClock
from .tables import ServiceSettings, TableService, UnknownTable, new_seed

__all__ = ["Clock", "ManualClock", "ServiceSettings", "TableService", "UnknownTable", "new_seed"]
