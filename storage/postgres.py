"""The repository on PostgreSQL through asyncpg: for several bot processes on one database.

Every write is one transaction on a connection of a small pool, and the database arbitrates
between processes: a move is a conditional ``UPDATE .. WHERE seq = expected`` on the table's
row (the row lock it takes makes a second writer of the same table wait, then find the sequence
moved on), a request id is unique in the log, a hand-over leaves 'pending' by a conditional
UPDATE, ratings are read and written under a transaction-scoped advisory lock, and deadlines and
posts are leased (``claim_deadlines``, ``claim_posts``). A caller's call returns only after the
COMMIT that holds its write.

The schema comes from the same numbered migrations as SQLite's, translated mechanically
(``storage.migrations.postgresql``); JSON is TEXT on both, so the SQL of reads and writes is
mostly the SQLite repository's with ``$n`` placeholders (``_sql``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from typing import Any, Self, TypeAlias

import asyncpg

from .base import (
    HANDOVER_STATUSES,
    TOURNAMENT_STATUSES,
    Changes,
    DeadlineMoved,
    DeadlineRecord,
    DuplicateRequest,
    GuildLimits,
    GuildSettings,
    HandoverRecord,
    LogEntry,
    NotPending,
    OutboxRecord,
    PairingRecord,
    RatingRecord,
    Registration,
    Repository,
    RoundRecord,
    SeatRecord,
    StaleSequence,
    StorageError,
    TableId,
    TableRecord,
    TableRef,
    TournamentRecord,
    UnknownTable,
    UnknownTournament,
    UserPreferences,
    VacationRecord,
    json_with_refs,
    log_rows,
    table_id_of,
)
from .clocks import _DEADLINE_COLUMNS, SqliteClocksMixin, _deadline, _filters
from .history import SqliteHistoryMixin
from .limits import _LIMIT_COLUMNS, SqliteLimitsMixin
from .migrations import migrations, postgresql, statements
from .preferences import SqlitePreferencesMixin
from .sqlite import (
    _CLAIMABLE_POSTS,
    _DELETE_DELIVERED,
    _TABLE_COLUMNS,
    SqliteTablesMixin,
    _dumps,
    _post_from_row,
    _table_from_row,
    table_update,
)
from .statuses import HandoverStatus, TableStatus, TournamentStatus
from .tournaments import (
    _PAIRING_COLUMNS,
    _RATING_COLUMNS,
    _TOURNAMENT_COLUMNS,
    SqliteTournamentsMixin,
    _rating,
    _tournament,
    tournament_update,
)

# asyncpg ships no type information, so to mypy this alias is Any; it still names what is passed.
Connection: TypeAlias = asyncpg.Connection
Work = Callable[[Connection], Awaitable[Any]]
"""A write: runs on a pooled connection inside a transaction the repository owns."""

# Any fixed number: migrations of several processes starting at once take turns on it.
_MIGRATION_LOCK = 0x7469_7363_6872_756E  # "tischrun"
# Claims of posts take turns on this one, so two owners cannot each take one post of a table
# while the other's lease on the earlier post is not committed yet.
_POST_CLAIM_LOCK = 0x7469_7363_706F_7374


@functools.lru_cache(maxsize=1024)
def _sql(query: str) -> str:
    """``query`` with SQLite's ``?`` placeholders numbered ``$1, $2, ..`` for PostgreSQL (our
    SQL has no ``?`` inside string literals).
    """
    parts = query.split("?")
    return "".join(
        part + (f"${number}" if number < len(parts) else "")
        for number, part in enumerate(parts, start=1)
    )


def _settled(task: asyncio.Task[Any]) -> None:
    # Retrieve the outcome, so a failure nobody waits for is not reported as never retrieved.
    if not task.cancelled():
        task.exception()


def _count(status: str) -> int:
    """The row count of a command status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    return int(status.rsplit(" ", 1)[-1])


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class PostgresRepository(
    SqliteTablesMixin,
    SqlitePreferencesMixin,
    SqliteTournamentsMixin,
    SqliteClocksMixin,
    SqliteLimitsMixin,
    SqliteHistoryMixin,
    Repository,
):
    """``Repository`` on one PostgreSQL database (``postgresql://user:pass@host/db``).

    The mixins' public methods are backend-neutral (plain SQL with ``?`` marks through
    ``_read``, writes through ``_write(self._work_<name>(...))``) and are inherited as they are;
    this class overrides every ``_work_<name>`` builder and every method whose SQL differs.
    """

    # Set on the first advisory lock only (``_lock_connection``), read with getattr until then.
    _locks_conn: Connection | None
    _locks_guard: asyncio.Lock
    _locks_opening: asyncio.Lock

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 4) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None
        self._writes: set[asyncio.Task[Any]] = set()

    # -- life cycle ---------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect the pool and apply pending migrations."""
        if self._pool is not None:
            raise StorageError("repository already open")
        pool = await asyncpg.create_pool(
            self.url, min_size=self.min_size, max_size=self.max_size, command_timeout=60
        )
        try:
            async with pool.acquire() as conn:
                await _migrate(conn)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Wait for the calls under way and disconnect."""
        if self._pool is None:
            return
        pool, self._pool = self._pool, None
        # Writes whose callers stopped waiting still finish (see ``_write``) before the pool goes.
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        locks = getattr(self, "_locks_conn", None)
        if locks is not None:
            self._locks_conn = None
            await locks.close()
        await pool.close()

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def _pool_or_fail(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("repository is not open")
        return self._pool

    async def _read(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        async with self._pool_or_fail().acquire() as conn:
            return list(await conn.fetch(_sql(sql), *parameters))

    async def _write(self, work: Work) -> Any:
        """Run ``work`` in a transaction of its own; its result once committed.

        As on SQLite, a caller that stops waiting (cancelled: a Discord interaction timed out)
        does not withdraw its write: the transaction runs to its end in a task of its own, and
        a retry with the same request id finds it.
        """
        pool = self._pool_or_fail()

        async def transaction() -> Any:
            async with pool.acquire() as conn, conn.transaction():
                return await work(conn)

        task = asyncio.create_task(transaction())
        self._writes.add(task)
        task.add_done_callback(_settled)
        task.add_done_callback(self._writes.discard)
        return await asyncio.shield(task)

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

        async def work(conn: Connection) -> int:
            ref.id = int(
                await conn.fetchval(
                    "INSERT INTO tables (game, options, seed, place, host, status, settings,"
                    " created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                    " RETURNING id",
                    *row,
                )
            )
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
        query, values = table_update(status, place, settings)
        sql = _sql(query)

        async def work(conn: Connection) -> None:
            if _count(await conn.execute(sql, *values, int(table_id))) != 1:
                raise UnknownTable(int(table_id))

        return work

    def _work_set_seats(self, table_id: TableId, seats: list[SeatRecord]) -> Work:
        numbers = [seat.seat for seat in seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"a seat number repeats: {numbers}")
        rows = [(s.seat, s.name, s.user_id, s.engine) for s in seats]

        async def work(conn: Connection) -> None:
            table = int(table_id)
            # The row lock orders two replacements of one table's seats.
            updated = await conn.execute(
                "UPDATE tables SET updated_at = $1 WHERE id = $2", time.time(), table
            )
            if _count(updated) != 1:
                raise UnknownTable(table)
            await conn.execute("DELETE FROM seats WHERE table_id = $1", table)
            await conn.executemany(
                "INSERT INTO seats (table_id, seat, name, user_id, engine)"
                " VALUES ($1, $2, $3, $4, $5)",
                [(table, *row) for row in rows],
            )

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
        snapshot = (
            new_seq,
            _dumps(state),
            status,
            None if result is None else _dumps(result),
            now,
            table_id,
            expected_seq,
        )

        async def work(conn: Connection) -> int:
            # Under READ COMMITTED a second writer of this row waits for the first to commit,
            # then re-checks ``seq = expected``: of two clicks at once, one finds it stale.
            updated = await conn.execute(
                "UPDATE tables SET seq = $1, state = $2, status = $3, result = $4,"
                " updated_at = $5 WHERE id = $6 AND seq = $7",
                *snapshot,
            )
            if _count(updated) != 1:
                await _raise_if_applied(conn, request_ids)
                found = await conn.fetchval("SELECT seq FROM tables WHERE id = $1", table_id)
                if found is None:
                    raise UnknownTable(table_id)
                raise StaleSequence(f"table {table_id} is at action {found}, not {expected_seq}")
            if rows:
                # One statement for every entry; a request id already in the log (committed by
                # another transaction, which this one waits for) is skipped rather than raised,
                # so the transaction can still say which request it was.
                inserted = await conn.execute(
                    "INSERT INTO actions (table_id, seq, seat, code, request_id, at)"
                    " SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[],"
                    " $4::text[], $5::text[], $6::float8[])"
                    " ON CONFLICT (request_id) DO NOTHING",
                    *(list(column) for column in zip(*rows, strict=True)),
                )
                if _count(inserted) != len(rows):
                    # The rows this append just inserted are not "already applied".
                    await _raise_if_applied(conn, request_ids, (table_id, expected_seq))
                    raise StorageError(f"table {table_id}: an action was not stored")
            return new_seq

        return work

    # -- units of work ------------------------------------------------------------------------

    async def commit(self, changes: Changes) -> list[Any]:
        """Run every write of ``changes`` in order in one transaction; each write's result."""
        if not changes:
            return []
        works = [getattr(self, f"_work_{op.name}")(*op.args, **op.kwargs) for op in changes.ops]

        async def work(conn: Connection) -> list[Any]:
            return [await item(conn) for item in works]

        return list(await self._write(work))

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
            f"SELECT {_TABLE_COLUMNS} FROM tables"
            " WHERE id IN (SELECT table_id FROM seats WHERE user_id = ?)"
            f" AND status IN ({marks}) ORDER BY created_at DESC, id DESC",
            (user_id, *statuses),
        )
        return [_table_from_row(row) for row in rows]

    async def table_statuses(self, table_ids: list[int]) -> dict[int, TableStatus]:
        """The status of each existing table of ``table_ids``, in one query."""
        if not table_ids:
            return {}
        rows = await self._read(
            "SELECT id, status FROM tables WHERE id = ANY(?::bigint[])", (sorted(set(table_ids)),)
        )
        return {row[0]: TableStatus(row[1]) for row in rows}

    # -- the outbox ---------------------------------------------------------------------------

    def _work_post(
        self,
        key: str,
        kind: str,
        payload: dict[str, Any],
        *,
        table_id: int | None = None,
        at: float = 0.0,
    ) -> Work:
        async def work(conn: Connection) -> bool:
            row = (key, kind, table_id_of(table_id), _dumps(payload), at or time.time())
            status = await conn.execute(
                "INSERT INTO outbox (key, kind, table_id, payload, created_at)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING",
                *row,
            )
            return _count(status) > 0

        return work

    async def post_sent(self, post_id: int, at: float, progress: dict[str, Any]) -> None:
        """Mark a post delivered (it is never sent again); clears its lease."""
        text = _dumps(progress)

        async def work(conn: Connection) -> None:
            await conn.execute(
                "UPDATE outbox SET sent_at = $1, progress = $2, lease_owner = NULL,"
                " lease_until = NULL WHERE id = $3",
                at,
                text,
                post_id,
            )

        await self._write(work)

    async def delete_delivered_posts(self, sent_before: float, below_id: int, limit: int) -> int:
        """See ``Repository.delete_delivered_posts``."""

        async def work(conn: Connection) -> int:
            return _count(await conn.execute(_sql(_DELETE_DELIVERED), below_id, sent_before, limit))

        return int(await self._write(work))

    async def post_retry(self, post_id: int, next_try: float, attempts: int) -> None:
        """Put off a post whose delivery failed; clears its lease."""

        async def work(conn: Connection) -> None:
            await conn.execute(
                "UPDATE outbox SET next_try = $1, attempts = $2, lease_owner = NULL,"
                " lease_until = NULL WHERE id = $3",
                next_try,
                attempts,
                post_id,
            )

        await self._write(work)

    # -- leases -------------------------------------------------------------------------------

    async def claim_deadlines(
        self,
        owner: str,
        now: float,
        lease_seconds: float,
        kinds: tuple[str, ...] = (),
        limit: int = 100,
    ) -> list[DeadlineRecord]:
        """See ``Repository.claim_deadlines``: ``FOR UPDATE SKIP LOCKED``, so processes claiming
        at once take disjoint deadlines without waiting for each other.
        """
        where, values = _filters(None, kinds, None)
        where = f"{where} AND" if where else " WHERE"
        sql = _sql(
            "UPDATE deadlines SET lease_owner = ?, lease_until = ? WHERE id IN"
            f" (SELECT id FROM deadlines{where} due <= ?"
            " AND (lease_owner IS NULL OR lease_until < ?)"
            " ORDER BY due, id LIMIT ? FOR UPDATE SKIP LOCKED)"
            f" RETURNING {_DEADLINE_COLUMNS}"
        )

        async def work(conn: Connection) -> list[DeadlineRecord]:
            rows = await conn.fetch(sql, owner, now + lease_seconds, *values, now, now, limit)
            return sorted((_deadline(row) for row in rows), key=lambda d: (d.due, d.id))

        return list(await self._write(work))

    async def claim_posts(
        self, owner: str, now: float, lease_seconds: float, limit: int = 100
    ) -> list[OutboxRecord]:
        """See ``Repository.claim_posts``; claims take turns on an advisory lock, so each sees
        the leases the previous one committed.
        """
        select = _sql(f"{_CLAIMABLE_POSTS} LIMIT ?")

        async def work(conn: Connection) -> list[OutboxRecord]:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _POST_CLAIM_LOCK)
            rows = await conn.fetch(select, now, now, owner, now, limit)
            await conn.execute(
                "UPDATE outbox SET lease_owner = $1, lease_until = $2 WHERE id = ANY($3)",
                owner,
                now + lease_seconds,
                [row[0] for row in rows],
            )
            return [_post_from_row(row) for row in rows]

        return list(await self._write(work))

    async def release_leases(self, owner: str) -> int:
        """See ``Repository.release_leases``."""

        async def work(conn: Connection) -> int:
            freed = 0
            for table in ("deadlines", "outbox"):
                freed += _count(
                    await conn.execute(
                        f"UPDATE {table} SET lease_owner = NULL, lease_until = NULL"
                        " WHERE lease_owner = $1",
                        owner,
                    )
                )
            return freed

        return int(await self._write(work))

    # -- preferences --------------------------------------------------------------------------

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Insert or replace the server's settings."""
        values = (
            settings.guild_id,
            settings.language,
            json.dumps(sorted(set(settings.channels))),
            settings.organiser_role,
            int(settings.pictures_off),
        )

        async def work(conn: Connection) -> None:
            await conn.execute(
                "INSERT INTO guild_settings"
                " (guild_id, language, channels, organiser_role, pictures_off)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id) DO UPDATE SET"
                " language = excluded.language, channels = excluded.channels,"
                " organiser_role = excluded.organiser_role,"
                " pictures_off = excluded.pictures_off",
                *values,
            )

        await self._write(work)

    async def save_user_preferences(self, preferences: UserPreferences) -> None:
        """Insert or replace the person's preferences."""
        values = (
            preferences.user_id,
            int(preferences.dms_off),
            int(preferences.dms_refused),
            preferences.language,
            int(preferences.pictures_off),
            int(preferences.confirm_off),
        )

        async def work(conn: Connection) -> None:
            await conn.execute(
                "INSERT INTO user_preferences"
                " (user_id, dms_off, dms_refused, language, pictures_off, confirm_off)"
                " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET"
                " dms_off = excluded.dms_off, dms_refused = excluded.dms_refused,"
                " language = excluded.language, pictures_off = excluded.pictures_off,"
                " confirm_off = excluded.confirm_off",
                *values,
            )

        await self._write(work)

    # -- tournaments --------------------------------------------------------------------------

    async def create_tournament(self, record: TournamentRecord) -> TournamentRecord:
        """Store a new tournament and return it with its id."""
        if record.status not in TOURNAMENT_STATUSES:
            raise ValueError(f"unknown tournament status {record.status!r}")
        now = time.time()
        values = (
            record.guild,
            record.channel,
            record.name,
            record.game,
            _json(record.options),
            record.format,
            _json(record.config),
            record.organiser,
            record.status,
            record.closes_at,
            record.round,
            _json(record.settings),
            now,
            now,
        )
        columns = _TOURNAMENT_COLUMNS.partition(", ")[2]
        marks = ", ".join(f"${n}" for n in range(1, len(values) + 1))

        async def work(conn: Connection) -> int:
            return int(
                await conn.fetchval(
                    f"INSERT INTO tournaments ({columns}) VALUES ({marks}) RETURNING id", *values
                )
            )

        return await self.get_tournament(await self._write(work))

    def _work_update_tournament(
        self,
        tournament_id: int,
        *,
        status: TournamentStatus | None = None,
        round: int | None = None,
        closes_at: float | None = None,
        settings: dict[str, Any] | None = None,
    ) -> Work:
        query, values = tournament_update(
            status, round, closes_at, None if settings is None else _json(settings)
        )
        sql = _sql(query)

        async def work(conn: Connection) -> None:
            if _count(await conn.execute(sql, *values, tournament_id)) != 1:
                raise UnknownTournament(tournament_id)

        return work

    async def tournaments_of_guild(
        self, guild: str, statuses: tuple[TournamentStatus, ...] = TOURNAMENT_STATUSES
    ) -> list[TournamentRecord]:
        """The server's tournaments in ``statuses``, newest first."""
        if not statuses:
            return []
        marks = ", ".join("?" for _ in statuses)
        rows = await self._read(
            f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments"
            f" WHERE guild = ? AND status IN ({marks}) ORDER BY id DESC",
            (guild, *statuses),
        )
        return [_tournament(row) for row in rows]

    async def tournaments_with_status(
        self, statuses: tuple[TournamentStatus, ...]
    ) -> list[TournamentRecord]:
        """Every tournament in one of ``statuses``, on any server (for start-up)."""
        if not statuses:
            return []
        marks = ", ".join("?" for _ in statuses)
        rows = await self._read(
            f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE status IN ({marks}) ORDER BY id",
            tuple(statuses),
        )
        return [_tournament(row) for row in rows]

    def _work_save_registration(self, registration: Registration) -> Work:
        r = registration
        values = (
            r.tournament_id,
            r.user_id,
            r.name,
            r.engine,
            int(r.checked_in),
            r.joined_round,
            r.dropped_round,
            r.registered_at or time.time(),
        )

        async def work(conn: Connection) -> None:
            await conn.execute(
                "INSERT INTO registrations (tournament_id, user_id, name, engine,"
                " checked_in, joined_round, dropped_round, registered_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                " ON CONFLICT (tournament_id, user_id) DO UPDATE"
                " SET name = excluded.name, engine = excluded.engine,"
                " checked_in = excluded.checked_in, joined_round = excluded.joined_round,"
                " dropped_round = excluded.dropped_round",
                *values,
            )

        return work

    def _work_save_round(self, record: RoundRecord) -> Work:
        values = (
            record.tournament_id,
            record.number,
            record.status,
            record.deadline,
            record.opened_at,
            record.finished_at,
        )

        async def work(conn: Connection) -> None:
            await conn.execute(
                "INSERT INTO tournament_rounds (tournament_id, number, status, deadline,"
                " opened_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (tournament_id, number) DO UPDATE SET status = excluded.status,"
                " deadline = excluded.deadline, opened_at = excluded.opened_at,"
                " finished_at = excluded.finished_at",
                *values,
            )

        return work

    def _work_save_pairings(self, pairings: list[PairingRecord]) -> Work:
        async def work(conn: Connection) -> None:
            # Inside the commit: a pairing may name a table created earlier in the same unit.
            rows = [
                (
                    p.tournament_id,
                    p.round,
                    p.position,
                    p.game,
                    table_id_of(p.table_id),
                    _json(p.players),
                    int(p.bye),
                    None if p.ranks is None else _json(p.ranks),
                    None if p.scores is None else _json(p.scores),
                )
                for p in pairings
            ]
            for pairing, row in zip(pairings, rows, strict=True):
                pairing.table_id = row[4]
            await conn.executemany(
                f"INSERT INTO pairings ({_PAIRING_COLUMNS})"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " ON CONFLICT (tournament_id, round, position, game) DO UPDATE SET"
                " table_id = excluded.table_id, players = excluded.players,"
                " bye = excluded.bye, ranks = excluded.ranks, scores = excluded.scores",
                rows,
            )

        return work

    def _work_delete_rounds_after(self, tournament_id: int, number: int) -> Work:
        async def work(conn: Connection) -> None:
            await conn.execute(
                "DELETE FROM pairings WHERE tournament_id = $1 AND round > $2",
                tournament_id,
                number,
            )
            await conn.execute(
                "DELETE FROM tournament_rounds WHERE tournament_id = $1 AND number > $2",
                tournament_id,
                number,
            )

        return work

    async def rate_table(
        self,
        table_id: int,
        game: str,
        guild: str,
        members: list[tuple[str, str]],
        update: Callable[[list[RatingRecord | None]], list[tuple[float, float]]],
    ) -> list[RatingRecord] | None:
        """Rate a finished table once, atomically (read, ``update``, write in one transaction).

        Two tables of one game and server rated at once by two processes take turns on an
        advisory lock, so neither overwrites the other's update of a shared member.
        """

        async def work(conn: Connection) -> list[RatingRecord] | None:
            now = time.time()
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", f"ratings:{game}:{guild}"
            )
            seen = await conn.execute(
                "INSERT INTO rated_tables (table_id, rated_at) VALUES ($1, $2)"
                " ON CONFLICT DO NOTHING",
                table_id,
                now,
            )
            if _count(seen) == 0:
                return None
            current: list[RatingRecord | None] = []
            for user_id, _name in members:
                row = await conn.fetchrow(
                    f"SELECT {_RATING_COLUMNS} FROM ratings"
                    " WHERE game = $1 AND guild = $2 AND user_id = $3",
                    game,
                    guild,
                    user_id,
                )
                current.append(None if row is None else _rating(row))
            new = update(current)
            stored = []
            for (user_id, name), before, (mu, sigma) in zip(members, current, new, strict=True):
                games = (before.games if before else 0) + 1
                record = RatingRecord(game, guild, user_id, name, mu, sigma, games, now)
                await conn.execute(
                    f"INSERT INTO ratings ({_RATING_COLUMNS})"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                    " ON CONFLICT (game, guild, user_id) DO UPDATE SET name = excluded.name,"
                    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                    " updated_at = excluded.updated_at",
                    game,
                    guild,
                    user_id,
                    name,
                    mu,
                    sigma,
                    games,
                    now,
                )
                # The profile's rating over time, in the same transaction as the rating.
                await conn.execute(
                    "INSERT INTO rating_history"
                    " (game, guild, user_id, games, table_id, mu, sigma, at)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                    " ON CONFLICT (game, guild, user_id, games) DO UPDATE SET"
                    " table_id = excluded.table_id, mu = excluded.mu, sigma = excluded.sigma,"
                    " at = excluded.at",
                    game,
                    guild,
                    user_id,
                    games,
                    table_id,
                    mu,
                    sigma,
                    now,
                )
                stored.append(record)
            return stored

        # _write hands back what work returned, typed Any for every kind of work.
        result: list[RatingRecord] | None = await self._write(work)
        return result

    # -- deadlines ----------------------------------------------------------------------------

    def _work_replace_deadlines(
        self,
        remove: list[int],
        add: list[DeadlineRecord],
        *,
        paused_at: float | None = None,
        reuse: list[int] | None = None,
    ) -> Work:
        reused = list(reuse or ())

        async def work(conn: Connection) -> list[int]:
            if remove:
                await conn.execute("DELETE FROM deadlines WHERE id = ANY($1)", list(remove))
            if paused_at is not None:
                await _pause(conn, add, paused_at)
            ids: list[int] = []
            for row_id, item in zip(reused, add, strict=False):
                # The row of a seat clock that stopped becomes the next one (see the base).
                status = await conn.execute(
                    "UPDATE deadlines SET due = $1, seat = $2, user_id = $3, data = $4,"
                    " ends = $5, attempts = 0, lease_owner = NULL, lease_until = NULL"
                    " WHERE id = $6 AND kind = $7 AND table_id = $8",
                    float(item.due),
                    item.seat,
                    item.user_id,
                    json.dumps(
                        item.data, separators=(",", ":"), allow_nan=False, default=json_with_refs
                    ),
                    None if item.ends is None else float(item.ends),
                    row_id,
                    item.kind,
                    table_id_of(item.table_id),
                )
                if not _count(status):
                    break
                ids.append(row_id)
            for item in add[len(ids) :]:
                data = json.dumps(
                    item.data, separators=(",", ":"), allow_nan=False, default=json_with_refs
                )
                new_id = await conn.fetchval(
                    "INSERT INTO deadlines (kind, due, table_id, seat, user_id, data, ends)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                    item.kind,
                    float(item.due),
                    table_id_of(item.table_id),
                    item.seat,
                    item.user_id,
                    data,
                    None if item.ends is None else float(item.ends),
                )
                ids.append(int(new_id))
            for item, new_id in zip(add, ids, strict=True):
                item.id = new_id
            return ids

        return work

    def _work_delete_deadline(self, deadline_id: int) -> Work:
        async def work(conn: Connection) -> bool:
            status = await conn.execute("DELETE FROM deadlines WHERE id = $1", deadline_id)
            return _count(status) > 0

        return work

    def _work_rearm_deadline(
        self,
        deadline_id: int,
        claimed: float,
        due: float,
        data: dict[str, Any],
        required: bool = False,
    ) -> Work:
        encoded = json.dumps(data, separators=(",", ":"), allow_nan=False, default=json_with_refs)

        async def work(conn: Connection) -> bool:
            status = await conn.execute(
                "UPDATE deadlines SET due = $1, data = $2, attempts = 0, lease_owner = NULL,"
                " lease_until = NULL WHERE id = $3 AND due = $4",
                float(due),
                encoded,
                deadline_id,
                float(claimed),
            )
            rearmed = _count(status) > 0
            if required and not rearmed:
                raise DeadlineMoved(deadline_id)
            return rearmed

        return work

    async def finish_deadline(self, deadline_id: int, claimed: float) -> bool:
        """See ``Repository.finish_deadline``."""

        async def work(conn: Connection) -> bool:
            status = await conn.execute(
                "DELETE FROM deadlines WHERE id = $1 AND due = $2", deadline_id, float(claimed)
            )
            return _count(status) > 0

        return bool(await self._write(work))

    async def defer_deadline(
        self, deadline_id: int, due: float, attempts: int, claimed: float | None = None
    ) -> None:
        """Put off a deadline whose handler failed: new ``due`` and failure count; clears its
        lease (see ``Repository.defer_deadline`` for ``claimed``).
        """

        async def work(conn: Connection) -> None:
            await conn.execute(
                "UPDATE deadlines SET due = $1, attempts = $2, lease_owner = NULL,"
                " lease_until = NULL WHERE id = $3"
                " AND ($4::DOUBLE PRECISION IS NULL OR due = $4)",
                due,
                attempts,
                deadline_id,
                claimed,
            )

        await self._write(work)

    def _work_delete_deadlines(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        user_id: str | None = None,
    ) -> Work:
        where, values = _filters(table_id, kinds, user_id)
        if not where:
            raise ValueError("refusing to delete every deadline")
        sql = _sql(f"DELETE FROM deadlines{where}")

        async def work(conn: Connection) -> int:
            return _count(await conn.execute(sql, *values))

        return work

    def _work_shift_deadlines(self, user_id: str, kinds: tuple[str, ...], seconds: float) -> Work:
        where, values = _filters(None, kinds, user_id)
        sql = _sql(f"UPDATE deadlines SET due = due + ?, ends = ends + ?{where}")

        async def work(conn: Connection) -> None:
            await conn.execute(sql, float(seconds), float(seconds), *values)

        return work

    # -- reminders and vacations --------------------------------------------------------------

    async def set_reminders_off(self, user_id: str, off: bool) -> None:
        """Turn the person's turn reminders off (True) or on."""

        async def work(conn: Connection) -> None:
            await conn.execute(
                "INSERT INTO reminder_preferences (user_id, reminders_off) VALUES ($1, $2)"
                " ON CONFLICT (user_id) DO UPDATE SET reminders_off = excluded.reminders_off",
                user_id,
                int(off),
            )

        await self._write(work)

    async def set_vacation_allowance(self, guild_id: str, days: int) -> None:
        """Set the server's vacation days per 30 days."""

        async def work(conn: Connection) -> None:
            await conn.execute(
                "INSERT INTO vacation_allowances (guild_id, days) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO UPDATE SET days = excluded.days",
                guild_id,
                days,
            )

        await self._write(work)

    def _work_add_vacation(self, vacation: VacationRecord) -> Work:
        values = (vacation.user_id, vacation.guild_id, vacation.start, vacation.until)

        async def work(conn: Connection) -> int:
            vacation.id = int(
                await conn.fetchval(
                    "INSERT INTO vacations (user_id, guild_id, start, until)"
                    " VALUES ($1, $2, $3, $4) RETURNING id",
                    *values,
                )
            )
            return vacation.id

        return work

    def _work_end_vacation(self, vacation_id: int, ended: float) -> Work:
        async def work(conn: Connection) -> None:
            await conn.execute(
                "UPDATE vacations SET ended = $1 WHERE id = $2", float(ended), vacation_id
            )

        return work

    # -- limits and hand-overs ----------------------------------------------------------------

    async def save_guild_limits(self, limits: GuildLimits) -> None:
        """Insert or replace the server's limits."""
        values = (limits.guild_id, *(getattr(limits, column) for column in _LIMIT_COLUMNS))
        updates = ", ".join(f"{column} = excluded.{column}" for column in _LIMIT_COLUMNS)

        async def work(conn: Connection) -> None:
            await conn.execute(
                f"INSERT INTO guild_limits (guild_id, {', '.join(_LIMIT_COLUMNS)})"
                f" VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id) DO UPDATE SET {updates}",
                *values,
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
            f" AND status IN ({marks}) AND (place::json ->> 'guild') = ?",
            (user_id, *statuses, guild_id),
        )
        return int(rows[0][0])

    def _work_add_handover(self, record: HandoverRecord, ref: TableRef) -> Work:
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

        async def work(conn: Connection) -> int:
            new_id = await conn.fetchval(
                "INSERT INTO handover_requests (table_id, seat, asked_by, user_id, name, status,"
                " created_at, due, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " RETURNING id",
                *values,
            )
            record.id = ref.id = int(new_id)
            return record.id

        return work

    def _work_settle_handover(self, request_id: int, status: HandoverStatus) -> Work:
        if status not in HANDOVER_STATUSES or status == HandoverStatus.PENDING:
            raise ValueError(f"a request cannot be settled as {status!r}")

        async def work(conn: Connection) -> None:
            updated = await conn.execute(
                "UPDATE handover_requests SET status = $1 WHERE id = $2 AND status = 'pending'",
                status,
                request_id,
            )
            if _count(updated) != 1:
                raise NotPending(request_id)

        return work

    # -- locks across processes ---------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def hold(self, keys: Iterable[str]) -> AsyncIterator[None]:
        """See ``Repository.hold``: session advisory locks on a connection of their own (not
        the pool's, which the guarded commit needs), one per key, taken in key order. Each is
        tried without waiting and tried again shortly, so one key another process holds does
        not stall this process's other holds on the shared connection. A process that dies
        loses its connection, and PostgreSQL frees its locks.
        """
        ids = sorted({_advisory_id(key) for key in keys})
        conn, guard = await self._lock_connection()
        taken: list[int] = []
        try:
            for key in ids:
                while True:
                    async with guard:
                        got = await conn.fetchval("SELECT pg_try_advisory_lock($1)", key)
                    if got:
                        taken.append(key)
                        break
                    await asyncio.sleep(0.005)
            yield
        finally:
            async with guard:
                for key in reversed(taken):
                    await conn.execute("SELECT pg_advisory_unlock($1)", key)

    async def _lock_connection(self) -> tuple[Connection, asyncio.Lock]:
        opening: asyncio.Lock | None = getattr(self, "_locks_opening", None)
        if opening is None:
            opening = self._locks_opening = asyncio.Lock()
        async with opening:  # one connection, also when the first holds come at once
            conn = getattr(self, "_locks_conn", None)
            if conn is None or conn.is_closed():
                self._pool_or_fail()
                conn = await asyncpg.connect(self.url)
                self._locks_conn = conn
                self._locks_guard = asyncio.Lock()
        return conn, self._locks_guard


def _advisory_id(key: str) -> int:
    """A key's advisory lock: a signed 64-bit number from its hash."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)


async def _pause(conn: Connection, deadlines: list[DeadlineRecord], at: float) -> None:
    """Move each deadline of a user on vacation after ``at`` by the vacation's part after
    ``at`` (``storage.clocks._pause`` on SQLite).
    """
    shifts: dict[str, float] = {}
    for user_id in sorted({item.user_id for item in deadlines if item.user_id}):
        shift = await conn.fetchval(
            "SELECT MAX(LEAST(until, COALESCE(ended, until)) - GREATEST(start, $2)) FROM"
            " vacations WHERE user_id = $1 AND until > $2 AND (ended IS NULL OR ended > $2)",
            user_id,
            float(at),
        )
        if shift is not None and shift > 0:
            shifts[user_id] = float(shift)
    for item in deadlines:
        if item.user_id in shifts:
            item.due = float(item.due) + shifts[item.user_id]
            if item.ends is not None:
                item.ends = float(item.ends) + shifts[item.user_id]


async def _raise_if_applied(
    conn: Connection, request_ids: list[str], appending: tuple[int, int] = (0, -1)
) -> None:
    """Raise ``DuplicateRequest`` for the first of ``request_ids`` already in the log.

    ``appending`` is (table, expected_seq) of an append whose own rows this transaction has
    already inserted: rows of that table after that sequence number are not earlier requests.
    """
    table_id, expected_seq = appending
    for request_id in request_ids:
        found = await conn.fetchrow(
            "SELECT table_id, seq FROM actions WHERE request_id = $1"
            " AND (table_id <> $2 OR seq <= $3)",
            request_id,
            table_id,
            expected_seq,
        )
        if found is not None:
            raise DuplicateRequest(request_id, found[0], found[1])


async def _migrate(conn: Connection) -> list[int]:
    """Apply each pending migration once, each in its own transaction; return those applied.

    A session advisory lock makes processes that start at once take turns, so none applies a
    migration another is applying.
    """
    await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT PRIMARY KEY,"
            " name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
        applied = []
        for version, name, script in migrations():
            async with conn.transaction():
                done = await conn.fetchval(
                    "SELECT 1 FROM schema_version WHERE version = $1", version
                )
                if done is None:
                    for statement in statements(script):
                        await conn.execute(postgresql(statement))
                    await conn.execute(
                        "INSERT INTO schema_version (version, name, applied_at)"
                        " VALUES ($1, $2, $3)",
                        version,
                        name,
                        time.time(),
                    )
                    applied.append(version)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
