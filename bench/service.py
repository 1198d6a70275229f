"""Moves per second through the table service, with and without a clock, against raw aiosqlite.

The path a click takes to storage: ``TableService.act`` (the seat's lock, the engine's check,
chance and engine moves, the post for the thread, the seats' clocks and their reminders with
the default 24-hour clock) down to the group commit. The yardstick is the raw side of
``bench/storage.py``: one action row and one snapshot update per move, each move its own
committed transaction on one aiosqlite connection, same schema and pragmas (``synchronous``
FULL, the bot's default), with a snapshot of the size the service stores.

Games are two-player High Card (``tests/games/highcard``, 3 cards): cheap rules, so what is
measured is the service and storage, not an engine. Every table is opened and started before
the clock runs; only the moves are timed. Each seat of each table is a different member, as on
a server (the clocks' per-person locks would otherwise serialise unrelated tables). Raw and
service run back to back in each round, alternating which goes first, and the ratio is the
median of the per-round ratios (the disk's sync time drifts with the machine's load).

    python bench/service.py                     # defaults below
    python bench/service.py --rounds 5 --profile service.prof
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.storage import raw_run
from games.core import register
from storage.sqlite import SqliteRepository
from tables.clocks import DEFAULT_PER_MOVE
from tables.service import Member, TableService
from tests.games.highcard import GAME as HIGHCARD

HAND = 3
PLAYS_PER_GAME = 2 * HAND
"""Member moves of one two-player game (chance rolls ride along in the same commits)."""


class Clock:
    """A virtual clock: no deadline falls due while the benchmark runs."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        """The current virtual time."""
        return self.now


def members(slot: int) -> tuple[Member, Member]:
    """The two players of one slot (tables played one after another by the same pair)."""
    return Member(f"{slot}a", f"A{slot}"), Member(f"{slot}b", f"B{slot}")


async def _open(service: TableService, slot: int, clocked: bool, seed: int) -> int:
    host, guest = members(slot)
    settings = (
        {"clock": {"per_move": DEFAULT_PER_MOVE, "on_timeout": "engine"}} if clocked else None
    )
    table = await service.create(
        HIGHCARD.id, host, {}, {"hand": HAND}, seed=seed, settings=settings
    )
    await service.join(table.id, guest)
    await service.start(table.id, host)
    return table.id


async def service_run(
    path: str,
    tables: int,
    moves: int,
    clocked: bool,
    profile: cProfile.Profile | None = None,
    cpu: list[float] | None = None,
) -> tuple[float, int]:
    """Moves per second through ``TableService.act``; the snapshot size seen (bytes). ``cpu``
    gets the process's CPU seconds per move, all threads (the writer's too), if given.
    """
    repo = SqliteRepository(path)
    await repo.open()
    service = TableService(repo, clock=Clock())
    games = -(-moves // PLAYS_PER_GAME)
    try:
        queued = {
            slot: [await _open(service, slot, clocked, slot * 1000 + n) for n in range(games)]
            for slot in range(tables)
        }
        sample = await service.get(queued[0][0])
        size = len(json.dumps(sample.state, separators=(",", ":")))
        done = 0

        async def play(slot: int) -> None:
            nonlocal done
            host, guest = members(slot)
            left = moves
            for table_id in queued[slot]:
                while left:
                    table = await service.get(table_id)
                    seat = table.to_act()[0]
                    member = host if seat == 0 else guest
                    code = table.legal_actions(seat)[0]
                    outcome = await service.act(table_id, member, code, expected_seq=table.seq)
                    left -= 1
                    done += 1
                    # The outcome tells a caller the game is over, as the bot learns it: asking
                    # the service again would time a storage read of a finished table, which
                    # is no move (and which the raw side has no counterpart of).
                    if outcome.table.status != "active":
                        break

        if profile is not None:
            profile.enable()
        start, started_cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(play(slot) for slot in range(tables)))
        elapsed, used = time.perf_counter() - start, time.process_time() - started_cpu
        if profile is not None:
            profile.disable()
        assert done == tables * moves, f"played {done} of {tables * moves} moves"
        if cpu is not None:
            cpu.append(used / done)
        return done / elapsed, size
    finally:
        await repo.close()


async def scenario(
    directory: Path, tables: int, moves: int, clocked: bool, rounds: int, profile: bool
) -> tuple[float, float, list[float], cProfile.Profile | None, float, float]:
    """Median raw and service rates, the per-round ratios, the profile, and the median CPU
    seconds per move of the raw side and of the service.
    """
    raw, served, ratios = [], [], []
    raw_cpu: list[float] = []
    served_cpu: list[float] = []
    profiler = cProfile.Profile() if profile else None
    size = 0
    for number in range(rounds):
        tag = f"{tables}-{clocked}-{number}"
        raw_path, service_path = str(directory / f"raw-{tag}.db"), str(directory / f"svc-{tag}.db")
        # The raw side stores a snapshot as large as the service's (measured on a first game).
        if number % 2 == 0:
            rate, size = await service_run(
                service_path, tables, moves, clocked, profiler, served_cpu
            )
            raw_rate = await raw_run(raw_path, "FULL", tables, moves, "x" * size, raw_cpu)
        else:
            # Round 0 ran the service first, so ``size`` is known here.
            raw_rate = await raw_run(raw_path, "FULL", tables, moves, "x" * size, raw_cpu)
            rate, size = await service_run(
                service_path, tables, moves, clocked, profiler, served_cpu
            )
        raw.append(raw_rate)
        served.append(rate)
        ratios.append(rate / raw_rate)
    return (
        statistics.median(raw),
        statistics.median(served),
        ratios,
        profiler,
        statistics.median(raw_cpu),
        statistics.median(served_cpu),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--single-moves", type=int, default=300, help="moves of the lone table")
    parser.add_argument("--tables", type=int, default=100, help="tables moving at once")
    parser.add_argument("--moves-per-table", type=int, default=12, help="moves of each of them")
    parser.add_argument("--rounds", type=int, default=3, help="raw/service pairs per figure")
    parser.add_argument("--dir", default=None, help="where the database files go (a temp dir)")
    parser.add_argument("--profile", default=None, help="write a cProfile of the service side")
    parser.add_argument(
        "--only",
        choices=("single", "single-clocked", "many", "many-clocked"),
        default=None,
        help="run one scenario alone (to profile it without the others' calls mixed in)",
    )
    args = parser.parse_args()
    register(HIGHCARD)
    print(
        f"service benchmark: TableService.act against raw aiosqlite, synchronous FULL,"
        f" median of {args.rounds} rounds"
    )
    header = (
        f"{'scenario':<34}{'clock':<8}{'raw moves/s':>12}{'service moves/s':>16}"
        f"{'ratio':>8}{'(min-max)':>13}{'target':>8}{'CPU us/move raw':>21}{'service':>9}"
    )
    print(header)
    print("-" * (len(header) + 5))
    profiles = []
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="tischrunde-service-") as directory:
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
            for clocked in (False, True):
                name = ("single" if tables == 1 else "many") + ("-clocked" if clocked else "")
                if args.only is not None and name != args.only:
                    continue
                raw, served, ratios, profiler, raw_cpu, served_cpu = asyncio.run(
                    scenario(
                        Path(directory), tables, moves, clocked, args.rounds, bool(args.profile)
                    )
                )
                if profiler is not None:
                    profiles.append(profiler)
                ratio = statistics.median(ratios)
                spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
                verdict = "ok" if ratio >= target else "MISS"
                clock = "24 h" if clocked else "none"
                print(
                    f"{label:<34}{clock:<8}{raw:>12,.0f}{served:>16,.0f}"
                    f"{ratio:>7.2f}x{spread:>13}{f'>={target:g}x':>8} {verdict:<4}"
                    f"{raw_cpu * 1e6:>16,.0f}{served_cpu * 1e6:>9,.0f}"
                )
    if args.profile:
        merged = profiles[0]
        merged.create_stats()
        import pstats

        stats = pstats.Stats(merged)
        for other in profiles[1:]:
            other.create_stats()
            stats.add(other)
        stats.dump_stats(args.profile)
        print(f"profile of the service side written to {args.profile}")
    print(
        "ratio: median of the per-round ratios (raw and service back to back each round);"
        " min-max shows the machine's drift"
    )
    print(
        "CPU us/move: the process's CPU time per move in the timed part, every thread (the"
        " SQLite threads too), median of the rounds: what the disk's speed does not change"
    )


if __name__ == "__main__":
    main()
