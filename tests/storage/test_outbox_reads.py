"""Reading a table's posts back by their ids (issue 22, work per click): a calm thread's delivery
asks for where the turn's message is and for the posts that message already shows, not for
every post the table ever made (a long game stores hundreds).
"""

from __future__ import annotations

from storage import Changes


async def store_posts(repo, rows):
    """Store one post per ``(table, kind)`` row, each in its own commit; their ids in order."""
    for number, (table, kind) in enumerate(rows, start=1):
        changes = Changes()
        changes.post(f"p{number}", kind, {"n": number}, table_id=table, at=float(number))
        await repo.commit(changes)
    return [post.id for post in await repo.posts()]


async def test_posts_of_a_table_between_two_ids_delivered_or_all(repo):
    """``since_id`` is the first id read, ``before_id`` the first one left out; ``sent_only``
    leaves out the posts not delivered yet.
    """
    p1, p2, p3, p4, p5 = await store_posts(
        repo, [(1, "turn"), (1, "turn"), (2, "turn"), (1, "turn"), (1, "turn")]
    )
    await repo.post_sent(p2, 10.0, {})
    await repo.post_sent(p4, 11.0, {})
    between = await repo.posts(table_id=1, since_id=p2, before_id=p5)
    assert [post.id for post in between] == [p2, p4]
    assert [post.id for post in await repo.posts(table_id=1, since_id=p1)] == [p1, p2, p4, p5]
    delivered = await repo.posts(table_id=1, sent_only=True)
    assert [post.id for post in delivered] == [p2, p4]
    assert await repo.posts(table_id=2, before_id=p3) == []
    assert [post.id for post in await repo.posts(since_id=p3, before_id=p4)] == [p3]


async def test_the_last_delivered_post_is_the_newest_sent_one_of_its_table_and_kind(repo):
    """A post not delivered yet, one of another table, one of another kind and one at or past
    ``before_id`` are never the answer.
    """
    p1, p2, p3, p4, _pending, p6 = await store_posts(
        repo,
        [(1, "turn"), (1, "turn"), (2, "turn"), (1, "reminder"), (1, "turn"), (1, "turn")],
    )
    assert await repo.last_sent_post(1, "turn", p6) is None  # nothing delivered yet
    for post_id in (p1, p2, p3, p4, p6):
        await repo.post_sent(post_id, 20.0, {"calm": {"first": post_id}})
    found = await repo.last_sent_post(1, "turn", p6)
    assert found is not None
    assert (found.id, found.progress) == (p2, {"calm": {"first": p2}})  # the fifth post is pending
    newest = await repo.last_sent_post(1, "turn", p6 + 1)
    assert newest is not None and newest.id == p6
    assert await repo.last_sent_post(1, "turn", p1) is None
    other = await repo.last_sent_post(2, "turn", p6)
    assert other is not None and other.id == p3
    reminder = await repo.last_sent_post(1, "reminder", p6)
    assert reminder is not None and reminder.id == p4


async def delete(repo, sent_before: float, limit: int = 1000) -> int:
    """Up to ``limit`` posts delivered before ``sent_before`` deleted, as the relay does."""
    below = await repo.first_post_id_stored_since(sent_before)
    return await repo.delete_delivered_posts(sent_before, below, limit)


async def test_deleting_delivered_posts_keeps_pending_and_recent_ones(repo):
    """Retention: a post delivered before the cut-off is deleted, oldest first and at most
    ``limit`` at a time; a post not delivered yet (however old) and one delivered since the
    cut-off stay; ids are never given again after a deletion."""
    p1, p2, p3, p4, p5, p6 = await store_posts(
        repo, [(1, "turn"), (1, "turn"), (None, "request"), (2, "turn"), (1, "turn"), (2, "turn")]
    )
    for post_id, sent in ((p1, 10.0), (p3, 20.0), (p4, 30.0), (p5, 500.0)):
        await repo.post_sent(post_id, sent, {})
    assert await delete(repo, 100.0, limit=2) == 2
    assert [post.id for post in await repo.posts()] == [p2, p4, p5, p6]
    assert await delete(repo, 100.0) == 1
    assert [post.id for post in await repo.posts()] == [p2, p5, p6]
    assert await delete(repo, 100.0) == 0
    await repo.post_sent(p6, 600.0, {})
    assert await delete(repo, 1000.0) == 2  # p5 and p6; p2 is still pending
    (pending,) = await repo.posts()
    assert pending.id == p2 and pending.sent_at is None
    changes = Changes()
    changes.post("after", "turn", {}, table_id=1, at=700.0)
    await repo.commit(changes)
    newest = await repo.posts(since_id=p2 + 1)
    assert [post.key for post in newest] == ["after"] and newest[0].id > p6


async def test_deleting_reads_only_the_posts_stored_before_the_cut_off(repo):
    """The ids searched for delivered posts end where the posts stored since the cut-off
    begin: a post stored after it is never read, even one (wrongly) marked delivered before."""
    ids = await store_posts(repo, [(1, "turn")] * 9)  # stored at 1.0, 2.0, ... 9.0
    assert await repo.first_post_id_stored_since(5.0) == ids[4]
    assert await repo.first_post_id_stored_since(0.5) == ids[0]
    assert await repo.first_post_id_stored_since(9.5) == ids[-1] + 1
    for post_id in ids:
        await repo.post_sent(post_id, 0.5, {})  # every one "delivered" before the cut-off
    assert await delete(repo, 5.0) == 4  # only those stored at 1.0-4.0
    assert [post.created_at for post in await repo.posts()] == [5.0, 6.0, 7.0, 8.0, 9.0]
    assert await delete(repo, 5.0) == 0
    assert await delete(repo, 100.0) == 5
    assert await delete(repo, 100.0) == 0  # an empty outbox
