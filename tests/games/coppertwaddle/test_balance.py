"""Balance (ruling): draws, the first player's share and a card of strength 9.

The ruling's figures are measured over at least 1,000 strategy-against-strategy games by
``bench/coppertwaddle_balance.py`` (reported in the README). These tests play a small seeded
sample of the same measurement on every run, with bounds widened by the sample's own error, so
that a change which breaks the balance badly fails here and not only in the benchmark.
"""

from __future__ import annotations

from games.coppertwaddle.balance import (
    FIRST_PLAYER_RANGE,
    MAX_DRAW_RATE,
    Z95,
    BalanceReport,
    balance_report,
    self_play,
)
from games.coppertwaddle.cards import DESIGNS

SAMPLE_MATCHES = 80  # 240 games, a few seconds


def test_a_small_self_play_sample_keeps_draws_low_and_gives_the_first_player_no_clear_edge() -> (
    None
):
    """Ruling: at most 10% drawn, the first player's rate inside 45-55%. In 240 seeded games:
    the draw rate within sampling error of 10%, and 50% inside the first player's 95%
    interval (no significant edge either way)."""
    report = balance_report(self_play(SAMPLE_MATCHES, seed=777))
    assert report.games == 3 * SAMPLE_MATCHES
    draw_error = (MAX_DRAW_RATE * (1 - MAX_DRAW_RATE) / report.games) ** 0.5
    assert report.draw_rate <= MAX_DRAW_RATE + Z95 * draw_error, report.text()
    lower, upper = report.interval
    assert lower <= 0.5 <= upper, report.text()
    low, high = FIRST_PLAYER_RANGE
    assert low - Z95 * report.standard_error <= report.first_player_rate <= high, report.text()


def test_the_balance_check_holds_only_with_the_whole_interval_inside_and_few_draws() -> None:
    """Ruling: the first player's 95% interval inside 45-55% and at most 10% drawn, else the
    check fails (figures made up: a rate of 50% over 1,000 decided games passes; over 100 its
    interval reaches below 45%; 15% draws fail)."""
    assert BalanceReport(games=1050, decided=1000, first_player_wins=500).ok
    assert not BalanceReport(games=105, decided=100, first_player_wins=50).ok
    assert not BalanceReport(games=1200, decided=1000, first_player_wins=500).ok
    assert not BalanceReport(games=1050, decided=1000, first_player_wins=560).ok


def test_the_deck_has_a_rank_card_of_strength_nine() -> None:
    """Ruling (the source's "Stärke 0 bis 9"): at least one rank card of strength 9."""
    assert max(card.strength or 0 for card in DESIGNS if card.kind == "rank") == 9
