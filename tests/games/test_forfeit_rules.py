"""Forfeits checked against each game's rules page ("When time runs out") and the contract."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, FORFEIT, check_result, forfeited, get_game, replay


def _play_until(game, state, rng, steps):
    """Random legal play for ``steps`` player decisions; returns the state and the seat to act."""
    while True:
        seats = game.to_act(state)
        assert seats, "the game ended before the forfeit point"
        if seats == [CHANCE]:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        seat = seats[0]
        if steps == 0:
            return state, seat
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps -= 1


@pytest.mark.parametrize(("players", "teams"), [(4, "2v2"), (6, "3v3"), (8, "4v4")])
def test_scherbia_team_forfeit_ranks_the_whole_team_last(players, teams):
    """Scherbia rules page, "When time runs out": the player who forfeited ranks last, in the
    team game their team with them; the other team places first. Before the final count the
    partner of the forfeiting seat must not share first place with the other team."""
    game = get_game("scherbia")
    options = game.parse_options(players, {"teams": teams})
    for seed in range(3):
        rng = random.Random(seed)
        state, seat = _play_until(game, game.initial_state(players, options), rng, 3 + seed)
        state, _ = game.apply(state, seat, FORFEIT)
        result = game.final_result(state, players)
        check_result(result, players)
        team = [s for s in range(players) if s % 2 == seat % 2]
        assert result.teams is not None and sorted(team) in [sorted(t) for t in result.teams]
        assert all(result.ranks[s] == players // 2 + 1 for s in team)
        assert all(result.ranks[s] == 1 for s in range(players) if s not in team)


CONFIGS = [
    ("stardust", 3, {"hands": 3, "starting_chips": 40, "ante": 10}),
    ("stardust", 5, {"hands": 3, "starting_chips": 40, "ante": 10}),
    ("scherbia", 3, {}),
    ("scherbia", 4, {"teams": "2v2"}),
    ("gelfdrakkar", 5, {}),
    ("coppertwaddle", 2, {}),
    ("catan-deckbuilding", 2, {}),
]


def _teams_of(game_id, players, options):
    if options.get("teams"):
        return [[s for s in range(players) if s % 2 == t] for t in (0, 1)]
    return [[s] for s in range(players)]


@pytest.mark.parametrize(("game_id", "players", "values"), CONFIGS, ids=lambda v: str(v))
def test_forfeits_at_random_points_keep_every_rule_of_the_contract(game_id, players, values):
    """Forfeit rule (contract and each rules page): seeded playouts in which any seat to act
    may forfeit at any point, several in a row where the game plays on (Stardust). After every
    forfeit the game's invariants hold (chips and cards conserved), no view changes when the
    hidden cards are dealt anew (nothing leaks, the gone seat's hand included), a forfeited
    seat is never asked to act again, the log replays to the same state, and the final result
    ranks every forfeiting seat (with its team) below everyone who stayed."""
    from games.core.conformance import _check_events, _check_views

    game = get_game(game_id)
    options = game.parse_options(players, values)
    most_gone = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.initial_state(players, options)
        log, gone, steps = [], [], 0
        while not game.is_over(state):
            seats = game.to_act(state)
            assert not set(gone) & set(seats), "a seat that forfeited is asked to act"
            if seats == [CHANCE]:
                seat, code = CHANCE, game.sample_chance(state, rng)
            else:
                seat = rng.choice(seats)
                if rng.random() < 0.04:
                    code = FORFEIT
                    gone.append(seat)
                else:
                    code = rng.choice(game.legal_actions(state, seat))
            state, events = game.apply(state, seat, code)
            log.append((seat, code))
            steps += 1
            assert steps <= game.max_decisions(players, options) + len(gone)
            game.check_invariants(state)
            if code == FORFEIT:
                _check_views(game, state, players, seed, steps, rng)
                _check_events(game, events, players, seed, steps)
        assert forfeited(state) == gone
        most_gone = max(most_gone, len(gone))
        assert replay(game, players, options, log) == state
        result = game.final_result(state, players)
        check_result(result, players)
        out = set()
        for team in _teams_of(game_id, players, values):
            if set(team) & set(gone):
                out |= set(team)
        stayed = [s for s in range(players) if s not in out]
        assert all(result.ranks[s] == len(stayed) + 1 for s in out)
        assert all(result.ranks[s] <= len(stayed) for s in stayed)
    if game_id == "stardust":
        assert most_gone >= 2, "two seats forfeiting in sequence was not exercised"
    else:
        assert most_gone == 1


def _stardust_to_second_round_last_call(seed):
    """A Stardust hand at its second betting round where the last seat to act faces a bet
    that everyone else has matched, so the round ends with that seat's decision."""
    game = get_game("stardust")
    options = game.parse_options(3, {"hands": 2})
    rng = random.Random(seed)
    state = game.initial_state(3, options)
    while True:
        seats = game.to_act(state)
        if not seats:
            return None
        if seats == [CHANCE]:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        seat = seats[0]
        if state["phase"] == "bet" and state["round"] == 2 and state["pending"] is None:
            if (
                state["cur"] > state["bets"][seat]
                and sum(1 for s in range(3) if state["in_hand"][s] and not state["folded"][s]) == 3
            ):
                live = [s for s in range(3) if s != seat]
                if all(state["bets"][s] == state["cur"] for s in live):
                    return game, state, seat
            codes = [c for c in game.legal_actions(state, seat) if c in ("check", "call")]
            code = codes[0] if codes else "fold"
            if state["cur"] == 0 and seat == game.to_act(state)[0]:
                code = min(
                    (c for c in game.legal_actions(state, seat) if c.startswith("bet:")),
                    default=code,
                )
        else:
            legal = game.legal_actions(state, seat)
            code = "keep" if "keep" in legal else ("call" if "call" in legal else legal[0])
            if "check" in legal:
                code = "check"
        state, _ = game.apply(state, seat, code)


def test_stardust_a_forfeit_that_ends_the_hand_reports_the_showdown():
    """Stardust rules page ("When time runs out"): the gone player folds and the others play
    on; when that fold ends the second betting round, the hand goes to the showdown. What the
    game did then (the hands shown, who won the pot) belongs in the events of that action like
    after any other fold, so the table's log says who won; it used to be dropped, leaving the
    log with a forfeit and no showdown."""
    for seed in range(40):
        found = _stardust_to_second_round_last_call(seed)
        if found is not None:
            break
    else:
        pytest.fail("no position found")
    game, state, seat = found
    after, events = game.apply(state, seat, FORFEIT)
    kinds = [event.kind for event in events]
    assert kinds[0] == "forfeit"
    assert "showdown" in kinds, kinds
    assert after["last"] is not None and after["last"]["pots"]
    showdown = next(event for event in events if event.kind == "showdown")
    assert seat not in [entry["seat"] for entry in showdown.data["shown"]]
    for event in events:
        for lang in ("de", "en"):
            assert isinstance(game.describe_event(event, lang), str)
