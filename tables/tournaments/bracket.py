"""An elimination tournament's bracket (issue 20): every round's matches, who went on, scores.

Built from the stored rounds and pairings only: a match is a round's position (the games of a
best-of match share it), its players are the pairing's seats, and those who went on are the
players of that match seated (or given a bye) in the next round; in the last round, those
the final standings place first (the caller names them once the tournament is over).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from storage import Repository
from storage.base import PairingRecord


@dataclass
class Match:
    """One match (or table) of a round, its players by user id."""

    position: int
    players: list[str]
    advancing: list[str] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    """Games won by each player, for best-of matches of two (empty otherwise)."""
    bye: bool = False


@dataclass
class BracketRound:
    """A round of the bracket."""

    number: int
    matches: list[Match]


def bracket_of(pairings: list[PairingRecord], winners: frozenset[str]) -> list[BracketRound]:
    """The bracket from a tournament's pairings (every round), in round and position order;
    ``winners``: the first places of a finished tournament (empty while it runs).
    """
    rounds: dict[int, dict[int, list[PairingRecord]]] = {}
    for pairing in pairings:
        rounds.setdefault(pairing.round, {}).setdefault(pairing.position, []).append(pairing)
    numbers = sorted(rounds)
    seated = {
        number: {p for games in rounds[number].values() for g in games for p in g.players}
        for number in numbers
    }
    out = []
    for index, number in enumerate(numbers):
        following = seated[numbers[index + 1]] if index + 1 < len(numbers) else winners
        matches = []
        for position in sorted(rounds[number]):
            games = sorted(rounds[number][position], key=lambda p: p.game)
            players = list(games[0].players)
            match = Match(position, players, bye=games[0].bye)
            match.advancing = [player for player in players if player in following]
            if len(players) == 2 and len(games) > 1:
                # The first seat alternates between games: count by player, not by seat.
                won = dict.fromkeys(players, 0)
                for game in games:
                    ranks = game.ranks or []
                    if len(set(ranks)) > 1:
                        for player, rank in zip(game.players, ranks, strict=True):
                            won[player] += rank == 1
                match.wins = [won[player] for player in players]
            matches.append(match)
        out.append(BracketRound(number, matches))
    return out


async def bracket(
    repo: Repository, tournament_id: int, winners: frozenset[str], up_to: int | None = None
) -> list[BracketRound]:
    """The tournament's bracket as stored now, to round ``up_to`` (None: every round)."""
    pairings = await repo.pairings(tournament_id)
    if up_to is not None:
        pairings = [pairing for pairing in pairings if pairing.round <= up_to]
    return bracket_of(pairings, winners)
