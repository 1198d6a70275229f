"""Ratings (issue 10): openskill per game per server from rated finished tables, compared with
the library called directly on the same inputs; placings and teams; provisional players.
"""

from __future__ import annotations

import itertools

import pytest
from openskill.models import PlackettLuce

from games.core import Result
from storage.base import RatingRecord
from storage.sqlite import SqliteRepository
from tables.service import Member, TableService
from tables.tournaments.ratings import (
    PROVISIONAL_GAMES,
    RatingService,
    is_provisional,
    new_ratings,
)

ANNA, BEN, CARLA = Member("u-a", "Anna"), Member("u-b", "Ben"), Member("u-c", "Carla")


def test_multiplayer_placings_match_openskill():
    """Four seats placing 2, 1, 3, 1 (two share first): the same as PlackettLuce.rate with
    each seat its own team and those ranks, starting from the stored mu/sigma.
    """
    current = [
        None,
        RatingRecord("g", "s", "b", "B", 30.0, 5.0, 7),
        RatingRecord("g", "s", "c", "C", 20.0, 7.0, 2),
        None,
    ]
    result = Result(scores=[5, 9, 1, 9], ranks=[2, 1, 3, 1])
    model = PlackettLuce()
    expected = model.rate(
        [
            [model.rating()],
            [model.rating(mu=30.0, sigma=5.0)],
            [model.rating(mu=20.0, sigma=7.0)],
            [model.rating()],
        ],
        ranks=[2, 1, 3, 1],
    )
    got = new_ratings(current, result)
    assert got == [(team[0].mu, team[0].sigma) for team in expected]


def test_teams_are_rated_as_teams():
    """Seats 0 and 2 against 1 and 3, the first team winning: openskill with two teams."""
    result = Result(scores=[10, 3, 10, 3], ranks=[1, 2, 1, 2], teams=[[0, 2], [1, 3]])
    model = PlackettLuce()
    expected = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    got = new_ratings([None] * 4, result)
    assert got[0] == got[2] == (expected[0][0].mu, expected[0][0].sigma)
    assert got[1] == got[3] == (expected[1][0].mu, expected[1][0].sigma)
    assert got[0][0] > 25 > got[1][0]


@pytest.fixture
async def rated(tmp_path):
    repo = SqliteRepository(str(tmp_path / "r.sqlite3"), synchronous="OFF")
    await repo.open()
    tables = TableService(repo, seed_source=itertools.count(3).__next__)
    ratings = RatingService(repo)
    tables.finished_listeners.append(ratings.on_table_finished)
    yield repo, tables, ratings
    await repo.close()


async def play(tables, members, *, engines=0, guild="s1"):
    table = await tables.create("test-highcard", members[0], {"guild": guild}, {"hand": 1})
    for member in members[1:]:
        await tables.join(table.id, member)
    for _ in range(engines):
        await tables.add_engine(table.id, members[0], "random")
    outcome = await tables.start(table.id, members[0])
    table = outcome.table
    while table.status == "active":
        seat = table.to_act()[0]
        who = Member(table.seats[seat].user_id, "")
        table = (await tables.act(table.id, who, table.legal_actions(seat)[0])).table
    return table


async def test_finished_tables_update_ratings_like_the_library(rated):
    """Two members' finished table: both get openskill's new ratings from the defaults; a
    second table starts from the stored ones; games are counted; the listener called again
    for the same table changes nothing; everyone is provisional for the first games.
    """
    repo, tables, ratings = rated
    model = PlackettLuce()
    first = await play(tables, [ANNA, BEN])
    ranks = first.result().ranks
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    stored = await repo.ratings("test-highcard", "s1", [ANNA.user_id, BEN.user_id])
    for seat, member in enumerate([ANNA, BEN]):
        assert stored[member.user_id].mu == pytest.approx(expected[seat][0].mu)
        assert stored[member.user_id].sigma == pytest.approx(expected[seat][0].sigma)
        assert stored[member.user_id].games == 1
        assert is_provisional(stored[member.user_id])
    assert await ratings.on_table_finished(first) is None  # rated once
    second = await play(tables, [BEN, ANNA, CARLA])
    ranks = second.result().ranks
    before = [stored[BEN.user_id], stored[ANNA.user_id]]
    expected = model.rate(
        [
            [model.rating(mu=before[0].mu, sigma=before[0].sigma)],
            [model.rating(mu=before[1].mu, sigma=before[1].sigma)],
            [model.rating()],
        ],
        ranks=ranks,
    )
    after = await repo.ratings("test-highcard", "s1", [BEN.user_id, ANNA.user_id, CARLA.user_id])
    for seat, member in enumerate([BEN, ANNA, CARLA]):
        assert after[member.user_id].mu == pytest.approx(expected[seat][0].mu)
    assert after[ANNA.user_id].games == 2 and after[CARLA.user_id].games == 1
    board = await ratings.leaderboard("test-highcard", "s1")
    assert [line.ordinal for line in board] == sorted(
        (line.ordinal for line in board), reverse=True
    )
    assert all(line.provisional for line in board)
    assert await ratings.leaderboard("test-highcard", "other-server") == []


async def test_engine_tables_and_lone_members_are_not_rated(rated):
    """A table with an engine seat is not rated, nor a table off a server."""
    repo, tables, _ratings = rated
    await play(tables, [ANNA], engines=1)
    await play(tables, [ANNA, BEN], engines=1)
    await play(tables, [ANNA, BEN], guild="")
    assert await repo.leaderboard("test-highcard", "s1") == []


async def test_provisional_until_enough_games(rated):
    """Provisional while fewer than PROVISIONAL_GAMES (5) rated games or sigma above 7: after
    four two-player games Anna is marked; after eight (sigma about 6.6) she is not.
    """
    _repo, tables, ratings = rated
    for _ in range(4):
        await play(tables, [ANNA, BEN])
    board = {line.record.user_id: line for line in await ratings.leaderboard("test-highcard", "s1")}
    assert board[ANNA.user_id].record.games == 4 and board[ANNA.user_id].provisional
    for _ in range(4):
        await play(tables, [ANNA, BEN])
    board = {line.record.user_id: line for line in await ratings.leaderboard("test-highcard", "s1")}
    anna = board[ANNA.user_id]
    assert anna.record.games == PROVISIONAL_GAMES + 3
    assert anna.record.sigma < 7.0 and not anna.provisional
