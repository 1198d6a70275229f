"""The ruling's measured claims for Aktionskarten and Fraktionen, on a small seeded sample.

The full figures come from ``bench/scherbia_actions.py`` (hundreds of games); these samples are
small enough for every test run and seeded, so they fail only when the play changes.
"""

from __future__ import annotations

import math

import pytest

from games.scherbia.actions import FACTIONS
from games.scherbia.balance import MAX_FACTION_SHARE, faction_games, strategy_vs_random


@pytest.mark.slow(seconds=30)
def test_with_action_cards_the_strategy_player_wins_at_least_as_often_against_random():
    """Ruling (Aktionskarten): with action cards on, the strategy player still wins at least as
    often against random as without. bench/scherbia_actions.py measures it over 300 games
    each; this sample of 40 two-player games each (the same seeds) checks that action cards
    do not make it measurably worse: its rate with them is not below its rate without by more
    than two standard errors of the difference (a rate's standard error over 40 games is
    about 7 points, so a sample of 40 may show either order when the rates are alike)."""
    without = strategy_vs_random(40, action_cards=False, seed=1000)
    with_cards = strategy_vs_random(40, action_cards=True, seed=1000)
    assert without.games == with_cards.games == 40
    spread = math.sqrt(
        (without.rate * (1 - without.rate) + with_cards.rate * (1 - with_cards.rate)) / 40
    )
    assert with_cards.rate >= without.rate - 2 * spread
    assert with_cards.rate > 0.5


@pytest.mark.slow(seconds=90)
def test_no_faction_wins_more_than_60_percent_of_even_team_games_in_a_sample():
    """Ruling (Fraktionen): no faction wins more than 60% of even team games between engine
    players (a sample of 18 games, every pairing and side three times; the bench has the
    full figures). The sample allows one game more than 60% of a faction's twelve."""
    tally = faction_games(18, seed=500)
    for faction in FACTIONS:
        assert tally.games[faction.word] == 12
        assert tally.wins[faction.word] <= MAX_FACTION_SHARE * 12 + 1, faction.word
