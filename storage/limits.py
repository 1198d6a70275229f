"""Server limits and hand-over requests on SQLite (a mixin of ``SqliteRepository``, issue 16)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from .base import HANDOVER_STATUSES, GuildLimits, HandoverRecord, NotPending, TableRef
from .statuses import HandoverStatus, TableStatus

_LIMIT_COLUMNS = ("open_lobbies", "running_tables", "tournaments", "engine_entries", "lobby_days")
_HANDOVER_COLUMNS = "id, table_id, seat, asked_by, user_id, name, status, created_at, due, data"


def _handover(row: Any) -> HandoverRecord:
    return HandoverRecord(
        row[0],
        row[1],
        row[2],
        row[3],
        row[4],
        row[5],
        HandoverStatus(row[6]),
        row[7],
        row[8],
        json.loads(row[9]),
    )


class SqliteLimitsMixin:
    """Limits per server and the hand-over requests for ``SqliteRepository``."""

    async def _read(self, sql: str, parameters: Any = ()) -> list[Any]:  # provided by the repo
        raise NotImplementedError

    async def _write(self, work: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    # -- limits -------------------------------------------------------------------------------

    async def get_guild_limits(self, guild_id: str) -> GuildLimits:
        """The server's own limits (every one None where it chose none)."""
        rows = await self._read(
            f"SELECT {', '.join(_LIMIT_COLUMNS)} FROM guild_limits WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return GuildLimits(guild_id)
        return GuildLimits(guild_id, *rows[0])

    async def save_guild_limits(self, limits: GuildLimits) -> None:
        """Insert or replace the server's limits."""
        values = (limits.guild_id, *(getattr(limits, column) for column in _LIMIT_COLUMNS))
        updates = ", ".join(f"{column} = excluded.{column}" for column in _LIMIT_COLUMNS)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                f"INSERT INTO guild_limits (guild_id, {', '.join(_LIMIT_COLUMNS)})"
                f" VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET {updates}",
                values,
            )

        await self._write(work)

    async def count_tables_of_user(
        self, user_id: str, guild_id: str, statuses: tuple[TableStatus, ...]
    ) -> int:
        """How many tables on server ``guild_id`` in ``statuses`` ``user_id`` holds a seat at."""
        if not statuses:
            return 0
        marks = ", ".join("?" * len(statuses))
        rows = await self._read(
            "SELECT COUNT(*) FROM tables"
            " WHERE id IN (SELECT table_id FROM seats WHERE user_id = ?)"
            f" AND +status IN ({marks}) AND json_extract(place, '$.guild') = ?",
            (user_id, *statuses, guild_id),
        )
        return int(rows[0][0])

    # -- hand-over requests -------------------------------------------------------------------

    async def add_handover(self, record: HandoverRecord) -> HandoverRecord:
        """Store a new pending request (``record.id`` is ignored); it, with its id."""
        await self._write(self._work_add_handover(record, TableRef()))
        return record

    def _work_add_handover(self, record: HandoverRecord, ref: TableRef) -> Any:
        values = (
            record.table_id,
            record.seat,
            record.asked_by,
            record.user_id,
            record.name,
            record.status,
            record.created_at,
            record.due,
            json.dumps(record.data, separators=(",", ":"), allow_nan=False),
        )

        def work(conn: sqlite3.Connection) -> int:
            cursor = conn.execute(
                "INSERT INTO handover_requests (table_id, seat, asked_by, user_id, name, status,"
                " created_at, due, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            )
            record.id = ref.id = int(cursor.lastrowid or 0)
            return record.id

        return work

    async def get_handover(self, request_id: int) -> HandoverRecord | None:
        """The request, or None if there is none."""
        rows = await self._read(
            f"SELECT {_HANDOVER_COLUMNS} FROM handover_requests WHERE id = ?", (request_id,)
        )
        return _handover(rows[0]) if rows else None

    async def handovers_of_table(
        self, table_id: int, statuses: tuple[HandoverStatus, ...] = (HandoverStatus.PENDING,)
    ) -> list[HandoverRecord]:
        """The table's requests in ``statuses``, oldest first."""
        if not statuses:
            return []
        marks = ", ".join("?" * len(statuses))
        rows = await self._read(
            f"SELECT {_HANDOVER_COLUMNS} FROM handover_requests"
            f" WHERE table_id = ? AND status IN ({marks}) ORDER BY id",
            (table_id, *statuses),
        )
        return [_handover(row) for row in rows]

    async def handovers_at_tables(
        self, statuses: tuple[HandoverStatus, ...], table_statuses: tuple[TableStatus, ...]
    ) -> list[HandoverRecord]:
        """Requests in ``statuses`` at tables in ``table_statuses``, oldest first."""
        if not statuses or not table_statuses:
            return []
        columns = ", ".join(f"h.{c.strip()}" for c in _HANDOVER_COLUMNS.split(","))
        rows = await self._read(
            f"SELECT {columns} FROM handover_requests h JOIN tables t ON t.id = h.table_id"
            f" WHERE h.status IN ({', '.join('?' * len(statuses))})"
            f" AND t.status IN ({', '.join('?' * len(table_statuses))}) ORDER BY h.id",
            (*statuses, *table_statuses),
        )
        return [_handover(row) for row in rows]

    async def settle_handover(self, request_id: int, status: HandoverStatus) -> bool:
        """Move a pending request to ``status``; False if it was no longer pending."""
        try:
            await self._write(self._work_settle_handover(request_id, status))
        except NotPending:
            return False
        return True

    def _work_settle_handover(self, request_id: int, status: HandoverStatus) -> Any:
        if status not in HANDOVER_STATUSES or status == HandoverStatus.PENDING:
            raise ValueError(f"a request cannot be settled as {status!r}")

        def work(conn: sqlite3.Connection) -> None:
            cursor = conn.execute(
                "UPDATE handover_requests SET status = ? WHERE id = ? AND status = 'pending'",
                (status, request_id),
            )
            if cursor.rowcount != 1:
                # In a unit of work, the rest (a post to the host) must not commit either.
                raise NotPending(request_id)

        return work
