"""States share lists with the states before them (``Stardust.copy_state`` is shallow): no move,
forfeit or shuffle may edit a list that an earlier state still holds."""

from __future__ import annotations

import copy
import random

import pytest

from games.core import CHANCE, FORFEIT
from games.stardust import GAME, check_invariants

from .helpers import new


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_earlier_state_of_a_match_stays_as_it_was(players):
    """The promise of ``Game.apply`` ("the given state is never modified"), checked for the
    whole history at the end of each match, not only for the state just given: random moves,
    unchecked as in the bare loop and checked as at a table, now and then a forfeit."""
    for seed in range(30):
        rng = random.Random(seed)
        state = new(players, ante=rng.choice([1, 10, 40]))
        history = []
        while seats := GAME.to_act(state):
            history.append((state, copy.deepcopy(state)))
            seat = seats[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            elif rng.random() < 0.01:
                code = FORFEIT
            else:
                code = rng.choice(GAME.legal_actions(state, seat))
            state, _events = GAME.apply(state, seat, code, checked=rng.random() < 0.5)
            check_invariants(state)
        for step, (kept, snapshot) in enumerate(history):
            assert kept == snapshot, f"seed {seed}: the state before step {step} was edited"
