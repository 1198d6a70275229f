"""Start-up with many stored tables: time until the bot is ready, and its peak memory.

The database is built quickly, not by playing: one table of every registered game is opened
and started through the table service (24-hour clock, members in every seat), then its rows
(the table with its snapshot, its seats, its action log, its turn clock and reminders) are
copied with bulk SQL inserts, each copy with its own members, until ``--tables`` running
tables are stored. Every copy is a valid table: its snapshot is the replay of its log.

Start-up runs in a fresh subprocess, as a restarted bot would: the real ``TischrundeBot``
(pictures off) under simcord, which runs its ``setup_hook`` (storage opened, services built,
``start_up``: tournaments resumed, clocks, lobbies and hand-overs reconciled; the outbox relay
and the clocks' timer started); ready is when its first scheduler run (the catch-up) is done.
The child reports the wall time from before opening storage to ready, and its peak RSS
(``ru_maxrss``). The yardstick is the same start-up on an empty database, run alternately in
the same way.

    python bench/startup.py                    # 10,000 tables, 3 rounds
    python bench/startup.py --tables 2000 --rounds 1
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_SECONDS = 3.0
TARGET_MB = 200.0
DAY = 86400


async def _templates(path: str) -> list[int]:
    """One started table of every registered game, through the service; their ids."""
    from games.core import all_games
    from storage.sqlite import SqliteRepository
    from tables.service import Member, TableService

    repo = SqliteRepository(path, synchronous="OFF")
    await repo.open()
    service = TableService(repo)
    ids: list[int] = []
    try:
        for game in all_games():
            if game.id.startswith("test-"):
                continue
            members = [Member(f"t{game.id}{n}", f"T{n}") for n in range(game.min_players)]
            table = await service.create(
                game.id,
                members[0],
                {"guild": "1", "channel": "2"},
                seed=len(ids) + 1,
                settings={"lang": "en", "clock": {"per_move": DAY, "on_timeout": "engine"}},
            )
            for member in members[1:]:
                await service.join(table.id, member)
            await service.start(table.id, members[0])
            ids.append(table.id)
    finally:
        await repo.close()
    return ids


def build(path: str, tables: int) -> tuple[int, float]:
    """A database with ``tables`` running tables (see the module's docstring); its size."""
    templates = asyncio.run(_templates(path))
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    table_columns = [row[1] for row in db.execute("PRAGMA table_info(tables)")]
    rows = {}
    for table_id in templates:
        rows[table_id] = (
            db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone(),
            db.execute(
                "SELECT seat, name, user_id, engine FROM seats WHERE table_id = ?", (table_id,)
            ).fetchall(),
            db.execute(
                "SELECT seq, seat, code, at FROM actions WHERE table_id = ?", (table_id,)
            ).fetchall(),
            db.execute(
                "SELECT kind, due, seat, user_id, data FROM deadlines WHERE table_id = ?",
                (table_id,),
            ).fetchall(),
        )
    # The templates' own posts count as delivered: the copies are tables running for a while.
    db.execute("UPDATE outbox SET sent_at = created_at")
    next_id = max(templates) + 1
    copies = tables - len(templates)
    id_at = table_columns.index("id")
    marks = ", ".join("?" * len(table_columns))
    new_tables: list[list[Any]] = []
    seats: list[tuple[Any, ...]] = []
    actions: list[tuple[Any, ...]] = []
    deadlines: list[tuple[Any, ...]] = []
    for number in range(copies):
        template = templates[number % len(templates)]
        table_row, seat_rows, action_rows, deadline_rows = rows[template]
        table_id = next_id + number
        row = list(table_row)
        row[id_at] = table_id
        new_tables.append(row)
        users: dict[str | None, str | None] = {}
        for seat, name, user_id, engine in seat_rows:
            users[user_id] = f"{table_id}-{seat}" if user_id else None
            seats.append((table_id, seat, name, users[user_id], engine))
        actions.extend((table_id, seq, seat, code, at) for seq, seat, code, at in action_rows)
        deadlines.extend(
            (kind, due, table_id, seat, users.get(user_id), data)
            for kind, due, seat, user_id, data in deadline_rows
        )
    db.executemany(f"INSERT INTO tables ({', '.join(table_columns)}) VALUES ({marks})", new_tables)
    db.executemany(
        "INSERT INTO seats (table_id, seat, name, user_id, engine) VALUES (?, ?, ?, ?, ?)", seats
    )
    db.executemany(
        "INSERT INTO actions (table_id, seq, seat, code, at) VALUES (?, ?, ?, ?, ?)", actions
    )
    db.executemany(
        "INSERT INTO deadlines (kind, due, table_id, seat, user_id, data)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        deadlines,
    )
    db.execute("COMMIT")
    stored = db.execute("SELECT count(*) FROM tables WHERE status = 'active'").fetchone()[0]
    db.close()
    return stored, Path(path).stat().st_size / 1e6


def empty(path: str) -> None:
    """A database with the schema and nothing else."""
    from storage.sqlite import SqliteRepository

    async def create() -> None:
        repo = SqliteRepository(path)
        await repo.open()
        await repo.close()

    asyncio.run(create())


async def _start(path: str) -> dict[str, float]:
    """In the child: start the bot on ``path`` and wait until its clocks ran once."""
    import simcord

    from tests.bot.harness import make_bot

    started = time.perf_counter()  # the code is imported: what is timed is the start-up
    bot = await make_bot(path)
    async with simcord.run(bot) as env:
        await env.settle()
        while bot.clocks.runs < 1:
            await env.advance_time(1)
        ready = time.perf_counter() - started
        cached = len(bot.service._cache)
    assert bot.repository is not None, "the harness gives every bot a repository"
    await bot.repository.close()
    return {"seconds": ready, "cached": cached}


def child(path: str) -> None:
    """The subprocess: start up, then print the figures as JSON."""
    figures = asyncio.run(_start(path))
    figures["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(figures))


def measure(path: str) -> dict[str, float]:
    """Start-up figures of a fresh subprocess on ``path``."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", path], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"start-up failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10_000, help="running tables stored")
    parser.add_argument("--rounds", type=int, default=3, help="start-ups of each database")
    parser.add_argument("--dir", default=None, help="where the databases go (a temp dir)")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="tischrunde-startup-") as folder:
        full, bare = f"{folder}/full.sqlite3", f"{folder}/empty.sqlite3"
        began = time.perf_counter()
        stored, size = build(full, args.tables)
        built = time.perf_counter() - began
        empty(bare)
        print(
            f"start-up benchmark: {stored:,} running tables ({size:.0f} MB, built in"
            f" {built:.1f} s), a fresh bot process each time, median of {args.rounds}"
        )
        header = f"{'database':<22}{'ready s':>9}{'peak RSS MB':>13}{'tables cached':>15}"
        print(header)
        print("-" * (len(header) + 24))
        figures: dict[str, list[dict[str, float]]] = {"empty": [], "full": []}
        for _ in range(args.rounds):
            figures["empty"].append(measure(bare))
            figures["full"].append(measure(full))
        for name, label in (("empty", "empty (yardstick)"), ("full", f"{stored:,} tables")):
            seconds = statistics.median(f["seconds"] for f in figures[name])
            rss = statistics.median(f["rss_mb"] for f in figures[name])
            cached = statistics.median(f["cached"] for f in figures[name])
            verdict = ""
            if name == "full":
                ok = seconds < TARGET_SECONDS and rss < TARGET_MB
                verdict = f"  target <{TARGET_SECONDS:g} s, <{TARGET_MB:g} MB: " + (
                    "ok" if ok else "MISS"
                )
            print(f"{label:<22}{seconds:>9.2f}{rss:>13.0f}{cached:>15.0f}{verdict}")


if __name__ == "__main__":
    main()
