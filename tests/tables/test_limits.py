"""Issue 16 on the table service: limits hold under a burst, the operator's caps bound them,
resigning follows the game's forfeit rule (Stardust plays on), hand-over requests are answered
once, and finished tables cost no memory or clock work. A real SQLite file, a virtual clock.
"""

from __future__ import annotations

import asyncio

import pytest

from games.core import FORFEIT, forfeited
from storage import TableStatus
from tables import notices
from tables.clocks import DAY, HOUR
from tables.handover import HandoverLapsed
from tables.limits import LOBBY_EXPIRY, LimitCaps, LobbyExpired
from tables.service import Member, TableError, TableService
from tests.tables.test_clocks import VirtualClock, assert_replays, clocked

ANNA = Member("u-anna", "Anna")
BEN = Member("u-ben", "Ben")
CARLA = Member("u-carla", "Carla")
DORA = Member("u-dora", "Dora")
GAME = "test-highcard"
HERE = {"guild": "g1", "channel": "c1"}


@pytest.fixture
def clock():
    return VirtualClock()


@pytest.fixture
def service(repo, clock):
    return TableService(repo, clock=clock)


async def started(service, members=(ANNA, BEN), game=GAME, settings=None):
    table = await service.create(game, members[0], HERE, settings=settings or clocked(DAY))
    for member in members[1:]:
        await service.join(table.id, member)
    return (await service.start(table.id, members[0])).table


async def test_a_burst_of_opens_cannot_pass_the_lobby_limit_together(service, repo):
    """Forty opens at once by one member (the abuse in the issue): exactly three lobbies,
    37 refusals naming the limit; another server counts on its own."""
    results = await asyncio.gather(
        *(service.create(GAME, ANNA, HERE) for _ in range(40)), return_exceptions=True
    )
    opened = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(opened) == 3 and len(refused) == 37
    assert all(r.kind == "limit" and "open lobbies per member" in r.reason.en for r in refused)
    assert "offene Lobbys pro Mitglied" in refused[0].reason.de
    assert await repo.count_tables_of_user(ANNA.user_id, "g1", ("lobby",)) == 3
    await service.create(GAME, ANNA, {"guild": "g2", "channel": "c2"})


async def test_the_operators_caps_bound_defaults_and_settings(repo, clock):
    """A cap below a default lowers it; /settings limits may not go above a cap."""
    service = TableService(repo, clock=clock, limit_caps=LimitCaps(open_lobbies=2))
    await service.create(GAME, ANNA, HERE)
    await service.create(GAME, ANNA, HERE)
    with pytest.raises(TableError, match="2 are allowed") as refused:
        await service.create(GAME, ANNA, HERE)
    assert "to at most 2" in refused.value.reason.en
    with pytest.raises(TableError, match="between 1 and 2"):
        await service.limits.set("g1", open_lobbies=3)
    assert (await repo.get_guild_limits("g1")).open_lobbies is None  # nothing stored
    limits = await service.limits.set("g1", running_tables=30)
    assert limits.running_tables == 30 and limits.open_lobbies == 2


async def test_resigning_in_stardust_leaves_the_match_and_the_others_play_on(service):
    """Stardust's forfeit rule: the resigning player folds and leaves; the others play on and
    the seat is never asked again. Logged as the seat's reserved forfeit, so it replays."""
    table = await started(service, (ANNA, BEN, CARLA), game="stardust")
    waiting = table.to_act()[0]
    other = next(s for s in range(3) if s != waiting)
    who = Member(table.seats[other].user_id, table.seats[other].name)
    outcome = await service.resign(table.id, who)
    table = outcome.table
    assert table.status == TableStatus.ACTIVE and table.record.settings["resigned"] == [other]
    # Not its turn: nothing yet; it forfeits the moment it must act.
    while other not in forfeited(table.state):
        seat = table.to_act()[0]
        assert seat != other
        mover = Member(table.seats[seat].user_id, "")
        table = (await service.act(table.id, mover, table.legal_actions(seat)[0])).table
    assert table.status == TableStatus.ACTIVE and other not in table.to_act()
    log = await service.repo.log(table.id)
    assert [e.code for e in log if e.seat == other][-1] == FORFEIT
    with pytest.raises(TableError, match="already resigned"):
        await service.resign(table.id, who)
    await assert_replays(service, table.id)


async def test_finished_tables_cost_no_memory_or_clock_work(service, repo):
    """A table that ended (here by a resignation) or was cancelled is no longer held in
    memory, has no lock and no deadline left, and stays readable with its log as the replay."""
    table = await started(service)
    ended = (await service.resign(table.id, ANNA)).table
    assert ended.status == TableStatus.FINISHED
    lobby = await service.create(GAME, BEN, HERE)
    await service.cancel(lobby.id, BEN)
    for table_id in (table.id, lobby.id):
        assert table_id not in service._cache and table_id not in service._locks
        assert await repo.deadlines(table_id=table_id) == []
    again = await service.get(table.id)
    assert again.status == TableStatus.FINISHED and again.result().ranks[0] == 2
    assert table.id not in service._cache
    await assert_replays(service, table.id)


async def test_lobby_expiry_closes_only_a_lobby_still_waiting(service, repo, clock):
    """The stored deadline closes a lobby after 7 days; a lobby started meanwhile loses its
    deadline at the start, and a rerun of the handler changes nothing."""
    idle = await service.create(GAME, ANNA, HERE)
    table = await started(service, (BEN, CARLA))
    assert await repo.deadlines(table_id=table.id, kinds=(LOBBY_EXPIRY,)) == []
    clock.advance(7 * DAY)
    fired = await service.scheduler.run_due()
    expired = [f.outcome for f in fired if isinstance(f.outcome, LobbyExpired)]
    assert [e.table.id for e in expired] == [idle.id] and expired[0].days == 7
    assert (await service.get(idle.id)).status == TableStatus.CANCELLED
    assert await service.expire_lobby(idle.id) is None


async def test_a_request_is_answered_once_and_only_by_its_addressee(service, repo, clock):
    """Only the named member answers; a decline leaves the seat; the expiry after a decline
    does nothing; an accept after the table ended is refused and cancels the request."""
    table = await started(service)
    handovers = service.handovers
    asked, _ = await handovers.ask(table.id, 1, ANNA, CARLA)
    with pytest.raises(TableError, match="addressed to someone else"):
        await handovers.answer(asked.id, DORA, accept=True)
    with pytest.raises(TableError, match="already waiting"):
        await handovers.ask(table.id, 1, ANNA, DORA)
    declined = await handovers.answer(asked.id, CARLA, accept=False)
    assert not declined.accepted and (await service.get(table.id)).seats[1].user_id == BEN.user_id
    clock.advance(DAY)
    fired = await service.scheduler.run_due()
    assert not [f for f in fired if isinstance(f.outcome, HandoverLapsed)]

    asked, _ = await handovers.ask(table.id, 1, ANNA, DORA)
    await service.cancel(table.id, ANNA)
    with pytest.raises(TableError, match="not in play"):
        await handovers.answer(asked.id, DORA, accept=True)
    assert (await repo.get_handover(asked.id)).status == "cancelled"
    with pytest.raises(TableError, match="does not exist"):
        await handovers.answer(2**63, DORA, accept=True)


async def test_how_a_request_reached_its_member_is_read_from_its_delivered_post(service, clock):
    """The asking flow tells the host how the request went: unknown until the relay delivered
    the post that asks, then the relay's record of it; a request nobody can be asked ends
    cancelled, and a post about a request that is gone finds none."""
    table = await started(service)
    handovers = service.handovers
    asked, _ = await handovers.ask(table.id, 1, ANNA, CARLA)
    assert await handovers.delivered_via(asked) is None
    claimed = await service.outbox.claim("relay", clock(), 60.0)
    [post] = [p for p in claimed if p.kind == notices.HANDOVER_REQUEST]
    await service.outbox.sent(post.id, clock(), {"via": "thread"})
    assert await handovers.delivered_via(asked) == "thread"
    assert await handovers.find(asked.id) == asked
    await handovers.unreachable(asked)
    assert (await handovers.find(asked.id)).status == "cancelled"
    assert await handovers.find(asked.id + 1) is None and await handovers.find(2**63) is None


async def test_a_request_lapses_after_24_hours_and_changes_nothing(service, clock):
    table = await started(service, settings=clocked(None))  # no turn clock to fire meanwhile
    asked, _ = await service.handovers.ask(table.id, 1, ANNA, CARLA)
    clock.advance(24 * HOUR - 1)
    assert not await service.scheduler.run_due()
    clock.advance(1)
    fired = await service.scheduler.run_due()
    lapsed = [f.outcome for f in fired if isinstance(f.outcome, HandoverLapsed)]
    assert [item.request.id for item in lapsed] == [asked.id]
    assert (await service.get(table.id)).seats[1].user_id == BEN.user_id
    with pytest.raises(TableError, match="already been answered or has lapsed"):
        await service.handovers.answer(asked.id, CARLA, accept=True)


async def test_a_request_whose_expiry_was_lost_gets_it_at_start_up(service, repo, clock):
    """A crash between storing a request and its expiry: start-up stores the expiry, due when
    the request said, and the request lapses then."""
    table = await started(service, settings=clocked(None))
    asked, _ = await service.handovers.ask(table.id, 1, ANNA, CARLA)
    await repo.delete_deadlines(kinds=("handover_expiry",))
    restarted = TableService(repo, clock=clock)
    await restarted.handovers.reconcile()
    await restarted.handovers.reconcile()  # twice: still one deadline
    [deadline] = await repo.deadlines(kinds=("handover_expiry",))
    assert deadline.due == asked.due and deadline.data == {"request": asked.id}
    clock.advance(DAY)
    fired = await restarted.scheduler.run_due()
    assert [f.outcome.request.id for f in fired if isinstance(f.outcome, HandoverLapsed)] == [
        asked.id
    ]


async def test_a_resignation_stored_before_a_crash_forfeits_when_the_clock_runs_out(
    service, repo, clock
):
    """The resignation was stored but the process stopped before its forfeit: the seat's
    clock (the table says "engine moves") runs out and the seat forfeits, as resigned."""
    table = await started(service)  # on_timeout: engine
    seat = table.to_act()[0]
    await repo.update_table(table.id, settings={**table.record.settings, "resigned": [seat]})
    restarted = TableService(repo, clock=clock)
    await restarted.clocks.reconcile()
    clock.advance(DAY)
    await restarted.scheduler.run_due()
    table = await restarted.get(table.id)
    assert table.status == TableStatus.FINISHED and forfeited(table.state) == [seat]
    assert (await repo.log(table.id))[-1].code == FORFEIT
