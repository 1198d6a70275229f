"""Issue 16 in storage: the database file is private, limits and hand-over requests persist,
and a request leaves "pending" exactly once."""

from __future__ import annotations

import os
import stat

import pytest

from storage import GuildLimits, HandoverRecord, SeatRecord
from storage.sqlite import SqliteRepository


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


async def test_a_fresh_database_and_its_wal_and_shm_files_are_readable_by_the_owner_only(
    tmp_path,
):
    """The file holds every hand and user id: 0600 from creation, whatever the umask (here
    the usual 022, which would leave it world-readable), and SQLite's -wal and -shm files
    inherit that mode."""
    path = tmp_path / "fresh.sqlite3"
    previous = os.umask(0o022)
    try:
        repository = SqliteRepository(str(path))
        await repository.open()
        try:
            await repository.create_table("test-highcard", {}, 1, {}, "u-anna")
            for suffix in ("", "-wal", "-shm"):
                assert mode(f"{path}{suffix}") == 0o600, suffix
        finally:
            await repository.close()
    finally:
        os.umask(previous)
    assert mode(path) == 0o600


async def test_an_existing_database_keeps_the_mode_its_operator_chose(tmp_path):
    path = tmp_path / "kept.sqlite3"
    path.touch(mode=0o640)
    os.chmod(path, 0o640)
    repository = SqliteRepository(str(path))
    await repository.open()
    await repository.close()
    assert mode(path) == 0o640


async def test_guild_limits_store_only_what_a_server_chose(repo):
    assert await repo.get_guild_limits("g1") == GuildLimits("g1")
    await repo.save_guild_limits(GuildLimits("g1", open_lobbies=4, lobby_days=2))
    await repo.save_guild_limits(GuildLimits("g2", tournaments=9))
    assert await repo.get_guild_limits("g1") == GuildLimits("g1", 4, None, None, None, 2)
    assert (await repo.get_guild_limits("g2")).tournaments == 9


async def test_tables_of_a_user_are_counted_per_server_and_status(repo):
    for guild in ("g1", "g1", "g2"):
        record = await repo.create_table("test-highcard", {}, 1, {"guild": guild}, "u-anna")
        await repo.set_seats(record.id, [SeatRecord(0, "Anna", "u-anna")])
    await repo.update_table(1, status="active")
    assert await repo.count_tables_of_user("u-anna", "g1", ("lobby",)) == 1
    assert await repo.count_tables_of_user("u-anna", "g1", ("lobby", "active")) == 2
    assert await repo.count_tables_of_user("u-anna", "g2", ("lobby", "active")) == 1
    assert await repo.count_tables_of_user("u-ben", "g1", ("lobby", "active")) == 0


async def test_a_request_is_settled_exactly_once(repo):
    """Accept, Decline and the expiry race: the first to settle wins, the rest change nothing."""
    table = await repo.create_table("test-highcard", {}, 1, {"guild": "g1"}, "u-anna")
    record = await repo.add_handover(
        HandoverRecord(0, table.id, 1, "u-anna", "u-carla", "Carla", due=10.0, data={"a": 1})
    )
    assert record.id > 0
    assert [r.id for r in await repo.handovers_of_table(table.id)] == [record.id]
    assert await repo.settle_handover(record.id, "accepted")
    assert not await repo.settle_handover(record.id, "expired")
    assert not await repo.settle_handover(record.id, "declined")
    stored = await repo.get_handover(record.id)
    assert stored.status == "accepted" and stored.data == {"a": 1} and stored.name == "Carla"
    assert await repo.handovers_of_table(table.id) == []
    with pytest.raises(ValueError, match="cannot be settled as 'pending'"):
        await repo.settle_handover(record.id, "pending")
    assert await repo.get_handover(record.id + 1) is None
