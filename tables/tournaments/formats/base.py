"""What every tournament format answers, and the pieces several formats share.

A format is the rules of one kind of tournament: which settings it accepts, how a round is
paired, when a round is decided, when the tournament is over and how its standings read. The
service (``tables.tournaments.service``) keeps everything else (registration, the queue of
work per tournament, the deadlines, storing rounds and opening their tables) and asks the
tournament's format (``formats.format_for``) wherever the rules differ.

Formats are stateless and pure (no I/O): they read the tournament, its registrations and its
pairings as the service loaded them, so pairing can run in a worker thread.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from games.core import Game, Text
from storage.base import PairingRecord, Registration, TournamentRecord

from ...metadata import TournamentSettings
from ...service import TableError
from .. import messages as msg
from ..config import TournamentConfig
from ..standings import Bye, Meeting, Standing
from ..standings import standings as rank_by_points

Slot = tuple[list[str], bool]
"""One place of a round, in order: a table (players in seat order, False) or a bye
([player], True). An elimination bracket keeps its positions that way."""


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


class Format(ABC):
    """The rules of one format. Defaults fit a format of fixed rounds whose round is over when
    its tables are; a format overrides what its rules change.
    """

    name: ClassVar[str]
    """The format's stored name (``TournamentRecord.format``)."""
    settings: ClassVar[frozenset[str]] = frozenset()
    """The format settings (``config.FORMAT_SETTINGS``) this format uses; the others are
    stored at their defaults."""

    # ----- creating ----------------------------------------------------------------------------

    def configure(self, requested: TournamentConfig, game: Game) -> TournamentConfig:
        """The config to store for an organiser's ``requested`` one, or ``TableError`` with
        the reason it is refused.
        """
        return self.validate(requested, game).keeping(self.settings)

    def validate(self, requested: TournamentConfig, game: Game) -> TournamentConfig:
        """Refuse (``TableError``) settings this format cannot play; fill in its defaults."""
        return requested

    # ----- starting ----------------------------------------------------------------------------

    def minimum_field(self, config: TournamentConfig) -> int:
        """The fewest players the tournament may start with."""
        return max(2, config.table_size)

    def rounds_at_start(self, config: TournamentConfig, field: int) -> int | None:
        """The number of rounds to fix at the start for a field of ``field`` players (kept in
        the tournament's settings as ``rounds``); None when there is nothing to fix.
        """
        return None

    def rounds_total(self, tournament: TournamentRecord) -> int | None:
        """How many rounds the tournament has (None where it depends on results)."""
        return None

    # ----- rounds ------------------------------------------------------------------------------

    @abstractmethod
    def pair(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[Slot]:
        """The tables and byes of round ``number`` (pure CPU work: run in a worker thread)."""

    def next_game(
        self,
        tournament: TournamentRecord,
        pairing: PairingRecord,
        history: list[PairingRecord],
        registrations: dict[str, Registration],
    ) -> tuple[list[str], int] | None:
        """After a game of ``pairing``'s match has counted or been voided: the seats and the
        game number of the match's next game, or None when no further game follows.
        """
        return None

    def round_decided(
        self,
        tournament: TournamentRecord,
        number: int,
        history: list[PairingRecord],
        registrations: dict[str, Registration],
    ) -> bool:
        """Whether round ``number``, whose tables have all ended, is over."""
        return True

    @abstractmethod
    def is_last_round(
        self, tournament: TournamentRecord, number: int, history: list[PairingRecord]
    ) -> bool:
        """Whether round ``number`` (decided) was the tournament's last."""

    def can_continue(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> bool:
        """Whether round ``number`` can be paired with who is still in (else the tournament
        ends with the ranking as it stands).
        """
        return True

    # ----- standings ---------------------------------------------------------------------------

    @abstractmethod
    def standings(
        self,
        tournament: TournamentRecord,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
        players: list[str],
    ) -> list[StandingLine]:
        """The standings of ``players`` now, best first."""


class ScoredFormat(Format):
    """A format ranked by points by placing and tie-breakers (``standings``): Swiss and round
    robin.
    """

    kind: ClassVar[str]
    """The tie-breakers' kind for ``standings.standings`` (SWISS, ROUND_ROBIN, MULTIPLAYER)."""

    @abstractmethod
    def tiebreaks(self, line: Standing) -> list[tuple[str, Fraction]]:
        """The tie-breakers shown on a line, in the order they apply."""

    def ranked(
        self, tournament: TournamentRecord, history: list[PairingRecord], players: list[str]
    ) -> list[Standing]:
        """``players`` ranked by points and tie-breakers over the finished tables."""
        meetings, byes = meetings_of(history)
        seeds = list(TournamentSettings.of_record(tournament).seeds)
        return rank_by_points(players, meetings, byes, kind=self.kind, seed_order=seeds)

    def standings(
        self,
        tournament: TournamentRecord,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
        players: list[str],
    ) -> list[StandingLine]:
        """By points, then the format's tie-breakers (``tiebreaks``)."""
        out = []
        for line in self.ranked(tournament, history, players):
            registration = registrations[line.player]
            out.append(
                StandingLine(
                    line.place,
                    line.player,
                    registration.name,
                    line.points,
                    self.tiebreaks(line),
                    dropped=registration.dropped_round is not None,
                )
            )
        return out


# ----- shared pieces -------------------------------------------------------------------------


def active_players(
    tournament: TournamentRecord, number: int, registrations: dict[str, Registration]
) -> list[str]:
    """Who plays in round ``number`` (joined by then, not dropped before it), in seed order;
    late entries after the seeds.
    """
    seeds = list(TournamentSettings.of_record(tournament).seeds)
    active = [
        r.user_id
        for r in registrations.values()
        if r.joined_round <= number and (r.dropped_round is None or r.dropped_round > number)
    ]
    order = {user_id: index for index, user_id in enumerate(seeds)}
    return sorted(active, key=lambda user_id: order.get(user_id, len(order)))


def meetings_of(history: list[PairingRecord]) -> tuple[list[Meeting], list[Bye]]:
    """The finished tables and the byes of a tournament's pairings."""
    meetings = [
        Meeting(p.round, tuple(p.players), tuple(p.ranks))
        for p in history
        if not p.bye and p.ranks  # None: still playing; []: void (a cancelled table)
    ]
    byes = [Bye(p.round, p.players[0]) for p in history if p.bye]
    return meetings, byes


def slots(tables: list[list[str]], byes: list[str]) -> list[Slot]:
    """The tables, then the byes, as a round's slots."""
    return [(table, False) for table in tables] + [([player], True) for player in byes]


def dropped_rounds(registrations: dict[str, Registration]) -> dict[str, int]:
    """Each player who dropped out to the first round they are not paired in."""
    return {u: r.dropped_round for u, r in registrations.items() if r.dropped_round is not None}


def smallest_table(game: Game, size: int) -> int:
    """Multiplayer tables may be one seat smaller than chosen when the field does not divide."""
    return max(game.min_players, size - 1, 2)


def require_two_player_tables(name: str, game: Game, size: int) -> None:
    """``TableError`` unless the tables of format ``name`` seat two."""
    if size != 2:
        raise TableError(
            msg.in_each_language(
                msg.TWO_PLAYER_FORMAT, format=msg.FORMAT_NAMES[name], game=game.name, size=size
            )
        )
