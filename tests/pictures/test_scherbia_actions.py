"""Scherbia's action cards in pictures (issue 19): the action hand only in its owner's
picture, the cards laid face down as backs in everyone else's, until the reveal."""

from __future__ import annotations

import random

from games.core import CHANCE
from games.scherbia import GAME
from pictures import picture
from tests.pictures.playouts import NAMES


def _positions(seed: int):
    """States of a seeded random 3-player game with action cards, where cards lie face down."""
    rng = random.Random(seed)
    options = GAME.parse_options(3, {"action_cards": True, "action_hand": 4})
    state = GAME.initial_state(3, options)
    found = []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            code = rng.choice(GAME.legal_actions(state, seat))
        state, _events = GAME.apply(state, seat, code)
        if state["laid"] and not state["revealed"] and state["trick"]:
            found.append(state)
    return found[:: max(1, len(found) // 3)][:3]


def test_face_down_action_cards_and_action_hands_stay_hidden_in_pictures():
    """Invariant 1 with action cards on: the public picture and each seat's picture are
    byte-identical when what they cannot see (action hands, face-down cards) is dealt anew;
    a seat's own action hand does show in its picture."""
    rng = random.Random(3)
    names = NAMES[:3]
    compared = own_shows = 0
    for seed in (1, 2):
        for state in _positions(seed):
            public = picture(GAME, GAME.view(state, None), "de", names)
            blind = GAME.shuffle_hidden(state, None, rng)
            assert picture(GAME, GAME.view(blind, None), "de", names) == public
            for seat in range(3):
                own = picture(GAME, GAME.view(state, seat), "en", names)
                others = GAME.shuffle_hidden(state, seat, rng)
                assert picture(GAME, GAME.view(others, seat), "en", names) == own
                compared += 1
                if blind["ahands"][seat] != state["ahands"][seat]:
                    own_shows += picture(GAME, GAME.view(blind, seat), "en", names) != own
    assert compared > 0 and own_shows > 0


def test_hidden_factions_stay_hidden_in_pictures():
    """Invariant 1 with hidden factions: each seat's picture and the public picture are
    byte-identical when the factions they do not know are dealt anew, until shown."""
    rng = random.Random(5)
    names = NAMES[:4]
    options = GAME.parse_options(4, {"action_cards": True, "teams": "2v2", "factions": "hidden"})
    state = GAME.initial_state(4, options)
    compared = 0
    step = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            code = rng.choice(GAME.legal_actions(state, seat))
        state, _events = GAME.apply(state, seat, code)
        step += 1
        if not state["fac"] or step % 7:
            continue
        for observer in (None, 0, 1):
            own = picture(GAME, GAME.view(state, observer), "de", names)
            others = GAME.shuffle_hidden(state, observer, rng)
            if others is not None:
                assert picture(GAME, GAME.view(others, observer), "de", names) == own
                compared += 1
    assert compared > 0
