"""Forfeits checked against each game's rules page ("When time runs out") and the contract."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, FORFEIT, check_result, get_game


def _play_until(game, state, rng, steps):
    """Random legal play for ``steps`` player decisions; returns the state and the seat to act."""
    while True:
        seats = game.to_act(state)
        assert seats, "the game ended before the forfeit point"
        if seats == [CHANCE]:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        seat = seats[0]
        if steps == 0:
            return state, seat
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps -= 1


@pytest.mark.parametrize(("players", "teams"), [(4, "2v2"), (6, "3v3"), (8, "4v4")])
def test_scherbia_team_forfeit_ranks_the_whole_team_last(players, teams):
    """Scherbia rules page, "When time runs out": the player who forfeited ranks last, in the
    team game their team with them; the other team places first. Before the final count the
    partner of the forfeiting seat must not share first place with the other team."""
    game = get_game("scherbia")
    options = game.parse_options(players, {"teams": teams})
    for seed in range(3):
        rng = random.Random(seed)
        state, seat = _play_until(game, game.initial_state(players, options), rng, 3 + seed)
        state, _ = game.apply(state, seat, FORFEIT)
        result = game.final_result(state, players)
        check_result(result, players)
        team = [s for s in range(players) if s % 2 == seat % 2]
        assert result.teams is not None and sorted(team) in [sorted(t) for t in result.teams]
        assert all(result.ranks[s] == players // 2 + 1 for s in team)
        assert all(result.ranks[s] == 1 for s in range(players) if s not in team)
