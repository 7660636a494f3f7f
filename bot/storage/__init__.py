"""SQLite persistence: every SQL statement of the project lives here."""

from .db import ConflictError, CorruptRowError, OpenTables, Storage

__all__ = ["ConflictError", "CorruptRowError", "OpenTables", "Storage"]
