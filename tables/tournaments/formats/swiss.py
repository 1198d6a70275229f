"""Swiss, whatever the table size: what both Swiss formats share.

Rules (README, "Tournaments and ratings"): a fixed number of rounds, ``rounds`` (1 to
``MAX_ROUNDS``), or, without it, the usual number for the field fixed at the start
(``swiss_rounds_for``: log2 of the field at tables of two, log base table size at bigger
tables). Each round pairs players of similar standing (points by placing, then the
tie-breakers) while keeping repeat meetings low; a bye counts as a win and goes to nobody twice
while someone else can take it. A void table (cancelled) is no meeting. The first seat (who
usually leads) goes to whoever has had it least. Late entries are allowed where the organiser
says so (``late_join``): no points so far, paired from the next round on. The tournament ends
after its last round, or earlier when too few are left for a table.

How the tables are filled differs with the table size: ``swiss_pairs`` (tables of two) and
``swiss_tables`` (tables of 3-8). Both are stored as the format ``swiss``.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections import Counter
from typing import ClassVar

from games.core import Game
from storage.base import PairingRecord, Registration, TournamentRecord

from ...metadata import TournamentSettings
from ...service import TableError
from .. import messages as msg
from ..config import TournamentConfig
from ..pairing import Pairing, count_meetings
from .base import ScoredFormat, Slot, active_players, slots

NAME = "swiss"
MAX_ROUNDS = 20


def swiss_rounds_for(players: int, table_size: int = 2) -> int:
    """The usual number of Swiss rounds for a field: enough for one unbeaten winner (log2 of
    the field at tables of two; log base table size at bigger tables), capped at MAX_ROUNDS.
    """
    base = max(table_size, 2)
    return min(MAX_ROUNDS, max(1, math.ceil(math.log(max(players, 2)) / math.log(base) - 1e-9)))


class Swiss(ScoredFormat):
    """Swiss rounds; subclasses fill the tables (``pair_ranked``)."""

    name: ClassVar[str] = NAME
    settings: ClassVar[frozenset[str]] = frozenset({"rounds", "late_join"})

    def validate(self, requested: TournamentConfig, game: Game) -> TournamentConfig:
        """Rounds, where given, from 1 to ``MAX_ROUNDS``."""
        # Rounds None: chosen at the start from the field (``rounds_at_start``).
        rounds = requested.rounds
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise TableError(msg.BAD_ROUNDS.format(max=MAX_ROUNDS, value=rounds))
        return requested

    def rounds_at_start(self, config: TournamentConfig, field: int) -> int | None:
        """Without ``rounds``: the usual number for the field (``swiss_rounds_for``)."""
        if config.rounds:
            return None
        return swiss_rounds_for(field, config.table_size)

    def rounds_total(self, tournament: TournamentRecord) -> int | None:
        """The organiser's ``rounds``, else those fixed at the start."""
        return (
            TournamentConfig.of(tournament).rounds
            or TournamentSettings.of_record(tournament).rounds
        )

    def is_last_round(
        self, tournament: TournamentRecord, number: int, history: list[PairingRecord]
    ) -> bool:
        """After the last of its rounds."""
        return number >= (self.rounds_total(tournament) or 0)

    def pair(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[Slot]:
        """Who is in, by standings, at tables that keep repeat meetings low."""
        active = active_players(tournament, number, registrations)
        lines = self.ranked(tournament, history, active)
        order = [line.player for line in lines if line.player in set(active)]
        first_round = self.pair_first_round(order) if number == 1 else None
        if first_round is not None:
            return first_round
        scores = {line.player: float(line.points) for line in lines}
        # A void table (ranks []: it was cancelled) is no meeting: its players never played.
        met = count_meetings(p.players for p in history if not p.bye and p.ranks != [])
        had_bye = {p.players[0] for p in history if p.bye}
        pairing = self.pair_ranked(tournament, order, scores, met, had_bye)
        # The first seat (who usually leads) goes to whoever has had it least; the pairing
        # order (standings) breaks ties.
        first_seats = Counter(p.players[0] for p in history if not p.bye and p.ranks)
        tables = [sorted(table, key=lambda player: first_seats[player]) for table in pairing.tables]
        return slots(tables, pairing.byes)

    def pair_first_round(self, order: list[str]) -> list[Slot] | None:
        """Round 1's slots where the format seats it its own way (None: paired as any round)."""
        return None

    @abstractmethod
    def pair_ranked(
        self,
        tournament: TournamentRecord,
        order: list[str],
        scores: dict[str, float],
        met: Counter[tuple[str, str]],
        had_bye: set[str],
    ) -> Pairing:
        """The tables and byes for the players in standings ``order``."""
