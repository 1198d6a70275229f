"""Guild settings and user preferences on SQLite (a mixin of ``SqliteRepository``).

Kept apart from ``sqlite.py`` so the table store and these Discord-side preferences can change
independently; the SQL stays inside ``storage``.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from .base import GuildSettings, UserPreferences


class SqlitePreferencesMixin:
    """``get/save_guild_settings`` and ``get/save_user_preferences`` for ``SqliteRepository``."""

    async def _read(self, sql: str, parameters: Any = ()) -> list[Any]:  # provided by the repo
        raise NotImplementedError

    async def _write(self, work: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    async def get_guild_settings(self, guild_id: str) -> GuildSettings:
        """The server's settings (defaults if none were saved)."""
        rows = await self._read(
            "SELECT language, channels, organiser_role, pictures_off FROM guild_settings"
            " WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return GuildSettings(guild_id)
        language, channels, role, pictures_off = rows[0]
        return GuildSettings(guild_id, language, json.loads(channels), role, bool(pictures_off))

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Insert or replace the server's settings."""
        values = (
            settings.guild_id,
            settings.language,
            json.dumps(sorted(set(settings.channels))),
            settings.organiser_role,
            int(settings.pictures_off),
        )

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO guild_settings"
                " (guild_id, language, channels, organiser_role, pictures_off)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " language = excluded.language, channels = excluded.channels,"
                " organiser_role = excluded.organiser_role,"
                " pictures_off = excluded.pictures_off",
                values,
            )

        await self._write(work)

    async def get_user_preferences(self, user_id: str) -> UserPreferences:
        """The person's preferences (defaults if none were saved)."""
        rows = await self._read(
            "SELECT dms_off, dms_refused, language, pictures_off, confirm_off"
            " FROM user_preferences WHERE user_id = ?",
            (user_id,),
        )
        if not rows:
            return UserPreferences(user_id)
        dms_off, dms_refused, language, pictures_off, confirm_off = rows[0]
        return UserPreferences(
            user_id,
            bool(dms_off),
            bool(dms_refused),
            language,
            pictures_off=bool(pictures_off),
            confirm_off=bool(confirm_off),
        )

    async def save_user_preferences(self, preferences: UserPreferences) -> None:
        """Insert or replace the person's preferences."""
        values = (
            preferences.user_id,
            int(preferences.dms_off),
            int(preferences.dms_refused),
            preferences.language,
            int(preferences.pictures_off),
            int(preferences.confirm_off),
        )

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO user_preferences"
                " (user_id, dms_off, dms_refused, language, pictures_off, confirm_off)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " dms_off = excluded.dms_off, dms_refused = excluded.dms_refused,"
                " language = excluded.language, pictures_off = excluded.pictures_off,"
                " confirm_off = excluded.confirm_off",
                values,
            )

        await self._write(work)
