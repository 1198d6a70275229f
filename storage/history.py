"""History and profile reads on both backends (a mixin of both repositories, issue 20).

Plain SQL with ``?`` marks through ``_read``, so SQLite and PostgreSQL share it. The rating
history is written by ``rate_table`` (in the rating's own transaction, see
``storage.tournaments`` and ``storage.postgres``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .base import RatingPoint, RatingRecord, TableRecord
from .statuses import TableStatus
from .tournaments import _RATING_COLUMNS, _rating

# A table's columns without its state: a history lists results, and a state may be large.
# (Not imported from ``storage.sqlite``, which imports this module.)
_LIST_COLUMNS = (
    "id, game, options, seed, place, host, status, seq, result, settings, created_at, updated_at"
)

_ORDINAL = "mu - 3 * sigma"
"""The leaderboard's order (``storage.tournaments.leaderboard``)."""


class SqliteHistoryMixin:
    """Reads for ``/table history`` and ``/profile``."""

    async def _read(self, sql: str, parameters: Any = ()) -> list[Any]:  # provided by the repo
        raise NotImplementedError

    async def ratings_of_member(self, guild: str, user_id: str) -> list[RatingRecord]:
        """The member's ratings on a server, one per game they were rated in, by game."""
        rows = await self._read(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild = ? AND user_id = ? ORDER BY game",
            (guild, user_id),
        )
        return [_rating(row) for row in rows]

    async def rating_rank(self, game: str, guild: str, user_id: str) -> tuple[int, int] | None:
        """(place, players rated) on the game's leaderboard; None without a rating."""
        mine = await self._read(
            f"SELECT {_ORDINAL}, games FROM ratings WHERE game = ? AND guild = ? AND user_id = ?",
            (game, guild, user_id),
        )
        if not mine:
            return None
        ordinal, games = mine[0][0], mine[0][1]
        # The same expression as the leaderboard's ORDER BY, so ties break the same way.
        rows = await self._read(
            f"SELECT COUNT(*), SUM(CASE WHEN {_ORDINAL} > ? OR ({_ORDINAL} = ? AND"
            " (games > ? OR (games = ? AND user_id < ?))) THEN 1 ELSE 0 END)"
            " FROM ratings WHERE game = ? AND guild = ?",
            (ordinal, ordinal, games, games, user_id, game, guild),
        )
        total, ahead = int(rows[0][0]), int(rows[0][1] or 0)
        return ahead + 1, total

    async def rating_history(self, game: str, guild: str, user_id: str) -> list[RatingPoint]:
        """The member's rating after each rated table, oldest first."""
        rows = await self._read(
            "SELECT games, mu, sigma, at, table_id FROM rating_history"
            " WHERE game = ? AND guild = ? AND user_id = ? ORDER BY games",
            (game, guild, user_id),
        )
        return [RatingPoint(row[0], row[1], row[2], row[3], row[4]) for row in rows]

    async def finished_tables_of_user(
        self, user_id: str, guild: str, game: str | None = None, limit: int | None = 20
    ) -> list[tuple[TableRecord, int]]:
        """The member's finished tables on ``guild`` (of ``game``) with the seat they hold
        there, newest first, no states.
        """
        sql = (
            f"SELECT {_LIST_COLUMNS},"
            " (SELECT MIN(seat) FROM seats s WHERE s.table_id = tables.id AND s.user_id = ?)"
            " FROM tables"
            " WHERE id IN (SELECT table_id FROM seats WHERE user_id = ?) AND status = ?"
        )
        parameters: list[Any] = [user_id, user_id, TableStatus.FINISHED]
        if game is not None:
            sql += " AND game = ?"
            parameters.append(game)
        rows = await self._read(sql + " ORDER BY updated_at DESC, id DESC", parameters)
        found = []
        for row in rows:
            # The place is JSON text on both backends; its server is compared here, not in SQL
            # (whose JSON functions differ between the two).
            if _guild_of(row) == guild:
                found.append((_listed(row), int(row[12])))
                if limit is not None and len(found) >= limit:
                    break
        return found


def _listed(row: Sequence[Any]) -> TableRecord:
    return TableRecord(
        id=row[0],
        game=row[1],
        options=json.loads(row[2]),
        seed=row[3],
        place=json.loads(row[4]),
        host=row[5],
        status=row[6],
        seq=row[7],
        result=None if row[8] is None else json.loads(row[8]),
        settings=json.loads(row[9]),
        created_at=row[10],
        updated_at=row[11],
    )


def _guild_of(row: Sequence[Any]) -> str | None:
    guild = json.loads(row[4]).get("guild")
    return None if guild is None else str(guild)
