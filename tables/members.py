"""What a person or a server chose: preferences, server settings, reminders, vacation days.

The bot keeps none of this itself: it asks this service (``TableService.members``), so the
adapter never reaches storage but through ``tables`` (README, "Layout").
"""

from __future__ import annotations

from storage import GuildSettings, Repository, UserPreferences


class Members:
    """Preferences per person and settings per server, read and stored through ``repo``."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def preferences(self, user_id: str) -> UserPreferences:
        """A person's preferences (the defaults when none are stored)."""
        return await self.repo.get_user_preferences(user_id)

    async def save_preferences(self, preferences: UserPreferences) -> None:
        """Store a person's preferences."""
        await self.repo.save_user_preferences(preferences)

    async def guild_settings(self, guild_id: str) -> GuildSettings:
        """A server's settings (the defaults when none are stored)."""
        return await self.repo.get_guild_settings(guild_id)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Store a server's settings."""
        await self.repo.save_guild_settings(settings)

    async def set_reminders_off(self, user_id: str, off: bool) -> None:
        """Turn a person's turn reminders off (True) or on."""
        await self.repo.set_reminders_off(user_id, off)

    async def set_vacation_allowance(self, guild_id: str, days: int) -> None:
        """Set a server's vacation days per 30 days."""
        await self.repo.set_vacation_allowance(guild_id, days)
