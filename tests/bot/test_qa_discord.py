"""Findings of a QA pass on the Discord side of clocks and tournaments: each test names the
rule it checks and failed before its fix.
"""

from __future__ import annotations

from tests.bot.drive import Driver
from tests.bot.harness import server

SYSTEM_THREAD_CREATED = 18
"""Discord's "X started a thread" notice; a system message, which pings nobody."""


def pinged(srv, channel_id):
    """(user ids pinged, @everyone pinged) by the bot's ordinary messages in a channel."""
    users, everyone = set(), False
    for message in srv.env.backend.messages.get(channel_id, {}).values():
        if message.type == SYSTEM_THREAD_CREATED:
            continue
        users.update(message.ping_user_ids)
        everyone = everyone or message.mention_everyone
    return users, everyone


async def test_a_tournament_name_pings_nobody(tmp_path):
    """allowed_mentions rule: text an organiser types (the tournament's name) never pings. A
    name holding a member's mention and @everyone is posted on create, in the round's post,
    the standings and the final ranking; only the players of a round's tables are pinged, in
    the post that lists their tables; the name's markdown does not break the bold heading."""
    async with server(tmp_path) as srv:
        owner = srv.guild.add_member(srv.guild.owner)
        anna, ben, carla = srv.add("anna"), srv.add("ben"), srv.add("carla")
        name = f"<@{carla.id}> @everyone **Cup"
        created = await owner.slash(
            srv.channel,
            "tournament create",
            game="test-highcard",
            name=name,
            options="hand=1",
            rounds=1,
        )
        assert not created.response.ephemeral
        assert pinged(srv, srv.channel.id) == (set(), False)
        for player in (anna, ben):
            await player.slash(srv.channel, "tournament join", tournament=1)
        await owner.slash(srv.channel, "tournament start", tournament=1)
        [pairing] = await srv.bot.repository.pairings(1, 1)
        assert pinged(srv, srv.channel.id) == ({anna.id, ben.id}, False)
        announcement = next(
            m for m in srv.channel.history() if "round 1/1" in (m.content or "")
        ).content
        assert announcement.startswith("**") and "\\*\\*Cup** · round 1/1" in announcement
        thread = await srv.thread(pairing.table_id)
        users, everyone = pinged(srv, thread.id)
        assert carla.id not in users and not everyone
        await Driver(srv, pairing.table_id).play()
        assert (await srv.bot.repository.get_tournament(1)).status == "finished"
        assert pinged(srv, srv.channel.id) == ({anna.id, ben.id}, False)
