"""Clocks per move, timeouts, reminders, vacations, substitution and restarts (issue 9),
on the table service with a virtual clock: nothing sleeps, time is a number the test moves.
"""

from __future__ import annotations

import pytest

from games.core import FORFEIT, forfeited, get_game, replay
from storage import DeadlineRecord, TableStatus
from tables.clocks import DAY, HOUR, MINUTE, Scheduler, format_duration, parse_duration
from tables.service import Member, TableError, TableService, TimedOut
from tables.turns import TURN, ReminderDue, VacationOver, reminder_times
from tests.games.highcard import Highcard

ANNA = Member("u-anna", "Anna")
BEN = Member("u-ben", "Ben")
CARLA = Member("u-carla", "Carla")
GAME = "test-highcard"
START = 1_800_000_000.0


class VirtualClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock():
    return VirtualClock()


@pytest.fixture
def service(repo, clock):
    return TableService(repo, clock=clock)


def clocked(per_move=DAY, on_timeout="engine"):
    return {"clock": {"per_move": per_move, "on_timeout": on_timeout}}


async def started(service, *, per_move=DAY, on_timeout="engine", members=(ANNA, BEN), hand=3):
    table = await service.create(
        GAME,
        members[0],
        {"guild": "g1", "channel": "1"},
        {"hand": hand},
        seed=11,
        settings=clocked(per_move, on_timeout),
    )
    for member in members[1:]:
        await service.join(table.id, member)
    return (await service.start(table.id, members[0])).table


async def move(service, table_id):
    """The seat to act plays its lowest card."""
    table = await service.get(table_id)
    seat = table.to_act()[0]
    code = table.legal_actions(seat)[0]
    member = next(m for m in (ANNA, BEN, CARLA) if table.seats[seat].user_id == m.user_id)
    return await service.act(table_id, member, code)


async def turn_clocks(repo, table_id):
    """When each seat's clock runs out (a clock's row is due earlier, at its next reminder)."""
    found = await repo.deadlines(table_id=table_id, kinds=(TURN,))
    return {d.seat: d.due if d.ends is None else d.ends for d in found}


async def clock_steps(repo, table_id):
    """Each seat clock's row as (seat, when its next step is due, when the clock runs out):
    one row per clock, due at its next reminder and then at its end."""
    found = await repo.deadlines(table_id=table_id, kinds=(TURN,))
    return [(d.seat, d.due, d.ends) for d in found]


async def assert_replays(service, table_id):
    table = await service.get(table_id)
    log = await service.repo.log(table_id)
    options = table.game.parse_options(len(table.seats), table.record.options)
    state = replay(table.game, len(table.seats), options, [(e.seat, e.code) for e in log])
    assert state == table.state


# ----- the setting -----------------------------------------------------------------------


async def test_clock_setting_bounds_are_ten_minutes_to_fourteen_days(service):
    """The clock per move is 10 minutes to 14 days or none; anything else is refused with a
    bilingual reason, and on_timeout is engine or forfeit."""
    for bad in (5 * MINUTE, 15 * DAY, -1):
        with pytest.raises(TableError, match=r"between 10 minutes and 14 days") as refused:
            await service.create(GAME, ANNA, {}, settings=clocked(bad))
        assert "10 minutes" in refused.value.reason.en and "10 Minuten" in refused.value.reason.de
    with pytest.raises(
        TableError, match=r"either an engine moves \(engine\) or the seat forfeits"
    ) as refused:
        await service.create(GAME, ANNA, {}, settings=clocked(DAY, "nap"))
    assert "forfeit" in refused.value.reason.en
    for good in (10 * MINUTE, 14 * DAY, None):
        table = await service.create(GAME, ANNA, {}, settings=clocked(good, "forfeit"))
        stored = await service.repo.get_table(table.id)
        assert stored.settings["clock"] == {"per_move": good, "on_timeout": "forfeit"}


def test_durations_read_and_written_in_both_languages():
    """Days are written as words, singular for exactly one ("1 Tag je Zug", "2 days")."""
    assert parse_duration("1d 12h") == 36 * HOUR
    assert parse_duration("90m") == 90 * MINUTE
    assert parse_duration("2t") == 2 * DAY
    assert parse_duration("keine") is None
    assert format_duration(DAY + 3 * HOUR, "de") == "1 Tag 3 Std"
    assert format_duration(2 * DAY, "de") == "2 Tage"
    assert format_duration(DAY, "en") == "1 day"
    assert format_duration(3 * DAY + HOUR, "en") == "3 days 1 h"
    assert format_duration(5 * HOUR + 12 * MINUTE, "en") == "5 h 12 min"


# ----- clocks through days of play ------------------------------------------------------


async def test_a_table_through_several_days_of_moves(service, repo, clock):
    """Each move a day apart (inside the 24 h clock): the seat to act always has a clock of
    24 h from the moment it became its turn, the mover's clock is cleared, and no deadline
    fires; the game ends normally and leaves no deadline behind."""
    table = await started(service)
    assert await turn_clocks(repo, table.id) == {table.to_act()[0]: START + DAY}
    days = 0
    while (await service.get(table.id)).status == TableStatus.ACTIVE:
        clock.advance(20 * HOUR)
        days += 1
        fired = await service.scheduler.run_due()
        assert all(not isinstance(f.outcome, TimedOut) for f in fired)
        await move(service, table.id)
        table = await service.get(table.id)
        if table.status == TableStatus.ACTIVE:
            assert await turn_clocks(repo, table.id) == {table.to_act()[0]: clock.now + DAY}
    assert days >= 6
    assert await repo.deadlines(table_id=table.id) == []
    await assert_replays(service, table.id)


async def test_timeout_engine_moves_once_for_the_seat(service, repo, clock):
    """on_timeout=engine: when the clock runs out the strategy engine makes that seat's one
    move, logged as the seat's action; the next seat gets a fresh clock from now."""
    table = await started(service)
    seat = table.to_act()[0]
    before = table.seq
    clock.advance(DAY + 1)
    fired = await service.scheduler.run_due()
    timeouts = [f.outcome for f in fired if isinstance(f.outcome, TimedOut)]
    assert len(timeouts) == 1 and timeouts[0].action == "engine" and timeouts[0].seat == seat
    log = await repo.log(table.id, before)
    assert log[0].seat == seat and log[0].code.startswith("play:")
    assert sum(1 for entry in log if entry.seat == seat) == 1
    table = await service.get(table.id)
    assert table.seats[seat].user_id == ANNA.user_id  # still the member's seat
    assert await turn_clocks(repo, table.id) == {table.to_act()[0]: clock.now + DAY}
    assert await service.scheduler.run_due() == []  # handled once
    await assert_replays(service, table.id)


async def test_timeout_forfeit_ends_a_table_with_the_seat_last(service, repo, clock):
    """on_timeout=forfeit in a game that cannot go on without the seat: the table ends, the
    forfeiting seat ranks last, the finished listeners hear it, the log replays to the
    snapshot (the forfeit is the seat's logged action)."""
    heard = []

    async def listener(table):
        heard.append(table.id)

    service.finished_listeners.append(listener)
    table = await started(service, on_timeout="forfeit", members=(ANNA, BEN, CARLA))
    seat = table.to_act()[0]
    clock.advance(DAY)
    fired = await service.scheduler.run_due()
    timeout = next(f.outcome for f in fired if isinstance(f.outcome, TimedOut))
    assert timeout.action == "forfeit" and timeout.code == FORFEIT
    table = await service.get(table.id)
    assert table.status == TableStatus.FINISHED and heard == [table.id]
    result = table.result()
    assert result.ranks[seat] == 3
    assert sorted(result.ranks) == [1, 1, 3]  # highcard has no standing: the others tie
    assert forfeited(table.state) == [seat]
    assert (await repo.log(table.id))[-1].code == FORFEIT
    assert await repo.deadlines(table_id=table.id) == []
    await assert_replays(service, table.id)


async def test_a_player_cannot_send_the_reserved_forfeit_code(service):
    table = await started(service)
    with pytest.raises(TableError, match=r"not a valid move"):
        await service.act(table.id, ANNA, FORFEIT)
    assert (await service.get(table.id)).status == TableStatus.ACTIVE


# ----- reminders ------------------------------------------------------------------------


async def test_two_reminders_per_turn_at_half_time_and_before_the_end(service, repo, clock):
    """A 24 h clock reminds at 12 h and when 2.4 h are left; nothing more that turn. The
    clock is one stored row, due at each of its steps in turn."""
    table = await started(service)
    seat = table.to_act()[0]
    assert await clock_steps(repo, table.id) == [(seat, START + 12 * HOUR, START + DAY)]
    clock.advance(12 * HOUR)
    first = [f.outcome for f in await service.scheduler.run_due()]
    assert [(r.seat, r.number) for r in first if isinstance(r, ReminderDue)] == [(seat, 1)]
    assert await clock_steps(repo, table.id) == [(seat, START + DAY - 0.1 * DAY, START + DAY)]
    clock.advance(9 * HOUR + 36 * MINUTE)
    second = [f.outcome for f in await service.scheduler.run_due()]
    assert [(r.seat, r.number) for r in second if isinstance(r, ReminderDue)] == [(seat, 2)]
    assert [d.kind for d in await repo.deadlines(table_id=table.id)] == [TURN]
    assert await clock_steps(repo, table.id) == [(seat, START + DAY, START + DAY)]
    clock.advance(2 * HOUR)
    assert [f.outcome for f in await service.scheduler.run_due()] == []


async def test_short_clock_reminds_at_half_and_at_ninety_percent(service, repo, clock):
    table = await started(service, per_move=10 * MINUTE)
    seat = table.to_act()[0]
    assert await clock_steps(repo, table.id) == [(seat, START + 5 * MINUTE, START + 10 * MINUTE)]
    clock.advance(5 * MINUTE)
    await service.scheduler.run_due()
    assert await clock_steps(repo, table.id) == [(seat, START + 9 * MINUTE, START + 10 * MINUTE)]


async def test_no_reminder_after_the_move_or_when_turned_off(service, repo, clock):
    """Moving clears the mover's reminders; a player who turned reminders off gets none."""
    table = await started(service)
    first = table.to_act()[0]
    await move(service, table.id)
    table = await service.get(table.id)
    second = table.to_act()[0]
    await repo.set_reminders_off(table.seats[second].user_id, True)
    clock.advance(23 * HOUR)
    outcomes = [f.outcome for f in await service.scheduler.run_due()]
    assert not [o for o in outcomes if isinstance(o, ReminderDue)]
    assert first != second


# ----- vacation -------------------------------------------------------------------------


async def test_vacation_pauses_and_resumes_with_the_remaining_time(service, repo, clock):
    """A vacation moves the player's clock by its length: 10 h used before 3 days away, the
    clock ends 14 h after the vacation; ending it early gives back the rest at once."""
    table = await started(service)
    seat = table.to_act()[0]
    holder = table.seats[seat].user_id
    clock.advance(10 * HOUR)
    vacation = await service.clocks.start_vacation(holder, 3, "g1")
    assert (await turn_clocks(repo, table.id))[seat] == clock.now + 3 * DAY + 14 * HOUR
    assert await service.clocks.away(table) == {seat: vacation.until}
    clock.advance(2 * DAY)
    fired = [f.outcome for f in await service.scheduler.run_due()]
    assert not [o for o in fired if isinstance(o, TimedOut)]
    await service.clocks.end_vacation(holder)
    assert (await turn_clocks(repo, table.id))[seat] == clock.now + 14 * HOUR
    assert await service.clocks.away(table) == {}


async def test_vacation_end_resumes_clocks_and_new_turns_start_after_it(service, repo, clock):
    """A turn that arrives during a vacation gets its full clock from the vacation's end; the
    vacation-end deadline closes the vacation."""
    table = await started(service)
    waiting = table.to_act()[0]
    other = 1 - waiting
    away = table.seats[other].user_id
    vacation = await service.clocks.start_vacation(away, 2, "g1")
    await move(service, table.id)
    assert (await turn_clocks(repo, table.id))[other] == vacation.until + DAY
    clock.advance(2 * DAY)
    fired = [f.outcome for f in await service.scheduler.run_due()]
    assert any(isinstance(o, VacationOver) and o.user_id == away for o in fired)
    assert await service.clocks.active_vacation(away) is None


async def test_a_vacation_started_while_a_move_sets_the_clock_still_pauses_it(service, repo, clock):
    """Vacation rule under a race: the other player goes on vacation at the moment a move
    hands them the turn, after the move looked up whether they are away (not yet) and before
    it stored their fresh clock. Setting clocks and starting a vacation take one lock, so the
    vacation waits for the clock and then moves it: it ends a full clock after the vacation.
    """
    import asyncio

    table = await started(service)
    other = 1 - table.to_act()[0]
    away = table.seats[other].user_id
    real_commit = service.repo.commit
    computed, proceed = asyncio.Event(), asyncio.Event()
    calls = []

    async def held_commit(changes):
        # The move's one transaction carries its new clock, computed while nobody was away.
        if any(op.name == "replace_deadlines" for op in changes.ops):
            calls.append(changes)
            if len(calls) == 1:
                computed.set()
                await proceed.wait()
        return await real_commit(changes)

    service.repo.commit = held_commit
    moving = asyncio.create_task(move(service, table.id))
    await computed.wait()
    vacation = asyncio.create_task(service.clocks.start_vacation(away, 2, "g1"))
    for _ in range(2000):  # give the vacation every chance to run ahead of the held move
        if vacation.done():
            break
        await asyncio.sleep(0)
    proceed.set()
    await moving
    started_vacation = await vacation
    assert (await turn_clocks(repo, table.id))[other] == started_vacation.until + DAY


async def test_vacation_allowance_is_refused_when_exhausted(service, repo, clock):
    """14 days per 30 by default; a server may set less; days used count across servers and
    the strictest server with a running table of the player applies."""
    table = await started(service)
    holder = ANNA.user_id
    await service.clocks.start_vacation(holder, 10, "g1")
    clock.advance(DAY)
    await service.clocks.end_vacation(holder)  # one day used
    with pytest.raises(TableError, match=r"13 vacation days left") as refused:
        await service.clocks.start_vacation(holder, 14, "g2")
    assert "13 vacation days left" in refused.value.reason.en
    await repo.set_vacation_allowance("g1", 3)  # the server of Anna's running table
    with pytest.raises(TableError, match=r"2 vacation days left") as refused:
        await service.clocks.start_vacation(holder, 3, "g2")
    assert "2 vacation days left" in refused.value.reason.en
    assert "Urlaubstage" in refused.value.reason.de
    await service.clocks.start_vacation(holder, 2, "g2")
    clock.advance(31 * DAY)  # the window has passed: the days are back
    allowed, left = await service.clocks.allowance(holder, "g2")
    assert (allowed, left) == (3, 3)
    assert table.id


# ----- substitution ---------------------------------------------------------------------


async def test_substitution_hands_the_seat_and_refuses_the_old_holder(service, repo, clock):
    """The host hands Ben's seat to Carla: Carla acts at once, Ben is refused with a reason
    that says the seat was handed over, the seat's clock starts afresh for Carla; someone
    neither host nor manager may not hand seats."""
    table = await started(service)
    ben_seat = table.seat_of(BEN.user_id)
    with pytest.raises(TableError, match=r"Only the host") as refused:
        await service.substitute(table.id, ben_seat, CARLA, CARLA)
    assert refused.value.kind == "forbidden"
    clock.advance(5 * HOUR)
    outcome = await service.substitute(table.id, ben_seat, ANNA, CARLA)
    table = outcome.table
    assert table.seat_of(CARLA.user_id) == ben_seat and table.seat_of(BEN.user_id) is None
    with pytest.raises(TableError, match=r"no longer hold this seat") as gone:
        await service.act(table.id, BEN, "play:0")
    assert "no longer hold" in gone.value.reason.en
    if ben_seat in table.to_act():
        assert (await turn_clocks(repo, table.id))[ben_seat] == clock.now + DAY
    while ben_seat not in (await service.get(table.id)).to_act():
        await move(service, table.id)
    await move(service, table.id)  # Carla plays Ben's cards


async def test_substitution_to_an_engine_moves_at_once(service, repo):
    table = await started(service)
    seat = table.to_act()[0]
    outcome = await service.substitute(table.id, seat, ANNA, None, may_manage=True)
    assert outcome.applied and outcome.applied[0].seat == seat
    assert outcome.table.seats[seat].engine == "random"  # highcard has no strategy player
    await assert_replays(service, table.id)


# ----- the scheduler and restarts -------------------------------------------------------


async def test_scheduler_runs_kinds_in_due_order_each_once(repo, clock):
    """A registered kind (as tournaments will add) is processed in due order, once; a kind
    without a handler cannot be stored."""
    scheduler = Scheduler(repo, clock)
    seen = []

    async def handler(deadline, now):
        seen.append(deadline.data["n"])
        return deadline.data["n"]

    scheduler.register("round", handler)
    with pytest.raises(ValueError, match=r"'round' already has a handler"):
        scheduler.register("round", handler)
    with pytest.raises(ValueError, match=r"no handler for deadline kind 'unknown'"):
        await scheduler.add("unknown", START)
    for n, at in ((3, 30), (1, 10), (2, 20), (4, 10_000)):
        await scheduler.add("round", START + at, data={"n": n})
    clock.advance(100)
    assert [f.outcome for f in await scheduler.run_due()] == [1, 2, 3]
    assert await scheduler.run_due() == []
    assert await scheduler.next_due() == START + 10_000
    assert seen == [1, 2, 3]
    # A kind registered later (a feature loaded after a restart) waits, stored, until then.
    await repo.add_deadlines([DeadlineRecord(0, "later", START + 50)])
    assert await scheduler.run_due() == []
    assert await scheduler.next_due() == START + 10_000
    later = Scheduler(repo, clock)

    async def other(deadline, now):
        return "later"

    later.register("later", other)
    assert [f.outcome for f in await later.run_due()] == ["later"]


async def test_restart_after_a_long_outage_handles_each_missed_deadline_once(repo, clock):
    """Three tables, the service restarted after five days down: each table's one missed
    clock is handled once, in due order, each making one move; no reminder of a clock that
    ran out is sent; every new clock starts at the restart."""
    first = TableService(repo, clock=clock)
    tables = []
    for offset in (0, 2 * HOUR, HOUR):
        clock.now = START + offset
        tables.append(await started(first, hand=2))
    dues = {t.id: (await turn_clocks(repo, t.id)) for t in tables}
    clock.now = START + 5 * DAY
    second = TableService(repo, clock=clock)  # a new process: nothing in memory
    await second.clocks.reconcile()
    fired = await second.scheduler.run_due()
    timeouts = [f for f in fired if isinstance(f.outcome, TimedOut)]
    assert [f.deadline.table_id for f in timeouts] == [tables[0].id, tables[2].id, tables[1].id]
    assert [f.deadline.due for f in fired] == sorted(f.deadline.due for f in fired)
    assert not [f for f in fired if isinstance(f.outcome, ReminderDue)]
    assert len(fired) == 3  # each table: its clock's one row, which ran out
    for table in tables:
        log = await repo.log(table.id, table.seq)
        assert len([e for e in log if e.seat >= 0]) == 1
        now_acting = await turn_clocks(repo, table.id)
        assert list(now_acting.values()) == [clock.now + DAY]
        # The clock is a new one, started at the restart, not the one that ran out.
        assert list(now_acting.values()) != list(dues[table.id].values())
    assert await second.scheduler.run_due() == []


async def test_after_an_outage_only_the_last_due_reminder_is_sent(repo, clock):
    """Down from before half time to after the last reminder but before the clock ends: one
    reminder (the last), not two."""
    service = TableService(repo, clock=clock)
    table = await started(service)
    clock.advance(22 * HOUR)
    fired = await TableService(repo, clock=clock).scheduler.run_due()
    sent = [f.outcome for f in fired if isinstance(f.outcome, ReminderDue)]
    assert [r.number for r in sent] == [2]
    assert table.id


async def test_highcard_forfeit_hook_defaults_to_ending(service):
    game = get_game(GAME)
    assert game.forfeit({}, 0) is None


class SimultaneousHighcard(Highcard):
    """High card where every seat that has not played to the trick may play at once."""

    id = "test-simultaneous"

    def to_act(self, state):
        if state["phase"] != "play":
            return super().to_act(state)
        played = {seat for seat, _card in state["trick"]}
        return [seat for seat in range(state["players"]) if seat not in played]

    def legal_actions(self, state, seat):
        if state["phase"] == "play" and seat in self.to_act(state):
            return sorted(f"play:{card}" for card in state["hands"][seat])
        return super().legal_actions(state, seat)

    def _apply(self, state, seat, code, events):
        if state["phase"] == "play":
            state["turn"] = seat  # the base game checks the turn through this field
        super()._apply(state, seat, code, events)


@pytest.fixture
def simultaneous():
    from games.core import register, unregister

    game = SimultaneousHighcard()
    register(game)
    yield game
    unregister(game.id)


async def test_several_seats_act_at_once_each_with_its_own_clock(
    service, repo, clock, simultaneous
):
    """Clock rule: a clock is set when a seat becomes a seat to act and cleared when it moves;
    with several seats acting at once, one seat's move leaves the others' clocks running as
    they were (not reset), and each times out on its own."""
    table = await service.create(
        simultaneous.id, ANNA, {"guild": "g1"}, {"hand": 2}, seed=5, settings=clocked(DAY)
    )
    await service.join(table.id, BEN)
    await service.join(table.id, CARLA)
    table = (await service.start(table.id, ANNA)).table
    assert table.to_act() == [0, 1, 2]
    assert await turn_clocks(repo, table.id) == {0: START + DAY, 1: START + DAY, 2: START + DAY}
    clock.advance(3 * HOUR)
    code = table.legal_actions(1)[0]
    await service.act(table.id, BEN, code)
    assert await turn_clocks(repo, table.id) == {0: START + DAY, 2: START + DAY}
    clock.advance(DAY - 3 * HOUR)
    fired = await service.scheduler.run_due()
    timed_out = sorted(f.outcome.seat for f in fired if isinstance(f.outcome, TimedOut))
    assert timed_out == [0, 2]
    await assert_replays(service, table.id)


async def test_a_rerun_timeout_after_the_seat_moved_does_nothing(service, repo, clock):
    """Exactly once: a timeout handled again after a crash (its clock was set before a move
    the seat has made since) changes nothing."""
    table = await started(service)
    seat = table.to_act()[0]
    since = table.seq
    while True:
        await move(service, table.id)
        table = await service.get(table.id)
        if seat in table.to_act():
            break
    seq = table.seq
    assert await service.time_out(table.id, seat, since) is None
    assert (await service.get(table.id)).seq == seq


async def test_engine_timeout_uses_the_games_strategy_player_seeded_like_chance(
    service, repo, clock
):
    """The move made for a timed-out seat is the strategy player's choice with the generator
    derived from the table seed and state number (reproducible, like an engine seat's)."""
    from tables.service import chance_rng

    table = await service.create("stardust", ANNA, {"guild": "g1"}, seed=21, settings=clocked(HOUR))
    await service.join(table.id, BEN)
    await service.join(table.id, CARLA)
    table = (await service.start(table.id, ANNA)).table
    seat = table.to_act()[0]
    game = table.game
    expected = game.engine_players()["strategy"].choose(
        game, table.state, seat, chance_rng(table.record.seed, table.seq)
    )
    before = table.seq
    clock.advance(HOUR)
    await service.scheduler.run_due()
    assert (await repo.log(table.id, before))[0].code == expected
    await assert_replays(service, table.id)


async def test_a_timed_out_seat_is_played_by_the_engine_the_table_names(service, repo, clock):
    """Issue 18: a timed-out seat is played by normal unless the table says otherwise (its
    ``timeout_engine`` setting); here the table names easy, at a position where easy's move is
    not normal's."""
    from tables.service import chance_rng

    for seed in range(40):
        settings = {**clocked(HOUR), "timeout_engine": "easy"}
        table = await service.create(
            "stardust", ANNA, {"guild": "g1"}, seed=seed, settings=settings
        )
        await service.join(table.id, BEN)
        await service.join(table.id, CARLA)
        table = (await service.start(table.id, ANNA)).table
        seat = table.to_act()[0]
        game = table.game
        players = game.engine_players()
        chosen = [
            players[name].choose(game, table.state, seat, chance_rng(seed, table.seq))
            for name in ("easy", "normal")
        ]
        if chosen[0] != chosen[1]:
            break
        await service.cancel(table.id, ANNA)
    assert chosen[0] != chosen[1], "some seed must show easy and normal apart"
    before = table.seq
    clock.advance(HOUR)
    await service.scheduler.run_due()
    assert (await repo.log(table.id, before))[0].code == chosen[0]


async def test_stardust_plays_on_after_a_forfeit_and_ranks_forfeiters_last(service, repo, clock):
    """Stardust forfeit on timeout: the gone player is out and never asked again, the others
    play on; when only one is left the match ends, every forfeiter ranked below them."""
    heard = []

    async def listener(table):
        heard.append(table.id)

    service.finished_listeners.append(listener)
    table = await service.create(
        "stardust", ANNA, {"guild": "g1"}, seed=4, settings=clocked(HOUR, "forfeit")
    )
    await service.join(table.id, BEN)
    await service.join(table.id, CARLA)
    table = (await service.start(table.id, ANNA)).table
    first = table.to_act()[0]
    clock.advance(HOUR)
    await service.scheduler.run_due()
    table = await service.get(table.id)
    assert table.status == TableStatus.ACTIVE and first not in table.to_act()
    assert forfeited(table.state) == [first]
    rounds = 0
    while table.status == TableStatus.ACTIVE:
        clock.advance(HOUR)
        await service.scheduler.run_due()
        table = await service.get(table.id)
        rounds += 1
        assert first not in table.to_act()
    assert heard == [table.id]
    result = table.result()
    gone = forfeited(table.state)
    assert len(gone) == 2 and rounds == 1
    (winner,) = [seat for seat in range(3) if seat not in gone]
    assert result.ranks[winner] == 1 and all(result.ranks[seat] == 2 for seat in gone)
    await assert_replays(service, table.id)


async def test_a_clocked_move_reads_nothing_before_its_one_commit(service, repo, clock):
    """Issue 22: a move at a table with a clock costs what one without does: its clocks, its
    reminders and a holder's vacation are settled inside the move's one commit, with no read
    of the deadline or vacation store on the way (the table's clocks are kept with it)."""
    table = await started(service)
    await move(service, table.id)  # the table is in memory now, its clocks known
    reads, commits = [], []
    real_read, real_commit = repo._read, repo.commit

    async def counted_read(sql, parameters=()):
        reads.append(sql)
        return await real_read(sql, parameters)

    async def counted_commit(changes):
        commits.append([op.name for op in changes.ops])
        return await real_commit(changes)

    repo._read, repo.commit = counted_read, counted_commit
    try:
        waiting = (await service.get(table.id)).to_act()[0]
        await move(service, table.id)
    finally:
        repo._read, repo.commit = real_read, real_commit
    assert reads == []
    assert len(commits) == 1 and "append" in commits[0] and "replace_deadlines" in commits[0]
    clocks = await turn_clocks(repo, table.id)
    assert waiting not in clocks and len(clocks) == 1
    assert next(iter(clocks.values())) == START + DAY


async def test_a_clocked_move_writes_its_row_snapshot_clocks_and_post_in_one_transaction(
    service, repo, clock
):
    """Issue 22: a move and everything it changes in storage (the log row and snapshot, the
    clocks and reminders, the post for the thread) commit in one transaction, which on SQLite
    is one job of the group commit: a clocked move costs one commit like an unclocked one."""
    table = await started(service)
    await move(service, table.id)
    before = await service.get(table.id)
    waiting, seq = before.to_act()[0], before.seq
    writes = []
    real_write = repo._write

    async def counted_write(work):
        writes.append(work)
        return await real_write(work)

    batches = getattr(repo, "batches", None)
    repo._write = counted_write
    try:
        outcome = await move(service, table.id)
    finally:
        repo._write = real_write
    assert len(writes) == 1
    if batches is not None:  # SQLite: the one job was one transaction of the writer
        assert repo.batches == batches + 1
    new_seq = seq + len(outcome.applied)
    assert [entry.seq for entry in await repo.log(table.id, seq)] == list(
        range(seq + 1, new_seq + 1)
    )
    assert (await repo.get_table(table.id)).seq == new_seq
    clocks = await repo.deadlines(table_id=table.id)
    assert {d.seat for d in clocks} == {1 - waiting}
    assert [d.kind for d in clocks] == [TURN]  # the clock's one row carries its reminders
    assert [post.key for post in await repo.posts(table_id=table.id)][-1] == (
        f"turn:{table.id}:{new_seq}"
    )


async def test_a_clock_set_during_a_vacation_started_by_another_process_starts_after_it(
    service, repo, clock
):
    """Vacation rule, across processes: the vacation is looked up in the move's own commit,
    so a vacation another process stored (this one never heard of it) still moves the fresh
    clock to start when the vacation ends."""
    table = await started(service)
    await move(service, table.id)
    table = await service.get(table.id)
    other = 1 - table.to_act()[0]
    away = table.seats[other].user_id
    elsewhere = TableService(repo, clock=clock)
    vacation = await elsewhere.clocks.start_vacation(away, 3, "g1")
    await move(service, table.id)
    assert (await turn_clocks(repo, table.id))[other] == vacation.until + DAY
    first_reminder = reminder_times(vacation.until, int(DAY))[0]
    assert [(d, ends) for seat, d, ends in await clock_steps(repo, table.id) if seat == other] == [
        (first_reminder, vacation.until + DAY)
    ]
