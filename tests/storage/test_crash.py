"""The crash test: a process appending moves is killed with SIGKILL mid-stream.

Reopened, every acknowledged move is in the log, every table's sequence number is its last log
entry, and every stored snapshot equals the replay of its log. Three rounds on one database: each
round resumes the tables the previous, killed, round left behind. On SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storage import TableStatus, open_repository
from tests.conftest import BACKENDS

WRITER = Path(__file__).with_name("crash_writer.py")
TABLES = 4
ACKS_BEFORE_KILL = 300
ROUNDS = 3
TIMEOUT = 30.0


def run_and_kill(url: str) -> list[tuple[int, int, str]]:
    """Start the writer, SIGKILL it after ACKS_BEFORE_KILL acknowledgements, return all acks."""
    child = subprocess.Popen(
        [sys.executable, str(WRITER), url, str(TABLES)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None  # the pipes asked for
    received = b""
    acks = 0
    deadline = time.monotonic() + TIMEOUT
    with selectors.DefaultSelector() as selector:
        selector.register(child.stdout, selectors.EVENT_READ)
        while acks < ACKS_BEFORE_KILL:
            if time.monotonic() > deadline or child.poll() is not None:
                child.kill()
                raise AssertionError(f"writer stalled or died: {child.stderr.read().decode()}")
            if selector.select(timeout=1.0):
                chunk = os.read(child.stdout.fileno(), 65536)
                received += chunk
                acks += chunk.count(b"\nack ") + chunk.startswith(b"ack ")
    child.send_signal(signal.SIGKILL)
    # Lines already in the pipe were acknowledged before the kill: they count too.
    received += child.stdout.read()
    child.wait()
    child.stdout.close()
    child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    lines = received.decode().split("\n")[:-1]  # the last piece is "" or a torn line
    return [
        (int(table), int(seq), code)
        for kind, table, seq, code in (line.split(" ") for line in lines if line != "ready")
        if kind == "ack"
    ]


async def check_database(url: str, acks: list[tuple[int, int, str]]) -> int:
    """Every ack is stored; seq = last entry; snapshot = replay of the log. Returns moves."""
    async with open_repository(url) as repo:
        tables = await repo.tables_with_status((TableStatus.ACTIVE,))
        assert len(tables) == TABLES
        logs = {}
        for table in tables:
            log = await repo.log(table.id)
            logs[table.id] = {entry.seq: entry for entry in log}
            assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
            assert table.seq == len(log)
            assert table.state == {"moves": [entry.code for entry in log]}
            assert all(entry.request_id == f"{table.id}:{entry.seq}" for entry in log)
        for table_id, seq, code in acks:
            assert seq in logs[table_id], f"acknowledged move {table_id}/{seq} lost"
            assert logs[table_id][seq].code == code
        return sum(len(log) for log in logs.values())


@pytest.mark.parametrize("database_url", BACKENDS, indirect=True)
async def test_acknowledged_moves_survive_sigkill(database_url):
    stored_before = 0
    for _ in range(ROUNDS):
        # The child runs on its own; waiting for it in a thread keeps this loop free.
        acks = await asyncio.to_thread(run_and_kill, database_url)
        assert len(acks) >= ACKS_BEFORE_KILL
        stored = await check_database(database_url, acks)
        # Every round makes progress beyond what the previous round had stored.
        assert stored >= stored_before + ACKS_BEFORE_KILL
        stored_before = stored
