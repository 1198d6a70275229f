"""A seat's clock as one stored row (issue 22): due at its next reminder, then at its end, and
re-armed in place by its handler; and clocks an older version stored (a turn row due at its end
and two reminder rows, no ``ends``) keep working after migration 0022 on both backends.
"""

from __future__ import annotations

import sqlite3

import pytest

import storage.postgres as postgres_module
import storage.sqlite as sqlite_module
from storage import DeadlineRecord, open_repository
from storage.migrations import migrations
from tables.clocks import DAY, HOUR
from tables.service import TableService, TimedOut
from tables.turns import REMINDER, TURN, ReminderDue
from tests.conftest import new_postgres_database
from tests.tables.test_clocks import START, VirtualClock, move, started, turn_clocks


@pytest.fixture
def clock():
    return VirtualClock()


BEFORE_ENDS = [m for m in migrations() if m[0] < 22]
"""The migrations an older version applied: the schema before ``deadlines.ends``."""


async def old_layout(repo, table_id: int, seq: int) -> list[DeadlineRecord]:
    """Replace the table's clock rows by what the older version stored for the same clock: a
    turn row due at the end and a row per reminder, without ``ends``."""
    (row,) = await repo.deadlines(table_id=table_id, kinds=(TURN,))
    ends = row.ends
    old = [
        DeadlineRecord(
            0, TURN, ends, table_id, row.seat, row.user_id, {"since": seq, "per_move": DAY}
        ),
        DeadlineRecord(
            0,
            REMINDER,
            ends - DAY / 2,
            table_id,
            row.seat,
            row.user_id,
            {"number": 1, "since": seq},
        ),
        DeadlineRecord(
            0,
            REMINDER,
            ends - 0.1 * DAY,
            table_id,
            row.seat,
            row.user_id,
            {"number": 2, "since": seq},
        ),
    ]
    await repo.replace_deadlines([row.id], old)
    return old


async def test_a_clock_is_one_row_per_seat_whatever_its_reminders(repo, clock):
    """What a clocked move writes: one deadline row for the seat to act, due at its first
    reminder (half time), running out a whole clock after the move."""
    service = TableService(repo, clock=clock)
    table = await started(service)
    clock.advance(HOUR)
    await move(service, table.id)
    rows = await repo.deadlines(table_id=table.id)
    assert [(d.kind, d.due, d.ends) for d in rows] == [
        (TURN, START + HOUR + DAY / 2, START + HOUR + DAY)
    ]


async def test_a_moves_clock_reuses_the_stopped_clocks_row_and_handlers_leave_it_alone(repo, clock):
    """The row of the clock a move stops becomes the next seat's clock; a reminder handler
    re-arming it, or the scheduler finishing or deferring it, for the time it was claimed at
    then changes nothing: the new clock stands as the move set it."""
    service = TableService(repo, clock=clock)
    table = await started(service)
    seat = table.to_act()[0]
    (row,) = await repo.deadlines(table_id=table.id)
    assert await repo.rearm_deadline(row.id, row.due, row.due + 1, {"since": 0}) is True
    (again,) = await repo.deadlines(table_id=table.id)
    assert (again.id, again.due, again.ends, again.data) == (
        row.id,
        row.due + 1,
        row.ends,
        {"since": 0},
    )
    clock.advance(HOUR)
    await move(service, table.id)
    (reused,) = await repo.deadlines(table_id=table.id)
    assert (reused.id, reused.seat, reused.due, reused.ends) == (
        row.id,
        1 - seat,
        START + HOUR + DAY / 2,
        START + HOUR + DAY,
    )
    assert await repo.rearm_deadline(row.id, row.due + 1, row.due + 2, {"since": 0}) is False
    assert await repo.finish_deadline(row.id, row.due + 1) is False
    await repo.defer_deadline(row.id, row.due + 99, 1, row.due + 1)  # a failed handler's retry
    assert await repo.deadlines(table_id=table.id) == [reused]
    assert await repo.finish_deadline(row.id, reused.due) is True
    assert await repo.deadlines(table_id=table.id) == []


async def test_a_reminder_whose_seat_moves_before_its_commit_is_not_sent(repo, clock):
    """A reminder is due and its handler has read the table, but the seat moves before the
    reminder's commit: the move made the clock's row the next seat's clock, so the reminder,
    stored in one commit with its clock's re-arming, is not stored at all. Nobody is reminded
    of a turn they already took, and the next seat's clock stands as the move set it."""
    service = TableService(repo, clock=clock)
    table = await started(service)
    seat = table.to_act()[0]
    clock.advance(DAY / 2 + 60)
    real_commit = repo.commit
    moved = []

    async def the_move_lands_first(changes):
        if not moved and any(op.name == "rearm_deadline" for op in changes.ops):
            moved.append(await move(service, table.id))
        return await real_commit(changes)

    repo.commit = the_move_lands_first
    fired = [f.outcome for f in await service.scheduler.run_due()]
    repo.commit = real_commit
    assert len(moved) == 1 and moved[0].applied[0].seat == seat
    assert not [o for o in fired if isinstance(o, ReminderDue)]
    assert await repo.posts(table_id=table.id, kinds=("reminder",)) == []
    rows = await repo.deadlines(table_id=table.id)
    assert [(d.kind, d.seat, d.due, d.ends) for d in rows] == [
        (TURN, 1 - seat, clock.now + DAY / 2, clock.now + DAY)
    ]
    clock.advance(DAY / 2 + 60)  # the next seat's own first reminder still comes
    fired = [f.outcome for f in await service.scheduler.run_due()]
    assert [(o.seat, o.number) for o in fired if isinstance(o, ReminderDue)] == [(1 - seat, 1)]


async def test_a_clock_stored_the_old_way_reminds_twice_and_runs_out(repo, clock):
    """Compatibility: a turn row and two reminder rows written by an older version (``ends``
    NULL) still give both reminders on time and the engine's move at the end; the next clock
    is then stored the new way."""
    service = TableService(repo, clock=clock)
    table = await started(service, on_timeout="engine")
    seat = table.to_act()[0]
    await old_layout(repo, table.id, table.seq)
    restarted = TableService(repo, clock=clock)  # nothing cached of the rows just replaced
    clock.advance(12 * HOUR)
    first = [f.outcome for f in await restarted.scheduler.run_due()]
    assert [(r.seat, r.number) for r in first if isinstance(r, ReminderDue)] == [(seat, 1)]
    clock.advance(9 * HOUR + 36 * 60)
    second = [f.outcome for f in await restarted.scheduler.run_due()]
    assert [(r.seat, r.number, r.due) for r in second if isinstance(r, ReminderDue)] == [
        (seat, 2, START + DAY)
    ]
    assert await turn_clocks(repo, table.id) == {seat: START + DAY}
    clock.advance(2.4 * HOUR)
    fired = [f.outcome for f in await restarted.scheduler.run_due()]
    assert [(o.seat, o.action) for o in fired if isinstance(o, TimedOut)] == [(seat, "engine")]
    posts = await repo.posts(table_id=table.id, kinds=("reminder",))
    assert [p.payload["number"] for p in posts] == [1, 2]
    rows = await repo.deadlines(table_id=table.id)
    assert [(d.kind, d.seat, d.ends) for d in rows] == [(TURN, 1 - seat, clock.now + DAY)]


async def test_a_seat_with_an_old_clock_moves_and_its_rows_go(repo, clock):
    """A move clears every row of the mover's old clock (the turn and both reminders) and
    sets the next seat's clock as one row."""
    service = TableService(repo, clock=clock)
    table = await started(service)
    seat = table.to_act()[0]
    await old_layout(repo, table.id, table.seq)
    restarted = TableService(repo, clock=clock)
    await move(restarted, table.id)
    rows = await repo.deadlines(table_id=table.id)
    assert [(d.kind, d.seat) for d in rows] == [(TURN, 1 - seat)]
    clock.advance(DAY - 1)  # past both reminders of the new clock: only the last is sent
    outcomes = [f.outcome for f in await restarted.scheduler.run_due()]
    assert [(r.seat, r.number) for r in outcomes if isinstance(r, ReminderDue)] == [(1 - seat, 2)]
    assert not [
        p
        for p in await repo.posts(table_id=table.id, kinds=("reminder",))
        if p.payload["seat"] == seat
    ]


@pytest.fixture
async def old_database_url(request, tmp_path, monkeypatch):
    """A database at the schema before migration 0022 (``sqlite`` or ``postgres``)."""
    if request.param == "postgres":
        return await new_postgres_database(
            request.getfixturevalue("postgres_server"), migrated=False
        )
    return f"sqlite:///{tmp_path / 'old.sqlite3'}"


@pytest.mark.parametrize("old_database_url", ["sqlite", "postgres"], indirect=True)
async def test_deadlines_stored_before_migration_0022_read_the_same_after_it(
    old_database_url, monkeypatch
):
    """Migration 0022 on both backends: rows a database already holds keep their due, data and
    failures, and read back with no ``ends`` (the old handling); new rows carry theirs."""
    with monkeypatch.context() as older:
        older.setattr(sqlite_module, "migrations", lambda: BEFORE_ENDS)
        older.setattr(postgres_module, "migrations", lambda: BEFORE_ENDS)
        async with open_repository(old_database_url) as repo:
            assert max(await repo.schema_versions()) < 22
            turn = DeadlineRecord(0, TURN, 500.0, 7, 0, "u1", {"since": 3, "per_move": 600})
            reminder = DeadlineRecord(0, REMINDER, 200.0, 7, 0, "u1", {"number": 1, "since": 3})
            # The older version's INSERT: the columns it knew.
            if old_database_url.startswith("sqlite"):
                await repo._write(_old_insert_sqlite([turn, reminder]))
            else:
                await repo._write(_old_insert_postgres([turn, reminder]))
    async with open_repository(old_database_url) as repo:
        assert 22 in await repo.schema_versions()
        found = await repo.deadlines(table_id=7)
        assert [(d.kind, d.due, d.ends, d.data) for d in found] == [
            (REMINDER, 200.0, None, {"number": 1, "since": 3}),
            (TURN, 500.0, None, {"since": 3, "per_move": 600}),
        ]
        await repo.shift_deadlines("u1", (TURN, REMINDER), 100.0)
        new = DeadlineRecord(0, TURN, 900.0, 8, 1, "u1", {"since": 0}, 0, 1200.0)
        await repo.add_deadlines([new])
        await repo.shift_deadlines("u1", (TURN,), 10.0)
        shifted = await repo.deadlines(user_id="u1")
        assert [(d.table_id, d.due, d.ends) for d in shifted] == [
            (7, 300.0, None),
            (7, 610.0, None),
            (8, 910.0, 1210.0),
        ]


def _old_insert_sqlite(rows):
    def work(conn: sqlite3.Connection) -> None:
        for d in rows:
            conn.execute(
                "INSERT INTO deadlines (kind, due, table_id, seat, user_id, data)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (d.kind, d.due, d.table_id, d.seat, d.user_id, _json(d.data)),
            )

    return work


def _old_insert_postgres(rows):
    async def work(conn) -> None:
        for d in rows:
            await conn.execute(
                "INSERT INTO deadlines (kind, due, table_id, seat, user_id, data)"
                " VALUES ($1, $2, $3, $4, $5, $6)",
                d.kind,
                d.due,
                d.table_id,
                d.seat,
                d.user_id,
                _json(d.data),
            )

    return work


def _json(data):
    import json

    return json.dumps(data, separators=(",", ":"))


async def test_a_vacation_that_began_while_a_move_was_committing_pauses_its_new_clock(repo, clock):
    """Vacation rule without a lock on the move's path: the waiting player starts a vacation a
    minute after the move read the time and it commits first; the clock the move sets (its
    reminders and its end) still pauses for it, having run that one minute before."""
    service = TableService(repo, clock=clock)
    table = await started(service)
    waiting = table.seats[1 - table.to_act()[0]].user_id
    vacations = []
    real_commit = repo.commit

    async def commit_after_a_vacation(changes):
        if not vacations and any(op.name == "append" for op in changes.ops):
            clock.advance(60)
            vacations.append(await service.clocks.start_vacation(waiting, 3))
        return await real_commit(changes)

    repo.commit = commit_after_a_vacation
    try:
        moved_at = clock.now
        await move(service, table.id)
    finally:
        repo.commit = real_commit
    (vacation,) = vacations
    assert vacation.start == moved_at + 60
    ((seat, due, ends),) = [
        (d.seat, d.due, d.ends) for d in await repo.deadlines(table_id=table.id, kinds=(TURN,))
    ]
    assert table.seats[seat].user_id == waiting
    assert ends == vacation.until + DAY - 60
    assert due == vacation.until + DAY / 2 - 60


VACATIONS = pytest.mark.parametrize(
    ("start", "until", "ended", "shift"),
    [
        (-10.0, 3 * DAY, None, 3 * DAY),  # away already: the clock starts at the end
        (100.0, 3 * DAY, None, 3 * DAY - 100),  # began after the clock was set
        (-10.0, 3 * DAY, 50.0, 50.0),  # ended early after the clock was set
        (-10.0, 3 * DAY, -5.0, 0.0),  # ended before: no pause
        (-DAY, -10.0, None, 0.0),  # over before: no pause
    ],
)
"""A vacation relative to the time a clock is set, and how far it moves the clock."""


async def _away_and_clocks(
    repo, at: float, start: float, until: float, ended: float | None, since: int
) -> tuple[DeadlineRecord, DeadlineRecord]:
    """u1's vacation (``VACATIONS``' times after ``at``), and the clocks a move sets at ``at``
    for u1 and for u2, who stays."""
    from storage import VacationRecord

    vacation = VacationRecord(0, "u1", None, at + start, at + until)
    await repo.add_vacation(vacation)
    if ended is not None:
        await repo.end_vacation(vacation.id, at + ended)
    data = {"since": since}
    return (
        DeadlineRecord(0, TURN, at + DAY / 2, 3, 0, "u1", dict(data), 0, at + DAY),
        DeadlineRecord(0, TURN, at + DAY / 2, 3, 1, "u2", dict(data), 0, at + DAY),
    )


@VACATIONS
async def test_a_clock_stored_with_paused_at_pauses_for_the_vacation_after_that_time(
    repo, start, until, ended, shift
):
    """``replace_deadlines(paused_at=at)`` on both backends: an added clock (its due and its
    end) moves by the part of its holder's vacation after ``at``."""
    at = START
    clock_row, other = await _away_and_clocks(repo, at, start, until, ended, since=0)
    await repo.replace_deadlines([], [clock_row, other], paused_at=at)
    stored = {d.user_id: (d.due, d.ends) for d in await repo.deadlines(table_id=3)}
    assert stored == {
        "u1": (at + DAY / 2 + shift, at + DAY + shift),
        "u2": (at + DAY / 2, at + DAY),
    }
    assert (clock_row.due, clock_row.ends) == stored["u1"]


@VACATIONS
@pytest.mark.parametrize("gone", [False, True])
async def test_a_clock_stored_in_a_reused_row_with_paused_at_pauses_for_the_vacation_too(
    repo, start, until, ended, shift, gone
):
    """``replace_deadlines(paused_at=at, reuse=...)`` on both backends: a clock written into
    the row of a stopped one (a move's usual case) moves by its holder's vacation after ``at``
    as a new row would, exactly once, also when that row is gone and a new one is written."""
    at = START
    stopped = [
        DeadlineRecord(0, TURN, at, 3, seat, f"old{seat}", {"since": 0}, 0, at) for seat in (0, 1)
    ]
    await repo.add_deadlines(stopped)
    if gone:
        await repo.delete_deadline(stopped[0].id)
    clock_row, other = await _away_and_clocks(repo, at, start, until, ended, since=1)
    reuse = [d.id for d in stopped]
    await repo.replace_deadlines([], [clock_row, other], paused_at=at, reuse=reuse)
    stored = {d.user_id: (d.due, d.ends) for d in await repo.deadlines(table_id=3)}
    assert stored.pop("old1", None) == ((at, at) if gone else None)
    assert stored == {
        "u1": (at + DAY / 2 + shift, at + DAY + shift),
        "u2": (at + DAY / 2, at + DAY),
    }
    assert (clock_row.due, clock_row.ends) == stored["u1"]
    # The first row gone, every clock gets a new row (the rows to reuse are taken in order).
    assert (clock_row.id in reuse, other.id in reuse) == ((False, False) if gone else (True, True))
