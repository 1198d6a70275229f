"""The conformance suite: seeded random playouts of every registered game (OpenSpiel-style).

Each playout checks at every step the promises of the engine contract (see
``games/core/conformance.py``): only seats in ``to_act`` have legal actions; codes are unique,
short and decode back; illegal moves (out of turn, stale codes, garbage) are rejected and change
nothing; the state survives a JSON round trip; views serialise and do not change when an
opponent's hidden cards are dealt anew, and neither do a seat's legal actions, their labels,
the answers to its illegal moves or the events addressed to it; the game ends within its bound; the result is well
formed; replaying the log gives the same state.
"""

from __future__ import annotations

import os

import pytest

from games.core import all_games
from games.core.conformance import checked_playout

GAMES_PER_GAME = int(os.environ.get("TISCHRUNDE_CONFORMANCE_GAMES", "200"))
CHUNKS = 8  # separate tests, so that parallel workers share the long games evenly

SECONDS_PER_PART = {
    "catan-deckbuilding": 45,
    "gelfdrakkar": 27,
    "coppertwaddle": 24,
    "scherbia": 10,
    "stardust": 5,
}
"""About what one part took in a run of the whole suite on three workers and two cores: the
session runs the longest tests first (``tests/conftest.py``), so that no worker is left with a
long one at the end."""


def _player_counts(game) -> list[int]:
    return sorted({game.min_players, game.max_players, (game.min_players + game.max_players) // 2})


def _weighted(game):
    return pytest.param(
        game, id=game.id, marks=pytest.mark.slow(seconds=SECONDS_PER_PART.get(game.id, 10))
    )


@pytest.mark.parametrize("chunk", range(CHUNKS), ids=lambda chunk: f"part{chunk + 1}")
@pytest.mark.parametrize("game", [_weighted(game) for game in all_games()])
def test_random_playouts_keep_the_contract(game, chunk) -> None:
    """Contract: 200 seeded random games per game (in 8 parts), every check at every step."""
    counts = _player_counts(game)
    for index in range(chunk, GAMES_PER_GAME, CHUNKS):
        players = counts[index % len(counts)]
        options = game.parse_options(players)
        playout = checked_playout(game, players, options, seed=index)
        assert playout.decisions > 0


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_game_declares_its_facts(game) -> None:
    """Contract: id, bilingual name, player range, options with defaults, length bound."""
    assert game.id and game.id == game.id.lower()
    assert game.name.de and game.name.en
    assert 0 < game.min_players <= game.max_players
    options = game.parse_options(game.min_players)
    assert game.max_decisions(game.min_players, options) > 0


SCHERBIA_TABLES = [
    (2, {"action_cards": True}),
    (3, {"action_cards": True, "action_hand": 1, "max_layers": 3}),
    (4, {"action_cards": True, "teams": "2v2", "factions": "open"}),
    (5, {"action_cards": True, "action_hand": 4, "hand_size": 5}),
    (6, {"teams": "3v3", "factions": "open"}),
    (8, {"action_cards": True, "teams": "4v4", "factions": "open"}),
    (4, {"action_cards": True, "teams": "2v2", "factions": "hidden"}),
    (4, {"teams": "2v2", "factions": "hidden"}),
    (6, {"action_cards": True, "action_hand": 1, "teams": "3v3", "factions": "hidden"}),
]
"""Scherbia's table options that add hidden information (action cards, hidden factions) and
factions."""


@pytest.mark.parametrize(("players", "values"), SCHERBIA_TABLES, ids=str)
def test_scherbia_with_action_cards_and_factions_keeps_the_contract(players, values) -> None:
    """Contract (issue 19): with Aktionskarten and Fraktionen on, every check at every step,
    the privacy check dealing the other seats' action hands and face-down cards anew, and with
    hidden factions the factions a seat does not know."""
    game = next(game for game in all_games() if game.id == "scherbia")
    options = game.parse_options(players, values)
    for seed in range(max(3, GAMES_PER_GAME // 50)):
        playout = checked_playout(game, players, options, seed=seed)
        assert playout.decisions > 0
