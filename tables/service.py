"""The table service: the one way the terminal table, the bot and the tests run games.

A table is one game at one place with seated players. The service creates tables, seats
members and engine players in the lobby, starts the game, applies moves under a per-table lock
and stores each one (with the chance outcomes and engine moves it triggers) before it returns.
It knows nothing of Discord and holds no SQL: it talks to a ``storage.Repository``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

from pydantic import BaseModel

from games.core import (
    CHANCE,
    FORFEIT,
    Game,
    IllegalAction,
    Result,
    SetupError,
    State,
    Text,
    ended_by_forfeit,
    forfeited,
    get_game,
)
from games.players.search import DEFAULT_LEVEL, LEVELS, SearchPlayer, engine_label
from storage import (
    Changes,
    DeadlineRecord,
    DuplicateRequest,
    LogEntry,
    Repository,
    SeatRecord,
    StaleSequence,
    TableRecord,
    TableRef,
    TableStatus,
    UnknownTable,
)

from . import messages as msg
from . import notices
from .clocks import ClockError, ClockSettings, Scheduler
from .errors import ErrorKind
from .handover import Handovers
from .limits import LOBBY_EXPIRY, LimitCaps, LimitKeeper, valid_id
from .locks import LockMap
from .members import Members
from .metadata import TablePlace, TableSettings
from .outbox import Outbox
from .processes import LEASE_SECONDS
from .requests import Applied, Member, MoveOutcome, TableError
from .turns import TurnClocks

logger = logging.getLogger(__name__)


CACHE_SIZE = 2000
"""Tables a service keeps in memory by default (a few kB to a few tens of kB each)."""


@dataclass
class Table:
    """A table as loaded: its record, seats, the game and the current state."""

    record: TableRecord
    seats: list[SeatRecord]
    game: Game
    options: BaseModel
    seat_deadlines: list[DeadlineRecord] | None = field(default=None, repr=False, compare=False)
    """The stored turn clocks and reminders of the seats, once read (``TurnClocks.plan``
    keeps it up to date; None: read it when needed). It lives and dies with this object, which
    is dropped when another writer moved the table."""
    planned_deadlines: list[DeadlineRecord] = field(default_factory=list, repr=False, compare=False)
    """What ``seat_deadlines`` becomes once the change ``plan`` staged commits."""
    _known: tuple[State | None, dict[tuple[str, int | None], Any]] = field(
        default_factory=lambda: (None, {}), repr=False, compare=False
    )
    """Legal actions and views computed for the current state object: a click's check, its
    answer and the next player's message share them (a new state is a new object: a move
    never changes a state in place, so identity tells when they are stale)."""
    _parsed: dict[str, tuple[Any, Any, Any]] = field(
        default_factory=dict, repr=False, compare=False
    )
    """The settings and the place as models, with the stored dict each was read from and a
    copy of it: a move asks for them several times (the clock, the resignations, whether to
    post), and validating them is most of a move's own CPU. Read again when the record holds
    another dict or the dict changed in place."""

    def _memo(self, kind: str, seat: int | None, compute: Callable[[], Any]) -> Any:
        state = self.record.state
        if self._known[0] is not state:
            self._known = (state, {})
        known = self._known[1]
        key = (kind, seat)
        if key not in known:
            known[key] = compute()
        return known[key]

    @property
    def id(self) -> int:
        """The table's id."""
        return self.record.id

    @property
    def seq(self) -> int:
        """How many actions have been applied."""
        return self.record.seq

    @property
    def state(self) -> State | None:
        """The current game state (None in the lobby)."""
        return self.record.state

    @property
    def status(self) -> TableStatus:
        """In the lobby, in play, finished or cancelled."""
        return self.record.status

    def seat_of(self, user_id: str) -> int | None:
        """The seat held by ``user_id``, if any."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def seat_name(self, seat: int) -> str:
        """The display name of a seat."""
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"#{seat + 1}"

    def seat_names(self) -> list[str]:
        """The display names of all seats in seat order (what a game's words name them by)."""
        return [seat.name for seat in self.seats]

    def to_act(self) -> list[int]:
        """Seats that may act now (empty in the lobby and when over)."""
        if self.status != TableStatus.ACTIVE or self.state is None:
            return []
        return [seat for seat in self.game.to_act(self.state) if seat != CHANCE]

    def waiting_for(self) -> list[SeatRecord]:
        """The seats whose decision the table waits for."""
        return [self.seats[seat] for seat in self.to_act()]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: the public table)."""
        if self.state is None:
            return {}
        state = self.state
        # Shared, not copied: readers (text, pictures) never change a view.
        view: dict[str, Any] = self._memo("view", seat, lambda: self.game.view(state, seat))
        return view

    def legal_actions(self, seat: int) -> list[str]:
        """The codes ``seat`` may play now (computed once per state and seat)."""
        if self.status != TableStatus.ACTIVE or self.state is None:
            return []
        state = self.state
        codes = self._memo("legal", seat, lambda: self.game.legal_actions(state, seat))
        return list(codes)

    def action_groups(self, seat: int) -> dict[str, str]:
        """The game's ``action_group`` of each code ``seat`` may play now (computed once per
        state and seat). A grouping that looks at the seat's other codes (Gelfdrakkar's plays in
        menus of 25) reads the table's list, not a list of its own for every code.
        """
        if self.status != TableStatus.ACTIVE or self.state is None:
            return {}
        state = self.state

        def compute() -> dict[str, str]:
            game, group = _known_game(self), type(self.game).action_group
            return {code: group(game, state, seat, code) for code in self.legal_actions(seat)}

        groups: dict[str, str] = self._memo("groups", seat, compute)
        return groups

    def result(self) -> Result | None:
        """The final result once the game is over."""
        return Result.model_validate(self.record.result) if self.record.result else None

    @property
    def settings(self) -> TableSettings:
        """The table's settings (language, clock, tournament round, resignations, ...)."""
        settings: TableSettings = self._stored("settings", self.record.settings, TableSettings)
        return settings

    @property
    def place(self) -> TablePlace:
        """Where the table lives (server, channel, thread, lobby message; or the terminal)."""
        place: TablePlace = self._stored("place", self.record.place, TablePlace)
        return place

    def _stored(self, name: str, raw: dict[str, Any], model: Any) -> Any:
        known = self._parsed.get(name)
        if known is not None and known[0] is raw and known[1] == raw:
            return known[2]
        parsed = model.of(raw)
        self._parsed[name] = (raw, copy.deepcopy(raw), parsed)
        return parsed

    @property
    def clock(self) -> ClockSettings | None:
        """The table's clock per move (None: no clock)."""
        return self.settings.timed

    def former_seat(self, user_id: str) -> int | None:
        """The seat ``user_id`` held before it was handed to someone else, if any."""
        seat = self.settings.handed_over.get(user_id)
        return seat if seat is not None and self.seat_of(user_id) is None else None


@dataclass
class TimedOut:
    """A seat's clock ran out: the engine moved for it, or it forfeited."""

    table: Table
    seat: int
    user_id: str | None
    action: str
    """"engine" or "forfeit" (the table's ``on_timeout``)."""
    code: str
    outcome: MoveOutcome


class _KnownLegal:
    """A table's game whose ``legal_actions`` of the table's current state come from the list
    the table computed (the one its views showed): the contract's own ``Game.check`` then
    decides a move, a game's ``confirm_question`` (ending a turn while a card could still be
    played) asks and its ``action_group`` groups, without computing that list again.
    """

    def __init__(self, table: Table) -> None:
        self._table = table

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table.game, name)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if state is self._table.state:
            return self._table.legal_actions(seat)
        return self._table.game.legal_actions(state, seat)


def _known_game(table: Table) -> Game:
    """``_KnownLegal`` of ``table``, passed as ``self`` to the game's own methods."""
    return cast(Game, _KnownLegal(table))


def check_move(table: Table, seat: int, code: str) -> None:
    """``Game.check`` for a move at ``table``'s current state (``IllegalAction`` with the
    reason), reusing the table's legal actions of that state.

    The contract's check, also for a game that overrides it: a move may be played exactly
    when it is on the seat's list (or is an open verb's), so a game's own ``check`` can only
    be a faster way to the same answer without the list (Coppertwaddle's asks some verbs'
    checks directly, and a test holds it to ``Game.check``), and here the list is at hand.
    """
    assert table.state is not None
    Game.check(_known_game(table), table.state, seat, code)


def confirm_question(table: Table, seat: int, code: str) -> Text | None:
    """``Game.confirm_question`` for a move at ``table``'s current state, with the table's legal
    actions of that state (the question looks at what else the seat could play).
    """
    assert table.state is not None
    return type(table.game).confirm_question(_known_game(table), table.state, seat, code)


def not_a_player(table: Table, user_id: str) -> Text:
    """Why ``user_id`` may not act at ``table``: never seated, or their seat was handed over."""
    return msg.NO_LONGER_SEATED if table.former_seat(user_id) is not None else msg.NOT_A_PLAYER


def fresh_seed() -> int:
    """A new table's seed: 48 bits from the system's generator (logged with the table, so the
    table's chance replays from it).
    """
    return random.SystemRandom().getrandbits(48)


def chance_rng(seed: int, seq: int) -> random.Random:
    """The generator for the action after ``seq``: derived from the table seed, not kept.

    Deriving it anew for each action means an engine move or chance outcome does not depend on
    what happened in memory before a restart. The outcome itself is logged, so a replay never
    needs this generator.
    """
    return random.Random(f"tischrunde:{seed}:{seq}")


class TableService:
    """Create, join, start, act and view tables, storing every change through ``repo``."""

    def __init__(
        self,
        repo: Repository,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
        limit_caps: LimitCaps | None = None,
        shared: bool = False,
        owner: str | None = None,
        lease_seconds: float | None = None,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.shared = shared
        """Other processes write to the same database (several bot processes with shard
        ranges): nothing loaded is reused from memory, a move reads its table afresh under the
        per-table lock (which stays, to spare this process's own clicks a stale refusal), the
        sequence check of the commit decides between processes, and the per-person and
        per-member checks also hold ``Repository.hold`` against the other processes."""
        # ``fresh_seed`` is looked up at each call: the test session deals from its own seeds.
        self._seed_source = seed_source or (lambda: fresh_seed())
        self._locks: LockMap[int] = LockMap()
        self._cache: OrderedDict[int, Table] = OrderedDict()
        self.cache_size = max(1, cache_size)
        """Tables held in memory at most, the least recently used dropped first: memory stays
        bounded however many tables a process has served (a dropped one is read again)."""
        self.finished_listeners: list[Callable[[Table], Awaitable[object]]] = []
        """Called with each table that has just finished, after its result is stored (ratings
        and tournaments listen here). A listener's failure is its own: it is logged and the
        move still counts. What a listener returns (the ratings return the new records) is
        not used."""
        self.finish_steps: list[tuple[str, Callable[[Table], bool]]] = []
        """(deadline kind, which tables need it): a step that must follow a table's result
        (its ratings), stored as a deadline due at once in the commit that stores the result,
        for each finished table the test holds. A listener runs the step at once; when the
        process dies between the result's commit and the step's (or the step fails), the
        scheduler finds the deadline, at start-up's catch-up or the bot's next timer run, and
        runs the step then. The step must be idempotent, as every deadline's handler is."""
        self.cancelled_listeners: list[Callable[[Table], Awaitable[object]]] = []
        """Called with each table ``cancel`` ended without a result (a tournament voids its
        game); failures are logged, the table stays cancelled."""
        self.post_listeners: list[Callable[[], None]] = []
        """Told (synchronously) after each commit that left posts in the outbox: the bot's
        relay wakes up and delivers them."""
        self.catching_up = False
        """Set by the driver while the first deadline run after a start-up runs: the posts of
        that run say they catch up on missed time."""
        if lease_seconds is None:
            # A process alone on its database needs no lease: what a killed one held is the
            # restarted one's to take at once, as before there were leases.
            lease_seconds = LEASE_SECONDS if shared else 0.0
        self.scheduler = Scheduler(
            repo, lambda: self.clock(), owner=owner, lease_seconds=lease_seconds
        )
        """Stored deadlines of every kind; ``TurnClocks`` registers turns, reminders and
        vacation ends, other features register their own kinds."""
        self.clocks = TurnClocks(self)
        self.limits = LimitKeeper(self, limit_caps)
        """Limits per server and member (issue 16), and the lobbies' closing deadlines."""
        self.handovers = Handovers(self)
        """Requests to take over a seat; ``substitute`` runs once the member accepts."""
        self.members = Members(repo)
        """Preferences per person and settings per server."""
        self.outbox = Outbox(repo)
        """The stored posts, for whoever delivers them."""

    # ----- the outbox ------------------------------------------------------------------------

    @staticmethod
    def posts_for(table: Table) -> bool:
        """Whether changes at ``table`` are posted (the terminal table shows them itself)."""
        return not table.place.terminal

    def posted(self) -> None:
        """A commit stored posts: wake whoever delivers them."""
        for listener in list(self.post_listeners):
            try:
                listener()
            except Exception:
                logger.exception("post listener %r failed", listener)

    # ----- loading ---------------------------------------------------------------------------

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks(table_id)

    def cached(self, table_id: int) -> Table | None:
        """The table if this process holds it in memory (no storage read)."""
        return self._cache.get(table_id)

    def _keep(self, table: Table) -> None:
        self._cache[table.id] = table
        self._cache.move_to_end(table.id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    async def get(self, table_id: int) -> Table:
        """The table (from memory if it is cached and no other process writes to the
        database); ``TableError`` if there is none.
        """
        table = None if self.shared else self._cache.get(table_id)
        if table is not None:
            self._cache.move_to_end(table_id)
            return table
        if not valid_id(table_id):
            # A number from a command or a button beyond SQLite's integers is no table; it
            # must not reach storage, which would raise OverflowError.
            raise TableError(msg.NO_SUCH_TABLE.format(id=str(table_id)[:20]), ErrorKind.UNKNOWN)
        # Both reads at once: one wait for the reader instead of two in a row (a seat list
        # read for a table that turns out not to exist is simply dropped).
        found, seats = await asyncio.gather(
            self.repo.get_table(table_id), self.repo.get_seats(table_id), return_exceptions=True
        )
        if isinstance(found, UnknownTable):
            raise TableError(msg.NO_SUCH_TABLE.format(id=table_id), ErrorKind.UNKNOWN) from None
        if isinstance(found, BaseException):
            raise found
        if isinstance(seats, BaseException):
            raise seats
        record = found
        game = get_game(record.game)
        options = game.Options.model_validate(record.options)
        table = Table(record=record, seats=seats, game=game, options=options)
        if record.status in (TableStatus.LOBBY, TableStatus.ACTIVE) and not self.shared:
            self._keep(table)
        return table

    async def tables_of_user(
        self,
        user_id: str,
        statuses: tuple[TableStatus, ...] = (TableStatus.LOBBY, TableStatus.ACTIVE),
    ) -> list[Table]:
        """The user's tables, newest first."""
        records = await self.repo.tables_of_user(user_id, statuses)
        return [await self.get(record.id) for record in records]

    # ----- the lobby -------------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        host: Member,
        place: TablePlace | dict[str, Any],
        options: dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        settings: TableSettings | dict[str, Any] | None = None,
        seats: list[SeatRecord] | None = None,
    ) -> Table:
        """Open a table in the lobby with ``host`` in the first seat.

        Options are validated now against the largest player count the game allows, and again
        for the real count at start. ``seats`` seats these players instead of the host, who
        then holds no seat (a tournament opens its tables like that, in pairing order).
        """
        guild = TablePlace.of(dict(place)).guild if isinstance(place, dict) else place.guild
        # A member opening a lobby on a server is held to its limits; a tournament seating
        # its pairing (``seats``) is bounded by the tournament's own limits instead.
        member_lobby = seats is None and bool(guild)
        guard = (
            self.limits.guard(str(guild), host.user_id)
            if member_lobby
            else contextlib.nullcontext()
        )
        added: list[Any] = []
        async with guard:
            if member_lobby:
                await self.limits.check_seat(str(guild), host.user_id, lobby=True)
            # One transaction: the table, its seats and the lobby's closing deadline.
            changes = Changes()
            ref = self.stage_create(
                changes, game_id, host, place, options, seed=seed, settings=settings, seats=seats
            )
            if member_lobby:
                added = await self.limits.stage_lobby_opened(changes, ref, str(guild))
            await self.repo.commit(changes)
        self.scheduler.notify(added)
        return await self.get(int(ref))

    def stage_create(
        self,
        changes: Changes,
        game_id: str,
        host: Member,
        place: TablePlace | dict[str, Any],
        options: dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        settings: TableSettings | dict[str, Any] | None = None,
        seats: list[SeatRecord] | None = None,
    ) -> TableRef:
        """``create``'s checks, with the table and its seats staged in ``changes`` (a
        tournament's round opens all its tables in the round's own transaction).
        """
        try:
            game = get_game(game_id)
            parsed = game.validate_options(options)
        except SetupError as error:
            raise TableError(error.reason) from None
        if seats is not None and not 1 <= len(seats) <= game.max_players:
            raise TableError(msg.TABLE_FULL)
        if not isinstance(place, TablePlace):
            place = TablePlace.of(place)
        if not isinstance(settings, TableSettings):
            try:
                settings = TableSettings.checked(settings or {})
            except ClockError as error:
                raise TableError(error.reason) from None
        ref = changes.create_table(
            game.id,
            parsed.model_dump(mode="json"),
            self._seed_source() if seed is None else seed,
            place.stored(),
            host.user_id,
            settings.stored(),
        )
        if seats is None:
            seats = [SeatRecord(0, host.name, user_id=host.user_id)]
        for number, seat in enumerate(seats):
            seat.seat = number
        changes.set_seats(ref, seats)
        return ref

    async def join(self, table_id: int, member: Member) -> Table:
        """Seat ``member`` at a table that has not started."""
        async with self._lock(table_id):
            table = await self.get(table_id)
            self._require_lobby(table)
            if table.seat_of(member.user_id) is not None:
                raise TableError(msg.ALREADY_SEATED)
            if len(table.seats) >= table.game.max_players:
                raise TableError(msg.TABLE_FULL)
            guild = table.place.guild
            if not guild:
                seats = [*table.seats, SeatRecord(len(table.seats), member.name, member.user_id)]
                return await self._store_seats(table, seats)
            async with self.limits.guard(str(guild), member.user_id):
                await self.limits.check_seat(str(guild), member.user_id, lobby=True)
                seats = [*table.seats, SeatRecord(len(table.seats), member.name, member.user_id)]
                return await self._store_seats(table, seats)

    async def add_engine(self, table_id: int, by: Member, engine: str = DEFAULT_LEVEL) -> Table:
        """Seat an engine player of level ``engine`` (host only); a game without levels, or an
        unknown name, seats random play. The seat's name shows the level.
        """
        async with self._lock(table_id):
            table = await self.get(table_id)
            self._require_lobby(table)
            self._require_host(table, by)
            players = table.game.engine_players()
            if engine not in players:
                engine = "random"
            if len(table.seats) >= table.game.max_players:
                raise TableError(msg.TABLE_FULL)
            number = sum(1 for seat in table.seats if seat.engine) + 1
            name = f"🤖 {engine} {number}"
            if engine in LEVELS:
                name = f"🤖 {engine_label(engine)} {number}"
            seats = [*table.seats, SeatRecord(len(table.seats), name, engine=engine)]
            return await self._store_seats(table, seats)

    async def leave(self, table_id: int, member: Member) -> Table:
        """Leave a table before it starts. The host leaving closes the lobby: the others
        joined the host's table, and nobody else chose its options.
        """
        async with self._lock(table_id):
            table = await self.get(table_id)
            self._require_lobby(table)
            if table.seat_of(member.user_id) is None:
                raise TableError(msg.NOT_SEATED)
            if table.record.host == member.user_id:
                return await self._close(table)
            remaining = [seat for seat in table.seats if seat.user_id != member.user_id]
            return await self._store_seats(table, remaining)

    async def cancel(self, table_id: int, by: Member, *, may_manage: bool = False) -> Table:
        """End a table without a result (its host, or someone allowed to manage the place)."""
        async with self._lock(table_id):
            table = await self.get(table_id)
            if table.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
                raise TableError(msg.ALREADY_OVER)
            if not may_manage:
                self._require_host(table, by)
            closed = await self._close(table)
        # Outside the table's lock: a tournament may open its next round's tables now.
        for listener in list(self.cancelled_listeners):
            try:
                await listener(closed)
            except Exception:
                logger.exception("cancelled-table listener %r failed for %s", listener, table_id)
        return closed

    async def start(self, table_id: int, by: Member) -> MoveOutcome:
        """Start the game (host only): deal, and play chance and engine moves until a member
        must decide.
        """
        async with self._lock(table_id):
            table = await self.get(table_id)
            self._require_lobby(table)
            self._require_host(table, by)
            try:
                options = table.game.parse_options(len(table.seats), table.record.options)
            except SetupError as error:
                raise TableError(error.reason) from None
            table.options = options
            state = table.game.initial_state(len(table.seats), options)
            outcome = MoveOutcome(table)
            # The lobby's closing deadline goes in the start's own transaction.
            changes = Changes()
            changes.delete_deadlines(table_id=table.id, kinds=(LOBBY_EXPIRY,))
            await self._advance(table, state, [], outcome, request_id=None, changes=changes)
            return outcome

    # ----- playing ---------------------------------------------------------------------------

    async def act(
        self,
        table_id: int,
        member: Member,
        code: str,
        *,
        expected_seq: int | None = None,
        request_id: str | None = None,
        ask_first: bool = False,
    ) -> MoveOutcome:
        """Play ``code`` for ``member``'s seat, then let chance and engine seats move.

        ``expected_seq`` is the state the member saw (from a button); if the table moved on,
        ``TableError`` of kind ``STALE`` is raised and nothing changes. A ``request_id`` already
        applied returns ``duplicate=True`` and changes nothing. With ``ask_first``, a legal move
        the game calls costly (``confirm_question``) is not played: ``TableError`` of kind
        ``CONFIRM`` carries the question and the table, so the adapter can ask once.
        """
        async with self._lock(table_id):
            table = await self.get(table_id)
            seat = table.seat_of(member.user_id)
            if seat is None:
                raise TableError(not_a_player(table, member.user_id), ErrorKind.FOREIGN)
            return await self._act_locked(
                table,
                seat,
                code,
                expected_seq,
                request_id,
                actor=member.user_id,
                ask_first=ask_first,
            )

    async def act_as_seat(
        self,
        table_id: int,
        seat: int,
        code: str,
        *,
        expected_seq: int | None = None,
        request_id: str | None = None,
    ) -> MoveOutcome:
        """Play ``code`` for ``seat`` (the terminal table, where one person may hold seats)."""
        async with self._lock(table_id):
            table = await self.get(table_id)
            return await self._act_locked(table, seat, code, expected_seq, request_id)

    async def _act_locked(
        self,
        table: Table,
        seat: int,
        code: str,
        expected_seq: int | None,
        request_id: str | None,
        *,
        actor: str | None = None,
        ask_first: bool = False,
    ) -> MoveOutcome:
        if expected_seq is not None and expected_seq != table.seq:
            if request_id and await self.repo.find_request(request_id):
                return MoveOutcome(table, duplicate=True)
            raise TableError(msg.STALE, ErrorKind.STALE, table=table)
        if table.status == TableStatus.LOBBY:
            raise TableError(msg.NOT_STARTED)
        if table.status != TableStatus.ACTIVE or table.state is None:
            raise TableError(msg.ALREADY_OVER)
        if table.seats[seat].engine:
            raise TableError(msg.NOT_A_PLAYER, ErrorKind.FOREIGN)
        if code == FORFEIT:
            # Reserved for a clock running out; a crafted button must not end a table.
            raise TableError(msg.NOT_A_MOVE, ErrorKind.ILLEGAL)
        try:
            check_move(table, seat, code)
            state, events = table.game.apply(table.state, seat, code, checked=False)
        except IllegalAction as error:
            kind = (
                ErrorKind.TURN if seat not in table.game.to_act(table.state) else ErrorKind.ILLEGAL
            )
            raise TableError(error.reason, kind) from None
        if ask_first:
            # Asked only of a move that is legal now, so "Yes" has nothing left to refuse but a
            # table that moved on meanwhile.
            question = confirm_question(table, seat, code)
            if question is not None:
                raise TableError(question, ErrorKind.CONFIRM, table=table)
        applied = [Applied(table.seq + 1, seat, code, events)]
        # The state before the move: apply never changes a state in place, so it stays as is.
        outcome = MoveOutcome(table, move=(table.state, seat, code))
        try:
            await self._advance(table, state, applied, outcome, request_id=request_id, actor=actor)
        except DuplicateRequest:
            return MoveOutcome(table, duplicate=True)
        return outcome

    async def time_out(self, table_id: int, seat: int, since: int) -> TimedOut | None:
        """``seat``'s clock, set at action ``since``, ran out: the table's ``on_timeout`` acts.

        "engine": the game's strategy player makes that seat's one move (its generator derived
        from the table seed and state number, like an engine seat's); "forfeit": the seat
        forfeits through the contract's reserved ``FORFEIT`` code. Both are logged as that
        seat's action. Returns None and changes nothing when the clock no longer stands (the
        seat moved since, the table ended, a rerun after a crash).
        """
        async with self._lock(table_id):
            try:
                table = await self.get(table_id)
            except TableError:
                return None
            clock = table.clock
            if clock is None or table.state is None or seat not in table.to_act():
                return None
            if any(entry.seat == seat for entry in await self.repo.log(table_id, since)):
                return None
            game = table.game
            if clock.on_timeout == "forfeit" or seat in table.settings.resigned:
                # A resigned seat still waiting here (a crash between storing the resignation
                # and its forfeit) forfeits, whatever the table's clock would do.
                code = FORFEIT
            else:
                players = game.engine_players()
                # normal plays for a timed-out seat unless the table names another engine
                chosen = table.settings.timeout_engine or DEFAULT_LEVEL
                player = players.get(chosen) or players.get(DEFAULT_LEVEL) or players["random"]
                rng = chance_rng(table.record.seed, table.seq)
                code = player.choose(game, table.state, seat, rng)
            state, events = game.apply(table.state, seat, code)
            outcome = MoveOutcome(table)
            applied = [Applied(table.seq + 1, seat, code, events)]
            user_id = table.seats[seat].user_id
            note = {"kind": "timed_out", "seat": seat, "user": user_id, "action": clock.on_timeout}
            await self._advance(table, state, applied, outcome, request_id=None, notes=[note])
            return TimedOut(table, seat, user_id, clock.on_timeout, code, outcome)

    async def substitute(
        self,
        table_id: int,
        seat: int,
        by: Member,
        to: Member | None,
        *,
        may_manage: bool = False,
        engine: str = DEFAULT_LEVEL,
        changes: Changes | None = None,
    ) -> MoveOutcome:
        """Hand ``seat`` of a running table to member ``to``, or to an engine player (None).

        Only the host or someone who may manage the place. The old holder keeps no access;
        the seat's clock starts afresh for the new holder, and an engine moves at once if the
        table waits for it.
        """
        async with self._lock(table_id):
            table = await self.get(table_id)
            if table.status != TableStatus.ACTIVE or table.state is None:
                raise TableError(msg.NOT_ACTIVE)
            if not may_manage and table.record.host != by.user_id:
                raise TableError(msg.HOST_OR_MANAGER, ErrorKind.FORBIDDEN)
            if not 0 <= seat < len(table.seats):
                raise TableError(msg.NO_SUCH_SEAT.format(n=seat + 1))
            old = table.seats[seat]
            if to is not None:
                if to.user_id == old.user_id:
                    raise TableError(msg.SAME_HOLDER)
                if table.seat_of(to.user_id) is not None:
                    raise TableError(msg.ALREADY_SEATED)
                new = SeatRecord(seat, to.name, user_id=to.user_id)
            else:
                players = table.game.engine_players()
                engine = engine if engine in players else "random"
                new = SeatRecord(
                    seat, f"🤖 {engine_label(engine)} ({old.name})"[:80], engine=engine
                )
            seats = [*table.seats]
            seats[seat] = new
            handed = dict(table.settings.handed_over)
            if old.user_id:
                handed[old.user_id] = seat
            if new.user_id:
                handed.pop(new.user_id, None)
            settings = table.settings.but(handed_over=handed)
            # One transaction: the seats, the record of who handed over, the old holder's
            # clock dropped, the engine's moves if it acts now, the posts, and ``changes`` (a
            # hand-over request settled as accepted).
            changes = Changes() if changes is None else changes
            changes.set_seats(table.id, seats)
            changes.update_table(table.id, settings=settings.stored())
            await self.clocks.stage_clear_seat(changes, table.id, seat)
            table.seat_deadlines = None  # read again: a seat's clocks change hands outside plan
            note = {
                "kind": "substituted",
                "seat": seat,
                "old": old.name,
                "user": new.user_id,
                "name": new.name,
            }
            outcome = MoveOutcome(table)
            await self._advance(
                table,
                table.state,
                [],
                outcome,
                request_id=None,
                changes=changes,
                seats=seats,
                settings=settings,
                actor=new.user_id,
                notes=[note],
                handed_to={"seat": seat, "user": new.user_id} if new.user_id else None,
                key=f"handover:{table.id}:{table.seq}:{seat}:{new.user_id or new.engine}",
            )
            return outcome

    async def resign(self, table_id: int, member: Member) -> MoveOutcome:
        """``member`` leaves a running table: their seat forfeits under the game's forfeit rule
        (the same reserved ``FORFEIT`` a clock running out plays; Stardust plays on without
        them), logged as that seat's action, so the result counts and is rated like a timeout
        forfeit. A seat that must act forfeits now; one that need not yet forfeits the moment
        it must (``TableSettings.resigned``): a game's forfeit rule is written for the seat to
        act, and nobody waits for a seat whose player has gone.
        """
        async with self._lock(table_id):
            table = await self.get(table_id)
            if table.status == TableStatus.LOBBY:
                raise TableError(msg.RESIGN_IN_LOBBY)
            if table.status != TableStatus.ACTIVE or table.state is None:
                raise TableError(msg.ALREADY_OVER)
            seat = table.seat_of(member.user_id)
            if seat is None:
                raise TableError(not_a_player(table, member.user_id), ErrorKind.FOREIGN)
            resigned = table.settings.resigned
            if seat in resigned or seat in forfeited(table.state):
                raise TableError(msg.ALREADY_RESIGNED)
            settings = table.settings.but(resigned=[*resigned, seat])
            # One transaction: the resignation, the forfeit if the seat acts now, the post.
            changes = Changes()
            changes.update_table(table.id, settings=settings.stored())
            outcome = MoveOutcome(table)
            await self._advance(
                table,
                table.state,
                [],
                outcome,
                request_id=None,
                changes=changes,
                settings=settings,
                actor=member.user_id,
                notes=[{"kind": "resigned", "seat": seat, "name": table.seat_name(seat)}],
                key=f"resign:{table.id}:{seat}",
            )
            return outcome

    async def expire_lobby(self, table_id: int, days: int = 0) -> Table | None:
        """Close a lobby whose time ran out; None (nothing changes) if it is no lobby now."""
        async with self._lock(table_id):
            try:
                table = await self.get(table_id)
            except TableError:
                return None
            if table.status != TableStatus.LOBBY:
                return None
            return await self._close(table, expired={"days": days})

    async def _advance(
        self,
        table: Table,
        state: State,
        applied: list[Applied],
        outcome: MoveOutcome,
        *,
        request_id: str | None,
        changes: Changes | None = None,
        seats: list[SeatRecord] | None = None,
        settings: TableSettings | None = None,
        actor: str | None = None,
        notes: list[dict[str, Any]] | None = None,
        handed_to: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> None:
        """Play chance and engine seats from ``state``, then store everything in one commit:
        the actions and snapshot, ``changes`` (a hand-over's seats), the seats' clocks and the
        post that reports it (``actor``, ``notes``, ``handed_to``; ``key`` names the post when
        no action is stored). A stale sequence or a repeated request id writes none of it.
        ``seats`` and ``settings`` are the table's as ``changes`` leaves them.
        """
        game = table.game
        seats = table.seats if seats is None else seats
        engines = {seat.seat: seat.engine for seat in seats if seat.engine}
        # A seat whose player resigned forfeits as soon as it must act (``resign``).
        resigned = set((table.settings if settings is None else settings).resigned)
        # Built when an engine seat must move: a game's players are objects made on each call.
        players: dict[str, Any] | None = None
        seq = table.seq + len(applied)
        for _ in range(game.max_decisions(len(seats), table.options) + 1):
            to_act = game.to_act(state)
            if not to_act or ended_by_forfeit(state):
                break
            if to_act == [CHANCE]:
                seat, code = CHANCE, game.sample_chance(state, chance_rng(table.record.seed, seq))
            else:
                ready = [seat for seat in to_act if seat in engines or seat in resigned]
                if not ready:
                    break
                seat = ready[0]
                if seat in resigned:
                    code = FORFEIT
                else:
                    if players is None:
                        players = game.engine_players()
                    player = players.get(engines[seat]) or players["random"]
                    rng = chance_rng(table.record.seed, seq)
                    if isinstance(player, SearchPlayer):
                        # half a second of search in a worker thread: the bot's event loop
                        # keeps answering other tables meanwhile (engines are pure)
                        code = await asyncio.to_thread(player.choose, game, state, seat, rng)
                    else:
                        code = player.choose(game, state, seat, rng)
            state, events = game.apply(state, seat, code)
            seq += 1
            applied.append(Applied(seq, seat, code, events))
        over = game.is_over(state)
        result = game.final_result(state, len(seats)) if over else None
        status = TableStatus.FINISHED if over else TableStatus.ACTIVE
        now = self.clock()
        entries = [
            LogEntry(item.seq, item.seat, item.code, request_id if index == 0 else None, now)
            for index, item in enumerate(applied)
        ]
        result_json = result.model_dump(mode="json") if result else None
        unit = Changes()
        unit.append(table.id, table.seq, entries, state, status, result_json)
        if changes is not None:
            unit.extend(changes)
        # The table as the commit leaves it: its clocks and its post are planned on that.
        before = table.record
        record = TableRecord(
            before.id,
            before.game,
            before.options,
            before.seed,
            before.place,
            before.host,
            status,
            seq,
            state,
            result_json,
            before.settings if settings is None else settings.stored(),
            before.created_at,
            now,
        )
        after = Table(record=record, seats=seats, game=game, options=table.options)
        after.seat_deadlines = table.seat_deadlines
        after._parsed = table._parsed  # the same stored dicts: no need to validate them again
        movers = {item.seat for item in applied if item.seat != CHANCE}
        posts = self.posts_for(after)
        if posts:
            payload = {
                "table": table.id,
                "from_seq": table.seq,
                "seq": seq,
                "actor": actor,
                "events": [
                    [event.kind, event.data]
                    for item in applied
                    for event in item.events
                    if event.to is None
                ],
                "notes": list(notes or []),
                "handed_to": handed_to,
                "catch_up": self.catching_up,
            }
            unit.post(
                key or f"turn:{table.id}:{seq}", notices.TURN, payload, table_id=table.id, at=now
            )
        # The steps a result brings (ratings) as deadlines in the result's own commit.
        finishing = (
            [
                DeadlineRecord(0, kind, now, table.id, None, None, {})
                for kind, needed in self.finish_steps
                if needed(after)
            ]
            if over
            else []
        )
        if finishing:
            self.scheduler.stage(unit, [], finishing)
        added: list[Any] = []
        timed = after.clock
        try:
            if timed is None:
                await self.repo.commit(unit)
            elif self.clocks.plans_at_once(after):
                # Nothing to hold and nothing to read: no coroutine to run for the clocks.
                added = self.clocks.plan_known(after, movers, unit, timed)
                await self.repo.commit(unit)
            else:
                async with self.clocks.for_move(after):
                    added = await self.clocks.plan(after, movers, unit, timed)
                    await self.repo.commit(unit)
        except StaleSequence:
            self._cache.pop(table.id, None)  # another writer moved it: read it as it is now
            table.seat_deadlines = None
            current = await self.get(table.id)
            raise TableError(msg.STALE, ErrorKind.STALE, table=current) from None
        self.scheduler.notify([*added, *finishing])
        if timed is not None:
            table.seat_deadlines = after.planned_deadlines if timed.per_move else None
        # In place, not replaced: others hold this record (the relay may have stored the
        # table's thread in its place meanwhile).
        table.record.seq, table.record.state = seq, state
        table.record.status, table.record.result = status, result_json
        table.record.updated_at = now
        if settings is not None:
            table.record.settings = record.settings
        table.seats = seats
        outcome.applied.extend(applied)
        if posts:
            self.posted()
        if over:
            self._cache.pop(table.id, None)
            # A finished table is read from storage when asked for; it keeps no lock either.
            self._locks.pop(table.id, None)
            await self._announce_finished(table)

    async def _announce_finished(self, table: Table) -> None:
        for listener in list(self.finished_listeners):
            try:
                await listener(table)
            except Exception:
                # The result is stored; a listener (ratings, a tournament) must not undo the move.
                logger.exception(
                    "finished-table listener %r failed for table %s", listener, table.id
                )

    # ----- helpers ---------------------------------------------------------------------------

    async def _store_seats(self, table: Table, seats: list[SeatRecord]) -> Table:
        for number, seat in enumerate(seats):
            seat.seat = number
        await self.repo.set_seats(table.id, seats)
        table.seats = seats
        return table

    async def _close(self, table: Table, *, expired: dict[str, Any] | None = None) -> Table:
        # One transaction: the status, the deadlines dropped, and the thread's note (a running
        # table has a thread that must hear of it).
        changes = Changes()
        changes.update_table(table.id, status=TableStatus.CANCELLED)
        # Every deadline of the table: its clocks, a lobby's closing, a hand-over's expiry.
        changes.delete_deadlines(table_id=table.id)
        post = table.status == TableStatus.ACTIVE and self.posts_for(table)
        if post:
            changes.post(
                f"cancelled:{table.id}",
                notices.CANCELLED,
                {"table": table.id},
                table_id=table.id,
                at=self.clock(),
            )
        if expired is not None and self.posts_for(table):
            # A lobby that closed itself tells its channel, with the close.
            post = True
            changes.post(
                f"lobby_expired:{table.id}",
                notices.LOBBY_EXPIRED,
                {"table": table.id, **expired},
                table_id=table.id,
                at=self.clock(),
            )
        await self.repo.commit(changes)
        table.record.status = TableStatus.CANCELLED
        self._cache.pop(table.id, None)
        self._locks.pop(table.id, None)
        if post:
            self.posted()
        return table

    @staticmethod
    def _require_lobby(table: Table) -> None:
        if table.status == TableStatus.ACTIVE:
            raise TableError(msg.ALREADY_STARTED)
        if table.status != TableStatus.LOBBY:
            raise TableError(msg.ALREADY_OVER)

    @staticmethod
    def _require_host(table: Table, member: Member) -> None:
        if table.record.host != member.user_id:
            raise TableError(msg.HOST_ONLY, ErrorKind.FORBIDDEN)

    # ----- where a table lives, for the adapter ------------------------------------------------

    async def set_place(self, table: Table, **values: str) -> None:
        """Add ``values`` to where ``table`` lives (its lobby message, its thread)."""
        place = table.place.but(**values).stored()
        await self.repo.update_table(table.id, place=place)
        table.record.place = place

    async def running_table_with_thread(self, thread_id: str) -> int | None:
        """The running table whose thread is ``thread_id``, if there is one."""
        for record in await self.repo.tables_with_status((TableStatus.ACTIVE,)):
            if TablePlace.of_record(record).thread == thread_id:
                return record.id
        return None


# The request types moved to ``tables.requests``; callers still name them from here.
__all__ = [
    "CACHE_SIZE",
    "Applied",
    "Member",
    "MoveOutcome",
    "Table",
    "TableError",
    "TableService",
    "TimedOut",
    "chance_rng",
    "check_move",
    "not_a_player",
]
