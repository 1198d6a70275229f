"""Shuffle codes are sampled like the core helper, so seeded tables keep their deals."""

from __future__ import annotations

import random

from games.core import CHANCE, random_shuffle
from games.scherbia import GAME
from games.scherbia.actions import OTHER_IDS
from games.scherbia.cards import DECK


def test_sampled_shuffles_are_the_ones_the_core_helper_draws_from_the_same_generator():
    """Deal and Aktionskarten deal: the engine's own sampling draws the same shuffle, as the
    same code, as ``games.core.random_shuffle`` (with the verb ``ashuffle`` for the action
    cards)."""
    state = GAME.initial_state(4, GAME.parse_options(4, {"action_cards": True}))
    for seed in range(5):
        assert GAME.sample_chance(state, random.Random(seed)) == random_shuffle(
            random.Random(seed), DECK
        )
    state, _events = GAME.apply(state, CHANCE, random_shuffle(random.Random(0), DECK))
    assert state["phase"] == "adeal"
    for seed in range(5):
        assert GAME.sample_chance(state, random.Random(seed)) == random_shuffle(
            random.Random(seed), len(OTHER_IDS), "ashuffle"
        )
