"""The per-key locks of tables and people (issue 22: kept only while held or awaited)."""

from __future__ import annotations

import asyncio

from tables.locks import LockMap


async def test_a_lock_is_kept_while_held_or_awaited_and_dropped_when_the_last_lets_go():
    """Issue 22: a process keeps a key's lock only while someone holds or awaits it, and
    everyone who asks meanwhile gets the same lock, so they take turns."""
    locks: LockMap[int] = LockMap()
    order: list[str] = []
    first_in = asyncio.Event()

    async def take(name: str, hold: asyncio.Event | None = None) -> None:
        async with locks(7):
            order.append(f"{name} in")
            if hold is not None:
                first_in.set()
                await hold.wait()
            order.append(f"{name} out")

    release = asyncio.Event()
    first = asyncio.create_task(take("a", release))
    await first_in.wait()
    second = asyncio.create_task(take("b"))
    await asyncio.sleep(0)
    assert 7 in locks and len(locks) == 1
    release.set()
    await asyncio.gather(first, second)
    assert order == ["a in", "a out", "b in", "b out"]
    assert 7 not in locks and len(locks) == 0


async def test_a_waiter_cancelled_while_waiting_leaves_no_lock_behind():
    """Issue 22: a caller that gives up waiting (an interaction timing out) keeps no lock
    alive, also when it gives up just as the holder lets go."""
    locks: LockMap[str] = LockMap()
    held = locks("anna")
    await held.acquire()
    waiter = asyncio.create_task(locks("anna").acquire())
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    assert "anna" in locks  # still held by the first
    held.release()
    assert len(locks) == 0

    held = locks("ben")
    await held.acquire()
    waiter = asyncio.create_task(locks("ben").acquire())
    await asyncio.sleep(0)
    held.release()  # hands the lock to the waiter, which is cancelled before it wakes
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    assert waiter.cancelled()
    assert len(locks) == 0


async def test_a_lock_forgotten_while_held_is_released_without_dropping_its_successor():
    """A table that finished forgets its lock while the move holds it; a new lock for the
    same key made meanwhile stays with whoever holds it."""
    locks: LockMap[int] = LockMap()
    old = locks(1)
    await old.acquire()
    locks.pop(1)
    new = locks(1)
    assert new is not old
    await new.acquire()
    old.release()
    # the next caller for key 1 must queue behind the successor's holder, not get a free lock
    successor = locks(1)
    assert successor is new
    assert successor.locked()
    new.release()
    assert len(locks) == 0  # the successor went once its holder let go
    assert not locks(1).locked()
