"""The engine player "strategy": hoard Stadt cards, buy towards them, cycle everything else.

It decides from the seat's own view and legal actions only:
- draw first (Hafen, the attacks, Ritter (Defensiv)), because more cards pay for more;
- buy a Stadt whenever the engine's automatic payment allows it; otherwise buy the most useful
  card whose automatic payment does not spend a Stadt (Hafen, Siedlung while few are owned,
  Ritter (Offensiv), Strasse), never paying a Siedlung with Siedlungen and keeping two
  Siedlungen for Stadt purchases;
- before ending the turn, set aside every card except the Stadt cards so that the hand falls
  under four and the end-of-turn draw refills it to seven: Stadt cards stay in hand until the
  third arrives;
- always answer an attack with a Ritter (Defensiv), keep stolen cards unless they are Meer or
  Wueste, and discard the least useful cards to a Ritter (Offensiv).
"""

from __future__ import annotations

import random

from games.core import Game, State

from .cards import (
    BANDIT,
    CARD_INDEX,
    CARDS,
    HAFEN,
    KINDS,
    MEER,
    RITTER_DEF,
    RITTER_OFF,
    SIEDLUNG,
    STADT,
    STRASSE,
    WUESTE,
    auto_payment,
)

DRAW_FIRST = ("play:hafen", "play:ritter_off", "play:bandit", "play:ritter_def")
DROP_ORDER = (MEER, WUESTE, 4, 1, 3, 2, 0, STRASSE, BANDIT, RITTER_OFF, RITTER_DEF, HAFEN)
BUY_ORDER = (HAFEN, SIEDLUNG, RITTER_OFF, STRASSE)


class StrategyPlayer:
    """A Stadt-hoarding strategy that beats the random player."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        """Pick a legal action from the seat's view."""
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        phase = view["phase"]
        if phase in ("defend", "counter"):
            return "defend" if "defend" in legal else legal[0]
        if phase == "keep":
            return "return" if view.get("stolen") in ("meer", "wueste") else "keep"
        if phase == "drop":
            for card in (*DROP_ORDER, SIEDLUNG, STADT):
                code = "drop:" + CARDS[card]
                if code in legal:
                    return code
            return legal[0]
        if phase == "pay":
            return "confirm" if "confirm" in legal else "cancel"
        return self._play(view, legal)

    def _play(self, view: dict, legal: list[str]) -> str:
        for code in DRAW_FIRST:
            if code in legal:
                return code
        if "buy:stadt" in legal:
            return "buy:stadt"
        hand = [0] * KINDS
        for word, amount in view["hand"].items():
            hand[CARD_INDEX[word]] = amount
        owned_siedlung = hand[SIEDLUNG] + view["discard"].get("siedlung", 0)
        for card in BUY_ORDER:
            code = "buy:" + CARDS[card]
            if code not in legal:
                continue
            if card == SIEDLUNG and owned_siedlung >= 4:
                continue
            used = auto_payment(card, hand, view["pool"], view["roads"])
            if used is None or used[STADT]:
                continue
            if used[SIEDLUNG] and (card == SIEDLUNG or owned_siedlung <= 2):
                continue  # a Siedlung for a Siedlung gains nothing; keep a few for Stadt buys
            return code
        for card in range(KINDS):
            if card != STADT and hand[card]:
                code = "aside:" + CARDS[card]
                if code in legal:
                    return code
        return "end"


__all__ = ["StrategyPlayer"]
