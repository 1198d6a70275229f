"""Leases of one process alone and of several (issue 17), through the scheduler on each
storage backend: a deadline claimed by a process that died is taken up by the next one, at once
when the process was alone on its database, after the lease when others share it.
"""

from __future__ import annotations

from storage import DeadlineRecord
from tables.processes import LEASE_SECONDS
from tables.service import TableService

NOW = 1_000_000.0


def service(repo, *, shared: bool, fired: list[str], name: str) -> TableService:
    tables = TableService(repo, clock=lambda: NOW, shared=shared, owner=name)

    async def note(deadline: DeadlineRecord, now: float) -> None:
        fired.append(name)

    tables.scheduler.register("probe", note)
    return tables


async def test_a_restarted_lone_process_takes_up_what_the_killed_one_claimed_at_once(repo):
    """One process, SIGKILLed while a claimed deadline's handler ran: the restarted process
    (a new owner) runs it in its first run, as before there were leases."""
    fired: list[str] = []
    dead = service(repo, shared=False, fired=fired, name="dead")
    await dead.scheduler.add("probe", NOW - 10)
    [claimed] = await repo.claim_deadlines("dead", NOW, dead.scheduler.lease_seconds, ("probe",))
    restarted = service(repo, shared=False, fired=fired, name="restarted")
    done = await restarted.scheduler.run_due(NOW + 1)
    assert [f.deadline.id for f in done] == [claimed.id] and fired == ["restarted"]
    assert await repo.deadlines() == []


async def test_with_other_processes_a_dead_ones_claim_waits_for_its_lease(repo):
    """Shared database: a deadline another process claimed is not run while its lease holds
    (that process may be alive and running it), and is run by this one once it ran out."""
    fired: list[str] = []
    dead = service(repo, shared=True, fired=fired, name="dead")
    assert dead.scheduler.lease_seconds == LEASE_SECONDS
    await dead.scheduler.add("probe", NOW - 10)
    await repo.claim_deadlines("dead", NOW, LEASE_SECONDS, ("probe",))
    other = service(repo, shared=True, fired=fired, name="other")
    assert await other.scheduler.run_due(NOW + LEASE_SECONDS - 1) == []
    assert fired == []
    later = await other.scheduler.run_due(NOW + LEASE_SECONDS + 1)
    assert len(later) == 1 and fired == ["other"]
    assert await repo.deadlines() == []
