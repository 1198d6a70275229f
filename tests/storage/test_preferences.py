"""Guild settings and user preferences (migration 0010, issue 4)."""

from __future__ import annotations

import pytest

from storage import GuildSettings, UserPreferences, open_repository
from tests.conftest import BACKENDS


@pytest.mark.parametrize("database_url", BACKENDS, indirect=True)
async def test_settings_and_preferences_round_trip_and_survive_reopening(database_url):
    async with open_repository(database_url) as repo:
        assert await repo.get_guild_settings("1") == GuildSettings("1")
        assert await repo.get_user_preferences("9") == UserPreferences("9")
        await repo.save_guild_settings(GuildSettings("1", "de", ["5", "3", "5"], "77"))
        await repo.save_user_preferences(UserPreferences("9", dms_refused=True, language="en"))
        await repo.save_user_preferences(UserPreferences("9", dms_off=True, language="de"))
        assert 10 in await repo.schema_versions()
    async with open_repository(database_url) as repo:
        assert await repo.get_guild_settings("1") == GuildSettings("1", "de", ["3", "5"], "77")
        assert await repo.get_user_preferences("9") == UserPreferences("9", True, False, "de")
