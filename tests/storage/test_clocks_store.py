"""The deadline store, reminder switches and vacations on SQLite (migration 0002)."""

from __future__ import annotations

import pytest

from storage import DeadlineRecord, VacationRecord


def deadline(kind, due, **fields):
    return DeadlineRecord(0, kind, due, **fields)


async def test_due_deadlines_come_in_due_then_insertion_order(repo):
    ids = await repo.add_deadlines(
        [deadline("turn", 30.0), deadline("turn", 10.0), deadline("reminder", 10.0)]
    )
    due = await repo.due_deadlines(20.0)
    assert [d.id for d in due] == [ids[1], ids[2]]
    assert await repo.next_deadline() == 10.0


async def test_ids_are_never_reused_so_a_handler_cannot_delete_its_successor(repo):
    """A handler replaces its deadline by a new one and the runner then deletes the old id:
    with reused ids (SQLite's plain rowid) that delete would hit the new deadline."""
    (old,) = await repo.add_deadlines([deadline("turn", 1.0, table_id=1, seat=0)])
    (new,) = await repo.replace_deadlines([old], [deadline("turn", 2.0, table_id=1, seat=1)])
    assert new != old
    assert not await repo.delete_deadline(old)
    assert [d.id for d in await repo.deadlines(table_id=1)] == [new]


async def test_filters_shift_and_delete(repo):
    await repo.add_deadlines(
        [
            deadline("turn", 100.0, table_id=1, seat=0, user_id="u1", data={"since": 3}),
            deadline("reminder", 50.0, table_id=1, seat=0, user_id="u1"),
            deadline("turn", 100.0, table_id=2, seat=1, user_id="u2"),
            deadline("round", 70.0),
        ]
    )
    await repo.shift_deadlines("u1", ("turn", "reminder"), 1000.0)
    mine = await repo.deadlines(user_id="u1")
    assert [(d.kind, d.due) for d in mine] == [("reminder", 1050.0), ("turn", 1100.0)]
    assert mine[1].data == {"since": 3}
    assert await repo.delete_deadlines(table_id=1, kinds=("turn", "reminder")) == 2
    with pytest.raises(ValueError, match=r"refusing to delete every deadline"):
        await repo.delete_deadlines()
    assert [d.kind for d in await repo.deadlines()] == ["round", "turn"]


async def test_reminder_switch_and_vacation_allowance(repo):
    assert not await repo.get_reminders_off("u1")
    await repo.set_reminders_off("u1", True)
    assert await repo.get_reminders_off("u1")
    await repo.set_reminders_off("u1", False)
    assert not await repo.get_reminders_off("u1")
    assert await repo.get_vacation_allowance("g") is None
    await repo.set_vacation_allowance("g", 7)
    assert await repo.get_vacation_allowance("g") == 7


async def test_vacations_of_user_since_a_time(repo):
    old = VacationRecord(0, "u1", "g", 0.0, 100.0)
    recent = VacationRecord(0, "u1", "g", 1000.0, 5000.0)
    await repo.add_vacation(old)
    await repo.add_vacation(recent)
    await repo.end_vacation(recent.id, 2000.0)
    found = await repo.vacations_of_user("u1", 500.0)
    assert [(v.id, v.ended, v.end()) for v in found] == [(recent.id, 2000.0, 2000.0)]
    assert await repo.vacations_of_user("u2", 0.0) == []
