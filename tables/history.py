"""History, replays and profiles (issue 20): what finished tables and ratings say about a member.

Replays rebuild every step from the stored log alone (``games.core.replay``), never from a
random generator, and show each step through ``game.view``: the public view to everyone, and a
seat's own view only to the member who holds that seat (and held it throughout: see
``own_seat``). The events of a step reach a viewer
only when they are addressed to everyone or to the viewer's own seat, so a replay shows nothing
that was hidden from its viewer when the step was played, also after the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import Event, Game, Result, Text, get_game, replay
from storage import Repository
from storage.base import RatingPoint, RatingRecord, TableRecord
from storage.statuses import TableStatus

from .errors import ErrorKind
from .messages import NO_SUCH_TABLE
from .service import Table, TableError, TableService
from .tournaments.ratings import is_provisional, ordinal

NOT_STARTED_YET = Text(
    "Tisch {id} hat noch nicht begonnen: es gibt nichts nachzuspielen.",
    "Table {id} has not started: there is nothing to replay.",
)

HISTORY_LINES = 10
"""Finished tables a history lists (the newest)."""
RECENT_RESULTS = 5
"""Results a profile lists (the newest)."""


@dataclass
class HistoryLine:
    """One finished table of a member's history."""

    table_id: int
    game: Game
    finished_at: float
    names: list[str]
    """The players' names by seat."""
    ranks: list[int]
    scores: list[float]
    seat: int
    """The seat of the member whose history it is."""

    @property
    def place(self) -> int:
        """The member's place at this table (1 best)."""
        return self.ranks[self.seat]


@dataclass
class ReplayPage:
    """One step of a replay as one viewer may see it."""

    table: Table
    step: int
    """0: the table before the first action; ``steps``: after the last."""
    steps: int
    seat: int | None
    """The viewer's own seat at the table, whose hidden cards the view holds; None: public."""
    view: dict[str, Any]
    events: list[Event]
    """The events of this step that the viewer may see (to everyone, or to their seat)."""
    actor: int | None
    """The seat that acted at this step (-1: chance); None at step 0."""


@dataclass
class GameRecord:
    """A member's record in one game on one server."""

    game: Game
    played: int = 0
    won: int = 0
    rating: RatingRecord | None = None
    ordinal: float | None = None
    rank: tuple[int, int] | None = None
    """(place, players rated) on the game's leaderboard."""
    provisional: bool = True
    points: list[RatingPoint] = field(default_factory=list)
    """The rating after each rated table, oldest first."""


@dataclass
class Profile:
    """What ``/profile`` shows of a member on a server."""

    user_id: str
    games: list[GameRecord]
    recent: list[HistoryLine]


def own_seat(table: Table, user_id: str) -> int | None:
    """The seat whose hidden cards a replay may show ``user_id``: the one they hold, unless it
    changed hands. A seat handed over had holders who did not see each other's cards, and the
    log does not say at which step it changed hands, so its replay is the public one for
    everyone; who handed a seat over holds none and sees the public replay too.
    """
    seat = table.seat_of(user_id)
    handed = table.settings.handed_over
    if seat is None or seat in handed.values():
        return None
    return seat


class HistoryService:
    """Reads for history, replays and profiles, through the table service and the repository."""

    def __init__(self, repo: Repository, tables: TableService) -> None:
        self.repo = repo
        self.tables = tables

    async def history(
        self, guild: str, user_id: str, game: str | None = None, limit: int = HISTORY_LINES
    ) -> list[HistoryLine]:
        """The member's newest finished tables on the server (of ``game``), with results."""
        found = await self.repo.finished_tables_of_user(user_id, guild, game, limit)
        return [await self._line(record, seat) for record, seat in found]

    async def _line(self, record: TableRecord, seat: int) -> HistoryLine:
        seats = await self.repo.get_seats(record.id)
        result = Result.model_validate(record.result or {"scores": [], "ranks": []})
        return HistoryLine(
            table_id=record.id,
            game=get_game(record.game),
            finished_at=record.updated_at,
            names=[s.name for s in seats],
            ranks=list(result.ranks),
            scores=list(result.scores),
            seat=seat,
        )

    async def replay_table(self, table_id: int, guild: str) -> Table:
        """The table to replay: on this server, started; ``TableError`` otherwise (a table
        of another server is "no such table" here: its thread is not this server's to show).
        """
        table = await self.tables.get(table_id)
        if str(table.place.guild) != guild:
            raise TableError(NO_SUCH_TABLE.format(id=table_id), ErrorKind.UNKNOWN)
        if table.status == TableStatus.LOBBY or table.state is None:
            raise TableError(NOT_STARTED_YET.format(id=table_id), ErrorKind.REFUSED)
        return table

    async def replay_page(
        self, table_id: int, guild: str, user_id: str, step: int | None
    ) -> ReplayPage:
        """Step ``step`` of the table's replay (None or beyond the end: the last) as
        ``user_id`` may see it: their own seat's view if they hold a seat, else the public one.
        """
        table = await self.replay_table(table_id, guild)
        log = await self.repo.log(table.id)
        steps = len(log)
        at = steps if step is None else max(0, min(step, steps))
        seat = own_seat(table, user_id)
        moves = [(entry.seat, entry.code) for entry in log]
        game = table.game
        state = replay(game, len(table.seats), table.options, moves[: max(at - 1, 0)])
        events: list[Event] = []
        actor: int | None = None
        if at > 0:
            actor, code = moves[at - 1]
            state, happened = game.apply(state, actor, code)
            events = [event for event in happened if event.to is None or event.to == seat]
        return ReplayPage(table, at, steps, seat, game.view(state, seat), events, actor)

    async def profile(self, guild: str, user_id: str) -> Profile:
        """The member's games played and won per game, ratings with rank, recent results and
        rating over time, on this server.
        """
        records: dict[str, GameRecord] = {}
        tables = await self.repo.finished_tables_of_user(user_id, guild, None, None)
        for record, seat in tables:
            line = records.setdefault(record.game, GameRecord(get_game(record.game)))
            line.played += 1
            ranks = (record.result or {}).get("ranks") or []
            if seat < len(ranks) and ranks[seat] == 1:
                line.won += 1
        for rating in await self.repo.ratings_of_member(guild, user_id):
            line = records.setdefault(rating.game, GameRecord(get_game(rating.game)))
            line.rating = rating
            line.ordinal = ordinal(rating.mu, rating.sigma)
            line.provisional = is_provisional(rating)
            line.rank = await self.repo.rating_rank(rating.game, guild, user_id)
            line.points = await self.repo.rating_history(rating.game, guild, user_id)
        recent = [await self._line(record, seat) for record, seat in tables[:RECENT_RESULTS]]
        ordered = sorted(records.values(), key=lambda r: (-r.played, r.game.id))
        return Profile(user_id, ordered, recent)


__all__ = [
    "GameRecord",
    "HistoryLine",
    "HistoryService",
    "Profile",
    "ReplayPage",
]
