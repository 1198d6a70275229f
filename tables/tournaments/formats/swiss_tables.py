"""Swiss at tables of 3 to 8 (stored as ``swiss`` with its ``table_size``).

Rules (README, "Tournaments and ratings"; the Swiss rounds themselves are in ``swiss``): tables
are filled from the top of the standings, then players are swapped between tables while that
lowers the number of repeat meetings (``pairing.swiss_tables``). Tables have the chosen size,
or one seat fewer where the field does not divide; where even that leaves players out (a bye
is worth a win), any table size the game and the tournament's options allow, from three seats
up, so nobody gets a bye while the field can be seated (``table_range``). Tie-breakers:
opponents' points (per table the average of the others' final points), then first places.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, ClassVar

from games.core import Game, SetupError, get_game
from storage.base import PairingRecord, Registration, TournamentRecord

from ..config import TournamentConfig
from ..pairing import Pairing, swiss_tables, table_sizes
from ..standings import MULTIPLAYER, Standing
from .base import active_players, smallest_table
from .swiss import Swiss


def table_range(game: Game, options: dict[str, Any], size: int, field: int) -> tuple[int, int]:
    """The table sizes a multiplayer Swiss round of ``field`` players may use.

    The chosen size, or one seat fewer where the field does not divide. Where that would
    leave players without a table (a bye is worth a win, so three byes among seven players
    would hand out three free wins a round), any size the game and the tournament's options
    allow, from three seats up, so that everyone plays; ``table_sizes`` still keeps as many
    tables at the chosen size as it can.
    """
    smallest = smallest_table(game, size)
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


class SwissTables(Swiss):
    """Swiss at tables of three or more."""

    kind: ClassVar[str] = MULTIPLAYER

    def tiebreaks(self, line: Standing) -> list[tuple[str, Fraction]]:
        """Opponents' points, then first places."""
        return [("OP", line.opponents_points), ("W", Fraction(line.wins))]

    def pair_ranked(
        self,
        tournament: TournamentRecord,
        order: list[str],
        scores: dict[str, float],
        met: Counter[tuple[str, str]],
        had_bye: set[str],
    ) -> Pairing:
        """Tables by standings at the sizes ``table_range`` allows (``pairing.swiss_tables``)."""
        size = TournamentConfig.of(tournament).table_size
        game = get_game(tournament.game)
        smallest, largest = table_range(game, tournament.options, size, len(order))
        return swiss_tables(order, met, had_bye, smallest=smallest, largest=largest, preferred=size)

    def can_continue(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> bool:
        """While those left fill the smallest table allowed."""
        active = active_players(tournament, number, registrations)
        size = TournamentConfig.of(tournament).table_size
        smallest, _largest = table_range(
            get_game(tournament.game), tournament.options, size, len(active)
        )
        return len(active) >= smallest
