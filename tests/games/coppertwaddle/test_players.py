"""The engine players and the ruling's balance check."""

from __future__ import annotations

import random

from games.coppertwaddle import GAME, balance_report, self_play
from games.coppertwaddle.cards import NAME
from games.players.search import PLAYOUT_LIMIT, playout
from tests.games.normal_play import first_decision_where

from .helpers import card, rigged, slot


def test_strategy_beats_random_in_at_least_80_percent_of_200_seeded_matches() -> None:
    """Issue: the strategy wins at least 160 of 200 seeded matches, seats alternating."""
    wins = 0
    for index in range(200):
        players = ("strategy", "random") if index % 2 == 0 else ("random", "strategy")
        state = self_play(1, seed=10_000 + index, players=players)[0]
        result = GAME.result(state)
        assert result is not None, "a self-played match ends"
        ranks = result.ranks
        mine = players.index("strategy")
        wins += ranks[mine] == 1 and ranks[1 - mine] == 2
    assert wins >= 160, wins


def test_strategy_uses_only_its_view() -> None:
    """The strategy's choice does not change when hidden cards are dealt anew."""
    player = GAME.engine_players()["strategy"]
    state = rigged(
        domain={slot(0, 1, 0): "Milz", slot(1, 1, 0): "Der Freisasse"},
        hands=(["Berg Ararat", "Land in Sicht!"], ["Bader", "Coppertwaddle"]),
    )
    choice = player.choose(GAME, state, 0, random.Random(1))
    for seed in range(5):
        other = GAME.shuffle_hidden(state, 0, random.Random(seed))
        assert player.choose(GAME, other, 0, random.Random(1)) == choice


def test_strategy_blocks_and_robs_sensibly() -> None:
    """A covered Bauer of the opponent is worth blocking with a Wind rather than giving them
    a free proud card."""
    state = rigged(
        domain={slot(1, 1, 0): "Der Schmied"}, covered=(slot(1, 1, 0),), hands=(["Nordwind"], [])
    )
    choice = GAME.engine_players()["strategy"].choose(GAME, state, 0, random.Random(0))
    assert choice == f"wind:{slot(1, 1, 0)}"


def test_balance_report_counts_first_player_wins_and_cards() -> None:
    """Ruling: the first player's win rate over decided games; each card's share of the
    winners' Domains."""
    herzog, milz = card("Berg Ararat"), card("Milz")
    states = [
        {
            "history": [
                {"first": 0, "winner": 0, "points": 9, "domain": [herzog, milz]},
                {"first": 1, "winner": 0, "points": 8, "domain": [herzog]},
                {"first": 0, "winner": -1, "points": 0, "domain": []},
            ]
        }
    ]
    report = balance_report(states)
    assert (report.games, report.decided, report.draws) == (3, 2, 1)
    assert report.first_player_rate == 0.5
    assert report.card_share[NAME[herzog]] == 1.0 and report.card_share["Milz"] == 0.5
    assert not report.ok, "Berg Ararat in every winner's Domain breaks the 80% bound"
    assert "50.0%" in report.text("en") and "50,0" not in report.text("de")


def test_balance_report_from_self_play_prints() -> None:
    report = balance_report(self_play(4, seed=0))
    assert report.games == 12
    text = report.text("de")
    assert "Startspieler" in text and "Berg Ararat" in text


def test_balance_report_takes_conformance_playouts() -> None:
    """The CLI's simulate can hand over the suite's Playout objects as they are."""
    from games.core.conformance import checked_playout

    playout = checked_playout(GAME, 2, GAME.parse_options(2, {"games": 1}), seed=4)
    report = balance_report([playout])
    assert report.games == 1
    assert report.to_dict()["games"] == 1


def test_strongs_playouts_end_with_the_game_searched_and_value_the_match_to_come() -> None:
    """Issue 18's strong player in Coppertwaddle: a playout stops when the game it decides in
    is over (the next deal waits) instead of playing the match's later games, and values that
    point by the victory points of section 7 (a point per game won, one for the highest single
    game, one for the highest total of won games), each game still to come won by either
    player alike; in the match's last game it plays to the end, where the points decide."""
    strong = GAME.engine_players()["strong"]
    start = GAME.initial_state(2, GAME.parse_options(2))
    first = first_decision_where(GAME, start, lambda state: state["game"] == 0, seed=3)
    end = playout(GAME, first, strong.rollout, random.Random(1), PLAYOUT_LIMIT, stop=strong.horizon)
    assert (end["phase"], len(end["history"])) == ("deal", 1)
    # Seat 0 won this game (seed 3): one game up with two to come is ahead, far from sure
    # (the other wins both in a fourth of the futures).
    assert end["history"][0]["winner"] == 0
    assert strong.value(end, 0) == 0.75
    assert strong.value(end, 1) == 0.25
    # One game each, the first won with more points: the third decides alike for both.
    level = dict(end, history=[{"winner": 0, "points": 30}, {"winner": 1, "points": 20}])
    assert strong.value(level, 0) == strong.value(level, 1) == 0.5
    last = first_decision_where(GAME, start, lambda state: state["game"] == 2, seed=3)
    end = playout(GAME, last, strong.rollout, random.Random(1), PLAYOUT_LIMIT, stop=strong.horizon)
    assert GAME.is_over(end)
