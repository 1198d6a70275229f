"""Limits per server, bounds on numbers from outside, and lobby housekeeping (issue 16).

One member must not be able to flood a server: a member may sit in a few lobbies and a bounded
number of tables at once, a server runs a bounded number of tournaments, and an organiser adds a
bounded number of engine players to one. Each server sets its own values (``/settings limits``)
within the operator's caps (environment settings); a server that set none gets ``DEFAULTS``.

Counting and then creating is not one statement, so a member clicking "open" 40 times in a
second could pass the count 40 times; every check and the write it guards run under one lock
per (server, member) or per server. The lock is this process's; with several bot processes on
one database (``TableService.shared``) the guard also holds the key against the other
processes (``Repository.hold``: an advisory lock on PostgreSQL), from the count to the commit.

A lobby nobody starts closes itself after ``lobby_days`` (a stored deadline of the scheduler, so
a restart does not forget it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from games.core import Text
from storage import Changes, DeadlineRecord, Repository, TableStatus
from storage.base import TableId

from .clocks import DAY
from .errors import ErrorKind
from .metadata import TablePlace, TableSettings
from .requests import TableError

if TYPE_CHECKING:
    from .service import Table, TableService

logger = logging.getLogger(__name__)

SQLITE_MAX_INT = 2**63 - 1
"""The largest integer SQLite stores; ids from outside above it raise ``OverflowError``."""
MAX_PAGE = 1000
"""No hand has anywhere near this many pages of moves; a page number beyond is not real."""
MAX_AMOUNT = 10**9
"""No game's chips or coins come near it; a typed amount above is refused before the engine."""

LOBBY_EXPIRY = "lobby_expiry"


def valid_id(value: object) -> bool:
    """Whether ``value`` can be the id of a stored row: a positive int within SQLite's range."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= SQLITE_MAX_INT


def ascii_number(text: str, *, most: int = SQLITE_MAX_INT) -> int | None:
    """``text`` as a non-negative integer of ASCII digits at most ``most``, else None.

    ``str.isdigit`` accepts "²", "١" and full-width "１"; ``int()`` then fails on the first and
    quietly reads the others. Only what a keyboard's digit row types counts as a number here.
    """
    if not text or len(text) > 19 or not (text.isascii() and text.isdigit()):
        return None
    number = int(text)
    return number if number <= most else None


@dataclass(frozen=True)
class Limits:
    """The limits in force on a server (its own values, else the defaults, within the caps)."""

    open_lobbies: int = 3
    running_tables: int = 20
    tournaments: int = 5
    engine_entries: int = 16
    lobby_days: int = 7


DEFAULTS = Limits()

BOUNDS = {
    "open_lobbies": (1, 50),
    "running_tables": (1, 500),
    "tournaments": (1, 100),
    "engine_entries": (0, 256),
    "lobby_days": (1, 90),
}
"""What ``/settings limits`` accepts at all (the operator's caps may allow less)."""


@dataclass(frozen=True)
class LimitCaps:
    """The operator's ceiling for every server (``TISCHRUNDE_CAP_*`` in the environment)."""

    open_lobbies: int = 10
    running_tables: int = 100
    tournaments: int = 20
    engine_entries: int = 64
    lobby_days: int = 30


LIMIT_NAMES = {
    "open_lobbies": Text("offene Lobbys pro Mitglied", "open lobbies per member"),
    "running_tables": Text("Tische pro Mitglied", "tables per member"),
    "tournaments": Text("Turniere gleichzeitig", "tournaments at once"),
    "engine_entries": Text("Computer pro Turnier", "engine players per tournament"),
    "lobby_days": Text("Tage bis eine Lobby schließt", "days until a lobby closes"),
}

HOW_TO_RAISE = Text(
    " Wer den Server verwalten darf, kann die Grenze mit `/einstellungen grenzen` anheben"
    " (höchstens {cap}, so will es der Betreiber des Bots).",
    " Members with Manage Server can raise it with `/settings limits` (to at most {cap}, the"
    " bot operator's cap).",
)
TOO_MANY_LOBBIES = Text(
    "Du sitzt schon in {count} offenen Lobbys auf diesem Server; erlaubt sind {limit}"
    " (Grenze „offene Lobbys pro Mitglied“). Starte oder verlasse zuerst eine.",
    "You already sit in {count} open lobbies on this server; {limit} are allowed (limit"
    " “open lobbies per member”). Start or leave one first.",
)
TOO_MANY_TABLES = Text(
    "Du sitzt schon an {count} Tischen auf diesem Server; erlaubt sind {limit} (Grenze"
    " „Tische pro Mitglied“). Erst wenn einer endet, ist ein weiterer möglich.",
    "You already sit at {count} tables on this server; {limit} are allowed (limit “tables"
    " per member”). Another is possible once one ends.",
)
TOO_MANY_TOURNAMENTS = Text(
    "Auf diesem Server laufen schon {count} Turniere oder nehmen Anmeldungen an; erlaubt sind"
    " {limit} (Grenze „Turniere gleichzeitig“).",
    "This server already has {count} tournaments open or running; {limit} are allowed (limit"
    " “tournaments at once”).",
)
TOO_MANY_ENGINES = Text(
    "Dieses Turnier hat schon {count} Computer-Spieler; erlaubt sind {limit} (Grenze „Computer"
    " pro Turnier“).",
    "This tournament already has {count} engine players; {limit} are allowed (limit “engine"
    " players per tournament”).",
)
LIMIT_OUT_OF_RANGE = Text(
    "„{name}“ darf zwischen {lo} und {hi} liegen (höchstens {hi}, so will es der Betreiber).",
    "“{name}” may be between {lo} and {hi} ({hi} is the bot operator's cap).",
)


def refusal(text: Text, cap: int) -> Text:
    """A limit's refusal with the hint how to raise it."""
    hint = HOW_TO_RAISE.format(cap=cap)
    return Text(text.de + hint.de, text.en + hint.en)


@dataclass
class LobbyExpired:
    """A lobby nobody started within its days closed itself."""

    table: Table
    days: int


class LimitKeeper:
    """Reads a server's limits and refuses what would pass them; closes lobbies that expire."""

    def __init__(self, service: TableService, caps: LimitCaps | None = None) -> None:
        self.service = service
        self.repo: Repository = service.repo
        self.caps = caps or LimitCaps()
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}
        service.scheduler.register(LOBBY_EXPIRY, self._on_lobby_expiry)

    # ----- reading and setting ---------------------------------------------------------------

    async def of_guild(self, guild_id: str) -> Limits:
        """The limits in force on the server."""
        own = await self.repo.get_guild_limits(guild_id)
        values = {}
        for item in fields(Limits):
            chosen = getattr(own, item.name)
            value = getattr(DEFAULTS, item.name) if chosen is None else chosen
            values[item.name] = min(value, getattr(self.caps, item.name))
        return Limits(**values)

    def bounds(self, name: str) -> tuple[int, int]:
        """The values ``/settings limits`` accepts for ``name`` (the operator's cap included)."""
        lo, hi = BOUNDS[name]
        return lo, min(hi, getattr(self.caps, name))

    async def set(self, guild_id: str, **values: int | None) -> Limits:
        """Store the server's own values (None leaves one as it is); ``TableError`` when one
        is outside its bounds, and then nothing is stored.
        """
        own = await self.repo.get_guild_limits(guild_id)
        for name, value in values.items():
            if value is None:
                continue
            lo, hi = self.bounds(name)
            if not isinstance(value, int) or not lo <= value <= hi:
                label = LIMIT_NAMES[name]
                raise TableError(
                    Text(
                        LIMIT_OUT_OF_RANGE.de.format(name=label.de, lo=lo, hi=hi),
                        LIMIT_OUT_OF_RANGE.en.format(name=label.en, lo=lo, hi=hi),
                    )
                )
        for name, value in values.items():
            if value is not None:
                setattr(own, name, value)
        await self.repo.save_guild_limits(own)
        return await self.of_guild(guild_id)

    # ----- checks ----------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def guard(self, guild_id: str, key: str) -> AsyncIterator[None]:
        """Hold the lock of (server, ``key``) while a check and the write it guards run."""
        lock = self._locks.setdefault((guild_id, key), asyncio.Lock())
        try:
            async with lock:
                if self.service.shared:
                    # Other processes count and write the same rows: hold them off too.
                    async with self.repo.hold([f"limit:{guild_id}:{key}"]):
                        yield
                else:
                    yield
        finally:
            if not lock.locked() and self._locks.get((guild_id, key)) is lock:
                # Nobody waits: the lock is dropped, so idle members cost no memory.
                del self._locks[(guild_id, key)]

    async def check_seat(self, guild_id: str, user_id: str, *, lobby: bool) -> None:
        """Refuse (``TableError``) a new seat for ``user_id`` on the server: one more lobby
        (``lobby``) and one more table than the limits allow. The refusal speaks to
        ``user_id``, who asked for the seat (opening, joining, accepting a hand-over).
        """
        limits = await self.of_guild(guild_id)
        if lobby:
            count = await self.repo.count_tables_of_user(user_id, guild_id, (TableStatus.LOBBY,))
            if count >= limits.open_lobbies:
                text = TOO_MANY_LOBBIES.format(count=count, limit=limits.open_lobbies)
                raise TableError(refusal(text, self.caps.open_lobbies), ErrorKind.LIMIT)
        count = await self.repo.count_tables_of_user(
            user_id, guild_id, (TableStatus.LOBBY, TableStatus.ACTIVE)
        )
        if count >= limits.running_tables:
            text = TOO_MANY_TABLES.format(count=count, limit=limits.running_tables)
            raise TableError(refusal(text, self.caps.running_tables), ErrorKind.LIMIT)

    async def check_tournament(self, guild_id: str, open_or_running: int) -> None:
        """Refuse one more tournament when ``open_or_running`` already reach the limit."""
        limits = await self.of_guild(guild_id)
        if open_or_running >= limits.tournaments:
            text = TOO_MANY_TOURNAMENTS.format(count=open_or_running, limit=limits.tournaments)
            raise TableError(refusal(text, self.caps.tournaments), ErrorKind.LIMIT)

    async def check_engine_entry(self, guild_id: str, engines: int) -> None:
        """Refuse one more engine player in a tournament that has ``engines`` already."""
        limits = await self.of_guild(guild_id)
        if engines >= limits.engine_entries:
            text = TOO_MANY_ENGINES.format(count=engines, limit=limits.engine_entries)
            raise TableError(refusal(text, self.caps.engine_entries), ErrorKind.LIMIT)

    # ----- lobby housekeeping ----------------------------------------------------------------

    async def stage_lobby_opened(
        self, changes: Changes, table_id: TableId, guild: str
    ) -> list[DeadlineRecord]:
        """Stage the new lobby's closing deadline in the unit that creates it."""
        days = (await self.of_guild(guild)).lobby_days
        due = self.service.clock() + days * DAY
        deadline = DeadlineRecord(0, LOBBY_EXPIRY, due, table_id, data={"days": days})
        self.service.scheduler.stage(changes, [], [deadline])
        return [deadline]

    async def reconcile(self) -> None:
        """At start-up: a lobby without a closing deadline (opened before this version, or a
        crash between opening and storing it) gets one, counted from when it was opened.
        """
        stored = {d.table_id for d in await self.repo.deadlines(kinds=(LOBBY_EXPIRY,))}
        for record in await self.repo.tables_with_status((TableStatus.LOBBY,)):
            guild = TablePlace.of_record(record).guild
            if record.id in stored or not guild or TableSettings.of_record(record).tournament:
                continue
            days = (await self.of_guild(str(guild))).lobby_days
            await self.service.scheduler.replace(
                [],
                [
                    DeadlineRecord(
                        0,
                        LOBBY_EXPIRY,
                        record.created_at + days * DAY,
                        record.id,
                        data={"days": days},
                    )
                ],
            )

    async def _on_lobby_expiry(self, deadline: DeadlineRecord, now: float) -> LobbyExpired | None:
        # A due deadline was read back from the store: its table id is an int, never a TableRef.
        assert isinstance(deadline.table_id, int)
        days = int(deadline.data.get("days", DEFAULTS.lobby_days))
        table = await self.service.expire_lobby(deadline.table_id, days)
        if table is None:
            return None  # started, cancelled or gone meanwhile: nothing to close
        return LobbyExpired(table, days)
