"""Locks per key that do not outlive their use."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class LockMap(Generic[K]):
    """One ``asyncio.Lock`` per key, kept only while someone holds it or waits for it: a
    process that served many tables (or people) keeps no lock for those it is done with.
    """

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[K, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: K) -> asyncio.Lock:
        """The lock of ``key`` (a new one when nobody holds or awaits one)."""
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        return lock

    def __contains__(self, key: object) -> bool:
        return key in self._locks

    def __len__(self) -> int:
        return len(self._locks)

    def pop(self, key: K, default: asyncio.Lock | None = None) -> asyncio.Lock | None:
        """Forget ``key``'s lock (those holding it keep it until they let go)."""
        return self._locks.pop(key, default)
