"""What an interrupted round change of an older version left behind is finished or cleaned up
(issue 15): before round changes were one transaction, a crash could leave a round whose games
were all decided but which never ended, rounds stored beyond the tournament's current round,
and tournament tables without a pairing. Such states are written here as that version wrote
them (its separate writes, the last ones missing); start-up, the round deadline and
``/tournament endround`` then move the tournament on.
"""

from __future__ import annotations

from storage.base import RoundRecord, SeatRecord
from tables.service import Member, TableService
from tables.startup import start_up
from tables.tournaments.service import TournamentService
from tests.tables.test_clocks import VirtualClock

ORGANISER = Member("u-org", "Olga")


def process(repo, clock):
    tables = TableService(repo, clock=clock)
    tournaments = TournamentService(repo, tables)
    tables.finished_listeners.append(tournaments.on_table_finished)
    tables.cancelled_listeners.append(tournaments.on_table_cancelled)
    return tables, tournaments


async def two_round_swiss_after_round_one(repo, clock):
    """Four members, round 1 played out by the engine; round 2 open."""
    _tables, tournaments = process(repo, clock)
    tournament = await tournaments.create(
        guild="g1",
        channel="c1",
        organiser=ORGANISER,
        name="Cup",
        game_id="test-highcard",
        options={"hand": 1},
        rounds=2,
    )
    for number in range(4):
        await tournaments.join(tournament.id, Member(f"u{number}", f"P{number}"))
    await tournaments.start(tournament.id, ORGANISER, may_organise=True)
    await tournaments.end_round(tournament.id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament.id)).round == 2
    return tournament.id


async def decide_round_two_without_ending_it(repo, clock, tournament_id):
    """What the older version left: every table of round 2 finished and its result stored in
    its pairing (its first write), the round never ended (the writes that died)."""
    tables = TableService(repo, clock=clock)  # nobody listens: results stay where they are
    tournaments = TournamentService(repo, tables)
    for pairing in await repo.pairings(tournament_id, 2):
        if pairing.bye:
            continue
        await tournaments._play_out(pairing.table_id)
        result = (await tables.get(pairing.table_id)).result()
        pairing.ranks = list(result.ranks)
        pairing.scores = [float(score) for score in result.scores]
        await repo.save_pairings([pairing])
    assert [r.status for r in await repo.rounds(tournament_id)] == ["finished", "open"]


async def test_a_decided_round_that_never_ended_is_ended_at_start_up(repo):
    """Start-up ends a round whose games are all decided: its standings, the final ranking,
    the tournament finished."""
    clock = VirtualClock()
    tournament_id = await two_round_swiss_after_round_one(repo, clock)
    await decide_round_two_without_ending_it(repo, clock, tournament_id)
    tables, tournaments = process(repo, clock)
    await start_up(tables, tournaments)
    assert [r.status for r in await repo.rounds(tournament_id)] == ["finished", "finished"]
    assert (await repo.get_tournament(tournament_id)).status == "finished"
    kinds = [p.payload["event"] for p in await repo.posts(kinds=("tournament",))]
    assert kinds.count("round_finished") == 2 and kinds.count("finished") == 1


async def test_endround_ends_a_decided_round_that_never_ended(repo):
    """The same state, moved on by an organiser's ``/tournament endround`` instead."""
    clock = VirtualClock()
    tournament_id = await two_round_swiss_after_round_one(repo, clock)
    await decide_round_two_without_ending_it(repo, clock, tournament_id)
    _tables, tournaments = process(repo, clock)
    await tournaments.end_round(tournament_id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament_id)).status == "finished"


async def test_rounds_beyond_the_current_one_and_unpaired_tables_are_removed(repo):
    """A round stored beyond the tournament's round (the older version stored round 3's row,
    then died before the tournament's round moved on) and a tournament table with no pairing
    (created, then no pairing stored) are cleaned up at start-up; the tournament goes on."""
    clock = VirtualClock()
    tournament_id = await two_round_swiss_after_round_one(repo, clock)
    tables, _tournaments = process(repo, clock)
    await repo.save_round(RoundRecord(tournament_id, 3, "open", None, clock.now))
    unpaired = await tables.create(
        "test-highcard",
        Member(f"tournament:{tournament_id}", "Cup"),
        {"guild": "g1", "channel": "c1", "tournament": tournament_id},
        {"hand": 1},
        settings={"tournament": tournament_id, "round": 3},
        seats=[SeatRecord(0, "P0", user_id="u0"), SeatRecord(1, "P1", user_id="u1")],
    )
    fresh_tables, fresh = process(repo, clock)
    await start_up(fresh_tables, fresh)
    assert [r.number for r in await repo.rounds(tournament_id)] == [1, 2]
    assert (await repo.get_table(unpaired.id)).status == "cancelled"
    await fresh.end_round(tournament_id, ORGANISER, may_organise=True)
    assert (await repo.get_tournament(tournament_id)).status == "finished"
