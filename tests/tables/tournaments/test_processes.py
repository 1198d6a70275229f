"""A tournament played from two processes on one PostgreSQL database (issue 17): the last two
tables of a round finish at the same moment in different processes, and the round ends once,
the next opens once.

The two "processes" are two full stacks (repository with its own connections, table service
``shared``, tournament service with its own in-memory queue) in one test, so their only common
ground is the database, as for two bot processes. PostgreSQL only: its advisory locks hold
between connections of one process too, while SQLite's file locks (``Repository.hold``) hold
between processes only (``tests/storage/test_hold.py`` checks those with a real second process).
"""

from __future__ import annotations

import asyncio
import itertools

from storage.postgres import PostgresRepository
from tables.service import Member, TableService
from tables.tournaments.service import TournamentService
from tests.conftest import new_postgres_database

ORGANISER = Member("u-org", "Olga")


async def stack(
    url: str, seeds: itertools.count
) -> tuple[PostgresRepository, TableService, TournamentService]:
    repo = PostgresRepository(url)
    await repo.open()
    tables = TableService(repo, clock=lambda: 1_000_000.0, seed_source=seeds.__next__, shared=True)
    tournaments = TournamentService(repo, tables)
    tables.finished_listeners.append(tournaments.on_table_finished)
    return repo, tables, tournaments


async def play_out(tables: TableService, table_id: int) -> None:
    """The members of one table play their first legal move until it finishes."""
    while True:
        table = await tables.get(table_id)
        if table.status != "active":
            return
        seat = table.to_act()[0]
        member = table.seats[seat].user_id
        assert member is not None, "only members sit at these tables"
        await tables.act(table_id, Member(member, ""), table.legal_actions(seat)[0])
        await asyncio.sleep(0)


async def test_a_round_finished_in_two_processes_at_once_ends_once(postgres_server):
    """Four tournaments of four players; in each, one process plays one table of round 1 to
    its end while the other plays the other, all at the same time. Every round 1 is finished
    once and every round 2 opened once, with one pairing per table of two (not twice, and
    not never: two processes that each saw the other's table still open would both leave
    the round open)."""
    url = await new_postgres_database(postgres_server)
    seeds = itertools.count(1)
    repo_a, tables_a, tournaments_a = await stack(url, seeds)
    repo_b, tables_b, _tournaments_b = await stack(url, seeds)
    try:
        cups = []
        for cup in range(4):
            tournament = await tournaments_a.create(
                guild="g1",
                channel="c1",
                organiser=ORGANISER,
                name=f"Cup {cup}",
                game_id="test-highcard",
                options={"hand": 1},
                rounds=2,
            )
            for number in range(4):
                member = Member(f"u{cup}-{number}", f"P{number}")
                await tournaments_a.join(tournament.id, member)
            await tournaments_a.start(tournament.id, ORGANISER, may_organise=True)
            cups.append(tournament.id)
        plays = []
        for cup in cups:
            first, second = [p.table_id for p in await repo_a.pairings(cup, 1)]
            assert first is not None and second is not None
            plays += [play_out(tables_a, first), play_out(tables_b, second)]
        await asyncio.gather(*plays)
        for cup in cups:
            rounds = await repo_a.rounds(cup)
            assert [(r.number, r.status) for r in rounds] == [(1, "finished"), (2, "open")]
            assert len(await repo_a.pairings(cup, 2)) == 2
            assert (await repo_a.get_tournament(cup)).round == 2
    finally:
        await repo_a.close()
        await repo_b.close()
