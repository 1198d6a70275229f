"""Round robin: everyone meets everyone once.

Rules (README, "Tournaments and ratings"): tables of two only. The schedule is fixed at the
start from the seeded field by the circle method in Berger's order (``pairing.round_robin``),
so the first seat alternates; with an odd field one player sits out each round (a bye, worth a
win). A game whose opponent dropped out is a win by walkover (a bye). There are n-1 rounds for
an even field of n, n for an odd one; the tournament ends earlier when fewer than two are left.
Tie-breakers: Sonneborn-Berger, then games won (Buchholz is the same for everyone).
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from games.core import Game
from storage.base import PairingRecord, Registration, TournamentRecord

from ...metadata import TournamentSettings
from ..config import TournamentConfig
from ..pairing import round_robin
from ..standings import ROUND_ROBIN, Standing
from .base import ScoredFormat, Slot, active_players, require_two_player_tables, slots

NAME = "round_robin"


class RoundRobin(ScoredFormat):
    """Everyone against everyone, at tables of two."""

    name: ClassVar[str] = NAME
    kind: ClassVar[str] = ROUND_ROBIN

    def validate(self, requested: TournamentConfig, game: Game) -> TournamentConfig:
        """Tables of two."""
        require_two_player_tables(self.name, game, requested.table_size)
        return requested

    def rounds_total(self, tournament: TournamentRecord) -> int | None:
        """n-1 rounds for an even field of n, n for an odd one."""
        seeds = list(TournamentSettings.of_record(tournament).seeds)
        return len(seeds) - 1 if len(seeds) % 2 == 0 else len(seeds)

    def pair(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[Slot]:
        """The round of the fixed schedule; a game whose opponent dropped out is a bye."""
        seeds = list(TournamentSettings.of_record(tournament).seeds)
        schedule = round_robin(seeds)[number - 1]
        active = set(active_players(tournament, number, registrations))
        tables, byes = [], list(schedule.byes)
        for table in schedule.tables:
            present = [player for player in table if player in active]
            if len(present) == 2:
                tables.append(table)
            elif len(present) == 1:
                byes.append(present[0])  # the opponent dropped out: a win by walkover
        return slots(tables, [player for player in byes if player in active])

    def is_last_round(
        self, tournament: TournamentRecord, number: int, history: list[PairingRecord]
    ) -> bool:
        """After the schedule's last round."""
        return number >= (self.rounds_total(tournament) or 0)

    def can_continue(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> bool:
        """While two players are left."""
        return len(active_players(tournament, number, registrations)) >= 2

    def tiebreaks(self, line: Standing) -> list[tuple[str, Fraction]]:
        """Sonneborn-Berger, then games won."""
        return [("SB", line.sonneborn_berger), ("W", Fraction(line.wins))]
