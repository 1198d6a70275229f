"""Issue 20, part 3: a calm thread, one public post per turn of the game, not per decision.

Within a turn the turn's post is edited; a new turn starts a new post; every post and every
edit goes through the outbox, so a bot that dies between a move's commit and its edit, or
between the edit and the outbox's "sent" mark, neither loses nor doubles the post.
"""

from __future__ import annotations

import aiosqlite

from bot.render import block, seat_names
from tables import notices
from tests.bot.drive import Driver, first_action, take
from tests.bot.harness import HAND, components, message_text, restart, server
from tests.bot.test_games import seat_players

CATAN = "catan-deckbuilding"


def public_posts(thread) -> list:
    return [m for m in thread.history() if not m.flags.ephemeral]


def thread_requests(srv, thread_id: int, method: str) -> int:
    path = f"/channels/{thread_id}/messages"
    return sum(
        1
        for request in srv.env.http_requests
        if request.method == method and request.path.startswith(path)
    )


def shows(message, table) -> bool:
    """Whether a thread message shows ``table`` as it is now: its public rendering (the title
    counts the game's own turns, not stored changes, so it does not name the state)."""
    shown = block(table.game.render(table.view(None), "en", seat_names(table)))
    return any(embed.description == shown for embed in message.embeds)


async def test_a_whole_catan_game_has_one_thread_post_per_turn(tmp_path):
    """One public post per turn over a whole game: the thread holds exactly one message per
    turn the game went through (the game's own turn counter), each later decision of a turn
    edits that message (counted as edits on the thread's messages), the newest message always
    shows the newest state, and the outbox still holds a post for every stored change."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, CATAN, 2, "turn_limit=8")
        table = await srv.bot.service.get(table_id)
        thread_id = int(table.record.place["thread"])
        turns_seen = {table.game.turn_number(table.state)}
        checks = 0

        async def newest_post_shows_the_newest_state():
            nonlocal checks
            table = await srv.bot.service.get(table_id)
            turns_seen.add(table.game.turn_number(table.state))
            thread = await srv.thread(table_id)
            assert len(public_posts(thread)) == len(turns_seen)
            assert shows(await srv.latest_turn(table_id), table)
            checks += 1

        driver = Driver(srv, table_id)
        await driver.play(after_move=newest_post_shows_the_newest_state)
        table = await srv.bot.service.get(table_id)
        assert table.status == "finished" and checks == driver.moves
        thread = await srv.thread(table_id)
        posts = public_posts(thread)
        new_posts = thread_requests(srv, thread_id, "POST")
        edits = thread_requests(srv, thread_id, "PATCH")
        assert len(posts) == new_posts == len(turns_seen) >= 2
        assert "Game over" in message_text(posts[-1])
        stored = await srv.bot.repository.posts(table_id=table_id, kinds=(notices.TURN,))
        assert all(post.sent_at is not None for post in stored)
        # Every decision is a stored post (the start's too); each delivery of one is a new
        # post or an edit, and a burst of pending posts is one delivery: so the stored posts
        # that did not start a turn reached the thread as edits.
        assert len(stored) == driver.moves + 1 > len(posts)
        assert 0 < edits <= len(stored) - len(posts)
        messages = {post.progress["calm"]["message"] for post in stored}
        assert messages == {str(post.id) for post in posts}
        print(
            f"\ncatan: {driver.moves} moves, {len(stored)} stored posts, {len(posts)} thread "
            f"posts, {edits} edits, {driver.rest_calls / driver.moves:.2f} REST calls per move"
        )


async def test_the_turn_dm_shows_the_table_once(tmp_path):
    """The turn DM holds the seat's own view, which already shows the public table: the
    public rendering's first line appears once in it, not twice."""
    async with server(tmp_path) as srv:
        actors, table_id = await seat_players(srv, CATAN, 2)
        table = await srv.bot.service.get(table_id)
        seat = table.to_act()[0]
        dm = srv.dms(actors[seat])[-1]
        headline = table.game.render(table.view(None), "en", seat_names(table)).splitlines()[0]
        assert message_text(dm).count(headline) == 1
        assert "To act:" in message_text(dm)


async def same_turn_move(srv, table_id, *, by_command=False):
    """The active player's next move within the turn (any but ending it), as a member clicks
    (in the hand from the thread's post, or from ``/table hand``)."""
    table = await srv.bot.service.get(table_id)
    actor = next(a for a in srv.members.values() if str(a.id) == table.waiting_for()[0].user_id)
    if by_command:
        hand = await actor.slash(srv.channel, "table hand", table=table_id)
    else:
        hand = await actor.click(await srv.latest_turn(table_id), label=HAND)
    for component in components(hand.response):
        cid = component.get("custom_id") or ""
        asides = [
            o["value"] for o in component.get("options", []) if o["value"].startswith("aside:")
        ]
        if cid.startswith("tr:s:") and asides:
            return await take(actor, hand.response, cid, asides[0])
    cid, value = first_action(hand.response)
    assert not cid.endswith(":end")
    return await take(actor, hand.response, cid, value)


async def test_a_move_within_a_turn_is_edited_in_once_after_the_bot_died(tmp_path):
    """Kill between a move's commit and its edit: the restart edits the turn's post (it shows
    the new state), adds no post, and a second restart changes nothing. Kill between the edit
    and the outbox's mark: the restart edits the same post again, still no second post."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, CATAN, 2)
        thread = await srv.thread(table_id)
        before = len(public_posts(thread))
        turn_message = await srv.latest_turn(table_id)
        srv.bot.service.post_listeners.clear()  # the process dies once the answer is out
        await same_turn_move(srv, table_id)
        table = await srv.bot.service.get(table_id)
        assert not shows(await srv.latest_turn(table_id), table)
        await restart(srv)
        thread = await srv.thread(table_id)
        assert len(public_posts(thread)) == before
        newest = await srv.latest_turn(table_id)
        assert newest.id == turn_message.id and shows(newest, table)
        await restart(srv)
        assert len(public_posts(await srv.thread(table_id))) == before

        await same_turn_move(srv, table_id)
        table = await srv.bot.service.get(table_id)
        post = (await srv.bot.repository.posts(table_id=table_id))[-1]
        assert post.sent_at is not None and post.progress["calm"]["message"] == str(turn_message.id)
        # What the database holds when the process dies after the edit, before the mark.
        async with aiosqlite.connect(srv.db_path) as db:
            await db.execute(
                "UPDATE outbox SET sent_at = NULL, progress = '{}' WHERE id = ?", (post.id,)
            )
            await db.commit()
        await restart(srv)
        thread = await srv.thread(table_id)
        assert len(public_posts(thread)) == before
        newest = await srv.latest_turn(table_id)
        assert newest.id == turn_message.id and shows(newest, table)
        stored = (await srv.bot.repository.posts(table_id=table_id))[-1]
        assert stored.sent_at is not None
        assert stored.progress["calm"]["message"] == str(turn_message.id)


async def test_a_new_turn_post_cut_short_is_recognised_and_kept_as_the_turns_post(tmp_path):
    """Kill after a new turn's post reached Discord, before the mark: the restart finds it by
    its mark, sends no second one, and the turn's next decision edits that post."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, CATAN, 2)
        driver = Driver(srv, table_id)
        first = await srv.bot.service.get(table_id)
        turn = first.game.turn_number(first.state)
        while True:
            await driver.move_from_thread(await driver.waiting_actor())
            table = await srv.bot.service.get(table_id)
            if table.game.turn_number(table.state) != turn:
                break
        thread = await srv.thread(table_id)
        posts = public_posts(thread)
        post = (await srv.bot.repository.posts(table_id=table_id))[-1]
        async with aiosqlite.connect(srv.db_path) as db:
            await db.execute(
                "UPDATE outbox SET sent_at = NULL, progress = '{}' WHERE id = ?", (post.id,)
            )
            await db.commit()
        await restart(srv)
        assert srv.bot.outbox.recognised >= 1
        thread = await srv.thread(table_id)
        assert len(public_posts(thread)) == len(posts)
        stored = (await srv.bot.repository.posts(table_id=table_id))[-1]
        assert stored.progress["calm"]["message"] == str(posts[-1].id)
        await same_turn_move(srv, table_id)
        table = await srv.bot.service.get(table_id)
        thread = await srv.thread(table_id)
        assert len(public_posts(thread)) == len(posts)
        assert shows(await srv.latest_turn(table_id), table)


async def test_a_turn_post_deleted_meanwhile_continues_in_a_new_post(tmp_path):
    """Discord refuses the edit (the turn's message was deleted): the change is not lost, it
    is posted as a new message, which the turn's next change then edits."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, CATAN, 2)
        turn_message = await srv.latest_turn(table_id)
        thread_id = int((await srv.bot.service.get(table_id)).record.place["thread"])
        srv.env.backend.delete_message(thread_id, turn_message.id)
        await same_turn_move(srv, table_id, by_command=True)
        table = await srv.bot.service.get(table_id)
        thread = await srv.thread(table_id)
        [post] = public_posts(thread)
        assert post.id != turn_message.id and shows(post, table)
        await same_turn_move(srv, table_id)
        table = await srv.bot.service.get(table_id)
        [again] = public_posts(await srv.thread(table_id))
        assert again.id == post.id and shows(again, table)


async def test_a_delivery_reads_only_the_posts_of_the_turn_it_edits(tmp_path):
    """Work per click stays the same late in a game (issue 22): to edit a turn's message a
    delivery reads where that message is and the posts it already shows, never the table's
    earlier turns. Every read of stored posts during a whole game returns posts of one turn's
    message only, while the game goes through several turns."""
    async with server(tmp_path) as srv:
        _actors, table_id = await seat_players(srv, CATAN, 2, "turn_limit=8")
        repository = srv.bot.repository
        reads: list[list] = []
        real_posts = repository.posts

        async def recorded_posts(**query):
            found = await real_posts(**query)
            reads.append(found)
            return found

        repository.posts = recorded_posts  # type: ignore[method-assign]
        try:
            await Driver(srv, table_id).play()
        finally:
            repository.posts = real_posts  # type: ignore[method-assign]
        stored = await repository.posts(table_id=table_id, kinds=(notices.TURN,))
        message_of = {post.id: post.progress["calm"]["message"] for post in stored}
        assert len(set(message_of.values())) >= 3, "the game went through several turns"
        edits_read = [found for found in reads if found]
        assert edits_read, "some move of a turn edited the turn's message"
        for found in edits_read:
            assert len({message_of[post.id] for post in found}) == 1
