"""A seat forfeits (its clock ran out) through the contract's reserved code, in every game."""

from __future__ import annotations

import random

import pytest

from games.core import (
    CHANCE,
    FORFEIT,
    IllegalAction,
    all_games,
    check_result,
    clone,
    forfeited,
    replay,
)

GAMES = [game for game in all_games() if not game.id.startswith("test-")]


def _to_forfeit(game, players, options, seed):
    """Random play from a seeded start up to a random point where a player must act."""
    rng = random.Random(seed)
    state = game.initial_state(players, options)
    log = []
    stop = rng.randrange(1, 30)
    steps = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            return None
        if seats == [CHANCE]:
            seat, code = CHANCE, game.sample_chance(state, rng)
        else:
            if steps >= stop:
                return state, log, rng, rng.choice(seats)
            seat = rng.choice(seats)
            code = rng.choice(game.legal_actions(state, seat))
            steps += 1
        state, _events = game.apply(state, seat, code)
        log.append((seat, code))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_forfeit_ranks_the_seat_last_and_replays(game):
    """Forfeit rule (contract): the seat's forfeit is its logged action; the table ends, or
    goes on without the seat where the game allows it; either way the forfeiting seat ranks
    last in the final result and the log replays to the same state."""
    players = max(game.min_players, min(game.max_players, 3))
    options = game.parse_options(players)
    went_on = tried = 0
    for seed in range(8):
        found = _to_forfeit(game, players, options, seed)
        if found is None:
            continue  # the random game ended before its forfeit point
        tried += 1
        state, log, rng, seat = found
        given = clone(state)
        with pytest.raises(IllegalAction, match=r"It is not your turn\."):
            game.apply(state, CHANCE, FORFEIT)
        idle = [s for s in range(players) if s not in game.to_act(state)]
        if idle:
            with pytest.raises(IllegalAction, match=r"It is not your turn\."):
                game.apply(state, idle[0], FORFEIT)
        state, events = game.apply(state, seat, FORFEIT)
        assert given == clone(given) and events[0].kind == "forfeit"
        log.append((seat, FORFEIT))
        if not game.is_over(state):
            went_on += 1
        while not game.is_over(state):
            seats = game.to_act(state)
            assert seat not in seats, "a seat that forfeited is asked to act"
            if seats == [CHANCE]:
                actor, code = CHANCE, game.sample_chance(state, rng)
            else:
                actor = rng.choice(seats)
                code = rng.choice(game.legal_actions(state, actor))
            state, _events = game.apply(state, actor, code)
            game.check_invariants(state)
            log.append((actor, code))
        with pytest.raises(IllegalAction, match=r"The game is already over\."):
            game.apply(state, seat, FORFEIT)
        result = game.final_result(state, players)
        check_result(result, players)
        assert forfeited(state) == [seat]
        mates = next((set(t) for t in result.teams or [] if seat in t), {seat})
        assert all(result.ranks[other] == result.ranks[seat] for other in mates)
        others = [result.ranks[other] for other in range(players) if other not in mates]
        assert all(rank < result.ranks[seat] for rank in others)
        assert replay(game, players, options, log) == state
    assert tried >= 4
    if game.id == "stardust":
        assert went_on, "Stardust plays on without a player who is gone"


def test_stardust_gone_player_folds_and_is_out():
    """Stardust forfeit ruling: the gone player folds, leaves the match (is never dealt in
    again) and their chips in the pot stay there; the other two play on."""
    game = next(g for g in GAMES if g.id == "stardust")
    options = game.parse_options(3)
    state = game.initial_state(3, options)
    rng = random.Random(3)
    state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
    seat = game.to_act(state)[0]
    paid = state["contrib"][seat]
    state, _ = game.apply(state, seat, FORFEIT)
    assert state["folded"][seat] and state["left"][seat] is not None
    assert sum(state["contrib"]) >= paid
    assert game.to_act(state) and seat not in game.to_act(state)
    game.check_invariants(state)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_rules_page_says_what_a_forfeit_does(game):
    from tables.rules import rules_page

    assert "## When time runs out" in rules_page(game, "en")
    assert "forfeit" in rules_page(game, "en").split("## When time runs out")[1]
    assert "## Wenn die Zeit abläuft" in rules_page(game, "de")
    assert "aufgegeben" in rules_page(game, "de") or "Aufgabe" in rules_page(game, "de")


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_table_a_forfeit_ended_waits_for_nobody(game):
    """Contract: ``to_act`` is empty once the game is over, also when a forfeit ended it, so a
    finished table never shows the gone player as the one to act (in the view either)."""
    players = game.min_players
    options = game.parse_options(players)
    ended = 0
    for seed in range(8):
        found = _to_forfeit(game, players, options, seed)
        if found is None:
            continue
        state, _log, _rng, seat = found
        after, _events = game.apply(state, seat, FORFEIT)
        if not game.is_over(after):
            continue  # the game goes on without the seat (Stardust)
        ended += 1
        assert game.to_act(after) == []
        assert not game.view(after, None).get("to_act")
    if game.id != "stardust":
        assert ended, "no forfeit ended the game"
