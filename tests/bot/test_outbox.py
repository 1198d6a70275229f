"""A move's posts survive the bot dying right after it answered the move (issue 15).

The bot is driven for real through simcord. Its "death" is the one moment that used to lose
posts: the move is stored and answered, and the process is gone before the thread post and the
next player's turn DM went out. A new bot on the same database (simcord's restart) then
delivers both from the outbox, once. A second test leaves the posts half delivered, as a kill
between Discord's answer and the outbox's "sent" mark does, and the restart sends only the
part that is missing. Two more die between a Discord call and the storing of what it made (a
table's thread, its lobby message): the restarted bot finds both again.
"""

from __future__ import annotations

import json

import aiosqlite

from bot.render import block, seat_names
from tables.service import Member
from tests.bot.drive import first_action, take
from tests.bot.harness import HAND, message_text, restart, server
from tests.bot.test_clocks import HOUR, seated


def turn_posts(thread, table) -> list:
    """Public thread messages that show ``table`` as it is now (its public rendering; the title
    counts the game's own turns, not the stored actions, so it no longer names the state)."""
    shown = block(table.game.render(table.view(None), "en", seat_names(table)))
    return [
        m
        for m in thread.history()
        if not m.flags.ephemeral and any(e.description == shown for e in m.embeds)
    ]


def turn_dms(srv, actor, table_id: int, seq: int) -> list:
    """DMs to ``actor`` carrying the move buttons of state ``seq``."""
    prefix = f"tr:a:{table_id}:{seq}:"
    return [m for m in srv.dms(actor) if prefix in message_text(m)]


async def click_first_move(srv, table_id, actors):
    table = await srv.bot.service.get(table_id)
    mover = next(a for a in actors if str(a.id) == table.waiting_for()[0].user_id)
    other = next(a for a in actors if a is not mover)
    turn = await srv.latest_turn(table_id)
    hand = await mover.click(turn, label=HAND)
    cid, value = first_action(hand.response)
    result = await take(mover, hand.response, cid, value)
    return mover, other, result


async def test_a_move_answered_before_the_bot_died_is_posted_and_dmed_once_after_restart(
    tmp_path,
):
    """Kill between the answer and the posts: after the restart the thread shows the move
    once and the next player got their turn DM once (before: neither, until a reminder)."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["alice", "bob"])
        srv.bot.service.post_listeners.clear()  # the process dies once the answer is out
        _mover, other, result = await click_first_move(srv, table_id, actors)
        assert result.response is not None or result.followups  # the move was answered
        table = await srv.bot.service.get(table_id)
        seq = table.seq
        thread = await srv.thread(table_id)
        assert turn_posts(thread, table) == []
        assert turn_dms(srv, other, table_id, seq) == []
        await restart(srv)
        thread = await srv.thread(table_id)
        assert len(turn_posts(thread, table)) == 1
        assert len(turn_dms(srv, other, table_id, seq)) == 1
        pending = [p for p in await srv.bot.repository.posts(table_id=table_id) if not p.sent_at]
        assert pending == []
        # A second restart repeats nothing.
        await restart(srv)
        thread = await srv.thread(table_id)
        assert len(turn_posts(thread, table)) == 1
        assert len(turn_dms(srv, other, table_id, seq)) == 1


async def test_a_post_cut_short_after_discord_took_it_is_recognised_not_repeated(tmp_path):
    """Kill between Discord's answer and the outbox's mark: the restart finds the thread post
    and the DM on Discord (by the mark in their footer) and sends neither again."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["alice", "bob"])
        _mover, other, _result = await click_first_move(srv, table_id, actors)
        table = await srv.bot.service.get(table_id)
        seq = table.seq
        thread = await srv.thread(table_id)
        assert len(turn_posts(thread, table)) == 1
        assert len(turn_dms(srv, other, table_id, seq)) == 1
        post = (await srv.bot.repository.posts(table_id=table_id))[-1]
        assert post.sent_at is not None
        # What the database holds when the process dies after the sends, before the mark.
        async with aiosqlite.connect(srv.db_path) as db:
            await db.execute("UPDATE outbox SET sent_at = NULL WHERE id = ?", (post.id,))
            await db.commit()
        await restart(srv)
        assert srv.bot.outbox.recognised == 2
        thread = await srv.thread(table_id)
        assert len(turn_posts(thread, table)) == 1
        assert len(turn_dms(srv, other, table_id, seq)) == 1
        stored = (await srv.bot.repository.posts(table_id=table_id))[-1]
        assert stored.id == post.id and stored.sent_at is not None


async def test_idle_waits_for_a_delivery_woken_from_outside_the_bot(tmp_path):
    """DESIGN: every post after a stored change goes out through the outbox. A table started
    by a caller outside the bot's own tasks (an admin script, a benchmark's set-up) wakes the
    relay in a task simcord does not wait for; ``Relay.idle`` does: when it returns, the
    thread post and the first turn DM are sent and no delivery is still running, so the next
    commit's posts start a delivery of their own."""
    async with server(tmp_path) as srv:
        alice, bob = srv.add("alice"), srv.add("bob")
        place = {"guild": str(srv.guild.id), "channel": str(srv.channel.id)}
        table = await srv.bot.service.create(
            "test-highcard", Member(str(alice.id), "alice"), place, {"hand": 3}, seed=1
        )
        await srv.bot.service.join(table.id, Member(str(bob.id), "bob"))
        await srv.bot.service.start(table.id, Member(str(alice.id), "alice"))
        await srv.bot.outbox.idle()
        assert await srv.bot.repository.pending_posts(float("inf"), 10) == []
        table = await srv.bot.service.get(table.id)
        mover = alice if table.waiting_for()[0].user_id == str(alice.id) else bob
        assert turn_dms(srv, mover, table.id, table.seq)


async def test_a_post_discord_refuses_is_tried_again_after_30_s_and_sent_once(tmp_path, caplog):
    """DESIGN: every post that follows a stored change is delivered after the commit, once.
    Discord answers the move's thread post with a server error (503, which discord.py does not
    retry itself): the move stands, the post stays in the outbox, one warning says when it is
    tried again, and the relay's own timer (nothing else happens at the table meanwhile)
    delivers the thread post 30 s later; the next player's turn DM, which went out before the
    thread failed, is recognised then and not sent again."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["alice", "bob"], clock="none")
        thread = await srv.thread(table_id)
        srv.env.inject_error("*", f"/channels/{thread.id}/messages*", status=503, times=1)
        with caplog.at_level("WARNING", logger="bot"):
            _mover, other, result = await click_first_move(srv, table_id, actors)
        assert result.response is not None or result.followups  # the move was answered
        table = await srv.bot.service.get(table_id)
        seq = table.seq
        assert turn_posts(await srv.thread(table_id), table) == []
        assert len(turn_dms(srv, other, table_id, seq)) == 1
        warnings = [
            r.getMessage() for r in caplog.records if "failed, tried again" in r.getMessage()
        ]
        assert len(warnings) == 1 and "tried again in 30 s" in warnings[0]
        await srv.env.advance_time(29)
        assert turn_posts(await srv.thread(table_id), table) == []
        await srv.env.advance_time(2)
        assert len(turn_posts(await srv.thread(table_id), table)) == 1
        assert len(turn_dms(srv, other, table_id, seq)) == 1
        assert [p for p in await srv.bot.repository.posts(table_id=table_id) if not p.sent_at] == []
        await srv.env.advance_time(3600)  # nothing is sent twice
        assert len(turn_posts(await srv.thread(table_id), table)) == 1
        assert len(turn_dms(srv, other, table_id, seq)) == 1


async def test_posts_delivered_longer_ago_than_the_retention_are_deleted(tmp_path):
    """Storage stays bounded (README, Configuration): a post delivered longer ago than
    ``post_retention_days`` (here 1) is deleted by the relay, at its first delivery after the
    start and then at most every six hours; the posts of the moves since are kept."""
    async with server(tmp_path, post_retention_days=1) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["alice", "bob"], clock="none")
        repository = srv.bot.repository
        started = [post.id for post in await repository.posts()]
        assert started and not await repository.pending_posts(float("inf"))
        await srv.env.advance_time(23 * HOUR)
        await click_first_move(srv, table_id, actors)  # a delivery: not a day old yet
        assert [post.id for post in await repository.posts()][: len(started)] == started
        await srv.env.advance_time(7 * HOUR)
        await click_first_move(srv, table_id, actors)
        await srv.env.settle()
        kept = await repository.posts()
        assert kept and set(started).isdisjoint(post.id for post in kept)
        now = srv.bot.service.clock()
        assert all(now - post.created_at < 8 * HOUR for post in kept)


async def test_a_retention_of_zero_days_keeps_every_delivered_post(tmp_path):
    """``TISCHRUNDE_POST_RETENTION_DAYS=0`` keeps every post, however old."""
    async with server(tmp_path, post_retention_days=0) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["alice", "bob"], clock="none")
        started = [post.id for post in await srv.bot.repository.posts()]
        for _day in range(3):
            await srv.env.advance_time(24 * HOUR)
        await click_first_move(srv, table_id, actors)
        await srv.env.settle()
        kept = [post.id for post in await srv.bot.repository.posts()]
        assert kept[: len(started)] == started


async def forget_place(srv, table, key: str) -> None:
    """Drop ``key`` from where ``table`` lives, in the database only: what a process that died
    between a Discord call and storing its answer leaves (a restart then reads it so)."""
    place = {k: v for k, v in table.record.place.items() if k != key}
    async with aiosqlite.connect(srv.db_path) as db:
        await db.execute("UPDATE tables SET place = ? WHERE id = ?", (json.dumps(place), table.id))
        await db.commit()


async def test_a_thread_opened_before_the_bot_died_is_found_again_not_lost(tmp_path):
    """Discord: a thread started from a message has that message's id, and a second thread
    from the same message is refused (400, code 160004). The bot dies after Discord opened the
    table's thread off its lobby message and before the thread's id was stored; after the
    restart the relay's attempt to open it again is refused, and the table takes the existing
    thread (the lobby message's id) instead of going on without one (before: every later post
    of the table went nowhere, and each delivery tried and failed again)."""
    async with server(tmp_path) as srv:
        actors, table_id = await seated(srv, "test-highcard", ["alice", "bob"], clock="none")
        table = await srv.bot.service.get(table_id)
        thread = await srv.thread(table_id)
        lobby = int(table.record.place["lobby"])
        assert thread.id == lobby
        turn = await srv.latest_turn(table_id)  # read while the thread's id is still stored
        mover = next(a for a in actors if str(a.id) == table.waiting_for()[0].user_id)
        await forget_place(srv, table, "thread")
        await restart(srv)
        srv.env.inject_error(
            "POST",
            f"/channels/{srv.channel.id}/messages/{lobby}/threads",
            status=400,
            code=160004,
            message="A thread has already been created for this message",
            times=None,
        )
        hand = await mover.click(turn, label=HAND)
        await take(mover, hand.response, *first_action(hand.response))
        await srv.env.settle()
        table = await srv.bot.service.get(table_id)
        assert table.record.place["thread"] == str(lobby)
        assert len(turn_posts(await srv.thread(table_id), table)) == 1
        assert [p for p in await srv.bot.repository.posts(table_id=table_id) if not p.sent_at] == []


async def test_a_lobby_posted_before_the_bot_died_is_found_again_by_its_first_click(tmp_path):
    """The bot dies after Discord posted a new table's lobby message and before the message's
    id was stored. After the restart the first click on that lobby takes it up again: its
    message shows the new seat in place, and the table's thread opens off it at the start
    (before: the lobby message never changed again, and the thread opened apart from it)."""
    async with server(tmp_path) as srv:
        anna, ben = srv.add("anna"), srv.add("ben")
        await anna.slash(srv.channel, "table open", game="test-highcard", options="hand=3")
        table_id = (await srv.bot.service.tables_of_user(str(anna.id)))[0].id
        lobby = srv.lobby(table_id)
        table = await srv.bot.service.get(table_id)
        assert table.record.place["lobby"] == str(lobby.id)
        await forget_place(srv, table, "lobby")
        await restart(srv)
        await ben.click(lobby, custom_id=f"tr:j:{table_id}")
        table = await srv.bot.service.get(table_id)
        assert table.record.place["lobby"] == str(lobby.id)
        assert f"2. <@{ben.id}>" in message_text(srv.lobby(table_id))  # edited in place
        await anna.click(srv.lobby(table_id), custom_id=f"tr:g:{table_id}")
        assert (await srv.thread(table_id)).id == lobby.id
