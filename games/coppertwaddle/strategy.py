"""Placeholder replaced below."""

import random


class StrategyPlayer:
    """Temporary."""

    def choose(self, game, state, seat, rng: random.Random) -> str:
        """Temporary."""
        return rng.choice(game.legal_actions(state, seat))
