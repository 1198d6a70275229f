"""Turn clocks, reminders and vacations: the deadlines of a table's seats.

A seat's clock is set when it becomes a seat to act (several seats may act at once) and cleared
when it moves; it is one stored ``turn`` deadline whose ``ends`` is when the clock runs out and
whose ``due`` is the next thing to happen: the first reminder (half time), then the second
(shortly before the end), then the end. Its handler sends a reminder and re-arms the same row
for the next step, so a move writes one row per seat, not three; and the row of the clock a
move stops becomes the row of the clock it starts (one UPDATE, no DELETE and INSERT). A row's
id is therefore not one clock's for ever: whoever is done with a row deletes or re-arms it only
while it is still due when it was claimed (``Repository.finish_deadline``). When a clock runs out,
``TableService.time_out`` lets the engine move for the seat or makes it forfeit, as the table's
clock setting says. Clocks stored by an older version (a ``turn`` row due at the end and
``reminder`` rows of their own) keep working until the seat moves.

A vacation pauses all of a person's clocks: their deadlines are moved later by the length of
the vacation (and back by what is left of it when it is ended early), so each clock resumes
with the time it had. A clock set during a vacation starts when the vacation ends. A move needs
no lock against a vacation: the vacation is looked up inside the move's own commit, including
one that started (or ended) after the move read the time, so a fresh clock is paused whichever
of the two commits first. Starting or ending a vacation takes the person's lock (``setting``)
against another vacation step of the same person; with other processes on the database, moves
take it too (``for_move``), across processes.

Vacation allowance: a person's vacation days count once, wherever they play, within any 30
days (a rolling month); ending early gives back the days not used. The limit is the smallest
allowance among the server they ask in and the servers where they sit at a running table,
since every one of those servers' tables is paused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING

from games.core import Text
from storage import Changes, DeadlineMoved, DeadlineRecord, TableStatus, VacationRecord

from . import notices
from .clocks import DAY, HOUR, ClockSettings
from .locks import LockMap
from .metadata import TablePlace, TableSettings
from .requests import TableError

if TYPE_CHECKING:
    from .service import Table, TableService, TimedOut

logger = logging.getLogger(__name__)

TURN = "turn"
REMINDER = "reminder"
VACATION_END = "vacation_end"
SEAT_KINDS = (TURN, REMINDER)
DEFAULT_VACATION_DAYS = 14
"""Vacation days per 30 days where a server set none."""
VACATION_WINDOW = 30 * DAY
LAST_REMINDER_AT_MOST = 3 * HOUR
"""The second reminder comes when 10% of the clock is left, but no earlier than 3 hours before
the end (for long clocks 10% would be days)."""

VACATION_TOO_LONG = Text(
    "Du hast noch {left} Urlaubstage in den letzten 30 Tagen übrig (erlaubt: {allowed}).",
    "You have {left} vacation days left within 30 days (allowed: {allowed}).",
)
VACATION_BAD_DAYS = Text(
    "Ein Urlaub dauert mindestens einen Tag.", "A vacation lasts at least one day."
)
ALREADY_AWAY = Text(
    "Du bist schon im Urlaub bis {until}; beende ihn zuerst.",
    "You are already on vacation until {until}; end it first.",
)
NOT_AWAY = Text("Du bist gerade nicht im Urlaub.", "You are not on vacation.")


class AlreadyAway(TableError):
    """A vacation asked for while one runs. ``until`` is its end as data, so an adapter can
    show it in the reader's own time (the reason gives it in UTC).
    """

    def __init__(self, until: float) -> None:
        shown = datetime.fromtimestamp(until, UTC).strftime("%Y-%m-%d %H:%M UTC")
        super().__init__(ALREADY_AWAY.format(until=shown))
        self.until = until


def reminder_times(start: float, per_move: int) -> list[float]:
    """When the two reminders of a clock running from ``start`` come: half time, and when
    10% (at most three hours) is left.
    """
    return [start + per_move / 2, last_reminder(start + per_move, per_move)]


def last_reminder(ends: float, per_move: int) -> float:
    """When the second reminder of a clock that runs out at ``ends`` comes."""
    return ends - min(per_move * 0.1, LAST_REMINDER_AT_MOST)


@dataclass
class ReminderDue:
    """A reminder to send now: ``seat`` of ``table`` (held by ``user_id``) has until ``due``."""

    table: Table
    seat: int
    user_id: str
    due: float
    number: int
    """1: half time; 2: shortly before the end."""


@dataclass
class VacationOver:
    """A person's vacation reached its planned end."""

    user_id: str
    vacation: VacationRecord


@dataclass
class SeatClock:
    """A seat's running clock as players see it."""

    seat: int
    due: float
    paused_until: float | None
    """Set while the holder is on vacation: the clock resumes then."""

    def left(self, now: float) -> float:
        """Seconds the seat has left (a paused clock does not run until the vacation ends)."""
        return self.due - max(now, self.paused_until or now)


class TurnClocks:
    """Keeps the turn, reminder and vacation-end deadlines of a ``TableService``."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.repo = service.repo
        self.scheduler = service.scheduler
        self.scheduler.register(TURN, self._on_turn)
        self.scheduler.register(REMINDER, self._on_reminder)
        self.scheduler.register(VACATION_END, self._on_vacation_end)
        self._people: LockMap[str] = LockMap()

    def setting(self, user_ids: Iterable[str]) -> _Holding:
        """Hold the clock locks of these people: from planning a table's clocks to their
        commit, and for a vacation's start or end. Per person, so moves at tables of other
        people commit together (group commit); taken in one order, so no two wait on each
        other. With other processes on the database (``service.shared``) the same people are
        held against them too (``Repository.hold``), after this process's own locks.
        """
        return _Holding(self, sorted(set(user_ids)))

    def for_move(self, table: Table) -> contextlib.AbstractAsyncContextManager[None]:
        """What a move holds from ``plan`` to its commit: nothing in a process alone on its
        database (the commit itself finds a vacation that began meanwhile, see
        ``Repository.replace_deadlines``), the people's locks across processes otherwise.
        """
        if self.service.shared:
            return self.setting(self.people(table))
        return _UNHELD

    @staticmethod
    def people(table: Table) -> set[str]:
        """Whose clocks ``plan`` may set or drop at ``table``: every member seated there."""
        return {seat.user_id for seat in table.seats if seat.user_id}

    # ----- clocks of seats -----------------------------------------------------------------

    async def sync(self, table: Table, movers: set[int]) -> None:
        """After a stored change: clear the clocks of seats that moved or need not act, set
        one for each seat that must act and has none (or just moved and acts again).
        """
        async with self.for_move(table):
            changes = Changes()
            added = await self.plan(table, movers, changes)
            table.seat_deadlines = None  # read again if the commit fails
            await self.repo.commit(changes)
            table.seat_deadlines = table.planned_deadlines
        self.scheduler.notify(added)

    async def plan(
        self,
        table: Table,
        movers: set[int],
        changes: Changes,
        clock: ClockSettings | None = None,
    ) -> list[DeadlineRecord]:
        """Stage in ``changes`` what ``sync`` would write for ``table`` as it will be once
        ``changes`` commits; the deadlines it adds (for ``Scheduler.notify`` after the commit).

        The caller holds ``for_move(table)`` from this call until the commit.

        No read on a move's path: the table's seat deadlines come from ``table.seat_deadlines``
        once known (read here the first time), and a holder's vacation is looked up inside the
        commit (``paused_at``). What the table's deadlines will be once ``changes`` commits is
        left in ``table.planned_deadlines``; the caller makes that the cache after the commit.
        ``clock``: the table's, when the caller has it at hand (reading it validates settings).
        """
        if clock is None:
            clock = table.clock
        if clock is None or clock.per_move is None:
            return []
        if self._known(table):
            return self.plan_known(table, movers, changes, clock)
        now = self.service.clock()
        existing = await self.repo.deadlines(table_id=table.id, kinds=SEAT_KINDS)
        return self._stage(table, movers, changes, clock.per_move, existing, now)

    @staticmethod
    def _known(table: Table) -> bool:
        """Whether planning ``table``'s clocks needs no read: its seat deadlines are cached,
        or it is no longer running (its clocks only go).
        """
        return table.seat_deadlines is not None or table.status != TableStatus.ACTIVE

    def plans_at_once(self, table: Table) -> bool:
        """Whether a move at ``table`` may call ``plan_known`` instead of ``plan`` under
        ``for_move``: nothing to hold (a process alone on its database) and nothing to read.
        """
        return not self.service.shared and self._known(table)

    def plan_known(
        self, table: Table, movers: set[int], changes: Changes, clock: ClockSettings
    ) -> list[DeadlineRecord]:
        """``plan`` for a table with a ``clock``, once its seat deadlines are known
        (``table.seat_deadlines`` is set, or the table is no longer running): nothing to read,
        so nothing to await, and a move runs no coroutine for it. The caller holds
        ``for_move(table)`` as for ``plan`` (nothing, in a process alone on its database).
        """
        if clock.per_move is None:
            return []
        if table.status != TableStatus.ACTIVE:
            self.stage_clear(changes, table.id)
            table.planned_deadlines = []
            return []
        existing = table.seat_deadlines
        assert existing is not None, "plan_known with the seat deadlines not read yet"
        return self._stage(table, movers, changes, clock.per_move, existing, self.service.clock())

    def _stage(
        self,
        table: Table,
        movers: set[int],
        changes: Changes,
        per_move: int,
        existing: list[DeadlineRecord],
        now: float,
    ) -> list[DeadlineRecord]:
        seats = table.seats
        acting = {seat for seat in table.to_act() if seats[seat].user_id}
        waiting = acting - movers
        # A clock stays only with its seat's holder (a crash in a hand-over can leave the old
        # holder's clock behind).
        keep: set[int | None] = set()
        for d in existing:
            if d.kind == TURN and d.seat in waiting and d.user_id == seats[d.seat].user_id:
                keep.add(d.seat)
        add = []
        # Set as if its holder were here; the commit moves it past a vacation (paused_at).
        # One row per clock, due at its first reminder (half time); see the module's text.
        first, ends = now + per_move / 2, now + per_move
        for seat in sorted(acting - keep):
            user_id = seats[seat].user_id
            data = {"since": table.seq, "per_move": per_move, "number": 1}
            add.append(DeadlineRecord(0, TURN, first, table.id, seat, user_id, data, 0, ends))
        # The row of a clock that stops becomes the row of one that starts (see the module):
        # the first stopped turn clocks, one per clock added; the other stopped rows go.
        reuse: list[int] = []
        remove: list[int] = []
        kept: list[DeadlineRecord] = []
        for d in existing:
            if d.seat in keep:
                kept.append(d)
            elif d.kind == TURN and len(reuse) < len(add):
                reuse.append(d.id)
            else:
                remove.append(d.id)
        self.scheduler.stage(changes, remove, add, paused_at=now, reuse=reuse)
        table.planned_deadlines = kept + add
        return add

    def forget(self, table_id: int) -> None:
        """The table's seat deadlines changed outside ``plan``: read them again next time."""
        table = self.service.cached(table_id)
        if table is not None:
            table.seat_deadlines = None

    @staticmethod
    def stage_clear(changes: Changes, table_id: int) -> None:
        """Stage dropping every clock and reminder of a table in ``changes``."""
        changes.delete_deadlines(table_id=table_id, kinds=SEAT_KINDS)

    async def stage_clear_seat(self, changes: Changes, table_id: int, seat: int) -> None:
        """Stage dropping one seat's clock and reminders (it changes hands)."""
        found = await self.repo.deadlines(table_id=table_id, kinds=SEAT_KINDS)
        changes.replace_deadlines([d.id for d in found if d.seat == seat], [])

    async def seat_clocks(self, table: Table) -> dict[int, SeatClock]:
        """The running clock of each seat that has one."""
        found = await self.repo.deadlines(table_id=table.id, kinds=(TURN,))
        clocks = {}
        for deadline in found:
            assert deadline.seat is not None
            away = await self._away_until(deadline.user_id) if deadline.user_id else None
            ends = deadline.due if deadline.ends is None else deadline.ends
            clocks[deadline.seat] = SeatClock(deadline.seat, ends, away)
        return clocks

    async def reconcile(self) -> None:
        """At start-up: every running table with a clock gets one for each seat that must act.

        A move, the clocks it sets and drops and their reminders commit in one transaction, so
        a running clocked table has its turn clocks, or none at all (stored by an older
        version), or one left with a seat's former holder (an older version's hand-over wrote
        the seat and the clock apart): those are found in one query, without reading every
        table, and get theirs. A clock left for a seat that need not act is dropped by its own
        handler when it runs out (``_on_turn``).
        """
        for table_id, settings in await self.repo.tables_lacking_deadlines(
            (TableStatus.ACTIVE,), (TURN,)
        ):
            if TableSettings.of(settings or {}).timed is None:
                continue
            try:
                table = await self.service.get(table_id)
                if self.service.shared:
                    # Another process may move the table between this read and the lock:
                    # plan on what the database holds once the people are held.
                    async with self.setting(self.people(table)):
                        table = await self.service.get(table_id)
                        changes = Changes()
                        added = await self.plan(table, set(), changes)
                        await self.repo.commit(changes)
                    self.scheduler.notify(added)
                    continue
                await self.sync(table, set())
            except Exception:
                # One table that cannot load (its game gone from this version) must not keep
                # the scheduler from running every other table's clock.
                logger.exception("could not set the clocks of table %s", table_id)

    # ----- the handlers --------------------------------------------------------------------

    async def _on_turn(self, deadline: DeadlineRecord, now: float) -> TimedOut | ReminderDue | None:
        # A due deadline was read back from the store: its table id is an int, never a TableRef.
        assert isinstance(deadline.table_id, int) and deadline.seat is not None
        if deadline.ends is not None and now < deadline.ends:
            return await self._remind(deadline, now, deadline.ends)
        since = int(deadline.data.get("since", 0))
        done = await self.service.time_out(deadline.table_id, deadline.seat, since)
        if done is None:
            # The clock no longer stood (the seat moved and the clock was not reset, after a
            # crash): drop it and set the clocks the table needs now.
            await self.repo.finish_deadline(deadline.id, deadline.due)
            self.forget(deadline.table_id)
            try:
                table = await self.service.get(deadline.table_id)
            except Exception:  # noqa: BLE001 - an unknown table needs no clock
                return None
            await self.sync(table, set())
        return done

    async def _remind(
        self, deadline: DeadlineRecord, now: float, ends: float
    ) -> ReminderDue | None:
        """A seat's clock at one of its reminders: send it if it still applies, and re-arm the
        clock for its next step, in one commit (a crash before it runs this again, after it
        the relay sends the reminder once). After an outage only the last reminder due is
        sent. A clock that no longer applies (the seat need not act, it changed hands) sends
        nothing and runs on to its end, where ``time_out`` finds it stale and drops it. A seat
        that moves between this handler's read of the table and its commit made the row the
        next seat's clock: the commit then stores nothing, so no reminder of a turn already
        taken goes out.
        """
        assert isinstance(deadline.table_id, int) and deadline.seat is not None
        data = deadline.data
        per_move = int(data.get("per_move", 0))
        number = int(data.get("number", 2))
        last = last_reminder(ends, per_move)
        if number < 2 and now >= last:
            number = 2
        rearmed = dict(data)
        if number < 2:
            rearmed["number"], next_due = 2, last
        else:
            rearmed.pop("number", None)
            next_due = ends
        user_id = deadline.user_id
        due: ReminderDue | None = None
        posted = False
        changes = Changes()
        # Required: if the seat moves between the read below and this commit, its move has
        # made the row the next clock, and the reminder must not go out with a re-arming that
        # no longer applies.
        changes.rearm_deadline(deadline.id, deadline.due, next_due, rearmed, required=True)
        if user_id is not None and not await self.repo.get_reminders_off(user_id):
            table = await self.service.get(deadline.table_id)
            if (
                table.status == TableStatus.ACTIVE
                and deadline.seat in table.to_act()
                and table.seats[deadline.seat].user_id == user_id
            ):
                due = ReminderDue(table, deadline.seat, user_id, ends, number)
                posted = self.service.posts_for(table)
                if posted:
                    changes.post(
                        f"reminder:{deadline.id}:{data.get('since')}:{number}",
                        notices.REMINDER,
                        {
                            "table": table.id,
                            "seat": deadline.seat,
                            "user": user_id,
                            "due": ends,
                            "number": number,
                            "seq": table.seq,
                        },
                        table_id=table.id,
                        at=now,
                    )
        try:
            await self.repo.commit(changes)
        except DeadlineMoved:
            return None  # the seat moved: its clock is the next seat's now, nothing to send
        deadline.due, deadline.data = next_due, rearmed
        self.scheduler.notify([deadline])
        if posted:
            self.service.posted()
        return due

    async def _on_reminder(self, deadline: DeadlineRecord, now: float) -> ReminderDue | None:
        """A reminder row of a clock stored by an older version, still due: its seat has not moved, its clock has not run out, no later
        reminder of the same clock is due too (after an outage only the last one is sent), and
        its holder wants reminders.
        """
        # A due deadline was read back from the store: its table id is an int, never a TableRef.
        assert isinstance(deadline.table_id, int) and deadline.seat is not None
        seat_kinds = await self.repo.deadlines(table_id=deadline.table_id, kinds=SEAT_KINDS)
        mine = [d for d in seat_kinds if d.seat == deadline.seat and d.id != deadline.id]
        turn = next((d for d in mine if d.kind == TURN), None)
        if turn is None or turn.due <= now or turn.user_id != deadline.user_id:
            return None
        if any(d.kind == REMINDER and d.due <= now for d in mine):
            return None
        user_id = deadline.user_id
        if user_id is None or await self.repo.get_reminders_off(user_id):
            return None
        table = await self.service.get(deadline.table_id)
        if table.status != TableStatus.ACTIVE or deadline.seat not in table.to_act():
            return None
        if table.seats[deadline.seat].user_id != user_id:
            return None  # the seat changed hands meanwhile: its hand is no longer theirs
        number = int(deadline.data.get("number", 1))
        if self.service.posts_for(table):
            # The reminder's DM (or its mention) goes out through the outbox, stored with the
            # deadline's deletion: a crash before the commit runs this again, after it the
            # relay sends it, once.
            changes = Changes()
            changes.post(
                f"reminder:{deadline.id}",
                notices.REMINDER,
                {
                    "table": table.id,
                    "seat": deadline.seat,
                    "user": user_id,
                    "due": turn.due,
                    "number": number,
                    "seq": table.seq,
                },
                table_id=table.id,
                at=now,
            )
            changes.delete_deadline(deadline.id)
            await self.repo.commit(changes)
            self.forget(table.id)
            self.service.posted()
        return ReminderDue(table, deadline.seat, user_id, turn.due, number)

    async def _on_vacation_end(self, deadline: DeadlineRecord, now: float) -> VacationOver | None:
        assert deadline.user_id is not None
        # Found by what the deadline names, not by the time it runs: a retry runs after the
        # vacation's end.
        until = float(deadline.data.get("until", deadline.due))
        found = await self.repo.vacations_of_user(deadline.user_id, until - VACATION_WINDOW)
        vacation = next((v for v in found if _ends(v, deadline) and v.ended is None), None)
        if vacation is None:
            return None
        # Its end and the "vacation over" note commit together with the deadline's deletion.
        changes = Changes()
        changes.end_vacation(vacation.id, vacation.until)
        changes.post(
            f"vacation_over:{vacation.id}",
            notices.VACATION_OVER,
            {"user": deadline.user_id, "vacation": vacation.id},
            at=now,
        )
        changes.delete_deadline(deadline.id)
        await self.repo.commit(changes)
        self.service.posted()
        vacation.ended = vacation.until
        return VacationOver(deadline.user_id, vacation)

    # ----- vacations -----------------------------------------------------------------------

    async def active_vacation(self, user_id: str, at: float | None = None) -> VacationRecord | None:
        """The person's vacation running at ``at`` (default: now)."""
        now = self.service.clock() if at is None else at
        for vacation in await self.repo.vacations_of_user(user_id, now - VACATION_WINDOW):
            if vacation.start <= now < vacation.end():
                return vacation
        return None

    async def _away_until(self, user_id: str) -> float | None:
        vacation = await self.active_vacation(user_id)
        return vacation.until if vacation else None

    async def allowance(self, user_id: str, guild_id: str | None) -> tuple[int, float]:
        """(days allowed, days left) of the person's vacation within 30 days from now."""
        guilds = {guild_id} if guild_id else set()
        for table in await self.repo.tables_of_user(user_id, (TableStatus.ACTIVE,)):
            guild = TablePlace.of_record(table).guild
            if guild:
                guilds.add(guild)
        allowed = DEFAULT_VACATION_DAYS
        if guilds:
            values = [await self.repo.get_vacation_allowance(guild) for guild in sorted(guilds)]
            allowed = min(DEFAULT_VACATION_DAYS if v is None else v for v in values)
        now = self.service.clock()
        since = now - VACATION_WINDOW
        recent = await self.repo.vacations_of_user(user_id, since)
        used = sum(v.end() - v.start for v in recent if v.start >= since)
        left = max(0.0, allowed - used / DAY)
        return allowed, left

    async def start_vacation(
        self, user_id: str, days: int, guild_id: str | None = None
    ) -> VacationRecord:
        """Pause the person's clocks on every table for ``days`` days (``TableError`` when it
        is more than their allowance leaves, or they are away already).
        """
        if days < 1:
            raise TableError(VACATION_BAD_DAYS)
        async with self.setting([user_id]):
            return await self._start_vacation_locked(user_id, days, guild_id)

    async def _start_vacation_locked(
        self, user_id: str, days: int, guild_id: str | None
    ) -> VacationRecord:
        now = self.service.clock()
        current = await self.active_vacation(user_id)
        if current is not None:
            raise AlreadyAway(current.until)
        allowed, left = await self.allowance(user_id, guild_id)
        if days > left + 1e-9:
            raise TableError(VACATION_TOO_LONG.format(left=math.floor(left), allowed=allowed))
        until = now + days * DAY
        vacation = VacationRecord(0, user_id, guild_id, now, until)
        # One transaction: the days spent, the clocks paused and the end's deadline (a crash
        # between them spent days without pausing, or lost the "vacation over" note).
        changes = Changes()
        changes.add_vacation(vacation)
        changes.shift_deadlines(user_id, SEAT_KINDS, until - now)
        end = DeadlineRecord(0, VACATION_END, until, user_id=user_id, data={"until": until})
        self.scheduler.stage(changes, [], [end])
        await self.repo.commit(changes)
        self.scheduler.notify([end])
        return vacation

    async def end_vacation(self, user_id: str) -> VacationRecord:
        """End the person's vacation now: their clocks run again with the time they had."""
        async with self.setting([user_id]):
            vacation = await self.active_vacation(user_id)
            if vacation is None:
                raise TableError(NOT_AWAY)
            now = self.service.clock()
            changes = Changes()
            changes.end_vacation(vacation.id, now)
            changes.shift_deadlines(user_id, SEAT_KINDS, -(vacation.until - now))
            changes.delete_deadlines(user_id=user_id, kinds=(VACATION_END,))
            await self.repo.commit(changes)
            vacation.ended = now
        if self.scheduler.wake is not None:
            next_due = await self.scheduler.next_due()
            if next_due is not None:
                self.scheduler.wake(next_due)
        return vacation

    async def away(self, table: Table) -> dict[int, float]:
        """Seats whose holder is on vacation, with the end of it."""
        found = {}
        for seat in table.seats:
            if seat.user_id:
                until = await self._away_until(seat.user_id)
                if until is not None:
                    found[seat.seat] = until
        return found


_UNHELD = contextlib.nullcontext()
"""``for_move``'s hold in a process alone on its database (reentrant: it does nothing)."""


def _ends(vacation: VacationRecord, deadline: DeadlineRecord) -> bool:
    """Whether ``deadline`` is the end of ``vacation`` (older deadlines name its id)."""
    if "vacation" in deadline.data:
        return bool(vacation.id == deadline.data["vacation"])
    return abs(vacation.until - float(deadline.data.get("until", -1))) < 1e-6


class _Holding:
    """``TurnClocks.setting``'s hold: a plain class rather than a generator-based context
    manager, since every clocked move takes it and it is then most of the move's own cost.
    """

    __slots__ = ("_clocks", "_locks", "_people", "_shared")

    def __init__(self, clocks: TurnClocks, people: list[str]) -> None:
        self._clocks = clocks
        self._people = people
        self._locks: list[asyncio.Lock] = []
        self._shared: contextlib.AbstractAsyncContextManager[None] | None = None

    async def __aenter__(self) -> None:
        try:
            for user_id in self._people:
                # Fetched just before it is taken: the map forgets a lock nobody holds.
                lock = self._clocks._people(user_id)
                await lock.acquire()
                self._locks.append(lock)
            if self._clocks.service.shared and self._people:
                hold = self._clocks.repo.hold(f"person:{p}" for p in self._people)
                await hold.__aenter__()
                self._shared = hold
        except BaseException:
            self._release()
            raise

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            if self._shared is not None:
                await self._shared.__aexit__(kind, error, trace)
        finally:
            self._release()

    def _release(self) -> None:
        while self._locks:
            self._locks.pop().release()
