"""A process of the two-process race test: acts on shared tables, or claims shared deadlines.

``python race_writer.py URL NAME moves TABLE_IDS MOVES``: until it has MOVES acknowledged moves,
it appends to the given tables in turn, from the sequence number it last read; a stale one is
re-read and retried. Prints ``ack TABLE SEQ CODE`` after each acknowledged append.
``python race_writer.py URL NAME claims``: claims due deadlines (a few at a time, a long lease)
until none is left, printing ``claimed ID`` for each.
Both wait for a line on stdin after printing ``ready``, so the two processes start together.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from storage import LogEntry, StaleSequence, TableStatus, open_repository


async def moves(repo, name: str, table_ids: list[int], wanted: int) -> None:
    done = 0
    while done < wanted:
        for table_id in table_ids:
            if done == wanted:
                break
            table = await repo.get_table(table_id)
            seq = table.seq
            code = f"{name}{seq + 1}"
            entry = LogEntry(seq + 1, 0, code, request_id=f"{name}:{table_id}:{seq + 1}")
            state = {"moves": [*table.state["moves"], code]}
            try:
                await repo.append(table_id, seq, [entry], state, TableStatus.ACTIVE)
            except StaleSequence:
                continue
            sys.stdout.write(f"ack {table_id} {seq + 1} {code}\n")
            sys.stdout.flush()
            done += 1


async def claims(repo, name: str) -> None:
    while True:
        got = await repo.claim_deadlines(name, now=1000.0, lease_seconds=3600.0, limit=3)
        if not got:
            return
        for deadline in got:
            sys.stdout.write(f"claimed {deadline.id}\n")
        sys.stdout.flush()


async def main(url: str, name: str, mode: str, rest: list[str]) -> None:
    async with open_repository(url) as repo:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        if mode == "moves":
            await moves(repo, name, [int(i) for i in rest[0].split(",")], int(rest[1]))
        else:
            await claims(repo, name)
        print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
