"""Engine players: they choose a move from what a seat may see and know.

A player is stateless: ``choose`` gets the game, the state, the seat and a seeded generator
(the table derives it from its seed and the state number), so a table's engine moves are
reproducible and survive restarts. A player must only use what ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` tell it; a strategy that peeks at hidden cards cheats.
"""

from __future__ import annotations

import random
from typing import Protocol

from games.core.contract import Game, State


class EnginePlayer(Protocol):
    """Anything that picks a legal action for a seat."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """A code from ``game.legal_actions(state, seat)``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline every strategy must beat."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """A uniformly random legal action."""
        return rng.choice(game.legal_actions(state, seat))


__all__ = ["EnginePlayer", "RandomPlayer"]
