"""Rigged tables for the Stardust tests: chosen stacks, chosen hands, chosen draws."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import CHANCE, Event, State, shuffle_code
from games.stardust import GAME, check_invariants
from games.stardust.cards import planet, sun

W, A, U = 0, 1, 2  # Wald, Aqua, Wüste
G, M, K = 0, 1, 2  # groß, mittel, klein

# Four hands with known, different scores (asserted in test_betting).
H16 = [planet(W, G, 4), planet(W, G, 3), planet(W, G, 2), planet(W, M, 4), planet(W, M, 3)]
H9 = [planet(A, K, 4), planet(A, K, 3), planet(A, K, 2), planet(U, M, 1), planet(W, K, 1)]
H7 = [planet(U, G, 4), planet(U, G, 3), planet(A, M, 4), planet(W, M, 1), planet(U, K, 1)]
H0 = [planet(W, K, 3), planet(A, G, 1), planet(U, M, 2), sun(False, 1), planet(A, M, 1)]


def new(players: int = 3, stacks: list[int] | None = None, **options: int) -> State:
    """A table before the first deal; ``stacks`` rigs unequal starting chips."""
    state = GAME.initial_state(players, GAME.parse_options(players, options))
    if stacks is not None:
        state["stacks"] = list(stacks)
        state["total"] = sum(stacks)
    return state


def deal(state: State, hands: dict[int, list[int]], draws: Sequence[int] = ()) -> State:
    """Apply a shuffle that deals ``hands`` (seat -> 5 cards) and then ``draws`` from the top."""
    n = state["n"]
    seats = [(state["dealer"] + k) % n for k in range(1, n + 1)]
    seats = [seat for seat in seats if state["left"][seat] is None]
    used = {card for cards in hands.values() for card in cards} | set(draws)
    filler = [card for card in range(48) if card not in used]
    sequence: list[int] = []
    for seat in seats:
        if seat in hands:
            sequence += hands[seat]
        else:
            sequence += filler[:5]
            filler = filler[5:]
    sequence += list(draws) + filler
    return act(state, CHANCE, shuffle_code(list(reversed(sequence))))


def act(state: State, seat: int, code: str) -> State:
    """Apply a checked move and assert chips and cards are still conserved."""
    return act_events(state, seat, code)[0]


def act_events(state: State, seat: int, code: str) -> tuple[State, list[Event]]:
    """Like ``act``, also returning the events."""
    new_state, events = GAME.apply(state, seat, code)
    check_invariants(new_state)
    return new_state, events


def turn(state: State) -> int:
    """The one seat to act."""
    (seat,) = GAME.to_act(state)
    return seat


def everyone(state: State, code: str) -> State:
    """Let every seat in turn play ``code`` while the phase stays the same."""
    phase, number = state["phase"], state["round"]
    while state["phase"] == phase and state["round"] == number and GAME.to_act(state):
        state = act(state, turn(state), code)
    return state
