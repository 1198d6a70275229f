"""High card with cards that are easy to find in text: every card renders as «K07».

The leak scan registers it: its private rendering, its labels and its private ``dealt`` event
all name hidden cards, so any path that shows private text publicly shows a «K..» token.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, Names, Text, decode
from tests.games.highcard import Highcard


def token(card: int) -> str:
    return f"«K{card:02d}»"


class SecretHighcard(Highcard):
    id = "test-secret"
    name = Text("Geheimkarte", "Secret card")

    def render(self, view: dict[str, Any], lang: str, names: Names = None) -> str:
        hand = view.get("hand")
        lines = [f"phase {view['phase']}, turn {view['turn'] + 1}, scores {view['scores']}"]
        lines.append("trick: " + " ".join(token(card) for _seat, card in view["trick"]))
        if hand is not None:
            lines.append("hand: " + " ".join(token(card) for card in hand))
        return "\n".join(lines)

    def action_label(
        self, state: dict[str, Any], seat: int, code: str, lang: str, names: Names = None
    ) -> str:
        return Text("{c} spielen", "Play {c}").format(c=token(int(decode(code)[1][0]))).get(lang)

    def describe_event(self, event: Event, lang: str, names: Names = None) -> str:
        if event.kind == "dealt":
            return "dealt " + " ".join(token(card) for card in event.data["cards"])
        if event.kind == "play":
            who = self.seat_name(event.data["seat"], lang, names)
            return f"{who} plays {token(event.data['card'])}"
        return super().describe_event(event, lang, names)


GAME = SecretHighcard()


def hidden_from(state: dict[str, Any], seat: int | None) -> set[str]:
    """The tokens of every card ``seat`` may not see now (None: what the public may not see)."""
    cards = list(state["rest"])
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            cards.extend(hand)
    return {token(card) for card in cards}
