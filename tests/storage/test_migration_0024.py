"""Migration 0024 on both backends: Coppertwaddle tables and tournaments stored before the
option ``always_ask`` keep playing without it, so that their logs still replay to their
snapshots; a table still in its lobby and a tournament not yet started take the new default.
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


def _old_game(moves: int) -> tuple[list[LogEntry], dict]:
    """A Coppertwaddle match as the older version played it (no question for a seat with
    nothing to play): the log of its first ``moves`` actions and the snapshot after them."""
    game = get_game("coppertwaddle")
    state = game.initial_state(2, game.parse_options(2, {"always_ask": False}))
    rng = random.Random(4)
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
async def test_coppertwaddle_tables_stored_before_migration_0024_replay_after_it(
    old_database_url, monkeypatch
):
    """Privacy's question-every-turn is the default for new Coppertwaddle tables, but a game
    that began without it goes on without it: its log, replayed with the stored options,
    reaches its snapshot (the outbox and the replay pages replay logs)."""
    log, snapshot = _old_game(120)
    game = get_game("coppertwaddle")
    with monkeypatch.context() as older:
        older.setattr(sqlite_module, "migrations", lambda: BEFORE_OPTION)
        older.setattr(postgres_module, "migrations", lambda: BEFORE_OPTION)
        async with open_repository(old_database_url) as repo:
            assert max(await repo.schema_versions()) < 24
            playing = await repo.create_table("coppertwaddle", {"games": 3}, 1, {}, "u1")
            await repo.append(playing.id, 0, log, snapshot, TableStatus.ACTIVE)
            lobby = await repo.create_table("coppertwaddle", {"games": 3}, 2, {}, "u1")
            other = await repo.create_table("test-highcard", {"hand": 1}, 3, {}, "u1")
            running = await repo.create_tournament(_tournament(TournamentStatus.RUNNING))
            open_one = await repo.create_tournament(_tournament(TournamentStatus.REGISTRATION))
    async with open_repository(old_database_url) as repo:
        assert 24 in await repo.schema_versions()
        stored = await repo.get_table(playing.id)
        assert stored.options == {"games": 3, "always_ask": False}
        options = game.parse_options(2, stored.options)
        moves = [(entry.seat, entry.code) for entry in await repo.log(playing.id)]
        assert replay(game, 2, options, moves) == stored.state == snapshot
        # The same log under the new default does not replay: the migration is what keeps it.
        with pytest.raises(IllegalAction, match=r"It is not your turn\."):
            replay(game, 2, game.parse_options(2, {"games": 3}), moves)
        assert (await repo.get_table(lobby.id)).options == {"games": 3}
        assert (await repo.get_table(other.id)).options == {"hand": 1}
        assert (await repo.get_tournament(running.id)).options == {
            "games": 3,
            "always_ask": False,
        }
        assert (await repo.get_tournament(open_one.id)).options == {"games": 3}
