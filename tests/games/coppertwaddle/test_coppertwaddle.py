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


def test_the_answer_is_asked_of_every_seat_holding_a_card_so_the_question_tells_nothing() -> None:
    """Privacy (nothing hidden reaches another player, the timing of questions included): the
    Coppertwaddle may answer any non-rank card, so the other player is asked whether or not a
    Coppertwaddle is in hand, and the player of the card cannot tell which from the table."""
    views = []
    for your_hand, menu in ((["Bader"], ["let"]), (["Coppertwaddle"], ["answer", "let"])):
        state = _position(["Land in Sicht!"], your_hand)
        state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
        assert state["phase"] == "answer" and GAME.to_act(state) == [YOU]
        assert GAME.legal_actions(state, YOU) == menu
        assert GAME.legal_actions(state, ME) == []
        assert not state["covered"][TARGET], "nothing happens before the answer"
        views.append(GAME.view(state, ME))
    assert views[0] == views[1]
    state = play(state, YOU, "let")
    assert state["phase"] == "engarde" and state["covered"][TARGET]


def test_a_seat_with_an_empty_hand_is_not_asked_for_an_answer() -> None:
    """An empty hand holds no Coppertwaddle, and everyone sees its size: no question."""
    state = _position(["Land in Sicht!"], [])
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    assert state["phase"] == "engarde" and state["covered"][TARGET]


def test_coppertwaddle_negates_and_both_go_to_the_midden() -> None:
    """Ruling: it negates the card; both are discarded."""
    state = _position(["Land in Sicht!"], ["Coppertwaddle"])
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    state = play(state, YOU, "answer")
    assert GAME.legal_actions(state, ME) == ["let"]  # asked in turn, holding no Coppertwaddle
    state = play(state, ME, "let")
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
    # The Challenger's hand is empty now, as everyone sees: neither asked to answer back nor
    # to go on challenging.
    assert state["phase"] == "engarde", "an empty hand with nothing to use ends the Challenge"


def test_declarations_can_be_answered_too() -> None:
    state = _position(["Der Geburtstag"], ["Coppertwaddle"])
    state = play(state, ME, f"decl:{design('Der Geburtstag')}:{slot(ME, 1, 0)}")
    state = play(state, YOU, "answer")
    state = play(state, ME, "let")
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
    state = play(state, ME, "let")
    assert state["phase"] == "rob" and state["rob"]["nosupport"] == []
    assert GAME.to_act(state) == [YOU]


def test_a_coppertwaddle_is_never_played_on_its_own() -> None:
    state = _position(["Coppertwaddle"], [])
    own = f"fav:{design('Coppertwaddle')}"
    assert not [code for code in GAME.legal_actions(state, ME) if code.startswith(own)]
    with pytest.raises(IllegalAction, match=r"A Coppertwaddle is only played to answer") as error:
        GAME.apply(state, ME, f"fav:{design('Coppertwaddle')}")
    assert "answer" in error.value.reason.en


def test_without_always_ask_only_a_seat_that_can_play_is_asked() -> None:
    """The table option ``always_ask=false`` (the faster flow, and the one of tables stored
    before the option): a seat without a Coppertwaddle is not asked for an answer, and a
    Challenger with nothing to play is passed over."""
    position = {
        "domain": {TARGET: "Milz", slot(ME, 1, 0): "Der Schmied"},
        "hands": (["Land in Sicht!", "Der Müller"], ["Bader"]),
    }
    state = GAME.set_up(2, position, {"games": 1, "always_ask": False})
    assert "always_ask" not in state  # as states stored before the option
    state = play(state, ME, f"fav:{design('Land in Sicht!')}:{TARGET}")
    assert state["phase"] == "engarde" and state["covered"][TARGET]
    state = play(state, ME, "end")
    assert state["guardian"] == YOU and state["phase"] == "engarde"  # ME was passed over
