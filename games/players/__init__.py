"""Engine players: they choose a move from what a seat may see and know.

A player is stateless: ``choose`` gets the game, the state, the seat and a seeded generator
(the table derives it from its seed and the state number), so a table's engine moves are
reproducible and survive restarts. A player must only use what ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` tell it; a strategy that peeks at hidden cards cheats.
The protocol and the random baseline are defined beside the contract (``games.core.players``),
which names the baseline in ``Game.engine_players``.
"""

from __future__ import annotations

from games.core.players import EnginePlayer, RandomPlayer

__all__ = ["EnginePlayer", "RandomPlayer"]
