"""Rigged deals and scripted tricks for the Gelfdrakkar tests."""

from __future__ import annotations

from games.core import CHANCE, encode, shuffle_code
from games.gelfdrakkar import GAME
from games.gelfdrakkar.cards import deck_size

# Fill order for cards a test does not place: plain cards first, specials last, so that a seat
# whose hand a test only partly fixes gets Gnome and Zwerge, never a surprise Tod.
_FILL = list(range(95, 120)) + list(range(70, 95)) + list(range(45, 70)) + list(range(20, 45))
_FILL += list(range(120, 124)) + list(range(20))


def rig(players: int, hands: dict[int, list[int]], rest: list[int] | None = None) -> str:
    """The shuffle code that deals ``hands`` (seat -> cards), filling up with plain cards."""
    size = deck_size(players)
    per = size // players
    placed = {card for cards in hands.values() for card in cards} | set(rest or [])
    pool = [card for card in _FILL if card < size and card not in placed]
    order: list[int] = []
    for seat in range(players):
        cards = list(hands.get(seat, []))
        assert len(cards) <= per
        while len(cards) < per:
            cards.append(pool.pop(0))
        order.extend(cards)
    order.extend(rest or [])
    order.extend(pool)
    assert sorted(order) == list(range(size))
    return shuffle_code(order)


def dealt(players: int, hands: dict[int, list[int]], rounds: int = 1, **kwargs):
    """A table of ``players`` right after a rigged deal (seat 0 deals, seat 1 leads)."""
    state = GAME.initial_state(players, GAME.parse_options(players, {"rounds": rounds}))
    state, events = GAME.apply(state, CHANCE, rig(players, hands, **kwargs))
    return state, events


def play(state, seat: int, card: int, partner: int | None = None):
    """Play one card (with a partner for the Waldherr with 5 or 6 players)."""
    code = encode("play", card) if partner is None else encode("play", card, partner)
    return GAME.apply(state, seat, code)


def trick(state, cards: list[int], partners: dict[int, int] | None = None):
    """Play one card per seat in turn order; returns the state and all events."""
    events_all = []
    for card in cards:
        seat = state["turn"]
        state, events = play(state, seat, card, (partners or {}).get(card))
        events_all.extend(events)
    return state, events_all


def last_trick_event(events):
    """The data of the last ``trick`` event."""
    return [event.data for event in events if event.kind == "trick"][-1]


def endgame(
    players: int,
    hands: dict[int, list[int]],
    piles: dict[str, list[list[int]]] | None = None,
    rounds: int = 1,
):
    """A table at its last trick: every seat holds the one card given, piles as given.

    The parties are those of the rigged deal of ``hands`` (Vernio and Sinhara where the hands
    put them); the position itself is built with the game's public ``set_up`` (issue 19), as if
    all other tricks had been played into the given piles.
    """
    deal, _ = dealt(players, {seat: cards for seat, cards in hands.items()}, rounds=rounds)
    position = {
        "hands": [list(hands[seat][-1:]) for seat in range(players)],
        "piles": piles or {"V": [], "A": []},
        "parties": deal["party"],
        "tricks_played": deal["tricks"] - 1,
    }
    return GAME.set_up(players, position, {"rounds": rounds})
