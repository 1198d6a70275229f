"""The repository's tables, seats and action log with their guarantees, on SQLite (a file and
``:memory:``) and on PostgreSQL; then SQLite's own group commit, pragmas and migrations.
"""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

from storage import (
    DeadlineRecord,
    DuplicateRequest,
    LogEntry,
    SeatRecord,
    StaleSequence,
    StorageError,
    TableStatus,
    UnknownTable,
    VacationRecord,
)
from storage.migrations import migrations
from storage.postgres import PostgresRepository
from storage.sqlite import SqliteRepository
from tests.conftest import fresh_database_url, new_postgres_database

# A write the schema refuses (a CHECK, a foreign key), as each backend's driver reports it.
SCHEMA_REFUSAL = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


# The shared ``repo`` (tests/conftest.py) on every backend, and on a single in-memory SQLite
# connection too (no separate reader): the storage contract holds for each.
@pytest.fixture(params=["sqlite", "sqlite-memory", "postgres"])
async def database_url(request, tmp_path):
    return await fresh_database_url(request, tmp_path)


@pytest.fixture
async def file_repo(tmp_path):
    repository = SqliteRepository(str(tmp_path / "t.db"))
    await repository.open()
    yield repository
    await repository.close()


async def new_table(repo, game="highcard", host="u1", **kwargs):
    return await repo.create_table(
        game, {"rounds": 3}, 42, {"guild": "1", "channel": "2"}, host, **kwargs
    )


def move(code, seat=0, request_id=None, seq=0):
    return LogEntry(seq=seq, seat=seat, code=code, request_id=request_id)


# -- tables and seats ---------------------------------------------------------------------------


async def test_created_table_reads_back_in_the_lobby(repo):
    created = await new_table(repo, settings={"lang": "de"})
    loaded = await repo.get_table(created.id)
    assert loaded == created
    assert (loaded.game, loaded.seed, loaded.host) == ("highcard", 42, "u1")
    assert loaded.options == {"rounds": 3}
    assert loaded.place == {"guild": "1", "channel": "2"}
    assert loaded.settings == {"lang": "de"}
    assert (loaded.status, loaded.seq, loaded.state, loaded.result) == (
        TableStatus.LOBBY,
        0,
        None,
        None,
    )
    assert loaded.created_at > 0
    second = await new_table(repo)
    assert second.id != created.id


async def test_unknown_table_raises(repo):
    with pytest.raises(UnknownTable, match=r"^999$"):
        await repo.get_table(999)
    with pytest.raises(UnknownTable, match=r"^999$"):
        await repo.update_table(999, status=TableStatus.ACTIVE)
    with pytest.raises(UnknownTable, match=r"^999$"):
        await repo.set_seats(999, [SeatRecord(0, "Anna", user_id="a")])
    with pytest.raises(UnknownTable, match=r"^999$"):
        await repo.append(999, 0, [move("x")], {"s": 1}, TableStatus.ACTIVE)


async def test_update_table_changes_only_what_is_given(repo):
    table = await new_table(repo, settings={"lang": "de"})
    await repo.update_table(table.id, status=TableStatus.CANCELLED)
    loaded = await repo.get_table(table.id)
    assert loaded.status == TableStatus.CANCELLED
    assert loaded.place == table.place and loaded.settings == {"lang": "de"}
    await repo.update_table(table.id, place={"terminal": 1}, settings={"clock": 60})
    loaded = await repo.get_table(table.id)
    assert (loaded.status, loaded.place, loaded.settings) == (
        TableStatus.CANCELLED,
        {"terminal": 1},
        {"clock": 60},
    )
    assert loaded.updated_at >= table.updated_at
    with pytest.raises(ValueError, match=r"unknown status 'sleeping'"):
        await repo.update_table(table.id, status="sleeping")


async def test_set_seats_replaces_the_seats_in_seat_order(repo):
    table = await new_table(repo)
    await repo.set_seats(
        table.id,
        [SeatRecord(1, "Bot", engine="random"), SeatRecord(0, "Anna", user_id="a")],
    )
    assert await repo.get_seats(table.id) == [
        SeatRecord(0, "Anna", user_id="a"),
        SeatRecord(1, "Bot", engine="random"),
    ]
    await repo.set_seats(table.id, [SeatRecord(0, "Ben", user_id="b")])
    assert await repo.get_seats(table.id) == [SeatRecord(0, "Ben", user_id="b")]
    with pytest.raises(ValueError, match=r"a seat number repeats"):
        await repo.set_seats(table.id, [SeatRecord(0, "A"), SeatRecord(0, "B")])
    assert await repo.get_seats(table.id) == [SeatRecord(0, "Ben", user_id="b")]


# -- the action log -----------------------------------------------------------------------------


async def test_append_stores_log_and_snapshot(repo):
    table = await new_table(repo)
    assert (
        await repo.append(table.id, 0, [], {"moves": []}, TableStatus.ACTIVE) == 0
    )  # the initial state
    loaded = await repo.get_table(table.id)
    assert (loaded.seq, loaded.state, loaded.status) == (0, {"moves": []}, TableStatus.ACTIVE)

    seq = await repo.append(
        table.id,
        0,
        [move("deal", seat=-1), move("a1", 0, "r1")],
        {"moves": ["deal", "a1"]},
        TableStatus.ACTIVE,
    )
    assert seq == 2
    seq = await repo.append(
        table.id,
        2,
        [move("b1", 1, "r2", seq=3)],
        {"moves": ["deal", "a1", "b1"]},
        TableStatus.FINISHED,
        result={"winner": 1},
    )
    assert seq == 3
    log = await repo.log(table.id)
    assert [(e.seq, e.seat, e.code, e.request_id) for e in log] == [
        (1, -1, "deal", None),
        (2, 0, "a1", "r1"),
        (3, 1, "b1", "r2"),
    ]
    assert all(e.at > 0 for e in log)
    assert [e.seq for e in await repo.log(table.id, since=2)] == [3]
    loaded = await repo.get_table(table.id)
    assert (loaded.seq, loaded.status, loaded.result) == (3, TableStatus.FINISHED, {"winner": 1})
    assert loaded.state == {"moves": ["deal", "a1", "b1"]}
    assert await repo.find_request("r2") == (table.id, 3)
    assert await repo.find_request("nope") is None


async def test_entries_must_carry_their_own_number(repo):
    table = await new_table(repo)
    with pytest.raises(ValueError, match=r"entry numbered 5 where 1 comes next"):
        await repo.append(table.id, 0, [move("a", seq=5)], {}, TableStatus.ACTIVE)
    with pytest.raises(ValueError, match=r"a request id repeats within one append"):
        await repo.append(
            table.id,
            0,
            [move("a", request_id="r"), move("b", request_id="r")],
            {},
            TableStatus.ACTIVE,
        )
    assert await repo.log(table.id) == []


async def test_an_append_at_a_negative_number_or_with_an_unknown_status_stores_nothing(repo):
    """Both backends check an append before writing (``base.log_rows``): a negative expected
    sequence and a status that is none of the table statuses are refused, and the table keeps
    its log and its snapshot."""
    table = await new_table(repo)
    with pytest.raises(ValueError, match=r"expected_seq must not be negative"):
        await repo.append(table.id, -1, [move("a")], {"moves": ["a"]}, TableStatus.ACTIVE)
    with pytest.raises(ValueError, match=r"unknown status 'sleeping'"):
        await repo.append(table.id, 0, [move("a")], {"moves": ["a"]}, "sleeping")  # type: ignore[arg-type]
    assert await repo.log(table.id) == []
    loaded = await repo.get_table(table.id)
    assert (loaded.seq, loaded.state) == (table.seq, table.state)


async def test_stale_sequence_fails_and_writes_nothing(repo):
    """Two clicks at once cannot both act: the second, built on seq 1, is stale."""
    table = await new_table(repo)
    await repo.append(table.id, 0, [move("a", request_id="r1")], {"n": 1}, TableStatus.ACTIVE)
    with pytest.raises(StaleSequence, match=r"is at action 1, not 0"):
        await repo.append(
            table.id, 0, [move("b", request_id="r2")], {"n": 99}, TableStatus.FINISHED
        )
    with pytest.raises(StaleSequence, match=r"is at action 1, not 5"):
        await repo.append(
            table.id, 5, [move("b", request_id="r3")], {"n": 99}, TableStatus.FINISHED
        )
    loaded = await repo.get_table(table.id)
    assert (loaded.seq, loaded.state, loaded.status) == (1, {"n": 1}, TableStatus.ACTIVE)
    assert [e.code for e in await repo.log(table.id)] == ["a"]
    assert await repo.find_request("r2") is None


async def test_duplicate_request_is_not_applied_again(repo):
    """An interaction id already applied is not applied twice, and says where it was applied."""
    table = await new_table(repo)
    other = await new_table(repo)
    await repo.append(table.id, 0, [move("a", request_id="click-1")], {"n": 1}, TableStatus.ACTIVE)
    # A retry built on the current seq.
    with pytest.raises(
        DuplicateRequest, match=r"request click-1 already applied as action 1"
    ) as caught:
        await repo.append(
            table.id, 1, [move("a", request_id="click-1")], {"n": 2}, TableStatus.ACTIVE
        )
    assert (caught.value.request_id, caught.value.table_id, caught.value.seq) == (
        "click-1",
        table.id,
        1,
    )
    # A retry of the same request built on the old seq: the duplicate is the useful answer.
    with pytest.raises(DuplicateRequest, match=r"request click-1 already applied as action 1"):
        await repo.append(
            table.id, 0, [move("a", request_id="click-1")], {"n": 2}, TableStatus.ACTIVE
        )
    # The same id at another table.
    with pytest.raises(
        DuplicateRequest, match=r"request click-1 already applied as action 1"
    ) as caught:
        await repo.append(
            other.id, 0, [move("z", request_id="click-1")], {"n": 3}, TableStatus.ACTIVE
        )
    assert caught.value.table_id == table.id
    assert (await repo.get_table(table.id)).state == {"n": 1}
    assert (await repo.get_table(other.id)).seq == 0
    assert await repo.log(other.id) == []
    assert len(await repo.log(table.id)) == 1


async def test_failed_append_writes_nothing_at_all(repo):
    """Atomicity: a multi-entry append whose last entry fails leaves no entry and no snapshot;
    the refusal names the request that really was applied before, and where."""
    table = await new_table(repo)
    await repo.append(table.id, 0, [move("a", request_id="used")], {"n": 1}, TableStatus.ACTIVE)
    with pytest.raises(
        DuplicateRequest, match=rf"request used already applied as action 1 of {table.id}"
    ):
        await repo.append(
            table.id,
            1,
            [move("chance", -1), move("b", 0, "fresh"), move("c", 0, "used")],
            {"n": 4},
            TableStatus.FINISHED,
        )
    # Seat -2 violates the schema's CHECK (seat >= -1), in each backend's words.
    with pytest.raises(
        SCHEMA_REFUSAL,
        match=r"CHECK constraint failed: seat >= -1|violates check constraint \"actions_seat_check\"",
    ):
        await repo.append(
            table.id, 1, [move("b", 0, "fresh"), move("c", -2)], {"n": 3}, TableStatus.ACTIVE
        )
    loaded = await repo.get_table(table.id)
    assert (loaded.seq, loaded.state, loaded.status) == (1, {"n": 1}, TableStatus.ACTIVE)
    assert [e.code for e in await repo.log(table.id)] == ["a"]
    assert await repo.find_request("fresh") is None
    # And the table still takes the next good move.
    assert (
        await repo.append(table.id, 1, [move("b", 0, "fresh")], {"n": 2}, TableStatus.ACTIVE) == 2
    )


async def test_a_failing_item_does_not_spoil_its_batch(file_repo):
    """Group commit: stale and duplicate items in a batch fail alone; the others commit."""
    repo = file_repo
    tables = [await new_table(repo) for _ in range(6)]
    for t in tables:
        await repo.append(
            t.id, 0, [move("first", request_id=f"{t.id}-1")], {"n": 1}, TableStatus.ACTIVE
        )
    calls = []
    for i, t in enumerate(tables):
        if i % 3 == 0:
            calls.append(repo.append(t.id, 0, [move("stale")], {"n": -1}, TableStatus.ACTIVE))
        elif i % 3 == 1:
            calls.append(
                repo.append(
                    t.id, 1, [move("dup", request_id=f"{t.id}-1")], {"n": -1}, TableStatus.ACTIVE
                )
            )
        else:
            calls.append(
                repo.append(
                    t.id, 1, [move("second", request_id=f"{t.id}-2")], {"n": 2}, TableStatus.ACTIVE
                )
            )
    batches_before = repo.batches
    outcomes = await asyncio.gather(*calls, return_exceptions=True)
    assert repo.batches - batches_before < len(calls)  # they did share transactions
    for i, (t, outcome) in enumerate(zip(tables, outcomes, strict=True)):
        loaded = await repo.get_table(t.id)
        codes = [e.code for e in await repo.log(t.id)]
        if i % 3 == 0:
            assert isinstance(outcome, StaleSequence)
        elif i % 3 == 1:
            assert isinstance(outcome, DuplicateRequest) and outcome.seq == 1
        else:
            assert outcome == 2
        expected = ["first", "second"] if i % 3 == 2 else ["first"]
        assert codes == expected
        assert loaded.state == {"n": len(expected)} and loaded.seq == len(expected)


async def test_two_appends_on_one_seq_only_one_wins(repo):
    table = await new_table(repo)
    outcomes = await asyncio.gather(
        repo.append(table.id, 0, [move("a", 0, "ra")], {"who": "a"}, TableStatus.ACTIVE),
        repo.append(table.id, 0, [move("b", 1, "rb")], {"who": "b"}, TableStatus.ACTIVE),
        return_exceptions=True,
    )
    if isinstance(repo, SqliteRepository):
        # One writer, first come first served: the first call wins.
        assert outcomes[0] == 1 and isinstance(outcomes[1], StaleSequence)
    # On PostgreSQL the two race on two connections: exactly one wins, the other is stale.
    winner = outcomes.index(1)
    assert isinstance(outcomes[1 - winner], StaleSequence)
    who = "ab"[winner]
    assert (await repo.get_table(table.id)).state == {"who": who}
    assert [e.code for e in await repo.log(table.id)] == [who]


async def test_many_tables_append_concurrently_through_group_commit(file_repo):
    """100 tables x 10 moves at once: every move acknowledged, stored, in order, few commits."""
    repo = file_repo
    tables = [(await new_table(repo)).id for _ in range(100)]

    async def play(table_id):
        moves = []
        for seq in range(1, 11):
            moves.append(f"m{seq}")
            got = await repo.append(
                table_id,
                seq - 1,
                [move(f"m{seq}", seq % 2, f"{table_id}/{seq}")],
                {"moves": moves},
                TableStatus.ACTIVE,
            )
            assert got == seq

    batches_before = repo.batches
    await asyncio.gather(*(play(t) for t in tables))
    assert repo.batches - batches_before < 1000 / 5
    for table_id in tables:
        log = await repo.log(table_id)
        assert [e.seq for e in log] == list(range(1, 11))
        assert [e.code for e in log] == [f"m{i}" for i in range(1, 11)]
        table = await repo.get_table(table_id)
        assert table.seq == 10 and table.state == {"moves": [e.code for e in log]}


async def test_close_commits_what_is_queued(tmp_path):
    path = str(tmp_path / "t.db")
    repo = SqliteRepository(path)
    await repo.open()
    tables = [(await new_table(repo)).id for _ in range(20)]
    pending = [
        asyncio.ensure_future(
            repo.append(t, 0, [move("a", request_id=f"q{t}")], {"a": t}, TableStatus.ACTIVE)
        )
        for t in tables
    ]
    await asyncio.sleep(0)
    await repo.close()
    assert [p.result() for p in pending] == [1] * 20
    async with SqliteRepository(path) as reopened:
        for t in tables:
            assert (await reopened.get_table(t)).state == {"a": t}


# -- queries ------------------------------------------------------------------------------------


async def test_tables_of_user_newest_first_by_status(repo):
    first = await new_table(repo)
    second = await new_table(repo)
    third = await new_table(repo)
    elsewhere = await new_table(repo)
    await repo.set_seats(first.id, [SeatRecord(0, "Anna", "anna"), SeatRecord(1, "Ben", "ben")])
    # Anna holds two seats at the second table (hot seat): it is listed once.
    await repo.set_seats(second.id, [SeatRecord(0, "Anna", "anna"), SeatRecord(1, "Anna", "anna")])
    await repo.set_seats(third.id, [SeatRecord(0, "Anna", "anna")])
    await repo.set_seats(
        elsewhere.id, [SeatRecord(0, "Ben", "ben"), SeatRecord(1, "Bot", engine="r")]
    )
    await repo.update_table(second.id, status=TableStatus.ACTIVE)
    await repo.update_table(third.id, status=TableStatus.FINISHED)
    assert [t.id for t in await repo.tables_of_user("anna")] == [second.id, first.id]
    assert [t.id for t in await repo.tables_of_user("anna", (TableStatus.FINISHED,))] == [third.id]
    assert [t.id for t in await repo.tables_of_user("ben")] == [elsewhere.id, first.id]
    assert await repo.tables_of_user("nobody") == []
    assert await repo.tables_of_user("anna", ()) == []


async def test_tables_with_status(repo):
    lobby = await new_table(repo)
    active = await new_table(repo)
    done = await new_table(repo)
    await repo.append(active.id, 0, [move("a")], {"x": 1}, TableStatus.ACTIVE)
    await repo.append(done.id, 0, [move("a")], {"x": 2}, TableStatus.FINISHED, result={"winner": 0})
    assert [t.id for t in await repo.tables_with_status((TableStatus.ACTIVE,))] == [active.id]
    assert [
        t.id for t in await repo.tables_with_status((TableStatus.LOBBY, TableStatus.ACTIVE))
    ] == [lobby.id, active.id]
    finished = await repo.tables_with_status((TableStatus.FINISHED,))
    assert [(t.id, t.result, t.state) for t in finished] == [(done.id, {"winner": 0}, {"x": 2})]
    assert await repo.tables_with_status(()) == []


# -- the database itself ------------------------------------------------------------------------


async def test_migrations_apply_once_across_reopen(tmp_path):
    path = str(tmp_path / "t.db")
    shipped = [version for version, _, _ in migrations()]
    assert shipped[0] == 1 and shipped == sorted(set(shipped))
    async with SqliteRepository(path) as repo:
        assert await repo.schema_versions() == shipped
        table = await new_table(repo)
        await repo.append(table.id, 0, [move("a", request_id="r")], {"n": 1}, TableStatus.ACTIVE)
    for _ in range(2):
        async with SqliteRepository(path) as repo:
            assert await repo.schema_versions() == shipped
            assert (await repo.get_table(table.id)).state == {"n": 1}
            assert await repo.find_request("r") == (table.id, 1)
    with sqlite3.connect(path) as raw:
        rows = raw.execute("SELECT version, name FROM schema_version ORDER BY version").fetchall()
    assert [row[0] for row in rows] == shipped
    assert rows[0][1] == "0001_initial.sql"


async def test_file_database_runs_in_wal_with_durable_pragmas(file_repo, tmp_path):
    pragmas = await file_repo.pragmas()
    assert pragmas["journal_mode"] == "wal"
    assert pragmas["synchronous"] == 2  # FULL: an acknowledged move survives a power loss
    assert pragmas["foreign_keys"] == 1
    assert pragmas["busy_timeout"] == 5000
    with sqlite3.connect(tmp_path / "t.db") as raw:  # WAL is a property of the file itself
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_synchronous_level_is_configurable(tmp_path):
    async with SqliteRepository(str(tmp_path / "n.db"), synchronous="normal") as repo:
        assert (await repo.pragmas())["synchronous"] == 1
    with pytest.raises(ValueError, match=r"synchronous must be one of"):
        SqliteRepository(":memory:", synchronous="sometimes")


async def test_memory_databases_are_separate(tmp_path):
    async with SqliteRepository(":memory:") as one, SqliteRepository(":memory:") as two:
        table = await new_table(one)
        await one.append(table.id, 0, [move("a")], {"n": 1}, TableStatus.ACTIVE)
        assert (await one.get_table(table.id)).seq == 1
        with pytest.raises(UnknownTable, match=rf"^{table.id}$"):
            await two.get_table(table.id)


async def test_a_caller_that_stops_waiting_still_gets_its_move_committed(file_repo):
    """Once queued, a write commits even if its caller is cancelled: a retry finds it."""
    table = await new_table(file_repo)
    call = asyncio.ensure_future(
        file_repo.append(table.id, 0, [move("a", request_id="gone")], {"n": 1}, TableStatus.ACTIVE)
    )
    await asyncio.sleep(0)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    await file_repo.update_table(table.id, settings={"after": True})  # queued behind it
    assert await file_repo.find_request("gone") == (table.id, 1)
    with pytest.raises(DuplicateRequest, match=r"request gone already applied as action 1"):
        await file_repo.append(
            table.id, 0, [move("a", request_id="gone")], {"n": 1}, TableStatus.ACTIVE
        )


async def test_on_postgresql_a_caller_that_stops_waiting_still_gets_its_move_committed(
    postgres_server,
):
    """The same promise on PostgreSQL: the transaction finishes without its caller; closing
    waits for it, and after a reopen a retry finds it.
    """
    url = await new_postgres_database(postgres_server)
    async with PostgresRepository(url) as repo:
        table = await new_table(repo)
        call = asyncio.ensure_future(
            repo.append(table.id, 0, [move("a", request_id="gone")], {"n": 1}, TableStatus.ACTIVE)
        )
        await asyncio.sleep(0)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
    async with PostgresRepository(url) as repo:
        assert await repo.find_request("gone") == (table.id, 1)
        with pytest.raises(DuplicateRequest, match="request gone already applied as action 1"):
            await repo.append(
                table.id, 0, [move("a", request_id="gone")], {"n": 1}, TableStatus.ACTIVE
            )


async def test_a_clock_is_moved_by_its_holders_vacation_once_when_its_batch_is_redone(
    file_repo,
):
    """Group commit and vacations: a batch in which one item fails is redone item by item, and
    a turn clock stored in it with ``paused_at`` (its holder away after that time) is moved by
    the vacation once, as if the batch had gone through at the first try (not once per run)."""
    repo = file_repo
    table = await new_table(repo)
    await repo.append(table.id, 0, [move("first")], {"n": 1}, TableStatus.ACTIVE)
    at = 1_000_000.0
    away = 3 * 86_400.0
    await repo.add_vacation(VacationRecord(0, "u1", None, at - 10, at + away))
    clock = DeadlineRecord(0, "turn", at + 100, table.id, 0, "u1", {"since": 1}, 0, at + 200)
    batches = repo.batches
    outcomes = await asyncio.gather(
        # The first write finds the writer idle and goes alone; the two after it wait and
        # share the next batch, where the stale move fails after the clock was stored.
        repo.append(table.id, 1, [move("second")], {"n": 2}, TableStatus.ACTIVE),
        repo.replace_deadlines([], [clock], paused_at=at),
        repo.append(table.id, 1, [move("stale")], {"n": -1}, TableStatus.ACTIVE),
        return_exceptions=True,
    )
    assert repo.batches - batches == 2
    assert isinstance(outcomes[2], StaleSequence)
    stored = await repo.deadlines(table_id=table.id)
    assert [(d.due, d.ends) for d in stored] == [(at + 100 + away, at + 200 + away)]
    assert (clock.due, clock.ends) == (at + 100 + away, at + 200 + away)


async def test_a_locked_database_fails_the_batch_and_writes_nothing(tmp_path):
    """If the transaction itself cannot run, every caller hears so and nothing is half-written."""
    path = str(tmp_path / "t.db")
    async with SqliteRepository(path, busy_timeout_ms=50) as repo:
        table = await new_table(repo)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            outcomes = await asyncio.gather(
                repo.append(
                    table.id, 0, [move("a", request_id="ra")], {"n": 1}, TableStatus.ACTIVE
                ),
                repo.update_table(table.id, settings={"x": 1}),
                return_exceptions=True,
            )
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert all(isinstance(o, sqlite3.OperationalError) for o in outcomes)
        loaded = await repo.get_table(table.id)
        assert (loaded.seq, loaded.settings) == (0, {})
        assert await repo.log(table.id) == []
        # The lock is gone: the retry goes through.
        assert (
            await repo.append(
                table.id, 0, [move("a", request_id="ra")], {"n": 1}, TableStatus.ACTIVE
            )
            == 1
        )


async def test_a_closed_repository_refuses_writes(tmp_path):
    repo = SqliteRepository(str(tmp_path / "t.db"))
    await repo.open()
    await repo.close()
    with pytest.raises(StorageError, match=r"repository is not open"):
        await new_table(repo)
    with pytest.raises(StorageError, match=r"repository is not open"):
        await repo.get_table(1)


async def test_a_failing_migration_is_rolled_back_whole(tmp_path, monkeypatch):
    """Each migration runs in its own transaction: a broken one leaves no half of itself."""
    import storage.sqlite as sqlite_module

    path = str(tmp_path / "t.db")
    shipped = migrations()
    broken = (
        "CREATE TABLE half_done (x INTEGER);\n"
        "INSERT INTO half_done VALUES (1);\n"
        "INSERT INTO no_such_table VALUES (1);\n"
    )
    monkeypatch.setattr(
        sqlite_module, "migrations", lambda: [*shipped, (9999, "9999_broken.sql", broken)]
    )
    with pytest.raises(sqlite3.OperationalError, match=r"no such table: no_such_table"):
        await SqliteRepository(path).open()
    with sqlite3.connect(path) as raw:
        versions = [r[0] for r in raw.execute("SELECT version FROM schema_version")]
        names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert versions == [version for version, _, _ in shipped]
    assert "tables" in names and "half_done" not in names
    monkeypatch.setattr(sqlite_module, "migrations", lambda: shipped)
    async with SqliteRepository(path) as repo:  # the good migrations stand and are not redone
        assert await repo.schema_versions() == versions
