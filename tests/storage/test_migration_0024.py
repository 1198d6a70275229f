"""Migration 0024 on both backends: Coppertwaddle and Catan tables and tournaments stored
before the option ``always_ask`` keep playing without it, so that their logs still replay to
their snapshots; a table still in its lobby and a tournament not yet started take the new
default.
"""

from __future__ import annotations

import random

import pytest

import storage.postgres as postgres_module
import storage.sqlite as sqlite_module
from games.core import CHANCE, IllegalAction, get_game, replay
from storage import LogEntry, TableStatus, TournamentStatus, open_repository
from storage.base import TournamentRecord
from storage.migrations import migrations
from tests.conftest import new_postgres_database

BEFORE_OPTION = [m for m in migrations() if m[0] < 24]
"""The migrations an older version applied: before Coppertwaddle's ``always_ask``."""


@pytest.fixture
async def old_database_url(request, tmp_path):
    """A database at the schema before migration 0024 (``sqlite`` or ``postgres``)."""
    if request.param == "postgres":
        return await new_postgres_database(
            request.getfixturevalue("postgres_server"), migrated=False
        )
    return f"sqlite:///{tmp_path / 'old.sqlite3'}"


def _old_game(game_id: str, options: dict, moves: int, seed: int) -> tuple[list[LogEntry], dict]:
    """A match as the older version played it (no question whose only answer the hand forced):
    the log of its first ``moves`` actions and the snapshot after them."""
    game = get_game(game_id)
    state = game.initial_state(2, game.parse_options(2, {**options, "always_ask": False}))
    rng = random.Random(seed)
    log = []
    for seq in range(1, moves + 1):
        (seat,) = game.to_act(state)
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        else:
            code = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, code)
        log.append(LogEntry(seq, seat, code))
    return log, state


def _tournament(status: TournamentStatus) -> TournamentRecord:
    return TournamentRecord(
        id=0,
        guild="g",
        channel="c",
        name=f"Cup {status}",
        game="coppertwaddle",
        options={"games": 3},
        format="swiss",
        config={"rounds": 3},
        organiser="u-org",
        status=status,
    )


@pytest.mark.parametrize("old_database_url", ["sqlite", "postgres"], indirect=True)
async def test_tables_stored_before_migration_0024_replay_after_it(old_database_url, monkeypatch):
    """Privacy's question-whatever-the-hand is the default for new Coppertwaddle and Catan
    tables, but a game that began without it goes on without it: its log, replayed with the
    stored options, reaches its snapshot (the outbox and the replay pages replay logs)."""
    old = {
        "coppertwaddle": ({"games": 3}, *_old_game("coppertwaddle", {}, 120, 4)),
        "catan-deckbuilding": (
            {"turn_limit": 150, "first_player": None},
            *_old_game("catan-deckbuilding", {}, 400, 2),
        ),
    }
    stored = {}
    with monkeypatch.context() as older:
        older.setattr(sqlite_module, "migrations", lambda: BEFORE_OPTION)
        older.setattr(postgres_module, "migrations", lambda: BEFORE_OPTION)
        async with open_repository(old_database_url) as repo:
            assert max(await repo.schema_versions()) < 24
            for game_id, (options, log, snapshot) in old.items():
                table = await repo.create_table(game_id, options, 1, {}, "u1")
                await repo.append(table.id, 0, log, snapshot, TableStatus.ACTIVE)
                stored[game_id] = table.id
            lobby = await repo.create_table("coppertwaddle", {"games": 3}, 2, {}, "u1")
            other = await repo.create_table("test-highcard", {"hand": 1}, 3, {}, "u1")
            running = await repo.create_tournament(_tournament(TournamentStatus.RUNNING))
            open_one = await repo.create_tournament(_tournament(TournamentStatus.REGISTRATION))
    async with open_repository(old_database_url) as repo:
        assert 24 in await repo.schema_versions()
        for game_id, (options, _log, snapshot) in old.items():
            game = get_game(game_id)
            record = await repo.get_table(stored[game_id])
            assert record.options == {**options, "always_ask": False}
            moves = [(entry.seat, entry.code) for entry in await repo.log(record.id)]
            assert replay(game, 2, game.parse_options(2, record.options), moves) == snapshot
            assert record.state == snapshot
            # The same log under the new default does not replay: the migration keeps it. (The
            # new flow asks a question first: Coppertwaddle's seat is not the log's, Catan's
            # attacked player must answer before the log's next move.)
            due = r"It is not your turn\.|An answer to the attack is due now\."
            with pytest.raises(IllegalAction, match=due):
                replay(game, 2, game.parse_options(2, options), moves)
        assert (await repo.get_table(lobby.id)).options == {"games": 3}
        assert (await repo.get_table(other.id)).options == {"hand": 1}
        assert (await repo.get_tournament(running.id)).options == {
            "games": 3,
            "always_ask": False,
        }
        assert (await repo.get_tournament(open_one.id)).options == {"games": 3}
