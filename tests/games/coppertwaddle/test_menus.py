"""Coppertwaddle's menus: the one a move leaves behind is the one the state itself gives.

A move ends by working out whether the seat to act has anything to do, which is that seat's
whole menu; the engine keeps it for the state ``apply`` returned instead of working it out again
(issue 22, part 2: legal actions computed once per state). These tests hold it to the contract:
the menu of a state fresh from ``apply`` equals the menu of the same state read back from JSON
(as storage hands it over), at every decision of seeded random matches, on the bare path and
on the checked one; and a state edited in place after ``apply`` gets the menu of what it now
holds, never the one kept for it. A seat asked whatever it holds (``always_ask``) gets no kept
menu: its menu is worked out when asked, and ``check`` puts the codes that need no menu to
their own checks, which must refuse exactly what the menu look-up refuses.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from games.coppertwaddle import GAME
from games.coppertwaddle.cards import DESIGN_OF
from games.coppertwaddle.table import (
    attack_value,
    defence_value,
    first_free,
    is_proud,
    robbable,
    row_of,
)
from games.core import CHANCE, Game, IllegalAction


def _decisions(rng: random.Random, options: BaseModel, matches: int) -> Iterator[tuple[dict, int]]:
    """Each decision of ``matches`` seeded random matches: the state and the seat to act,
    yielded before the seat's random legal move is played (chance drawn from ``rng`` too).
    """
    for _match in range(matches):
        state = GAME.initial_state(2, options)
        while seats := GAME.to_act(state):
            if seats == [CHANCE]:
                state, _events = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            seat = seats[0]
            yield state, seat
            state, _events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


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
    offered = 0
    for state, seat in _decisions(random.Random(seed), GAME.parse_options(2), 3):
        if state["phase"] == "engarde" and not state["rob"]:
            menu = GAME.legal_actions(state, seat)
            robbings = [code for code in menu if code.startswith("rob:")]
            assert robbings == _robbings_by_the_rules(state, seat)
            offered += len(robbings)
    assert offered > 20, "random matches offer robbings often"


def _edits(state: dict, seat: int) -> list[tuple[str, object]]:
    """In-place edits a caller might make to a state it holds, each undone after the check."""
    hand = state["hands"][seat]
    proud = [slot for slot in range(16) if state["slots"][slot] >= 0]
    edits: list[tuple[str, object]] = [("placed", not state["placed"])]
    if hand:
        edits.append(("hand", hand[:-1]))
    if proud:
        edits.append(("covered", proud[0]))
        edits.append(("decl", proud[0]))
    return edits


def _apply_edit(state: dict, seat: int, edit: tuple[str, object]) -> None:
    kind, value = edit
    if kind == "placed":
        state["placed"] = value
    elif kind == "hand":
        state["hands"][seat][:] = value  # in place: the same list object
    elif kind == "covered":
        state["covered"][value] = not state["covered"][value]
    else:  # a Bekanntmachung laid on the card's own list, in place
        state["decls"][value].append(state["midden"][0] if state["midden"] else 0)


@pytest.mark.parametrize("seed", [1, 6])
def test_a_state_edited_in_place_gets_the_menu_of_its_new_contents(seed: int) -> None:
    """Contract: ``legal_actions`` depends on the state's contents only; a menu worked out for
    a state ``apply`` returned is never handed out once the state was changed in place.
    """
    rng = random.Random(seed)
    state = GAME.initial_state(2, GAME.parse_options(2))
    checked = 0
    while (seats := GAME.to_act(state)) and checked < 300:
        if seats == [CHANCE]:
            state, _events = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        seat = seats[0]
        if state["phase"] in ("engarde", "challenge", "rob"):
            for edit in _edits(state, seat):
                kept = json.loads(json.dumps(state))
                _apply_edit(state, seat, edit)
                fresh = GAME.legal_actions(json.loads(json.dumps(state)), seat)
                assert GAME.legal_actions(state, seat) == fresh, (edit, state["phase"])
                state.clear()
                state.update(kept)  # a new object for every list: no memo matches it
                checked += 1
            state, _events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            continue
        state, _events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked >= 100, "enough edited states were looked at"


@pytest.mark.parametrize("always_ask", [True, False])
def test_a_word_a_rank_card_or_a_discard_is_refused_as_the_general_check_refuses_it(
    always_ask: bool,
) -> None:
    """Contract (``Game.check``): a move is allowed exactly when it is on the seat's menu, and a
    refused one says why. Coppertwaddle puts the words, rank cards and discards to their own
    checks without the menu (``Coppertwaddle.check``); at every decision of seeded matches, for
    both seats, every such code is allowed or refused exactly as ``Game.check`` (the menu
    look-up) does, with the same reason.
    """
    options = GAME.parse_options(2, {"always_ask": always_ask})
    codes = ["answer", "done", "end", "let", "pass"] + [
        f"{verb}:{design}" for verb in ("rank", "discard") for design in range(max(DESIGN_OF) + 1)
    ]
    allowed = refused = 0
    for state, _to_act in _decisions(random.Random(5), options, 2):
        for seat in (0, 1):
            for code in codes:
                try:
                    Game.check(GAME, state, seat, code)
                except IllegalAction as general:
                    refused += 1
                    with pytest.raises(IllegalAction) as refusal:
                        GAME.check(state, seat, code)
                    assert refusal.value.reason == general.reason, (code, state["phase"])
                else:
                    allowed += 1
                    GAME.check(state, seat, code)
    assert allowed > 300 and refused > 10 * allowed, "both allowed and refused codes were asked"
