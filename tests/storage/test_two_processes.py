"""Two OS processes on one database (issue 17): the database arbitrates, nothing held in one
process's memory is trusted by the other. On SQLite (one file) and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from storage import DeadlineRecord, TableStatus, open_repository
from tests.conftest import BACKENDS

WRITER = Path(__file__).with_name("race_writer.py")
TIMEOUT = 120


def run_pair(url: str, *args: str) -> list[list[str]]:
    """Start two writers, let them go at the same moment, return each one's output lines."""
    children = [
        subprocess.Popen(
            [sys.executable, str(WRITER), url, name, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("a", "b")
    ]
    try:
        for child in children:
            assert child.stdout is not None and child.stderr is not None  # the pipes asked for
            assert child.stdout.readline().strip() == "ready", child.stderr.read()
        for child in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        outputs = []
        for child in children:
            out, err = child.communicate(timeout=TIMEOUT)
            assert child.returncode == 0, err
            lines = out.splitlines()
            assert lines[-1] == "done"
            outputs.append(lines[:-1])
        return outputs
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()


@pytest.mark.parametrize("database_url", BACKENDS, indirect=True)
async def test_two_processes_acting_on_the_same_tables_never_both_win_a_move(database_url):
    """Both processes act on the same three tables from the sequence number they last read:
    every acknowledged move is stored, no sequence number is acknowledged twice, each log is
    gapless and each snapshot equals its log.
    """
    async with open_repository(database_url) as repo:
        table_ids = []
        for _ in range(3):
            table = await repo.create_table("race", {}, 0, {}, "race")
            await repo.append(table.id, 0, [], {"moves": []}, TableStatus.ACTIVE)
            table_ids.append(table.id)
    outputs = await asyncio.to_thread(
        run_pair, database_url, "moves", ",".join(map(str, table_ids)), "60"
    )
    acks = [tuple(line.split()[1:]) for lines in outputs for line in lines]
    assert len(acks) == 120
    assert len({(table, seq) for table, seq, _ in acks}) == 120  # never two winners
    async with open_repository(database_url) as repo:
        for table_id in table_ids:
            log = await repo.log(table_id)
            table = await repo.get_table(table_id)
            assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
            assert table.seq == len(log) and table.state == {"moves": [e.code for e in log]}
        stored = {
            (str(table_id), str(entry.seq), entry.code)
            for table_id in table_ids
            for entry in await repo.log(table_id)
        }
    assert stored == set(acks)
    # Both really raced: each process won moves on the shared tables.
    assert all(lines for lines in outputs)


@pytest.mark.parametrize("database_url", BACKENDS, indirect=True)
async def test_two_processes_claiming_deadlines_each_get_a_deadline_once(database_url):
    """Leases: two processes claiming the same due deadlines at once share them out, every
    deadline to exactly one of them.
    """
    async with open_repository(database_url) as repo:
        ids = await repo.add_deadlines([DeadlineRecord(0, "turn", float(i)) for i in range(90)])
    outputs = await asyncio.to_thread(run_pair, database_url, "claims")
    claimed = [int(line.split()[1]) for lines in outputs for line in lines]
    assert sorted(claimed) == sorted(ids)
