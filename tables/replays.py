"""The replay check: every stored game table's snapshot equals the replay of its log.

Storage promises that a table's snapshot is the state after its last logged action; this check
proves it for a whole database with the games' own engines (used after ``tischrunde db copy``).
"""

from __future__ import annotations

from games.core import get_game, replay
from storage import Repository, TableStatus


async def check_replays(repo: Repository) -> tuple[int, list[str]]:
    """Replay every game table's log; (tables replayed, one line per mismatch found)."""
    replayed, mismatches = 0, []
    for record in await repo.tables_with_status(tuple(TableStatus)):
        log = await repo.log(record.id)
        if record.state is None:
            if log:
                mismatches.append(f"table {record.id}: a log of {len(log)} but no snapshot")
            continue
        if record.seq != len(log) or [e.seq for e in log] != list(range(1, len(log) + 1)):
            mismatches.append(f"table {record.id}: at action {record.seq}, log of {len(log)}")
            continue
        try:
            game = get_game(record.game)
            seats = len(await repo.get_seats(record.id))
            options = game.parse_options(seats, record.options)
            state = replay(game, seats, options, [(entry.seat, entry.code) for entry in log])
        except Exception as error:  # noqa: BLE001 - reported as that table's mismatch
            mismatches.append(f"table {record.id} ({record.game}): the replay failed: {error}")
            continue
        replayed += 1
        if state != record.state:
            mismatches.append(f"table {record.id} ({record.game}): snapshot differs from replay")
    return replayed, mismatches
