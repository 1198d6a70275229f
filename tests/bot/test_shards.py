"""Shard ranges (issue 17): ``--shards 0-3 --shard-count 8`` runs an ``AutoShardedBot`` for that
range on a shared database, and DMs belong to the process with shard 0.

Driven through simcord, which routes each gateway event to its shard as Discord does: a
guild's events to ``(guild_id >> 22) % shard_count``, DM events to shard 0.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import simcord
import simcord.gateway

from bot.app import ShardedTischrundeBot, TischrundeBot, handles_dms, make_bot
from bot.components import TableComponent
from settings import Settings, load_settings
from storage.sqlite import SqliteRepository

from .harness import answer, custom_ids

DAMAGED = "tr:q:1"


@contextlib.asynccontextmanager
async def sharded(tmp_path: Any, **settings: Any) -> AsyncIterator[tuple[Any, TischrundeBot]]:
    repository = SqliteRepository(str(tmp_path / "bot.sqlite3"), synchronous="NORMAL")
    await repository.open()
    bot = make_bot(
        load_settings(_env_file=None, default_language="en", pictures=False, **settings),
        repository=repository,
    )
    try:
        async with simcord.run(bot) as env:
            yield env, bot
    finally:
        await repository.close()


async def guild_on_shard(env: Any, shard: int, count: int) -> Any:
    """A new guild whose events Discord sends to ``shard`` (its id's time part decides)."""
    for number in range(64):
        guild = env.create_guild(f"Runde {number}")
        if (guild.id >> 22) % count == shard:
            return guild
        await env.advance_time(0.001)  # the next id is a millisecond later
    raise AssertionError(f"no guild landed on shard {shard}")


async def damaged_button_in_dms(bot: TischrundeBot, member: Any) -> Any:
    """A message with a damaged Tischrunde button in the member's DMs (sent by the bot)."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableComponent(discord.ui.Button(label="?", custom_id=DAMAGED)))
    assert await bot.dms.send(str(member.id), content="crafted", view=view)
    message = member.user.dm_channel.history()[-1]
    assert DAMAGED in custom_ids(message)
    return message


def test_dms_belong_to_the_process_with_shard_0():
    """Discord sends DM events to shard 0 only: that process handles DMs, no other."""
    assert handles_dms(None)
    assert handles_dms([0, 1, 2, 3])
    assert not handles_dms([4, 5, 6, 7])


def test_settings_with_a_shard_range_build_an_auto_sharded_bot_for_it():
    """``shards``/``shard_count`` (TISCHRUNDE_SHARDS, TISCHRUNDE_SHARD_COUNT, or the command
    line's flags) give an AutoShardedBot with that range; without them, the plain bot."""
    bot = make_bot(Settings(_env_file=None, shards="4-7", shard_count=8))
    assert isinstance(bot, ShardedTischrundeBot)
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_ids, bot.shard_count) == ([4, 5, 6, 7], 8)
    assert bot.shared_database and not bot.owns_dms
    plain = make_bot(Settings(_env_file=None))
    assert not isinstance(plain, discord.AutoShardedClient)
    assert not plain.shared_database and plain.owns_dms


@pytest.mark.parametrize(
    ("shards", "dm_to"),
    [("1", "shard 0"), ("1", "this process"), ("0", "shard 0")],
)
async def test_a_process_without_shard_0_leaves_dm_clicks_to_the_one_with_it(
    tmp_path, monkeypatch, shards, dm_to
):
    """Shards 1 of 2: a member on a guild of shard 1 gets answers there, but a click in their
    DMs is not this process's: Discord sends it to shard 0, and should it reach this process
    anyway ("this process": simcord made to route DM events to the process's first shard),
    the process drops it. The process with shard 0 answers the same DM click.
    """
    if dm_to == "this process":
        route = simcord.gateway.ShardRouter._event_shard_id

        def misroute(router: Any, event: str, payload: Any) -> int:
            if event == "INTERACTION_CREATE" and payload.get("guild_id") is None:
                return router.shard_ids[0]
            return route(router, event, payload)

        monkeypatch.setattr(simcord.gateway.ShardRouter, "_event_shard_id", misroute)
    async with sharded(tmp_path, shards=shards, shard_count=2) as (env, bot):
        assert isinstance(bot, ShardedTischrundeBot)
        assert bot.shard_ids == [int(shards)] and bot.shard_count == 2
        assert bot.service.shared
        guild = await guild_on_shard(env, int(shards), 2)
        channel = guild.create_text_channel("spiele")
        anna = guild.add_member(env.create_user("anna"))
        opened = await anna.slash(channel, "table open", game="test-highcard")
        assert opened.response is not None
        assert len(await bot.service.tables_of_user(str(anna.id))) == 1
        message = await damaged_button_in_dms(bot, anna)
        clicked = await anna.user.click(message, custom_id=DAMAGED)
        if shards == "0":
            assert "This button is damaged or outdated" in answer(clicked)
        else:
            assert clicked.response is None and not clicked.followups


async def test_preferences_and_server_settings_another_process_changed_are_seen_within_30_s(
    tmp_path,
):
    """Nothing one process holds in memory is trusted for long: a person's preferences and a
    server's settings that another process stored (here: written straight to the shared
    database) are what this process uses once ``CACHE_SECONDS`` (30 s) have passed."""
    from bot.app import CACHE_SECONDS
    from storage import GuildSettings, UserPreferences

    from .harness import server

    assert CACHE_SECONDS == 30.0
    async with server(tmp_path) as srv:
        bot = srv.bot
        assert (await bot.preferences("42")).dms_off is False
        assert (await bot.guild_settings("7")).language is None
        other = SqliteRepository(srv.db_path)
        await other.open()
        try:
            await other.save_user_preferences(UserPreferences("42", dms_off=True))
            await other.save_guild_settings(GuildSettings("7", language="de"))
        finally:
            await other.close()
        await srv.env.advance_time(CACHE_SECONDS)
        assert (await bot.preferences("42")).dms_off is True
        assert (await bot.guild_settings("7")).language == "de"


async def test_a_post_left_by_a_dead_process_is_delivered_by_rest_into_another_shards_guild(
    tmp_path,
):
    """Another process stored a post for a table of a guild on shard 1, claimed it and died.
    The process with shard 0 only, which never sees that guild on its gateway, finds the post
    once the lease ran out (its timer looks every 30 s with other processes about), delivers
    it through REST to the channel's id, once, and marks it sent."""
    from storage import Changes, TableStatus
    from tables import notices
    from tables.processes import LEASE_SECONDS, POLL_SECONDS

    async with sharded(tmp_path, shards="0", shard_count=2) as (env, bot):
        guild = await guild_on_shard(env, 1, 2)
        assert bot.get_guild(guild.id) is None  # not on this process's shards
        channel = guild.create_text_channel("spiele")
        place = {"guild": str(guild.id), "channel": str(channel.id), "thread": str(channel.id)}
        other = SqliteRepository(str(tmp_path / "bot.sqlite3"))
        await other.open()
        try:
            table = await other.create_table("test-highcard", {"hand": 1}, 1, place, "9")
            await other.update_table(table.id, status=TableStatus.CANCELLED)
            now = bot.service.clock()
            changes = Changes()
            changes.post(f"cancelled:{table.id}", notices.CANCELLED, {"table": table.id}, at=now)
            await other.commit(changes)
            [claimed] = await other.claim_posts("dead:1:x", now, LEASE_SECONDS)
        finally:
            await other.close()  # the other process is gone, its lease still runs
        await env.advance_time(LEASE_SECONDS + POLL_SECONDS + 1)
        sent = [m for m in channel.history() if m.content == f"Table {table.id} is cancelled."]
        assert len(sent) == 1
        [post] = await bot.repository.posts()
        assert post.id == claimed.id and post.sent_at is not None
