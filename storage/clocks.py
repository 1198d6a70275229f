"""Deadlines, reminder preferences and vacations on SQLite (a mixin of ``SqliteRepository``)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from .base import DeadlineMoved, DeadlineRecord, VacationRecord, compact_json, table_id_of

_DEADLINE_COLUMNS = "id, kind, due, table_id, seat, user_id, data, attempts, ends"


def _deadline(row: Any) -> DeadlineRecord:
    return DeadlineRecord(
        row[0], row[1], row[2], row[3], row[4], row[5], json.loads(row[6]), int(row[7]), row[8]
    )


def _filters(
    table_id: int | None, kinds: tuple[str, ...], user_id: str | None
) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    values: list[Any] = []
    if table_id is not None:
        clauses.append("table_id = ?")
        values.append(table_id)
    if kinds:
        clauses.append(f"kind IN ({', '.join('?' * len(kinds))})")
        values.extend(kinds)
    if user_id is not None:
        clauses.append("user_id = ?")
        values.append(user_id)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", values


_DATA = compact_json(ensure_ascii=True)


def _insert(conn: sqlite3.Connection, item: DeadlineRecord) -> int:
    cursor = conn.execute(
        "INSERT INTO deadlines (kind, due, table_id, seat, user_id, data, ends)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            item.kind,
            float(item.due),
            table_id_of(item.table_id),
            item.seat,
            item.user_id,
            _DATA(item.data),
            item.ends,
        ),
    )
    return int(cursor.lastrowid or 0)


_OVERWRITE = (
    "UPDATE deadlines SET due = ?, seat = ?, user_id = ?, data = ?, ends = ?,"
    " attempts = 0, lease_owner = NULL, lease_until = NULL"
    " WHERE id = ? AND kind = ? AND table_id = ?"
)
_OVERWRITE_UNLESS_AWAY = (
    f"{_OVERWRITE} AND NOT EXISTS (SELECT 1 FROM vacations"
    " WHERE user_id = ? AND until > ? AND (ended IS NULL OR ended > ?))"
)
"""``_OVERWRITE`` only while the user has no vacation running after the given time (none of
the rows ``_pause`` takes a shift from): the deadline then needs no shift."""


def _overwrite(
    conn: sqlite3.Connection, row_id: int, item: DeadlineRecord, paused_at: float | None
) -> bool:
    """Store ``item`` in the row ``row_id`` (same table and kind, so its index by table is
    left alone); False if that row is gone. With ``paused_at``, ``item`` is paused first
    (``_pause``), also when False.

    A move's clock is paused in the same statement that writes it: the write checks that its
    holder has no vacation after ``paused_at`` and then needs no shift, which is nearly always
    so (one statement instead of two); only when one stands does ``_pause`` compute the shift.
    """
    table_id, data = table_id_of(item.table_id), _DATA(item.data)

    def values() -> tuple[Any, ...]:  # read again after ``_pause`` moved ``item``
        return (
            float(item.due),
            item.seat,
            item.user_id,
            data,
            item.ends,
            row_id,
            item.kind,
            table_id,
        )

    if paused_at is not None and item.user_id:
        unless_away = (*values(), item.user_id, paused_at, paused_at)
        if conn.execute(_OVERWRITE_UNLESS_AWAY, unless_away).rowcount:
            return True
        _pause(conn, [item], paused_at)
    return conn.execute(_OVERWRITE, values()).rowcount > 0


def _pause(conn: sqlite3.Connection, deadlines: list[DeadlineRecord], at: float) -> None:
    """Move each deadline of a user on vacation after ``at`` by the vacation's part after
    ``at`` (see ``Repository.replace_deadlines``).
    """
    shifts: dict[str, float] = {}
    for user_id in sorted({item.user_id for item in deadlines if item.user_id}):
        row = conn.execute(
            "SELECT MAX(MIN(until, COALESCE(ended, until)) - MAX(start, ?)) FROM vacations"
            " WHERE user_id = ? AND until > ? AND (ended IS NULL OR ended > ?)",
            (at, user_id, at, at),
        ).fetchone()
        if row is not None and row[0] is not None and row[0] > 0:
            shifts[user_id] = float(row[0])
    if shifts:
        for item in deadlines:
            if item.user_id in shifts:
                item.due = float(item.due) + shifts[item.user_id]
                if item.ends is not None:
                    item.ends = float(item.ends) + shifts[item.user_id]


class SqliteClocksMixin:
    # The ``_work_<name>`` builders return a backend's own work (typed ``Any``, as in the other
    # area mixins): PostgreSQL inherits the public methods and overrides every builder.
    """The deadline store, reminder switches and vacations for ``SqliteRepository``."""

    async def _read(self, sql: str, parameters: Any = ()) -> list[Any]:  # provided by the repo
        raise NotImplementedError

    async def _write(self, work: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    # -- deadlines ----------------------------------------------------------------------------

    async def add_deadlines(self, deadlines: list[DeadlineRecord]) -> list[int]:
        """Store new deadlines (their ``id`` is ignored); their new ids, in order."""
        return await self.replace_deadlines([], deadlines)

    async def replace_deadlines(
        self,
        remove: list[int],
        add: list[DeadlineRecord],
        *,
        paused_at: float | None = None,
        reuse: list[int] | None = None,
    ) -> list[int]:
        """Delete the deadlines ``remove`` and store ``add``, in one transaction (see
        ``Repository.replace_deadlines`` for ``paused_at`` and ``reuse``).
        """
        if not remove and not add:
            return []
        work = self._work_replace_deadlines(remove, add, paused_at=paused_at, reuse=reuse)
        return list(await self._write(work))

    def _work_replace_deadlines(
        self,
        remove: list[int],
        add: list[DeadlineRecord],
        *,
        paused_at: float | None = None,
        reuse: list[int] | None = None,
    ) -> Any:
        reused = list(reuse or ())
        planned = [(item.due, item.ends) for item in add] if paused_at is not None else []

        def work(conn: sqlite3.Connection) -> list[int]:
            # A vacation's shift moves ``add`` in place, and a batch in which another item
            # failed runs this again (``_commit_batch``): start from the planned times each run,
            # so the stored clock is shifted once.
            for item, (due, ends) in zip(add, planned, strict=False):
                item.due, item.ends = due, ends
            # One statement for what a move drops (a seat's clock and its reminders), in
            # chunks within SQLite's bound on parameters.
            for start in range(0, len(remove), 500):
                chunk = remove[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                conn.execute(f"DELETE FROM deadlines WHERE id IN ({marks})", chunk)
            # The first deadlines go to the rows ``reused``, until one of them is gone; the
            # others get new rows. Each is paused (``paused_at``) on its way.
            ids: list[int] = []
            overwriting = True
            for index, item in enumerate(add):
                if overwriting and index < len(reused):
                    if _overwrite(conn, reused[index], item, paused_at):
                        item.id = reused[index]
                        ids.append(item.id)
                        continue
                    overwriting = False  # paused already; it and the rest get new rows
                elif paused_at is not None:
                    _pause(conn, [item], paused_at)
                item.id = _insert(conn, item)
                ids.append(item.id)
            return ids

        return work

    async def delete_deadline(self, deadline_id: int) -> bool:
        """Delete one deadline; False if it was already gone."""
        return bool(await self._write(self._work_delete_deadline(deadline_id)))

    def _work_delete_deadline(self, deadline_id: int) -> Any:
        def work(conn: sqlite3.Connection) -> bool:
            return conn.execute("DELETE FROM deadlines WHERE id = ?", (deadline_id,)).rowcount > 0

        return work

    async def rearm_deadline(
        self, deadline_id: int, claimed: float, due: float, data: dict[str, Any]
    ) -> bool:
        """See ``Repository.rearm_deadline``."""
        work = self._work_rearm_deadline(deadline_id, claimed, due, data)
        return bool(await self._write(work))

    def _work_rearm_deadline(
        self,
        deadline_id: int,
        claimed: float,
        due: float,
        data: dict[str, Any],
        required: bool = False,
    ) -> Any:
        def work(conn: sqlite3.Connection) -> bool:
            rearmed = (
                conn.execute(
                    "UPDATE deadlines SET due = ?, data = ?, attempts = 0, lease_owner = NULL,"
                    " lease_until = NULL WHERE id = ? AND due = ?",
                    (float(due), _DATA(data), deadline_id, float(claimed)),
                ).rowcount
                > 0
            )
            if required and not rearmed:
                raise DeadlineMoved(deadline_id)
            return rearmed

        return work

    async def finish_deadline(self, deadline_id: int, claimed: float) -> bool:
        """See ``Repository.finish_deadline``."""

        def work(conn: sqlite3.Connection) -> bool:
            return (
                conn.execute(
                    "DELETE FROM deadlines WHERE id = ? AND due = ?", (deadline_id, float(claimed))
                ).rowcount
                > 0
            )

        return bool(await self._write(work))

    async def defer_deadline(
        self, deadline_id: int, due: float, attempts: int, claimed: float | None = None
    ) -> None:
        """Put off a deadline whose handler failed: new ``due`` and failure count (see
        ``Repository.defer_deadline`` for ``claimed``).
        """

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE deadlines SET due = ?, attempts = ?, lease_owner = NULL,"
                " lease_until = NULL WHERE id = ? AND (? IS NULL OR due = ?)",
                (due, attempts, deadline_id, claimed, claimed),
            )

        await self._write(work)

    async def claim_deadlines(
        self,
        owner: str,
        now: float,
        lease_seconds: float,
        kinds: tuple[str, ...] = (),
        limit: int = 100,
    ) -> list[DeadlineRecord]:
        """See ``Repository.claim_deadlines``: one write transaction, so two processes on one
        file cannot lease the same deadline.
        """
        where, values = _filters(None, kinds, None)
        where = f"{where} AND" if where else " WHERE"
        select = (
            f"SELECT {_DEADLINE_COLUMNS} FROM deadlines{where} due <= ?"
            " AND (lease_owner IS NULL OR lease_until < ?) ORDER BY due, id LIMIT ?"
        )

        def work(conn: sqlite3.Connection) -> list[DeadlineRecord]:
            rows = conn.execute(select, (*values, now, now, limit)).fetchall()
            conn.executemany(
                "UPDATE deadlines SET lease_owner = ?, lease_until = ? WHERE id = ?",
                [(owner, now + lease_seconds, row[0]) for row in rows],
            )
            return [_deadline(row) for row in rows]

        return list(await self._write(work))

    async def delete_deadlines(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        user_id: str | None = None,
    ) -> int:
        """Delete the deadlines matching every given filter; how many were deleted."""
        work = self._work_delete_deadlines(table_id=table_id, kinds=kinds, user_id=user_id)
        return int(await self._write(work))

    def _work_delete_deadlines(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        user_id: str | None = None,
    ) -> Any:
        where, values = _filters(table_id, kinds, user_id)
        if not where:
            raise ValueError("refusing to delete every deadline")

        def work(conn: sqlite3.Connection) -> int:
            return conn.execute(f"DELETE FROM deadlines{where}", values).rowcount

        return work

    async def due_deadlines(
        self, now: float, limit: int = 100, kinds: tuple[str, ...] = ()
    ) -> list[DeadlineRecord]:
        """Deadlines with ``due <= now`` (of ``kinds``, if given), earliest first (ties by id:
        the order they were set).
        """
        where, values = _filters(None, kinds, None)
        where = f"{where} AND due <= ?" if where else " WHERE due <= ?"
        rows = await self._read(
            f"SELECT {_DEADLINE_COLUMNS} FROM deadlines{where} ORDER BY due, id LIMIT ?",
            (*values, now, limit),
        )
        return [_deadline(row) for row in rows]

    async def next_deadline(self, kinds: tuple[str, ...] = ()) -> float | None:
        """The earliest ``due`` of any stored deadline (of ``kinds``, if given)."""
        where, values = _filters(None, kinds, None)
        rows = await self._read(f"SELECT MIN(due) FROM deadlines{where}", values)
        return rows[0][0] if rows else None

    async def deadlines(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        user_id: str | None = None,
    ) -> list[DeadlineRecord]:
        """Stored deadlines matching every given filter, earliest first."""
        where, values = _filters(table_id, kinds, user_id)
        rows = await self._read(
            f"SELECT {_DEADLINE_COLUMNS} FROM deadlines{where} ORDER BY due, id", values
        )
        return [_deadline(row) for row in rows]

    async def shift_deadlines(self, user_id: str, kinds: tuple[str, ...], seconds: float) -> None:
        """Move every deadline of ``user_id`` of ``kinds`` by ``seconds`` (a vacation)."""
        await self._write(self._work_shift_deadlines(user_id, kinds, seconds))

    def _work_shift_deadlines(self, user_id: str, kinds: tuple[str, ...], seconds: float) -> Any:
        where, values = _filters(None, kinds, user_id)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                f"UPDATE deadlines SET due = due + ?, ends = ends + ?{where}",
                [seconds, seconds, *values],
            )

        return work

    # -- reminders ----------------------------------------------------------------------------

    async def get_reminders_off(self, user_id: str) -> bool:
        """Whether the person turned turn reminders off."""
        rows = await self._read(
            "SELECT reminders_off FROM reminder_preferences WHERE user_id = ?", (user_id,)
        )
        return bool(rows and rows[0][0])

    async def set_reminders_off(self, user_id: str, off: bool) -> None:
        """Turn the person's turn reminders off (True) or on."""

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO reminder_preferences (user_id, reminders_off) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET reminders_off = excluded.reminders_off",
                (user_id, int(off)),
            )

        await self._write(work)

    # -- vacations ----------------------------------------------------------------------------

    async def get_vacation_allowance(self, guild_id: str) -> int | None:
        """The server's vacation days per 30 days (None: the default)."""
        rows = await self._read(
            "SELECT days FROM vacation_allowances WHERE guild_id = ?", (guild_id,)
        )
        return int(rows[0][0]) if rows else None

    async def set_vacation_allowance(self, guild_id: str, days: int) -> None:
        """Set the server's vacation days per 30 days."""

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO vacation_allowances (guild_id, days) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET days = excluded.days",
                (guild_id, days),
            )

        await self._write(work)

    async def add_vacation(self, vacation: VacationRecord) -> int:
        """Store a vacation; its id."""
        return int(await self._write(self._work_add_vacation(vacation)))

    def _work_add_vacation(self, vacation: VacationRecord) -> Any:
        values = (vacation.user_id, vacation.guild_id, vacation.start, vacation.until)

        def work(conn: sqlite3.Connection) -> int:
            cursor = conn.execute(
                "INSERT INTO vacations (user_id, guild_id, start, until) VALUES (?, ?, ?, ?)",
                values,
            )
            vacation.id = int(cursor.lastrowid or 0)
            return vacation.id

        return work

    async def end_vacation(self, vacation_id: int, ended: float) -> None:
        """Record when a vacation ended (early, or at its planned end)."""
        await self._write(self._work_end_vacation(vacation_id, ended))

    def _work_end_vacation(self, vacation_id: int, ended: float) -> Any:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE vacations SET ended = ? WHERE id = ?", (ended, vacation_id))

        return work

    async def vacations_of_user(self, user_id: str, since: float) -> list[VacationRecord]:
        """The person's vacations that started at ``since`` or later, or were planned to run
        past it.
        """
        rows = await self._read(
            "SELECT id, user_id, guild_id, start, until, ended FROM vacations"
            " WHERE user_id = ? AND (start >= ? OR until > ?) ORDER BY start, id",
            (user_id, since, since),
        )
        return [VacationRecord(*row) for row in rows]
