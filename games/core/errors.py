"""Errors an engine raises. Their messages are safe to show to the player who caused them."""

from __future__ import annotations

from .text import Text


class IllegalAction(Exception):
    """A move that the rules do not allow now; ``reason`` says why, in German and English.

    The message never reveals hidden information: it only restates what the acting player may
    already know (their own hand, the public table, the rules).
    """

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


class SetupError(ValueError):
    """A table set-up (player count, options) that the game cannot be played with."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


NOT_YOUR_TURN = Text("Du bist gerade nicht am Zug.", "It is not your turn.")
GAME_OVER = Text("Das Spiel ist schon zu Ende.", "The game is already over.")
MALFORMED = Text("Diesen Zug gibt es nicht.", "That is not a valid move.")
NOT_NOW = Text(
    "Dieser Zug ist gerade nicht möglich.",
    "That move is not possible right now.",
)
