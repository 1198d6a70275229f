"""Ratings with openskill (Plackett-Luce) per game per server, from every rated finished table.

Which tables are rated: finished tables on a server (their place names a guild) with at least
two members, where every seat is a member. A table with an engine seat is not rated: the host
may add engines at will, an engine has no rating of its own for the model to weigh, and rating
members against engines would let anyone farm points. Tables whose end was played out by
engines at a tournament round's deadline (``TableSettings.adjudicated``) are not rated either.

The clock rules: a table a seat's forfeit ended (its clock ran out) is rated, the forfeiting
seat ranked last as the result says: letting the clock run out is losing. A move the engine made
for a seat whose time ran out does not stop a table being rated either (the seat still played
every other move). A table where a seat was handed over (``TableSettings.handed_over``, a
substitution) is not rated: nobody played that seat through, so crediting the substitute with
a game they joined midway, or the player who left with one they did not finish, would misstate
both.

Placings and teams come from the game's ``Result``: every team (or, without teams, every seat)
is one openskill team, ranked by ``Result.ranks`` (1 best, equal ranks a shared place).

A player is provisional while they have fewer than ``PROVISIONAL_GAMES`` rated games or their
uncertainty (sigma) is still above ``PROVISIONAL_SIGMA``; the leaderboard marks them.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from games.core import Result
from storage import TableStatus
from storage.base import DeadlineRecord, RatingRecord, Repository

from ..errors import ErrorKind
from ..requests import TableError
from ..service import Table, TableService

PROVISIONAL_GAMES = 5
PROVISIONAL_SIGMA = 7.0

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard sorts by: mu - 3 sigma (openskill's ordinal)."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def is_provisional(record: RatingRecord) -> bool:
    """Whether a rating is still settling (few games, or a large sigma)."""
    return record.games < PROVISIONAL_GAMES or record.sigma > PROVISIONAL_SIGMA


def rated_members(table: Table) -> list[tuple[str, str]] | None:
    """(user id, name) of each seat if the table is rated, else None (see the module docstring)."""
    if table.status != TableStatus.FINISHED or table.result() is None:
        return None
    settings = table.settings
    if not table.place.guild or settings.adjudicated:
        return None
    if settings.handed_over:
        return None
    if any(seat.user_id is None or seat.engine for seat in table.seats):
        return None
    members = [(seat.user_id or "", seat.name) for seat in table.seats]
    if len({user_id for user_id, _ in members}) < 2:
        return None
    return members


def new_ratings(current: list[RatingRecord | None], result: Result) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after the table: openskill's ``rate`` with teams and ranks."""
    ratings = [
        MODEL.rating() if record is None else MODEL.rating(mu=record.mu, sigma=record.sigma)
        for record in current
    ]
    teams = result.teams or [[seat] for seat in range(len(ratings))]
    rated = MODEL.rate(
        [[ratings[seat] for seat in team] for team in teams],
        ranks=[result.ranks[team[0]] for team in teams],
    )
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(ratings)
    for team, new_team in zip(teams, rated, strict=True):
        for seat, rating in zip(team, new_team, strict=True):
            out[seat] = (rating.mu, rating.sigma)
    return out


@dataclass
class LeaderboardLine:
    """One line of the leaderboard."""

    place: int
    record: RatingRecord
    ordinal: float
    provisional: bool


RATE_TABLE = "rate_table"
"""The deadline kind of a finished rated table's ratings (``RatingService.attach``)."""


class RatingService:
    """Rates finished tables (a ``TableService.finished_listeners`` callback) and lists them."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def attach(self, service: TableService) -> None:
        """Rate every rated table ``service`` finishes: at once, as its listener, and again from
        a deadline stored in the result's own commit (``TableService.finish_steps``), so that
        a crash between the result and its ratings, or a failed rating, is rated later instead
        of never. Rating twice is rating once (``Repository.rate_table``).
        """

        async def rate_later(deadline: DeadlineRecord, _now: float) -> list[RatingRecord] | None:
            assert isinstance(deadline.table_id, int)  # read back from the store
            try:
                table = await service.get(deadline.table_id)
            except TableError as error:
                if error.kind != ErrorKind.UNKNOWN:
                    raise
                return None  # the table is gone: nothing is left to rate
            return await self.on_table_finished(table)

        service.scheduler.register(RATE_TABLE, rate_later)
        service.finish_steps.append((RATE_TABLE, lambda table: rated_members(table) is not None))
        service.finished_listeners.append(self.on_table_finished)

    async def on_table_finished(self, table: Table) -> list[RatingRecord] | None:
        """Rate ``table`` if it is rated and was not rated before; the stored ratings."""
        members = rated_members(table)
        result = table.result()
        if members is None or result is None:
            return None
        return await self.repo.rate_table(
            table.id,
            table.game.id,
            str(table.place.guild),
            members,
            lambda current: new_ratings(current, result),
        )

    async def leaderboard(self, game: str, guild: str, limit: int = 20) -> list[LeaderboardLine]:
        """The server's best for a game, by ordinal (mu - 3 sigma), provisional players marked."""
        records = await self.repo.leaderboard(game, guild, limit)
        return [
            LeaderboardLine(
                index + 1, record, ordinal(record.mu, record.sigma), is_provisional(record)
            )
            for index, record in enumerate(records)
        ]
