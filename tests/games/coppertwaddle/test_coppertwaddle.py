"""The Coppertwaddle favour: it answers any non-rank card, in either player's turn."""

from __future__ import annotations

import pytest

from games.coppertwaddle import GAME
from games.core import IllegalAction

from .helpers import card, design, play, rigged, slot

ME, YOU = 0, 1
TARGET = slot(YOU, 1, 0)


def _position(my_hand, your_hand, **extra):
    return rigged(
        domain={TARGET: "Milz", slot(ME, 1, 0): "Der Schmied"},
        hands=(my_hand, your_hand),
        spare=True,
        **extra,
    )


def test_the_answer_is_asked_only_of_a_seat_holding_a_coppertwaddle() -> None:
    """Lead's ruling: the pending decision exists only when the seat holds one."""
    state = _position(["Land in Sicht!"], ["Bader"])
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    assert state["phase"] == "engarde" and state["covered"][TARGET]
    state = _position(["Land in Sicht!"], ["Coppertwaddle"])
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    assert state["phase"] == "answer" and GAME.to_act(state) == [YOU]
    assert GAME.legal_actions(state, YOU) == ["answer", "let"]
    assert GAME.legal_actions(state, ME) == []
    assert not state["covered"][TARGET], "nothing happens before the answer"


def test_coppertwaddle_negates_and_both_go_to_the_midden() -> None:
    """Ruling: it negates the card; both are discarded."""
    state = _position(["Land in Sicht!"], ["Coppertwaddle"])
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    state = play(state, YOU, "answer")
    assert not state["covered"][TARGET]
    assert {card("Land in Sicht!"), card("Coppertwaddle")} <= set(state["midden"])
    assert state["phase"] == "engarde" and GAME.to_act(state) == [ME]


def test_letting_it_happen_resolves_the_card() -> None:
    state = _position(["Land in Sicht!"], ["Coppertwaddle"])
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    state = play(state, YOU, "let")
    assert state["covered"][TARGET] and card("Coppertwaddle") in state["hands"][YOU]


def test_a_coppertwaddle_can_be_answered_by_a_coppertwaddle() -> None:
    """A Coppertwaddle is itself a non-rank card: the answer to it lets the first card act."""
    state = _position(["Land in Sicht!", "Coppertwaddle"], ["Coppertwaddle"])
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    state = play(state, YOU, "answer")
    assert GAME.to_act(state) == [ME] and "answer" in GAME.legal_actions(state, ME)
    state = play(state, ME, "answer")
    assert state["covered"][TARGET]
    assert (
        len([c for c in state["midden"] if c in (card("Coppertwaddle"), card("Coppertwaddle", 1))])
        == 2
    )


def test_the_guardian_answers_in_the_challengers_phase() -> None:
    """Either player's turn: the Guardian answers a favour of the Challenger."""
    state = rigged(
        guardian=YOU,
        domain={slot(ME, 1, 0): "Der Schmied"},
        hands=(["Coppertwaddle", "Bader"], ["Land in Sicht!"]),
    )
    state = play(state, YOU, "end")  # now ME is Guardian and YOU may challenge
    assert state["phase"] == "challenge"
    state = play(state, YOU, f"fav:{design('Land in Sicht!')}:{slot(ME, 1, 0)}")
    assert state["phase"] == "answer" and GAME.to_act(state) == [ME]
    state = play(state, ME, "answer")
    assert not state["covered"][slot(ME, 1, 0)]
    assert state["phase"] == "engarde", "the challenge goes on only with something to play"


def test_declarations_can_be_answered_too() -> None:
    state = _position(["Der Geburtstag"], ["Coppertwaddle"])
    state = play(state, ME, f"decl:{design('Der Geburtstag')}:{slot(ME, 1, 0)}")
    state = play(state, YOU, "answer")
    assert state["decls"][slot(ME, 1, 0)] == []
    assert card("Der Geburtstag") in state["midden"]


def test_answering_in_a_robbing_keeps_the_exchange_going() -> None:
    """In the robbing the answered card counts as a play; then the other player acts."""
    state = rigged(
        domain={
            slot(ME, 1, 0): "Milz",
            slot(ME, 1, 1): "Lektionarium",
            slot(YOU, 1, 0): "Der Freisasse",
        },
        hands=(["Das Rad", "Der Kompass"], ["Coppertwaddle", "Der Sextant"]),
    )
    state = play(state, ME, f"rob:{slot(ME, 1, 0)}:{slot(YOU, 1, 0)}")
    state = play(state, ME, f"fav:{design('Das Rad')}:{slot(YOU, 1, 0)}")
    state = play(state, YOU, "answer")
    assert state["phase"] == "rob" and state["rob"]["nosupport"] == []
    assert GAME.to_act(state) == [YOU]


def test_a_coppertwaddle_is_never_played_on_its_own() -> None:
    state = _position(["Coppertwaddle"], [])
    own = f"fav:{design('Coppertwaddle')}"
    assert not [code for code in GAME.legal_actions(state, ME) if code.startswith(own)]
    with pytest.raises(IllegalAction, match=r"A Coppertwaddle is only played to answer") as error:
        GAME.apply(state, ME, f"fav:{design('Coppertwaddle')}")
    assert "answer" in error.value.reason.en
