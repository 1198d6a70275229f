"""The tournament service: registration, rounds of tables, results, standings (no Discord).

An organiser creates a tournament for a game with its table options, a format and its settings;
players register (until a closing time or until the organiser closes it), optionally check in,
and the organiser starts it. Each round opens its tables through the ``TableService`` (seats in
pairing order, the tournament's time control as the table setting ``clock``); results arrive
through ``TableService.finished_listeners`` (``on_table_finished``), and the next round opens
when every table of the round has finished. Adapters (the bot) hear about rounds through
``listeners``.

Deadlines go through the table service's scheduler (``tables.clocks.Scheduler``), so they are
stored and handled once, also when they fell due while the process was down: a round with a
length (``round_hours``) stores a ``tournament_round`` deadline when it opens (dropped with the
round's end), and when it falls due ``round_deadline_passed`` plays out the round's unfinished
tables; a registration with a closing time (``closes_at``) stores a ``tournament_registration``
deadline, and registration closes by itself then. The handlers are registered when the service
is built, so whoever builds it before the scheduler's first run (the bot's start-up catch-up)
has them handled. A round's deadline does not pause for a player's vacation: it belongs to the
round, not to a seat.

Formats (``formats.FORMATS``): Swiss (at tables of two and at tables of 3-8, both stored as
``swiss``), round robin, single elimination and multiplayer elimination. Each format's rules
(its settings, pairing, when a round is decided and the last, its standings) live in its own
module under ``formats``; this service asks the tournament's format (``rules_of``) wherever
they differ, and keeps registration, the queue, the deadlines and the storing of rounds. A
tournament's settings are read as a ``TournamentConfig`` (``config``).

Work on one tournament is serialised (``_serial``): a table that finishes while the service is
opening a round (an engine-only table finishes inside ``start``) is queued and handled after,
so rounds never interleave and nothing recurses. With several processes on one database each
job also holds the tournament against the other processes (``Repository.hold``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from games.core import SetupError, Text, get_game
from games.players.search import DEFAULT_LEVEL, engine_label
from storage import RoundStatus, TableStatus, TournamentStatus
from storage.base import (
    Changes,
    DeadlineRecord,
    PairingRecord,
    Registration,
    Repository,
    RoundRecord,
    SeatRecord,
    TableRef,
    TournamentRecord,
    UnknownTournament,
)

from .. import notices
from ..clocks import ClockError, clock_for, validate_clock
from ..errors import ErrorKind
from ..limits import valid_id
from ..metadata import TablePlace, TableSettings, TournamentSettings
from ..service import Member, Table, TableError, TableService, chance_rng
from . import messages as msg
from .bracket import BracketRound, bracket
from .config import TournamentConfig
from .formats import FORMATS, StandingLine, format_for, rules_of, swiss_rounds_for
from .formats.base import smallest_table
from .formats.elimination import NAME as ELIMINATION
from .formats.multi_elimination import NAME as MULTI_ELIMINATION
from .formats.round_robin import NAME as ROUND_ROBIN_FORMAT
from .formats.swiss import NAME as SWISS_FORMAT
from .ratings import ordinal

logger = logging.getLogger(__name__)

T = TypeVar("T")

OPENING = ("round_opened", "game_opened")
ROUND_DEADLINE = "tournament_round"
"""The scheduler's kind for a round's deadline (data: tournament, round)."""
REGISTRATION_DEADLINE = "tournament_registration"
"""The scheduler's kind for registration closing at its time (data: tournament)."""


@dataclass
class TournamentEvent:
    """What happened: round_opened, game_opened (a best-of match's next game), round_finished,
    finished, registration_closed (at its time), round_closing (the round's deadline passed or
    an organiser ended it: ``tables`` are about to be played out by the engine) and played_out
    (``tables`` as they ended after that).
    """

    kind: str
    tournament: TournamentRecord
    round: int
    tables: list[Table] = field(default_factory=list)
    """The round's tables (round_opened; a best-of match's later games are not announced)."""
    byes: list[str] = field(default_factory=list)
    standings: list[StandingLine] = field(default_factory=list)
    deadline: float | None = None
    refs: list[TableRef] = field(default_factory=list)
    """The tables an opening created, known by id once its transaction committed."""


class RoundWork(Changes):
    """A tournament's unit of work, with the events to tell listeners once it committed, and
    what it stages that later steps of the same unit read (a round, a registration).
    """

    def __init__(self) -> None:
        super().__init__()
        self.events: list[TournamentEvent] = []
        self.rounds: dict[int, RoundRecord] = {}
        self.registrations: dict[str, Registration] = {}

    def save_round(self, record: RoundRecord) -> None:
        """See ``Changes.save_round``; later steps of this unit see the round."""
        super().save_round(record)
        self.rounds[record.number] = record

    def save_registration(self, registration: Registration) -> None:
        """See ``Changes.save_registration``; later steps of this unit see it."""
        super().save_registration(registration)
        self.registrations[registration.user_id] = registration


def table_seed(tournament: TournamentRecord, number: int, position: int, game: int) -> int:
    """The seed of the table at ``position`` (its ``game``-th game) of round ``number``."""
    seed = TournamentSettings.of_record(tournament).seed
    base = tournament.id if seed is None else seed
    digest = hashlib.sha256(f"tischrunde:{base}:{number}:{position}:{game}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def standings_json(lines: list[StandingLine]) -> list[dict[str, Any]]:
    """Standings as the outbox stores them (fractions as [numerator, denominator])."""
    return [
        {
            "place": line.place,
            "user_id": line.user_id,
            "name": line.name,
            "points": [line.points.numerator, line.points.denominator],
            "tiebreaks": [[n, [v.numerator, v.denominator]] for n, v in line.tiebreaks],
            "dropped": line.dropped,
            "note": None if line.note is None else [line.note.de, line.note.en],
        }
        for line in lines
    ]


def standings_from_json(stored: list[dict[str, Any]]) -> list[StandingLine]:
    """``standings_json`` read back."""
    return [
        StandingLine(
            place=int(item["place"]),
            user_id=str(item["user_id"]),
            name=str(item["name"]),
            points=Fraction(*item["points"]),
            tiebreaks=[(str(n), Fraction(*v)) for n, v in item["tiebreaks"]],
            dropped=bool(item["dropped"]),
            note=None if item["note"] is None else Text(*item["note"]),
        )
        for item in stored
    ]


def _same_game(a: PairingRecord, b: PairingRecord) -> bool:
    return (a.tournament_id, a.round, a.position, a.game) == (
        b.tournament_id,
        b.round,
        b.position,
        b.game,
    )


@dataclass
class RoundClosed:
    """What a round's deadline did: the round ended, ``played`` tables played out by engines."""

    tournament_id: int
    round: int
    played: list[int]


@dataclass
class RegistrationClosed:
    """Registration closed by itself at its time; ``registered`` players are in."""

    tournament: TournamentRecord
    registered: int


class NotRegistered(TableError):
    """An organiser named a player who is not registered. ``user_id`` is that player as data,
    so an adapter can name them its own way (the reason names them by their id).
    """

    def __init__(self, user_id: str, tournament_id: int) -> None:
        super().__init__(msg.THEY_ARE_NOT_REGISTERED.format(name=user_id, id=tournament_id))
        self.user_id = user_id
        self.tournament_id = tournament_id


class TournamentService:
    """Tournaments on top of a ``TableService``; register ``on_table_finished`` with it."""

    def __init__(
        self,
        repo: Repository,
        tables: TableService,
        *,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.repo = repo
        self.tables = tables
        self.clock = clock or (lambda: tables.clock())
        """The table service's clock unless told otherwise: a round's deadline and a table's
        clocks must read the same time (the bot's tests run on a virtual one)."""
        self.listeners: list[Callable[[TournamentEvent], Awaitable[None]]] = []
        """Called with each round opened (its tables started), each further game of a best-of
        match opened, each round finished (with the standings), the tournament finished, and
        what the deadlines do: registration closed at its time, a round closing (before its
        tables are played out) and the tables played out (``TournamentEvent``)."""
        self._jobs: dict[int, deque[tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any]]]] = {}
        self._running: set[int] = set()
        tables.scheduler.register(ROUND_DEADLINE, self._on_round_deadline)
        tables.scheduler.register(REGISTRATION_DEADLINE, self._on_registration_deadline)

    # ----- serialised work per tournament ------------------------------------------------------

    def _enqueue(self, tournament_id: int, work: Callable[[], Awaitable[T]]) -> asyncio.Future[T]:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._jobs.setdefault(tournament_id, deque()).append((work, future))
        return future

    async def _drain(self, tournament_id: int) -> None:
        if tournament_id in self._running:
            return  # the task that is draining will run what was queued
        self._running.add(tournament_id)
        try:
            jobs = self._jobs.get(tournament_id)
            while jobs:
                work, future = jobs.popleft()
                try:
                    async with self._across_processes(tournament_id):
                        result = await work()
                        if isinstance(result, TournamentEvent) and result.kind in OPENING:
                            await self._start_tables(result)
                except Exception as error:  # noqa: BLE001 - delivered to the caller
                    if not future.done():
                        future.set_exception(error)
                else:
                    if not future.done():
                        future.set_result(result)
        finally:
            self._running.discard(tournament_id)
            self._jobs.pop(tournament_id, None)

    def _across_processes(self, tournament_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """With other processes on the database, one job of a tournament at a time across all
        of them (two tables of a round finishing in two processes must not both end it).
        """
        if not self.tables.shared:
            return contextlib.nullcontext()
        return self.repo.hold([f"tournament:{tournament_id}"])

    async def _serial(self, tournament_id: int, work: Callable[[], Awaitable[T]]) -> T:
        future = self._enqueue(tournament_id, work)
        await self._drain(tournament_id)
        return await future

    async def _announce(self, event: TournamentEvent) -> None:
        for listener in list(self.listeners):
            try:
                await listener(event)
            except Exception:
                logger.exception("tournament listener %r failed on %s", listener, event.kind)

    # ----- reading -----------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> TournamentRecord:
        """The tournament; ``TableError`` if there is none."""
        if not valid_id(tournament_id):
            # Beyond SQLite's integers: no tournament, and never a query (OverflowError).
            shown = str(tournament_id)[:20]
            raise TableError(msg.NO_SUCH_TOURNAMENT.format(id=shown), ErrorKind.UNKNOWN) from None
        try:
            return await self.repo.get_tournament(tournament_id)
        except UnknownTournament:
            raise TableError(
                msg.NO_SUCH_TOURNAMENT.format(id=tournament_id), ErrorKind.UNKNOWN
            ) from None

    async def round_of(self, tournament_id: int, number: int) -> RoundRecord | None:
        """Round ``number`` of the tournament, None before it began."""
        for record in await self.repo.rounds(tournament_id):
            if record.number == number:
                return record
        return None

    async def of_guild(
        self, guild: str, statuses: tuple[TournamentStatus, ...] | None = None
    ) -> list[TournamentRecord]:
        """The server's tournaments (newest first)."""
        if statuses is None:
            return await self.repo.tournaments_of_guild(guild)
        return await self.repo.tournaments_of_guild(guild, statuses)

    async def registrations(self, tournament_id: int) -> list[Registration]:
        """Who registered for the tournament, in the order they came."""
        return await self.repo.registrations(tournament_id)

    async def pairings(self, tournament_id: int, number: int) -> list[PairingRecord]:
        """The pairings of round ``number`` (every game of a best-of match)."""
        return await self.repo.pairings(tournament_id, number)

    # ----- creating ----------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild: str,
        channel: str,
        organiser: Member,
        name: str,
        game_id: str,
        options: dict[str, Any] | None = None,
        format: str = SWISS_FORMAT,
        rounds: int | None = None,
        best_of: int = 1,
        advance: int | None = None,
        table_size: int | None = None,
        per_move: int | None = None,
        on_timeout: str = "engine",
        round_hours: float | None = None,
        checkin: bool = False,
        late_join: bool = False,
        closes_at: float | None = None,
        settings: TournamentSettings | dict[str, Any] | None = None,
    ) -> TournamentRecord:
        """Create a tournament open for registration; every bad option is refused here."""
        if not isinstance(settings, TournamentSettings):
            settings = TournamentSettings.of(settings or {})
        if settings.seed is None:
            # The tables' deals follow from this seed (``table_seed``).
            settings = settings.but(seed=random.SystemRandom().getrandbits(48))
        try:
            game = get_game(game_id)
            parsed = game.validate_options(options)
        except SetupError as error:
            raise TableError(error.reason) from None
        name = name.strip()
        if not 1 <= len(name) <= 80:
            raise TableError(msg.BAD_NAME)
        if format not in FORMATS:
            raise TableError(msg.UNKNOWN_FORMAT.format(format=format, formats=", ".join(FORMATS)))
        size = table_size or (2 if game.min_players <= 2 else min(4, game.max_players))
        if not game.min_players <= size <= game.max_players:
            raise TableError(
                msg.in_each_language(
                    msg.BAD_TABLE_SIZE,
                    game=game.name,
                    lo=game.min_players,
                    hi=game.max_players,
                    size=size,
                )
            )
        try:
            # Every table size the format may open (one smaller when a field does not divide).
            for seats in range(smallest_table(game, size) if size > 2 else 2, size + 1):
                game.parse_options(seats, parsed.model_dump(mode="json"))
        except SetupError as error:
            raise TableError(error.reason) from None
        requested = TournamentConfig(
            rounds=rounds,
            best_of=best_of,
            advance=advance,
            table_size=size,
            round_hours=round_hours,
            checkin=checkin,
            late_join=late_join,
        )
        config = format_for(format, size).configure(requested, game)
        try:
            # The tables' own rule (10 minutes to 14 days, engine or forfeit): a setting the
            # table service would refuse when a round opens is refused now, before any storing.
            clock = clock_for(per_move, on_timeout)
        except ClockError as error:
            raise TableError(error.reason) from None
        if round_hours is not None and not 1 <= round_hours <= 30 * 24:
            raise TableError(msg.BAD_ROUND_HOURS)
        if closes_at is not None and closes_at <= self.clock():
            raise TableError(msg.CLOSES_IN_PAST)
        config = config.model_copy(update={"clock": clock.model_dump(mode="json")})
        record = TournamentRecord(
            id=0,
            guild=guild,
            channel=channel,
            name=name,
            game=game.id,
            options=parsed.model_dump(mode="json"),
            format=format,
            config=config.model_dump(mode="json"),
            organiser=organiser.user_id,
            status=TournamentStatus.REGISTRATION,
            closes_at=closes_at,
            settings=settings.stored(),
        )
        # Counting and storing under the server's lock: a burst of creates cannot pass the
        # count together (tables.limits).
        async with self.tables.limits.guard(guild, "tournaments"):
            running = await self.repo.tournaments_of_guild(
                guild,
                (TournamentStatus.REGISTRATION, TournamentStatus.CLOSED, TournamentStatus.RUNNING),
            )
            await self.tables.limits.check_tournament(guild, len(running))
            record = await self.repo.create_tournament(record)
        if closes_at is not None:
            await self.tables.scheduler.add(
                REGISTRATION_DEADLINE, closes_at, data={"tournament": record.id}
            )
        return record

    # ----- registration ------------------------------------------------------------------------

    def _registration_open(self, tournament: TournamentRecord) -> bool:
        if tournament.status != TournamentStatus.REGISTRATION:
            return False
        return tournament.closes_at is None or self.clock() < tournament.closes_at

    async def join(self, tournament_id: int, member: Member) -> Registration:
        """Register ``member``; while the tournament runs only where late entries are allowed
        (they play from the next round on, with no points so far).
        """

        async def work() -> Registration:
            tournament = await self.get(tournament_id)
            registrations = {r.user_id: r for r in await self.repo.registrations(tournament_id)}
            existing = registrations.get(member.user_id)
            late = tournament.status == TournamentStatus.RUNNING
            if late and not TournamentConfig.of(tournament).late_join:
                raise TableError(msg.NO_LATE_JOIN.format(id=tournament_id))
            total = self.rounds_total(tournament) if late else None
            if total is not None and tournament.round >= total:
                # A late entry plays from the next round on; after the last one it never would.
                raise TableError(msg.NO_ROUND_LEFT.format(id=tournament_id))
            if not late and not self._registration_open(tournament):
                raise TableError(msg.REGISTRATION_CLOSED.format(id=tournament_id))
            if existing is not None and existing.dropped_round is None:
                raise TableError(msg.ALREADY_REGISTERED.format(id=tournament_id))
            if existing is not None and late:
                raise TableError(msg.ALREADY_DROPPED.format(id=tournament_id))
            registration = Registration(
                tournament_id,
                member.user_id,
                member.name,
                checked_in=late,
                joined_round=tournament.round + 1 if late else 1,
                registered_at=self.clock(),
            )
            await self.repo.save_registration(registration)
            return registration

        return await self._serial(tournament_id, work)

    async def add_engine(
        self, tournament_id: int, by: Member, *, may_organise: bool, engine: str = DEFAULT_LEVEL
    ) -> Registration:
        """Register an engine player of level ``engine`` (organisers only: for tests and to
        fill a field); its name shows the level.
        """

        async def work() -> Registration:
            tournament = await self.get(tournament_id)
            self._require_organiser(tournament, by, may_organise)
            if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            if tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.CLOSED):
                raise TableError(msg.NOT_BEFORE_START.format(id=tournament_id))
            game = get_game(tournament.game)
            if engine not in game.engine_players():
                chosen = "random"
            else:
                chosen = engine
            engines = sum(1 for r in await self.repo.registrations(tournament_id) if r.engine)
            await self.tables.limits.check_engine_entry(tournament.guild, engines)
            count = engines + 1
            registration = Registration(
                tournament_id,
                f"engine:{count}",
                f"🤖 {engine_label(chosen)} {count}",
                engine=chosen,
                checked_in=True,
                registered_at=self.clock(),
            )
            await self.repo.save_registration(registration)
            return registration

        return await self._serial(tournament_id, work)

    async def leave(self, tournament_id: int, member: Member) -> None:
        """Withdraw before the start (afterwards a player drops out instead)."""

        async def work() -> None:
            tournament = await self.get(tournament_id)
            if tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.CLOSED):
                raise TableError(msg.LEAVE_AFTER_START.format(id=tournament_id))
            registration = await self._registration(tournament_id, member.user_id)
            registration.dropped_round = 1
            await self.repo.save_registration(registration)

        await self._serial(tournament_id, work)

    async def checkin(self, tournament_id: int, member: Member) -> None:
        """Confirm before the start that one will play (where the tournament has a check-in)."""

        async def work() -> None:
            tournament = await self.get(tournament_id)
            if not TournamentConfig.of(tournament).checkin:
                raise TableError(msg.NO_CHECKIN.format(id=tournament_id))
            if tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.CLOSED):
                raise TableError(msg.CHECKIN_OVER.format(id=tournament_id))
            registration = await self._registration(tournament_id, member.user_id)
            registration.checked_in = True
            await self.repo.save_registration(registration)

        await self._serial(tournament_id, work)

    async def close(self, tournament_id: int, by: Member, *, may_organise: bool) -> None:
        """Close registration by hand."""

        async def work() -> None:
            tournament = await self.get(tournament_id)
            self._require_organiser(tournament, by, may_organise)
            if tournament.status != TournamentStatus.REGISTRATION:
                raise TableError(msg.REGISTRATION_CLOSED.format(id=tournament_id))
            await self.repo.update_tournament(tournament_id, status=TournamentStatus.CLOSED)

        await self._serial(tournament_id, work)

    async def drop(
        self,
        tournament_id: int,
        by: Member,
        user_id: str | None = None,
        *,
        may_organise: bool = False,
    ) -> Registration:
        """Drop out (or, for organisers, drop ``user_id``): not paired again from the next
        round on. A table the player sits at goes on under the clock rules.
        """

        async def work() -> Registration:
            tournament = await self.get(tournament_id)
            target = user_id or by.user_id
            if target != by.user_id:
                self._require_organiser(tournament, by, may_organise)
            if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            someone_else = target != by.user_id
            try:
                registration = await self._registration(tournament_id, target)
            except TableError:
                if not someone_else:
                    raise
                # An organiser named the player: the answer is about them, not the organiser.
                raise NotRegistered(target, tournament_id) from None
            if registration.dropped_round is not None:
                if someone_else:
                    raise TableError(
                        msg.THEY_ALREADY_DROPPED.format(name=registration.name, id=tournament_id)
                    )
                raise TableError(msg.ALREADY_DROPPED.format(id=tournament_id))
            registration.dropped_round = tournament.round + 1
            await self.repo.save_registration(registration)
            return registration

        return await self._serial(tournament_id, work)

    async def _registration(self, tournament_id: int, user_id: str) -> Registration:
        for registration in await self.repo.registrations(tournament_id):
            if registration.user_id == user_id:
                if registration.dropped_round == 1 and registration.joined_round == 1:
                    # withdrawn before the start: as good as not registered
                    break
                return registration
        raise TableError(msg.NOT_REGISTERED.format(id=tournament_id))

    @staticmethod
    def _require_organiser(tournament: TournamentRecord, by: Member, may_organise: bool) -> None:
        if not may_organise and by.user_id != tournament.organiser:
            raise TableError(msg.ORGANISER_ONLY, ErrorKind.FORBIDDEN)

    # ----- starting and rounds -----------------------------------------------------------------

    async def start(self, tournament_id: int, by: Member, *, may_organise: bool) -> TournamentEvent:
        """Start: players who did not check in (where check-in is on) are dropped, the field is
        seeded (rating, then order of registration) and round 1 opens.
        """

        async def work() -> TournamentEvent:
            tournament = await self.get(tournament_id)
            self._require_organiser(tournament, by, may_organise)
            if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            if tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.CLOSED):
                raise TableError(msg.NOT_BEFORE_START.format(id=tournament_id))
            registrations = [
                r for r in await self.repo.registrations(tournament_id) if r.dropped_round is None
            ]
            config = TournamentConfig.of(tournament)
            rules = rules_of(tournament)
            playing = [r for r in registrations if r.checked_in or not config.checkin]
            minimum = rules.minimum_field(config)
            if len(playing) < minimum:
                raise TableError(msg.TOO_FEW.format(min=minimum, n=len(playing)))
            # One transaction: who is in, the seeding, and round 1 with its tables.
            changes = RoundWork()
            for registration in registrations:
                if registration not in playing:
                    registration.dropped_round = 1
                    changes.save_registration(registration)
            seeds = await self._seed(tournament, [r.user_id for r in playing])
            rounds = rules.rounds_at_start(config, len(seeds))
            settings = (
                TournamentSettings.of_record(tournament).but(seeds=seeds, rounds=rounds).stored()
            )
            changes.update_tournament(
                tournament_id, status=TournamentStatus.RUNNING, settings=settings
            )
            tournament.status, tournament.settings = TournamentStatus.RUNNING, settings
            history = await self.repo.pairings(tournament_id)
            event = await self._open_round(tournament, 1, changes, history)
            # Only a round of byes alone opens no tables, and round 1 of a field of at least the
            # format's minimum always has a table.
            assert event is not None
            await self._commit(changes)
            return event

        return await self._serial(tournament_id, work)

    async def _seed(self, tournament: TournamentRecord, user_ids: list[str]) -> list[str]:
        ratings = await self.repo.ratings(tournament.game, tournament.guild, user_ids)
        index = {user_id: number for number, user_id in enumerate(user_ids)}

        def strength(user_id: str) -> tuple[float, int]:
            record = ratings.get(user_id)
            value = ordinal(record.mu, record.sigma) if record else 0.0
            return (-value, index[user_id])

        return sorted(user_ids, key=strength)

    async def _open_round(
        self,
        tournament: TournamentRecord,
        number: int,
        changes: RoundWork,
        history: list[PairingRecord],
    ) -> TournamentEvent | None:
        """Pair round ``number`` and stage it in ``changes``: the round, its deadline, its
        tables (in the lobby: ``_start_tables`` starts them once ``changes`` committed), its
        pairings, the tournament's round and the round's post. ``history`` is every pairing
        as ``changes`` will leave it.
        """
        registrations = await self._registrations(tournament.id, changes)
        # A slot is a table (players in seat order) or a bye ([player], True), in order: an
        # elimination bracket keeps its positions that way.
        # Pairing is pure CPU work (a matching takes ~0.15 s for 128 players, see
        # bench/pairing.py): a worker thread keeps the bot answering meanwhile.
        pair = rules_of(tournament).pair
        slots = await asyncio.to_thread(pair, tournament, number, registrations, history)
        now = self.clock()
        hours = TournamentConfig.of(tournament).round_hours
        deadline = now + hours * 3600 if hours else None
        changes.save_round(RoundRecord(tournament.id, number, RoundStatus.OPEN, deadline, now))
        pairings = []
        refs = []
        byes = []
        for position, (players, bye) in enumerate(slots, start=1):
            if bye:
                byes.append(players[0])
                pairings.append(PairingRecord(tournament.id, number, position, players, bye=True))
                continue
            ref = self._stage_table(
                changes, tournament, number, position, 1, players, registrations
            )
            refs.append(ref)
            # Until the commit the pairing names its table by the reference (Changes.save_pairings).
            pairings.append(PairingRecord(tournament.id, number, position, players, 1, ref))  # type: ignore[arg-type]
        if deadline is not None and refs:
            # A round of byes only finishes in this unit: it has no deadline to wait for.
            data = {"tournament": tournament.id, "round": number}
            self.tables.scheduler.stage(
                changes, [], [DeadlineRecord(0, ROUND_DEADLINE, deadline, data=data)]
            )
        changes.save_pairings(pairings)
        changes.update_tournament(tournament.id, round=number)
        tournament.round = number
        self._post(changes, tournament, "round_opened", number, byes=byes, deadline=deadline)
        event = TournamentEvent(
            "round_opened", tournament, number, [], byes, deadline=deadline, refs=refs
        )
        if not refs:
            # Only byes (a round robin round whose games all lost a player): nothing to wait for.
            return await self._maybe_finish_round(tournament, [*history, *pairings], changes)
        return event

    def _stage_table(
        self,
        changes: RoundWork,
        tournament: TournamentRecord,
        number: int,
        position: int,
        game: int,
        players: list[str],
        registrations: dict[str, Registration],
    ) -> TableRef:
        seats = []
        for seat, user_id in enumerate(players):
            registration = registrations[user_id]
            if registration.engine:
                seats.append(SeatRecord(seat, registration.name, engine=registration.engine))
            else:
                seats.append(SeatRecord(seat, registration.name, user_id=user_id))
        return self.tables.stage_create(
            changes,
            tournament.game,
            self._host(tournament),
            TablePlace(
                guild=tournament.guild, channel=tournament.channel, tournament=tournament.id
            ),
            tournament.options,
            # The deal of a round's table follows from the tournament and the table's place in
            # it, so a round opened again after a crash deals the same cards.
            seed=table_seed(tournament, number, position, game),
            settings=TableSettings(
                clock=validate_clock(clock)
                if (clock := TournamentConfig.of(tournament).clock)
                else None,
                lang=TournamentSettings.of_record(tournament).lang,
                tournament=tournament.id,
                round=number,
            ),
            seats=seats,
        )

    def _post(
        self,
        changes: RoundWork,
        tournament: TournamentRecord,
        kind: str,
        number: int,
        *,
        key: str | None = None,
        **data: Any,
    ) -> None:
        """Stage the tournament's post of ``kind`` (``tables.notices.TOURNAMENT``)."""
        changes.post(
            key or f"tournament:{tournament.id}:{kind}:{number}",
            notices.TOURNAMENT,
            {"tournament": tournament.id, "event": kind, "round": number, **data},
            at=self.clock(),
        )

    async def _commit(self, changes: RoundWork) -> None:
        """Commit a unit of the tournament's work, then wake whoever delivers its posts."""
        await self.repo.commit(changes)
        added = [
            record for op in changes.ops if op.name == "replace_deadlines" for record in op.args[1]
        ]
        self.tables.scheduler.notify(added)
        if any(op.name == "post" for op in changes.ops):
            self.tables.posted()
        # In-process listeners hear what the commit did (the posts went to the outbox).
        for event in changes.events:
            await self._announce(event)

    async def _registrations(
        self, tournament_id: int, changes: RoundWork
    ) -> dict[str, Registration]:
        """The registrations as ``changes`` will leave them, in the order they came."""
        stored = {r.user_id: r for r in await self.repo.registrations(tournament_id)}
        return {user_id: changes.registrations.get(user_id, r) for user_id, r in stored.items()}

    @staticmethod
    def _host(tournament: TournamentRecord) -> Member:
        """Tournament tables are hosted by the tournament itself, so no player may cancel them."""
        return Member(f"tournament:{tournament.id}", tournament.name)

    async def _start_tables(self, event: TournamentEvent) -> None:
        """Start the tables of an opened round or game, then announce it. An engine-only table
        finishes inside ``start``; its result is queued behind the job that is running now.
        """
        tournament = event.tournament
        if event.refs and not event.tables:
            event.tables = [await self.tables.get(int(ref)) for ref in event.refs]
        started = []
        for table in event.tables:
            try:
                if table.status == TableStatus.LOBBY:
                    table = (await self.tables.start(table.id, self._host(tournament))).table
                started.append(table)
            except TableError:
                logger.exception("tournament %s: table %s did not start", tournament.id, table.id)
                started.append(table)
        event.tables = started
        await self._announce(event)

    def rounds_total(self, tournament: TournamentRecord) -> int | None:
        """How many rounds the tournament has (None where it depends on results)."""
        return rules_of(tournament).rounds_total(tournament)

    # ----- results -----------------------------------------------------------------------------

    async def on_table_finished(self, table: Table) -> None:
        """The ``TableService.finished_listeners`` callback: record a tournament table's result;
        open the next game of a match, or the next round, or finish the tournament.
        """
        pairing = await self.repo.pairing_of_table(table.id)
        if pairing is None:
            return
        await self._table_job(
            pairing.tournament_id, table, "the result", lambda: self._record(table, pairing)
        )

    async def on_table_cancelled(self, table: Table) -> None:
        """The ``TableService.cancelled_listeners`` callback: a table of the current round that
        a server manager or an organiser cancelled is void at once (no points, no meeting; in a
        best-of match a replacement game opens), so the round can finish without waiting for
        its deadline.
        """
        pairing = await self.repo.pairing_of_table(table.id)
        if pairing is None:
            return
        tournament_id = pairing.tournament_id

        async def work() -> TournamentEvent | None:
            fresh = await self.repo.pairing_of_table(table.id)
            if fresh is None or fresh.ranks is not None:
                return None
            tournament = await self.get(tournament_id)
            if tournament.status != TournamentStatus.RUNNING or fresh.round != tournament.round:
                return None
            return await self._void(fresh)

        await self._table_job(tournament_id, table, "voiding", work)

    async def _table_job(
        self,
        tournament_id: int,
        table: Table,
        what: str,
        work: Callable[[], Awaitable[TournamentEvent | None]],
    ) -> None:
        """Queue ``work`` for the tournament behind the jobs already queued, so results of one
        tournament are handled one at a time and in order; a failure is logged, never raised
        into the move that finished or cancelled the table.
        """
        future = self._enqueue(tournament_id, work)

        def report(done: asyncio.Future[Any]) -> None:
            if not done.cancelled() and done.exception() is not None:
                logger.error(
                    "tournament %s: %s of table %s failed",
                    tournament_id,
                    what,
                    table.id,
                    exc_info=done.exception(),
                )

        future.add_done_callback(report)
        # If another task is working on this tournament, it runs the job when it gets to it.
        await self._drain(tournament_id)

    async def _record(self, table: Table, pairing: PairingRecord) -> TournamentEvent | None:
        # Read again: the pairing given was loaded when the job was queued, and a job queued
        # earlier (or ``resume``) may have recorded this table meanwhile. Recording it twice
        # would finish the round twice.
        fresh = await self.repo.pairing_of_table(table.id)
        if fresh is not None:
            pairing = fresh
        result = table.result()
        if result is None or pairing.ranks is not None:
            return None
        pairing.ranks = list(result.ranks)
        pairing.scores = [float(score) for score in result.scores]
        return await self._after_game(pairing)

    async def _void(self, pairing: PairingRecord) -> TournamentEvent | None:
        """A table of the round was cancelled (by a server manager or an organiser): its game
        is void, worth nothing to anyone and no meeting; in a best-of match a replacement game
        follows.
        """
        if pairing.ranks is not None:
            return None
        pairing.ranks, pairing.scores = [], []
        return await self._after_game(pairing)

    async def _after_game(self, pairing: PairingRecord) -> TournamentEvent | None:
        """A game of the current round has counted or been voided (``pairing`` holds its
        ranks): stored in one transaction with what follows from it: a best-of match's next
        game, or the round's end with its standings and the next round (or the final
        ranking). A game of an earlier round, or of a tournament that is no longer running,
        changes nothing more.
        """
        changes = RoundWork()
        changes.save_pairings([pairing])
        tournament = await self.get(pairing.tournament_id)
        event = None
        if tournament.status == TournamentStatus.RUNNING and pairing.round == tournament.round:
            history = [
                pairing if _same_game(stored, pairing) else stored
                for stored in await self.repo.pairings(tournament.id)
            ]
            event = await self._continue_match(tournament, pairing, history, changes)
            if event is None:
                event = await self._maybe_finish_round(tournament, history, changes)
        await self._commit(changes)
        return event

    async def _continue_match(
        self,
        tournament: TournamentRecord,
        pairing: PairingRecord,
        history: list[PairingRecord],
        changes: RoundWork,
    ) -> TournamentEvent | None:
        """Stage the next game of ``pairing``'s match where the format plays matches and this
        one is not decided yet.
        """
        registrations = await self._registrations(tournament.id, changes)
        following = rules_of(tournament).next_game(tournament, pairing, history, registrations)
        if following is None:
            return None
        seats, number = following
        ref = self._stage_table(
            changes, tournament, pairing.round, pairing.position, number, seats, registrations
        )
        changes.save_pairings(
            # Until the commit the pairing names its table by the reference (Changes.save_pairings).
            [PairingRecord(tournament.id, pairing.round, pairing.position, seats, number, ref)],  # type: ignore[arg-type]
        )
        self._post(
            changes,
            tournament,
            "game_opened",
            pairing.round,
            key=f"tournament:{tournament.id}:game_opened:{pairing.round}:{pairing.position}:{number}",
            position=pairing.position,
            game=number,
        )
        return TournamentEvent("game_opened", tournament, pairing.round, refs=[ref])

    async def _maybe_finish_round(
        self, tournament: TournamentRecord, history: list[PairingRecord], changes: RoundWork
    ) -> TournamentEvent | None:
        """If the current round is decided (``history`` as ``changes`` leaves it), stage its
        end, its standings post and the next round (or the tournament's end).
        """
        number = tournament.round
        current = [p for p in history if p.round == number]
        if any(not p.bye and p.ranks is None for p in current):
            return None
        rules = rules_of(tournament)
        registrations = await self._registrations(tournament.id, changes)
        if not rules.round_decided(tournament, number, history, registrations):
            return None
        record = changes.rounds.get(number) or next(
            (r for r in await self.repo.rounds(tournament.id) if r.number == number), None
        )
        if record is None or record.status != RoundStatus.OPEN:
            return None
        record.status, record.finished_at = RoundStatus.FINISHED, self.clock()
        changes.save_round(record)
        # The round's deadline no longer applies: dropped with the round's end, not left stored
        # to fire for nothing (in a finished tournament nothing is pending).
        stale = [
            d.id
            for d in await self.repo.deadlines(kinds=(ROUND_DEADLINE,))
            if d.data.get("tournament") == tournament.id and d.data.get("round") == number
        ]
        if stale:
            self.tables.scheduler.stage(changes, stale, [])
        lines = self._standings_of(tournament, registrations, history)
        self._post(changes, tournament, "round_finished", number, standings=standings_json(lines))
        changes.events.append(
            TournamentEvent("round_finished", tournament, number, standings=lines)
        )
        if rules.is_last_round(tournament, number, history) or not rules.can_continue(
            tournament, number + 1, registrations, history
        ):
            changes.update_tournament(tournament.id, status=TournamentStatus.FINISHED)
            tournament.status = TournamentStatus.FINISHED
            # Again, now that it is over: elimination formats call the first place the
            # winner, not "still in".
            final = self._standings_of(tournament, registrations, history)
            self._post(changes, tournament, "finished", number, standings=standings_json(final))
            changes.events.append(TournamentEvent("finished", tournament, number, standings=final))
            return None
        return await self._open_round(tournament, number + 1, changes, history)

    async def resume(self) -> None:
        """At start-up: finish what a crash may have cut off.

        A round's change (its end, its standings, the next round with its tables and
        pairings) is one transaction, so a crash leaves none half stored; what it can leave:
        a table that finished (or was cancelled) before its result reached the tournament,
        tables created with their round but not yet started, and (in databases written before
        round changes were one transaction) a round all of whose tables are decided but which
        never ended, rounds stored beyond the tournament's current round, and tournament
        tables without a pairing. Each is completed or cleaned up here, and a round's deadline
        or a registration's closing time that was not stored is stored (the scheduler's next
        run handles it, at once if it is past). Run it before the scheduler's start-up
        catch-up, so that the catch-up finds the tournaments as they are.
        """
        await self._store_missing_deadlines()
        for tournament in await self.repo.tournaments_with_status((TournamentStatus.RUNNING,)):
            await self._serial(tournament.id, functools.partial(self._clean_up, tournament))
            current = await self.get(tournament.id)
            pending = [
                p
                for p in await self.repo.pairings(current.id, current.round)
                if not p.bye and p.ranks is None and p.table_id is not None
            ]
            waiting = []
            # One query for the statuses: a running table needs nothing here, and a big round
            # is mostly running tables, so only the others are read.
            statuses = await self.repo.table_statuses([p.table_id for p in pending if p.table_id])
            for pairing in pending:
                assert pairing.table_id is not None
                if statuses.get(pairing.table_id) == TableStatus.ACTIVE:
                    continue
                table = await self.tables.get(pairing.table_id)
                if table.status == TableStatus.FINISHED:
                    await self._serial(current.id, functools.partial(self._record, table, pairing))
                elif table.status == TableStatus.CANCELLED:
                    await self._serial(current.id, functools.partial(self._void, pairing))
                elif table.status == TableStatus.LOBBY:
                    waiting.append(table)
            if waiting:
                event = TournamentEvent("round_opened", current, current.round, waiting)
                await self._serial(current.id, functools.partial(_return, event))
            await self._serial(current.id, functools.partial(self._finish_decided_round, current))

    async def _clean_up(self, tournament: TournamentRecord) -> None:
        """Remove what an interrupted round change of an older version left behind."""
        changes = RoundWork()
        stored = await self.repo.rounds(tournament.id)
        if any(r.number > tournament.round for r in stored):
            changes.delete_rounds_after(tournament.id, tournament.round)
        paired = {
            p.table_id
            for p in await self.repo.pairings(tournament.id)
            if p.round <= tournament.round
        }
        for record in await self.repo.tables_with_status((TableStatus.LOBBY,)):
            if (
                TableSettings.of_record(record).tournament == tournament.id
                and record.id not in paired
            ):
                changes.update_table(record.id, status=TableStatus.CANCELLED)
        if changes:
            logger.warning("tournament %s: cleaning up after an interrupted round", tournament.id)
            await self._commit(changes)

    async def _finish_decided_round(self, tournament: TournamentRecord) -> TournamentEvent | None:
        """End the current round if every game of it is decided (nothing else would)."""
        tournament = await self.get(tournament.id)
        if tournament.status != TournamentStatus.RUNNING:
            return None
        changes = RoundWork()
        history = await self.repo.pairings(tournament.id)
        event = await self._maybe_finish_round(tournament, history, changes)
        if changes:
            await self._commit(changes)
        return event

    async def _store_missing_deadlines(self) -> None:
        stored = await self.repo.deadlines(kinds=(ROUND_DEADLINE, REGISTRATION_DEADLINE))
        rounds_stored = {
            (d.data.get("tournament"), d.data.get("round"))
            for d in stored
            if d.kind == ROUND_DEADLINE
        }
        closings_stored = {d.data.get("tournament") for d in stored if d.kind != ROUND_DEADLINE}
        add = []
        for tournament in await self.repo.tournaments_with_status(
            (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING)
        ):
            if tournament.status == TournamentStatus.REGISTRATION:
                if tournament.closes_at is not None and tournament.id not in closings_stored:
                    data = {"tournament": tournament.id}
                    add.append(
                        DeadlineRecord(0, REGISTRATION_DEADLINE, tournament.closes_at, data=data)
                    )
                continue
            rounds = {r.number: r for r in await self.repo.rounds(tournament.id)}
            current = rounds.get(tournament.round)
            if (
                current is not None
                and current.status == RoundStatus.OPEN
                and current.deadline is not None
                and (tournament.id, current.number) not in rounds_stored
            ):
                data = {"tournament": tournament.id, "round": current.number}
                add.append(DeadlineRecord(0, ROUND_DEADLINE, current.deadline, data=data))
        if add:
            await self.tables.scheduler.replace([], add)

    # ----- the deadlines' handlers ---------------------------------------------------------------

    async def _on_round_deadline(self, deadline: DeadlineRecord, now: float) -> RoundClosed | None:
        """The scheduler's handler of ``tournament_round``: the round ends if it is still the
        open current round (a round finished before, a cancelled tournament, a rerun after a
        crash: nothing happens).
        """
        tournament_id = int(deadline.data["tournament"])
        number = int(deadline.data["round"])
        try:
            played = await self._close_round(tournament_id, number)
        except TableError as error:
            if error.kind != ErrorKind.UNKNOWN:
                raise
            return None  # the tournament is gone
        return None if played is None else RoundClosed(tournament_id, number, played)

    async def _on_registration_deadline(
        self, deadline: DeadlineRecord, now: float
    ) -> RegistrationClosed | None:
        """The scheduler's handler of ``tournament_registration``: registration closes if it
        is still open and its closing time (which an organiser cannot move) has come.
        """
        tournament_id = int(deadline.data["tournament"])

        async def work() -> RegistrationClosed | None:
            try:
                tournament = await self.get(tournament_id)
            except TableError:
                return None
            if tournament.status != TournamentStatus.REGISTRATION or tournament.closes_at is None:
                return None
            if tournament.closes_at > now:
                return None
            changes = RoundWork()
            changes.update_tournament(tournament_id, status=TournamentStatus.CLOSED)
            tournament.status = TournamentStatus.CLOSED
            self._post(changes, tournament, "registration_closed", 0)
            await self._commit(changes)
            registered = [
                r for r in await self.repo.registrations(tournament_id) if r.dropped_round is None
            ]
            return RegistrationClosed(tournament, len(registered))

        closed = await self._serial(tournament_id, work)
        if closed is not None:
            await self._announce(TournamentEvent("registration_closed", closed.tournament, 0))
        return closed

    async def _round_is_open(self, tournament_id: int, number: int) -> bool:
        tournament = await self.get(tournament_id)
        rounds = {r.number: r for r in await self.repo.rounds(tournament_id)}
        record = rounds.get(number)
        return (
            tournament.status == TournamentStatus.RUNNING
            and tournament.round == number
            and record is not None
            and record.status == RoundStatus.OPEN
        )

    # ----- organisers' interventions ----------------------------------------------------------

    async def cancel(self, tournament_id: int, by: Member, *, may_organise: bool) -> None:
        """Call the tournament off (organisers): no further rounds; tables being played go on
        as ordinary tables (their results still count for ratings).
        """

        async def work() -> None:
            tournament = await self.get(tournament_id)
            self._require_organiser(tournament, by, may_organise)
            if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            await self.repo.update_tournament(tournament_id, status=TournamentStatus.CANCELLED)

        await self._serial(tournament_id, work)

    async def end_round(self, tournament_id: int, by: Member, *, may_organise: bool) -> list[int]:
        """End the current round now (organisers), as if its deadline had passed."""
        tournament = await self.get(tournament_id)
        self._require_organiser(tournament, by, may_organise)
        if tournament.status != TournamentStatus.RUNNING:
            raise TableError(msg.NOT_RUNNING.format(id=tournament_id))
        return await self.round_deadline_passed(tournament_id, tournament.round)

    # ----- the round's deadline ----------------------------------------------------------------

    async def _close_round(self, tournament_id: int, number: int) -> list[int] | None:
        """``round_deadline_passed``'s work; None when the round was not open (nothing done)."""

        async def closing() -> TournamentRecord | None:
            # Behind any result being recorded now: a round that its last table just finished
            # is not "closed" as well.
            if not await self._round_is_open(tournament_id, number):
                return None
            tournament = await self.get(tournament_id)
            unfinished = []
            for pairing in await self.repo.pairings(tournament_id, number):
                if pairing.bye or pairing.ranks is not None or pairing.table_id is None:
                    continue
                table = await self.tables.get(pairing.table_id)
                if table.status in (TableStatus.LOBBY, TableStatus.ACTIVE):
                    unfinished.append(table)
            # Told before the play-out, whose results finish the round and open the next:
            # the channel reads "round closed", then the standings, then the next round.
            changes = RoundWork()
            self._post(
                changes, tournament, "round_closing", number, tables=[t.id for t in unfinished]
            )
            changes.events.append(TournamentEvent("round_closing", tournament, number, unfinished))
            await self._commit(changes)
            return tournament

        tournament = await self._serial(tournament_id, closing)
        if tournament is None:
            return None
        played: list[int] = []
        for _ in range(64):  # a best-of match may open further games; each is played out too
            pending = [
                p
                for p in await self.repo.pairings(tournament_id, number)
                if not p.bye and p.ranks is None and p.table_id is not None
            ]
            if not pending:
                break
            for pairing in pending:
                assert pairing.table_id is not None
                table = await self.tables.get(pairing.table_id)
                if table.status == TableStatus.CANCELLED:
                    await self._serial(tournament_id, functools.partial(self._void, pairing))
                    continue
                await self._play_out(pairing.table_id)
                if pairing.table_id not in played:
                    played.append(pairing.table_id)
            rounds = {r.number: r for r in await self.repo.rounds(tournament_id)}
            if rounds[number].status != RoundStatus.OPEN:
                break
        if played:
            ended = [await self.tables.get(table_id) for table_id in played]
            changes = RoundWork()
            self._post(changes, tournament, "played_out", number, tables=played)
            changes.events.append(TournamentEvent("played_out", tournament, number, ended))
            await self._commit(changes)
        # A round whose games were all decided but which never ended (left so by a crash of
        # an older version) ends here too, so the deadline or an organiser moves it on.
        if await self._round_is_open(tournament_id, number):
            await self._serial(tournament_id, lambda: self._finish_decided_round(tournament))
        return played

    async def round_deadline_passed(self, tournament_id: int, number: int) -> list[int]:
        """The deadline of round ``number`` has passed (the scheduler's ``tournament_round``
        deadline, or an organiser's ``end_round``): every table of the round still being
        played is played out by the engine player (``strategy``, else ``random``) for each
        member still to decide, from where it stands; the results count like any other, and
        such tables are marked ``adjudicated`` (not rated). A best-of match's further games are
        played out too. A table a server manager cancelled is void (no points, no meeting).
        Nothing happens if the round is over or not the current one (so a late or repeated
        call is harmless). Listeners hear ``round_closing`` before the play-out and
        ``played_out`` after it. Returns the ids of the tables played out.

        Why play out rather than score the table as it stands: the games have no fair partial
        result (a hand half played), and the engine players are the same ones the clock rules
        use for a member who runs out of time.
        """
        return await self._close_round(tournament_id, number) or []

    async def _play_out(self, table_id: int) -> None:
        table = await self.tables.get(table_id)
        if table.status == TableStatus.LOBBY:
            tournament_id = table.settings.tournament
            host = Member(f"tournament:{tournament_id}", "")
            table = (await self.tables.start(table_id, host)).table
        if table.status != TableStatus.ACTIVE:
            return
        settings = table.settings.but(adjudicated=True).stored()
        await self.repo.update_table(table_id, settings=settings)
        table.record.settings = settings
        players = table.game.engine_players()
        player = players.get(DEFAULT_LEVEL) or players["random"]
        limit = table.game.max_decisions(len(table.seats), table.options) + 1
        for _ in range(limit):
            table = await self.tables.get(table_id)
            seats = table.to_act()
            if table.status != TableStatus.ACTIVE or not seats or table.state is None:
                break
            seat = seats[0]
            code = player.choose(
                table.game, table.state, seat, chance_rng(table.record.seed, table.seq)
            )
            try:
                await self.tables.act_as_seat(table_id, seat, code, expected_seq=table.seq)
            except TableError as error:
                if error.kind != ErrorKind.STALE:
                    raise
                # A member moved meanwhile: look again at the table as it is now.

    # ----- standings ---------------------------------------------------------------------------

    async def standings(self, tournament_id: int) -> list[StandingLine]:
        """The standings now (after the last finished table), best first."""
        tournament = await self.get(tournament_id)
        registrations = {r.user_id: r for r in await self.repo.registrations(tournament_id)}
        history = await self.repo.pairings(tournament_id)
        return self._standings_of(tournament, registrations, history)

    async def bracket(
        self,
        tournament_id: int,
        winners: frozenset[str] = frozenset(),
        *,
        up_to: int | None = None,
    ) -> list[BracketRound]:
        """An elimination tournament's bracket: every round's matches (to round ``up_to``)
        and who went on (``winners``: the first places, once it is over).
        """
        return await bracket(self.repo, tournament_id, winners, up_to)

    @staticmethod
    def _standings_of(
        tournament: TournamentRecord,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[StandingLine]:
        seeds = TournamentSettings.of_record(tournament).seeds or [
            r.user_id for r in registrations.values() if r.dropped_round is None
        ]
        players = [u for u in registrations if u in set(seeds) or registrations[u].joined_round > 1]
        return rules_of(tournament).standings(tournament, registrations, history, players)


async def _return(value: T) -> T:
    return value


__all__ = [
    # The format names, as the bot reads them from here.
    "ELIMINATION",
    "FORMATS",
    "MULTI_ELIMINATION",
    "ROUND_ROBIN_FORMAT",
    "SWISS_FORMAT",
    "StandingLine",
    "TournamentEvent",
    "TournamentService",
    "swiss_rounds_for",
]
