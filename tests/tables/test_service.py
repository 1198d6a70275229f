"""The table service: lobby, start, moves under a lock, idempotence, restarts (issue 2, part 5)."""

from __future__ import annotations

import asyncio

import pytest

from games.core import replay
from storage import TableStatus, open_repository
from storage.sqlite import SqliteRepository
from tables.service import Member, TableError, TableService

ANNA = Member("u-anna", "Anna")
BEN = Member("u-ben", "Ben")
CARLA = Member("u-carla", "Carla")
GAME = "test-highcard"


@pytest.fixture
async def service(repo):
    return TableService(repo)


async def _started(service: TableService, seed: int = 7):
    table = await service.create(GAME, ANNA, {"channel": "1"}, {"hand": 2}, seed=seed)
    await service.join(table.id, BEN)
    outcome = await service.start(table.id, ANNA)
    return outcome.table


async def test_lobby_join_leave_and_full_table(service):
    """Join and leave only before the start; a full table refuses; nobody sits twice."""
    table = await service.create(GAME, ANNA, {"channel": "1"}, seed=1)
    await service.join(table.id, BEN)
    with pytest.raises(TableError, match=r"already have a seat") as twice:
        await service.join(table.id, BEN)
    assert twice.value.reason.en == "You already have a seat at this table."
    await service.join(table.id, CARLA)
    await service.join(table.id, Member("u-dora", "Dora"))
    with pytest.raises(TableError, match="full"):
        await service.join(table.id, Member("u-emil", "Emil"))
    table = await service.leave(table.id, CARLA)
    assert [seat.name for seat in table.seats] == ["Anna", "Ben", "Dora"]
    assert [seat.seat for seat in table.seats] == [0, 1, 2]
    with pytest.raises(TableError, match=r"do not have a seat"):
        await service.leave(table.id, CARLA)


async def test_host_leaving_closes_the_lobby(service):
    """The host leaving a lobby cancels the table: nobody else chose its options."""
    table = await service.create(GAME, ANNA, {"channel": "1"}, seed=1)
    await service.join(table.id, BEN)
    table = await service.leave(table.id, ANNA)
    assert table.status == TableStatus.CANCELLED
    with pytest.raises(TableError, match=r"already ended"):
        await service.join(table.id, CARLA)


async def test_only_the_host_starts_and_player_count_is_checked(service):
    """Start is the host's; a table below the game's minimum cannot start."""
    table = await service.create(GAME, ANNA, {"channel": "1"}, seed=1)
    with pytest.raises(TableError, match=r"played by 2 to 4 players") as too_few:
        await service.start(table.id, ANNA)
    assert "2 to 4" in too_few.value.reason.en
    await service.join(table.id, BEN)
    with pytest.raises(TableError, match=r"Only the player who opened the table") as not_host:
        await service.start(table.id, BEN)
    assert not_host.value.kind == "forbidden"
    outcome = await service.start(table.id, ANNA)
    assert outcome.table.status == TableStatus.ACTIVE
    assert outcome.applied[0].seat == -1  # the deal is the first logged action
    with pytest.raises(TableError, match="already started"):
        await service.join(table.id, CARLA)


async def test_out_of_range_option_is_refused(service):
    """An absurd option gets a clear answer naming it and creates nothing."""
    with pytest.raises(TableError, match=r"Invalid option hand: it must be at most 3") as error:
        await service.create(GAME, ANNA, {"channel": "1"}, {"hand": 99})
    assert "hand" in error.value.reason.en and "hand" in error.value.reason.de
    assert await service.tables_of_user(ANNA.user_id) == []


async def test_bad_moves_change_nothing(service, repo):
    """Not your turn, not a player, an impossible card, garbage: refused, nothing stored."""
    table = await _started(service)
    actor = table.to_act()[0]
    other = 1 - actor
    members = {0: ANNA, 1: BEN}
    seq = table.seq
    legal = table.legal_actions(actor)
    with pytest.raises(TableError, match=r"not your turn") as wrong_turn:
        await service.act(table.id, members[other], legal[0])
    assert wrong_turn.value.reason.en == "It is not your turn."
    with pytest.raises(TableError, match=r"not a player at this table") as foreign:
        await service.act(table.id, CARLA, legal[0])
    assert foreign.value.kind == "foreign"
    not_held = next(f"play:{card}" for card in range(12) if f"play:{card}" not in legal)
    for code, reason in (
        (not_held, "That move is not possible right now"),
        ("garbage::", "That is not a valid move"),
        ("x" * 300, "That is not a valid move"),
    ):
        with pytest.raises(TableError, match=reason):
            await service.act(table.id, members[actor], code)
    assert (await repo.get_table(table.id)).seq == seq
    assert len(await repo.log(table.id)) == seq


async def test_stale_button_and_duplicate_request(service, repo):
    """A click on an old state is refused as stale; a request id applies once only."""
    table = await _started(service)
    members = {0: ANNA, 1: BEN}
    actor = table.to_act()[0]
    code = table.legal_actions(actor)[0]
    seq = table.seq
    outcome = await service.act(
        table.id, members[actor], code, expected_seq=seq, request_id="click-1"
    )
    assert not outcome.duplicate and outcome.applied[0].code == code
    again = await service.act(
        table.id, members[actor], code, expected_seq=seq, request_id="click-1"
    )
    assert again.duplicate and again.applied == []
    nxt = outcome.table.to_act()[0]
    with pytest.raises(TableError, match=r"The table has moved on") as stale:
        await service.act(
            table.id, members[nxt], outcome.table.legal_actions(nxt)[0], expected_seq=seq
        )
    assert stale.value.kind == "stale"
    assert (await repo.get_table(table.id)).seq == outcome.table.seq


async def test_two_clicks_at_once_apply_one_move(service, repo):
    """Two simultaneous clicks on the same state: exactly one is applied."""
    table = await _started(service)
    members = {0: ANNA, 1: BEN}
    actor = table.to_act()[0]
    first, second = table.legal_actions(actor)[:2]
    seq = table.seq

    async def click(code, request):
        try:
            return await service.act(
                table.id, members[actor], code, expected_seq=seq, request_id=request
            )
        except TableError as error:
            return error

    results = await asyncio.gather(click(first, "a"), click(second, "b"))
    applied = [r for r in results if not isinstance(r, TableError)]
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(applied) == 1 and len(refused) == 1 and refused[0].kind == "stale"
    log = await repo.log(table.id)
    assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
    assert sum(1 for entry in log if entry.seq > seq and entry.seat == actor) == 1


async def test_strong_engine_seats_search_and_play_legal_moves_at_a_table(service, repo):
    """Issue 18: a strong seat at a table searches (in a worker thread, on the table's seeded
    generator) and plays legal moves; the table then waits for the human again; the seat's
    name shows its level."""
    table = await service.create("stardust", ANNA, {"channel": "1"}, seed=5)
    await service.add_engine(table.id, ANNA, "strong")
    await service.add_engine(table.id, ANNA, "strong")
    assert [seat.name for seat in (await service.get(table.id)).seats][1:] == [
        "🤖 Engine (stark/strong) 1",
        "🤖 Engine (stark/strong) 2",
    ]
    table = (await service.start(table.id, ANNA)).table
    for _ in range(3):
        if table.status != TableStatus.ACTIVE:
            break
        assert table.to_act() == [0]
        table = (await service.act(table.id, ANNA, table.legal_actions(0)[0])).table
    log = await repo.log(table.id)
    assert any(entry.seat in (1, 2) for entry in log), "the engines moved"
    game, state = table.game, table.game.initial_state(3, table.options)
    for entry in log:  # every stored move was legal where it was made
        state, _events = game.apply(state, entry.seat, entry.code)


async def test_engine_seats_play_and_the_game_finishes(service, repo):
    """Engine seats and chance move by themselves; a finished table has a result."""
    table = await service.create(GAME, ANNA, {"channel": "1"}, {"hand": 3}, seed=11)
    await service.add_engine(table.id, ANNA, "random")
    await service.add_engine(table.id, ANNA, "random")
    outcome = await service.start(table.id, ANNA)
    table = outcome.table
    while table.status == TableStatus.ACTIVE:
        assert table.to_act() == [0]  # only the human is ever waited for
        outcome = await service.act(table.id, ANNA, table.legal_actions(0)[0])
        table = outcome.table
    assert table.status == TableStatus.FINISHED
    result = table.result()
    assert result is not None and len(result.ranks) == 3
    stored = await repo.get_table(table.id)
    assert stored.status == TableStatus.FINISHED and stored.result == result.model_dump(mode="json")


async def test_restart_continues_from_storage_and_replays(repo, database_url):
    """A new service on the same database continues the table; the log replays the snapshot."""
    first = TableService(repo)
    table = await _started(first, seed=5)
    members = {0: ANNA, 1: BEN}
    actor = table.to_act()[0]
    await first.act(table.id, members[actor], table.legal_actions(actor)[0])
    await repo.close()

    reopened = open_repository(database_url)
    await reopened.open()
    try:
        second = TableService(reopened)
        table = await second.get(table.id)
        log = await reopened.log(table.id)
        rebuilt = replay(
            table.game, len(table.seats), table.options, [(e.seat, e.code) for e in log]
        )
        assert rebuilt == table.state
        actor = table.to_act()[0]
        outcome = await second.act(table.id, members[actor], table.legal_actions(actor)[0])
        assert outcome.table.seq > len(log)
    finally:
        await reopened.close()


async def test_same_seed_same_moves_same_game(tmp_path):
    """Chance is derived from the table seed and the state number: reproducible."""
    states = []
    for run in range(2):
        repository = SqliteRepository(str(tmp_path / f"run{run}.sqlite3"))
        await repository.open()
        service = TableService(repository)
        table = await _started(service, seed=42)
        states.append(table.state)
        await repository.close()
    assert states[0] == states[1]


async def test_tables_of_user_and_cancel_rights(service):
    """A user's open tables; only the host (or a manager) may cancel."""
    table = await _started(service)
    assert [t.id for t in await service.tables_of_user(BEN.user_id)] == [table.id]
    with pytest.raises(TableError, match=r"Only the player who opened the table") as refused:
        await service.cancel(table.id, BEN)
    assert refused.value.kind == "forbidden"
    cancelled = await service.cancel(table.id, BEN, may_manage=True)
    assert cancelled.status == TableStatus.CANCELLED
    assert await service.tables_of_user(BEN.user_id) == []


async def test_finished_listeners_hear_each_finished_table_once_after_it_is_stored(service, repo):
    """Ratings and tournaments learn of a result only once it is stored, and a failing listener
    does not undo the move that finished the table."""
    heard: list[tuple[int, str]] = []

    async def listener(table):
        stored = await repo.get_table(table.id)
        heard.append((table.id, stored.status))

    async def broken(table):
        raise RuntimeError("listener bug")

    service.finished_listeners.extend([broken, listener])
    table = await service.create(GAME, ANNA, {"channel": "1"}, {"hand": 2}, seed=5)
    await service.add_engine(table.id, ANNA, "random")
    table = (await service.start(table.id, ANNA)).table
    while table.status == TableStatus.ACTIVE:
        assert heard == []
        table = (await service.act(table.id, ANNA, table.legal_actions(0)[0])).table
    assert heard == [(table.id, TableStatus.FINISHED)]


async def test_memory_stays_bounded_however_many_tables_were_touched(repo):
    """Issue 22: a process keeps at most ``cache_size`` tables in memory (the least recently
    used dropped first) and a lock per table or person only while someone holds or awaits it,
    however many tables it served; a table dropped from memory is read again and plays on."""
    service = TableService(repo, cache_size=4)
    settings = {"clock": {"per_move": 86400, "on_timeout": "engine"}}
    ids = []
    for number in range(10):
        host, guest = Member(f"h{number}", "H"), Member(f"g{number}", "G")
        table = await service.create(
            GAME, host, {"channel": "1"}, {"hand": 2}, seed=number, settings=settings
        )
        await service.join(table.id, guest)
        table = (await service.start(table.id, host)).table
        seat = table.to_act()[0]
        await service.act(table.id, host if seat == 0 else guest, table.legal_actions(seat)[0])
        ids.append(table.id)
        assert len(service._cache) <= 4
    assert len(service._locks) == 0 and len(service.clocks._people) == 0
    assert service.cached(ids[0]) is None and service.cached(ids[-1]) is not None
    async with service._lock(ids[0]):
        assert ids[0] in service._locks  # held: kept, so a second caller waits for the same
    assert ids[0] not in service._locks
    table = await service.get(ids[0])
    seq, seat = table.seq, table.to_act()[0]
    member = Member(table.seats[seat].user_id, "H")
    outcome = await service.act(ids[0], member, table.legal_actions(seat)[0], expected_seq=seq)
    assert outcome.table.seq > seq
    log = await repo.log(ids[0])
    options = table.game.parse_options(2, table.record.options)
    assert replay(table.game, 2, options, [(e.seat, e.code) for e in log]) == outcome.table.state
