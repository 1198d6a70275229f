"""Deleting delivered posts (``TISCHRUNDE_POST_RETENTION_DAYS``): how long a batch holds the
database's writer, beside a move's own commit in the same run.

The database is built by bulk inserts: ``--posts`` posts of about 250 bytes (a turn post's
payload), stored one second apart, every 1,000th still pending, the rest delivered a second
after they were stored. The relay's deletion (``tables.outbox.Outbox.delete_delivered``, a
batch of 200 per write, synchronous FULL as in the bot) then deletes those delivered before a
cut-off three quarters of the way in, as the first pass after an upgrade would; a second pass
finds nothing left, as most passes every six hours do. Each batch is a write that moves
committing meanwhile wait for, so the yardstick is a one-row commit on the same database (an
INSERT and COMMIT through plain ``sqlite3``, synchronous FULL), timed before the deletion.

    python bench/retention.py                  # 200,000 posts
    python bench/retention.py --posts 50000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage.sqlite import SqliteRepository
from tables.outbox import DELETE_BATCH, Outbox

PAYLOAD = json.dumps(
    {"table": 1, "seq": 1, "from_seq": 0, "events": [["play", {"seat": 0, "card": 12}]] * 4}
)


async def create_schema(path: str) -> None:
    """The bot's tables and indexes, by its own migrations."""
    repository = SqliteRepository(path)
    await repository.open()
    await repository.close()


def fill(path: str, posts: int) -> None:
    """``posts`` posts stored a second apart, all delivered but every 1,000th."""
    connection = sqlite3.connect(path)
    connection.executemany(
        "INSERT INTO outbox (key, kind, table_id, payload, progress, created_at, sent_at)"
        " VALUES (?, 'turn', ?, ?, '{}', ?, ?)",
        (
            (f"turn:{n}", n % 500 + 1, PAYLOAD, float(n), None if n % 1000 == 0 else n + 1.0)
            for n in range(posts)
        ),
    )
    connection.commit()
    connection.close()


def one_row_commits(path: str, count: int) -> list[float]:
    """Seconds per one-row INSERT and COMMIT, synchronous FULL: what a move's commit costs."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE yardstick (n INTEGER PRIMARY KEY, body TEXT)")
    times = []
    for n in range(count):
        started = time.perf_counter()
        connection.execute("BEGIN")
        connection.execute("INSERT INTO yardstick (body) VALUES (?)", (PAYLOAD,))
        connection.execute("COMMIT")
        times.append(time.perf_counter() - started)
    connection.execute("DROP TABLE yardstick")
    connection.close()
    return times


async def delete(path: str, cut_off: float) -> tuple[int, float, list[float]]:
    """(posts deleted, seconds in all, seconds per batch) of one pass of the relay's deletion."""
    repository = SqliteRepository(path)
    await repository.open()
    batches: list[float] = []
    real = repository.delete_delivered_posts

    async def timed(sent_before: float, below_id: int, limit: int) -> int:
        started = time.perf_counter()
        try:
            return await real(sent_before, below_id, limit)
        finally:
            batches.append(time.perf_counter() - started)

    repository.delete_delivered_posts = timed  # type: ignore[method-assign]
    started = time.perf_counter()
    try:
        deleted = await Outbox(repository).delete_delivered(cut_off)
    finally:
        await repository.close()
    return deleted, time.perf_counter() - started, batches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--posts", type=int, default=200_000, help="posts stored (200,000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tischrunde-retention-") as folder:
        path = f"{folder}/bot.sqlite3"
        asyncio.run(create_schema(path))
        fill(path, args.posts)
        size = os.path.getsize(path) / 1e6
        commits = one_row_commits(path, 200)
        cut_off = float(args.posts * 3 // 4)
        deleted, seconds, batches = asyncio.run(delete(path, cut_off))
        _none, idle_seconds, _idle_batches = asyncio.run(delete(path, cut_off))
    print(
        f"retention benchmark: {args.posts:,} stored posts ({size:.0f} MB), synchronous FULL,"
        f" {DELETE_BATCH} posts per write"
    )
    header = f"{'write':<34}{'count':>8}{'p50 ms':>9}{'max ms':>9}"
    print(header)
    print("-" * len(header))
    for name, times in (
        ("one-row commit (yardstick)", commits),
        ("a batch of the deletion", batches),
    ):
        print(
            f"{name:<34}{len(times):>8,}{statistics.median(times) * 1000:>9.1f}"
            f"{max(times) * 1000:>9.1f}"
        )
    print(
        f"first pass: {deleted:,} posts deleted in {seconds:.2f} s; a pass with nothing to"
        f" delete: {idle_seconds * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
