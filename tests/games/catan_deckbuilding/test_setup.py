"""Set-up, the deal, the end-of-turn draw, the turn limit and the first player."""

from __future__ import annotations

import random

import pytest

from games.catan_deckbuilding.cards import CARD_INDEX, CARDS, STARTING_DECK, SUPPLY
from games.catan_deckbuilding.engine import CatanOptions
from games.core import SetupError, shuffle_code

from .helpers import CHANCE, GAME, act, arrange, counts, hand_of, start


def test_starting_deck_is_the_21_cards_of_the_source() -> None:
    """Ruling 'Starting deck per player (21)': Getreide 3, Holz 3, Weide 3, Lehm 2, Erz 2, Meer 3,
    Wueste 1, Strasse 2, Siedlung 2."""
    expected = {
        "getreide": 3,
        "holz": 3,
        "weide": 3,
        "lehm": 2,
        "erz": 2,
        "meer": 3,
        "wueste": 1,
        "strasse": 2,
        "siedlung": 2,
    }
    assert {CARDS[c]: n for c, n in enumerate(STARTING_DECK) if n} == expected
    assert sum(STARTING_DECK) == 21
    state = GAME.initial_state(2, GAME.parse_options(2))
    for seat in range(2):
        assert sorted(state["deck"][seat]) == sorted(state["deck"][1 - seat])
        assert len(state["deck"][seat]) == 21


def test_supply_holds_54_cards_in_seven_piles() -> None:
    """Ruling 'Supply': Bandit 3, Ritter (Offensiv) 3, Ritter (Defensiv) 3, Strasse 14, Hafen 3,
    Siedlung 8, Stadt 9."""
    expected = {
        "bandit": 3,
        "ritter_off": 3,
        "ritter_def": 3,
        "strasse": 14,
        "hafen": 3,
        "siedlung": 8,
        "stadt": 9,
    }
    assert {CARDS[c]: n for c, n in enumerate(SUPPLY) if n} == expected
    view = GAME.view(GAME.initial_state(2, GAME.parse_options(2)), None)
    assert view["supply"] == {word: expected[word] for word in view["supply"]}


def test_deal_shuffles_both_decks_then_chance_picks_the_first_player_and_both_draw_7() -> None:
    """Ruling: each player draws 7; the first player is drawn by the seeded generator."""
    state = GAME.initial_state(2, GAME.parse_options(2))
    order = list(range(21))[::-1]
    state, _ = GAME.apply(state, CHANCE, shuffle_code(order))
    state, _ = GAME.apply(state, CHANCE, shuffle_code(list(range(21))))
    assert state["phase"] == "first" and GAME.to_act(state) == [CHANCE]
    state, events = GAME.apply(state, CHANCE, "first:1")
    assert GAME.to_act(state) == [1]
    # Seat 0's pile was reversed: its top seven are the end of the sorted deck.
    assert hand_of(state, 0) == {"siedlung": 2, "strasse": 2, "wueste": 1, "meer": 2}
    assert hand_of(state, 1) == {"erz": 2, "lehm": 2, "getreide": 3}
    assert [len(state["deck"][seat]) for seat in range(2)] == [14, 14]
    assert any(event.kind == "first_player" and event.data["seat"] == 1 for event in events)
    # A player's drawn cards are told to that player only.
    assert all(event.to in (0, 1) for event in events if event.kind == "drew")


def test_first_player_option_names_the_starting_seat_without_chance() -> None:
    """Ruling: 'a table option may name the first player'."""
    state = start(first=1)
    assert state["active"] == 1 and state["turn"] == 1


def test_first_player_chance_is_seeded_and_can_give_either_seat() -> None:
    """The first player comes from the caller's seeded generator (both seats happen)."""
    seen = set()
    for seed in range(20):
        state = GAME.initial_state(2, GAME.parse_options(2))
        rng = random.Random(seed)
        while GAME.to_act(state) == [CHANCE]:
            state, _ = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        seen.add(state["active"])
    assert seen == {0, 1}


def test_end_of_turn_draws_up_to_seven_when_fewer_than_four_are_held() -> None:
    """Ruling 'End of turn': table to the discard pile, then draw up to 7 if the hand holds
    fewer than 4 cards."""
    state = start()
    arrange(state, 0, hand={"erz": 3, "meer": 1}, deck=["holz"] * 10, discard={})
    state, _ = act(state, 0, "aside:meer")
    assert state["table"][0][CARD_INDEX["meer"]] == 1
    state, _events = act(state, 0, "end")
    assert hand_of(state, 0) == {"erz": 3, "holz": 4}
    assert state["discard"][0] == counts({"meer": 1})
    assert state["table"][0] == counts()
    assert state["active"] == 1 and state["turn"] == 2


def test_end_of_turn_draws_exactly_three_when_four_or_more_are_held() -> None:
    """Ruling: 'otherwise exactly 3'."""
    state = start()
    arrange(state, 0, hand={"erz": 5}, deck=["holz"] * 10)
    state, _ = act(state, 0, "end")
    assert hand_of(state, 0) == {"erz": 5, "holz": 3}


def test_turn_limit_ends_the_game_drawn() -> None:
    """Ruling 'End': a game that reaches the table-option turn limit ends drawn."""
    state = start(turn_limit=3)
    for seat in (0, 1, 0):
        assert not GAME.is_over(state)
        state, _ = act(state, seat, "end")
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result is not None and result.ranks == [1, 1] and result.scores == [0, 0]


def test_default_turn_limit_is_150_and_bounds_are_checked() -> None:
    options = GAME.parse_options(2)
    assert isinstance(options, CatanOptions) and options.turn_limit == 150
    with pytest.raises(SetupError, match=r"Invalid option turn_limit: it must be at least"):
        GAME.parse_options(2, {"turn_limit": 0})
    with pytest.raises(SetupError, match=r"Invalid option first_player: it must be at most"):
        GAME.parse_options(2, {"first_player": 2})
    with pytest.raises(SetupError, match=r"Settlers of Catan: Deck Building is played by 2"):
        GAME.parse_options(3)
