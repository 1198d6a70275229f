"""The deal's shuffle code: sampled like the core helper, parsed as strictly as the decoder."""

from __future__ import annotations

import random
import re

import pytest

from games.core import CHANCE, IllegalAction, random_shuffle
from games.core.errors import MALFORMED
from games.gelfdrakkar import GAME
from games.gelfdrakkar.words import DEAL_FIRST


@pytest.mark.parametrize("players", [4, 6, 7])
def test_a_sampled_deal_is_the_shuffle_the_core_helper_draws_from_the_same_generator(players):
    """Seeded tables and stored seeds keep their deals: the engine's own sampling draws the same
    shuffle, as the same code, as ``games.core.random_shuffle`` for the deck in play."""
    state = GAME.initial_state(players, GAME.parse_options(players))
    for seed in range(5):
        size = 124 if players == 7 else 120
        expected = random_shuffle(random.Random(seed), size)
        assert GAME.sample_chance(state, random.Random(seed)) == expected


def _order(size: int) -> list[str]:
    return [str(card) for card in range(size)]


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("shuffle:" + ":".join(_order(119)), MALFORMED),  # a card missing
        ("shuffle:" + ":".join(["0", *_order(119)]), MALFORMED),  # a card twice
        ("shuffle:" + ":".join(["00", *_order(120)[1:]]), MALFORMED),  # a leading zero
        ("shuffle:" + ":".join(_order(124)[4:]), MALFORMED),  # cards 120-123 only with seven
        ("shuffle:" + ":".join(["+0", *_order(120)[1:]]), MALFORMED),  # a sign
        ("mix:" + ":".join(_order(120)), DEAL_FIRST),  # not a shuffle
    ],
)
def test_a_malformed_deal_is_refused_with_the_decoders_reason(code, reason):
    """Deal: only a permutation of the deck in play, in plain numbers, deals; anything else gets
    the same refusal as before the shuffle was parsed without the general decoder."""
    state = GAME.initial_state(6, GAME.parse_options(6))
    with pytest.raises(IllegalAction, match=re.escape(reason.en)) as refused:
        GAME.apply(state, CHANCE, code)
    assert refused.value.reason == reason
