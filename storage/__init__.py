"""Persistence behind one repository interface (``base``), implemented with aiosqlite."""

from .base import (
    ACTIVE,
    CANCELLED,
    FINISHED,
    LOBBY,
    DeadlineRecord,
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
    VacationRecord,
)

__all__ = [
    "ACTIVE",
    "CANCELLED",
    "FINISHED",
    "LOBBY",
    "DeadlineRecord",
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
    "VacationRecord",
]
