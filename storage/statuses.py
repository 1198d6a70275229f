"""The statuses a stored row moves through, one ``StrEnum`` per kind of row.

Each member is its stored text (``TableStatus.ACTIVE == "active"``), so rows written before
these enums existed load unchanged and SQL compares them as plain text.
"""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """A table: waiting in its lobby, in play, over with a result, or called off."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class TournamentStatus(StrEnum):
    """A tournament: open for registration, registration closed, under way, over, called off."""

    REGISTRATION = "registration"
    CLOSED = "closed"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class RoundStatus(StrEnum):
    """A tournament round: open until every table of it has finished."""

    OPEN = "open"
    FINISHED = "finished"


class HandoverStatus(StrEnum):
    """A request to take over a seat: waiting for its answer, or settled one way."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    EXPIRED = "expired"
    CANCELLED = "cancelled"
