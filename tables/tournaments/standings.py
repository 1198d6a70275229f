"""Standings and tie-breakers: pure arithmetic over the finished tables of a tournament.

Points by placing. A table of k players gives place p (1 best) ``(k - p) / (k - 1)`` points; players
sharing places share the points of those places equally. At two players that is the familiar
win 1, draw 0.5, loss 0; at a table of four it is 1, 2/3, 1/3, 0. A bye counts as a win (1).

Tie-breakers, applied in order after points:

- Two-player Swiss: Buchholz (the full sum of the opponents' points, no cut), then
  Sonneborn-Berger (the sum of the points of the opponents one beat, plus half those of the
  opponents one drew with), then the number of games won at the table (FIDE's GWIN: a bye is
  no game won). A bye follows the FIDE Tie-Break Regulations
  (C.07, "unplayed rounds"): the player is treated as having met a dummy opponent with the
  player's own final points, in Buchholz and in Sonneborn-Berger (a bye is a win, so the dummy's
  points count in full there too). An opponent counts with their real final points, byes
  included: the further FIDE adjustment of what an opponent's own unplayed rounds contribute to
  others' tie-breaks is not applied (byes here are rare and go to the lowest-ranked).
- Round robin: Sonneborn-Berger, then wins (Buchholz is the same for everyone there).
- Multiplayer tables: opponents' points (per table, the average final points of the others at
  that table, summed over the tables; at two players this is exactly Buchholz, and a bye counts
  the dummy as above), then first places (a place shared with another seat is not counted).
Rounds a player missed by joining late or dropping out are no byes: they count nowhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

BYE_POINTS = Fraction(1)


def placing_points(ranks: Sequence[int]) -> list[Fraction]:
    """Points for each seat from its rank (1 best; equal ranks share the places' points)."""
    k = len(ranks)
    if k < 2:
        return [BYE_POINTS] * k
    points = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        places = range(rank, rank + tied)
        points.append(sum((Fraction(k - p, k - 1) for p in places), Fraction(0)) / tied)
    return points


@dataclass(frozen=True)
class Meeting:
    """One finished table of a tournament: who sat there (seat order) and their ranks."""

    round: int
    players: tuple[str, ...]
    ranks: tuple[int, ...]

    @property
    def points(self) -> list[Fraction]:
        """Each player's points by placing."""
        return placing_points(self.ranks)


@dataclass(frozen=True)
class Bye:
    """A round a player sat out with a bye (counted as a win)."""

    round: int
    player: str


@dataclass
class Standing:
    """One player's line in the standings."""

    player: str
    points: Fraction = Fraction(0)
    buchholz: Fraction = Fraction(0)
    sonneborn_berger: Fraction = Fraction(0)
    opponents_points: Fraction = Fraction(0)
    wins: int = 0
    played: int = 0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)
    place: int = 0


SWISS = "swiss"
ROUND_ROBIN = "round_robin"
MULTIPLAYER = "multiplayer"


def standings(
    players: Iterable[str],
    meetings: Iterable[Meeting],
    byes: Iterable[Bye] = (),
    *,
    kind: str = SWISS,
    seed_order: Sequence[str] | None = None,
) -> list[Standing]:
    """Everyone's standing, best first, with places (tied lines share a place).

    ``kind`` chooses the tie-breakers (see the module docstring). Players still tied after
    every tie-breaker keep ``seed_order`` (their seeding) between them but share the place.
    """
    lines: dict[str, Standing] = {player: Standing(player) for player in players}
    meetings = list(meetings)
    byes = list(byes)
    for meeting in meetings:
        for player, points, rank in zip(meeting.players, meeting.points, meeting.ranks):
            line = lines.setdefault(player, Standing(player))
            line.points += points
            line.played += 1
            line.wins += int(rank == 1 and list(meeting.ranks).count(1) == 1)
            line.opponents.extend(p for p in meeting.players if p != player)
    for bye in byes:
        line = lines.setdefault(bye.player, Standing(bye.player))
        line.points += BYE_POINTS
        line.byes += 1
    final = {player: line.points for player, line in lines.items()}
    for meeting in meetings:
        for player, points in zip(meeting.players, meeting.points):
            others = [p for p in meeting.players if p != player]
            if not others:
                continue
            line = lines[player]
            average = sum((final[p] for p in others), Fraction(0)) / len(others)
            line.opponents_points += average
            if len(meeting.players) == 2:
                line.buchholz += final[others[0]]
                line.sonneborn_berger += points * final[others[0]]
    for bye in byes:
        line = lines[bye.player]
        # FIDE C.07: an unplayed round is a game against a dummy with the player's own points.
        line.buchholz += line.points
        line.opponents_points += line.points
        line.sonneborn_berger += BYE_POINTS * line.points

    def key(line: Standing) -> tuple[Any, ...]:
        if kind == ROUND_ROBIN:
            return (line.points, line.sonneborn_berger, line.wins)
        if kind == MULTIPLAYER:
            return (line.points, line.opponents_points, line.wins)
        return (line.points, line.buchholz, line.sonneborn_berger, line.wins)

    seeds = {player: index for index, player in enumerate(seed_order or [])}
    ordered = sorted(
        lines.values(), key=lambda line: (tuple(-v for v in key(line)), seeds.get(line.player, 0))
    )
    for index, line in enumerate(ordered):
        if index and key(ordered[index - 1]) == key(line):
            line.place = ordered[index - 1].place
        else:
            line.place = index + 1
    return ordered


def fmt(value: Fraction) -> str:
    """A number of points as people write it: 2, 2.5, 1.67."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
