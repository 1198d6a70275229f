"""The one place Tischrunde reaches into aiosqlite's private API.

aiosqlite has no public call that runs a function on the connection's own thread with the bare
``sqlite3.Connection``; the writer needs one to run a whole transaction in a single hop (no
other statement interleaves between BEGIN and COMMIT, one thread round trip instead of one per
statement). ``Connection._execute`` is the method every public aiosqlite call goes through and
``Connection._conn`` the connection it hands them. ``tests/storage/test_private_apis.py`` fails,
naming this pin, when an aiosqlite release changes either.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

import aiosqlite

PINNED = "0.22.1"


def missing() -> list[str]:
    """The private names this adapter relies on that the installed aiosqlite lacks."""
    gone = []
    if not inspect.iscoroutinefunction(getattr(aiosqlite.Connection, "_execute", None)):
        gone.append("Connection._execute (a coroutine method)")
    if not isinstance(getattr(aiosqlite.Connection, "_conn", None), property):
        gone.append("Connection._conn (a property)")
    return gone


def installed() -> str:
    """The installed aiosqlite version."""
    return version("aiosqlite")


async def run_on_connection_thread(
    conn: aiosqlite.Connection, fn: Callable[..., Any], *args: Any
) -> Any:
    """``fn(sqlite3_connection, *args)`` on ``conn``'s thread, queued like any aiosqlite call."""
    # aiosqlite's private _execute carries no annotations; this adapter is its one caller.
    return await conn._execute(fn, conn._conn, *args)  # type: ignore[no-untyped-call]
