"""``tischrunde db copy`` (issue 17): a whole SQLite database, made by playing every game to the
end and a finished tournament, moves to a real PostgreSQL server with every row and id intact,
and every game table's snapshot still equals the replay of its log there. A target that is not
empty is refused and left alone.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any, cast

from games.core import all_games
from storage import (
    Changes,
    DeadlineRecord,
    GuildLimits,
    GuildSettings,
    HandoverRecord,
    TableStatus,
    UserPreferences,
    VacationRecord,
    open_repository,
)
from storage.copy import TABLES
from tables.replays import check_replays
from tables.service import Member, TableService
from tables.tournaments.ratings import RatingService
from tables.tournaments.service import TournamentService
from tests.conftest import new_postgres_database
from tischrunde.cli import main

ORGANISER = Member("u-org", "Olga")
ANNA, BEN = Member("u-anna", "Anna"), Member("u-ben", "Ben")


async def play_everything(url: str) -> None:
    """Every game played to the end by engine players in one-round tournaments (so every
    tournament finishes), a rated members' table, and a row in every other table.
    """
    async with open_repository(url) as repo:
        tables = TableService(repo, seed_source=itertools.count(11).__next__)
        tournaments = TournamentService(repo, tables)
        ratings = RatingService(repo)
        tables.finished_listeners.append(tournaments.on_table_finished)
        tables.finished_listeners.append(ratings.on_table_finished)
        for game in all_games():
            tournament = await tournaments.create(
                guild="g1",
                channel="c1",
                organiser=ORGANISER,
                name=f"Cup {game.id}",
                game_id=game.id,
                rounds=1,
                table_size=game.min_players,
            )
            for _ in range(game.min_players):
                await tournaments.add_engine(tournament.id, ORGANISER, may_organise=True)
            await tournaments.start(tournament.id, ORGANISER, may_organise=True)
            assert (await repo.get_tournament(tournament.id)).status == "finished", game.id
        # Two members play a rated table to its end; a third table stays in the lobby.
        table = await tables.create("test-highcard", ANNA, {"guild": "g1"}, {"hand": 2})
        await tables.join(table.id, BEN)
        table = (await tables.start(table.id, ANNA)).table
        while table.status == TableStatus.ACTIVE:
            seat = table.to_act()[0]
            who = ANNA if table.seats[seat].user_id == ANNA.user_id else BEN
            table = (await tables.act(table.id, who, table.legal_actions(seat)[0])).table
        await tables.create("test-highcard", BEN, {"guild": "g1"}, {"hand": 1})
        # The tables no game leaves behind on its own.
        await repo.add_deadlines([DeadlineRecord(0, "turn", 9e9, table.id, 0, ANNA.user_id)])
        await repo.set_reminders_off(ANNA.user_id, True)
        await repo.set_vacation_allowance("g1", 7)
        await repo.add_vacation(VacationRecord(0, BEN.user_id, "g1", 1.0, 2.0))
        changes = Changes()
        changes.post("copy:1", "turn", {"table": table.id}, table_id=table.id)
        await repo.commit(changes)
        await repo.save_guild_limits(GuildLimits("g1", open_lobbies=4))
        await repo.add_handover(
            HandoverRecord(0, table.id, 0, ANNA.user_id, BEN.user_id, "Ben", due=5.0)
        )
        await repo.save_guild_settings(GuildSettings("g1", "de", ["c1"]))
        await repo.save_user_preferences(UserPreferences(BEN.user_id, dms_off=True))


async def contents(url: str) -> dict[str, list[tuple]]:
    """Every row of every table, sorted, ids included."""
    async with open_repository(url) as repo:
        found = {}
        for table in TABLES:
            # The test reads the rows under the repository's interface, which names none.
            rows = await cast(Any, repo)._read(f"SELECT * FROM {table}")
            found[table] = sorted((tuple(row) for row in rows), key=repr)
        return found


def test_db_copy_moves_every_row_to_postgresql_and_every_replay_still_holds(
    tmp_path, postgres_server, capsys
):
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    asyncio.run(play_everything(source))
    target = asyncio.run(new_postgres_database(postgres_server))
    before = asyncio.run(contents(source))
    assert all(before[table] for table in TABLES), [t for t in TABLES if not before[t]]

    assert main(["db", "copy", "--from", source, "--to", target]) == 0
    printed = capsys.readouterr().out
    assert "every snapshot equals the replay of its log" in printed

    after = asyncio.run(contents(target))
    for table in TABLES:
        if table == "registrations":
            # PostgreSQL holds SQLite's hidden rowid (the order of registration) as a column.
            assert [row[1:] for row in sorted(after[table])] == sorted(before[table]), table
        else:
            assert after[table] == before[table], table

    async def on_target() -> None:
        async with open_repository(target) as repo:
            replayed, mismatches = await check_replays(repo)
            finished = [t for t in before["tables"] if t[8] is not None]  # a snapshot
            assert (replayed, mismatches) == (len(finished), [])
            # Identities go on after the copied ids: a new table gets a new number.
            new = await repo.create_table("test-highcard", {}, 1, {}, "u-new")
            assert new.id == max(row[0] for row in before["tables"]) + 1
            registered = [
                [r.user_id for r in await repo.registrations(tournament[0])]
                for tournament in before["tournaments"]
            ]
        async with open_repository(source) as repo:
            assert registered == [
                [r.user_id for r in await repo.registrations(tournament[0])]
                for tournament in before["tournaments"]
            ]

    asyncio.run(on_target())


def test_db_copy_refuses_a_target_that_is_not_empty(tmp_path, postgres_server, capsys):
    source = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    target = asyncio.run(new_postgres_database(postgres_server))

    async def fill() -> None:
        async with open_repository(source) as repo:
            await repo.create_table("test-highcard", {}, 1, {}, "u-source")
        async with open_repository(target) as repo:
            await repo.save_guild_settings(GuildSettings("already-here"))

    asyncio.run(fill())
    assert main(["db", "copy", "--from", source, "--to", target]) == 2
    error = capsys.readouterr().err
    assert "not empty" in error and "guild_settings" in error
    after = asyncio.run(contents(target))
    assert after["tables"] == [] and len(after["guild_settings"]) == 1
