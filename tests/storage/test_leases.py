"""Leases of deadlines and posts (migration 0006): with several bot processes on one database,
each due deadline and each pending post is handled by the one process that leased it.
"""

from __future__ import annotations

import asyncio

from storage import Changes, DeadlineRecord


def deadline(kind, due, **fields):
    return DeadlineRecord(0, kind, due, **fields)


async def test_a_due_deadline_is_leased_to_one_owner_only(repo):
    ids = await repo.add_deadlines(
        [deadline("turn", 10.0), deadline("reminder", 5.0), deadline("turn", 50.0)]
    )
    first = await repo.claim_deadlines("a", now=20.0, lease_seconds=30.0)
    assert [d.id for d in first] == [ids[1], ids[0]]  # due, earliest first; the 50 is not due
    assert await repo.claim_deadlines("b", now=21.0, lease_seconds=30.0) == []


async def test_claimed_deadlines_follow_the_kind_filter_and_the_limit(repo):
    ids = await repo.add_deadlines(
        [deadline("turn", 1.0), deadline("round", 2.0), deadline("turn", 3.0)]
    )
    assert [d.id for d in await repo.claim_deadlines("a", 10.0, 30.0, kinds=("round",))] == [ids[1]]
    assert [d.id for d in await repo.claim_deadlines("a", 10.0, 30.0, limit=1)] == [ids[0]]
    assert [d.id for d in await repo.claim_deadlines("b", 10.0, 30.0)] == [ids[2]]


async def test_an_expired_lease_lets_another_owner_take_the_deadline_over(repo):
    """An owner that died holds its deadlines only until its lease runs out."""
    (only,) = await repo.add_deadlines([deadline("turn", 1.0, table_id=3)])
    assert [d.id for d in await repo.claim_deadlines("dead", 10.0, 30.0)] == [only]
    assert await repo.claim_deadlines("b", 39.0, 30.0) == []
    taken = await repo.claim_deadlines("b", 41.0, 30.0)
    assert [(d.id, d.table_id) for d in taken] == [(only, 3)]


async def test_deferring_clears_the_lease_and_releasing_frees_every_lease(repo):
    first, second = await repo.add_deadlines([deadline("turn", 1.0), deadline("turn", 2.0)])
    await repo.claim_deadlines("a", 10.0, 1000.0)
    await repo.defer_deadline(first, 20.0, 1)
    assert await repo.claim_deadlines("b", 15.0, 1000.0) == []  # deferred: not due yet
    assert [d.id for d in await repo.claim_deadlines("b", 20.0, 1000.0)] == [first]
    assert await repo.release_leases("a") == 1  # the second deadline
    assert [d.id for d in await repo.claim_deadlines("c", 20.0, 1000.0)] == [second]


async def test_concurrent_claims_never_hand_one_deadline_to_two_owners(repo):
    await repo.add_deadlines([deadline("turn", float(i)) for i in range(40)])
    results = await asyncio.gather(
        *(repo.claim_deadlines(f"owner{i}", 100.0, 30.0, limit=7) for i in range(8))
    )
    claimed = [d.id for result in results for d in result]
    assert len(claimed) == 40
    assert len(set(claimed)) == 40


async def add_posts(repo, *tables):
    for number, table in enumerate(tables, start=1):
        changes = Changes()
        changes.post(f"p{number}", "turn", {"n": number}, table_id=table, at=float(number))
        await repo.commit(changes)
    return [post.id for post in await repo.posts()]


async def test_posts_of_a_table_held_by_another_owner_wait_so_they_stay_in_order(repo):
    """A later post of table 1 is not handed to b while a still holds table 1's earlier post;
    posts of other tables and posts without a table are not held up.
    """
    p1, p2, p3, p4 = await add_posts(repo, 1, 1, 2, None)
    got_a = await repo.claim_posts("a", now=10.0, lease_seconds=30.0, limit=1)
    assert [p.id for p in got_a] == [p1]
    got_b = await repo.claim_posts("b", now=11.0, lease_seconds=30.0)
    assert [p.id for p in got_b] == [p3, p4]
    await repo.post_sent(p1, 12.0, {})
    assert [p.id for p in await repo.claim_posts("b", now=13.0, lease_seconds=30.0)] == [p2]


async def test_an_owner_gets_the_later_posts_of_a_table_whose_earlier_post_it_holds(repo):
    p1, p2 = await add_posts(repo, 1, 1)
    assert [p.id for p in await repo.claim_posts("a", 10.0, 30.0, limit=1)] == [p1]
    assert [p.id for p in await repo.claim_posts("a", 10.0, 30.0)] == [p2]


async def test_a_retried_post_is_free_again_and_an_expired_post_lease_is_taken_over(repo):
    p1, p2 = await add_posts(repo, 1, 2)
    await repo.claim_posts("a", 10.0, 30.0)
    await repo.post_retry(p1, 15.0, 1)
    assert await repo.claim_posts("b", 14.0, 30.0) == []  # p1 waits for its retry, p2 is held
    assert [p.id for p in await repo.claim_posts("b", 15.0, 30.0)] == [p1]
    assert [p.id for p in await repo.claim_posts("c", 41.0, 30.0)] == [p2]  # a's lease ran out


async def test_release_frees_posts_and_sent_posts_are_never_claimed(repo):
    p1, p2 = await add_posts(repo, 1, 1)
    await repo.claim_posts("a", 10.0, 1000.0)
    await repo.post_sent(p1, 11.0, {"done": True})
    assert await repo.release_leases("a") == 1
    assert [p.id for p in await repo.claim_posts("b", 12.0, 1000.0)] == [p2]
    assert [p.id for p in await repo.pending_posts(12.0)] == [p2]  # single-process API stays
