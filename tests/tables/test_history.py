"""Histories, replays and profiles in the application (issue 20, parts 4 and 5)."""

from __future__ import annotations

import pytest

from games.core import replay
from tables.history import HistoryService
from tables.service import Member, TableError, TableService
from tables.tournaments.ratings import RatingService

ANNA = Member("u-anna", "Anna")
BEN = Member("u-ben", "Ben")
CARLA = Member("u-carla", "Carla")
GAME = "test-highcard"
GUILD = "g1"


@pytest.fixture
async def services(repo):
    tables = TableService(repo)
    ratings = RatingService(repo)
    tables.finished_listeners.append(ratings.on_table_finished)
    return tables, HistoryService(repo, tables)


async def play_out(tables, table_id, *, until=None):
    """Play the first legal card for whoever is to act (until ``until`` actions are logged)."""
    while (table := await tables.get(table_id)).status == "active":
        if until is not None and table.seq >= until:
            return table
        seat = table.to_act()[0]
        holder = table.seats[seat]
        member = Member(holder.user_id, holder.name)
        await tables.act(table_id, member, table.legal_actions(seat)[0])
    return table


async def started(tables, seed=3, guild=GUILD):
    table = await tables.create(
        GAME, ANNA, {"guild": guild, "channel": "c"}, {"hand": 2}, seed=seed
    )
    await tables.join(table.id, BEN)
    return (await tables.start(table.id, ANNA)).table


async def test_each_step_is_the_logged_state_seen_by_the_viewers_own_seat(services):
    """Issue 20, part 4: step k of a replay is the view of the state after the first k logged
    actions: the seat's own view for its holder, the public one for anyone else; the step's
    events reach a viewer only when addressed to everyone or to their seat.
    """
    tables, history = services
    table = await play_out(tables, (await started(tables)).id)
    log = [(e.seat, e.code) for e in await tables.repo.log(table.id)]
    game = table.game
    for user, seat in ((ANNA.user_id, 0), (BEN.user_id, 1), (CARLA.user_id, None)):
        for step in range(len(log) + 1):
            page = await history.replay_page(table.id, GUILD, user, step)
            state = replay(game, 2, table.options, log[:step])
            assert page.seat == seat and page.steps == len(log)
            assert page.view == game.view(state, seat)
            assert all(event.to in (None, seat) for event in page.events)
        dealt = await history.replay_page(table.id, GUILD, user, 1)
        assert dealt.actor == -1
        # The deal tells each seat its own cards ("dealt", to that seat) and everyone the rest.
        assert [event.to for event in dealt.events if event.kind == "dealt"] == (
            [] if seat is None else [seat]
        )
        assert [event.kind for event in dealt.events if event.to is None] == ["deal"]
    beyond = await history.replay_page(table.id, GUILD, ANNA.user_id, len(log) + 40)
    assert beyond.step == len(log)


async def test_a_seat_that_changed_hands_is_replayed_publicly_to_every_holder(services):
    """Issue 20, part 4 (nothing hidden from others is shown): the log does not say when a
    seat changed hands, so neither its new holder (who did not see the cards dealt before)
    nor the member who handed it over (who did not see those after) gets its hidden cards;
    the other seat's holder still sees their own.
    """
    tables, history = services
    table = await started(tables)
    await play_out(tables, table.id, until=table.seq + 1)
    await tables.substitute(table.id, 0, ANNA, CARLA)
    table = await play_out(tables, table.id)
    dealt = replay(
        table.game,
        2,
        table.options,
        [(e.seat, e.code) for e in (await tables.repo.log(table.id))[:1]],
    )
    for user in (ANNA.user_id, CARLA.user_id):
        page = await history.replay_page(table.id, GUILD, user, 1)
        assert page.seat is None
        assert page.view == table.game.view(dealt, None)
        assert all(event.to is None for event in page.events)
    assert (await history.replay_page(table.id, GUILD, BEN.user_id, 1)).seat == 1


async def test_refusals_name_what_is_wrong(services):
    """A table of another server is no table here; a lobby has nothing to replay."""
    tables, history = services
    table = await started(tables, guild="other")
    with pytest.raises(TableError, match="no table") as other:
        await history.replay_page(table.id, GUILD, ANNA.user_id, 0)
    assert other.value.reason.en == f"There is no table {table.id}."
    lobby = await tables.create(GAME, ANNA, {"guild": GUILD, "channel": "c"}, {"hand": 2})
    with pytest.raises(TableError, match="has not started") as waiting:
        await history.replay_page(lobby.id, GUILD, ANNA.user_id, 0)
    assert waiting.value.reason.de.startswith(f"Tisch {lobby.id} hat noch nicht begonnen")


async def test_history_and_profile_count_places_and_wins_per_game(services):
    """Issue 20, parts 4 and 5: the history lists the member's finished tables on the server
    with places; the profile counts played and won, and its rating history has one point per
    rated table, the rank the leaderboard's.
    """
    tables, history = services
    finished = [await play_out(tables, (await started(tables, seed=s)).id) for s in (1, 2, 3)]
    lines = await history.history(GUILD, BEN.user_id)
    assert [line.table_id for line in lines] == [t.id for t in reversed(finished)]
    assert [line.place for line in lines] == [t.result().ranks[1] for t in reversed(finished)]
    profile = await history.profile(GUILD, BEN.user_id)
    [record] = profile.games
    assert record.played == 3
    assert record.won == sum(t.result().ranks[1] == 1 for t in finished)
    assert [p.table_id for p in record.points] == [t.id for t in finished]
    board = await RatingService(tables.repo).leaderboard(GAME, GUILD)
    place = [line.record.user_id for line in board].index(BEN.user_id) + 1
    assert record.rank == (place, 2) and record.provisional
    assert [line.table_id for line in profile.recent] == [t.id for t in reversed(finished)]
    assert (await history.profile("other", BEN.user_id)).games == []
