"""Two processes on one database (issue 17): every move lands once, every deadline fires
exactly once, every post is delivered once, also when one of them is SIGKILLed mid-run and
started again.

Two real child processes (``pair_child.py``) play at the same tables and at tables of their
own, store deadlines of their own (``probe``) and let turn clocks run out (a seat nobody plays
times out and the engine moves for it), while each runs the scheduler and a relay on one
database. Shared tables seat the same members, so both processes plan those members' clocks
at once. Two and a half seconds in, the first process is killed with SIGKILL, holding
leases, and started again half a second later under a new owner name; what it held is taken
over when its lease (two seconds) runs out. When every table has finished, both stop and drain.
Then, from the database alone:
- each table's log is dense (1..n), no request id twice, its snapshot equals the replay of its
  log, and every move a process acknowledged is in the log once, at the sequence it saw;
- every probe a process acknowledged fired, and no probe fired twice; the probes the killed
  process left fired in the other processes;
- no deadline is left (finished tables keep no clock);
- every post was sent, each one exactly once (the killed process's half-sent ones recognised).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.core import get_game, replay
from storage import SeatRecord, TableStatus
from tables.service import Member, TableService
from tests.conftest import new_postgres_database

from .pair_child import FIRED, open_repository, scaled_clock

CHILD = Path(__file__).with_name("pair_child.py")
WAIT = 180.0
PER_MOVE = 600
"""Seconds per move on the clocked tables: three wall-clock seconds at ``SCALE``."""


async def build(database: str, workdir: Path) -> dict[str, Any]:
    """The tables both processes play: shared clocked ones (the same four members at each),
    clocked ones with a seat nobody plays, and unclocked ones of each process alone.
    """
    started = time.time()
    repo = await open_repository(database)
    service = TableService(
        repo, clock=scaled_clock(started), seed_source=iter(range(1, 99)).__next__
    )
    clock = {"clock": {"per_move": PER_MOVE, "on_timeout": "engine"}}
    place = {"channel": "7"}

    async def table(user_ids: list[str], settings: dict[str, Any] | None) -> int:
        host = Member(user_ids[0], user_ids[0])
        seats = [SeatRecord(0, user, user_id=user) for user in user_ids]
        created = await service.create(
            "test-highcard", host, place, {"hand": 3}, settings=settings, seats=seats
        )
        await service.start(created.id, host)
        return created.id

    members = ["u1", "u2", "u3", "u4"]
    shared = [await table(members, clock) for _ in range(3)]
    shared += [await table(["u1", "idle-1"], clock), await table(["u2", "idle-2"], clock)]
    own = {
        name: [await table([f"{name}-a", f"{name}-b", f"{name}-c"], None) for _ in range(2)]
        for name in ("one", "two")
    }
    await repo.close()
    plan = {"started": started, "shared": shared, "own": own}
    (workdir / "tables.json").write_text(json.dumps(plan))
    return plan


def spawn(database: str, workdir: Path, name: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CHILD), database, str(workdir), name],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(child: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = child.communicate(timeout=WAIT)
    assert child.returncode == 0, f"child failed:\n{err[-4000:]}"
    return json.loads(out.strip().splitlines()[-1])


def acks(workdir: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line)
        for path in sorted(workdir.glob("*.acks"))
        for line in path.read_text().splitlines()
        if line.endswith("}")  # a line cut off by SIGKILL was never acknowledged whole
    ]


async def all_finished(database: str, table_ids: list[int]) -> bool:
    repo = await open_repository(database)
    try:
        statuses = [(await repo.get_table(t)).status for t in table_ids]
    finally:
        await repo.close()
    return all(status == TableStatus.FINISHED for status in statuses)


def acked(workdir: Path, name: str, what: str) -> int:
    path = workdir / f"{name}.acks"
    return path.read_text().count(f'"{what}"') if path.exists() else 0


async def run_pair(database: str, workdir: Path) -> dict[str, Any]:
    plan = await build(database, workdir)
    tables = [*plan["shared"], *plan["own"]["one"], *plan["own"]["two"]]
    children: list[subprocess.Popen[str]] = []
    try:
        return await _drive(database, workdir, plan, tables, children)
    finally:
        for child in children:
            if child.poll() is None:  # a failed check must not leave a process playing on
                child.kill()
                child.communicate()


async def _drive(
    database: str,
    workdir: Path,
    plan: dict[str, Any],
    tables: list[int],
    children: list[subprocess.Popen[str]],
) -> dict[str, Any]:
    one, two = spawn(database, workdir, "one"), spawn(database, workdir, "two")
    children += [one, two]
    begun = time.monotonic()
    # Mid-run: once the first process has acknowledged some moves and probes (the newest of
    # which are not due yet), and not before 2.5 s.
    while (
        acked(workdir, "one", "move") < 5
        or acked(workdir, "one", "probe") < 3
        or time.monotonic() - begun < 2.5
    ):
        assert one.poll() is None and time.monotonic() - begun < WAIT / 2, "no progress"
        await asyncio.sleep(0.05)
    assert not await all_finished(database, tables), "the run ended before the kill"
    os.kill(one.pid, signal.SIGKILL)
    one.communicate(timeout=WAIT)
    assert one.returncode == -signal.SIGKILL
    await asyncio.sleep(0.5)
    again = spawn(database, workdir, "one")
    children.append(again)
    while not await all_finished(database, tables):
        assert time.monotonic() - begun < WAIT, "the tables did not finish"
        assert again.poll() is None and two.poll() is None, "a process stopped early"
        await asyncio.sleep(0.2)
    (workdir / "stop").touch()
    reports = [finish(again), finish(two)]
    return {"plan": plan, "tables": tables, "reports": reports}


async def check(database: str, workdir: Path, run: dict[str, Any]) -> None:
    facts = acks(workdir)
    repo = await open_repository(database)
    try:
        logs = {}
        for table_id in run["tables"]:
            record = await repo.get_table(table_id)
            seats = await repo.get_seats(table_id)
            log = await repo.log(table_id)
            logs[table_id] = log
            assert [entry.seq for entry in log] == list(range(1, record.seq + 1))
            requests = [entry.request_id for entry in log if entry.request_id]
            assert len(requests) == len(set(requests)), "a request applied twice"
            game = get_game(record.game)
            options = game.Options.model_validate(record.options)
            moves = [(entry.seat, entry.code) for entry in log]
            assert replay(game, len(seats), options, moves) == record.state
            assert record.status == TableStatus.FINISHED and record.result is not None
        # Every acknowledged move is in its table's log once, at the sequence it saw.
        landed = Counter(
            (table_id, entry.seq, entry.request_id)
            for table_id, log in logs.items()
            for entry in log
            if entry.request_id
        )
        acked_moves = [fact for fact in facts if "move" in fact]
        assert acked_moves, "no move was made"
        for fact in acked_moves:
            assert landed[(fact["table"], fact["seq"], fact["move"])] == 1, fact
        # Turn clocks ran out and the engine moved for the seats nobody plays.
        timed_out = [
            post
            for post in await repo.posts(kinds=("turn",))
            for note in post.payload["notes"]
            if note.get("kind") == "timed_out"
        ]
        idle_tables = {run["plan"]["shared"][3], run["plan"]["shared"][4]}
        assert idle_tables <= {post.table_id for post in timed_out}
        # Every acknowledged probe fired, none twice; the dead process's were taken over.
        fired = [post.payload for post in await repo.posts(kinds=(FIRED,))]
        counts = Counter(payload["probe"] for payload in fired)
        doubled = {probe: n for probe, n in counts.items() if n > 1}
        assert not doubled, f"fired more than once: {doubled}"
        acked_probes = {fact["probe"] for fact in facts if "probe" in fact}
        assert acked_probes - set(counts) == set(), "a probe never fired"
        killed = {probe.rpartition(":")[0] for probe in counts} - {
            report["owner"] for report in run["reports"]
        }
        assert len(killed) == 1, f"not one killed process among the probes' makers: {killed}"
        dead = killed.pop()
        taken_over = [p for p in fired if p["probe"].startswith(dead + ":") and p["by"] != dead]
        assert taken_over, "nothing the killed process left was taken over"
        assert await repo.deadlines() == [], "a deadline was left behind"
        # Every post was sent, exactly once.
        posts = await repo.posts()
        assert all(post.sent_at is not None for post in posts)
    finally:
        await repo.close()
    sent = Counter(int(line.split()[0]) for line in (workdir / "sent.log").read_text().splitlines())
    assert sorted(sent) == sorted(post.id for post in posts)
    assert set(sent.values()) == {1}, "a post delivered twice"
    assert sum(report["moves"] for report in run["reports"]) > 0


@pytest.mark.slow(seconds=14)
@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_two_processes_one_killed_lose_and_double_nothing(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
):
    """Two processes, one SIGKILLed mid-run and restarted: every move lands once, every
    deadline fires once, every post goes out once (issue 17's promise), on a shared SQLite
    file and on a real PostgreSQL server.
    """
    if backend == "postgres":
        database = await new_postgres_database(request.getfixturevalue("postgres_server"))
    else:
        database = str(tmp_path / "shared.sqlite3")
    run = await run_pair(database, tmp_path)
    await check(database, tmp_path, run)
    print(json.dumps(run["reports"]))
