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
from games.coppertwaddle.table import (
    attack_value,
    defence_value,
    first_free,
    is_proud,
    robbable,
    row_of,
)
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


def _robbings_by_the_rules(state: dict, seat: int) -> list[str]:
    """Section 4.IV read through ``table``: a proud card robs a proud non-Wind card of the same
    row in the other Domain when its row has a free Ditch and its attack beats the defence.
    """
    codes = []
    for robber in range(seat * 8, seat * 8 + 8):
        if not is_proud(state, robber) or first_free(state, seat, row_of(robber)) < 0:
            continue
        for target in range((1 - seat) * 8, (1 - seat) * 8 + 8):
            if (
                row_of(target) == row_of(robber)
                and robbable(state, target)
                and attack_value(state, robber) > defence_value(state, target)
            ):
                codes.append(f"rob:{robber}:{target}")
    return sorted(codes)


@pytest.mark.parametrize("seed", [2, 9])
def test_the_robbings_on_the_menu_are_those_the_attack_and_defence_values_allow(
    seed: int,
) -> None:
    """Source 4.IV: every En Garde menu of seeded matches offers exactly the robbings whose
    attack (robber and proud neighbours) beats the defence (target, proud neighbours and, for
    an Adel, the proud Bauer below).
    """
    rng = random.Random(seed)
    options = GAME.parse_options(2)
    offered = 0
    for _match in range(3):
        state = GAME.initial_state(2, options)
        while seats := GAME.to_act(state):
            if seats == [CHANCE]:
                state, _events = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            seat = seats[0]
            menu = GAME.legal_actions(state, seat)
            if state["phase"] == "engarde" and not state["rob"]:
                robbings = [code for code in menu if code.startswith("rob:")]
                assert robbings == _robbings_by_the_rules(state, seat)
                offered += len(robbings)
            state, _events = GAME.apply(state, seat, rng.choice(menu))
    assert offered > 20, "random matches offer robbings often"
