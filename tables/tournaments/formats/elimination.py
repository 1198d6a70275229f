"""Single elimination: matches of best-of-``best_of`` games at tables of two.

Rules (README, "Tournaments and ratings"): tables of two only; ``best_of`` is 1, 3, 5 or 7.
Round 1 is the seeded bracket (``pairing.elimination_bracket``), byes to the top seeds; each
later round pairs the winners of neighbouring matches, keeping the bracket's positions. A game
won is 1 point, a drawn game 0.5 each (as in chess knock-outs); a match is decided as soon as
the trailing player can no longer catch up, sudden-death games follow when level after
``best_of`` games, and the higher seed goes on when still level after twice ``best_of``. The
seats alternate from game to game. A void game (its table was cancelled) does not count: a
replacement game is played. A player who drops out during a match loses it by walkover once
the game being played has ended, unless that game decided it; one whose opponent dropped out
goes on by walkover. The tournament ends with the round of a single match (the final).
Standings: still in first, then by the round a player went out.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import ClassVar

from games.core import Game
from storage.base import PairingRecord, Registration, TournamentRecord

from ...service import TableError
from .. import messages as msg
from ..config import TournamentConfig
from ..pairing import elimination_bracket
from ..standings import placing_points
from .base import (
    Format,
    Slot,
    StandingLine,
    active_players,
    dropped_rounds,
    require_two_player_tables,
)
from .knockout import knockout_standings

NAME = "elimination"
BEST_OF = (1, 3, 5, 7)


def matches_of(history: list[PairingRecord], number: int) -> dict[int, list[PairingRecord]]:
    """Round ``number``'s matches: each bracket position to its games, in order."""
    matches: dict[int, list[PairingRecord]] = {}
    for pairing in history:
        if pairing.round == number:
            matches.setdefault(pairing.position, []).append(pairing)
    return matches


def match_winner(
    games: list[PairingRecord], best_of: int, dropped: dict[str, int] | None = None
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
    winner = decided_by_games(games, best_of)
    if winner is None and dropped:
        quitting = [
            p for p in (higher, lower) if dropped.get(p, games[0].round + 2) <= games[0].round + 1
        ]
        if len(quitting) == 1:
            return lower if quitting[0] == higher else higher
        if quitting:
            return higher
    return winner


def decided_by_games(games: list[PairingRecord], best_of: int) -> str | None:
    """The winner of a match whose games are all finished, by its games alone."""
    higher, lower = games[0].players
    finished = [(g, g.ranks) for g in games if g.ranks]
    points: defaultdict[str, Fraction] = defaultdict(Fraction)
    for game, ranks in finished[:best_of]:
        for player, value in zip(game.players, placing_points(ranks), strict=True):
            points[player] += value
    lead = points[higher] - points[lower]
    remaining = best_of - min(len(finished), best_of)
    if abs(lead) > remaining:
        return higher if lead > 0 else lower
    if remaining:
        return None
    for game, ranks in finished[best_of:]:  # sudden death
        if ranks[0] != ranks[1]:
            return game.players[ranks.index(1)]
    return higher if len(finished) >= 2 * best_of else None


class Elimination(Format):
    """Single elimination of best-of matches."""

    name: ClassVar[str] = NAME
    settings: ClassVar[frozenset[str]] = frozenset({"best_of"})

    def validate(self, requested: TournamentConfig, game: Game) -> TournamentConfig:
        """Tables of two; best of 1, 3, 5 or 7."""
        require_two_player_tables(self.name, game, requested.table_size)
        if requested.best_of not in BEST_OF:
            raise TableError(msg.BAD_BEST_OF.format(value=requested.best_of))
        return requested

    def pair(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[Slot]:
        """Round 1 the seeded bracket; later the winners of neighbouring matches. A player
        whose opponent is missing or dropped out goes on by a bye (walkover).
        """
        if number == 1:
            bracket = elimination_bracket(active_players(tournament, 1, registrations))
        else:
            best_of = TournamentConfig.of(tournament).best_of
            previous = matches_of(history, number - 1)
            dropped = dropped_rounds(registrations)
            winners = [
                match_winner(previous[position], best_of, dropped) for position in sorted(previous)
            ]
            bracket = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
        active = set(active_players(tournament, number, registrations))
        round_slots: list[Slot] = []
        for a, b in bracket:
            present = [player for player in (a, b) if player is not None and player in active]
            if len(present) == 2:
                round_slots.append((present, False))
            elif present:
                round_slots.append((present, True))  # a bye, or a walkover against a dropped player
            elif a is not None:
                round_slots.append(([a], True))  # both dropped: the place goes on, to a walkover
        return round_slots

    def next_game(
        self,
        tournament: TournamentRecord,
        pairing: PairingRecord,
        history: list[PairingRecord],
        registrations: dict[str, Registration],
    ) -> tuple[list[str], int] | None:
        """The match's next game while it is undecided, the seats swapped from the last."""
        games = matches_of(history, pairing.round)[pairing.position]
        best_of = TournamentConfig.of(tournament).best_of
        if match_winner(games, best_of, dropped_rounds(registrations)) is not None:
            return None
        higher, lower = games[0].players
        number = len(games) + 1
        # The seats alternate: the higher seed has the first seat in odd games.
        seats = [higher, lower] if number % 2 else [lower, higher]
        return seats, number

    def round_decided(
        self,
        tournament: TournamentRecord,
        number: int,
        history: list[PairingRecord],
        registrations: dict[str, Registration],
    ) -> bool:
        """Every match of the round has a winner (a level match plays on)."""
        best_of = TournamentConfig.of(tournament).best_of
        dropped = dropped_rounds(registrations)
        return all(
            match_winner(games, best_of, dropped) is not None
            for games in matches_of(history, number).values()
        )

    def is_last_round(
        self, tournament: TournamentRecord, number: int, history: list[PairingRecord]
    ) -> bool:
        """The round of a single match is the final."""
        return len(matches_of(history, number)) <= 1

    def standings(
        self,
        tournament: TournamentRecord,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
        players: list[str],
    ) -> list[StandingLine]:
        """Still in first, then by the round a player lost a match (or left by walkover)."""
        best_of = TournamentConfig.of(tournament).best_of
        dropped = dropped_rounds(registrations)
        out_in: dict[str, int] = {}
        last_round = max((p.round for p in history), default=0)
        going_on: set[str] = set()  # the match winners of the round before
        for number in range(1, last_round + 1):
            matches = matches_of(history, number)
            seated = {player for games in matches.values() for player in games[0].players}
            for player in going_on - seated:
                # Won a match, then dropped out: the next opponent went on by walkover.
                out_in[player] = number
            going_on = set()
            for games in matches.values():
                winner = match_winner(games, best_of, dropped)
                if winner is None:
                    continue
                going_on.add(winner)
                for player in games[0].players:
                    if player != winner:
                        out_in[player] = number
        return knockout_standings(tournament, registrations, players, out_in, {}, set())
