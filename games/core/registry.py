"""The registry of product games: every package under ``games`` that exports ``GAME``.

Adding a game is adding a package; nothing else needs editing. Test-only games register
themselves with ``register`` and never ship.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .contract import Game
from .errors import SetupError
from .text import Text

_games: dict[str, Game] = {}
_discovered = False
_NOT_GAMES = {"core", "players"}


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    # The games are found beside ``games.core``, not imported by name: the contract knows no
    # game (each game imports the contract).
    for module in pkgutil.iter_modules([str(Path(__file__).resolve().parent.parent)]):
        if module.ispkg and module.name not in _NOT_GAMES:
            package = importlib.import_module(f"games.{module.name}")
            game = getattr(package, "GAME", None)
            if isinstance(game, Game):
                register(game)


def register(game: Game) -> Game:
    """Add ``game`` to the registry (idempotent for the same object)."""
    existing = _games.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"two games with id {game.id!r}")
    _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Remove a game (tests only)."""
    _games.pop(game_id, None)


def all_games() -> list[Game]:
    """Every registered game, ordered by id."""
    _discover()
    return [_games[key] for key in sorted(_games)]


def get_game(game_id: str) -> Game:
    """The game with ``game_id``; ``SetupError`` naming the known games if there is none."""
    _discover()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "-"
        raise SetupError(
            Text(
                f"Unbekanntes Spiel {game_id!r}. Bekannt: {known}",
                f"Unknown game {game_id!r}. Known: {known}",
            )
        ) from None
