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
length (``round_hours``) stores a ``tournament_round`` deadline when it opens, and when it falls
due ``round_deadline_passed`` plays out the round's unfinished tables; a registration with a
closing time (``closes_at``) stores a ``tournament_registration`` deadline, and registration
closes by itself then. The handlers are registered when the service is built, so whoever builds
it before the scheduler's first run (the bot's start-up catch-up) has them handled. A round's
deadline does not pause for a player's vacation: it belongs to the round, not to a seat.

Formats (``FORMATS``):
- ``swiss``: Swiss. At tables of two: pairings by maximum-weight matching (``pairing``); at
  tables of 3-8: tables filled by standings, repeat meetings kept low. ``rounds`` rounds.
- ``round_robin``: everyone meets everyone once (circle method), two-player tables.
- ``elimination``: single elimination of best-of-``best_of`` matches, two-player tables.
- ``multi_elimination``: tables of ``table_size``; the top ``advance`` of each table go on until
  the field fits one final table.

Work on one tournament is serialised (``_serial``): a table that finishes while the service is
opening a round (an engine-only table finishes inside ``start``) is queued and handled after,
so rounds never interleave and nothing recurses.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from games.core import SetupError, Text, get_game
from storage.base import (
    DeadlineRecord,
    PairingRecord,
    Registration,
    Repository,
    RoundRecord,
    SeatRecord,
    TournamentRecord,
    UnknownTournament,
)

from ..clocks import ClockError, validate_clock
from ..limits import valid_id
from ..service import Member, Table, TableError, TableService, chance_rng
from . import messages as msg
from .pairing import (
    count_meetings,
    elimination_bracket,
    round_robin,
    snake_tables,
    swiss_pairs,
    swiss_tables,
    table_sizes,
)
from .ratings import ordinal
from .standings import (
    MULTIPLAYER,
    ROUND_ROBIN,
    SWISS,
    Bye,
    Meeting,
    Standing,
    placing_points,
    standings,
)

logger = logging.getLogger(__name__)

T = TypeVar("T")

SWISS_FORMAT = "swiss"
ROUND_ROBIN_FORMAT = "round_robin"
ELIMINATION = "elimination"
MULTI_ELIMINATION = "multi_elimination"
FORMATS = (SWISS_FORMAT, ROUND_ROBIN_FORMAT, ELIMINATION, MULTI_ELIMINATION)
TWO_PLAYER_FORMATS = (ROUND_ROBIN_FORMAT, ELIMINATION)

REGISTRATION, CLOSED, RUNNING, DONE, CANCELLED = (
    "registration",
    "closed",
    "running",
    "finished",
    "cancelled",
)
MAX_ROUNDS = 20
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


@dataclass
class StandingLine:
    """One line of the standings as shown: place, name and the figures of the format."""

    place: int
    user_id: str
    name: str
    points: Fraction
    tiebreaks: list[tuple[str, Fraction]]
    """(short name, value) of each tie-breaker, in the order they apply."""
    dropped: bool = False
    note: Text | None = None
    """Elimination formats: still in, the winner, the place at the final table, or the round
    the player went out (German and English)."""


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


def _config_int(config: dict[str, Any], key: str, default: int) -> int:
    value = config.get(key)
    return default if value is None else value


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
        self._jobs: dict[int, deque[tuple[Callable[[], Awaitable[Any]], asyncio.Future]]] = {}
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
            raise TableError(msg.NO_SUCH_TOURNAMENT.format(id=shown), "unknown") from None
        try:
            return await self.repo.get_tournament(tournament_id)
        except UnknownTournament:
            raise TableError(msg.NO_SUCH_TOURNAMENT.format(id=tournament_id), "unknown") from None

    async def of_guild(
        self, guild: str, statuses: tuple[str, ...] | None = None
    ) -> list[TournamentRecord]:
        """The server's tournaments (newest first)."""
        if statuses is None:
            return await self.repo.tournaments_of_guild(guild)
        return await self.repo.tournaments_of_guild(guild, statuses)

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
        settings: dict[str, Any] | None = None,
    ) -> TournamentRecord:
        """Create a tournament open for registration; every bad option is refused here."""
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
                msg.BAD_TABLE_SIZE.format(
                    game=game.name.en, lo=game.min_players, hi=game.max_players, size=size
                )
            )
        try:
            # Every table size the format may open (one smaller when a field does not divide).
            for seats in range(self._smallest_table(game, size) if size > 2 else 2, size + 1):
                game.parse_options(seats, parsed.model_dump(mode="json"))
        except SetupError as error:
            raise TableError(error.reason) from None
        if format in TWO_PLAYER_FORMATS and size != 2:
            raise TableError(
                msg.TWO_PLAYER_FORMAT.format(format=format, game=game.name.en, size=size)
            )
        if format == MULTI_ELIMINATION and size < 3:
            raise TableError(msg.MULTIPLAYER_FORMAT)
        # Swiss rounds None: chosen at the start from the field (``swiss_rounds_for``).
        if format == SWISS_FORMAT and rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise TableError(msg.BAD_ROUNDS.format(max=MAX_ROUNDS, value=rounds))
        if format == ELIMINATION and best_of not in (1, 3, 5, 7):
            raise TableError(msg.BAD_BEST_OF.format(value=best_of))
        if format == MULTI_ELIMINATION:
            advance = 1 if advance is None else advance
            largest_advance = max(1, self._smallest_table(game, size) - 1)
            if not 1 <= advance <= largest_advance:
                raise TableError(msg.BAD_ADVANCE.format(max=largest_advance, value=advance))
        try:
            # The tables' own rule (10 minutes to 14 days, engine or forfeit): a setting the
            # table service would refuse when a round opens is refused now, before any storing.
            clock = validate_clock({"per_move": per_move, "on_timeout": on_timeout})
        except ClockError as error:
            raise TableError(error.reason) from None
        if round_hours is not None and not 1 <= round_hours <= 30 * 24:
            raise TableError(msg.BAD_ROUND_HOURS)
        if closes_at is not None and closes_at <= self.clock():
            raise TableError(msg.CLOSES_IN_PAST)
        config = {
            "rounds": rounds if format == SWISS_FORMAT else None,
            "best_of": best_of if format == ELIMINATION else 1,
            "advance": advance if format == MULTI_ELIMINATION else None,
            "table_size": size,
            "clock": clock.model_dump(mode="json"),
            "round_hours": round_hours,
            "checkin": checkin,
            "late_join": late_join and format == SWISS_FORMAT,
        }
        record = TournamentRecord(
            id=0,
            guild=guild,
            channel=channel,
            name=name,
            game=game.id,
            options=parsed.model_dump(mode="json"),
            format=format,
            config=config,
            organiser=organiser.user_id,
            status=REGISTRATION,
            closes_at=closes_at,
            settings=dict(settings or {}),
        )
        # Counting and storing under the server's lock: a burst of creates cannot pass the
        # count together (tables.limits).
        async with self.tables.limits.guard(guild, "tournaments"):
            running = await self.repo.tournaments_of_guild(guild, (REGISTRATION, CLOSED, RUNNING))
            await self.tables.limits.check_tournament(guild, len(running))
            record = await self.repo.create_tournament(record)
        if closes_at is not None:
            await self.tables.scheduler.add(
                REGISTRATION_DEADLINE, closes_at, data={"tournament": record.id}
            )
        return record

    @classmethod
    def _swiss_table_range(
        cls, game: Any, options: dict[str, Any], size: int, field: int
    ) -> tuple[int, int]:
        """The table sizes a multiplayer Swiss round of ``field`` players may use.

        The chosen size, or one seat fewer where the field does not divide. Where that would
        leave players without a table (a bye is worth a win, so three byes among seven players
        would hand out three free wins a round), any size the game and the tournament's options
        allow, from three seats up, so that everyone plays; ``table_sizes`` still keeps as many
        tables at the chosen size as it can.
        """
        smallest = cls._smallest_table(game, size)
        if not table_sizes(field, smallest, size, size)[1]:
            return smallest, size

        def allowed(seats: int) -> bool:
            try:
                game.parse_options(seats, options)
            except SetupError:
                return False
            return True

        low, high = smallest, size
        while low > max(game.min_players, 3) and allowed(low - 1):
            low -= 1
        while high < game.max_players and allowed(high + 1):
            high += 1
        return low, high

    @staticmethod
    def _smallest_table(game: Any, size: int) -> int:
        """Multiplayer tables may be one seat smaller than chosen when the field does not divide."""
        return max(game.min_players, size - 1, 2)

    # ----- registration ------------------------------------------------------------------------

    def _registration_open(self, tournament: TournamentRecord) -> bool:
        if tournament.status != REGISTRATION:
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
            late = tournament.status == RUNNING
            if late and not tournament.config.get("late_join"):
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
        self, tournament_id: int, by: Member, *, may_organise: bool, engine: str = "strategy"
    ) -> Registration:
        """Register an engine player (organisers only: for tests and to fill a field)."""

        async def work() -> Registration:
            tournament = await self.get(tournament_id)
            self._require_organiser(tournament, by, may_organise)
            if tournament.status in (DONE, CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            if tournament.status not in (REGISTRATION, CLOSED):
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
                f"🤖 {chosen} {count}",
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
            if tournament.status not in (REGISTRATION, CLOSED):
                raise TableError(msg.LEAVE_AFTER_START.format(id=tournament_id))
            registration = await self._registration(tournament_id, member.user_id)
            registration.dropped_round = 1
            await self.repo.save_registration(registration)

        await self._serial(tournament_id, work)

    async def checkin(self, tournament_id: int, member: Member) -> None:
        """Confirm before the start that one will play (where the tournament has a check-in)."""

        async def work() -> None:
            tournament = await self.get(tournament_id)
            if not tournament.config.get("checkin"):
                raise TableError(msg.NO_CHECKIN.format(id=tournament_id))
            if tournament.status not in (REGISTRATION, CLOSED):
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
            if tournament.status != REGISTRATION:
                raise TableError(msg.REGISTRATION_CLOSED.format(id=tournament_id))
            await self.repo.update_tournament(tournament_id, status=CLOSED)

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
            if tournament.status in (DONE, CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            someone_else = target != by.user_id
            try:
                registration = await self._registration(tournament_id, target)
            except TableError:
                if not someone_else:
                    raise
                # An organiser named the player: the answer is about them, not the organiser.
                name = f"<@{target}>"
                raise TableError(
                    msg.THEY_ARE_NOT_REGISTERED.format(name=name, id=tournament_id)
                ) from None
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
            raise TableError(msg.ORGANISER_ONLY, "forbidden")

    # ----- starting and rounds -----------------------------------------------------------------

    async def start(self, tournament_id: int, by: Member, *, may_organise: bool) -> TournamentEvent:
        """Start: players who did not check in (where check-in is on) are dropped, the field is
        seeded (rating, then order of registration) and round 1 opens.
        """

        async def work() -> TournamentEvent:
            tournament = await self.get(tournament_id)
            self._require_organiser(tournament, by, may_organise)
            if tournament.status in (DONE, CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            if tournament.status not in (REGISTRATION, CLOSED):
                raise TableError(msg.NOT_BEFORE_START.format(id=tournament_id))
            registrations = [
                r for r in await self.repo.registrations(tournament_id) if r.dropped_round is None
            ]
            playing = [
                r for r in registrations if r.checked_in or not tournament.config.get("checkin")
            ]
            minimum = self._minimum_field(tournament)
            if len(playing) < minimum:
                raise TableError(msg.TOO_FEW.format(min=minimum, n=len(playing)))
            for registration in registrations:
                if registration not in playing:
                    registration.dropped_round = 1
                    await self.repo.save_registration(registration)
            seeds = await self._seed(tournament, [r.user_id for r in playing])
            settings = {**tournament.settings, "seeds": seeds}
            if tournament.format == SWISS_FORMAT and not tournament.config.get("rounds"):
                settings["rounds"] = swiss_rounds_for(len(seeds), tournament.config["table_size"])
            await self.repo.update_tournament(tournament_id, status=RUNNING, settings=settings)
            return await self._open_round(await self.get(tournament_id), 1)

        return await self._serial(tournament_id, work)

    def _minimum_field(self, tournament: TournamentRecord) -> int:
        size = tournament.config["table_size"]
        if tournament.format == MULTI_ELIMINATION:
            return size + 1  # fewer would be one table and no elimination at all
        return max(2, size)

    async def _seed(self, tournament: TournamentRecord, user_ids: list[str]) -> list[str]:
        ratings = await self.repo.ratings(tournament.game, tournament.guild, user_ids)
        index = {user_id: number for number, user_id in enumerate(user_ids)}

        def strength(user_id: str) -> tuple[float, int]:
            record = ratings.get(user_id)
            value = ordinal(record.mu, record.sigma) if record else 0.0
            return (-value, index[user_id])

        return sorted(user_ids, key=strength)

    async def _open_round(self, tournament: TournamentRecord, number: int) -> TournamentEvent:
        """Pair round ``number``, store it and create its tables (in the lobby: they are
        started by ``_start_tables`` once this job is done).
        """
        registrations = {r.user_id: r for r in await self.repo.registrations(tournament.id)}
        history = await self.repo.pairings(tournament.id)
        fmt = tournament.format
        # A slot is a table (players in seat order) or a bye ([player], True), in order: an
        # elimination bracket keeps its positions that way.
        # Pairing is pure CPU work (a matching takes ~0.15 s for 128 players, see
        # bench/pairing.py): a worker thread keeps the bot answering meanwhile.
        if fmt == SWISS_FORMAT:
            pair = self._pair_swiss
        elif fmt == ELIMINATION:
            pair = self._pair_elimination
        elif fmt == MULTI_ELIMINATION:
            pair = self._pair_multi_elimination
        else:
            pair = self._pair_round_robin
        slots = await asyncio.to_thread(pair, tournament, number, registrations, history)
        now = self.clock()
        hours = tournament.config.get("round_hours")
        deadline = now + hours * 3600 if hours else None
        await self.repo.save_round(RoundRecord(tournament.id, number, "open", deadline, now))
        if deadline is not None:
            # Stored with the round; a crash between the two is mended by ``resume``.
            await self.tables.scheduler.add(
                ROUND_DEADLINE, deadline, data={"tournament": tournament.id, "round": number}
            )
        pairings = []
        created = []
        byes = []
        for position, (players, bye) in enumerate(slots, start=1):
            if bye:
                byes.append(players[0])
                pairings.append(PairingRecord(tournament.id, number, position, players, bye=True))
                continue
            table = await self._create_table(tournament, number, players, registrations)
            created.append(table)
            pairings.append(PairingRecord(tournament.id, number, position, players, 1, table.id))
        await self.repo.save_pairings(pairings)
        await self.repo.update_tournament(tournament.id, round=number)
        tournament.round = number
        event = TournamentEvent(
            "round_opened", tournament, number, created, byes, deadline=deadline
        )
        if not created:
            # Only byes (a round robin round whose games all lost a player): nothing to wait for.
            await self._announce(event)
            history = await self.repo.pairings(tournament.id)
            return await self._maybe_finish_round(tournament, history)
        return event

    async def _create_table(
        self,
        tournament: TournamentRecord,
        number: int,
        players: list[str],
        registrations: dict[str, Registration],
    ) -> Table:
        seats = []
        for seat, user_id in enumerate(players):
            registration = registrations[user_id]
            if registration.engine:
                seats.append(SeatRecord(seat, registration.name, engine=registration.engine))
            else:
                seats.append(SeatRecord(seat, registration.name, user_id=user_id))
        return await self.tables.create(
            tournament.game,
            self._host(tournament),
            {"guild": tournament.guild, "channel": tournament.channel, "tournament": tournament.id},
            tournament.options,
            settings={
                "clock": dict(tournament.config["clock"]),
                "lang": tournament.settings.get("lang", "en"),
                "tournament": tournament.id,
                "round": number,
            },
            seats=seats,
        )

    @staticmethod
    def _host(tournament: TournamentRecord) -> Member:
        """Tournament tables are hosted by the tournament itself, so no player may cancel them."""
        return Member(f"tournament:{tournament.id}", tournament.name)

    async def _start_tables(self, event: TournamentEvent) -> None:
        """Start the tables of an opened round or game, then announce it. An engine-only table
        finishes inside ``start``; its result is queued behind the job that is running now.
        """
        tournament = event.tournament
        started = []
        for table in event.tables:
            try:
                outcome = await self.tables.start(table.id, self._host(tournament))
                started.append(outcome.table)
            except TableError:
                logger.exception("tournament %s: table %s did not start", tournament.id, table.id)
                started.append(table)
        event.tables = started
        await self._announce(event)

    # ----- pairing each format -----------------------------------------------------------------

    def _active(
        self, tournament: TournamentRecord, number: int, registrations: dict[str, Registration]
    ) -> list[str]:
        seeds = tournament.settings.get("seeds", [])
        active = [
            r.user_id
            for r in registrations.values()
            if r.joined_round <= number and (r.dropped_round is None or r.dropped_round > number)
        ]
        order = {user_id: index for index, user_id in enumerate(seeds)}
        return sorted(active, key=lambda user_id: order.get(user_id, len(order)))

    def _standings_of(
        self,
        tournament: TournamentRecord,
        history: list[PairingRecord],
        players: list[str],
    ) -> list[Standing]:
        meetings, byes = self._meetings(history)
        kind = (
            ROUND_ROBIN
            if tournament.format == ROUND_ROBIN_FORMAT
            else MULTIPLAYER
            if tournament.config["table_size"] > 2
            else SWISS
        )
        return standings(
            players, meetings, byes, kind=kind, seed_order=tournament.settings.get("seeds", [])
        )

    @staticmethod
    def _meetings(history: list[PairingRecord]) -> tuple[list[Meeting], list[Bye]]:
        meetings = [
            Meeting(p.round, tuple(p.players), tuple(p.ranks))
            for p in history
            if not p.bye and p.ranks  # None: still playing; []: void (a cancelled table)
        ]
        byes = [Bye(p.round, p.players[0]) for p in history if p.bye]
        return meetings, byes

    def _pair_swiss(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[tuple[list[str], bool]]:
        active = self._active(tournament, number, registrations)
        size = tournament.config["table_size"]
        lines = self._standings_of(tournament, history, active)
        order = [line.player for line in lines if line.player in set(active)]
        if number == 1 and size == 2:
            # Round 1: the lowest seed sits out if the field is odd, and the top half meets
            # the bottom half (1 v n/2+1, ...), so the strongest do not meet at once.
            byes = order[len(order) - len(order) % 2 :]
            seated = order[: len(order) - len(byes)]
            half = len(seated) // 2
            return _slots([[seated[i], seated[i + half]] for i in range(half)], byes)
        scores = {line.player: float(line.points) for line in lines}
        # A void table (ranks []: it was cancelled) is no meeting: its players never played.
        met = count_meetings(p.players for p in history if not p.bye and p.ranks != [])
        had_bye = {p.players[0] for p in history if p.bye}
        if size == 2:
            pairing = swiss_pairs(order, scores, met, had_bye)
        else:
            game = get_game(tournament.game)
            smallest, largest = self._swiss_table_range(game, tournament.options, size, len(order))
            pairing = swiss_tables(
                order, met, had_bye, smallest=smallest, largest=largest, preferred=size
            )
        # The first seat (who usually leads) goes to whoever has had it least; the pairing
        # order (standings) breaks ties.
        first_seats = Counter(p.players[0] for p in history if not p.bye and p.ranks)
        tables = [sorted(table, key=lambda player: first_seats[player]) for table in pairing.tables]
        return _slots(tables, pairing.byes)

    def _pair_round_robin(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        _history: list[PairingRecord],
    ) -> list[tuple[list[str], bool]]:
        seeds = tournament.settings.get("seeds", [])
        schedule = round_robin(seeds)[number - 1]
        active = set(self._active(tournament, number, registrations))
        tables, byes = [], list(schedule.byes)
        for table in schedule.tables:
            present = [player for player in table if player in active]
            if len(present) == 2:
                tables.append(table)
            elif len(present) == 1:
                byes.append(present[0])  # the opponent dropped out: a win by walkover
        return _slots(tables, [player for player in byes if player in active])

    def rounds_total(self, tournament: TournamentRecord) -> int | None:
        """How many rounds the tournament has (None where it depends on results)."""
        if tournament.format == SWISS_FORMAT:
            return tournament.config["rounds"] or tournament.settings.get("rounds")
        if tournament.format == ROUND_ROBIN_FORMAT:
            seeds = tournament.settings.get("seeds", [])
            return len(seeds) - 1 if len(seeds) % 2 == 0 else len(seeds)
        return None

    # -- elimination, two players: matches of best_of games --------------------------------------

    @staticmethod
    def _matches(history: list[PairingRecord], number: int) -> dict[int, list[PairingRecord]]:
        matches: dict[int, list[PairingRecord]] = {}
        for pairing in history:
            if pairing.round == number:
                matches.setdefault(pairing.position, []).append(pairing)
        return matches

    def _match_winner(
        self,
        tournament: TournamentRecord,
        games: list[PairingRecord],
        dropped: dict[str, int] | None = None,
    ) -> str | None:
        """The winner of a match once it is decided, else None.

        A game won is 1 point, a drawn game 0.5 each (as in chess knock-outs). Within the
        best_of games the match is decided as soon as the trailing player can no longer catch
        up; level after best_of games, sudden-death games follow until one is won; still level
        after twice best_of games, the higher seed goes on. A void game (its table was
        cancelled) does not count: a replacement game is played. A player who dropped out
        during the match (``dropped``: user id to the first round they are not paired in)
        loses it by walkover once the game being played has ended, unless that game decided
        the match.
        """
        first = games[0]
        if first.bye:
            return first.players[0]
        higher, lower = first.players  # the match's players in seed order (game 1's seats)
        if any(g.ranks is None for g in games):
            return None
        winner = self._decided(tournament, games)
        if winner is None and dropped:
            quitting = [
                p
                for p in (higher, lower)
                if dropped.get(p, games[0].round + 2) <= games[0].round + 1
            ]
            if len(quitting) == 1:
                return lower if quitting[0] == higher else higher
            if quitting:
                return higher
        return winner

    def _decided(self, tournament: TournamentRecord, games: list[PairingRecord]) -> str | None:
        """The winner of a match whose games are all finished, by its games alone."""
        higher, lower = games[0].players
        best_of = tournament.config.get("best_of", 1)
        finished = [g for g in games if g.ranks]
        points: Counter[str] = Counter()
        for game in finished[:best_of]:
            for player, value in zip(game.players, placing_points(game.ranks), strict=True):
                points[player] += value
        lead = points[higher] - points[lower]
        remaining = best_of - min(len(finished), best_of)
        if abs(lead) > remaining:
            return higher if lead > 0 else lower
        if remaining:
            return None
        for game in finished[best_of:]:  # sudden death
            if game.ranks[0] != game.ranks[1]:
                return game.players[game.ranks.index(1)]
        return higher if len(finished) >= 2 * best_of else None

    def _pair_elimination(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[tuple[list[str], bool]]:
        if number == 1:
            field_ = self._active(tournament, 1, registrations)
            bracket = elimination_bracket(field_)
        else:
            previous = self._matches(history, number - 1)
            dropped = _dropped(registrations)
            winners = [
                self._match_winner(tournament, previous[position], dropped)
                for position in sorted(previous)
            ]
            bracket = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
        active = set(self._active(tournament, number, registrations))
        slots = []
        for a, b in bracket:
            present = [player for player in (a, b) if player is not None and player in active]
            if len(present) == 2:
                slots.append((present, False))
            elif present:
                slots.append((present, True))  # a bye, or a walkover against a dropped player
            elif a is not None:
                slots.append(([a], True))  # both dropped: the place goes on, to a walkover
        return slots

    # -- elimination at multiplayer tables -------------------------------------------------------

    def _multi_bounds(self, tournament: TournamentRecord) -> tuple[int, int, int]:
        game = get_game(tournament.game)
        size = tournament.config["table_size"]
        advance = tournament.config["advance"]
        smallest = max(self._smallest_table(game, size), advance + 1)
        return smallest, size, advance

    def _multi_survivors(
        self,
        tournament: TournamentRecord,
        history: list[PairingRecord],
        number: int,
        active: set[str] | None = None,
    ) -> list[str]:
        """Who goes on after round ``number``: the top ``advance`` of each table and the byes,
        ordered by their rank at their table, then seed. With ``active`` (who may still play),
        only those count, and the best of the rest fill up to the game's minimum, so a
        survivor who dropped out is replaced rather than leaving a table too small to open.
        """
        _smallest, _size, advance = self._multi_bounds(tournament)
        seeds = {u: i for i, u in enumerate(tournament.settings.get("seeds", []))}
        survivors: list[tuple[int, int, str]] = []
        others: list[tuple[int, int, str]] = []
        for pairing in history:
            if pairing.round != number:
                continue
            playing = [u for u in pairing.players if active is None or u in active]
            if pairing.bye:
                survivors.extend((0, seeds.get(u, 0), u) for u in playing)
                continue
            if not pairing.ranks:  # void (a cancelled table): nobody is knocked out by it
                survivors.extend((1, seeds.get(u, 0), u) for u in playing)
                continue
            scores = pairing.scores or [0.0] * len(pairing.players)
            order = sorted(
                range(len(pairing.players)),
                key=lambda s: (pairing.ranks[s], -scores[s], seeds.get(pairing.players[s], 0)),
            )
            if active is not None:
                order = [seat for seat in order if pairing.players[seat] in active]
            for place, seat in enumerate(order):
                entry = (
                    pairing.ranks[seat],
                    seeds.get(pairing.players[seat], 0),
                    pairing.players[seat],
                )
                (survivors if place < advance else others).append(entry)
        # Never fewer than the game needs at a table: the best of the rest fill up.
        minimum = get_game(tournament.game).min_players
        others.sort()
        while len(survivors) < minimum and others:
            survivors.append(others.pop(0))
        return [player for _rank, _seed, player in sorted(survivors)]

    def _pair_multi_elimination(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[tuple[list[str], bool]]:
        smallest, size, _advance = self._multi_bounds(tournament)
        if number == 1:
            field_ = self._active(tournament, 1, registrations)
        else:
            active = set(self._active(tournament, number, registrations))
            field_ = self._multi_survivors(tournament, history, number - 1, active)
        game = get_game(tournament.game)
        if len(field_) <= min(game.max_players, size + 1):
            return [(field_, False)]  # the final table
        sizes, bye_count = table_sizes(len(field_), smallest, size, size)
        # A bye is a free pass to the next round: as in single elimination it goes to the top
        # of the field (the best seeds, later the best-placed survivors), but to nobody twice
        # while someone else can take it, so nobody reaches the final table without playing.
        had_bye = {p.players[0] for p in history if p.bye}
        candidates = [p for p in field_ if p not in had_bye] + [p for p in field_ if p in had_bye]
        byes = candidates[:bye_count]
        seated = [p for p in field_ if p not in byes]
        return _slots(snake_tables(seated, sizes), byes)

    def _is_last_round(
        self, tournament: TournamentRecord, number: int, history: list[PairingRecord]
    ) -> bool:
        if tournament.format in (SWISS_FORMAT, ROUND_ROBIN_FORMAT):
            total = self.rounds_total(tournament) or 0
            return number >= total
        if tournament.format == ELIMINATION:
            return len(self._matches(history, number)) <= 1
        round_tables = [p for p in history if p.round == number]
        return len(round_tables) == 1 and not round_tables[0].bye

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
            if tournament.status != RUNNING or fresh.round != tournament.round:
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
        await self.repo.save_pairings([pairing])
        return await self._after_game(pairing)

    async def _void(self, pairing: PairingRecord) -> TournamentEvent | None:
        """A table of the round was cancelled (by a server manager or an organiser): its game
        is void, worth nothing to anyone and no meeting; in a best-of match a replacement game
        follows.
        """
        if pairing.ranks is not None:
            return None
        pairing.ranks, pairing.scores = [], []
        await self.repo.save_pairings([pairing])
        return await self._after_game(pairing)

    async def _after_game(self, pairing: PairingRecord) -> TournamentEvent | None:
        """A game of the current round has counted or been voided: a best-of match may need
        its next game, and the round may be over. A game of an earlier round, or of a
        tournament that is no longer running, changes nothing more.
        """
        tournament = await self.get(pairing.tournament_id)
        if tournament.status != RUNNING or pairing.round != tournament.round:
            return None
        history = await self.repo.pairings(tournament.id)
        if tournament.format == ELIMINATION:
            event = await self._continue_match(tournament, pairing, history)
            if event is not None:
                return event
            history = await self.repo.pairings(tournament.id)
        return await self._maybe_finish_round(tournament, history)

    async def _continue_match(
        self, tournament: TournamentRecord, pairing: PairingRecord, history: list[PairingRecord]
    ) -> TournamentEvent | None:
        games = self._matches(history, pairing.round)[pairing.position]
        registrations = {r.user_id: r for r in await self.repo.registrations(tournament.id)}
        if self._match_winner(tournament, games, _dropped(registrations)) is not None:
            return None
        higher, lower = games[0].players
        number = len(games) + 1
        seats = [higher, lower] if number % 2 else [lower, higher]
        table = await self._create_table(tournament, pairing.round, seats, registrations)
        await self.repo.save_pairings(
            [PairingRecord(tournament.id, pairing.round, pairing.position, seats, number, table.id)]
        )
        return TournamentEvent("game_opened", tournament, pairing.round, [table])

    async def _maybe_finish_round(
        self, tournament: TournamentRecord, history: list[PairingRecord]
    ) -> TournamentEvent | None:
        number = tournament.round
        current = [p for p in history if p.round == number]
        if any(not p.bye and p.ranks is None for p in current):
            return None
        if tournament.format == ELIMINATION:
            matches = self._matches(history, number)
            dropped = _dropped({r.user_id: r for r in await self.repo.registrations(tournament.id)})
            if any(
                self._match_winner(tournament, games, dropped) is None for games in matches.values()
            ):
                return None
        rounds = await self.repo.rounds(tournament.id)
        record = next(r for r in rounds if r.number == number)
        record.status, record.finished_at = "finished", self.clock()
        await self.repo.save_round(record)
        lines = await self.standings(tournament.id)
        await self._announce(TournamentEvent("round_finished", tournament, number, standings=lines))
        registrations = {r.user_id: r for r in await self.repo.registrations(tournament.id)}
        if self._is_last_round(tournament, number, history) or not self._can_continue(
            tournament, number + 1, registrations, history
        ):
            await self.repo.update_tournament(tournament.id, status=DONE)
            tournament.status = DONE
            final = await self.standings(tournament.id)
            await self._announce(TournamentEvent("finished", tournament, number, standings=final))
            return None
        return await self._open_round(tournament, number + 1)

    def _can_continue(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> bool:
        active = self._active(tournament, number, registrations)
        if tournament.format == ROUND_ROBIN_FORMAT:
            return len(active) >= 2
        if tournament.format == SWISS_FORMAT:
            size = tournament.config["table_size"]
            if size == 2:
                return len(active) >= 2
            game = get_game(tournament.game)
            smallest, _largest = self._swiss_table_range(
                game, tournament.options, size, len(active)
            )
            return len(active) >= smallest
        if tournament.format == MULTI_ELIMINATION:
            # Survivors who dropped out are replaced from the same round; when too few are
            # left for a table at all, the tournament ends with the ranking as it stands.
            field_ = self._multi_survivors(tournament, history, number - 1, set(active))
            return len(field_) >= get_game(tournament.game).min_players
        return True

    async def resume(self) -> None:
        """At start-up: catch up with what a crash may have cut off. A round's table that
        finished while its result was not yet recorded is recorded now (which may open the
        next round); tables created but not started are started and announced; a round's
        deadline or a registration's closing time that was not stored is stored (the
        scheduler's next run handles it, at once if it is past). Run it before the scheduler's
        start-up catch-up, so that the catch-up finds the tournaments as they are.
        """
        await self._store_missing_deadlines()
        for tournament in await self.repo.tournaments_with_status((RUNNING,)):
            pending = [
                p
                for p in await self.repo.pairings(tournament.id, tournament.round)
                if not p.bye and p.ranks is None and p.table_id is not None
            ]
            waiting = []
            for pairing in pending:
                assert pairing.table_id is not None
                table = await self.tables.get(pairing.table_id)
                if table.status == "finished":
                    await self._serial(tournament.id, lambda t=table, p=pairing: self._record(t, p))
                elif table.status == "lobby":
                    waiting.append(table)
            if waiting:
                rounds = {r.number: r for r in await self.repo.rounds(tournament.id)}
                current = rounds.get(tournament.round)
                event = TournamentEvent(
                    "round_opened",
                    tournament,
                    tournament.round,
                    waiting,
                    deadline=current.deadline if current else None,
                )
                await self._serial(tournament.id, lambda e=event: _return(e))

    async def _store_missing_deadlines(self) -> None:
        stored = await self.repo.deadlines(kinds=(ROUND_DEADLINE, REGISTRATION_DEADLINE))
        rounds_stored = {
            (d.data.get("tournament"), d.data.get("round"))
            for d in stored
            if d.kind == ROUND_DEADLINE
        }
        closings_stored = {d.data.get("tournament") for d in stored if d.kind != ROUND_DEADLINE}
        add = []
        for tournament in await self.repo.tournaments_with_status((REGISTRATION, RUNNING)):
            if tournament.status == REGISTRATION:
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
                and current.status == "open"
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
            if error.kind != "unknown":
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
            if tournament.status != REGISTRATION or tournament.closes_at is None:
                return None
            if tournament.closes_at > now:
                return None
            await self.repo.update_tournament(tournament_id, status=CLOSED)
            tournament.status = CLOSED
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
            tournament.status == RUNNING
            and tournament.round == number
            and record is not None
            and record.status == "open"
        )

    # ----- organisers' interventions ----------------------------------------------------------

    async def cancel(self, tournament_id: int, by: Member, *, may_organise: bool) -> None:
        """Call the tournament off (organisers): no further rounds; tables being played go on
        as ordinary tables (their results still count for ratings).
        """

        async def work() -> None:
            tournament = await self.get(tournament_id)
            self._require_organiser(tournament, by, may_organise)
            if tournament.status in (DONE, CANCELLED):
                raise TableError(msg.ALREADY_OVER.format(id=tournament_id))
            await self.repo.update_tournament(tournament_id, status=CANCELLED)

        await self._serial(tournament_id, work)

    async def end_round(self, tournament_id: int, by: Member, *, may_organise: bool) -> list[int]:
        """End the current round now (organisers), as if its deadline had passed."""
        tournament = await self.get(tournament_id)
        self._require_organiser(tournament, by, may_organise)
        if tournament.status != RUNNING:
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
                if table.status in ("lobby", "active"):
                    unfinished.append(table)
            # Told before the play-out, whose results finish the round and open the next:
            # the channel reads "round closed", then the standings, then the next round.
            await self._announce(TournamentEvent("round_closing", tournament, number, unfinished))
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
                if table.status == "cancelled":
                    await self._serial(tournament_id, lambda p=pairing: self._void(p))
                    continue
                await self._play_out(pairing.table_id)
                if pairing.table_id not in played:
                    played.append(pairing.table_id)
            rounds = {r.number: r for r in await self.repo.rounds(tournament_id)}
            if rounds[number].status != "open":
                break
        if played:
            ended = [await self.tables.get(table_id) for table_id in played]
            await self._announce(TournamentEvent("played_out", tournament, number, ended))
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
        if table.status == "lobby":
            tournament_id = table.record.settings.get("tournament")
            host = Member(f"tournament:{tournament_id}", "")
            table = (await self.tables.start(table_id, host)).table
        if table.status != "active":
            return
        settings = {**table.record.settings, "adjudicated": True}
        await self.repo.update_table(table_id, settings=settings)
        table.record.settings = settings
        players = table.game.engine_players()
        player = players.get("strategy") or players["random"]
        limit = table.game.max_decisions(len(table.seats), table.options) + 1
        for _ in range(limit):
            table = await self.tables.get(table_id)
            seats = table.to_act()
            if table.status != "active" or not seats or table.state is None:
                break
            seat = seats[0]
            code = player.choose(
                table.game, table.state, seat, chance_rng(table.record.seed, table.seq)
            )
            try:
                await self.tables.act_as_seat(table_id, seat, code, expected_seq=table.seq)
            except TableError as error:
                if error.kind != "stale":
                    raise
                # A member moved meanwhile: look again at the table as it is now.

    # ----- standings ---------------------------------------------------------------------------

    async def standings(self, tournament_id: int) -> list[StandingLine]:
        """The standings now (after the last finished table), best first."""
        tournament = await self.get(tournament_id)
        registrations = {r.user_id: r for r in await self.repo.registrations(tournament_id)}
        history = await self.repo.pairings(tournament_id)
        seeds = tournament.settings.get("seeds") or [
            r.user_id for r in registrations.values() if r.dropped_round is None
        ]
        players = [u for u in registrations if u in set(seeds) or registrations[u].joined_round > 1]
        if tournament.format in (ELIMINATION, MULTI_ELIMINATION):
            return self._elimination_standings(tournament, registrations, history, players)
        lines = self._standings_of(tournament, history, players)
        out = []
        for line in lines:
            registration = registrations[line.player]
            if tournament.format == ROUND_ROBIN_FORMAT:
                breaks = [("SB", line.sonneborn_berger), ("W", Fraction(line.wins))]
            elif tournament.config["table_size"] > 2:
                breaks = [("OP", line.opponents_points), ("W", Fraction(line.wins))]
            else:
                breaks = [
                    ("BH", line.buchholz),
                    ("SB", line.sonneborn_berger),
                    ("W", Fraction(line.wins)),
                ]
            out.append(
                StandingLine(
                    line.place,
                    line.player,
                    registration.name,
                    line.points,
                    breaks,
                    dropped=registration.dropped_round is not None,
                )
            )
        return out

    def _elimination_standings(
        self,
        tournament: TournamentRecord,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
        players: list[str],
    ) -> list[StandingLine]:
        """Still in first (by seed), then by the round they went out (later is better, and
        among those by their rank at that table). ``note`` says which (``msg.NOTE_*``).
        """
        seeds = {u: i for i, u in enumerate(tournament.settings.get("seeds", []))}
        out_in: dict[str, int] = {}
        within: dict[str, tuple[int, float]] = {}
        finalists: set[str] = set()
        last_round = max((p.round for p in history), default=0)
        going_on: set[str] = set()  # the match winners of the round before
        for number in range(1, last_round + 1):
            if tournament.format == ELIMINATION:
                matches = self._matches(history, number)
                seated = {player for games in matches.values() for player in games[0].players}
                for player in going_on - seated:
                    # Won a match, then dropped out: the next opponent went on by walkover.
                    out_in[player] = number
                going_on = set()
                for games in matches.values():
                    winner = self._match_winner(tournament, games, _dropped(registrations))
                    if winner is None:
                        continue
                    going_on.add(winner)
                    for player in games[0].players:
                        if player != winner:
                            out_in[player] = number
            else:
                round_pairings = [p for p in history if p.round == number]
                if any(p.ranks is None and not p.bye for p in round_pairings):
                    continue
                # Who went on to the next round (dropped survivors replaced, as when pairing).
                going_on = set(self._active(tournament, number + 1, registrations))
                survivors = set(self._multi_survivors(tournament, history, number, going_on))
                final = len(round_pairings) == 1 and not round_pairings[0].bye
                for pairing in round_pairings:
                    for seat, player in enumerate(pairing.players):
                        if pairing.ranks:
                            within[player] = (pairing.ranks[seat], 0.0)
                        if final or player not in survivors:
                            out_in[player] = number
                if final:
                    finalists.update(round_pairings[0].players)

        def key(player: str) -> tuple:
            went_out = out_in.get(player)
            alive = went_out is None
            return (
                0 if alive else 1,
                -(went_out or 0),
                within.get(player, (0, 0.0))[0] if not alive else 0,
                seeds.get(player, 0),
            )

        ordered = sorted(players, key=key)
        lines = []
        for index, player in enumerate(ordered):
            place = index + 1
            if index and key(ordered[index - 1])[:3] == key(player)[:3]:
                place = lines[-1].place
            went_out = out_in.get(player)
            if player in finalists:
                note = msg.NOTE_FINAL.format(place=within[player][0])
            elif went_out is not None:
                note = msg.NOTE_OUT.format(round=went_out)
            else:
                note = msg.NOTE_WINNER if tournament.status == DONE else msg.NOTE_IN
            registration = registrations[player]
            lines.append(
                StandingLine(
                    place,
                    player,
                    registration.name,
                    Fraction(0),
                    [],
                    dropped=registration.dropped_round is not None,
                    note=note,
                )
            )
        return lines


async def _return(value: T) -> T:
    return value


def _dropped(registrations: dict[str, Registration]) -> dict[str, int]:
    return {u: r.dropped_round for u, r in registrations.items() if r.dropped_round is not None}


def _slots(tables: list[list[str]], byes: list[str]) -> list[tuple[list[str], bool]]:
    return [(table, False) for table in tables] + [([player], True) for player in byes]


def swiss_rounds_for(players: int, table_size: int = 2) -> int:
    """The usual number of Swiss rounds for a field: enough for one unbeaten winner (log2 of
    the field at tables of two; log base table size at bigger tables), capped at MAX_ROUNDS.
    """
    base = max(table_size, 2)
    return min(MAX_ROUNDS, max(1, math.ceil(math.log(max(players, 2)) / math.log(base) - 1e-9)))


__all__ = ["FORMATS", "StandingLine", "TournamentEvent", "TournamentService", "swiss_rounds_for"]
