"""Positions reached by normal play, for tests of the engine levels."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core import CHANCE, Game, State


def first_decision_where(
    game: Game, state: State, reached: Callable[[State], bool], seed: int
) -> State:
    """The first player decision from ``state`` on at which ``reached`` holds, normal playing
    every seat and chance drawn from ``seed``; ``AssertionError`` if the game ends first."""
    normal = game.engine_players()["normal"]
    rng = random.Random(seed)
    while seats := game.to_act(state):
        seat = seats[0]
        if seat != CHANCE and reached(state):
            return state
        code = (
            game.sample_chance(state, rng)
            if seat == CHANCE
            else normal.choose(game, state, seat, rng)
        )
        state, _ = game.apply(state, seat, code)
    raise AssertionError("the game ended before the position wanted")
