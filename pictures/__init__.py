"""Pictures of the table and of a seat's hand, drawn with Pillow from a game's views.

A drawer gets one view (``game.view(state, None)`` for the public table, ``game.view(state,
seat)`` for a seat) and nothing else, so a public picture can only show what the public view
holds and a seat's picture only what that seat may know. Every registered game has its own
drawer; any other game (a test game) gets a generic picture of its text rendering.

Imports point down only: this package uses ``games`` and Pillow, never Discord.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.core import Game

from . import catan, coppertwaddle, gelfdrakkar, generic, scherbia, stardust
from .kit import Canvas
from .scene import Scene

Drawer = Callable[[Canvas, Scene], None]

DRAWERS: dict[str, Drawer] = {
    "scherbia": scherbia.draw,
    "gelfdrakkar": gelfdrakkar.draw,
    "coppertwaddle": coppertwaddle.draw,
    "catan-deckbuilding": catan.draw,
    "stardust": stardust.draw,
}
"""One drawer per shipped game, by game id; other games are drawn by ``generic.draw``."""


def picture(
    game: Game, view: dict[str, Any], lang: str, names: Sequence[str] | None = None
) -> bytes:
    """A PNG of ``view``: the public table when it is the public view, else the table as the
    viewing seat sees it with its own hand. ``names`` are the players' names by seat.
    """
    canvas = Canvas()
    DRAWERS.get(game.id, generic.draw)(canvas, Scene(game, view, lang, names))
    return canvas.png()


__all__ = ["DRAWERS", "Scene", "picture"]
