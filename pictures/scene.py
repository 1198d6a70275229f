"""What a drawer is given: the game, one view, the language and the seats' names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Game, Text

from .kit import drawable

NAME_MAX = 20
"""Longer display names are cut: a name must not push the table off the picture."""


@dataclass(frozen=True)
class Scene:
    """One picture to draw. ``view`` is ``game.view(state, seat)`` (or the public view): a
    drawer reads nothing else, so a public picture shows only what the public view holds.
    """

    game: Game
    view: dict[str, Any]
    lang: str
    names: Sequence[str] | None = None

    @property
    def de(self) -> bool:
        """Whether the picture is German (else English, card names keep their German)."""
        return self.lang == "de"

    def say(self, de: str, en: str) -> str:
        """A label in the picture's language."""
        return de if self.de else en

    def text(self, text: Text) -> str:
        """A bilingual text in the picture's language."""
        return text.get(self.lang)

    def name(self, seat: int) -> str:
        """A seat's player name (public: it is on the table), else the game's seat name."""
        if self.names is not None and 0 <= seat < len(self.names):
            name = drawable(str(self.names[seat]))
            return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"
        if seat < 0:
            return self.say("Zufall", "chance")
        return self.game.seat_name(seat, self.lang, self.names)

    @property
    def viewer(self) -> int | None:
        """The seat whose view this is (None for the public table)."""
        for key in ("me", "seat"):
            seat = self.view.get(key)
            if isinstance(seat, int) and not isinstance(seat, bool):
                return seat
        return None

    def panel_name(self, seat: int) -> str:
        """A seat's name for its place at the table, marked "(du)" for the viewer."""
        name = self.name(seat)
        return name + self.say(" (du)", " (you)") if seat == self.viewer else name

    def who(self, seats: Sequence[int]) -> str:
        """Names of seats, comma separated."""
        return ", ".join(self.name(seat) for seat in seats) or "-"
