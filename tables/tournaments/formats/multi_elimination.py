"""Multiplayer elimination: tables of ``table_size``; the top ``advance`` of each table go on
until the field fits one final table.

Rules (README, "Tournaments and ratings"): tables of at least three seats, one seat smaller
where the field does not divide (never fewer than ``advance`` + 1); ``advance`` is 1 (the
default) up to one less than the smallest table. Tables are filled by the snake order of the
seeds, later of the survivors (ranked by their place at their table, then seed), so the
strongest are spread. A bye is a free pass to the next round: it goes to the top of the field,
but to nobody twice while someone else can take it, so nobody reaches the final table without
playing. A void table (cancelled) knocks nobody out. A survivor who drops out is replaced by
the next best at that table, and the best of the rest fill up to the game's minimum; when too
few are left for a table at all, the tournament ends with the ranking as it stands. The field
that fits one table (at most one more than ``table_size``, within the game's maximum) plays
the final. Standings: still in first, then by the round a player went out and their rank at
that table; the final table by its ranks.
"""

from __future__ import annotations

from typing import ClassVar

from games.core import Game, get_game
from storage.base import PairingRecord, Registration, TournamentRecord

from ...metadata import TournamentSettings
from ...service import TableError
from .. import messages as msg
from ..config import TournamentConfig
from ..pairing import snake_tables, table_sizes
from .base import Format, Slot, StandingLine, active_players, slots, smallest_table
from .knockout import knockout_standings

NAME = "multi_elimination"


def table_bounds(tournament: TournamentRecord) -> tuple[int, int, int]:
    """The smallest table, the chosen table size and how many of a table go on."""
    game = get_game(tournament.game)
    config = TournamentConfig.of(tournament)
    size, advance = config.table_size, config.advance
    assert advance is not None  # stored by ``validate`` for this format
    smallest = max(smallest_table(game, size), advance + 1)
    return smallest, size, advance


def survivors_of(
    tournament: TournamentRecord,
    history: list[PairingRecord],
    number: int,
    active: set[str] | None = None,
) -> list[str]:
    """Who goes on after round ``number``: the top ``advance`` of each table and the byes,
    ordered by their rank at their table, then seed. With ``active`` (who may still play),
    only those count, and the best of the rest fill up to the game's minimum, so a
    survivor who dropped out is replaced rather than leaving a table too small to open.
    """
    _smallest, _size, advance = table_bounds(tournament)
    seeds = {u: i for i, u in enumerate(list(TournamentSettings.of_record(tournament).seeds))}
    survivors: list[tuple[int, int, str]] = []
    others: list[tuple[int, int, str]] = []
    for pairing in history:
        if pairing.round != number:
            continue
        playing = [u for u in pairing.players if active is None or u in active]
        if pairing.bye:
            survivors.extend((0, seeds.get(u, 0), u) for u in playing)
            continue
        if not pairing.ranks:  # void (a cancelled table): nobody is knocked out by it
            survivors.extend((1, seeds.get(u, 0), u) for u in playing)
            continue
        ranks, scores = pairing.ranks, pairing.scores or [0.0] * len(pairing.players)
        order = sorted(
            range(len(pairing.players)),
            key=lambda s: (ranks[s], -scores[s], seeds.get(pairing.players[s], 0)),
        )
        if active is not None:
            order = [seat for seat in order if pairing.players[seat] in active]
        for place, seat in enumerate(order):
            entry = (
                pairing.ranks[seat],
                seeds.get(pairing.players[seat], 0),
                pairing.players[seat],
            )
            (survivors if place < advance else others).append(entry)
    # Never fewer than the game needs at a table: the best of the rest fill up.
    minimum = get_game(tournament.game).min_players
    others.sort()
    while len(survivors) < minimum and others:
        survivors.append(others.pop(0))
    return [player for _rank, _seed, player in sorted(survivors)]


class MultiElimination(Format):
    """Elimination at multiplayer tables, down to one final table."""

    name: ClassVar[str] = NAME
    settings: ClassVar[frozenset[str]] = frozenset({"advance"})

    def validate(self, requested: TournamentConfig, game: Game) -> TournamentConfig:
        """Tables of three or more; ``advance`` (1 by default) below the smallest table."""
        size = requested.table_size
        if size < 3:
            raise TableError(msg.MULTIPLAYER_FORMAT)
        advance = 1 if requested.advance is None else requested.advance
        largest_advance = max(1, smallest_table(game, size) - 1)
        if not 1 <= advance <= largest_advance:
            raise TableError(msg.BAD_ADVANCE.format(max=largest_advance, value=advance))
        return requested.model_copy(update={"advance": advance})

    def minimum_field(self, config: TournamentConfig) -> int:
        """One more than a table."""
        return config.table_size + 1  # fewer would be one table and no elimination at all

    def pair(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> list[Slot]:
        """The seeds, later the survivors, at snake-ordered tables; a field that fits one
        table plays the final.
        """
        smallest, size, _advance = table_bounds(tournament)
        if number == 1:
            field = active_players(tournament, 1, registrations)
        else:
            active = set(active_players(tournament, number, registrations))
            field = survivors_of(tournament, history, number - 1, active)
        game = get_game(tournament.game)
        if len(field) <= min(game.max_players, size + 1):
            return [(field, False)]  # the final table
        sizes, bye_count = table_sizes(len(field), smallest, size, size)
        # A bye is a free pass to the next round: as in single elimination it goes to the top
        # of the field (the best seeds, later the best-placed survivors), but to nobody twice
        # while someone else can take it, so nobody reaches the final table without playing.
        had_bye = {p.players[0] for p in history if p.bye}
        candidates = [p for p in field if p not in had_bye] + [p for p in field if p in had_bye]
        byes = candidates[:bye_count]
        seated = [p for p in field if p not in byes]
        return slots(snake_tables(seated, sizes), byes)

    def is_last_round(
        self, tournament: TournamentRecord, number: int, history: list[PairingRecord]
    ) -> bool:
        """A round of one table (no bye) was the final."""
        round_tables = [p for p in history if p.round == number]
        return len(round_tables) == 1 and not round_tables[0].bye

    def can_continue(
        self,
        tournament: TournamentRecord,
        number: int,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
    ) -> bool:
        """Enough survivors are left for a table the game allows."""
        # Survivors who dropped out are replaced from the same round; when too few are left
        # for a table at all, the tournament ends with the ranking as it stands.
        active = set(active_players(tournament, number, registrations))
        field = survivors_of(tournament, history, number - 1, active)
        return len(field) >= get_game(tournament.game).min_players

    def standings(
        self,
        tournament: TournamentRecord,
        registrations: dict[str, Registration],
        history: list[PairingRecord],
        players: list[str],
    ) -> list[StandingLine]:
        """Still in first, then by the round a player went out and their rank there."""
        out_in: dict[str, int] = {}
        within: dict[str, tuple[int, float]] = {}
        finalists: set[str] = set()
        last_round = max((p.round for p in history), default=0)
        for number in range(1, last_round + 1):
            round_pairings = [p for p in history if p.round == number]
            if any(p.ranks is None and not p.bye for p in round_pairings):
                continue
            # Who went on to the next round (dropped survivors replaced, as when pairing).
            going_on = set(active_players(tournament, number + 1, registrations))
            survivors = set(survivors_of(tournament, history, number, going_on))
            final = len(round_pairings) == 1 and not round_pairings[0].bye
            for pairing in round_pairings:
                for seat, player in enumerate(pairing.players):
                    if pairing.ranks:
                        within[player] = (pairing.ranks[seat], 0.0)
                    if final or player not in survivors:
                        out_in[player] = number
            if final:
                finalists.update(round_pairings[0].players)
        return knockout_standings(tournament, registrations, players, out_in, within, finalists)
