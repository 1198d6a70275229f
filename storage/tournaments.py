"""Tournaments, pairings and ratings on SQLite (a mixin of ``SqliteRepository``, issue 10).

Kept apart from ``sqlite.py`` like the preferences mixin, so the table store and the tournament
store change independently; the SQL stays inside ``storage``.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Any

from .base import (
    TOURNAMENT_STATUSES,
    PairingRecord,
    RatingRecord,
    Registration,
    RoundRecord,
    TournamentRecord,
    UnknownTournament,
    table_id_of,
    update_by_id,
)
from .statuses import RoundStatus, TournamentStatus

Work = Callable[[sqlite3.Connection], Any]

_TOURNAMENT_COLUMNS = (
    "id, guild, channel, name, game, options, format, config, organiser, status, closes_at,"
    " round, settings, created_at, updated_at"
)
_PAIRING_COLUMNS = "tournament_id, round, position, game, table_id, players, bye, ranks, scores"
_RATING_COLUMNS = "game, guild, user_id, name, mu, sigma, games, updated_at"


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _tournament(row: Sequence[Any]) -> TournamentRecord:
    return TournamentRecord(
        id=row[0],
        guild=row[1],
        channel=row[2],
        name=row[3],
        game=row[4],
        options=json.loads(row[5]),
        format=row[6],
        config=json.loads(row[7]),
        organiser=row[8],
        status=TournamentStatus(row[9]),
        closes_at=row[10],
        round=row[11],
        settings=json.loads(row[12]),
        created_at=row[13],
        updated_at=row[14],
    )


def _pairing(row: Sequence[Any]) -> PairingRecord:
    return PairingRecord(
        tournament_id=row[0],
        round=row[1],
        position=row[2],
        game=row[3],
        table_id=row[4],
        players=json.loads(row[5]),
        bye=bool(row[6]),
        ranks=None if row[7] is None else json.loads(row[7]),
        scores=None if row[8] is None else json.loads(row[8]),
    )


def _rating(row: Sequence[Any]) -> RatingRecord:
    return RatingRecord(*row)


def tournament_update(
    status: TournamentStatus | None,
    round: int | None,
    closes_at: float | None,
    settings_json: str | None,
) -> tuple[str, list[Any]]:
    """The UPDATE of a tournament's status, round, closing time or settings (those given) and
    its values but the tournament's id (``update_by_id``), for both backends. ``ValueError``
    for an unknown status.
    """
    if status is not None and status not in TOURNAMENT_STATUSES:
        raise ValueError(f"unknown tournament status {status!r}")
    return update_by_id(
        "tournaments",
        (
            ("status", status),
            ("round", round),
            ("closes_at", closes_at),
            ("settings", settings_json),
        ),
    )


class SqliteTournamentsMixin:
    """The tournament and rating methods of ``Repository`` for ``SqliteRepository``."""

    async def _read(self, sql: str, parameters: Any = ()) -> list[Any]:  # provided by the repo
        raise NotImplementedError

    async def _write(self, work: Any) -> Any:  # provided by the repo
        raise NotImplementedError

    # ----- tournaments -------------------------------------------------------------------------

    async def create_tournament(self, record: TournamentRecord) -> TournamentRecord:
        """Store a new tournament and return it with its id."""
        if record.status not in TOURNAMENT_STATUSES:
            raise ValueError(f"unknown tournament status {record.status!r}")
        now = time.time()
        values = (
            record.guild,
            record.channel,
            record.name,
            record.game,
            _dumps(record.options),
            record.format,
            _dumps(record.config),
            record.organiser,
            record.status,
            record.closes_at,
            record.round,
            _dumps(record.settings),
            now,
            now,
        )

        def work(conn: sqlite3.Connection) -> int:
            cursor = conn.execute(
                f"INSERT INTO tournaments ({_TOURNAMENT_COLUMNS.partition(', ')[2]})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            )
            return int(cursor.lastrowid or 0)

        tournament_id = await self._write(work)
        return await self.get_tournament(tournament_id)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord:
        """The tournament; ``UnknownTournament`` if there is none."""
        rows = await self._read(
            f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        if not rows:
            raise UnknownTournament(tournament_id)
        return _tournament(rows[0])

    async def update_tournament(
        self,
        tournament_id: int,
        *,
        status: TournamentStatus | None = None,
        round: int | None = None,
        closes_at: float | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """Change a tournament's status, current round, closing time or settings."""
        await self._write(
            self._work_update_tournament(
                tournament_id, status=status, round=round, closes_at=closes_at, settings=settings
            )
        )

    def _work_update_tournament(
        self,
        tournament_id: int,
        *,
        status: TournamentStatus | None = None,
        round: int | None = None,
        closes_at: float | None = None,
        settings: dict[str, Any] | None = None,
    ) -> Work:
        sql, values = tournament_update(
            status, round, closes_at, None if settings is None else _dumps(settings)
        )

        def work(conn: sqlite3.Connection) -> None:
            if conn.execute(sql, [*values, tournament_id]).rowcount != 1:
                raise UnknownTournament(tournament_id)

        return work

    async def tournaments_of_guild(
        self, guild: str, statuses: tuple[TournamentStatus, ...] = TOURNAMENT_STATUSES
    ) -> list[TournamentRecord]:
        """The server's tournaments in ``statuses``, newest first."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self._read(
            f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments"
            f" WHERE guild = ? AND status IN ({marks}) ORDER BY id DESC",
            (guild, *statuses),
        )
        return [_tournament(row) for row in rows]

    async def tournaments_with_status(
        self, statuses: tuple[TournamentStatus, ...]
    ) -> list[TournamentRecord]:
        """Every tournament in one of ``statuses``, on any server (for start-up)."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self._read(
            f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE status IN ({marks}) ORDER BY id",
            tuple(statuses),
        )
        return [_tournament(row) for row in rows]

    # ----- registrations and rounds -------------------------------------------------------------

    async def save_registration(self, registration: Registration) -> None:
        """Insert a registration, or update it in place (its place in the order stays)."""
        await self._write(self._work_save_registration(registration))

    def _work_save_registration(self, registration: Registration) -> Work:
        r = registration
        values = (
            r.tournament_id,
            r.user_id,
            r.name,
            r.engine,
            int(r.checked_in),
            r.joined_round,
            r.dropped_round,
            r.registered_at or time.time(),
        )

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO registrations (tournament_id, user_id, name, engine,"
                " checked_in, joined_round, dropped_round, registered_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, user_id) DO UPDATE"
                " SET name = excluded.name, engine = excluded.engine,"
                " checked_in = excluded.checked_in, joined_round = excluded.joined_round,"
                " dropped_round = excluded.dropped_round",
                values,
            )

        return work

    async def registrations(self, tournament_id: int) -> list[Registration]:
        """The tournament's registrations in the order they came."""
        rows = await self._read(
            "SELECT tournament_id, user_id, name, engine, checked_in, joined_round,"
            " dropped_round, registered_at FROM registrations WHERE tournament_id = ?"
            " ORDER BY rowid",
            (tournament_id,),
        )
        return [Registration(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7]) for r in rows]

    async def save_round(self, record: RoundRecord) -> None:
        """Insert or replace a round."""
        await self._write(self._work_save_round(record))

    def _work_save_round(self, record: RoundRecord) -> Work:
        values = (
            record.tournament_id,
            record.number,
            record.status,
            record.deadline,
            record.opened_at,
            record.finished_at,
        )

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT OR REPLACE INTO tournament_rounds (tournament_id, number, status,"
                " deadline, opened_at, finished_at) VALUES (?, ?, ?, ?, ?, ?)",
                values,
            )

        return work

    async def rounds(self, tournament_id: int) -> list[RoundRecord]:
        """The tournament's rounds in order."""
        rows = await self._read(
            "SELECT tournament_id, number, status, deadline, opened_at, finished_at"
            " FROM tournament_rounds WHERE tournament_id = ? ORDER BY number",
            (tournament_id,),
        )
        return [RoundRecord(row[0], row[1], RoundStatus(row[2]), *row[3:]) for row in rows]

    # ----- pairings ---------------------------------------------------------------------------

    async def save_pairings(self, pairings: list[PairingRecord]) -> None:
        """Insert or replace pairings (one transaction)."""
        await self._write(self._work_save_pairings(pairings))

    def _work_save_pairings(self, pairings: list[PairingRecord]) -> Work:
        def work(conn: sqlite3.Connection) -> None:
            # Inside the commit: a pairing may name a table created earlier in the same unit.
            rows = [
                (
                    p.tournament_id,
                    p.round,
                    p.position,
                    p.game,
                    table_id_of(p.table_id),
                    _dumps(p.players),
                    int(p.bye),
                    None if p.ranks is None else _dumps(p.ranks),
                    None if p.scores is None else _dumps(p.scores),
                )
                for p in pairings
            ]
            for pairing, row in zip(pairings, rows, strict=True):
                pairing.table_id = row[4]
            conn.executemany(
                f"INSERT OR REPLACE INTO pairings ({_PAIRING_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )

        return work

    async def delete_rounds_after(self, tournament_id: int, number: int) -> None:
        """Delete the rounds numbered above ``number`` with their pairings."""
        await self._write(self._work_delete_rounds_after(tournament_id, number))

    def _work_delete_rounds_after(self, tournament_id: int, number: int) -> Work:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "DELETE FROM pairings WHERE tournament_id = ? AND round > ?",
                (tournament_id, number),
            )
            conn.execute(
                "DELETE FROM tournament_rounds WHERE tournament_id = ? AND number > ?",
                (tournament_id, number),
            )

        return work

    async def pairings(self, tournament_id: int, round: int | None = None) -> list[PairingRecord]:
        """The tournament's pairings (of one round), by round, position and game."""
        sql = f"SELECT {_PAIRING_COLUMNS} FROM pairings WHERE tournament_id = ?"
        params: tuple[Any, ...] = (tournament_id,)
        if round is not None:
            sql += " AND round = ?"
            params += (round,)
        rows = await self._read(sql + " ORDER BY round, position, game", params)
        return [_pairing(row) for row in rows]

    async def pairing_of_table(self, table_id: int) -> PairingRecord | None:
        """The pairing a table was opened for, if it belongs to a tournament."""
        rows = await self._read(
            f"SELECT {_PAIRING_COLUMNS} FROM pairings WHERE table_id = ?", (table_id,)
        )
        return _pairing(rows[0]) if rows else None

    # ----- ratings ----------------------------------------------------------------------------

    async def ratings(self, game: str, guild: str, user_ids: list[str]) -> dict[str, RatingRecord]:
        """The stored ratings of these members (members without one are missing)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._read(
            f"SELECT {_RATING_COLUMNS} FROM ratings"
            f" WHERE game = ? AND guild = ? AND user_id IN ({marks})",
            (game, guild, *user_ids),
        )
        return {row[2]: _rating(row) for row in rows}

    async def leaderboard(self, game: str, guild: str, limit: int = 20) -> list[RatingRecord]:
        """The server's ratings for a game, best conservative estimate (mu - 3 sigma) first."""
        rows = await self._read(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE game = ? AND guild = ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (game, guild, limit),
        )
        return [_rating(row) for row in rows]

    async def rate_table(
        self,
        table_id: int,
        game: str,
        guild: str,
        members: list[tuple[str, str]],
        update: Callable[[list[RatingRecord | None]], list[tuple[float, float]]],
    ) -> list[RatingRecord] | None:
        """Rate a finished table once, atomically (read, ``update``, write in one transaction)."""

        def work(conn: sqlite3.Connection) -> list[RatingRecord] | None:
            now = time.time()
            seen = conn.execute(
                "INSERT OR IGNORE INTO rated_tables (table_id, rated_at) VALUES (?, ?)",
                (table_id, now),
            )
            if seen.rowcount == 0:
                return None
            current: list[RatingRecord | None] = []
            for user_id, _name in members:
                row = conn.execute(
                    f"SELECT {_RATING_COLUMNS} FROM ratings"
                    " WHERE game = ? AND guild = ? AND user_id = ?",
                    (game, guild, user_id),
                ).fetchone()
                current.append(None if row is None else _rating(row))
            new = update(current)
            stored = []
            for (user_id, name), before, (mu, sigma) in zip(members, current, new, strict=True):
                games = (before.games if before else 0) + 1
                record = RatingRecord(game, guild, user_id, name, mu, sigma, games, now)
                conn.execute(
                    f"INSERT OR REPLACE INTO ratings ({_RATING_COLUMNS})"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game, guild, user_id, name, mu, sigma, games, now),
                )
                # The profile's rating over time, in the same transaction as the rating.
                conn.execute(
                    "INSERT OR REPLACE INTO rating_history"
                    " (game, guild, user_id, games, table_id, mu, sigma, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game, guild, user_id, games, table_id, mu, sigma, now),
                )
                stored.append(record)
            return stored

        # _write hands back what work returned, typed Any for every kind of work.
        result: list[RatingRecord] | None = await self._write(work)
        return result
