"""The engine levels of issue 18: the searching player never peeks, and every level plays legal.

The no-peeking test follows the issue: at many positions of every game it deals every other
seat's hidden information anew with the contract's ``shuffle_hidden`` (parties included) and
requires the strong player's decision to stay the same under a fixed seed and iteration budget.
"""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, Game, all_games
from games.core.contract import Result
from games.players import RandomPlayer
from games.players.search import EasyPlayer, SearchPlayer, level_of, utility

SETUPS = [
    ("catan-deckbuilding", 2),
    ("coppertwaddle", 2),
    ("scherbia", 2),
    ("scherbia", 4),
    ("stardust", 4),
    ("gelfdrakkar", 5),
]
GAMES = {game.id: game for game in all_games()}
EVERY = {
    "catan-deckbuilding": 9,
    "coppertwaddle": 9,
    "scherbia": 2,
    "stardust": 3,
    "gelfdrakkar": 5,
}
"""Every how many decisions with a choice a position is taken: spread over whole games."""
BUDGET = {
    "catan-deckbuilding": 32,
    "coppertwaddle": 16,
    "scherbia": 32,
    "stardust": 32,
    "gelfdrakkar": 16,
}
"""Playouts per move in the no-peeking test: enough for the search to leave normal's move
(8 shared samples of a candidate), and for the slow playouts of Coppertwaddle and
Gelfdrakkar no more."""


def _positions(game: Game, players: int, seed: int, every: int):
    """(state, seat) at every ``every``-th decision with a choice, along a normal-level game."""
    normal = game.engine_players()["normal"]
    rng = random.Random(seed)
    state = game.initial_state(players, game.parse_options(players))
    choices = 0
    while seats := game.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            state, _ = game.apply(state, seat, game.sample_chance(state, rng))
            continue
        if len(game.legal_actions(state, seat)) > 1:
            choices += 1
            if choices % every == 0:
                yield state, seat
        state, _ = game.apply(state, seat, normal.choose(game, state, seat, rng))


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_strong_never_peeks_its_move_is_the_same_when_the_others_hidden_cards_are_dealt_anew(
    game_id: str, players: int
) -> None:
    """Issue 18: swapping every other seat's hidden information (``shuffle_hidden``, parties
    included) leaves the strong player's decision unchanged under a fixed seed and budget.
    """
    game = GAMES[game_id]
    strong = game.engine_players()["strong"].with_iterations(BUDGET[game_id])
    checked = changed = 0
    for seed in range(20):
        for state, seat in _positions(game, players, seed, every=EVERY[game_id]):
            swapped = game.shuffle_hidden(state, seat, random.Random(seed * 7919 + checked))
            if swapped is None:
                continue
            assert game.view(swapped, seat) == game.view(state, seat)
            changed += swapped != state
            # The draw a search plays on depends only on what the seat may know.
            assert game.determinize(state, seat, random.Random(5)) == game.determinize(
                swapped, seat, random.Random(5)
            )
            mine = strong.choose(game, state, seat, random.Random(11))
            theirs = strong.choose(game, swapped, seat, random.Random(11))
            assert mine == theirs
            assert mine in game.legal_actions(state, seat)
            checked += 1
            if checked >= 12:
                break
        if checked >= 12:
            break
    assert checked >= 8
    assert changed >= checked // 2, "the swap must change the hidden cards at most positions"


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_the_same_seed_and_iteration_budget_give_the_same_strong_move(
    game_id: str, players: int
) -> None:
    """Issue 18: an iteration budget for tests, so that the same seed gives the same move."""
    game = GAMES[game_id]
    strong = game.engine_players()["strong"].with_iterations(5)
    seen = 0
    for state, seat in _positions(game, players, 42, every=EVERY[game_id]):
        first = strong.choose(game, state, seat, random.Random(3))
        assert strong.choose(game, state, seat, random.Random(3)) == first
        seen += 1
        if seen == 4:
            break
    assert seen == 4


@pytest.mark.parametrize("game_id", sorted({game_id for game_id, _ in SETUPS}))
def test_every_game_offers_random_and_the_three_levels_with_strategy_playing_as_normal(
    game_id: str,
) -> None:
    """Issue 18: easy, normal, strong; stored tables name "strategy", which is normal now."""
    players = GAMES[game_id].engine_players()
    assert {"random", "easy", "normal", "strong", "strategy"} <= set(players)
    assert players["strategy"] is players["normal"]
    assert isinstance(players["strong"], SearchPlayer)
    assert isinstance(players["easy"], EasyPlayer) and players["easy"].normal is players["normal"]
    assert isinstance(players["random"], RandomPlayer)
    assert level_of("strategy") == "normal" and level_of("strong") == "strong"


def test_easy_plays_legal_moves_and_sometimes_not_normals() -> None:
    """Issue 18: easy plays legal, plausible moves with mistakes."""
    game = GAMES["gelfdrakkar"]
    easy, normal = game.engine_players()["easy"], game.engine_players()["normal"]
    differ = total = 0
    for state, seat in _positions(game, 5, 3, every=2):
        move = easy.choose(game, state, seat, random.Random(total))
        assert move in game.legal_actions(state, seat)
        differ += move != normal.choose(game, state, seat, random.Random(total))
        total += 1
    assert total >= 20
    assert 0 < differ < total


def test_the_strong_player_plays_with_a_time_budget_at_a_table() -> None:
    """Issue 18: a time budget for play (the default half a second) picks a legal move."""
    game = GAMES["stardust"]
    strong = game.engine_players()["strong"]
    assert strong.iterations is None and strong.seconds == 0.5
    state, seat = next(_positions(game, 4, 1, every=3))
    assert SearchPlayer(strong.rollout, seconds=0.05).choose(
        game, state, seat, random.Random(1)
    ) in game.legal_actions(state, seat)


def test_utility_rewards_first_place_and_opponents_beaten_not_team_mates() -> None:
    """The search's yardstick: half for first place, half for the share of opponents beaten."""
    assert utility(Result(scores=[3, 1], ranks=[1, 2]), 0) == 1.0
    assert utility(Result(scores=[1, 3], ranks=[2, 1]), 0) == 0.0
    assert utility(Result(scores=[2, 2], ranks=[1, 1]), 0) == 0.75
    teams = Result(scores=[5, 5, 1, 1], ranks=[1, 1, 3, 3], teams=[[0, 1], [2, 3]])
    assert utility(teams, 1) == 1.0
    assert utility(teams, 2) == 0.0


class _Extreme:
    """Plays its highest (or lowest) card, and counts the decisions it was asked for."""

    def __init__(self, highest: bool) -> None:
        self.sign = 1 if highest else -1
        self.asked = 0

    def choose(self, game: Game, state: dict, seat: int, rng: random.Random) -> str:
        self.asked += 1
        legal = game.legal_actions(state, seat)
        return max(legal, key=lambda code: self.sign * int(code.split(":")[1]))


def _highcard_after_lead(second_hand: list[int], led: int, other: int) -> tuple[Game, dict]:
    """Hochkarte for two, seat 0 has led ``led`` (keeping ``other``), seat 1 holds
    ``second_hand``: seat 1 decides.
    """
    from tests.games.highcard import GAME

    rest = [card for card in range(12) if card not in (led, other, *second_hand)]
    order = [led, other, *second_hand, *rest]
    state = GAME.initial_state(2, GAME.parse_options(2))
    state, _ = GAME.apply(state, CHANCE, "shuffle:" + ":".join(map(str, order)))
    state, _ = GAME.apply(state, 0, f"play:{led}")
    return GAME, state


def test_strong_leaves_normals_move_for_one_that_wins_clearly_on_the_same_deals() -> None:
    """Issue 18: strong is a searching player that beats normal; where normal's move (here:
    the highest card, 11, on a led 5, which leaves the 6 to lose the last trick whenever the
    leader kept a 7 or more) is clearly worse on the same sampled deals, the search plays the
    better one (the 6 wins this trick and the 11 the next).
    """
    game, state = _highcard_after_lead([6, 11], led=5, other=0)
    guide = _Extreme(highest=True)
    strong = SearchPlayer(guide, iterations=200)
    assert guide.choose(game, state, 1, random.Random(1)) == "play:11"
    picks = [strong.choose(game, state, 1, random.Random(seed)) for seed in range(20)]
    # The 6 is better on only some deals, and a few seeds see too few of them in the first
    # samples: the search is cautious, not infallible.
    assert picks.count("play:6") >= 16
    assert set(picks) <= {"play:6", "play:11"}


def test_strong_keeps_normals_move_when_every_move_ends_alike_and_stops_early() -> None:
    """Strong should never be worse than normal: it keeps normal's move unless another does
    clearly better, and a decision where every move ends alike (both cards win this trick and
    the next) spends far less than the budget, which stays for decisions that matter.
    """
    game, state = _highcard_after_lead([10, 11], led=5, other=0)
    guide = _Extreme(highest=False)
    strong = SearchPlayer(guide, iterations=400)
    assert strong.choose(game, state, 1, random.Random(2)) == "play:10"
    # Each playout asks the guide for at most two decisions (seat 0's last card, seat 1's).
    assert 0 < guide.asked <= 2 * 40
