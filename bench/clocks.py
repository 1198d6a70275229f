"""What clocks cost: moves per second through the table service with and without a clock per
move, and how fast a catch-up after an outage handles missed deadlines.

Each move with a clock also clears the mover's clock and reminders and sets the next seat's
(one read of the deadline store; the writes go in the move's own transaction). The catch-up
opens ``--tables`` two-player tables with a 24-hour clock, jumps the virtual clock five days ahead and times one
``Scheduler.run_due``: per table two stale reminders dropped and one engine move made.

    python bench/clocks.py                 # defaults below
    python bench/clocks.py --tables 1000
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import register
from storage.sqlite import SqliteRepository
from tables.service import Member, TableService
from tests.games.highcard import GAME as HIGHCARD

ANNA, BEN = Member("a", "Anna"), Member("b", "Ben")
DAY = 86400.0


class Clock:
    """A virtual clock: epoch seconds the benchmark moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        """The current virtual time."""
        return self.now


async def _open(service: TableService, clocked: bool, seed: int) -> int:
    settings = {"clock": {"per_move": int(DAY), "on_timeout": "engine"}} if clocked else None
    table = await service.create(HIGHCARD.id, ANNA, {}, {"hand": 3}, seed=seed, settings=settings)
    await service.join(table.id, BEN)
    await service.start(table.id, ANNA)
    return table.id


async def moves_per_second(clocked: bool, games: int, synchronous: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(f"{folder}/bench.sqlite3", synchronous=synchronous)
        await repo.open()
        service = TableService(repo, clock=Clock())
        moves, started = 0, time.perf_counter()
        for seed in range(games):
            table_id = await _open(service, clocked, seed)
            while (table := await service.get(table_id)).status == "active":
                seat = table.to_act()[0]
                member = ANNA if seat == 0 else BEN
                await service.act(table_id, member, table.legal_actions(seat)[0])
                moves += 1
        elapsed = time.perf_counter() - started
        await repo.close()
        return moves / elapsed


async def catch_up(tables: int, synchronous: str) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(f"{folder}/bench.sqlite3", synchronous=synchronous)
        await repo.open()
        clock = Clock()
        service = TableService(repo, clock=clock)
        for seed in range(tables):
            await _open(service, True, seed)
        clock.now += 5 * DAY
        restarted = TableService(repo, clock=clock)
        started = time.perf_counter()
        fired = await restarted.scheduler.run_due()
        elapsed = time.perf_counter() - started
        await repo.close()
        return len(fired), elapsed


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--synchronous", default="NORMAL")
    args = parser.parse_args()
    register(HIGHCARD)
    plain = await moves_per_second(False, args.games, args.synchronous)
    timed = await moves_per_second(True, args.games, args.synchronous)
    print(f"moves/s through the service ({args.synchronous}): {plain:,.0f} without a clock,")
    print(f"  {timed:,.0f} with a clock per move ({timed / plain:.0%} of the speed)")
    count, elapsed = await catch_up(args.tables, args.synchronous)
    print(
        f"catch-up after 5 days down: {args.tables} tables, {count} deadlines in {elapsed:.2f} s"
        f" ({count / elapsed:,.0f} deadlines/s)"
    )


if __name__ == "__main__":
    asyncio.run(main())
