"""Locks per key that do not outlive their use."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import Generic, Literal, TypeVar

K = TypeVar("K", bound=Hashable)


class _KeyedLock(asyncio.Lock, Generic[K]):
    """A lock that leaves its map when the last holder lets go and nobody waits for it.

    Plain dict entries instead of weak references: a move takes three of these locks (its
    table's and its people's), and making and dropping a weak reference for each was a
    noticeable part of a move's own CPU.
    """

    def __init__(self, owner: dict[K, _KeyedLock[K]], key: K) -> None:
        super().__init__()
        self._owner = owner
        self._key = key

    async def acquire(self) -> Literal[True]:
        try:
            return await super().acquire()
        except BaseException:
            # A waiter cancelled while waiting: if it was the last one, the lock is done with.
            self._forget_if_idle()
            raise

    def release(self) -> None:
        super().release()
        self._forget_if_idle()

    def _forget_if_idle(self) -> None:
        if not self.locked() and not self._waiters and self._owner.get(self._key) is self:
            del self._owner[self._key]


class LockMap(Generic[K]):
    """One ``asyncio.Lock`` per key, kept only while someone holds it or waits for it: a
    process that served many tables (or people) keeps no lock for those it is done with.

    Take a lock at once (``async with locks(key)``): a lock fetched and kept unacquired across
    an ``await`` may be dropped from the map meanwhile, and a later caller would get another.
    """

    def __init__(self) -> None:
        self._locks: dict[K, _KeyedLock[K]] = {}

    def __call__(self, key: K) -> asyncio.Lock:
        """The lock of ``key`` (a new one when nobody holds or awaits one)."""
        lock = self._locks.get(key)
        if lock is None:
            lock = _KeyedLock(self._locks, key)
            self._locks[key] = lock
        return lock

    def __contains__(self, key: object) -> bool:
        return key in self._locks

    def __len__(self) -> int:
        return len(self._locks)

    def pop(self, key: K, default: asyncio.Lock | None = None) -> asyncio.Lock | None:
        """Forget ``key``'s lock (those holding it keep it until they let go)."""
        return self._locks.pop(key, default)
