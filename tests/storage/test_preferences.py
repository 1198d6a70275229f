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


@pytest.mark.parametrize("database_url", BACKENDS, indirect=True)
async def test_picture_and_confirmation_switches_are_stored_per_member_and_server(database_url):
    """Migration 0020 (issue 20): a member's pictures and second look, a server's pictures,
    each stored and read back on both backends, off by default."""
    async with open_repository(database_url) as repo:
        assert not (await repo.get_guild_settings("2")).pictures_off
        assert not (await repo.get_user_preferences("8")).confirm_off
        await repo.save_guild_settings(GuildSettings("2", pictures_off=True))
        await repo.save_user_preferences(UserPreferences("8", pictures_off=True))
        await repo.save_user_preferences(UserPreferences("7", confirm_off=True))
        assert 20 in await repo.schema_versions()
    async with open_repository(database_url) as repo:
        assert (await repo.get_guild_settings("2")).pictures_off
        assert await repo.get_user_preferences("8") == UserPreferences("8", pictures_off=True)
        assert await repo.get_user_preferences("7") == UserPreferences("7", confirm_off=True)
