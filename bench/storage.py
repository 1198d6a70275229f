"""Moves stored per second: the repository (group commit) against raw aiosqlite commits.

Both sides use the same database schema (the shipped migrations), the same pragmas (WAL,
``synchronous``, foreign keys, busy timeout) and the same row shape: per move one row into
``actions`` and one snapshot update of ``tables`` (the state as JSON). The raw side commits each
move in its own transaction on one aiosqlite connection (a lock keeps concurrent tables from
sharing a transaction); the repository side calls ``SqliteRepository.append``. Either way a move
counts as stored only once its call returned, i.e. after the commit that holds it.

Two scenarios: one table acting alone (each move waits for the previous one) and many tables
acting at once (each table's next move waits for its own previous acknowledgement). Each
measurement runs on a fresh database file; raw and repository run back to back in each round
and the ratio is the median of the per-round ratios.

Then the backends side by side (issue 17): moves/s through ``SqliteRepository``, through
``PostgresRepository`` from one process, and from two OS processes at once on the same
PostgreSQL database (each drives half of the tables; on one table both act on it, a stale
sequence number is re-read and retried, and only acknowledged moves count), at 1 and at many
tables, each beside raw aiosqlite measured in the same run. The PostgreSQL server is a
throw-away one started here from the Debian package's binaries (like the tests' server, but
with fsync at every commit, the counterpart of synchronous=FULL).

    python bench/storage.py                      # FULL and NORMAL, defaults below
    python bench/storage.py --synchronous FULL --rounds 5
    python bench/storage.py --no-backends        # SQLite group commit only
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiosqlite

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import LogEntry, Repository, StaleSequence, TableStatus
from storage.migrations import migrations
from storage.postgres import PostgresRepository
from storage.sqlite import SqliteRepository


def state_for(seq: int, payload: str) -> dict:
    return {"seq": seq, "payload": payload}


async def raw_database(path: str, synchronous: str, tables: int) -> aiosqlite.Connection:
    db = await aiosqlite.connect(path)
    await db.execute("PRAGMA busy_timeout = 5000")
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute(f"PRAGMA synchronous = {synchronous}")
    await db.execute("PRAGMA foreign_keys = ON")
    for _, _, script in migrations():
        await db.executescript(script)
    now = time.time()
    await db.executemany(
        "INSERT INTO tables (game, seed, host, status, created_at, updated_at)"
        " VALUES ('bench', 0, 'bench', 'active', ?, ?)",
        [(now, now)] * tables,
    )
    await db.commit()
    return db


async def raw_run(
    path: str,
    synchronous: str,
    tables: int,
    moves: int,
    payload: str,
    cpu: list[float] | None = None,
) -> float:
    """Moves per second of raw aiosqlite, each move its own committed transaction (``cpu``
    gets the process's CPU seconds per move, all threads, if given).
    """
    db = await raw_database(path, synchronous, tables)
    lock = asyncio.Lock()

    async def play(table_id: int) -> None:
        for seq in range(1, moves + 1):
            state = json.dumps(state_for(seq, payload), separators=(",", ":"))
            async with lock:
                await db.execute(
                    "INSERT INTO actions (table_id, seq, seat, code, request_id, at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, seq, seq % 4, f"move{seq}", f"{table_id}:{seq}", time.time()),
                )
                await db.execute(
                    "UPDATE tables SET seq = ?, state = ?, status = ?, updated_at = ? WHERE id = ?",
                    (seq, state, TableStatus.ACTIVE, time.time(), table_id),
                )
                await db.commit()

    try:
        rate = await timed(play, tables, moves, cpu)
        rows = list(await db.execute_fetchall("SELECT count(*) FROM actions"))
        assert rows[0][0] == tables * moves, "raw side lost moves"
        return rate
    finally:
        await db.close()


async def repository_run(
    path: str, synchronous: str, tables: int, moves: int, payload: str, batches: list[float]
) -> float:
    """Moves per second through ``SqliteRepository.append``."""
    repo = SqliteRepository(path, synchronous=synchronous)
    await repo.open()

    async def play(table_id: int) -> None:
        for seq in range(1, moves + 1):
            entry = LogEntry(seq, seq % 4, f"move{seq}", f"{table_id}:{seq}")
            await repo.append(
                table_id, seq - 1, [entry], state_for(seq, payload), TableStatus.ACTIVE
            )

    try:
        for _ in range(tables):
            await repo.create_table("bench", {}, 0, {}, "bench")
        before = (repo.batches, repo.batched_jobs)
        rate = await timed(play, tables, moves)
        stored = 0
        for table_id in range(1, tables + 1):
            stored += len(await repo.log(table_id))
        assert stored == tables * moves, "repository lost moves"
        commits = repo.batches - before[0]
        batches.append((repo.batched_jobs - before[1]) / max(commits, 1))
        return rate
    finally:
        await repo.close()


async def timed(
    play: Callable[[int], Awaitable[None]], tables: int, moves: int, cpu: list[float] | None = None
) -> float:
    start, started_cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(play(table_id) for table_id in range(1, tables + 1)))
    elapsed, used = time.perf_counter() - start, time.process_time() - started_cpu
    if cpu is not None:
        cpu.append(used / (tables * moves))
    return tables * moves / elapsed


async def scenario(
    directory: Path, synchronous: str, tables: int, moves: int, rounds: int, payload: str
) -> tuple[float, float, list[float], float]:
    """Median raw and repository rates, the ratio of each round, the median moves per commit.

    The disk's sync latency drifts with whatever else the machine does, so raw and repository
    run back to back in each round (alternating which goes first) and the ratio is taken per
    round: drift between rounds then cancels out of the ratio.
    """
    raw: list[float] = []
    repo: list[float] = []
    ratios: list[float] = []
    batches: list[float] = []
    for round_ in range(rounds):
        raw_path = str(directory / f"raw-{synchronous}-{tables}-{round_}.db")
        repo_path = str(directory / f"repo-{synchronous}-{tables}-{round_}.db")
        if round_ % 2 == 0:
            raw_rate = await raw_run(raw_path, synchronous, tables, moves, payload)
            repo_rate = await repository_run(
                repo_path, synchronous, tables, moves, payload, batches
            )
        else:
            repo_rate = await repository_run(
                repo_path, synchronous, tables, moves, payload, batches
            )
            raw_rate = await raw_run(raw_path, synchronous, tables, moves, payload)
        raw.append(raw_rate)
        repo.append(repo_rate)
        ratios.append(repo_rate / raw_rate)
    return statistics.median(raw), statistics.median(repo), ratios, statistics.median(batches)


async def drive(repo: Repository, table_ids: list[int], moves: int, payload: str) -> int:
    """Play ``moves`` acknowledged moves on each table (shared tables: re-read a stale seq and
    retry); how many moves were acknowledged.
    """

    async def play(table_id: int) -> int:
        done = 0
        seq = (await repo.get_table(table_id)).seq
        while done < moves:
            entry = LogEntry(seq + 1, seq % 4, f"move{seq + 1}")
            try:
                seq = await repo.append(
                    table_id, seq, [entry], state_for(seq + 1, payload), TableStatus.ACTIVE
                )
                done += 1
            except StaleSequence:
                seq = (await repo.get_table(table_id)).seq
        return done

    return sum(await asyncio.gather(*(play(table_id) for table_id in table_ids)))


async def new_tables(repo: Repository, tables: int) -> list[int]:
    return [(await repo.create_table("bench", {}, 0, {}, "bench")).id for _ in range(tables)]


async def backend_run(repo: Repository, tables: int, moves: int, payload: str) -> float:
    """Moves per second of one process through ``repo`` (opened and closed here)."""
    async with repo:
        table_ids = await new_tables(repo, tables)
        start = time.perf_counter()
        done = await drive(repo, table_ids, moves, payload)
        return done / (time.perf_counter() - start)


async def worker(url: str, table_ids: list[int], moves: int, payload: str) -> None:
    """One of the two processes: connect, say ready, wait for go, play, report the count."""
    async with PostgresRepository(url) as repo:
        await repo.get_table(table_ids[0])  # warm the pool before the clock starts
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        done = await drive(repo, table_ids, moves, payload)
        print(f"done {done}", flush=True)


async def _prepare(url: str, tables: int) -> list[int]:
    async with PostgresRepository(url) as repo:
        return await new_tables(repo, tables)


async def _stored(url: str, table_ids: list[int]) -> int:
    async with PostgresRepository(url) as repo:
        return sum([len(await repo.log(table_id)) for table_id in table_ids])


def two_process_run(url: str, tables: int, moves: int, payload: str) -> float:
    """Moves per second of two OS processes on one PostgreSQL database, summed: from the
    moment both are told to go until the last one finished.
    """
    table_ids = asyncio.run(_prepare(url, tables))
    # Half of the tables each; one table is shared (both act on it).
    halves = [table_ids[0::2], table_ids[1::2]] if tables > 1 else [table_ids, table_ids]
    share = moves if tables > 1 else moves // 2
    children = []
    for half in halves:
        ids = ",".join(map(str, half))
        argv = [sys.executable, __file__, "--pg-worker", url, ids, str(share), str(len(payload))]
        children.append(
            subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        )
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    start = time.perf_counter()
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    done = 0
    for child in children:
        assert child.stdout is not None
        done += int(child.stdout.readline().split()[1])
    elapsed = time.perf_counter() - start
    for child in children:
        child.wait()
    stored = asyncio.run(_stored(url, table_ids))
    assert stored == done, f"{done} moves acknowledged, {stored} stored"
    return done / elapsed


async def new_database(server, name: str) -> str:
    import asyncpg

    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return server.url(name)


def backends(directory: Path, cases: list[tuple[str, int, int]], rounds: int, payload: str) -> None:
    """The backends table: each figure the median of ``rounds``, raw aiosqlite beside it."""
    from tests.postgres_server import PostgresServer

    server = PostgresServer(durable=True).start()
    try:
        version = asyncio.run(_server_version(server))
        print()
        print(
            f"backends: {version}, asyncpg pool of 4 per process; SQLite synchronous=FULL;"
            f" median of {rounds} rounds; raw = aiosqlite, one commit per move (yardstick)"
        )
        header = f"{'scenario':<30}{'backend':<26}{'moves/s':>10}{'raw moves/s':>13}{'ratio':>8}"
        print(header)
        print("-" * len(header))
        numbers = iter(range(1, 10_000))
        for label, tables, moves in cases:
            figures: dict[str, list[float]] = {}
            raws: list[float] = []
            for round_ in range(rounds):
                tag = f"{tables}-{round_}"
                raws.append(
                    asyncio.run(
                        raw_run(str(directory / f"braw-{tag}.db"), "FULL", tables, moves, payload)
                    )
                )
                sqlite_repo = SqliteRepository(str(directory / f"bsql-{tag}.db"))
                figures.setdefault("SQLite", []).append(
                    asyncio.run(backend_run(sqlite_repo, tables, moves, payload))
                )
                url = asyncio.run(new_database(server, f"b{next(numbers)}"))
                figures.setdefault("PostgreSQL, 1 process", []).append(
                    asyncio.run(backend_run(PostgresRepository(url), tables, moves, payload))
                )
                url = asyncio.run(new_database(server, f"b{next(numbers)}"))
                figures.setdefault("PostgreSQL, 2 processes", []).append(
                    two_process_run(url, tables, moves, payload)
                )
            raw = statistics.median(raws)
            for name, rates in figures.items():
                rate = statistics.median(rates)
                print(f"{label:<30}{name:<26}{rate:>10,.0f}{raw:>13,.0f}{rate / raw:>7.2f}x")
    finally:
        server.stop()


async def _server_version(server) -> str:
    import asyncpg

    conn = await asyncpg.connect(server.url())
    try:
        return "PostgreSQL " + str(await conn.fetchval("SHOW server_version")).split()[0]
    finally:
        await conn.close()


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--pg-worker":
        url, ids, moves, size = sys.argv[2:6]
        table_ids = [int(i) for i in ids.split(",")]
        asyncio.run(worker(url, table_ids, int(moves), "x" * int(size)))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--synchronous",
        nargs="+",
        default=["FULL", "NORMAL"],
        choices=["OFF", "NORMAL", "FULL", "EXTRA"],
        type=str.upper,
        help="SQLite synchronous levels to measure (default: FULL NORMAL)",
    )
    parser.add_argument("--single-moves", type=int, default=400, help="moves of the lone table")
    parser.add_argument("--tables", type=int, default=100, help="tables acting at once")
    parser.add_argument("--moves-per-table", type=int, default=8, help="moves of each of them")
    parser.add_argument("--rounds", type=int, default=5, help="raw/repository pairs per figure")
    parser.add_argument("--state-bytes", type=int, default=1000, help="size of the snapshot")
    parser.add_argument("--dir", default=None, help="where the database files go (a temp dir)")
    parser.add_argument(
        "--no-backends", action="store_true", help="skip SQLite/PostgreSQL side by side"
    )
    parser.add_argument("--backend-rounds", type=int, default=3, help="rounds per backend figure")
    args = parser.parse_args()
    payload = "x" * args.state_bytes

    print(
        f"storage benchmark: SQLite {sqlite3.sqlite_version}, aiosqlite {aiosqlite.__version__},"
        f" Python {sys.version.split()[0]}; snapshot ~{args.state_bytes} B;"
        f" median of {args.rounds} rounds"
    )
    header = (
        f"{'synchronous':<12}{'scenario':<32}{'raw moves/s':>12}{'repo moves/s':>13}"
        f"{'ratio':>8}{'(min-max)':>13}{'target':>8}{'':5}{'moves/commit':>12}"
    )
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="tischrunde-bench-") as directory:
        for synchronous in args.synchronous:
            cases = [
                (f"1 table, {args.single_moves} moves in a row", 1, args.single_moves, 0.8),
                (
                    f"{args.tables} tables x {args.moves_per_table} moves at once",
                    args.tables,
                    args.moves_per_table,
                    2.0,
                ),
            ]
            for label, tables, moves, target in cases:
                raw, repo, ratios, per_commit = asyncio.run(
                    scenario(Path(directory), synchronous, tables, moves, args.rounds, payload)
                )
                ratio = statistics.median(ratios)
                spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
                verdict = "ok" if ratio >= target else "MISS"
                print(
                    f"{synchronous:<12}{label:<32}{raw:>12,.0f}{repo:>13,.0f}"
                    f"{ratio:>7.2f}x{spread:>13}{f'>={target:g}x':>8} {verdict:<4}{per_commit:>12.1f}"
                )
        print(
            "rates: median over rounds; ratio: median of the per-round ratios (raw and repository"
            " run back to back each round), min-max shows how much the machine's disk drifted"
        )
        if not args.no_backends:
            backend_cases = [
                (f"1 table, {args.single_moves} moves", 1, args.single_moves),
                (
                    f"{args.tables} tables x {args.moves_per_table} moves",
                    args.tables,
                    args.moves_per_table,
                ),
            ]
            backends(Path(directory), backend_cases, args.backend_rounds, payload)


if __name__ == "__main__":
    main()
