"""Swiss at tables of two (stored as ``swiss`` with ``table_size`` 2).

Rules (README, "Tournaments and ratings"; the Swiss rounds themselves are in ``swiss``): round
1 seats the top half of the seeded field against the bottom half (1 v n/2+1, ...), so the
strongest do not meet at once, and the lowest seed sits out when the field is odd. Later rounds
are a maximum-weight matching (``pairing.swiss_pairs``): no rematch while one can be avoided,
the bye to the lowest-ranked player without one, equal scores, then neighbours in the
standings. Tie-breakers: Buchholz (full), Sonneborn-Berger, games won; a bye counts against a
dummy opponent with the player's own points (FIDE C.07).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import ClassVar

from storage.base import PairingRecord, Registration, TournamentRecord

from ..pairing import Pairing, swiss_pairs
from ..standings import SWISS, Standing
from .base import Slot, active_players, slots
from .swiss import Swiss


class SwissPairs(Swiss):
    """Swiss at tables of two."""

    kind: ClassVar[str] = SWISS

    def tiebreaks(self, line: Standing) -> list[tuple[str, Fraction]]:
        """Buchholz, Sonneborn-Berger, then games won."""
        return [("BH", line.buchholz), ("SB", line.sonneborn_berger), ("W", Fraction(line.wins))]

    def pair_first_round(self, order: list[str]) -> list[Slot] | None:
        """The top half of the seeds against the bottom half."""
        # The lowest seed sits out if the field is odd, and the top half meets the bottom
        # half (1 v n/2+1, ...), so the strongest do not meet at once.
        byes = order[len(order) - len(order) % 2 :]
        seated = order[: len(order) - len(byes)]
        half = len(seated) // 2
        return slots([[seated[i], seated[i + half]] for i in range(half)], byes)

    def pair_ranked(
        self,
        tournament: TournamentRecord,
        order: list[str],
        scores: dict[str, float],
        met: Counter[tuple[str, str]],
        had_bye: set[str],
    ) -> Pairing:
        """The maximum-weight matching of ``pairing.swiss_pairs``."""
        return swiss_pairs(order, scores, met, had_bye)

    def can_continue(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> bool:
        """While two players are left."""
        return len(active_players(tournament, number, registrations)) >= 2
