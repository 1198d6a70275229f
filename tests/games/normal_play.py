"""Positions reached by normal play, for tests of the engine levels."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from games.core import CHANCE, Game, State


def normal_decisions(game: Game, state: State, seed: int) -> Iterator[tuple[State, int]]:
    """Every player decision from ``state`` to the game's end as (state, seat), normal playing
    every seat and chance drawn from ``seed``."""
    normal = game.engine_players()["normal"]
    rng = random.Random(seed)
    while seats := game.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        else:
            yield state, seat
            code = normal.choose(game, state, seat, rng)
        state, _ = game.apply(state, seat, code)


def first_decision_where(
    game: Game, state: State, reached: Callable[[State], bool], seed: int
) -> State:
    """The first player decision from ``state`` on at which ``reached`` holds, normal playing
    every seat and chance drawn from ``seed``; ``AssertionError`` if the game ends first."""
    for decision, _seat in normal_decisions(game, state, seed):
        if reached(decision):
            return decision
    raise AssertionError("the game ended before the position wanted")
