"""The repository on SQLite through aiosqlite: WAL, numbered migrations and group commit.

Writes go through one writer that owns the write connection on its own thread
(``sqlite_thread.ConnectionThread``). A write that finds the writer idle goes to the thread at
once; whatever is queued while a transaction is being committed becomes the next batch, so many
tables acting at once share one commit (and one fsync) instead of paying one each, and a table
acting alone pays about what a plain single-row commit costs. A batch runs as one ``BEGIN
IMMEDIATE .. COMMIT`` in a single hop to the connection's thread, so no other statement can
interleave with it. If any item of the batch fails
(a stale sequence, a request id already applied, bad data), the batch is rolled back and redone
item by item inside one transaction, each item under its own savepoint, so every caller gets its
own precise outcome and a failed item writes nothing. A caller's call returns only after the
COMMIT that contains its write.

Reads of a database file use a second connection, through aiosqlite: in WAL mode readers see the
last commit and neither wait for nor block the writer. ``":memory:"`` has a single connection
for both, the writer's.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import fcntl
import hashlib
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Self

import aiosqlite

from .base import (
    STATUSES,
    Changes,
    DuplicateRequest,
    LogEntry,
    OutboxRecord,
    Repository,
    SeatRecord,
    StaleSequence,
    StorageError,
    TableId,
    TableRecord,
    TableRef,
    UnknownTable,
    compact_json,
    log_rows,
    update_by_id,
)
from .clocks import SqliteClocksMixin
from .history import SqliteHistoryMixin
from .limits import SqliteLimitsMixin
from .migrations import migrations
from .migrations import statements as _statements
from .preferences import SqlitePreferencesMixin
from .sqlite_thread import ConnectionThread
from .statuses import TableStatus
from .tournaments import SqliteTournamentsMixin

SYNCHRONOUS_LEVELS = ("OFF", "NORMAL", "FULL", "EXTRA")

_TABLE_COLUMNS = (
    "id, game, options, seed, place, host, status, seq, state, result, settings, "
    "created_at, updated_at"
)

Work = Callable[[sqlite3.Connection], Any]
"""A write: runs on the writer connection's thread inside a transaction the writer owns."""


# allow_nan=False: a state must stay JSON-native to replay from storage anywhere.
_dumps = compact_json(ensure_ascii=False)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _table_from_row(row: Sequence[Any]) -> TableRecord:
    return TableRecord(
        id=row[0],
        game=row[1],
        options=json.loads(row[2]),
        seed=row[3],
        place=json.loads(row[4]),
        host=row[5],
        status=TableStatus(row[6]),
        seq=row[7],
        state=_loads(row[8]),
        result=_loads(row[9]),
        settings=json.loads(row[10]),
        created_at=row[11],
        updated_at=row[12],
    )


_OUTBOX_COLUMNS = (
    "id, key, kind, payload, table_id, progress, created_at, attempts, next_try, sent_at"
)


# Pending posts nobody holds (parameters: now, owner, now), in id order. A post waits while an
# earlier unsent post of its table is held by another owner whose lease runs: the posts of one
# table stay in order across processes. Posts without a table are independent. Shared with the
# PostgreSQL repository (after its placeholder translation).
_CLAIMABLE_POSTS = (
    f"SELECT {_OUTBOX_COLUMNS} FROM outbox AS o"
    " WHERE o.sent_at IS NULL AND o.next_try <= ?"
    " AND (o.lease_owner IS NULL OR o.lease_until < ?)"
    " AND NOT (o.table_id IS NOT NULL AND EXISTS (SELECT 1 FROM outbox AS e"
    "  WHERE e.table_id = o.table_id AND e.id < o.id AND e.sent_at IS NULL"
    "  AND e.lease_owner IS NOT NULL AND e.lease_owner <> ? AND e.lease_until >= ?))"
    " ORDER BY o.id"
)


# Up to a number (parameters: the first id stored since the cut-off, the cut-off, the number)
# of the oldest delivered posts; shared with the PostgreSQL repository.
_DELETE_DELIVERED = (
    "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE id < ? AND sent_at IS NOT NULL"
    " AND sent_at < ? ORDER BY id LIMIT ?)"
)


def _post_from_row(row: Sequence[Any]) -> OutboxRecord:
    return OutboxRecord(
        id=row[0],
        key=row[1],
        kind=row[2],
        payload=json.loads(row[3]),
        table_id=row[4],
        progress=json.loads(row[5]),
        created_at=row[6],
        attempts=row[7],
        next_try=row[8],
        sent_at=row[9],
    )


def _migrate(conn: sqlite3.Connection) -> list[int]:
    """Apply each pending migration once, each in its own transaction; return those applied."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    applied = []
    for version, name, script in migrations():
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Checked inside the write transaction: two processes starting at once cannot both
            # apply the same migration.
            done = conn.execute(
                "SELECT 1 FROM schema_version WHERE version = ?", (version,)
            ).fetchone()
            if done is None:
                for statement in _statements(script):
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (version, name, time.time()),
                )
                applied.append(version)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return applied


def _create_private(path: str) -> None:
    """Create the database file readable by its owner only (0600), if it does not exist yet.

    The file holds every hand and user id. SQLite creates the ``-wal`` and ``-shm`` files with
    the mode of the database file, so creating this one 0600 before SQLite opens it makes all
    three private, without touching the process-wide umask (other threads may create files).
    An existing file keeps the mode its operator gave it.
    """
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return
    try:
        # O_CREAT's mode is filtered by the umask, which can only take bits away; fchmod makes
        # it exactly 0600 whatever the umask.
        os.fchmod(descriptor, 0o600)
    finally:
        os.close(descriptor)


def _pragmas(synchronous: str, busy_timeout_ms: int) -> list[str]:
    """What every connection sets (the writer also sets WAL mode, which stays in the file)."""
    return [
        f"PRAGMA busy_timeout = {int(busy_timeout_ms)}",
        f"PRAGMA synchronous = {synchronous}",
        "PRAGMA foreign_keys = ON",
    ]


def _configure(conn: sqlite3.Connection, synchronous: str, busy_timeout_ms: int, wal: bool) -> None:
    # The busy timeout comes first: switching to WAL may wait for another process's lock.
    for pragma in _pragmas(synchronous, busy_timeout_ms):
        conn.execute(pragma)
    if wal:
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StorageError(f"the database refused WAL mode (journal_mode is {mode})")


def _commit_batch(conn: sqlite3.Connection, works: list[Work]) -> list[tuple[bool, Any]]:
    """Run ``works`` in one transaction; per item (True, result) or (False, exception).

    Fast path: every item in one transaction. If any item raises, roll back and redo the batch
    item by item under savepoints, still in one transaction, so the good items commit together
    and a failed item leaves no trace. An error of the transaction itself (BEGIN, COMMIT, a
    rollback) propagates: then nothing of the batch was written.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        results = [work(conn) for work in works]
    except Exception:  # noqa: BLE001 - any failed item sends the batch down the precise path
        if conn.in_transaction:  # some errors (disk full, I/O) already rolled SQLite back
            conn.execute("ROLLBACK")
    else:
        try:
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return [(True, result) for result in results]

    conn.execute("BEGIN IMMEDIATE")
    try:
        outcomes: list[tuple[bool, Any]] = []
        for work in works:
            conn.execute("SAVEPOINT item")
            try:
                outcomes.append((True, work(conn)))
            except Exception as error:  # noqa: BLE001 - delivered to that item's caller
                conn.execute("ROLLBACK TO item")
                outcomes.append((False, error))
            conn.execute("RELEASE item")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _observe(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


@dataclass
class _Job:
    work: Work
    future: asyncio.Future[Any]


def table_update(
    status: TableStatus | None, place: dict[str, Any] | None, settings: dict[str, Any] | None
) -> tuple[str, list[Any]]:
    """The UPDATE of a table's status, place or settings (those given) and its values but the
    table's id, for both backends. ``ValueError`` for an unknown status.
    """
    if status is not None and status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    return update_by_id(
        "tables",
        (
            ("status", status),
            ("place", None if place is None else _dumps(place)),
            ("settings", None if settings is None else _dumps(settings)),
        ),
    )


class SqliteTablesMixin:
    """Tables, seats, the action log and the outbox's reads: plain SQL with ``?`` marks through
    ``_read``, and writes through ``_write(self._work_<name>(...))``. Backend-neutral, so
    ``SqliteRepository`` and ``PostgresRepository`` both inherit it and each brings its own
    ``_read``, ``_write`` and ``_work_<name>`` builders.
    """

    async def _read(self, sql: str, parameters: Any = ()) -> list[Any]:  # provided by the repo
        raise NotImplementedError

    async def _write(self, work: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    def _work_create_table(self, *args: Any, **kwargs: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    def _work_update_table(self, *args: Any, **kwargs: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    def _work_set_seats(self, *args: Any, **kwargs: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    def _work_append(self, *args: Any, **kwargs: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    async def schema_versions(self) -> list[int]:
        """The migrations applied to this database, in order."""
        rows = await self._read("SELECT version FROM schema_version ORDER BY version")
        return [row[0] for row in rows]

    async def create_table(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        place: dict[str, Any],
        host: str,
        settings: dict[str, Any] | None = None,
    ) -> TableRecord:
        """A new table in the lobby."""
        ref = TableRef()
        await self._write(self._work_create_table(game, options, seed, place, host, settings, ref))
        return await self.get_table(int(ref))

    async def get_table(self, table_id: int) -> TableRecord:
        """The table with its snapshot; ``UnknownTable`` if there is none."""
        rows = await self._read(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        if not rows:
            raise UnknownTable(table_id)
        return _table_from_row(rows[0])

    async def update_table(
        self,
        table_id: int,
        *,
        status: TableStatus | None = None,
        place: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """Change what is not part of the game's history (lobby status, place, settings)."""
        await self._write(
            self._work_update_table(table_id, status=status, place=place, settings=settings)
        )

    async def set_seats(self, table_id: int, seats: list[SeatRecord]) -> None:
        """Replace the table's seats (lobby joins and leaves, a substitution)."""
        await self._write(self._work_set_seats(table_id, seats))

    async def get_seats(self, table_id: int) -> list[SeatRecord]:
        """The table's seats ordered by seat number."""
        rows = await self._read(
            "SELECT seat, name, user_id, engine FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [SeatRecord(seat=r[0], name=r[1], user_id=r[2], engine=r[3]) for r in rows]

    async def append(
        self,
        table_id: int,
        expected_seq: int,
        entries: list[LogEntry],
        state: dict[str, Any],
        status: TableStatus,
        result: dict[str, Any] | None = None,
    ) -> int:
        """Append ``entries`` (numbered expected_seq+1, ...) and store the new snapshot, atomically.

        Returns the new sequence number only after the commit. Raises ``StaleSequence`` if the
        table is not at ``expected_seq`` and ``DuplicateRequest`` if a request id was already
        applied (that one wins when both hold: a retry of an applied move is stale too); in both
        cases nothing is written. An entry's ``seq`` must be its number or 0 (numbered here);
        ``at`` 0.0 is stamped with the time of the call. ``entries`` may be empty: the snapshot,
        status and result change at the same sequence (e.g. the initial state at start).
        """
        return int(
            await self._write(
                self._work_append(table_id, expected_seq, entries, state, status, result)
            )
        )

    async def log(self, table_id: int, since: int = 0) -> list[LogEntry]:
        """The table's actions with seq > ``since``, in order (empty for an unknown table)."""
        rows = await self._read(
            "SELECT seq, seat, code, request_id, at FROM actions"
            " WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table_id, since),
        )
        return [LogEntry(seq=r[0], seat=r[1], code=r[2], request_id=r[3], at=r[4]) for r in rows]

    async def find_request(self, request_id: str) -> tuple[int, int] | None:
        """(table id, seq) of the action applied for ``request_id``, if any."""
        rows = await self._read(
            "SELECT table_id, seq FROM actions WHERE request_id = ?", (request_id,)
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def tables_lacking_deadlines(
        self, statuses: tuple[TableStatus, ...], kinds: tuple[str, ...]
    ) -> list[tuple[int, dict[str, Any]]]:
        """(id, settings) of the tables in ``statuses`` without a deadline of ``kinds`` or
        with one whose seat its user no longer holds.
        """
        if not statuses:
            return []
        if not kinds:
            raise ValueError("name the deadline kinds a table lacks")
        rows = await self._read(
            f"SELECT id, settings FROM tables WHERE status IN ({_marks(statuses)}) AND ("
            " NOT EXISTS (SELECT 1 FROM deadlines d WHERE d.table_id = tables.id"
            f" AND d.kind IN ({_marks(kinds)}))"
            " OR EXISTS (SELECT 1 FROM deadlines d WHERE d.table_id = tables.id"
            f" AND d.kind IN ({_marks(kinds)}) AND NOT EXISTS (SELECT 1 FROM seats s"
            " WHERE s.table_id = d.table_id AND s.seat = d.seat AND s.user_id = d.user_id)))"
            " ORDER BY id",
            (*statuses, *kinds, *kinds),
        )
        return [(row[0], json.loads(row[1])) for row in rows]

    async def tables_with_status(self, statuses: tuple[TableStatus, ...]) -> list[TableRecord]:
        """Every table in one of ``statuses`` (for start-up and housekeeping), oldest first."""
        if not statuses:
            return []
        marks = ", ".join("?" * len(statuses))
        rows = await self._read(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN ({marks}) ORDER BY id",
            tuple(statuses),
        )
        return [_table_from_row(row) for row in rows]

    async def pending_posts(self, now: float, limit: int = 100) -> list[OutboxRecord]:
        """Posts not yet sent whose next try has come, oldest first."""
        rows = await self._read(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE sent_at IS NULL AND next_try <= ?"
            " ORDER BY id LIMIT ?",
            (now, limit),
        )
        return [_post_from_row(row) for row in rows]

    async def last_post_id(self) -> int:
        """The id of the newest post stored (0: none yet)."""
        rows = await self._read("SELECT MAX(id) FROM outbox")
        return int(rows[0][0] or 0) if rows else 0

    async def next_post_try(self) -> float | None:
        """When the earliest post waiting for a retry may be tried (None: nothing waits)."""
        rows = await self._read("SELECT MIN(next_try) FROM outbox WHERE sent_at IS NULL")
        return rows[0][0] if rows else None

    async def posts(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        since_id: int = 0,
        before_id: int | None = None,
        sent_only: bool = False,
    ) -> list[OutboxRecord]:
        """Stored posts (sent or not, or only the delivered ones), oldest first, with ids from
        ``since_id`` up to below ``before_id``.
        """
        clauses: list[str] = []
        values: list[Any] = []
        if since_id:
            clauses.append("id >= ?")
            values.append(since_id)
        if before_id is not None:
            clauses.append("id < ?")
            values.append(before_id)
        if sent_only:
            clauses.append("sent_at IS NOT NULL")
        if table_id is not None:
            clauses.append("table_id = ?")
            values.append(table_id)
        if kinds:
            clauses.append(f"kind IN ({', '.join('?' * len(kinds))})")
            values.extend(kinds)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self._read(f"SELECT {_OUTBOX_COLUMNS} FROM outbox{where} ORDER BY id", values)
        return [_post_from_row(row) for row in rows]

    async def first_post_id_stored_since(self, at: float) -> int:
        """See ``Repository.first_post_id_stored_since``: a binary search over the ids, each
        step one look-up by the primary key, where a scan of ``created_at`` would read every
        post.
        """
        bounds = await self._read("SELECT MIN(id), MAX(id) FROM outbox")
        low, newest = bounds[0] if bounds else (None, None)
        if low is None or newest is None:
            return 0
        high = newest + 1
        while low < high:
            middle = (low + high) // 2
            found = await self._read(
                "SELECT id, created_at FROM outbox WHERE id >= ? ORDER BY id LIMIT 1", (middle,)
            )
            if not found or found[0][1] >= at:
                high = middle  # no post in middle..found's id was stored before ``at``
            else:
                low = found[0][0] + 1
        return int(low)

    async def last_sent_post(self, table_id: int, kind: str, before_id: int) -> OutboxRecord | None:
        """The newest delivered post of ``kind`` at the table with an id below ``before_id``."""
        rows = await self._read(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE table_id = ? AND id < ? AND kind = ?"
            " AND sent_at IS NOT NULL ORDER BY id DESC LIMIT 1",
            (table_id, before_id, kind),
        )
        return _post_from_row(rows[0]) if rows else None


class SqliteRepository(
    SqliteTablesMixin,
    SqlitePreferencesMixin,
    SqliteTournamentsMixin,
    SqliteClocksMixin,
    SqliteLimitsMixin,
    SqliteHistoryMixin,
    Repository,
):
    """``Repository`` on one SQLite file (or ``":memory:"``), writes batched by group commit.

    ``synchronous`` is SQLite's durability setting: FULL (the default) syncs the WAL at every
    commit, so an acknowledged move survives a power loss; NORMAL survives a crash of the
    process but may lose the last commits on a power loss.
    """

    def __init__(
        self,
        path: str,
        *,
        synchronous: str = "FULL",
        busy_timeout_ms: int = 5000,
        max_batch: int = 512,
    ) -> None:
        synchronous = synchronous.upper()
        if synchronous not in SYNCHRONOUS_LEVELS:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_LEVELS}")
        if max_batch < 1:
            raise ValueError("max_batch must be at least 1")
        self.path = path
        self.synchronous = synchronous
        self.busy_timeout_ms = busy_timeout_ms
        self.max_batch = max_batch
        self._memory = path == ":memory:" or path == ""
        self._writer: ConnectionThread | None = None
        # None for a database in memory: its one connection is the writer's, reads go there
        self._reader: aiosqlite.Connection | None = None
        self._pending: collections.deque[_Job] = collections.deque()
        self._committing = False
        self._idle: asyncio.Event | None = None
        self._closing = False
        self.batches = 0
        """Transactions committed by the writer (for benchmarks and tests)."""
        self.batched_jobs = 0
        """Writes those transactions carried."""

    # -- life cycle ---------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, set the pragmas and apply pending migrations."""
        if self._writer is not None:
            raise StorageError("repository already open")
        if not self._memory:
            _create_private(self.path)
        writer = ConnectionThread(self.path)
        reader: aiosqlite.Connection | None = None
        try:
            await writer.open()
            synchronous, timeout, wal = self.synchronous, self.busy_timeout_ms, not self._memory
            await writer.run(lambda conn: _configure(conn, synchronous, timeout, wal))
            await writer.run(_migrate)
            if not self._memory:
                reader = await aiosqlite.connect(self.path, isolation_level=None)
                try:
                    await reader.executescript(
                        ";".join(_pragmas(self.synchronous, self.busy_timeout_ms))
                    )
                except BaseException:
                    await reader.close()
                    raise
        except BaseException:
            await writer.close()
            raise
        self._writer, self._reader = writer, reader
        self._closing = False
        self._idle = asyncio.Event()
        self._idle.set()

    async def close(self) -> None:
        """Commit what is queued, then disconnect."""
        if self._writer is None:
            return
        self._closing = True
        assert self._idle is not None
        try:
            await self._idle.wait()
        finally:
            if self._reader is not None:
                await self._reader.close()
            await self._writer.close()
            self._writer = self._reader = None

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def pragmas(self) -> dict[str, Any]:
        """The writer connection's journal mode, synchronous level, foreign keys, busy timeout."""
        names = ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")

        def read(conn: sqlite3.Connection) -> dict[str, Any]:
            return {name: conn.execute(f"PRAGMA {name}").fetchone()[0] for name in names}

        return await self._connection().run(read)

    # -- the writer ---------------------------------------------------------------------------

    def _connection(self) -> ConnectionThread:
        if self._writer is None:
            raise StorageError("repository is not open")
        return self._writer

    async def _write(self, work: Work) -> Any:
        """Queue ``work`` for the writer; its result once the batch holding it committed.

        Group commit: while one batch commits on the writer's thread, the writes that come
        meanwhile wait and then commit together as the next batch. A write that finds the
        writer idle goes to its thread at once.
        """
        if self._writer is None or self._closing:
            raise StorageError("repository is not open")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        # A caller that stops waiting does not withdraw its write: once queued it commits (or
        # fails) anyway, and a retry with the same request id finds it. Cancelling the caller
        # cancels only this future, which the writer then leaves alone. The callback keeps an
        # unobserved failure from being reported as "never retrieved".
        future.add_done_callback(_observe)
        self._pending.append(_Job(work, future))
        if not self._committing:
            self._send_batch()
        return await future

    def _send_batch(self) -> None:
        """Hand the oldest queued writes, up to ``max_batch``, to the writer's thread."""
        pending = self._pending
        batch = [pending.popleft() for _ in range(min(len(pending), self.max_batch))]
        works = [job.work for job in batch]
        self._committing = True
        assert self._idle is not None
        self._idle.clear()
        self._connection().submit(
            lambda conn: _commit_batch(conn, works),
            lambda ok, value: self._committed(batch, ok, value),
        )

    def _committed(self, batch: list[_Job], ok: bool, value: Any) -> None:
        """On the event loop: tell each caller of ``batch`` its outcome, then send the next."""
        if ok:
            self.batches += 1
            self.batched_jobs += len(batch)
            for job, (done, result) in zip(batch, value, strict=True):
                if job.future.done():
                    continue
                if done:
                    job.future.set_result(result)
                else:
                    job.future.set_exception(result)
        else:
            # The transaction itself failed (I/O error, database locked by another process):
            # nothing of the batch was written, and every caller in it learns why.
            for job in batch:
                if not job.future.done():
                    job.future.set_exception(value)
        if self._pending:
            self._send_batch()
        else:
            self._committing = False
            assert self._idle is not None
            self._idle.set()

    # -- reads --------------------------------------------------------------------------------

    async def _read(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        if self._reader is not None:
            return list(await self._reader.execute_fetchall(sql, parameters))
        if self._writer is None:
            raise StorageError("repository is not open")
        return await self._writer.run(lambda conn: conn.execute(sql, parameters).fetchall())

    # -- tables and seats ---------------------------------------------------------------------

    def _work_create_table(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        place: dict[str, Any],
        host: str,
        settings: dict[str, Any] | None,
        ref: TableRef,
    ) -> Work:
        now = time.time()
        row = (
            game,
            _dumps(options),
            seed,
            _dumps(place),
            host,
            TableStatus.LOBBY,
            _dumps(dict(settings or {})),
            now,
            now,
        )

        def work(conn: sqlite3.Connection) -> int:
            cursor = conn.execute(
                "INSERT INTO tables (game, options, seed, place, host, status, settings,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            ref.id = int(cursor.lastrowid or 0)
            return ref.id

        return work

    def _work_update_table(
        self,
        table_id: TableId,
        *,
        status: TableStatus | None = None,
        place: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
    ) -> Work:
        sql, values = table_update(status, place, settings)

        def work(conn: sqlite3.Connection) -> None:
            if conn.execute(sql, [*values, int(table_id)]).rowcount != 1:
                raise UnknownTable(int(table_id))

        return work

    def _work_set_seats(self, table_id: TableId, seats: list[SeatRecord]) -> Work:
        numbers = [seat.seat for seat in seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"a seat number repeats: {numbers}")
        rows = [(s.seat, s.name, s.user_id, s.engine) for s in seats]

        def work(conn: sqlite3.Connection) -> None:
            table = int(table_id)
            if conn.execute("SELECT 1 FROM tables WHERE id = ?", (table,)).fetchone() is None:
                raise UnknownTable(table)
            conn.execute("DELETE FROM seats WHERE table_id = ?", (table,))
            conn.executemany(
                "INSERT INTO seats (table_id, seat, name, user_id, engine) VALUES (?, ?, ?, ?, ?)",
                [(table, *row) for row in rows],
            )
            conn.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (time.time(), table))

        return work

    # -- the action log -----------------------------------------------------------------------

    def _work_append(
        self,
        table_id: int,
        expected_seq: int,
        entries: list[LogEntry],
        state: dict[str, Any],
        status: TableStatus,
        result: dict[str, Any] | None = None,
    ) -> Work:
        rows, now, request_ids = log_rows(table_id, expected_seq, entries, status)
        new_seq = expected_seq + len(rows)
        state_text, result_text = _dumps(state), None if result is None else _dumps(result)
        same_status = (new_seq, state_text, result_text, now, table_id, expected_seq, status)
        snapshot = (new_seq, state_text, status, result_text, now, table_id, expected_seq)

        def work(conn: sqlite3.Connection) -> int:
            # Most moves leave the status as it is. Naming it in SET would rewrite its index
            # entry all the same: one more page in the WAL at every commit.
            updated = conn.execute(
                "UPDATE tables SET seq = ?, state = ?, result = ?, updated_at = ?"
                " WHERE id = ? AND seq = ? AND status = ?",
                same_status,
            ).rowcount
            if updated != 1:
                updated = conn.execute(
                    "UPDATE tables SET seq = ?, state = ?, status = ?, result = ?, updated_at = ?"
                    " WHERE id = ? AND seq = ?",
                    snapshot,
                ).rowcount
            if updated != 1:
                _raise_if_applied(conn, request_ids)
                found = conn.execute("SELECT seq FROM tables WHERE id = ?", (table_id,)).fetchone()
                if found is None:
                    raise UnknownTable(table_id)
                raise StaleSequence(f"table {table_id} is at action {found[0]}, not {expected_seq}")
            try:
                conn.executemany(
                    "INSERT INTO actions (table_id, seq, seat, code, request_id, at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    rows,
                )
            except sqlite3.IntegrityError:
                _raise_if_applied(conn, request_ids, own=(table_id, expected_seq))
                raise
            return new_seq

        return work

    # -- units of work and the outbox ---------------------------------------------------------

    async def commit(self, changes: Changes) -> list[Any]:
        """Run every write of ``changes`` in order in one transaction; each write's result.

        The unit is one job of the writer's group commit: it shares a COMMIT with whatever else
        is queued, and under the writer's savepoints a failed unit leaves no trace while the
        other jobs of the batch still commit.
        """
        if not changes:
            return []
        works = [getattr(self, f"_work_{op.name}")(*op.args, **op.kwargs) for op in changes.ops]

        def work(conn: sqlite3.Connection) -> list[Any]:
            return [item(conn) for item in works]

        return list(await self._write(work))

    def _work_post(
        self,
        key: str,
        kind: str,
        payload: dict[str, Any],
        *,
        table_id: int | None = None,
        at: float = 0.0,
    ) -> Work:
        def work(conn: sqlite3.Connection) -> bool:
            # Dumped here, inside the commit: the payload may name a row created before it.
            row = (key, kind, table_id, _dumps(payload), at or time.time())
            # The first post of a key stands: a handler that runs again after a crash, or a
            # resumed round change, adds no second post.
            return (
                conn.execute(
                    "INSERT INTO outbox (key, kind, table_id, payload, created_at)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
                    row,
                ).rowcount
                > 0
            )

        return work

    async def post_sent(self, post_id: int, at: float, progress: dict[str, Any]) -> None:
        """Mark a post delivered (it is never sent again)."""
        text = _dumps(progress)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE outbox SET sent_at = ?, progress = ?, lease_owner = NULL,"
                " lease_until = NULL WHERE id = ?",
                (at, text, post_id),
            )

        await self._write(work)

    async def delete_delivered_posts(self, sent_before: float, below_id: int, limit: int) -> int:
        """See ``Repository.delete_delivered_posts``."""

        def work(conn: sqlite3.Connection) -> int:
            return conn.execute(_DELETE_DELIVERED, (below_id, sent_before, limit)).rowcount

        return int(await self._write(work))

    async def post_retry(self, post_id: int, next_try: float, attempts: int) -> None:
        """Put off a post whose delivery failed."""

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE outbox SET next_try = ?, attempts = ?, lease_owner = NULL,"
                " lease_until = NULL WHERE id = ?",
                (next_try, attempts, post_id),
            )

        await self._write(work)

    async def claim_posts(
        self, owner: str, now: float, lease_seconds: float, limit: int = 100
    ) -> list[OutboxRecord]:
        """See ``Repository.claim_posts``: one write transaction."""

        def work(conn: sqlite3.Connection) -> list[OutboxRecord]:
            parameters = (now, now, owner, now, limit)
            rows = conn.execute(f"{_CLAIMABLE_POSTS} LIMIT ?", parameters).fetchall()
            conn.executemany(
                "UPDATE outbox SET lease_owner = ?, lease_until = ? WHERE id = ?",
                [(owner, now + lease_seconds, row[0]) for row in rows],
            )
            return [_post_from_row(row) for row in rows]

        return list(await self._write(work))

    async def release_leases(self, owner: str) -> int:
        """See ``Repository.release_leases``."""

        def work(conn: sqlite3.Connection) -> int:
            freed = 0
            for table in ("deadlines", "outbox"):
                freed += conn.execute(
                    f"UPDATE {table} SET lease_owner = NULL, lease_until = NULL"
                    " WHERE lease_owner = ?",
                    (owner,),
                ).rowcount
            return freed

        return int(await self._write(work))

    # -- queries ------------------------------------------------------------------------------

    async def tables_of_user(
        self,
        user_id: str,
        statuses: tuple[TableStatus, ...] = (TableStatus.LOBBY, TableStatus.ACTIVE),
    ) -> list[TableRecord]:
        """Tables where ``user_id`` holds a seat, newest first."""
        if not statuses:
            return []
        marks = ", ".join("?" * len(statuses))
        rows = await self._read(
            # "+status": start from the user's few seats, not from every active table.
            f"SELECT {_TABLE_COLUMNS} FROM tables"
            " WHERE id IN (SELECT table_id FROM seats WHERE user_id = ?)"
            f" AND +status IN ({marks}) ORDER BY created_at DESC, id DESC",
            (user_id, *statuses),
        )
        return [_table_from_row(row) for row in rows]

    async def table_statuses(self, table_ids: list[int]) -> dict[int, TableStatus]:
        """The status of each existing table of ``table_ids``."""
        found: dict[int, TableStatus] = {}
        ids = sorted(set(table_ids))
        for start in range(0, len(ids), 500):  # SQLite's bound on parameters per statement
            chunk = ids[start : start + 500]
            rows = await self._read(
                f"SELECT id, status FROM tables WHERE id IN ({_marks(chunk)})", chunk
            )
            found.update({row[0]: TableStatus(row[1]) for row in rows})
        return found

    @contextlib.asynccontextmanager
    async def hold(self, keys: Iterable[str]) -> AsyncIterator[None]:
        """See ``Repository.hold``: byte-range locks (``fcntl``) in a file beside the database,
        one byte per key at an offset from its hash, taken in offset order so two processes
        never wait on each other. The kernel frees them when a process dies, so a SIGKILL
        leaves no lock behind.
        """
        if self._memory:
            yield  # a database in memory has one process
            return
        offsets = sorted({_lock_offset(key) for key in keys})
        # One descriptor for the repository's life: closing any descriptor of the file would
        # drop every lock this process holds on it, also those of other callers.
        descriptor = getattr(self, "_lock_descriptor", None)
        if descriptor is None:
            descriptor = os.open(f"{self.path}.locks", os.O_RDWR | os.O_CREAT, 0o600)
            self._lock_descriptor: int | None = descriptor
        taken: list[int] = []
        try:
            for offset in offsets:
                await asyncio.to_thread(fcntl.lockf, descriptor, fcntl.LOCK_EX, 1, offset)
                taken.append(offset)
            yield
        finally:
            for offset in taken:
                fcntl.lockf(descriptor, fcntl.LOCK_UN, 1, offset)


def _lock_offset(key: str) -> int:
    """A key's byte in the lock file: 2**40 places make two keys sharing one unlikely (they
    would only wait for each other).
    """
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:5], "big")


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" * len(values))


def _raise_if_applied(
    conn: sqlite3.Connection, request_ids: list[str], own: tuple[int, int] = (-1, 0)
) -> None:
    """Raise ``DuplicateRequest`` for the first of ``request_ids`` already in the log.

    ``own`` is (table id, expected seq) of an append that already inserted some of its rows
    before failing: those rows (that table, seq above expected) are not "already applied".
    """
    table_id, expected_seq = own
    for request_id in request_ids:
        found = conn.execute(
            "SELECT table_id, seq FROM actions WHERE request_id = ?"
            " AND NOT (table_id = ? AND seq > ?)",
            (request_id, table_id, expected_seq),
        ).fetchone()
        if found is not None:
            raise DuplicateRequest(request_id, found[0], found[1])
