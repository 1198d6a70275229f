"""The stored records and storage's entry point, as the bot sees them.

The bot (the Discord adapter) builds on ``tables`` and never imports ``storage`` itself
(tests/test_layers.py); what of storage it must name, it names from here. It calls no method of
a ``Repository`` either: it opens and closes one here and hands it to the services.
"""

from __future__ import annotations

from storage import (
    GuildSettings,
    HandoverRecord,
    OutboxRecord,
    Repository,
    UserPreferences,
    open_repository,
)
from storage.base import Registration, TournamentRecord

__all__ = [
    "GuildSettings",
    "HandoverRecord",
    "OutboxRecord",
    "Registration",
    "Repository",
    "TournamentRecord",
    "UserPreferences",
    "close_storage",
    "open_storage",
]


async def open_storage(url: str) -> Repository:
    """The repository for the database ``url``, open (its schema brought up to date)."""
    repository = open_repository(url)
    await repository.open()
    return repository


async def close_storage(repository: Repository) -> None:
    """Close what ``open_storage`` opened."""
    await repository.close()
