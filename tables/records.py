"""The stored records and storage's entry point, as the bot sees them.

The bot (the Discord adapter) builds on ``tables`` and never imports ``storage`` itself
(tests/test_layers.py); what of storage it must name, it names from here.
"""

from __future__ import annotations

from storage import (
    ACTIVE,
    LOBBY,
    GuildSettings,
    HandoverRecord,
    OutboxRecord,
    Repository,
    UserPreferences,
    open_repository,
)
from storage.base import Registration, TournamentRecord

__all__ = [
    "ACTIVE",
    "LOBBY",
    "GuildSettings",
    "HandoverRecord",
    "OutboxRecord",
    "Registration",
    "Repository",
    "TournamentRecord",
    "UserPreferences",
    "open_repository",
]
