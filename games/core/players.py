"""What an engine player is, and the random baseline every game has.

A player is stateless: ``choose`` gets the game, the state, the seat and a seeded generator
(the table derives it from its seed and the state number), so a table's engine moves are
reproducible and survive restarts. A player must only use what ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` tell it; a strategy that peeks at hidden cards cheats.
These live in the contract's package because ``Game.engine_players`` names the baseline; the
games' own strategies and ``games.players`` build on them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .contract import Game, State


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
