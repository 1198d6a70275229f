"""Copy a whole database to another (``tischrunde db copy``), e.g. from SQLite to PostgreSQL.

Every table of the schema is copied row by row, ids kept, in an order that puts each row after
the rows it refers to, in one transaction on the target (a failed copy leaves it empty). The
target must be empty: a copy never merges. Afterwards every game table on the target is replayed
from its log with its game's engine and compared with its stored snapshot (the caller's
``check``), so a copy that lost or reordered a move is found before anybody plays on it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .base import Repository, StorageError
from .postgres import PostgresRepository
from .sqlite import SqliteRepository

# Every table of the schema, parents before the tables that refer to them. A migration that adds
# a table adds it here; ``copy_database`` refuses a schema whose tables differ from this list.
TABLES = (
    "tables",
    "seats",
    "actions",
    "deadlines",
    "reminder_preferences",
    "vacation_allowances",
    "vacations",
    "tournaments",
    "registrations",
    "tournament_rounds",
    "pairings",
    "ratings",
    "rated_tables",
    "rating_history",
    "outbox",
    "guild_limits",
    "handover_requests",
    "guild_settings",
    "user_preferences",
)


class CopyRefused(StorageError):
    """The copy was not started: the target is not empty, or the two schemas differ."""


@dataclass
class CopyReport:
    """What a copy did: rows per table, game tables replayed, and every mismatch found."""

    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    mismatches: list[str] = field(default_factory=list)


async def _table_names(repo: Repository) -> set[str]:
    if isinstance(repo, SqliteRepository):
        rows = await repo._read(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' AND name <> 'schema_version'"
        )
    elif isinstance(repo, PostgresRepository):
        rows = await repo._read(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            " AND table_name <> 'schema_version'"
        )
    else:
        raise CopyRefused(f"cannot copy from or to {type(repo).__name__}")
    return {row[0] for row in rows}


async def _columns(repo: Repository, table: str) -> list[str]:
    """The table's columns, with ``rowid`` where the insertion order is a column of its own
    (SQLite's hidden rowid of a rowid table without an INTEGER PRIMARY KEY; see
    ``storage.migrations``), so the order survives the copy.
    """
    if isinstance(repo, SqliteRepository):
        info = await repo._read(f"PRAGMA table_info({table})")
        names = [row[1] for row in info]
        (sql,) = (await repo._read("SELECT sql FROM sqlite_master WHERE name = ?", (table,)))[0]
        keys = [row for row in info if row[5]]
        alias = len(keys) == 1 and str(keys[0][2]).upper() == "INTEGER"
        if "WITHOUT ROWID" not in sql.upper() and not alias:
            names.insert(0, "rowid")
        return names
    assert isinstance(repo, PostgresRepository)
    rows = await repo._read(
        "SELECT column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
        (table,),
    )
    return [row[0] for row in rows]


async def _row_count(repo: Repository, table: str) -> int:
    # Only SqliteRepository and PostgresRepository get here (_table_names refused the rest).
    return int((await repo._read(f"SELECT COUNT(*) FROM {table}"))[0][0])  # type: ignore[attr-defined]


async def _load(
    target: Repository, batches: list[tuple[str, list[str], list[tuple[Any, ...]]]]
) -> None:
    """Insert every table's rows on the target in one transaction."""
    if isinstance(target, SqliteRepository):

        def work(conn: Any) -> None:
            for table, columns, rows in batches:
                marks = ", ".join("?" * len(columns))
                conn.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
                )

        await target._write(work)
        return
    assert isinstance(target, PostgresRepository)

    async def pg_work(conn: Any) -> None:
        for table, columns, rows in batches:
            if rows:
                await conn.copy_records_to_table(table, records=rows, columns=columns)
        # Ids were copied as they were: each identity goes on after the highest copied one.
        identities = await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES'"
        )
        for table, column in identities:
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
            )

    await target._write(pg_work)


ReplayCheck = Callable[[Repository], Awaitable[tuple[int, list[str]]]]
"""Replays every game table of a repository: (tables replayed, mismatches). It needs the game
engines, which sit above storage, so the caller hands it in (``tables.replays.check_replays``).
"""


async def copy_database(
    source: Repository,
    target: Repository,
    check: ReplayCheck,
    *,
    progress: Callable[[str], None] = lambda _: None,
) -> CopyReport:
    """Copy every row of ``source`` to the empty ``target`` (both open), then ``check`` the
    target's replays.
    """
    source_tables, target_tables = await _table_names(source), await _table_names(target)
    for name, found in (("source", source_tables), ("target", target_tables)):
        if found != set(TABLES):
            missing, extra = set(TABLES) - found, found - set(TABLES)
            raise CopyRefused(
                f"the {name} database's tables are not the schema this version copies"
                f" (missing {sorted(missing)}, unknown {sorted(extra)})"
            )
    for table in TABLES:
        count = await _row_count(target, table)
        if count:
            raise CopyRefused(
                f"the target database is not empty (table {table} has {count} rows);"
                " copy into a new, empty database"
            )
    report = CopyReport()
    batches = []
    for table in TABLES:
        columns = await _columns(source, table)
        target_columns = set(await _columns(target, table))
        if set(columns) != target_columns:
            raise CopyRefused(f"table {table} has other columns on the target")
        # Only SqliteRepository and PostgresRepository get here (_table_names refused the rest),
        # and both read with _read, which the Repository interface does not name.
        read = source._read  # type: ignore[attr-defined]
        rows = [tuple(row) for row in await read(f"SELECT {', '.join(columns)} FROM {table}")]
        batches.append((table, columns, rows))
        report.rows[table] = len(rows)
        progress(f"{table}: {len(rows)} rows")
    await _load(target, batches)
    for table in TABLES:
        copied = await _row_count(target, table)
        if copied != report.rows[table]:
            report.mismatches.append(f"{table}: {report.rows[table]} rows read, {copied} stored")
    report.replayed, mismatches = await check(target)
    report.mismatches += mismatches
    return report
