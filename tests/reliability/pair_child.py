"""One of the processes that share a database in ``test_two_processes.py``.

Run as ``python pair_child.py DATABASE WORKDIR NAME``, ``DATABASE`` a SQLite file or a
PostgreSQL URL. The process starts as the bot does (``tables.startup.start_up``, with the
service ``shared``), then, until ``WORKDIR/stop`` appears:
- plays at the tables listed in ``WORKDIR/tables.json`` (the shared ones, which the other
  process plays too, and its own), each move with the sequence number it saw, so a move the
  other process made first is refused as stale;
- stores ``probe`` deadlines of its own, due a moment later;
- runs the scheduler (probes, turn clocks that run out, reminders), claiming each due
  deadline under a short lease;
- delivers the outbox like the bot's relay: it claims posts under the lease and "sends" each
  to a recording file; a post taken over from a process that died looks for its mark in that
  file first (the relay looks in the channel's latest messages), so it is not sent twice.
What it acknowledged (a move stored, a probe stored, a post sent) it appends to
``WORKDIR/NAME.acks`` after the commit returned. After ``stop`` it keeps running the scheduler
and the relay until no probe and no post is left, then prints one JSON line.

Time runs ``SCALE`` times faster than the wall clock in both processes alike (the same
formula), so a 10-minute turn clock runs out in 3 s; the leases are in that time too.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.core import register
from storage import Changes, DeadlineRecord, Repository
from tables.service import Member, TableError, TableService
from tables.startup import start_up
from tests.games.highcard import GAME as HIGHCARD

register(HIGHCARD)

SCALE = 200.0
"""Seconds of the service's clock per second of the wall clock."""
EPOCH = 1_800_000_000.0
LEASE = 2.0 * SCALE
"""A lease runs out two wall-clock seconds after it was taken."""
PROBE = "probe"
LIFETIME = 300.0
"""Wall-clock seconds after which a process nobody stopped ends itself (its test failed)."""
FIRED = "probe_fired"


def scaled_clock(started: float) -> Any:
    """The shared fast clock: both processes compute it from the wall clock the same way."""
    return lambda: EPOCH + (time.time() - started) * SCALE


async def open_repository(database: str) -> Repository:
    """The repository behind ``database`` (a PostgreSQL URL or a SQLite file)."""
    repo: Repository
    if database.startswith(("postgres://", "postgresql://")):
        from storage.postgres import PostgresRepository

        repo = PostgresRepository(database)
    else:
        from storage.sqlite import SqliteRepository

        # Two processes take turns at the one writer lock: wait for it rather than fail.
        repo = SqliteRepository(database, synchronous="NORMAL", busy_timeout_ms=30_000)
    await repo.open()
    return repo


class Acks:
    """Appends what this process acknowledged, one JSON line each, after the commit."""

    def __init__(self, path: Path) -> None:
        self.file = path.open("a", encoding="utf-8")

    def __call__(self, **fact: Any) -> None:
        self.file.write(json.dumps(fact) + "\n")
        self.file.flush()


class RecordingSender:
    """The relay's protocol with a file for Discord: a claimed post is written to
    ``sent.log`` (one line per post, its mark), then marked sent. A post older than a lease was
    taken over from a process that died, perhaps after writing it: its mark is looked for
    first, as the relay looks in a channel's latest messages.
    """

    def __init__(self, service: TableService, path: Path) -> None:
        self.service = service
        self.path = path
        self.sent = 0
        self.recognised = 0

    async def flush(self) -> int:
        repo = self.service.repo
        scheduler = self.service.scheduler
        now = self.service.clock()
        claimed = await repo.claim_posts(scheduler.owner, now, scheduler.lease_seconds, 50)
        for post in claimed:
            mark = f"{post.id} {post.key}"
            taken_over = post.created_at <= now - scheduler.lease_seconds or post.attempts
            if taken_over and self._already_sent(mark):
                self.recognised += 1
            else:
                with self.path.open("a", encoding="utf-8") as file:
                    file.write(f"{mark} {scheduler.owner}\n")
            await repo.post_sent(post.id, self.service.clock(), {})
            self.sent += 1
        return len(claimed)

    def _already_sent(self, mark: str) -> bool:
        if not self.path.exists():
            return False
        lines = self.path.read_text(encoding="utf-8").splitlines()
        return any(line.startswith(mark + " ") for line in lines)


async def main(database: str, workdir: Path, name: str) -> dict[str, Any]:
    plan = json.loads((workdir / "tables.json").read_text())
    repo = await open_repository(database)
    owner = f"{name}:{os.getpid()}"
    service = TableService(
        repo,
        clock=scaled_clock(float(plan["started"])),
        shared=True,
        owner=owner,
        lease_seconds=LEASE,
    )
    acks = Acks(workdir / f"{name}.acks")

    async def on_probe(deadline: DeadlineRecord, now: float) -> str:
        # What the probe did and its deletion commit together: a process killed before the
        # commit leaves the probe to be taken over, one killed after has nothing left.
        probe = str(deadline.data["name"])
        changes = Changes()
        changes.post(f"fired:{probe}:{owner}", FIRED, {"probe": probe, "by": owner}, at=now)
        changes.delete_deadline(deadline.id)
        await repo.commit(changes)
        return probe

    service.scheduler.register(PROBE, on_probe)
    sender = RecordingSender(service, workdir / "sent.log")
    await start_up(service, None)
    rng = random.Random(f"{name}:{os.getpid()}")
    tables = [*plan["shared"], *plan["own"][name]]
    moves = stale = probes = 0
    fired: list[str] = []
    stop = workdir / "stop"
    deadline = time.monotonic() + LIFETIME
    while not stop.exists():
        if time.monotonic() > deadline:
            raise SystemExit("no stop came: the test that started this process is gone")
        for table_id in tables:
            try:
                table = await service.get(table_id)
            except TableError:
                continue
            acting = table.to_act()
            # Not every turn is played: some seats wait until their clock runs out.
            if not acting or rng.random() < 0.25:
                continue
            seat = acting[0]
            holder = table.seats[seat]
            if holder.user_id is None or holder.user_id.startswith("idle"):
                continue  # an idle seat moves only when its clock runs out
            code = rng.choice(table.legal_actions(seat))
            # A member looks at the table before clicking: the other process may move meanwhile.
            await asyncio.sleep(rng.uniform(0.0, 0.02))
            request = f"{owner}:{table_id}:{table.seq}"
            try:
                outcome = await service.act(
                    table_id,
                    Member(holder.user_id, holder.name),
                    code,
                    expected_seq=table.seq,
                    request_id=request,
                )
            except TableError as error:
                if error.kind != "stale":
                    raise
                stale += 1  # the other process moved first: the commit's sequence check said so
                continue
            assert not outcome.duplicate
            moves += 1
            acks(move=request, table=table_id, seq=table.seq + 1)
        probe = f"{owner}:{probes}"
        # Due half a second to a second and a half later: the newest ones are still waiting
        # whenever this process is killed, for the others to take over.
        due = service.clock() + rng.uniform(0.5, 1.5) * SCALE
        await service.scheduler.add(PROBE, due, data={"name": probe})
        probes += 1
        acks(probe=probe)
        fired += [str(f.outcome) for f in await service.scheduler.run_due() if not f.failed]
        await sender.flush()
        await asyncio.sleep(0.05)
    # Drain: what is stored is handled by someone; stop when neither probes nor posts wait.
    while True:
        fired += [str(f.outcome) for f in await service.scheduler.run_due() if not f.failed]
        await sender.flush()
        left = await repo.deadlines(kinds=(PROBE,))
        pending = await repo.pending_posts(EPOCH * 10, 1)
        if not left and not pending:
            break
        if time.monotonic() > deadline:
            raise SystemExit("still not drained: the test that started this process is gone")
        await asyncio.sleep(0.1)
    await repo.close()
    return {
        "owner": owner,
        "moves": moves,
        "stale": stale,
        "probes": probes,
        "fired": len(fired),
        "sent": sender.sent,
        "recognised": sender.recognised,
    }


if __name__ == "__main__":
    database, workdir, name = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    print(json.dumps(asyncio.run(main(database, workdir, name))), flush=True)
