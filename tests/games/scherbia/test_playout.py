"""The rule-based playout player (``games.scherbia.playout``): legal everywhere, better than
random play, and blind to what its seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import CHANCE
from games.core.conformance import checked_playout
from games.players import RandomPlayer
from games.scherbia.playout import PlayoutPlayer

from .helpers import GAME, play, rigged


@pytest.mark.slow(seconds=30)
def test_playout_player_plays_only_legal_moves_in_many_seeded_games():
    """Every move it picks is legal (checked playouts validate each code against the rules),
    over seeded games of 2 to 8 players with teams, every layer limit, action cards and
    factions, so every question (copy, Sperrfeuer, replacement, Blockade, theft, Heiler,
    laying, Einspruch) is met."""
    player = PlayoutPlayer()
    setups = [
        (2, {}),
        (3, {"max_layers": 3, "hand_size": 5}),
        (4, {"teams": "2v2", "max_layers": 0}),
        (4, {"action_cards": True}),
        (4, {"teams": "2v2", "action_cards": True, "factions": "hidden"}),
        (6, {"teams": "3v3", "factions": "open"}),
        (8, {"max_layers": 4}),
    ]
    decisions = 0
    for players, values in setups:
        options = GAME.parse_options(players, values)
        for seed in range(12):
            playout = checked_playout(
                GAME, players, options, seed=seed, choosers=[player.choose] * players
            )
            decisions += playout.decisions
    assert decisions > 1000


def _share_against_random(games: int) -> float:
    """The playout player's share of two-player games against random play (a draw counts
    half), seats alternating, each game seeded."""
    seats_by_name = {"rules": PlayoutPlayer(), "random": RandomPlayer()}
    score = 0.0
    for seed in range(games):
        me = seed % 2
        seats: list[Any] = [seats_by_name["rules"], seats_by_name["random"]]
        if me:
            seats.reverse()
        rng = random.Random(f"playout/{seed}")
        state = GAME.initial_state(2, GAME.parse_options(2))
        while to_act := GAME.to_act(state):
            seat = to_act[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            else:
                code = seats[seat].choose(GAME, state, seat, rng)
            state, _events = GAME.apply(state, seat, code)
        result = GAME.result(state)
        assert result is not None, "the match is over"
        mine, theirs = result.ranks[me], result.ranks[1 - me]
        score += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return score / games


def test_playout_player_beats_random_in_over_60_percent_of_800_two_player_games():
    """A playout policy must judge moves by play better than random: over 800 seeded
    two-player games it takes more than 60% against random play (measured 67%; random
    against random takes half)."""
    assert _share_against_random(800) > 0.6


def test_last_to_play_wins_a_trick_worth_taking_with_its_weakest_winning_card():
    """Last in the layer against a Seemann (5), it takes the trick with its Heiler (6), the
    weakest card that wins, and keeps the Magier, Krieger and Jaeger for later tricks."""
    state = rigged([["seemann"] * 4 + ["dieb"], ["magier", "krieger", "jaeger", "heiler", "bauer"]])
    state = play(state, (0, "play:seemann"))
    assert PlayoutPlayer().choose(GAME, state, 1, random.Random(0)) == "play:heiler"


def test_last_to_play_throws_a_bauer_into_a_trick_it_cannot_win():
    """Last in the layer against a Magier it cannot beat, it throws its Bauer (a Bauer goes
    home whoever wins) rather than a card the Magier's owner would score."""
    state = rigged(
        [["magier"] * 4 + ["bauer"], ["seemann", "baecker", "schuerfer", "dieb", "bauer"]]
    )
    state = play(state, (0, "play:magier"))
    assert PlayoutPlayer().choose(GAME, state, 1, random.Random(0)) == "play:bauer"
