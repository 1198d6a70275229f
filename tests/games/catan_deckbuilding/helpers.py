"""Rigging tables for the Catan tests: chosen shuffles, hands, draw piles and discard piles."""

from __future__ import annotations

from games.catan_deckbuilding import GAME
from games.catan_deckbuilding.cards import CARD_INDEX, KINDS
from games.catan_deckbuilding.engine import LETTERS
from games.core import CHANCE, Event, IllegalAction, shuffle_code

__all__ = ["CHANCE", "GAME", "IllegalAction", "act", "arrange", "counts", "hand_of", "start"]


def counts(cards: dict[str, int] | None = None) -> list[int]:
    result = [0] * KINDS
    for word, amount in (cards or {}).items():
        result[CARD_INDEX[word]] = amount
    return result


def hand_of(state: dict, seat: int) -> dict[str, int]:
    return {
        word: state["hand"][seat][CARD_INDEX[word]]
        for word in CARD_INDEX
        if state["hand"][seat][CARD_INDEX[word]]
    }


def start(first: int = 0, **options) -> dict:
    """A table after the deal with both starting decks in sorted order (identity shuffles)."""
    state = GAME.initial_state(2, GAME.parse_options(2, {"first_player": first, **options}))
    for _ in range(2):
        state, _events = GAME.apply(state, CHANCE, shuffle_code(list(range(21))))
    assert GAME.to_act(state) == [first]
    return state


def arrange(
    state: dict,
    seat: int,
    hand: dict[str, int] | None = None,
    deck: list[str] | None = None,
    discard: dict[str, int] | None = None,
) -> dict:
    """Give ``seat`` exactly this hand, draw pile (top first) and discard pile."""
    if hand is not None:
        state["hand"][seat] = counts(hand)
    if deck is not None:
        state["deck"][seat] = "".join(LETTERS[CARD_INDEX[word]] for word in deck)
    if discard is not None:
        state["discard"][seat] = counts(discard)
    return state


def act(state: dict, seat: int, *codes: str) -> tuple[dict, list[Event]]:
    """Apply ``codes`` in order (each checked against the legal actions)."""
    events: list[Event] = []
    for code in codes:
        assert code in GAME.legal_actions(state, seat) or seat == CHANCE, (
            code,
            GAME.legal_actions(state, seat),
        )
        state, new = GAME.apply(state, seat, code)
        events.extend(new)
    return state, events
