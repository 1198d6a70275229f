"""Placeholder; replaced below."""

from games.players import RandomPlayer


class StrategyPlayer(RandomPlayer):
    """Temporary."""
