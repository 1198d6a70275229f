"""The thread that owns the SQLite write connection and runs whole functions on it.

The writer commits a batch of writes as one function on the connection's thread, so no other
statement runs between its BEGIN and COMMIT and a transaction costs one thread round trip, not
one per statement. aiosqlite offers that only through a private call, and it hands each result
back through a future that the awaiting task must then pass on: two turns of the event loop
per commit before the mover runs again. Here the result comes back as one callback
(``submit``), which settles the movers' futures directly. Reads keep aiosqlite.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from queue import SimpleQueue
from typing import Any, TypeVar

T = TypeVar("T")

Done = Callable[[bool, Any], None]
"""Called on the event loop with (True, result) or (False, the exception raised)."""

_Job = tuple[Callable[[sqlite3.Connection], Any], asyncio.AbstractEventLoop, Done]


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


class ConnectionThread:
    """One ``sqlite3`` connection, opened, used and closed on its own thread, jobs in order."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._jobs: SimpleQueue[_Job | None] = SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False

    async def open(self) -> None:
        """Start the thread and connect there (a sqlite3 connection belongs to its thread)."""
        loop = asyncio.get_running_loop()
        opened: asyncio.Future[None] = loop.create_future()
        self._thread = threading.Thread(
            target=self._serve, args=(loop, opened), name="sqlite-writer", daemon=True
        )
        self._thread.start()
        await opened

    def submit(self, fn: Callable[[sqlite3.Connection], Any], done: Done) -> None:
        """Queue ``fn(connection)``; ``done`` gets its outcome on the calling event loop."""
        if self._closed or self._thread is None:
            raise RuntimeError("the SQLite connection thread is not running")
        self._jobs.put((fn, asyncio.get_running_loop(), done))

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` on the thread, awaited."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.submit(fn, lambda ok, value: _settle(future, ok, value))
        return await future

    async def close(self) -> None:
        """Run what is queued, close the connection and end the thread."""
        if self._closed:
            return
        self._closed = True
        self._jobs.put(None)
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join)

    def _serve(self, loop: asyncio.AbstractEventLoop, opened: asyncio.Future[None]) -> None:
        try:
            # isolation_level=None: the writer issues BEGIN and COMMIT itself
            connection = sqlite3.connect(self.path, isolation_level=None)
        except BaseException as error:  # noqa: BLE001 - handed to open()
            self._closed = True
            loop.call_soon_threadsafe(_settle, opened, False, error)
            return
        loop.call_soon_threadsafe(_settle, opened, True, None)
        try:
            while (job := self._jobs.get()) is not None:
                fn, caller_loop, done = job
                outcome: tuple[bool, Any]
                try:
                    outcome = (True, fn(connection))
                except BaseException as error:  # noqa: BLE001 - handed to whoever waits for it
                    outcome = (False, error)
                try:
                    caller_loop.call_soon_threadsafe(done, *outcome)
                except RuntimeError:
                    pass  # that loop closed meanwhile: nobody is left to tell
        finally:
            connection.close()
