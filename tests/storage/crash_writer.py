"""The process the crash test kills: it appends moves to a few tables until it is stopped.

Run as ``python crash_writer.py DATABASE_URL TABLES`` (``sqlite:///...`` or ``postgresql://...``). On a fresh database it creates TABLES tables;
on a database it already wrote to it resumes every active table from its stored snapshot. After
each ``append`` returns (so after its commit) it prints one line, flushed:
``ack TABLE SEQ CODE``. A table's snapshot is ``{"moves": [every code in its log, in order]}``,
so whether the stored state equals the replay of the log can be checked from the log alone.
Every fifth append carries two entries (a chance draw and a move) to exercise multi-entry
atomicity.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from storage import LogEntry, Repository, TableStatus, open_repository


def code_for(table_id: int, seq: int) -> str:
    return f"t{table_id}s{seq}"


async def play(repo: Repository, table_id: int) -> None:
    table = await repo.get_table(table_id)
    seq = table.seq
    moves = list(table.state["moves"]) if table.state else []
    while True:
        count = 2 if (seq // 2) % 5 == 4 else 1
        entries = [
            LogEntry(
                seq=seq + i,
                seat=-1 if count == 2 and i == 1 else (seq + i) % 3,
                code=code_for(table_id, seq + i),
                request_id=f"{table_id}:{seq + i}",
            )
            for i in range(1, count + 1)
        ]
        moves = moves + [entry.code for entry in entries]
        seq = await repo.append(table_id, seq, entries, {"moves": moves}, TableStatus.ACTIVE)
        for entry in entries:
            sys.stdout.write(f"ack {table_id} {entry.seq} {entry.code}\n")
        sys.stdout.flush()


async def main(url: str, tables: int) -> None:
    repo = open_repository(url)
    await repo.open()
    active = [table.id for table in await repo.tables_with_status((TableStatus.ACTIVE,))]
    if not active:
        for _ in range(tables):
            table = await repo.create_table("crash", {}, 0, {"terminal": 1}, "crash-test")
            await repo.append(table.id, 0, [], {"moves": []}, TableStatus.ACTIVE)
            active.append(table.id)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    await asyncio.gather(*(play(repo, table_id) for table_id in active))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
