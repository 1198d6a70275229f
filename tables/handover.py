"""Consent to a hand-over: a seat goes to a member only when that member accepts (issue 16).

A host once could hand any member's seat to anyone: the named member then got a hand by DM,
a clock and reminders for a game they never chose. Now ``/table substitute`` with a member only
stores a request; the named member answers it (Accept or Decline), and only on Accept does
``TableService.substitute`` move the seat. Until then the seat stays with its holder (or with an
engine, when the host chose that meanwhile), and nothing of the table but the request reaches
the named member. A request nobody answers lapses after ``REQUEST_HOURS`` (a stored deadline of
the clocks' scheduler, so a restart does not forget it); declining or lapsing changes nothing at
the table, and the adapter tells the host.

Exactly one answer wins: a request leaves "pending" once, by a conditional update in storage,
and this process runs the answers to one request one at a time.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.core import Text, forfeited
from storage import Changes, DeadlineRecord, HandoverRecord, HandoverStatus, NotPending, TableStatus

from . import messages as msg
from . import notices
from .clocks import HOUR
from .errors import ErrorKind
from .limits import valid_id
from .locks import LockMap
from .requests import Member, MoveOutcome, TableError

if TYPE_CHECKING:
    from .service import Table, TableService

HANDOVER_EXPIRY = "handover_expiry"
REQUEST_HOURS = 24

REQUEST_PENDING = Text(
    "Für Platz {n} wartet schon eine Anfrage an {who} auf Antwort.",
    "A request for seat {n} is already waiting for {who}'s answer.",
)
DECLINED_BEFORE = Text(
    "{who} hat es abgelehnt, an diesem Tisch einen Platz zu übernehmen; du kannst nicht noch"
    " einmal fragen.",
    "{who} declined to take a seat at this table; you cannot ask again.",
)
SEAT_GONE = Text(
    "Platz {n} hat aufgegeben; er kann nicht übergeben werden.",
    "Seat {n} has resigned; it cannot be handed over.",
)
NO_SUCH_REQUEST = Text(
    "Diese Anfrage gibt es nicht (mehr).", "That request does not exist (any more)."
)
NOT_YOUR_REQUEST = Text(
    "Diese Anfrage gilt jemand anderem.", "That request is addressed to someone else."
)
REQUEST_SETTLED = Text(
    "Diese Anfrage ist schon beantwortet oder abgelaufen.",
    "That request has already been answered or has lapsed.",
)


def request_post_key(table_id: int, seat: int, user_id: str, at: float) -> str:
    """The outbox key of the post that asks ``user_id`` (the flow reads how it went)."""
    return f"handover_request:{table_id}:{seat}:{user_id}:{at!r}"


@dataclass
class HandoverAnswered:
    """A request was answered: ``outcome`` holds the hand-over when it was accepted."""

    request: HandoverRecord
    table: Table
    accepted: bool
    outcome: MoveOutcome | None = None


@dataclass
class HandoverLapsed:
    """A request lapsed unanswered; the table is as it was."""

    request: HandoverRecord
    table: Table


class Handovers:
    """Requests to take over a seat, their answers and their expiry."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.repo = service.repo
        self._answering: LockMap[int] = LockMap()
        service.scheduler.register(HANDOVER_EXPIRY, self._on_expiry)

    def _lock(self, request_id: int) -> asyncio.Lock:
        return self._answering(request_id)

    async def ask(
        self,
        table_id: int,
        seat: int,
        by: Member,
        to: Member,
        *,
        may_manage: bool = False,
        data: dict[str, object] | None = None,
    ) -> tuple[HandoverRecord, Table]:
        """Store a request to ``to`` to take over ``seat``; ``TableError`` for anything
        ``substitute`` would refuse now, a request for the seat still open, or a member who
        declined at this table before. Changes nothing at the table.
        """
        table = await self.service.get(table_id)
        self.check(table, seat, by, to, may_manage=may_manage)
        for pending in await self.repo.handovers_of_table(table_id, (HandoverStatus.PENDING,)):
            if pending.seat == seat:
                raise TableError(REQUEST_PENDING.format(n=seat + 1, who=pending.name))
        for earlier in await self.repo.handovers_of_table(table_id, (HandoverStatus.DECLINED,)):
            # One "no" per table is enough: a host must not ask the same person again and again.
            if earlier.user_id == to.user_id:
                raise TableError(DECLINED_BEFORE.format(who=to.name))
        now = self.service.clock()
        record = HandoverRecord(
            0,
            table_id,
            seat,
            by.user_id,
            to.user_id,
            to.name,
            created_at=now,
            due=now + REQUEST_HOURS * HOUR,
            data=dict(data or {}),
        )
        # One transaction: the request, its expiry and the post that asks the member (the
        # relay posts it in the table's thread after the commit).
        changes = Changes()
        ref = changes.add_handover(record)
        expiry = DeadlineRecord(
            0, HANDOVER_EXPIRY, record.due, table_id, seat, to.user_id, {"request": ref}
        )
        self.service.scheduler.stage(changes, [], [expiry])
        changes.post(
            request_post_key(table_id, seat, to.user_id, now),
            notices.HANDOVER_REQUEST,
            {"request": ref, "table": table_id},
            table_id=table_id,
            at=now,
        )
        await self.repo.commit(changes)
        self.service.scheduler.notify([expiry])
        self.service.posted()
        return record, table

    def _tell_host(self, changes: Changes, record: HandoverRecord, kind: str) -> None:
        """Stage the post that tells the host how the request ended."""
        changes.post(
            f"{kind}:{record.id}",
            kind,
            {"request": record.id, "table": record.table_id},
            table_id=record.table_id,
            at=self.service.clock(),
        )

    def check(self, table: Table, seat: int, by: Member, to: Member, *, may_manage: bool) -> None:
        """What ``substitute`` checks, asked before a request is stored."""
        if table.status != TableStatus.ACTIVE or table.state is None:
            raise TableError(msg.NOT_ACTIVE)
        if not may_manage and table.record.host != by.user_id:
            raise TableError(msg.HOST_OR_MANAGER, ErrorKind.FORBIDDEN)
        if not 0 <= seat < len(table.seats):
            raise TableError(msg.NO_SUCH_SEAT.format(n=seat + 1))
        if seat in forfeited(table.state) or seat in table.settings.resigned:
            raise TableError(SEAT_GONE.format(n=seat + 1))
        if table.seats[seat].user_id == to.user_id:
            raise TableError(msg.SAME_HOLDER)
        if table.seat_of(to.user_id) is not None:
            raise TableError(msg.ALREADY_SEATED)

    async def get(self, request_id: int) -> HandoverRecord:
        """The request; ``TableError`` if there is none."""
        record = await self.repo.get_handover(request_id) if valid_id(request_id) else None
        if record is None:
            raise TableError(NO_SUCH_REQUEST, ErrorKind.UNKNOWN)
        return record

    async def find(self, request_id: int) -> HandoverRecord | None:
        """The request, or None if there is none (a post about it may outlive it)."""
        return await self.repo.get_handover(request_id) if valid_id(request_id) else None

    async def unreachable(self, record: HandoverRecord) -> None:
        """Nobody could be asked: the request ends here, cancelled."""
        await self.repo.settle_handover(record.id, HandoverStatus.CANCELLED)

    async def delivered_via(self, record: HandoverRecord) -> str | None:
        """How the post asking for ``record`` reached the member (``via`` of its delivery:
        "thread" or "none"; "dm" in requests stored before they stopped going by DM), None
        while it is not delivered.
        """
        key = request_post_key(record.table_id, record.seat, record.user_id, record.created_at)
        posts = await self.repo.posts(table_id=record.table_id, kinds=(notices.HANDOVER_REQUEST,))
        return next((p.progress.get("via") for p in posts if p.key == key), None)

    async def answer(self, request_id: int, member: Member, *, accept: bool) -> HandoverAnswered:
        """``member`` accepts or declines. On Accept the seat is handed over now (their limit
        of tables permitting); a refusal of the hand-over itself (the table ended meanwhile)
        cancels the request. Only the named member may answer, once.
        """
        async with self._lock(request_id):
            try:
                record = await self.get(request_id)
                if record.user_id != member.user_id:
                    raise TableError(NOT_YOUR_REQUEST, ErrorKind.FOREIGN)
                if record.status != HandoverStatus.PENDING:
                    raise TableError(REQUEST_SETTLED, ErrorKind.STALE)
                table = await self.service.get(record.table_id)
                if not accept:
                    changes = Changes()
                    changes.settle_handover(record.id, HandoverStatus.DECLINED)
                    self._tell_host(changes, record, notices.HANDOVER_DECLINED)
                    try:
                        await self.repo.commit(changes)
                    except NotPending:
                        raise TableError(REQUEST_SETTLED, ErrorKind.STALE) from None
                    self.service.posted()
                    record.status = HandoverStatus.DECLINED
                    return HandoverAnswered(record, table, accepted=False)
                outcome = await self._hand_over(record, table, member)
                record.status = HandoverStatus.ACCEPTED
                return HandoverAnswered(record, outcome.table, accepted=True, outcome=outcome)
            finally:
                self._answering.pop(request_id, None)

    async def _hand_over(self, record: HandoverRecord, table: Table, member: Member) -> MoveOutcome:
        if 0 <= record.seat < len(table.seats) and table.seats[record.seat].user_id == (
            member.user_id
        ):
            # The hand-over is stored but the request was not settled (a crash between the
            # two writes): this answer finishes it.
            await self.repo.settle_handover(record.id, HandoverStatus.ACCEPTED)
            return MoveOutcome(table)
        guild = table.place.guild
        if guild:
            # Taking a seat counts toward the new holder's tables like joining one.
            await self.service.limits.check_seat(str(guild), member.user_id, lobby=False)
        # The request is settled in the hand-over's own transaction.
        settled = Changes()
        settled.settle_handover(record.id, HandoverStatus.ACCEPTED)
        try:
            self.check(table, record.seat, Member(record.asked_by, ""), member, may_manage=True)
            return await self.service.substitute(
                record.table_id,
                record.seat,
                Member(record.asked_by, ""),
                member,
                may_manage=True,
                changes=settled,
            )
        except NotPending:
            # Another process settled it between the check and now (not reachable in one
            # process, where the answers to a request run one at a time).
            raise TableError(REQUEST_SETTLED, ErrorKind.STALE) from None
        except TableError:
            # The table moved on so far that the request cannot be met: it ends here.
            await self.repo.settle_handover(record.id, HandoverStatus.CANCELLED)
            raise

    async def reconcile(self) -> None:
        """At start-up: a pending request whose expiry was not stored (a crash between the two
        writes of ``ask``) gets it, so no request waits for ever.
        """
        stored = {
            int(d.data.get("request", 0))
            for d in await self.repo.deadlines(kinds=(HANDOVER_EXPIRY,))
        }
        # One query for every running table's pending requests (not one per table).
        for record in await self.repo.handovers_at_tables(
            (HandoverStatus.PENDING,), (TableStatus.ACTIVE,)
        ):
            if record.id not in stored:
                await self.service.scheduler.add(
                    HANDOVER_EXPIRY,
                    record.due,
                    table_id=record.table_id,
                    seat=record.seat,
                    user_id=record.user_id,
                    data={"request": record.id},
                )

    async def _on_expiry(self, deadline: DeadlineRecord, now: float) -> HandoverLapsed | None:
        request_id = int(deadline.data.get("request", 0))
        async with self._lock(request_id):
            try:
                record = await self.repo.get_handover(request_id) if valid_id(request_id) else None
                if record is None or record.status != HandoverStatus.PENDING:
                    return None  # answered in time
                try:
                    table = await self.service.get(record.table_id)
                except Exception:  # noqa: BLE001 - a table gone needs no answer
                    await self.repo.settle_handover(record.id, HandoverStatus.CANCELLED)
                    return None
                if table.status != TableStatus.ACTIVE:
                    await self.repo.settle_handover(record.id, HandoverStatus.CANCELLED)
                    return None
                seats = table.seats
                if 0 <= record.seat < len(seats) and seats[record.seat].user_id == record.user_id:
                    # Accepted, and the seat handed over, but a crash came before the request
                    # was settled: it is settled now, and nobody is told it lapsed.
                    await self.repo.settle_handover(record.id, HandoverStatus.ACCEPTED)
                    return None
                changes = Changes()
                changes.settle_handover(record.id, HandoverStatus.EXPIRED)
                self._tell_host(changes, record, notices.HANDOVER_LAPSED)
                try:
                    await self.repo.commit(changes)
                except NotPending:
                    return None
                self.service.posted()
                record.status = HandoverStatus.EXPIRED
                return HandoverLapsed(record, table)
            finally:
                self._answering.pop(request_id, None)
