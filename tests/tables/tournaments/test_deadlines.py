"""Tournaments under the clocks (issues 9 and 10 together), on a virtual clock: no-shows handled
by the clock rules, round deadlines and registration closing as stored scheduler deadlines
(handled once, also after a restart), substitution and rating at tournament tables.
Nothing sleeps: time is a number the test moves, and the scheduler runs when the test says.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from games.core import forfeited
from tables.clocks import DAY, HOUR, MINUTE, validate_clock
from tables.service import Member, TableError, TableService, TimedOut
from tables.tournaments.ratings import RatingService
from tables.tournaments.service import (
    REGISTRATION_DEADLINE,
    ROUND_DEADLINE,
    RegistrationClosed,
    RoundClosed,
    TournamentService,
)
from tables.tournaments.standings import placing_points

ORGANISER = Member("u-org", "Olga")
GUILD, CHANNEL = "g1", "c1"
START = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class Process:
    """One bot process's services on the shared database (a restart builds a new one)."""

    def __init__(self, repo, clock) -> None:
        self.tables = TableService(repo, clock=clock, seed_source=itertools.count(1).__next__)
        self.tournaments = TournamentService(repo, self.tables)
        self.ratings = RatingService(repo)
        self.tables.finished_listeners.append(self.ratings.on_table_finished)
        self.tables.finished_listeners.append(self.tournaments.on_table_finished)
        self.tables.cancelled_listeners.append(self.tournaments.on_table_cancelled)
        self.events: list[Any] = []

        async def hear(event):
            self.events.append(event)

        self.tournaments.listeners.append(hear)

    def kinds(self):
        return [event.kind for event in self.events]


@pytest.fixture
def clock():
    return Clock()


async def create(process, **kwargs):
    defaults = {
        "guild": GUILD,
        "channel": CHANNEL,
        "organiser": ORGANISER,
        "name": "Cup",
        "game_id": "test-highcard",
        "options": {"hand": 1},
    }
    return await process.tournaments.create(**{**defaults, **kwargs})


async def field(process, tournament_id, count):
    members = [Member(f"u{i}", f"P{i}") for i in range(count)]
    for member in members:
        await process.tournaments.join(tournament_id, member)
    return members


async def play_all_but(process, repo, tournament_id, number, absent=()):
    """Members of round ``number`` play their first legal move, except ``absent`` ones, until
    every table has finished or waits only for an absent member.
    """
    for _ in range(500):
        moved = False
        for pairing in await repo.pairings(tournament_id, number):
            if pairing.table_id is None:
                continue
            table = await process.tables.get(pairing.table_id)
            for seat in table.to_act():
                user_id = table.seats[seat].user_id
                if user_id and user_id not in absent:
                    await process.tables.act(
                        table.id, Member(user_id, ""), table.legal_actions(seat)[0]
                    )
                    moved = True
                    break
        if not moved:
            return
    raise AssertionError("the round did not settle")


# ----- no-shows under the clock rules ------------------------------------------------------


async def test_a_no_show_forfeits_on_time_and_the_result_reaches_the_standings(repo, clock):
    """Clock rule at a tournament table (on_timeout=forfeit): a player who never moves loses
    their game when their clock per move runs out, ranked last; the result reaches the Swiss
    standings through the finished-table listener like any other, the round finishes and the
    next one opens without anyone calling anything. The forfeited table is rated (letting the
    clock run out is losing), the forfeiter below their opponent.
    """
    process = Process(repo, clock)
    tournament = await create(process, rounds=2, per_move=10 * MINUTE, on_timeout="forfeit")
    await field(process, tournament.id, 4)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    absent = "u3"
    await play_all_but(process, repo, tournament.id, 1, absent={absent})
    pairings = await repo.pairings(tournament.id, 1)
    no_show_table = next(p for p in pairings if absent in p.players)
    other = next(p for p in pairings if absent not in p.players)
    assert other.ranks is not None  # played to its end by its members
    assert no_show_table.ranks is None
    assert (await repo.rounds(tournament.id))[0].status == "open"

    clock.now += 10 * MINUTE
    fired = await process.tables.scheduler.run_due()
    [timeout] = [f.outcome for f in fired if isinstance(f.outcome, TimedOut)]
    assert timeout.action == "forfeit" and timeout.user_id == absent
    table = await process.tables.get(no_show_table.table_id)
    seat = table.seat_of(absent)
    assert table.status == "finished" and forfeited(table.state) == [seat]
    assert table.result().ranks[seat] == 2

    [recorded] = [p for p in await repo.pairings(tournament.id, 1) if absent in p.players]
    assert recorded.ranks == table.result().ranks
    rounds = await repo.rounds(tournament.id)
    assert [r.status for r in rounds] == ["finished", "open"]
    assert process.kinds().count("round_finished") == 1
    lines = {line.user_id: line for line in await process.tournaments.standings(tournament.id)}
    opponent = next(u for u in no_show_table.players if u != absent)
    assert lines[absent].points == 0 and lines[opponent].points == 1
    board = {
        line.record.user_id: line
        for line in await process.ratings.leaderboard("test-highcard", GUILD)
    }
    assert board[opponent].ordinal > board[absent].ordinal


async def test_an_engine_moves_for_a_no_show_and_the_table_counts(repo, clock):
    """Clock rule at a tournament table (on_timeout=engine): each time the absent player's
    clock runs out the strategy engine makes that one move for them; the table plays to its
    end, its result counts for the tournament, and the last round's finish ends the tournament.
    """
    process = Process(repo, clock)
    tournament = await create(process, rounds=1, per_move=HOUR, options={"hand": 3})
    await field(process, tournament.id, 2)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    [pairing] = await repo.pairings(tournament.id, 1)
    engine_moves = 0
    for _ in range(20):
        await play_all_but(process, repo, tournament.id, 1, absent={"u1"})
        if (await process.tables.get(pairing.table_id)).status == "finished":
            break
        clock.now += HOUR
        fired = await process.tables.scheduler.run_due()
        engine_moves += len([f for f in fired if isinstance(f.outcome, TimedOut)])
    table = await process.tables.get(pairing.table_id)
    assert table.status == "finished" and engine_moves == 3  # one per card of the hand
    log = await repo.log(table.id)
    assert len([e for e in log if e.seat == table.seat_of("u1")]) == 3
    [recorded] = await repo.pairings(tournament.id, 1)
    assert recorded.ranks == table.result().ranks
    assert (await repo.get_tournament(tournament.id)).status == "finished"


async def test_stardust_plays_on_after_a_no_show_forfeits_and_ranks_them_last(repo, clock):
    """Clock rule in a game that goes on after a forfeit (Stardust, a Swiss at tables of
    three): the no-show's clock runs out, they are out of the match and never asked again; the
    two others play to the end; the no-show gets the last place at the table and no points.
    """
    process = Process(repo, clock)
    tournament = await create(
        process,
        game_id="stardust",
        options={"hands": 1, "starting_chips": 20, "ante": 5},
        table_size=3,
        rounds=1,
        per_move=10 * MINUTE,
        on_timeout="forfeit",
    )
    await field(process, tournament.id, 3)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    [pairing] = await repo.pairings(tournament.id, 1)
    absent = "u2"
    for _ in range(50):
        await play_all_but(process, repo, tournament.id, 1, absent={absent})
        table = await process.tables.get(pairing.table_id)
        if table.status == "finished":
            break
        clock.now += 10 * MINUTE
        await process.tables.scheduler.run_due()
    table = await process.tables.get(pairing.table_id)
    seat = table.seat_of(absent)
    assert table.status == "finished" and forfeited(table.state) == [seat]
    assert table.result().ranks[seat] == 3
    lines = {line.user_id: line for line in await process.tournaments.standings(tournament.id)}
    assert lines[absent].points == 0 and lines[absent].place == 3
    assert sum(line.points for line in lines.values()) == 1 + 0.5


async def test_clock_options_are_the_tables_own_and_bad_ones_are_refused_first(repo, clock):
    """The tournament's time control is exactly what the table service accepts (10 minutes to
    14 days or none; engine or forfeit): 60 seconds or 15 days per move, or an unknown
    timeout action, is refused at create with the clocks' bilingual reason, nothing stored;
    a good setting becomes each table's ``settings["clock"]`` unchanged.
    """
    process = Process(repo, clock)
    for bad in ({"per_move": 60}, {"per_move": 15 * DAY}, {"on_timeout": "sleep"}):
        with pytest.raises(
            TableError, match="The time per move must be between|When time runs out"
        ) as refused:
            await create(process, **bad)
        assert refused.value.reason.de != refused.value.reason.en
    assert await repo.tournaments_of_guild(GUILD) == []
    tournament = await create(process, per_move=14 * DAY, on_timeout="forfeit")
    expected = validate_clock({"per_move": 14 * DAY, "on_timeout": "forfeit"})
    assert tournament.config["clock"] == expected.model_dump(mode="json")
    await field(process, tournament.id, 2)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    [pairing] = await repo.pairings(tournament.id, 1)
    table = await process.tables.get(pairing.table_id)
    assert table.clock == expected


# ----- round deadlines ------------------------------------------------------------------------


async def test_a_round_deadline_plays_out_the_round_once_by_the_scheduler(repo, clock):
    """Round deadline rule: opening a round with a length stores a ``tournament_round``
    deadline; when it falls due the scheduler plays out the unfinished tables (not rated), the
    round finishes and the next opens with its own deadline, exactly once: a second run, or the
    same deadline handled again after a crash, does nothing. Listeners hear the round closing
    before its standings, and the played-out tables after.
    """
    process = Process(repo, clock)
    tournament = await create(process, rounds=2, round_hours=24, per_move=None)
    await field(process, tournament.id, 4)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    [stored] = await repo.deadlines(kinds=(ROUND_DEADLINE,))
    assert stored.due == START + DAY and stored.data == {"tournament": tournament.id, "round": 1}

    clock.now += DAY - 1
    assert await process.tables.scheduler.run_due() == []
    clock.now += 1
    [fired] = await process.tables.scheduler.run_due()
    assert isinstance(fired.outcome, RoundClosed) and len(fired.outcome.played) == 2
    rounds = await repo.rounds(tournament.id)
    assert [r.status for r in rounds] == ["finished", "open"]
    assert rounds[1].deadline == clock.now + DAY
    kinds = process.kinds()
    assert kinds.index("round_closing") < kinds.index("round_finished") < kinds.index("played_out")
    assert kinds.count("round_closing") == 1 and kinds.count("round_opened") == 2
    assert await repo.leaderboard("test-highcard", GUILD) == []
    [next_deadline] = await repo.deadlines(kinds=(ROUND_DEADLINE,))
    assert next_deadline.data["round"] == 2

    assert await process.tables.scheduler.run_due() == []
    rerun = await process.tournaments._on_round_deadline(stored, clock.now)  # after a crash
    assert rerun is None
    assert [r.status for r in await repo.rounds(tournament.id)] == ["finished", "open"]
    assert process.kinds().count("round_opened") == 2


async def test_a_round_deadline_missed_while_down_is_handled_once_after_the_restart(repo, clock):
    """Round deadline rule across an outage: the process stops in round 1 (24 h per move,
    48 h per round) and is down for five days; the new process resumes the tournaments, then
    the scheduler's catch-up handles the missed deadlines in order: first the turn clocks that
    ran out (the engine moves once for each waiting seat), then the round's deadline, which
    plays out the rest and opens round 2 with a deadline from now. Once: the next run does
    nothing, and round 2's deadline is the only round deadline stored.
    """
    first = Process(repo, clock)
    tournament = await create(first, rounds=2, round_hours=48, per_move=DAY)
    await field(first, tournament.id, 4)
    await first.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    seqs = {}
    for pairing in await repo.pairings(tournament.id, 1):
        seqs[pairing.table_id] = (await first.tables.get(pairing.table_id)).seq

    clock.now += 5 * DAY
    second = Process(repo, clock)  # a new process: nothing in memory
    await second.tournaments.resume()
    fired = await second.tables.scheduler.run_due()
    timeouts = [f for f in fired if isinstance(f.outcome, TimedOut)]
    closed = [f for f in fired if isinstance(f.outcome, RoundClosed)]
    assert len(timeouts) == 2 and len(closed) == 1
    assert fired.index(closed[0]) > max(fired.index(f) for f in timeouts)
    for table_id, seq in seqs.items():
        log = await repo.log(table_id, seq)
        timed_out = [f.outcome for f in timeouts if f.deadline.table_id == table_id]
        assert len(timed_out) == 1 and log[0].seat == timed_out[0].seat
        assert (await second.tables.get(table_id)).status == "finished"
    rounds = await repo.rounds(tournament.id)
    assert [r.status for r in rounds] == ["finished", "open"]
    assert rounds[1].deadline == clock.now + 48 * HOUR
    assert await second.tables.scheduler.run_due() == []
    [left] = await repo.deadlines(kinds=(ROUND_DEADLINE,))
    assert left.data["round"] == 2
    assert second.kinds().count("round_finished") == 1


async def test_resume_stores_a_round_deadline_a_crash_lost(repo, clock):
    """Round deadline rule after a crash between storing the round and its deadline: resume
    stores the deadline again (at the round's time), and the scheduler then closes the round.
    """
    process = Process(repo, clock)
    tournament = await create(process, rounds=2, round_hours=1, per_move=None)
    await field(process, tournament.id, 2)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    await repo.delete_deadlines(kinds=(ROUND_DEADLINE,))
    clock.now += 2 * HOUR
    restarted = Process(repo, clock)
    assert await restarted.tables.scheduler.run_due() == []
    await restarted.tournaments.resume()
    await restarted.tournaments.resume()  # twice is harmless: one deadline
    [stored] = await repo.deadlines(kinds=(ROUND_DEADLINE,))
    assert stored.due == START + HOUR
    fired = await restarted.tables.scheduler.run_due()
    assert [type(f.outcome) for f in fired] == [RoundClosed]
    assert (await repo.get_tournament(tournament.id)).round == 2


async def test_a_round_that_ends_before_its_deadline_drops_it(repo, clock):
    """Round deadline rule: a round whose tables all finish before its deadline drops that
    deadline in the transaction that ends it (only the next round's is stored), and the last
    round's end leaves none: a finished tournament has nothing pending.
    """
    process = Process(repo, clock)
    tournament = await create(process, rounds=2, round_hours=24, per_move=None)
    await field(process, tournament.id, 4)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    await play_all_but(process, repo, tournament.id, 1)
    [stored] = await repo.deadlines(kinds=(ROUND_DEADLINE,))
    assert stored.data == {"tournament": tournament.id, "round": 2}
    await play_all_but(process, repo, tournament.id, 2)
    assert (await repo.get_tournament(tournament.id)).status == "finished"
    assert await repo.deadlines() == []


# ----- registration closing at its time -------------------------------------------------------


async def test_registration_closes_by_itself_at_its_time(repo, clock):
    """Registration rule: with a closing time, registration closes by itself when it comes
    (a stored ``tournament_registration`` deadline), listeners hear it once, later entries
    are refused, the organiser may still start; a tournament closed by hand or started
    earlier is left as it is when the time comes.
    """
    process = Process(repo, clock)
    tournament = await create(process, closes_at=START + 2 * HOUR)
    [stored] = await repo.deadlines(kinds=(REGISTRATION_DEADLINE,))
    assert stored.due == START + 2 * HOUR
    await field(process, tournament.id, 3)
    clock.now += HOUR
    assert await process.tables.scheduler.run_due() == []
    clock.now += HOUR
    [fired] = await process.tables.scheduler.run_due()
    assert isinstance(fired.outcome, RegistrationClosed) and fired.outcome.registered == 3
    assert (await repo.get_tournament(tournament.id)).status == "closed"
    assert process.kinds() == ["registration_closed"]
    with pytest.raises(TableError, match="closed"):
        await process.tournaments.join(tournament.id, Member("late", "Late"))
    assert await process.tables.scheduler.run_due() == []
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament.id)).status == "running"

    by_hand = await create(process, name="Second", closes_at=clock.now + HOUR)
    await process.tournaments.close(by_hand.id, ORGANISER, may_organise=True)
    clock.now += HOUR
    [fired] = await process.tables.scheduler.run_due()
    assert fired.outcome is None  # already closed: nothing to do, nothing said
    assert process.kinds().count("registration_closed") == 1


async def test_registration_closing_missed_while_down_closes_at_the_restart(repo, clock):
    """Registration rule across an outage: the closing time passed while the process was down;
    the new process closes registration in its catch-up, once."""
    process = Process(repo, clock)
    tournament = await create(process, closes_at=START + HOUR)
    clock.now += 3 * DAY
    restarted = Process(repo, clock)
    await restarted.tournaments.resume()
    fired = await restarted.tables.scheduler.run_due()
    assert [type(f.outcome) for f in fired] == [RegistrationClosed]
    assert (await repo.get_tournament(tournament.id)).status == "closed"
    assert await restarted.tables.scheduler.run_due() == []


# ----- substitution and ratings at tournament tables ------------------------------------------


async def test_a_substitute_plays_for_the_registered_player_and_the_table_is_not_rated(repo, clock):
    """Substitution rule at a tournament table: the entry stays the registered player's; a
    member who takes over the seat plays it for them, so the standings credit the registered
    player (the pairing holds their id) and never list the substitute; a table whose seat was
    handed over is not rated (nobody played that seat through).
    """
    process = Process(repo, clock)
    tournament = await create(process, rounds=1, per_move=DAY, options={"hand": 2})
    await field(process, tournament.id, 2)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    [pairing] = await repo.pairings(tournament.id, 1)
    table = await process.tables.get(pairing.table_id)
    seat = table.seat_of("u1")
    stand_in = Member("u-stand-in", "Stella")
    await process.tables.substitute(table.id, seat, ORGANISER, stand_in, may_manage=True)
    for _ in range(20):
        table = await process.tables.get(pairing.table_id)
        if table.status != "active":
            break
        acting = table.to_act()[0]
        who = Member(table.seats[acting].user_id, "")
        await process.tables.act(table.id, who, table.legal_actions(acting)[0])
    assert table.status == "finished" and table.seats[seat].user_id == "u-stand-in"
    [recorded] = await repo.pairings(tournament.id, 1)
    assert recorded.players == pairing.players and recorded.ranks == table.result().ranks
    lines = {line.user_id: line for line in await process.tournaments.standings(tournament.id)}
    assert set(lines) == {"u0", "u1"}
    assert lines["u1"].points == placing_points(table.result().ranks)[seat]
    assert await repo.leaderboard("test-highcard", GUILD) == []


async def test_a_cancelled_tournament_table_is_void_at_once(repo, clock):
    """Void rule: a table of the current round that a manager or organiser cancels counts for
    nobody (no points, no meeting), at once: when the round's other table finishes the round
    is complete and the next one opens, with no deadline and nobody ending the round by hand.
    """
    process = Process(repo, clock)
    tournament = await create(process, rounds=2, per_move=None)
    await field(process, tournament.id, 4)
    await process.tournaments.start(tournament.id, ORGANISER, may_organise=True)
    cancelled, _other = await repo.pairings(tournament.id, 1)
    await process.tables.cancel(cancelled.table_id, ORGANISER, may_manage=True)
    [voided] = [
        p for p in await repo.pairings(tournament.id, 1) if p.table_id == cancelled.table_id
    ]
    assert voided.ranks == []
    assert (await repo.rounds(tournament.id))[0].status == "open"
    await play_all_but(process, repo, tournament.id, 1)
    assert [r.status for r in await repo.rounds(tournament.id)] == ["finished", "open"]
    lines = {line.user_id: line for line in await process.tournaments.standings(tournament.id)}
    assert all(lines[u].points == 0 for u in cancelled.players)
    assert sum(line.points for line in lines.values()) == 1
