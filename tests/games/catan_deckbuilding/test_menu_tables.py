"""The main menu's remembered tables answer for the state asked about, never for an older one."""

from __future__ import annotations

from games.catan_deckbuilding.cards import CARD_INDEX

from .helpers import GAME, arrange, start


def test_a_supply_pile_emptied_in_place_leaves_the_menu_at_once() -> None:
    """Ruling: a supply pile can run out; the menu follows the supply as it is now, also when a
    caller edits the very supply list whose menu was just worked out."""
    state = arrange(start(), 0, hand={"lehm": 4, "holz": 4})
    assert "buy:hafen" in GAME.legal_actions(state, 0)
    state["supply"][CARD_INDEX["hafen"]] = 0
    legal = GAME.legal_actions(state, 0)
    assert "buy:hafen" not in legal and "pay:hafen" not in legal and "buy:strasse" in legal
    state["supply"][CARD_INDEX["hafen"]] = 2
    assert "buy:hafen" in GAME.legal_actions(state, 0)


def test_a_supply_pile_refilled_in_place_comes_back_into_the_menu() -> None:
    """The same the other way: a pile that was empty when the menu was asked for, refilled in
    place, is offered again (the remembered answer is only for an unchanged supply)."""
    state = arrange(start(), 0, hand={"lehm": 4, "holz": 4})
    state["supply"][CARD_INDEX["strasse"]] = 0
    assert "buy:strasse" not in GAME.legal_actions(state, 0)
    assert "buy:hafen" in GAME.legal_actions(state, 0)
    state["supply"][CARD_INDEX["strasse"]] = 1
    assert "buy:strasse" in GAME.legal_actions(state, 0)
