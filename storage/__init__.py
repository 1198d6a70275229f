"""Persistence behind one repository interface (``base``), on SQLite (aiosqlite, the default)
or PostgreSQL (asyncpg), chosen by the database URL (``open_repository``).
"""

from .base import (
    Changes,
    DeadlineMoved,
    DeadlineRecord,
    DuplicateRequest,
    GuildLimits,
    GuildSettings,
    HandoverRecord,
    LogEntry,
    NotPending,
    OutboxRecord,
    Repository,
    SeatRecord,
    StaleSequence,
    StorageError,
    TableRecord,
    TableRef,
    UnknownTable,
    UserPreferences,
    VacationRecord,
)
from .statuses import HandoverStatus, RoundStatus, TableStatus, TournamentStatus

DEFAULT_DATABASE_URL = "sqlite:///tischrunde.sqlite3"


def open_repository(url: str = DEFAULT_DATABASE_URL) -> Repository:
    """The repository for ``url``, not connected yet (``await repo.open()``, or ``async with``).

    ``sqlite:///relative/path.sqlite3``, ``sqlite:////absolute/path`` (or ``sqlite:///:memory:``)
    is SQLite; ``postgresql://user:pass@host:port/db`` (or ``postgres://``) is PostgreSQL.
    """
    scheme, separator, rest = url.partition("://")
    if not separator:
        raise ValueError(f"not a database URL (sqlite:///file or postgresql://...): {url!r}")
    if scheme == "sqlite":
        # sqlite:///name is the relative path "name"; sqlite:////abs is "/abs".
        path = rest.removeprefix("/")
        if not path:
            raise ValueError(
                f"a SQLite URL names its file: sqlite:///tischrunde.sqlite3, not {url!r}"
            )
        from .sqlite import SqliteRepository

        return SqliteRepository(path)
    if scheme in ("postgresql", "postgres"):
        from .postgres import PostgresRepository

        return PostgresRepository(url)
    raise ValueError(f"unknown database scheme {scheme!r}: use sqlite:/// or postgresql://")


__all__ = [
    "DEFAULT_DATABASE_URL",
    "Changes",
    "DeadlineMoved",
    "DeadlineRecord",
    "DuplicateRequest",
    "GuildLimits",
    "GuildSettings",
    "HandoverRecord",
    "HandoverStatus",
    "LogEntry",
    "NotPending",
    "OutboxRecord",
    "Repository",
    "RoundStatus",
    "SeatRecord",
    "StaleSequence",
    "StorageError",
    "TableRecord",
    "TableRef",
    "TableStatus",
    "TournamentStatus",
    "UnknownTable",
    "UserPreferences",
    "VacationRecord",
    "open_repository",
]
