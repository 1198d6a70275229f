"""The set-based reads start-up relies on (issue 22), on SQLite and PostgreSQL alike: one query
each, however many tables are stored, and a turn clock's vacation looked up inside the commit
that sets it."""

from __future__ import annotations

from storage import DeadlineRecord, HandoverRecord, SeatRecord, VacationRecord


async def running_table(repo, *seats: str):
    settings = {"clock": {"per_move": 3600}}
    record = await repo.create_table("test-highcard", {}, 1, {"guild": "g1"}, seats[0], settings)
    await repo.set_seats(
        record.id, [SeatRecord(seat, f"P{seat}", user) for seat, user in enumerate(seats)]
    )
    await repo.update_table(record.id, status="active")
    return record


def turn(table_id, seat, user_id, due=100.0):
    return DeadlineRecord(0, "turn", due, table_id=table_id, seat=seat, user_id=user_id)


async def test_tables_lacking_a_turn_clock_or_holding_one_of_a_former_seat_holder(repo):
    """Start-up's query finds exactly the running tables whose clocks need setting: those with
    no turn clock, and those whose clock belongs to someone who no longer holds the seat."""
    with_clock = await running_table(repo, "u-anna", "u-ben")
    without_clock = await running_table(repo, "u-anna", "u-carla")
    handed_over = await running_table(repo, "u-dora", "u-emil")
    lobby = await repo.create_table("test-highcard", {}, 1, {"guild": "g1"}, "u-anna")
    await repo.add_deadlines(
        [
            turn(with_clock.id, 0, "u-anna"),
            turn(handed_over.id, 1, "u-former"),  # seat 1 is u-emil's now
            turn(lobby.id, 0, "u-anna"),
        ]
    )
    found = await repo.tables_lacking_deadlines(("active",), ("turn",))
    assert [table_id for table_id, _settings in found] == [without_clock.id, handed_over.id]
    assert found[0][1] == {"clock": {"per_move": 3600}}
    assert await repo.tables_lacking_deadlines((), ("turn",)) == []


async def test_table_statuses_name_each_existing_table_once(repo):
    """One query for many ids; an id that is no table is left out."""
    lobby = await repo.create_table("test-highcard", {}, 1, {"guild": "g1"}, "u-anna")
    active = await running_table(repo, "u-anna", "u-ben")
    statuses = await repo.table_statuses([active.id, lobby.id, active.id, 999_999])
    assert statuses == {lobby.id: "lobby", active.id: "active"}
    assert await repo.table_statuses([]) == {}


async def test_handovers_at_tables_join_the_table_status(repo):
    """Pending requests at running tables, oldest first; a request at a finished table or one
    already settled is not start-up's business."""
    running = await running_table(repo, "u-anna", "u-ben")
    finished = await running_table(repo, "u-anna", "u-carla")
    await repo.update_table(finished.id, status="finished")
    first = await repo.add_handover(HandoverRecord(0, running.id, 1, "u-anna", "u-dora", "Dora"))
    settled = await repo.add_handover(HandoverRecord(0, running.id, 0, "u-ben", "u-emil", "Emil"))
    await repo.settle_handover(settled.id, "declined")
    await repo.add_handover(HandoverRecord(0, finished.id, 1, "u-anna", "u-fritz", "Fritz"))
    found = await repo.handovers_at_tables(("pending",), ("lobby", "active"))
    assert [(r.id, r.user_id) for r in found] == [(first.id, "u-dora")]


async def test_a_clock_set_during_a_vacation_starts_when_the_vacation_ends(repo):
    """Vacations: a turn clock set while its holder is away is moved later by what is left of
    the vacation, looked up in the same transaction; an ended vacation moves nothing."""
    table = await running_table(repo, "u-anna", "u-ben")
    await repo.add_vacation(VacationRecord(0, "u-anna", "g1", 1000.0, 5000.0))
    ended = VacationRecord(0, "u-ben", "g1", 1000.0, 5000.0)
    await repo.add_vacation(ended)
    await repo.end_vacation(ended.id, 1500.0)
    away, back = turn(table.id, 0, "u-anna", 2000.0 + 3600), turn(table.id, 1, "u-ben", 5600.0)
    await repo.replace_deadlines([], [away, back], paused_at=2000.0)
    assert (away.due, back.due) == (2000.0 + 3600 + 3000.0, 5600.0)
    stored = {d.user_id: d.due for d in await repo.deadlines(table_id=table.id)}
    assert stored == {"u-anna": 8600.0, "u-ben": 5600.0}
