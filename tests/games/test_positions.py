"""Positions (issue 19): every game sets up a position through a public, validated ``set_up``.

A position (hands, piles, Domains, a trick so far) is described in the game's own words and
checked: what the rules do not allow raises ``SetupError`` saying why, and the state built keeps
the game's invariants, so that tests, rules-page examples and puzzles can start from it without
writing the state's keys.
"""

from __future__ import annotations

import pytest

from games.catan_deckbuilding import GAME as CATAN
from games.catan_deckbuilding.cards import CARD_INDEX
from games.coppertwaddle import GAME as COPPERTWADDLE
from games.core import SetupError, all_games
from games.gelfdrakkar import GAME as GELFDRAKKAR
from games.gelfdrakkar.cards import SINHARA, VERNIO
from games.scherbia import GAME as SCHERBIA
from games.stardust import GAME as STARDUST

GAMES = [game for game in all_games() if type(game).__module__.startswith("games.")]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_game_offers_validated_positions(game) -> None:
    """Issue 19: each of the five games declares a Position model and rejects an unknown
    field with a reason."""
    assert game.Position is not None
    with pytest.raises(SetupError, match=r"Invalid position \((wings|hands)\)"):
        game.set_up(game.min_players, {"wings": 2})
    assert {game.id for game in GAMES} == {
        "catan-deckbuilding",
        "coppertwaddle",
        "gelfdrakkar",
        "scherbia",
        "stardust",
    }


def test_a_gelfdrakkar_position_with_a_trick_so_far_puts_the_next_seat_on_turn() -> None:
    """Rule: each player plays in turn; after seats 1 and 2 have played, seat 3 is to play.
    The parties follow Vernio and Sinhara (seat 0 and seat 2)."""
    hands = [[VERNIO, 100], [101], [SINHARA], [102, 103]]
    state = GELFDRAKKAR.set_up(
        4, {"hands": hands, "trick": [(1, 104), (2, 105)], "tricks_played": 28}
    )
    assert GELFDRAKKAR.to_act(state) == [3]
    assert GELFDRAKKAR.legal_actions(state, 3) == ["play:102", "play:103"]
    assert GELFDRAKKAR.view(state, 0)["party"] == "V" and GELFDRAKKAR.view(state, 1)["party"] == "A"


@pytest.mark.parametrize(
    ("position", "reason"),
    [
        ({"hands": [[0, 1], [1, 2], [3, 4], [5, 6]], "tricks_played": 28}, "two places"),
        ({"hands": [[0, 1], [2], [3, 4], [5, 6]], "tricks_played": 28}, "should hold 2 cards"),
        ({"hands": [[20], [21], [22], [23]], "tricks_played": 29}, "Vernio party is missing"),
        ({"hands": [[0], [2], [3], [4]], "tricks_played": 29, "trick": [(2, 9)]}, "should hold"),
    ],
)
def test_an_impossible_gelfdrakkar_position_is_refused_with_its_reason(position, reason) -> None:
    """Rules: a card lies in one place; every seat holds as many cards as tricks are left;
    somebody holds Vernio or Sinhara."""
    with pytest.raises(SetupError, match=reason):
        GELFDRAKKAR.set_up(4, position)


def test_a_coppertwaddle_position_refuses_a_card_in_the_wrong_row_or_too_many_copies() -> None:
    """Rules: a rank card lies in its own row (Adel above, Bauern below); a card exists only in
    its number of copies."""
    with pytest.raises(SetupError, match="does not belong in the row of Ditch 0"):
        COPPERTWADDLE.set_up(2, {"domain": {0: "Milz"}})
    with pytest.raises(SetupError, match="there are only 1 of 'Milz'"):
        COPPERTWADDLE.set_up(2, {"hands": (["Milz"], ["Milz"])})
    with pytest.raises(SetupError, match="no card 'Der Drache'"):
        COPPERTWADDLE.set_up(2, {"hands": (["Der Drache"], [])})
    state = COPPERTWADDLE.set_up(2, {"domain": {4: "Milz"}, "hands": (["Bader"], [])})
    assert COPPERTWADDLE.view(state, 0)["hand"] and "rank:2" in COPPERTWADDLE.legal_actions(
        state, 0
    )


def test_a_catan_position_keeps_every_card_of_the_game_somewhere() -> None:
    """Rule: the game has its starting decks and the supply, no more: a position may not hold
    more Städte than exist, and what it does not place stays in the supply (or, for starting
    cards, in the discard piles)."""
    with pytest.raises(SetupError, match="there are only 9 stadt"):
        CATAN.set_up(2, {"hands": ({"stadt": 10}, {})})
    state = CATAN.set_up(2, {"hands": ({"stadt": 2, "holz": 1}, {}), "active": 1})
    assert CATAN.to_act(state) == [1]
    assert state["supply"][CARD_INDEX["stadt"]] == 9 - 2


def test_a_scherbia_position_deals_the_hands_given_and_the_leader_leads() -> None:
    """Rules: four people per profession; the first leader leads the first trick."""
    state = SCHERBIA.set_up(2, {"hands": [["jaeger", "dieb"], ["heiler", "krieger"]], "leader": 1})
    assert SCHERBIA.to_act(state) == [1]
    assert len(SCHERBIA.legal_actions(state, 1)) >= 2
    with pytest.raises(SetupError, match="only 4 'dieb'"):
        SCHERBIA.set_up(2, {"hands": [["dieb"] * 3, ["dieb"] * 3]})
    with pytest.raises(SetupError, match="all hands of one size"):
        SCHERBIA.set_up(2, {"hands": [["dieb"], ["heiler", "krieger"]]})


def test_a_stardust_position_deals_the_hand_given_and_the_first_bettor_acts() -> None:
    """Rules: five cards a hand, each card once; after the deal the seat after the dealer
    bets first."""
    state = STARDUST.set_up(3, {"dealer": 2, "hands": {0: [0, 1, 2, 3, 4]}})
    assert STARDUST.view(state, 0)["hand"] == [0, 1, 2, 3, 4]
    assert STARDUST.to_act(state) == [0]
    with pytest.raises(SetupError, match="five cards"):
        STARDUST.set_up(3, {"hands": {0: [0, 1]}})
    with pytest.raises(SetupError, match="each at most once"):
        STARDUST.set_up(3, {"hands": {0: [0, 1, 2, 3, 4], 1: [4, 5, 6, 7, 8]}})
