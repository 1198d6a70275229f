"""Shuffle codes: sampled like the core helper, parsed as strictly as the decoder."""

from __future__ import annotations

import random

import pytest

from games.catan_deckbuilding import GAME
from games.core import CHANCE, IllegalAction, random_shuffle
from games.core.errors import MALFORMED


def test_a_sampled_shuffle_is_the_one_the_core_helper_draws_from_the_same_generator():
    """Seeded tables keep their games: the engine's own sampling draws the same shuffle, as the
    same code, as ``games.core.random_shuffle`` for the 21 starting cards."""
    state = GAME.initial_state(2, GAME.parse_options(2))
    for seed in range(5):
        expected = random_shuffle(random.Random(seed), 21)
        assert GAME.sample_chance(state, random.Random(seed)) == expected


def _order(size: int) -> list[str]:
    return [str(card) for card in range(size)]


@pytest.mark.parametrize(
    "code",
    [
        "shuffle:" + ":".join(_order(20)),  # a card missing
        "shuffle:" + ":".join(["0", *_order(20)]),  # a card twice
        "shuffle:" + ":".join(["00", *_order(21)[1:]]),  # a leading zero
        "shuffle:" + ":".join(["+0", *_order(21)[1:]]),  # a sign
        "shuffle:" + ":".join(_order(22)[1:]),  # 21 is no card of the deck
        "mix:" + ":".join(_order(21)),  # not a shuffle
    ],
)
def test_a_malformed_deal_is_refused(code):
    """Deal: only a permutation of the starting deck, in plain numbers, shuffles it; anything
    else is refused as malformed and changes nothing."""
    state = GAME.initial_state(2, GAME.parse_options(2))
    with pytest.raises(IllegalAction, match=r"That is not a valid move\.") as refused:
        GAME.apply(state, CHANCE, code)
    assert refused.value.reason == MALFORMED
