"""Persistence, SQLite or PostgreSQL: every SQL statement of the project lives here."""

from .db import Storage
from .rows import ConflictError, CorruptRowError, GameResult, OpenTables, StorageError, TableDisplay

__all__ = ["ConflictError", "CorruptRowError", "GameResult", "OpenTables", "Storage", "StorageError", "TableDisplay"]
