"""Rigged Scherbia tables for the tests: chosen hands, a chosen first leader, chosen dice."""

from __future__ import annotations

from games.core import CHANCE
from games.scherbia import GAME
from games.scherbia.cards import PROFESSION_OF_WORD


def cards_for(hands: list[list[str]]) -> list[list[int]]:
    """Card ids for hands given as profession words (each copy of a profession a new people)."""
    used: dict[int, int] = {}
    result = []
    for hand in hands:
        cards = []
        for word in hand:
            prof = PROFESSION_OF_WORD[word]
            people = used.get(prof, 0)
            assert people < 4, f"only four {word}"
            used[prof] = people + 1
            cards.append(prof * 4 + people)
        result.append(cards)
    return result


def rigged(hands: list[list[str]], leader: int = 0, **options):
    """A table after a deal of ``hands`` and a chosen first leader, set up with the game's
    public ``set_up`` (issue 19); the deal and the leader are chance actions inside it."""
    return GAME.set_up(
        len(hands), {"hands": hands, "leader": leader}, {"hand_size": len(hands[0]), **options}
    )


def act(state, seat: int, code: str):
    """Apply a checked move and return the new state."""
    state, _events = GAME.apply(state, seat, code)
    return state


def play(state, *moves):
    """Apply ``(seat, code)`` moves in order; chance moves use seat ``CHANCE``."""
    for seat, code in moves:
        assert seat in GAME.to_act(state), (seat, code, GAME.to_act(state), state["ask"])
        state = act(state, seat, code)
    return state


def asked(state):
    """The open question as (kind, seat), or ("play", seat)."""
    ask = state["ask"]
    if ask is None:
        return ("play", state["turn"]) if state["phase"] == "play" else (state["phase"], None)
    return (ask["k"], ask["s"])


def pile_words(state, seat: int) -> list[str]:
    """A seat's point pile as sorted profession words."""
    from games.scherbia.cards import WORDS

    return sorted(WORDS[card >> 2] for card in state["piles"][seat])


def hand_words(state, seat: int) -> list[str]:
    """A seat's hand as sorted profession words."""
    from games.scherbia.cards import WORDS

    return sorted(WORDS[card >> 2] for card in state["hands"][seat])


__all__ = ["CHANCE", "GAME", "act", "asked", "hand_words", "pile_words", "play", "rigged"]
