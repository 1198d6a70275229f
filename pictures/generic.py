"""Any other game (a test game): its own text rendering of the view, drawn on the felt."""

from __future__ import annotations

from .kit import LIGHT, MARGIN, WIDTH, Canvas
from .scene import Scene

MAX_LINES = 40


def draw(canvas: Canvas, scene: Scene) -> None:
    """The game's name and ``game.render(view)`` line by line (from the view only)."""
    game = scene.game
    to_act = [seat for seat in scene.view.get("to_act", []) if isinstance(seat, int)]
    detail = scene.say("am Zug: ", "to act: ") + scene.who(to_act) if to_act else ""
    y = canvas.heading(0, game.name.get(scene.lang), detail)
    lines = game.render(scene.view, scene.lang, scene.names).splitlines()[:MAX_LINES]
    for line in lines:
        canvas.text(MARGIN, y, line, 15, fill=LIGHT, width=WIDTH - 2 * MARGIN)
        y += 22
