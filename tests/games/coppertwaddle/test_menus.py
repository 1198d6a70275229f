"""Coppertwaddle's menus: the one a move leaves behind is the one the state itself gives.

A move ends by working out whether the seat to act has anything to do, which is that seat's
whole menu; the engine keeps it for the state ``apply`` returned instead of working it out again
(issue 22, part 2: legal actions computed once per state). These tests hold it to the contract:
the menu of a state fresh from ``apply`` equals the menu of the same state read back from JSON
(as storage hands it over), at every decision of seeded random matches, on the bare path and
on the checked one.
"""

from __future__ import annotations

import json
import random

import pytest

from games.coppertwaddle import GAME
from games.core import CHANCE


def _from_storage(state: dict) -> dict:
    return json.loads(json.dumps(state))


@pytest.mark.parametrize("checked", [False, True])
@pytest.mark.parametrize("seed", [3, 11])
def test_a_states_menu_is_the_same_fresh_from_apply_and_read_back_from_storage(
    seed: int, checked: bool
) -> None:
    """Contract: ``legal_actions`` depends on the state's contents, not on how it was made."""
    rng = random.Random(seed)
    options = GAME.parse_options(2)
    decisions = 0
    for _match in range(4):
        state = GAME.initial_state(2, options)
        while seats := GAME.to_act(state):
            if seats == [CHANCE]:
                code = GAME.sample_chance(state, rng)
                state, _events = GAME.apply(state, CHANCE, code, checked=checked)
                continue
            seat = seats[0]
            menu = GAME.legal_actions(state, seat)
            stored = _from_storage(state)
            assert menu == GAME.legal_actions(stored, seat), (state["phase"], decisions)
            assert (
                GAME.legal_actions(state, 1 - seat) == [] == GAME.legal_actions(stored, 1 - seat)
            ), "only the seat to act has a menu"
            state, _events = GAME.apply(state, seat, rng.choice(menu), checked=checked)
            decisions += 1
    assert decisions > 500, "four matches hold hundreds of decisions"


def test_the_menu_handed_out_is_the_callers_own() -> None:
    """Contract: a caller may keep and change the list it got; the next answer is unchanged."""
    rng = random.Random(5)
    state = GAME.initial_state(2, GAME.parse_options(2))
    while GAME.to_act(state) == [CHANCE]:
        state, _events = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
    seat = GAME.to_act(state)[0]
    menu = GAME.legal_actions(state, seat)
    expected = list(menu)
    menu.clear()
    assert GAME.legal_actions(state, seat) == expected != []
