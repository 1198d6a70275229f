"""No hidden card is ever drawn (issue 11): pictures compared with opponents' cards swapped.

For every registered game, over positions spread across seeded random games, the public
picture is drawn, then the cards nobody at the table can see are dealt anew with the contract's
``Game.shuffle_hidden(state, None, rng)`` and the picture drawn again: the two PNGs must be
byte-identical. Likewise a seat's hand picture must not change when only what that seat cannot
see is dealt anew (``shuffle_hidden(state, seat, rng)``). So the comparisons cannot pass by
drawing nothing, each game must also show that dealing a seat's own cards anew does change its
hand picture somewhere.
"""

from __future__ import annotations

import random

import pytest

from games.core import all_games
from pictures import picture
from tests.pictures.playouts import NAMES, playout, spread

SEEDS = (11, 12)
POSITIONS_PER_GAME = 3
PNG = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300 * 1024
"""Well under Discord's upload limit; a picture is tens of kilobytes."""


def players_for(game) -> int:
    return game.min_players


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_pictures_do_not_change_when_hidden_cards_are_swapped(game) -> None:
    """Invariant 1: public picture byte-identical under a new deal of the hidden cards; a
    seat's picture identical under a new deal of what that seat cannot see.
    """
    players = players_for(game)
    names = NAMES[:players]
    rng = random.Random(7)
    compared = own_cards_show = 0
    for seed in SEEDS:
        for state in spread(playout(game, players, seed), POSITIONS_PER_GAME + 2)[1:-1]:
            public = picture(game, game.view(state, None), "de", names)
            assert public.startswith(PNG) and len(public) < MAX_BYTES
            everyone_blind = game.shuffle_hidden(state, None, rng)
            if everyone_blind is not None:
                assert picture(game, game.view(everyone_blind, None), "de", names) == public
                compared += 1
            for seat in range(players):
                own = picture(game, game.view(state, seat), "de", names)
                assert own.startswith(PNG) and len(own) < MAX_BYTES
                others = game.shuffle_hidden(state, seat, rng)
                if others is not None:
                    assert picture(game, game.view(others, seat), "de", names) == own
                    compared += 1
                if everyone_blind is not None and own_cards_show == 0:
                    redealt = picture(game, game.view(everyone_blind, seat), "de", names)
                    own_cards_show += redealt != own
    assert compared > 0, "no position had hidden cards to swap"
    assert own_cards_show, "a seat's picture never showed its own hidden cards"
