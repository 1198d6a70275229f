"""The history and profile reads (migration 0021, ``storage/history.py``), on both backends."""

from __future__ import annotations

import sqlite3

from storage.base import LogEntry, SeatRecord
from storage.sqlite import SqliteRepository
from storage.statuses import TableStatus


async def finished_table(repo, guild, users, game="test-highcard", ranks=None):
    """A finished table on ``guild`` with ``users`` seated and a stored result."""
    place = {"guild": guild, "channel": "c"} if guild is not None else {"terminal": 1}
    table = await repo.create_table(game, {}, 7, place, users[0])
    await repo.set_seats(table.id, [SeatRecord(i, u.upper(), u) for i, u in enumerate(users)])
    result = {"scores": [1, 0][: len(users)], "ranks": ranks or [1, 2][: len(users)]}
    await repo.append(
        table.id, 0, [LogEntry(1, 0, "play:1")], {"s": 1}, TableStatus.FINISHED, result
    )
    return table.id


def moved(step):
    """An ``update`` for rate_table: every member's mu moves by ``step``, sigma shrinks."""
    return lambda current: [
        ((r.mu if r else 25.0) + step, (r.sigma if r else 8.0) - 1.0) for r in current
    ]


async def test_every_rating_is_kept_in_the_history_with_its_table(repo):
    """Issue 20, part 5 (the rating over time): each rated table adds one point per member,
    numbered by the member's rated games, naming the table; a table rated twice adds none.
    """
    first = await finished_table(repo, "g", ["a", "b"])
    second = await finished_table(repo, "g", ["a", "b"])
    await repo.rate_table(first, "test-highcard", "g", [("a", "A"), ("b", "B")], moved(2.0))
    await repo.rate_table(second, "test-highcard", "g", [("a", "A"), ("b", "B")], moved(1.0))
    assert await repo.rate_table(second, "test-highcard", "g", [("a", "A")], moved(5.0)) is None
    points = await repo.rating_history("test-highcard", "g", "a")
    assert [(p.games, p.table_id, p.mu, p.sigma) for p in points] == [
        (1, first, 27.0, 7.0),
        (2, second, 28.0, 6.0),
    ]
    assert points[0].at <= points[1].at
    assert await repo.rating_history("test-highcard", "other-guild", "a") == []


async def test_rank_follows_the_leaderboards_order(repo):
    """Issue 20, part 5 (the rating with its rank): the place is the member's line on
    ``leaderboard``, out of everyone rated in that game on that server.
    """
    table = await finished_table(repo, "g", ["a", "b"])
    await repo.rate_table(
        table,
        "test-highcard",
        "g",
        [("a", "A"), ("b", "B")],
        lambda current: [(30.0, 5.0), (20.0, 5.0)],
    )
    third = await finished_table(repo, "g", ["c", "d"])
    await repo.rate_table(
        third,
        "test-highcard",
        "g",
        [("c", "C"), ("d", "D")],
        lambda current: [(20.0, 5.0), (10.0, 5.0)],
    )
    board = [r.user_id for r in await repo.leaderboard("test-highcard", "g", 10)]
    for user in "abcd":
        assert await repo.rating_rank("test-highcard", "g", user) == (board.index(user) + 1, 4)
    assert await repo.rating_rank("test-highcard", "g", "nobody") is None
    assert [r.game for r in await repo.ratings_of_member("g", "a")] == ["test-highcard"]
    assert await repo.ratings_of_member("other-guild", "a") == []


async def test_finished_tables_of_a_member_on_one_server(repo):
    """Issue 20, part 4 (``/table history``): only finished tables where the member holds a
    seat, only on the server asked about, of the game asked for, newest first, with results
    and without states.
    """
    here = [await finished_table(repo, "g", ["a", "b"]) for _ in range(3)]
    await finished_table(repo, "elsewhere", ["a", "b"])
    await finished_table(repo, "g", ["b", "c"])
    running = await repo.create_table("test-highcard", {}, 1, {"guild": "g"}, "a")
    await repo.set_seats(running.id, [SeatRecord(0, "A", "a")])
    found = await repo.finished_tables_of_user("a", "g")
    assert [t.id for t, _seat in found] == sorted(here, reverse=True)
    assert all(t.state is None and t.result["ranks"] == [1, 2] for t, _seat in found)
    assert [seat for _t, seat in found] == [0, 0, 0]
    assert [seat for _t, seat in await repo.finished_tables_of_user("b", "g")][-3:] == [1, 1, 1]
    assert [t.id for t, _ in await repo.finished_tables_of_user("a", "g", limit=2)] == [
        here[2],
        here[1],
    ]
    assert await repo.finished_tables_of_user("a", "g", game="stardust") == []


async def test_ratings_stored_before_the_history_start_it(tmp_path):
    """Migration 0021 carries every stored rating over as its member's first point, so a
    profile of someone rated before the upgrade still has a chart.
    """
    path = tmp_path / "old.sqlite3"
    async with SqliteRepository(str(path)) as repo:
        table = await finished_table(repo, "g", ["a", "b"])
        await repo.rate_table(table, "test-highcard", "g", [("a", "A"), ("b", "B")], moved(3.0))
    with sqlite3.connect(path) as raw:
        raw.execute("DELETE FROM rating_history")
        raw.execute("DELETE FROM schema_version WHERE version = 21")
        raw.execute("DROP TABLE rating_history")
    async with SqliteRepository(str(path)) as repo:
        points = await repo.rating_history("test-highcard", "g", "a")
    assert [(p.games, p.table_id, p.mu) for p in points] == [(1, None, 28.0)]
