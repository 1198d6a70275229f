"""The SQLite writer's thread: whole functions on one connection, off the event loop, in order."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from storage.sqlite_thread import ConnectionThread


async def test_a_function_runs_on_the_connection_thread_with_the_bare_connection(tmp_path):
    """The writer's one-hop transaction gets the sqlite3 connection, never on the event loop."""
    thread = ConnectionThread(str(tmp_path / "t.db"))
    await thread.open()
    seen: list[tuple[int, type]] = []

    def work(conn: sqlite3.Connection) -> int:
        seen.append((threading.get_ident(), type(conn)))
        value: int = conn.execute("SELECT 7").fetchone()[0]
        return value

    try:
        assert await thread.run(work) == 7
    finally:
        await thread.close()
    assert [kind for _, kind in seen] == [sqlite3.Connection]
    assert seen[0][0] != threading.get_ident()


async def test_a_failing_function_fails_its_caller_and_the_thread_serves_on(tmp_path):
    thread = ConnectionThread(str(tmp_path / "t.db"))
    await thread.open()
    try:
        with pytest.raises(sqlite3.OperationalError, match="no such table: missing"):
            await thread.run(lambda conn: conn.execute("SELECT * FROM missing"))
        assert await thread.run(lambda conn: conn.execute("SELECT 1").fetchone()[0]) == 1
    finally:
        await thread.close()


async def test_jobs_run_in_the_order_they_were_submitted(tmp_path):
    """One transaction after another: the group commit relies on the thread's order."""
    thread = ConnectionThread(str(tmp_path / "t.db"))
    await thread.open()
    order: list[int] = []
    try:
        await asyncio.gather(*(thread.run(lambda conn, n=n: order.append(n)) for n in range(50)))
    finally:
        await thread.close()
    assert order == list(range(50))


async def test_close_runs_what_is_queued_then_refuses_new_work(tmp_path):
    path = str(tmp_path / "t.db")
    thread = ConnectionThread(path)
    await thread.open()
    await thread.run(lambda conn: conn.execute("CREATE TABLE t (n INTEGER)"))
    queued = thread.run(lambda conn: conn.execute("INSERT INTO t VALUES (1)"))
    task = asyncio.ensure_future(queued)
    await asyncio.sleep(0)  # the insert is on the thread's queue before close is
    await thread.close()
    await task
    with pytest.raises(RuntimeError, match="not running"):
        await thread.run(lambda conn: None)
    with sqlite3.connect(path) as check:
        assert check.execute("SELECT n FROM t").fetchall() == [(1,)]


async def test_a_database_that_cannot_be_opened_fails_open(tmp_path):
    thread = ConnectionThread(str(tmp_path / "no-such-dir" / "t.db"))
    with pytest.raises(sqlite3.OperationalError, match="unable to open database file"):
        await thread.open()
    await thread.close()
