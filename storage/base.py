"""The repository interface: everything the application stores, behind one abstract class.

The application (``tables``) depends only on this module; ``storage.sqlite`` implements it with
aiosqlite. States, options and results are JSON-native dicts stored verbatim.
"""

from __future__ import annotations

import contextlib
import json
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from json.encoder import (  # type: ignore[attr-defined]
    c_make_encoder,
    encode_basestring,
    encode_basestring_ascii,
)
from typing import Any, NamedTuple, Self

from .statuses import HandoverStatus, RoundStatus, TableStatus, TournamentStatus

STATUSES = tuple(TableStatus)


@dataclass
class TableRecord:
    """One table: a game at one place, from the lobby to its result."""

    id: int
    game: str
    options: dict[str, Any]
    seed: int
    place: dict[str, Any]
    """Where the table lives, e.g. {"guild": "1", "channel": "2", "thread": "3"} or {"terminal": 1}."""
    host: str
    status: TableStatus
    seq: int = 0
    """How many actions have been applied; the snapshot is the state after action ``seq``."""
    state: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    """Table settings that are not game options (clock, language, message ids, ...)."""
    created_at: float = 0.0
    updated_at: float = 0.0


@dataclass
class SeatRecord:
    """A seat at a table: a member (``user_id``) or an engine player (``engine``)."""

    seat: int
    name: str
    user_id: str | None = None
    engine: str | None = None


@dataclass
class LogEntry:
    """One applied action. ``seat`` is -1 for chance; ``request_id`` makes retries idempotent."""

    seq: int
    seat: int
    code: str
    request_id: str | None = None
    at: float = 0.0


@dataclass
class GuildSettings:
    """A Discord server's settings: default language, table channels, organiser role."""

    guild_id: str
    language: str | None = None
    """"de" or "en"; None: the server's own locale, else the operator's default."""
    channels: list[str] = field(default_factory=list)
    """Channel ids where tables may be opened; empty means every channel."""
    organiser_role: str | None = None
    """The role id that may organise tournaments."""
    pictures_off: bool = False
    """The server's tables are shown as text alone (no attached pictures)."""


@dataclass
class UserPreferences:
    """A person's preferences: DMs turned off, DMs refused by Discord, last known language."""

    user_id: str
    dms_off: bool = False
    dms_refused: bool = False
    """Discord answered 50007 (the user does not accept DMs from us): never try again."""
    language: str | None = None
    pictures_off: bool = False
    """Text-only answers: the person's private hands and DMs carry no picture."""
    confirm_off: bool = False
    """No second look: a costly move (all-in, ending a turn with cards left) is played at once."""


# ----- tournaments and ratings (issue 10) ------------------------------------------------------

TOURNAMENT_STATUSES = tuple(TournamentStatus)


@dataclass
class TournamentRecord:
    """A tournament: a game and its table options, a format, its settings and progress."""

    id: int
    guild: str
    channel: str
    name: str
    game: str
    options: dict[str, Any]
    format: str
    config: dict[str, Any]
    """Format settings: rounds, best_of, advance, table sizes, clock, checkin, late_join, ..."""
    organiser: str
    status: TournamentStatus
    closes_at: float | None = None
    """When registration closes by itself (None: only by hand)."""
    round: int = 0
    """The round being played (0 before the start)."""
    settings: dict[str, Any] = field(default_factory=dict)
    """What the adapter keeps (language, message ids)."""
    created_at: float = 0.0
    updated_at: float = 0.0


@dataclass
class Registration:
    """A player of a tournament: a member (``user_id``) or an engine player (``engine``)."""

    tournament_id: int
    user_id: str
    name: str
    engine: str | None = None
    checked_in: bool = False
    joined_round: int = 1
    """The first round the player may be paired in (above 1: a late join)."""
    dropped_round: int | None = None
    """The first round the player is no longer paired in (None: still playing)."""
    registered_at: float = 0.0


@dataclass
class RoundRecord:
    """A round of a tournament, open until every table of it has finished."""

    tournament_id: int
    number: int
    status: RoundStatus = RoundStatus.OPEN
    deadline: float | None = None
    opened_at: float = 0.0
    finished_at: float | None = None


@dataclass
class PairingRecord:
    """A table of a round (``position``), one game of a best-of match (``game``), or a bye."""

    tournament_id: int
    round: int
    position: int
    players: list[str]
    """User ids in seat order."""
    game: int = 1
    table_id: int | None = None
    bye: bool = False
    ranks: list[int] | None = None
    """Each seat's rank once the table finished (1 best)."""
    scores: list[float] | None = None


@dataclass
class RatingRecord:
    """A member's openskill rating for one game on one server."""

    game: str
    guild: str
    user_id: str
    name: str
    mu: float
    sigma: float
    games: int = 0
    updated_at: float = 0.0


@dataclass
class RatingPoint:
    """A member's rating after one rated table (issue 20: the profile's rating over time)."""

    games: int
    """The member's rated games after that table: 1 for the first."""
    mu: float
    sigma: float
    at: float
    table_id: int | None = None
    """The table that moved the rating; None for a rating carried over from before its history."""


@dataclass
class DeadlineRecord:
    """A stored deadline: at ``due`` (epoch seconds) something of ``kind`` is to happen.

    ``table_id``, ``seat`` and ``user_id`` say whom it concerns where that applies (a turn
    clock: all three; a vacation's end: the user only); ``data`` is the kind's own JSON.
    """

    id: int
    kind: str
    due: float
    table_id: TableId | None = None
    """Its table; inside a ``Changes`` that creates the table, its ``TableRef``."""
    seat: int | None = None
    user_id: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    attempts: int = 0
    """How many times its handler failed; each failure puts it off longer (see the scheduler)."""
    ends: float | None = None
    """A seat's clock: when it runs out (``due`` is then the next reminder, or the same time).
    A vacation moves it with ``due``; a failed handler's retry does not."""


@dataclass
class OutboxRecord:
    """A Discord post that follows a stored change, written in the change's own transaction.

    ``key`` names the fact it reports (``turn:12:48``, ``reminder:301``): storing the same key
    twice keeps the first, so a handler that runs again after a crash adds no second post.
    ``progress`` is what its delivery found out (how a request reached its member, how many
    parts a resumed delivery found already sent).
    """

    id: int
    key: str
    kind: str
    payload: dict[str, Any]
    table_id: int | None = None
    progress: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0
    attempts: int = 0
    next_try: float = 0.0
    sent_at: float | None = None


@dataclass
class VacationRecord:
    """A person's vacation: their clocks pause from ``start`` to ``until`` (or ``ended``)."""

    id: int
    user_id: str
    guild_id: str | None
    """The server where it was asked for."""
    start: float
    until: float
    ended: float | None = None
    """When it actually ended; None while it runs."""

    def end(self) -> float:
        """When it ends or ended."""
        return self.until if self.ended is None else min(self.ended, self.until)


# ----- limits, consent and housekeeping (issue 16) ---------------------------------------------


@dataclass
class GuildLimits:
    """A server's own limits; None: the default (``tables.limits``)."""

    guild_id: str
    open_lobbies: int | None = None
    """Lobbies a member may sit in at once on this server."""
    running_tables: int | None = None
    """Tables (lobby or running) a member may sit at at once on this server."""
    tournaments: int | None = None
    """Tournaments open for registration or running on this server at once."""
    engine_entries: int | None = None
    """Engine players an organiser may register in one tournament."""
    lobby_days: int | None = None
    """Days after which a lobby nobody started closes itself."""


HANDOVER_STATUSES = tuple(HandoverStatus)


@dataclass
class HandoverRecord:
    """A request to ``user_id`` to take over ``seat`` of a running table, asked by ``asked_by``.

    The seat changes hands only when the request is accepted; until then nothing of the table
    reaches ``user_id`` but the request itself.
    """

    id: int
    table_id: int
    seat: int
    asked_by: str
    user_id: str
    name: str
    status: HandoverStatus = HandoverStatus.PENDING
    created_at: float = 0.0
    due: float = 0.0
    """When the request lapses unanswered."""
    data: dict[str, Any] = field(default_factory=dict)
    """What the adapter keeps (where the request was posted, the host's language)."""


class StorageError(Exception):
    """Base class of the errors below."""


class TableRef:
    """The id of a row (a table, a hand-over request) that a ``Changes`` creates.

    Later writes of the same ``Changes`` (its seats, a tournament pairing, a deadline's or a
    post's data) may name the row by this reference; it holds the real id once the commit ran.
    """

    __slots__ = ("id",)

    def __init__(self) -> None:
        self.id: int | None = None

    def __int__(self) -> int:
        if self.id is None:
            raise StorageError("the table of this reference is not created yet")
        return self.id

    def __repr__(self) -> str:
        return f"TableRef({self.id})"


TableId = int | TableRef


def table_id_of(value: TableId | None) -> int | None:
    """The real id behind ``value`` (inside a commit, after the table was created)."""
    return None if value is None else int(value)


def json_with_refs(value: Any) -> Any:
    """``json.dumps``' ``default``: a ``TableRef`` in stored data is its id (inside a commit)."""
    if isinstance(value, TableRef):
        return int(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def compact_json(*, ensure_ascii: bool) -> Callable[[Any], str]:
    """A function that writes stored JSON: no spaces, no NaN, ``TableRef`` as its id.

    Its text is ``json.JSONEncoder(...).encode``'s to the byte. ``encode`` builds a new C
    encoder for every call; a move writes its snapshot, its post and its clock, so this one
    is built once. Without circular-reference markers: stored data holds no cycles (one would
    end in a RecursionError instead of a ValueError).
    """
    if c_make_encoder is None:  # a Python built without the _json accelerator
        return json.JSONEncoder(
            separators=(",", ":"),
            ensure_ascii=ensure_ascii,
            allow_nan=False,
            default=json_with_refs,
        ).encode
    encode = c_make_encoder(
        None,
        json_with_refs,
        encode_basestring_ascii if ensure_ascii else encode_basestring,
        None,
        ":",
        ",",
        False,
        False,
        False,
    )
    join = "".join

    def dumps(value: Any) -> str:
        return join(encode(value, 0))

    return dumps


class Change(NamedTuple):
    """One write of a ``Changes``: the repository method's name and its arguments.

    A named tuple, not a frozen dataclass: every move makes several, and a frozen dataclass
    sets each field through ``object.__setattr__``.
    """

    name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


class Changes:
    """Writes that commit together or not at all: a unit of work.

    A flow that changes several rows (a move with its clocks and its posts, a round change, a
    vacation, a hand-over) collects its writes here and hands them to ``Repository.commit``,
    which runs them in order in one transaction. Each method mirrors the repository method of
    the same name. On SQLite the commit is one job of the writer's group commit, so a move that
    also sets clocks and posts costs one transaction, shared with whatever else commits then.
    """

    def __init__(self) -> None:
        self.ops: list[Change] = []

    def __bool__(self) -> bool:
        return bool(self.ops)

    def __len__(self) -> int:
        return len(self.ops)

    def _add(self, name: str, *args: Any, **kwargs: Any) -> None:
        self.ops.append(Change(name, args, kwargs))

    def extend(self, other: Changes) -> Changes:
        """Add ``other``'s writes after these; returns self."""
        self.ops.extend(other.ops)
        return self

    # -- tables ---------------------------------------------------------------------------------

    def create_table(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        place: dict[str, Any],
        host: str,
        settings: dict[str, Any] | None = None,
    ) -> TableRef:
        """A new table in the lobby; the reference holds its id after the commit."""
        ref = TableRef()
        self._add("create_table", game, options, seed, place, host, settings, ref=ref)
        return ref

    def update_table(
        self,
        table_id: TableId,
        *,
        status: TableStatus | None = None,
        place: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """See ``Repository.update_table``."""
        self._add("update_table", table_id, status=status, place=place, settings=settings)

    def set_seats(self, table_id: TableId, seats: list[SeatRecord]) -> None:
        """See ``Repository.set_seats``."""
        self._add("set_seats", table_id, list(seats))

    def append(
        self,
        table_id: int,
        expected_seq: int,
        entries: list[LogEntry],
        state: dict[str, Any],
        status: TableStatus,
        result: dict[str, Any] | None = None,
    ) -> None:
        """See ``Repository.append``: a stale sequence or a repeated request id fails the
        whole commit, so nothing that follows the move is written either.
        """
        self._add("append", table_id, expected_seq, list(entries), state, status, result)

    # -- deadlines and vacations ----------------------------------------------------------------

    def replace_deadlines(
        self,
        remove: list[int],
        add: list[DeadlineRecord],
        *,
        paused_at: float | None = None,
        reuse: list[int] | None = None,
    ) -> None:
        """See ``Repository.replace_deadlines`` (the records get their ids, and with
        ``paused_at`` their final ``due``, at the commit).
        """
        if remove or add:
            options: dict[str, Any] = {}
            if paused_at is not None:
                options["paused_at"] = paused_at
            if reuse:
                options["reuse"] = list(reuse)
            self._add("replace_deadlines", list(remove), list(add), **options)

    def delete_deadline(self, deadline_id: int) -> None:
        """See ``Repository.delete_deadline``."""
        self._add("delete_deadline", deadline_id)

    def rearm_deadline(
        self,
        deadline_id: int,
        claimed: float,
        due: float,
        data: dict[str, Any],
        *,
        required: bool = False,
    ) -> None:
        """See ``Repository.rearm_deadline``. ``required``: a deadline no longer due at
        ``claimed`` fails the whole commit with ``DeadlineMoved``, so nothing a handler stored
        with its re-arming (a reminder's post) is stored for a clock that has moved on.
        """
        self._add("rearm_deadline", deadline_id, claimed, due, data, required=required)

    def delete_deadlines(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        user_id: str | None = None,
    ) -> None:
        """See ``Repository.delete_deadlines``."""
        self._add("delete_deadlines", table_id=table_id, kinds=kinds, user_id=user_id)

    def shift_deadlines(self, user_id: str, kinds: tuple[str, ...], seconds: float) -> None:
        """See ``Repository.shift_deadlines``."""
        self._add("shift_deadlines", user_id, kinds, seconds)

    def add_vacation(self, vacation: VacationRecord) -> None:
        """See ``Repository.add_vacation`` (``vacation.id`` is set at the commit)."""
        self._add("add_vacation", vacation)

    def end_vacation(self, vacation_id: int, ended: float) -> None:
        """See ``Repository.end_vacation``."""
        self._add("end_vacation", vacation_id, ended)

    # -- tournaments ----------------------------------------------------------------------------

    def update_tournament(
        self,
        tournament_id: int,
        *,
        status: TournamentStatus | None = None,
        round: int | None = None,
        closes_at: float | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """See ``Repository.update_tournament``."""
        self._add(
            "update_tournament",
            tournament_id,
            status=status,
            round=round,
            closes_at=closes_at,
            settings=settings,
        )

    def save_registration(self, registration: Registration) -> None:
        """See ``Repository.save_registration``."""
        self._add("save_registration", registration)

    def save_round(self, record: RoundRecord) -> None:
        """See ``Repository.save_round``."""
        self._add("save_round", record)

    def save_pairings(self, pairings: list[PairingRecord]) -> None:
        """See ``Repository.save_pairings``; a pairing's ``table_id`` may be a ``TableRef``."""
        self._add("save_pairings", list(pairings))

    def delete_rounds_after(self, tournament_id: int, number: int) -> None:
        """See ``Repository.delete_rounds_after``."""
        self._add("delete_rounds_after", tournament_id, number)

    # -- hand-over requests ---------------------------------------------------------------------

    def add_handover(self, record: HandoverRecord) -> TableRef:
        """See ``Repository.add_handover``; the reference (and ``record.id``) hold the new
        request's id after the commit, and may stand for it in deadlines and posts.
        """
        ref = TableRef()
        self._add("add_handover", record, ref)
        return ref

    def settle_handover(self, request_id: int, status: HandoverStatus) -> None:
        """See ``Repository.settle_handover``; a request no longer pending fails the whole
        commit with ``NotPending``.
        """
        self._add("settle_handover", request_id, status)

    # -- the outbox -----------------------------------------------------------------------------

    def post(
        self,
        key: str,
        kind: str,
        payload: dict[str, Any],
        *,
        table_id: int | None = None,
        at: float = 0.0,
    ) -> None:
        """A Discord post to send once this commit stands (see ``OutboxRecord``)."""
        self._add("post", key, kind, dict(payload), table_id=table_id, at=at)


def update_by_id(table: str, changes: Iterable[tuple[str, Any]]) -> tuple[str, list[Any]]:
    """An UPDATE of one row of ``table`` by id (``?`` placeholders, the id last) that stamps
    ``updated_at`` and sets each column whose new value is not None, and its values without
    the id: the caller adds it when the write runs (a table's id may be a ``TableRef`` that an
    earlier write of the same batch fills). Both backends build their updates of tables and
    tournaments with it.
    """
    assignments = ["updated_at = ?"]
    values: list[Any] = [time.time()]
    for column, value in changes:
        if value is not None:
            assignments.append(f"{column} = ?")
            values.append(value)
    return f"UPDATE {table} SET {', '.join(assignments)} WHERE id = ?", values


LogRow = tuple[int, int, int, str, str | None, float]
"""An action row as both backends insert it: table, seq, seat, code, request id, time."""


def log_rows(
    table_id: int, expected_seq: int, entries: list[LogEntry], status: TableStatus
) -> tuple[list[LogRow], float, list[str]]:
    """The rows an ``append`` inserts, the time it stamps and the entries' request ids (the
    checks both backends make before they write anything).

    ``ValueError`` for an unknown status, a negative ``expected_seq``, an entry numbered other
    than its place (or 0, numbered here), or a request id twice in one append.
    """
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    if expected_seq < 0:
        raise ValueError("expected_seq must not be negative")
    now = time.time()
    rows: list[LogRow] = []
    for offset, entry in enumerate(entries, start=1):
        seq = expected_seq + offset
        if entry.seq not in (0, seq):
            raise ValueError(f"entry numbered {entry.seq} where {seq} comes next")
        rows.append((table_id, seq, entry.seat, entry.code, entry.request_id, entry.at or now))
    request_ids = [entry.request_id for entry in entries if entry.request_id is not None]
    if len(set(request_ids)) != len(request_ids):
        raise ValueError(f"a request id repeats within one append: {request_ids}")
    return rows, now, request_ids


class StaleSequence(StorageError):
    """An append whose expected sequence number is not the table's current one."""


class DuplicateRequest(StorageError):
    """An append carrying a request id that was already applied (at table ``table_id``, ``seq``)."""

    def __init__(self, request_id: str, table_id: int, seq: int) -> None:
        super().__init__(f"request {request_id} already applied as action {seq} of {table_id}")
        self.request_id = request_id
        self.table_id = table_id
        self.seq = seq


class UnknownTable(StorageError):
    """No table with that id."""


class NotPending(StorageError):
    """A hand-over request settled already (by another answer, or its expiry)."""


class DeadlineMoved(StorageError):
    """A deadline a unit of work required to be still due at the time it was claimed was not:
    a move reused or dropped it meanwhile (``Changes.rearm_deadline`` with ``required``).
    """


class UnknownTournament(StorageError):
    """No tournament with that id."""


class Repository(ABC):
    """Persistence of tables, seats and the append-only action log."""

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @abstractmethod
    async def open(self) -> None:
        """Connect and apply pending migrations."""

    @abstractmethod
    async def commit(self, changes: Changes) -> list[Any]:
        """Run every write of ``changes`` in order in one transaction; each write's result.

        Either all of them commit or none does: the first error (a stale sequence, a request id
        already applied, an unknown table) rolls the whole unit back and is raised.
        """

    @abstractmethod
    async def close(self) -> None:
        """Flush pending writes and disconnect."""

    @abstractmethod
    async def create_table(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        place: dict[str, Any],
        host: str,
        settings: dict[str, Any] | None = None,
    ) -> TableRecord:
        """A new table in the lobby."""

    @abstractmethod
    async def get_table(self, table_id: int) -> TableRecord:
        """The table with its snapshot; ``UnknownTable`` if there is none."""

    @abstractmethod
    async def update_table(
        self,
        table_id: int,
        *,
        status: TableStatus | None = None,
        place: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """Change what is not part of the game's history (lobby status, place, settings)."""

    @abstractmethod
    async def set_seats(self, table_id: int, seats: list[SeatRecord]) -> None:
        """Replace the table's seats (lobby joins and leaves, a substitution)."""

    @abstractmethod
    async def get_seats(self, table_id: int) -> list[SeatRecord]:
        """The table's seats ordered by seat number."""

    @abstractmethod
    async def append(
        self,
        table_id: int,
        expected_seq: int,
        entries: list[LogEntry],
        state: dict[str, Any],
        status: TableStatus,
        result: dict[str, Any] | None = None,
    ) -> int:
        """Append ``entries`` (numbered expected_seq+1, ...) and store the new snapshot, atomically.

        Returns the new sequence number only after the commit. Raises ``StaleSequence`` if the
        table is not at ``expected_seq`` and ``DuplicateRequest`` if a request id was already
        applied; in both cases nothing is written.
        """

    @abstractmethod
    async def log(self, table_id: int, since: int = 0) -> list[LogEntry]:
        """The table's actions with seq > ``since``, in order."""

    @abstractmethod
    async def find_request(self, request_id: str) -> tuple[int, int] | None:
        """(table id, seq) of the action applied for ``request_id``, if any."""

    @abstractmethod
    async def tables_of_user(
        self,
        user_id: str,
        statuses: tuple[TableStatus, ...] = (TableStatus.LOBBY, TableStatus.ACTIVE),
    ) -> list[TableRecord]:
        """Tables where ``user_id`` holds a seat, newest first."""

    @abstractmethod
    async def tables_with_status(self, statuses: tuple[TableStatus, ...]) -> list[TableRecord]:
        """Every table in one of ``statuses`` (for start-up and housekeeping)."""

    # ----- set-based reads for start-up (issue 22): one query, however many tables ---------

    @abstractmethod
    async def tables_lacking_deadlines(
        self, statuses: tuple[TableStatus, ...], kinds: tuple[str, ...]
    ) -> list[tuple[int, dict[str, Any]]]:
        """(id, settings) of every table in one of ``statuses`` that has no stored deadline
        of any of ``kinds``, or has one whose seat is not held by the deadline's user (a seat
        that changed hands), by id. Start-up uses it to find the running tables whose turn
        clocks need setting without reading every table; no state is read.

        Plain SQL: ``SELECT id, settings FROM tables WHERE status IN (..) AND (NOT EXISTS
        (SELECT 1 FROM deadlines d WHERE d.table_id = tables.id AND d.kind IN (..)) OR EXISTS
        (SELECT 1 FROM deadlines d WHERE d.table_id = tables.id AND d.kind IN (..) AND NOT
        EXISTS (SELECT 1 FROM seats s WHERE s.table_id = d.table_id AND s.seat = d.seat AND
        s.user_id = d.user_id)))``.
        """

    @abstractmethod
    async def table_statuses(self, table_ids: list[int]) -> dict[int, TableStatus]:
        """The status of each of ``table_ids`` that exists (one query; unknown ids are left
        out). Lets start-up load only the tables whose status asks for work.
        """

    # ----- Discord-side preferences (issue 4) ----------------------------------------------

    @abstractmethod
    async def get_guild_settings(self, guild_id: str) -> GuildSettings:
        """The server's settings (defaults if none were saved)."""

    @abstractmethod
    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Insert or replace the server's settings."""

    @abstractmethod
    async def get_user_preferences(self, user_id: str) -> UserPreferences:
        """The person's preferences (defaults if none were saved)."""

    @abstractmethod
    async def save_user_preferences(self, preferences: UserPreferences) -> None:
        """Insert or replace the person's preferences."""

    # ----- tournaments and ratings (issue 10) ------------------------------------------------

    @abstractmethod
    async def create_tournament(self, record: TournamentRecord) -> TournamentRecord:
        """Store a new tournament (``record.id`` is ignored) and return it with its id."""

    @abstractmethod
    async def get_tournament(self, tournament_id: int) -> TournamentRecord:
        """The tournament; ``UnknownTournament`` if there is none."""

    @abstractmethod
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

    @abstractmethod
    async def tournaments_of_guild(
        self, guild: str, statuses: tuple[TournamentStatus, ...] = TOURNAMENT_STATUSES
    ) -> list[TournamentRecord]:
        """The server's tournaments in ``statuses``, newest first."""

    @abstractmethod
    async def tournaments_with_status(
        self, statuses: tuple[TournamentStatus, ...]
    ) -> list[TournamentRecord]:
        """Every tournament in one of ``statuses``, on any server (for start-up)."""

    @abstractmethod
    async def save_registration(self, registration: Registration) -> None:
        """Insert or replace a registration."""

    @abstractmethod
    async def registrations(self, tournament_id: int) -> list[Registration]:
        """The tournament's registrations in the order they came."""

    @abstractmethod
    async def save_round(self, record: RoundRecord) -> None:
        """Insert or replace a round."""

    @abstractmethod
    async def rounds(self, tournament_id: int) -> list[RoundRecord]:
        """The tournament's rounds in order."""

    @abstractmethod
    async def save_pairings(self, pairings: list[PairingRecord]) -> None:
        """Insert or replace pairings (one transaction)."""

    @abstractmethod
    async def pairings(self, tournament_id: int, round: int | None = None) -> list[PairingRecord]:
        """The tournament's pairings (of one round), by round, position and game."""

    @abstractmethod
    async def delete_rounds_after(self, tournament_id: int, number: int) -> None:
        """Delete the rounds numbered above ``number`` with their pairings (a crash's leftovers:
        rounds stored beyond the tournament's current round).
        """

    @abstractmethod
    async def pairing_of_table(self, table_id: int) -> PairingRecord | None:
        """The pairing a table was opened for, if it belongs to a tournament."""

    @abstractmethod
    async def ratings(self, game: str, guild: str, user_ids: list[str]) -> dict[str, RatingRecord]:
        """The stored ratings of these members (members without one are missing)."""

    @abstractmethod
    async def leaderboard(self, game: str, guild: str, limit: int = 20) -> list[RatingRecord]:
        """The server's ratings for a game, best conservative estimate (mu - 3 sigma) first."""

    @abstractmethod
    async def ratings_of_member(self, guild: str, user_id: str) -> list[RatingRecord]:
        """The member's ratings on a server, one per game they were rated in, by game."""

    @abstractmethod
    async def rating_rank(self, game: str, guild: str, user_id: str) -> tuple[int, int] | None:
        """(place, players rated) of the member on the game's leaderboard (the leaderboard's
        order: mu - 3 sigma, then games, then user id); None when they have no rating.
        """

    @abstractmethod
    async def rating_history(self, game: str, guild: str, user_id: str) -> list[RatingPoint]:
        """The member's rating after each rated table of the game on the server, oldest first."""

    @abstractmethod
    async def finished_tables_of_user(
        self, user_id: str, guild: str, game: str | None = None, limit: int | None = 20
    ) -> list[tuple[TableRecord, int]]:
        """The member's finished tables on ``guild`` (of ``game``), newest first, each with the
        seat the member holds there, without their states (``state`` is None: a list needs the
        results only). ``limit`` None: all of them.
        """

    @abstractmethod
    async def rate_table(
        self,
        table_id: int,
        game: str,
        guild: str,
        members: list[tuple[str, str]],
        update: Callable[[list[RatingRecord | None]], list[tuple[float, float]]],
    ) -> list[RatingRecord] | None:
        """Rate a finished table once, atomically: ``update`` gets the current ratings of
        ``members`` ((user id, name) pairs; None for an unrated member) and returns each one's
        new (mu, sigma). Returns the stored ratings, or None if the table was rated before.
        """

    # ----- clocks, reminders and vacations (issue 9) ----------------------------------------

    @abstractmethod
    async def add_deadlines(self, deadlines: list[DeadlineRecord]) -> list[int]:
        """Store new deadlines (their ``id`` is ignored); their new ids, in order."""

    @abstractmethod
    async def replace_deadlines(
        self,
        remove: list[int],
        add: list[DeadlineRecord],
        *,
        paused_at: float | None = None,
        reuse: list[int] | None = None,
    ) -> list[int]:
        """Delete the deadlines ``remove`` and store ``add``, in one transaction.

        ``reuse``: ids of stored rows that the first records of ``add`` overwrite, in order
        (a seat clock that stopped becomes the next seat's: one UPDATE instead of a DELETE and
        an INSERT, and a smaller commit); a row gone meanwhile is inserted anew. Only for
        deadlines whose handler is done with a row changed under it (``finish_deadline``).

        With ``paused_at`` (a turn clock set at that time), each added deadline whose user has
        a stored vacation running after ``paused_at`` (``until > paused_at``, not ended at or
        before it) is moved later by the part of the vacation after ``paused_at``: from
        ``max(start, paused_at)`` to its end (``until``, or ``ended`` when it ended early). A
        clock set during a vacation starts when it ends; a clock set just before a vacation
        that committed first (it began after the move read the time) pauses for it as a
        stored clock would have. The vacation is looked up inside the same transaction, so a
        move pays no separate read or lock for it and a vacation committed meanwhile (by any
        process) is seen; the records' ``due`` and ``ends`` are updated to what was stored.
        """

    @abstractmethod
    async def delete_deadline(self, deadline_id: int) -> bool:
        """Delete one deadline; False if it was already gone."""

    @abstractmethod
    async def rearm_deadline(
        self, deadline_id: int, claimed: float, due: float, data: dict[str, Any]
    ) -> bool:
        """Keep a deadline whose handler ran for a later run: new ``due`` and ``data``, no
        failures counted, no lease (``ends`` stays). In place, so the id a table's cache holds
        stays right; only while it is still due at ``claimed`` (the time it was claimed for),
        so a deadline deleted or reused meanwhile (its seat moved) is left alone: False.
        """

    @abstractmethod
    async def finish_deadline(self, deadline_id: int, claimed: float) -> bool:
        """Delete a deadline its handler is done with, unless it is no longer due at
        ``claimed`` (re-armed by the handler, reused by a move for another seat's clock, or
        moved by a vacation meanwhile); whether it was deleted.
        """

    @abstractmethod
    async def delete_deadlines(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        user_id: str | None = None,
    ) -> int:
        """Delete the deadlines matching every given filter; how many were deleted."""

    @abstractmethod
    async def due_deadlines(
        self, now: float, limit: int = 100, kinds: tuple[str, ...] = ()
    ) -> list[DeadlineRecord]:
        """Deadlines with ``due <= now`` (of ``kinds``, if given), earliest first (ties by id:
        the order they were set).
        """

    @abstractmethod
    async def next_deadline(self, kinds: tuple[str, ...] = ()) -> float | None:
        """The earliest ``due`` of any stored deadline (of ``kinds``, if given)."""

    @abstractmethod
    async def deadlines(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        user_id: str | None = None,
    ) -> list[DeadlineRecord]:
        """Stored deadlines matching every given filter, earliest first."""

    @abstractmethod
    async def shift_deadlines(self, user_id: str, kinds: tuple[str, ...], seconds: float) -> None:
        """Move every deadline of ``user_id`` of ``kinds`` by ``seconds`` (a vacation), its
        ``due`` and its ``ends``.
        """

    @abstractmethod
    async def defer_deadline(
        self, deadline_id: int, due: float, attempts: int, claimed: float | None = None
    ) -> None:
        """Put off a deadline whose handler failed: new ``due`` and failure count; clears its
        lease, so any process may take it up when it falls due again. With ``claimed``, only
        while it is still due then (a move may have reused the row for another seat's clock
        before the handler failed, see ``finish_deadline``).
        """

    @abstractmethod
    async def get_reminders_off(self, user_id: str) -> bool:
        """Whether the person turned turn reminders off."""

    @abstractmethod
    async def set_reminders_off(self, user_id: str, off: bool) -> None:
        """Turn the person's turn reminders off (True) or on."""

    @abstractmethod
    async def get_vacation_allowance(self, guild_id: str) -> int | None:
        """The server's vacation days per 30 days (None: the default)."""

    @abstractmethod
    async def set_vacation_allowance(self, guild_id: str, days: int) -> None:
        """Set the server's vacation days per 30 days."""

    @abstractmethod
    async def add_vacation(self, vacation: VacationRecord) -> int:
        """Store a vacation; its id."""

    @abstractmethod
    async def end_vacation(self, vacation_id: int, ended: float) -> None:
        """Record when a vacation ended (early, or at its planned end)."""

    @abstractmethod
    async def vacations_of_user(self, user_id: str, since: float) -> list[VacationRecord]:
        """The person's vacations that started at ``since`` or later, or were planned to run
        past it.
        """

    # ----- leases for several processes (issue 17) ---------------------------------------------

    @abstractmethod
    async def claim_deadlines(
        self,
        owner: str,
        now: float,
        lease_seconds: float,
        kinds: tuple[str, ...] = (),
        limit: int = 100,
    ) -> list[DeadlineRecord]:
        """Lease due deadlines (``due <= now``, of ``kinds`` if given) to ``owner`` until
        ``now + lease_seconds`` and return them, earliest first.

        Only deadlines nobody holds are taken: unleased ones and those whose lease ran out
        (``lease_until < now``: their owner seems gone). Atomic across processes: two owners
        claiming at once never get the same deadline. ``defer_deadline`` clears the lease;
        deleting the deadline ends it.
        """

    @abstractmethod
    async def claim_posts(
        self, owner: str, now: float, lease_seconds: float, limit: int = 100
    ) -> list[OutboxRecord]:
        """Lease pending posts (not sent, next try come) to ``owner`` and return them in id order.

        Only posts nobody holds are taken (unleased, or the lease ran out). A post is skipped
        while an earlier unsent post of the same table is leased to another owner whose lease
        still runs, so the posts of one table reach Discord in order whoever delivers them.
        Posts without a table are independent of each other. ``post_sent`` and ``post_retry``
        clear the lease.
        """

    @abstractmethod
    async def release_leases(self, owner: str) -> int:
        """Free every deadline and post ``owner`` holds (a clean shutdown); how many."""

    # ----- the outbox (issue 15) ---------------------------------------------------------------

    @abstractmethod
    async def pending_posts(self, now: float, limit: int = 100) -> list[OutboxRecord]:
        """Posts not yet sent whose next try has come, oldest first."""

    @abstractmethod
    async def last_post_id(self) -> int:
        """The id of the newest post stored (0: none yet)."""

    @abstractmethod
    async def next_post_try(self) -> float | None:
        """When the earliest post waiting for a retry may be tried (None: nothing waits)."""

    @abstractmethod
    async def post_sent(self, post_id: int, at: float, progress: dict[str, Any]) -> None:
        """Mark a post delivered (it is never sent again)."""

    @abstractmethod
    async def post_retry(self, post_id: int, next_try: float, attempts: int) -> None:
        """Put off a post whose delivery failed."""

    @abstractmethod
    async def posts(
        self,
        *,
        table_id: int | None = None,
        kinds: tuple[str, ...] = (),
        since_id: int = 0,
        before_id: int | None = None,
        sent_only: bool = False,
    ) -> list[OutboxRecord]:
        """Stored posts (sent or not, or only the delivered ones), oldest first, with ids from
        ``since_id`` up to below ``before_id``.
        """

    @abstractmethod
    async def first_post_id_stored_since(self, at: float) -> int:
        """The lowest post id stored at or after ``at`` (past the newest if none): ids are given
        in the order posts are stored, so the ids below it are the posts stored before ``at``.
        """

    @abstractmethod
    async def delete_delivered_posts(self, sent_before: float, below_id: int, limit: int) -> int:
        """Delete up to ``limit`` of the oldest posts with ids below ``below_id`` delivered
        before ``sent_before``; how many. A post not delivered yet is never deleted. With
        ``below_id`` from ``first_post_id_stored_since(sent_before)`` (a post is delivered after
        it was stored), only the posts stored before the cut-off are read.
        """

    @abstractmethod
    async def last_sent_post(self, table_id: int, kind: str, before_id: int) -> OutboxRecord | None:
        """The newest delivered post of ``kind`` at the table with an id below ``before_id``
        (a delivery reads where the turn's message is from it without reading the table's
        every post).
        """

    # ----- limits, consent and housekeeping (issue 16) ---------------------------------------

    @abstractmethod
    async def get_guild_limits(self, guild_id: str) -> GuildLimits:
        """The server's own limits (every one None where it chose none)."""

    @abstractmethod
    async def save_guild_limits(self, limits: GuildLimits) -> None:
        """Insert or replace the server's limits."""

    @abstractmethod
    async def count_tables_of_user(
        self, user_id: str, guild_id: str, statuses: tuple[TableStatus, ...]
    ) -> int:
        """How many tables on server ``guild_id`` in ``statuses`` ``user_id`` holds a seat at."""

    @abstractmethod
    async def add_handover(self, record: HandoverRecord) -> HandoverRecord:
        """Store a new pending request (``record.id`` is ignored); it, with its id."""

    @abstractmethod
    async def get_handover(self, request_id: int) -> HandoverRecord | None:
        """The request, or None if there is none."""

    @abstractmethod
    async def handovers_of_table(
        self, table_id: int, statuses: tuple[HandoverStatus, ...] = (HandoverStatus.PENDING,)
    ) -> list[HandoverRecord]:
        """The table's requests in ``statuses``, oldest first."""

    @abstractmethod
    async def handovers_at_tables(
        self, statuses: tuple[HandoverStatus, ...], table_statuses: tuple[TableStatus, ...]
    ) -> list[HandoverRecord]:
        """Every request in ``statuses`` whose table is in one of ``table_statuses``, oldest
        first, in one query (start-up: ``handover_requests`` joined with ``tables``).
        """

    @abstractmethod
    async def settle_handover(self, request_id: int, status: HandoverStatus) -> bool:
        """Move a pending request to ``status``; False (and nothing changes) if it was no
        longer pending: exactly one of an Accept, a Decline and the expiry wins.
        """

    # ----- locks across processes (issue 17) -------------------------------------------------

    @contextlib.asynccontextmanager
    async def hold(self, keys: Iterable[str]) -> AsyncIterator[None]:
        """Hold the named locks ``keys`` against every other process on this database, until
        the block ends: a check and the write it guards (a member's seat count, a person's
        clocks planned from their vacation) then cannot interleave with another process's.

        Within one process the caller keeps its own asyncio locks; this only excludes other
        processes. This default excludes nothing (a repository one process owns alone).
        """
        del keys
        yield
