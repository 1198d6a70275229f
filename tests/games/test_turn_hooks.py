"""Issue 20: the contract's hooks for a calm thread and a second look, over seeded playouts.

- ``turn_number``: Catan's turns count up by one, never back, and a turn keeps its number
  while the other seat answers an attack; games without turns say None.
- ``confirm_question``: asked exactly for the costly moves the issue names: Stardust's bet or
  raise of the whole stack (all-in), Catan's "end" while a card could still be played,
  Coppertwaddle's "end" of En Garde while a card could still be placed or declared; never for
  any other move, and never in Scherbia and Gelfdrakkar (no all-in, no turn to end).
- ``select_groups``: Catan offers setting a card aside as one menu, prompted in both languages.
"""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, decode, get_game
from games.stardust.engine import betting_menu


def playout(game_id: str, players: int, seed: int, steps: int = 3000):
    """States of one seeded random game, with the seat to act (chance sampled)."""
    game = get_game(game_id)
    options = game.parse_options(players)
    state = game.initial_state(players, options)
    rng = random.Random(seed)
    for _ in range(steps):
        seats = game.to_act(state)
        if not seats:
            return
        seat = seats[0]
        if seat == CHANCE:
            state, _events = game.apply(state, seat, game.sample_chance(state, rng))
            continue
        yield state, seat
        state, _events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def expected_catan(state, seat, code, codes) -> bool:
    return (
        code == "end"
        and state["phase"] == "play"
        and any(other.startswith("play:") for other in codes)
    )


def expected_coppertwaddle(state, seat, code, codes) -> bool:
    return code == "end" and any(other.startswith(("rank:", "wind:", "decl:")) for other in codes)


def expected_stardust(state, seat, code, codes) -> bool:
    verb, args = decode(code)
    if state["phase"] != "bet" or state["pending"] is not None or verb not in ("bet", "raise"):
        return False
    return args[0] == betting_menu(state, seat)[3]


@pytest.mark.parametrize(
    ("game_id", "players", "expected"),
    [
        ("catan-deckbuilding", 2, expected_catan),
        ("coppertwaddle", 2, expected_coppertwaddle),
        ("stardust", 3, expected_stardust),
        ("scherbia", 3, lambda *_: False),
        ("gelfdrakkar", 4, lambda *_: False),
    ],
)
def test_a_second_look_is_asked_for_the_costly_moves_and_no_others(game_id, players, expected):
    """Issue 20 part 7: "Really …?" for all-in and for ending a turn with playable cards
    left, for exactly those moves, in both languages; seen at least once where the game has
    such a move."""
    game = get_game(game_id)
    asked = 0
    for seed in range(6):
        for state, seat in playout(game_id, players, seed):
            codes = game.legal_actions(state, seat)
            for code in codes:
                question = game.confirm_question(state, seat, code)
                assert (question is not None) == expected(state, seat, code, codes), code
                if question is not None:
                    asked += 1
                    assert question.de.startswith("Wirklich") and question.en.startswith("Really")
    if game_id in ("catan-deckbuilding", "coppertwaddle", "stardust"):
        assert asked > 0
    else:
        assert asked == 0


def test_catan_turns_count_up_and_an_answer_to_an_attack_stays_in_the_turn():
    """Issue 20 part 3: Catan's turn number is its turn counter: it never goes back, rises by
    one when the active seat changes, and stays while the other seat answers an attack."""
    game = get_game("catan-deckbuilding")
    reactions = 0
    for seed in range(6):
        last_turn, last_active = None, None
        for state, seat in playout("catan-deckbuilding", 2, seed):
            turn = game.turn_number(state)
            assert isinstance(turn, int)
            if last_turn is not None:
                assert turn in (last_turn, last_turn + 1)
                assert (turn == last_turn + 1) == (state["active"] != last_active)
            if seat != state["active"]:
                reactions += 1  # a reaction: the attacker's turn goes on
            last_turn, last_active = turn, state["active"]
    assert reactions > 0


def test_coppertwaddle_turns_count_up_and_the_challengers_answers_stay_in_the_turn():
    """Issue 20 part 3: Coppertwaddle's turn number counts the Guardian's turns: it never goes
    back, rises whenever a turn begins (the Guardian changes, or a new game of the match
    starts; a turn that asks nobody anything is counted too), and stays while the Challenger
    answers within the turn."""
    game = get_game("coppertwaddle")
    answers = 0
    for seed in range(6):
        last = None
        for state, seat in playout("coppertwaddle", 2, seed):
            turn = game.turn_number(state)
            assert isinstance(turn, int)
            if last is not None and state["phase"] not in ("deal", "over"):
                last_turn, last_guardian, last_game = last
                assert turn >= last_turn
                if turn == last_turn:
                    assert (state["guardian"], state["game"]) == (last_guardian, last_game)
                if state["guardian"] != last_guardian or state["game"] != last_game:
                    assert turn > last_turn
            if seat >= 0 and seat != state["guardian"]:
                answers += 1
            last = (turn, state["guardian"], state["game"])
    assert answers > 0


@pytest.mark.parametrize("game_id", ["scherbia", "gelfdrakkar", "stardust"])
def test_games_without_turn_numbers_post_every_change(game_id):
    """The default: no turn number, so the thread keeps one post per stored change."""
    game = get_game(game_id)
    players = game.min_players if game_id != "stardust" else 3
    state, _seat = next(iter(playout(game_id, players, 0)))
    assert game.turn_number(state) is None


def test_catan_offers_setting_aside_as_one_menu_in_both_languages():
    """Issue 20 part 3: setting a card aside (no effect) is one "Set aside …" select."""
    game = get_game("catan-deckbuilding")
    state, seat = next(iter(playout("catan-deckbuilding", 2, 1)))
    groups = game.select_groups(state, seat)
    assert list(groups) == ["aside"]
    assert groups["aside"].en == "Set aside …" and groups["aside"].de.endswith("…")
    asides = [c for c in game.legal_actions(state, seat) if c.startswith("aside:")]
    assert asides and {game.action_group(state, seat, c) for c in asides} == {"aside"}
