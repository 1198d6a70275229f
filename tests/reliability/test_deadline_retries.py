"""A deadline survives a failure of its handler (issue 15): it stays stored, is put off by 30 s
doubling to an hour, fires once the fault is gone, and its failure is logged once.

The faults are SQLite's own "database is locked" raised by the real repository
(``faults.FlakyRepository``) inside each kind of handler: a turn clock running out, a reminder,
a vacation's end and a finished table's ratings. Time is virtual.
"""

from __future__ import annotations

import logging

import pytest

from storage import TableStatus
from tables.clocks import DAY, HOUR, retry_delay
from tables.service import TableService, TimedOut
from tables.tournaments.ratings import RATE_TABLE, RatingService
from tables.turns import TURN, VACATION_END, ReminderDue, VacationOver
from tests.tables.test_clocks import BEN, GAME, START, VirtualClock, move, started

from .faults import FlakyRepository


@pytest.fixture
def clock():
    return VirtualClock()


@pytest.fixture
async def flaky_repo(tmp_path):
    repository = FlakyRepository(str(tmp_path / "flaky.sqlite3"), synchronous="NORMAL")
    await repository.open()
    yield repository
    await repository.close()


@pytest.fixture
def service(flaky_repo, clock):
    return TableService(flaky_repo, clock=clock)


def test_retry_delay_is_thirty_seconds_doubling_to_an_hour():
    """The backoff the issue asks for: 30 s, then twice as long each time, at most 1 h."""
    assert [retry_delay(n) for n in range(1, 9)] == [30, 60, 120, 240, 480, 960, 1920, 3600]
    assert retry_delay(40) == 3600


async def test_a_turn_clock_whose_handler_fails_once_still_runs_out(service, flaky_repo, clock):
    """A locked database while a clock runs out: the turn deadline stays, 30 s later the engine
    moves for the seat (before: the deadline was deleted and the table never moved)."""
    table = await started(service, per_move=HOUR)
    seat, before = table.to_act()[0], table.seq
    clock.advance(HOUR)
    flaky_repo.fail_next("log")  # time_out reads the seat's moves since its clock was set
    fired = await service.scheduler.run_due()
    failed = [f for f in fired if f.failed]
    assert [f.deadline.kind for f in failed] == [TURN]
    (kept,) = await flaky_repo.deadlines(table_id=table.id, kinds=(TURN,))
    assert kept.attempts == 1 and kept.due == START + HOUR + 30
    assert (await flaky_repo.get_table(table.id)).seq == before  # nothing moved yet
    clock.advance(29)
    assert await service.scheduler.run_due() == []
    clock.advance(1)
    outcomes = [f.outcome for f in await service.scheduler.run_due()]
    timed_out = [o for o in outcomes if isinstance(o, TimedOut)]
    assert [(o.seat, o.action) for o in timed_out] == [(seat, "engine")]
    assert (await flaky_repo.get_table(table.id)).seq > before


async def test_a_reminder_whose_handler_fails_once_is_still_sent(service, flaky_repo, clock):
    """A reminder hit by a storage error is tried again and then stored for delivery."""
    table = await started(service, per_move=10 * HOUR)
    seat = table.to_act()[0]
    clock.advance(5 * HOUR)
    # The reminder's post and its clock's next step are stored in one commit: it fails.
    flaky_repo.fail_next("commit")
    fired = await service.scheduler.run_due()
    assert [(f.deadline.kind, f.failed) for f in fired] == [(TURN, True)]  # the clock's row
    clock.advance(30)
    outcomes = [f.outcome for f in await service.scheduler.run_due()]
    assert [(o.seat, o.number) for o in outcomes if isinstance(o, ReminderDue)] == [(seat, 1)]
    posts = await flaky_repo.posts(table_id=table.id, kinds=("reminder",))
    assert [(p.payload["seat"], p.payload["number"]) for p in posts] == [(seat, 1)]


async def test_a_vacation_end_whose_handler_fails_once_still_ends_it(service, flaky_repo, clock):
    """The end of a vacation survives a failed first try: the vacation ends, its note waits."""
    await service.clocks.start_vacation(BEN.user_id, 1)
    clock.advance(24 * HOUR)
    flaky_repo.fail_next("vacations_of_user")
    fired = await service.scheduler.run_due()
    assert [f.deadline.kind for f in fired if f.failed] == [VACATION_END]
    assert await flaky_repo.deadlines(user_id=BEN.user_id, kinds=(VACATION_END,))
    clock.advance(30)
    outcomes = [f.outcome for f in await service.scheduler.run_due()]
    assert [o.user_id for o in outcomes if isinstance(o, VacationOver)] == [BEN.user_id]
    assert not await flaky_repo.deadlines(user_id=BEN.user_id, kinds=(VACATION_END,))
    assert [p.payload["user"] for p in await flaky_repo.posts(kinds=("vacation_over",))] == [
        BEN.user_id
    ]


async def test_a_failing_deadline_is_logged_once_and_backs_off(service, flaky_repo, clock, caplog):
    """Three failures in a row: one ERROR line, and each retry waits twice as long."""
    table = await started(service, per_move=HOUR)
    clock.advance(HOUR)
    flaky_repo.fail_next("log", times=3)
    dues = []
    with caplog.at_level(logging.DEBUG, logger="tables.clocks"):
        for _ in range(3):
            await service.scheduler.run_due()
            (kept,) = await flaky_repo.deadlines(table_id=table.id, kinds=(TURN,))
            dues.append(kept.due - clock.now)
            clock.now = kept.due
        fired = await service.scheduler.run_due()
    assert dues == [30, 60, 120]
    assert any(isinstance(f.outcome, TimedOut) for f in fired)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "tried again" in errors[0].getMessage()


# ----- the deadlines of tournaments and of housekeeping ---------------------------------------


@pytest.fixture
def world(flaky_repo, clock):
    from tables.tournaments.service import TournamentService

    tables = TableService(flaky_repo, clock=clock)
    tournaments = TournamentService(flaky_repo, tables)
    tables.finished_listeners.append(tournaments.on_table_finished)
    return tables, tournaments


async def test_a_round_deadline_whose_handler_fails_once_still_ends_the_round(
    world, flaky_repo, clock
):
    """A locked database at a round's deadline: the deadline stays, and 30 s later the round
    ends, its tables played out (before: the round stayed open for good)."""
    from tables.service import Member
    from tables.tournaments.service import ROUND_DEADLINE

    tables, tournaments = world
    organiser = Member("u-org", "Olga")
    tournament = await tournaments.create(
        guild="g1",
        channel="c1",
        organiser=organiser,
        name="Cup",
        game_id="test-highcard",
        options={"hand": 1},
        rounds=1,
        round_hours=1,
    )
    for number in range(2):
        await tournaments.join(tournament.id, Member(f"u{number}", f"P{number}"))
    await tournaments.start(tournament.id, organiser, may_organise=True)
    clock.advance(HOUR)
    flaky_repo.fail_next("get_tournament")
    fired = await tables.scheduler.run_due()
    assert [f.deadline.kind for f in fired if f.failed] == [ROUND_DEADLINE]
    assert (await flaky_repo.get_tournament(tournament.id)).status == "running"
    clock.advance(30)
    await tables.scheduler.run_due()
    assert (await flaky_repo.get_tournament(tournament.id)).status == "finished"
    assert not await flaky_repo.deadlines(kinds=(ROUND_DEADLINE,))


async def test_a_registration_deadline_whose_handler_fails_once_still_closes_it(
    world, flaky_repo, clock
):
    """Registration closing at its time survives a failed first try."""
    from tables.service import Member
    from tables.tournaments.service import REGISTRATION_DEADLINE

    tables, tournaments = world
    tournament = await tournaments.create(
        guild="g1",
        channel="c1",
        organiser=Member("u-org", "Olga"),
        name="Cup",
        game_id="test-highcard",
        options={"hand": 1},
        closes_at=START + HOUR,
    )
    clock.advance(HOUR)
    flaky_repo.fail_next("get_tournament")
    fired = await tables.scheduler.run_due()
    assert [f.deadline.kind for f in fired if f.failed] == [REGISTRATION_DEADLINE]
    assert (await flaky_repo.get_tournament(tournament.id)).status == "registration"
    clock.advance(30)
    await tables.scheduler.run_due()
    assert (await flaky_repo.get_tournament(tournament.id)).status == "closed"
    keys = [p.key for p in await flaky_repo.posts(kinds=("tournament",))]
    assert keys == [f"tournament:{tournament.id}:registration_closed:0"]


async def test_a_lobby_expiry_whose_handler_fails_once_still_closes_the_lobby(
    service, flaky_repo, clock
):
    """A lobby's closing deadline survives a failed first try; the lobby closes, once, and
    its channel's note is stored with the close."""
    from tables.limits import LOBBY_EXPIRY
    from tests.tables.test_clocks import ANNA

    table = await service.create("test-highcard", ANNA, {"guild": "g1", "channel": "c1"})
    (deadline,) = await flaky_repo.deadlines(kinds=(LOBBY_EXPIRY,))
    clock.now = deadline.due
    service._cache.clear()  # a process that has not loaded the table yet
    flaky_repo.fail_next("get_table")
    fired = await service.scheduler.run_due()
    assert [f.deadline.kind for f in fired if f.failed] == [LOBBY_EXPIRY]
    assert (await flaky_repo.get_table(table.id)).status == "lobby"
    clock.advance(30)
    await service.scheduler.run_due()
    assert (await flaky_repo.get_table(table.id)).status == "cancelled"
    assert [p.key for p in await flaky_repo.posts(kinds=("lobby_expired",))] == [
        f"lobby_expired:{table.id}"
    ]


async def test_a_handover_expiry_whose_handler_fails_once_still_lapses_it(
    service, flaky_repo, clock
):
    """An unanswered request's expiry survives a failed first try: the request lapses and the
    host's note is stored with it, once."""
    from tables.handover import HANDOVER_EXPIRY
    from tests.tables.test_clocks import ANNA, CARLA

    table = await started(service, per_move=DAY)
    record, _table = await service.handovers.ask(table.id, 1, ANNA, CARLA)
    clock.now = record.due
    flaky_repo.fail_next("get_handover")
    fired = await service.scheduler.run_due()
    assert HANDOVER_EXPIRY in [f.deadline.kind for f in fired if f.failed]
    assert (await flaky_repo.get_handover(record.id)).status == "pending"
    clock.advance(30)
    await service.scheduler.run_due()
    assert (await flaky_repo.get_handover(record.id)).status == "expired"
    assert [p.key for p in await flaky_repo.posts(kinds=("handover_lapsed",))] == [
        f"handover_lapsed:{record.id}"
    ]


async def test_a_rating_whose_storage_fails_is_made_by_its_deadline(service, flaky_repo, clock):
    """A locked database as a rated table's ratings are stored: the result stands, and the
    rating deadline stored in the result's commit rates the table once, later (before: the
    listener's failure was only logged, and the table stayed unrated for good)."""
    ratings = RatingService(flaky_repo)
    ratings.attach(service)
    table = await started(service, hand=1)
    await move(service, table.id)
    flaky_repo.fail_next("rate_table")
    finished = (await move(service, table.id)).table
    assert finished.status == TableStatus.FINISHED
    users = [seat.user_id or "" for seat in finished.seats]
    assert await flaky_repo.ratings(GAME, "g1", users) == {}
    (pending,) = await flaky_repo.deadlines(table_id=table.id, kinds=(RATE_TABLE,))
    assert pending.due == clock()
    await service.scheduler.run_due()
    rated = await flaky_repo.ratings(GAME, "g1", users)
    assert sorted(record.games for record in rated.values()) == [1, 1]
    assert await flaky_repo.deadlines(table_id=table.id, kinds=(RATE_TABLE,)) == []
    # Run again, nothing is rated twice.
    clock.advance(DAY)
    await service.scheduler.run_due()
    again = await flaky_repo.ratings(GAME, "g1", users)
    assert sorted(record.games for record in again.values()) == [1, 1]


async def test_a_rating_deadline_of_a_table_that_is_gone_ends_instead_of_retrying(
    service, flaky_repo, clock
):
    """A rating deadline whose table no longer exists has nothing left to rate: it is done,
    not failed and put off again every hour for ever."""
    RatingService(flaky_repo).attach(service)
    await service.scheduler.add(RATE_TABLE, clock(), table_id=999)
    fired = await service.scheduler.run_due()
    assert [(f.deadline.kind, f.failed, f.outcome) for f in fired] == [(RATE_TABLE, False, None)]
    assert await flaky_repo.deadlines(kinds=(RATE_TABLE,)) == []
