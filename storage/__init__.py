"""Persistence behind one repository interface (``base``), implemented with aiosqlite."""

from .base import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    DuplicateRequest,
    GuildSettings,
    LogEntry,
    Repository,
    SeatRecord,
    StaleSequence,
    StorageError,
    TableRecord,
    UnknownTable,
    UserPreferences,
)

__all__ = [
    "ACTIVE",
    "CANCELLED",
    "FINISHED",
    "LOBBY",
    "DuplicateRequest",
    "GuildSettings",
    "LogEntry",
    "Repository",
    "SeatRecord",
    "StaleSequence",
    "StorageError",
    "TableRecord",
    "UnknownTable",
    "UserPreferences",
]
