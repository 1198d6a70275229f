"""Positions for the picture tests: states reached by seeded random playouts."""

from __future__ import annotations

import random
from typing import Any

from PIL import ImageFont

from games.core import CHANCE, Game
from pictures import kit

NAMES = ("Anna", "Bärbel", "Çetin", "Dörte", "Emil", "Frieda", "Gustav", "Hanna")


def playout(game: Game, players: int, seed: int, steps: int | None = None) -> list[dict[str, Any]]:
    """Every state of one seeded random game (``steps`` actions at most), the first included."""
    rng = random.Random(seed)
    state = game.initial_state(players, game.parse_options(players))
    states = [state]
    while (seats := game.to_act(state)) and (steps is None or len(states) <= steps):
        seat = seats[0]
        if seat == CHANCE:
            code = game.sample_chance(state, rng)
        else:
            code = rng.choice(game.legal_actions(state, seat))
        state, _events = game.apply(state, seat, code)
        states.append(state)
    return states


def spread(states: list[Any], count: int) -> list[Any]:
    """``count`` states spread evenly over a game, the last one included."""
    if len(states) <= count:
        return states
    return [states[round(index * (len(states) - 1) / (count - 1))] for index in range(count)]


def draw_everything_afresh(monkeypatch: Any) -> None:
    """Every card and every text drawn anew instead of from kept tiles and masks, for tests
    that record what a picture draws and for the comparison in ``test_kept``.
    """

    def afresh(self: Any, paint: Any, x: int, y: int, w: int, h: int, args: Any) -> None:
        paint(self.draw, x, y, *args)

    monkeypatch.setattr(kit.Canvas, "_stamp", afresh)
    monkeypatch.setattr(kit.KeptFont, "getmask2", ImageFont.FreeTypeFont.getmask2)
