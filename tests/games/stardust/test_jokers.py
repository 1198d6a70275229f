"""The exchange and the three joker specials with their forced answers, and the reshuffle."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.core import CHANCE, IllegalAction, shuffle_code
from games.stardust import GAME, evaluate
from games.stardust.cards import DUNKLE_WASSER, SCHNELLER_TOD, SCHWARZES_LOCH, planet, sun
from games.stardust.engine import _exchange_codes
from tests.games.stardust.helpers import (
    H0,
    H7,
    H9,
    H16,
    A,
    G,
    K,
    M,
    U,
    W,
    act,
    act_events,
    deal,
    everyone,
    new,
    turn,
)

LOCH_HAND = [SCHWARZES_LOCH, planet(W, G, 4), planet(W, G, 3), planet(A, M, 2), sun(False, 1)]
TOD_HAND = [SCHNELLER_TOD, planet(U, K, 4), planet(U, K, 3), planet(A, K, 1), sun(False, 1)]
WASSER_HAND = [DUNKLE_WASSER, planet(U, K, 4), planet(U, K, 3), planet(A, K, 1), sun(False, 1)]


def swap(*cards: int) -> str:
    return "swap:" + ":".join(map(str, sorted(cards)))


def _to_exchange(state):
    return everyone(state, "check")


def test_exchange_up_to_three_cards_draw_back_to_five() -> None:
    """Kartentausch: discard up to three cards and draw back to five; four is refused."""
    draws = [planet(U, K, 4), planet(U, K, 3), planet(U, K, 2)]
    state = _to_exchange(deal(new(3), {1: H0, 2: H9, 0: H7}, draws))
    assert turn(state) == 1
    legal = GAME.legal_actions(state, 1)
    assert "keep" in legal and len(legal) == 1 + 5 + 10 + 10
    with pytest.raises(IllegalAction, match=r"You can exchange at most three cards\."):
        GAME.apply(state, 1, "swap:" + ":".join(map(str, sorted(H0)[:4])))
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, 1, f"swap:{H16[0]}")
    state, events = act_events(state, 1, swap(H0[0], H0[2], H0[4]))
    assert sorted(state["hands"][1]) == sorted([H0[1], H0[3], *draws])
    assert sorted(state["discards"]) == sorted([H0[0], H0[2], H0[4]])
    assert [e.to for e in events if e.kind == "drew"] == [1]
    assert turn(state) == 2
    state = everyone(state, "keep")
    assert state["phase"] == "bet" and state["round"] == 2


def test_schwarzes_loch_draws_two_and_keeps_six_cards_best_five_count() -> None:
    """Schwarzes Loch: laid before its player, who draws 2, holds 6 cards and uses the best 5."""
    draws = [planet(W, G, 2), planet(W, G, 1), planet(A, M, 3)]
    state = _to_exchange(deal(new(3), {1: LOCH_HAND, 2: H9, 0: H7}, draws))
    assert "loch" in GAME.legal_actions(state, 1)
    assert evaluate(LOCH_HAND)[1] == 12  # the Loch as a planet worth 3 beside Aqua mittel 2
    state = act(state, 1, "loch")
    assert len(state["hands"][1]) == 6 and SCHWARZES_LOCH not in state["hands"][1]
    assert GAME.view(state, None)["laid"] == [[SCHWARZES_LOCH, 1, 1]]
    assert turn(state) == 1 and "loch" not in GAME.legal_actions(state, 1)
    state = act(state, 1, swap(sun(False, 1)))
    assert len(state["hands"][1]) == 6  # drawn back to six, not five
    state = everyone(state, "keep")
    state = everyone(state, "check")
    shown = {entry["seat"]: entry for entry in GAME.view(state, None)["last"]["shown"]}
    assert len(shown[1]["cards"]) == 6
    assert shown[1]["score"][1] == 9 + 5  # Dreier Wald groß 4+3+2, Zweier Aqua mittel 2+3
    assert state["last"]["pots"] == [[30, [1]]]


def test_schneller_tod_target_must_discard_one_card_of_their_choice() -> None:
    """Schneller Tod: the target discards one card of their choice and draws; so does its player."""
    target_draw, own_draw = planet(W, K, 4), planet(W, K, 3)
    state = _to_exchange(deal(new(3), {1: TOD_HAND, 2: H9, 0: H7}, [target_draw, own_draw]))
    assert {"tod:0", "tod:2"} <= set(GAME.legal_actions(state, 1))
    with pytest.raises(IllegalAction, match=r"Schneller Tod must be laid before another"):
        GAME.apply(state, 1, "tod:1")
    state = act(state, 1, "tod:2")
    assert GAME.to_act(state) == [2]
    assert GAME.legal_actions(state, 2) == sorted(f"drop:{card}" for card in H9)
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match=r"That move is not possible right now\."):
        GAME.apply(state, 2, "keep")
    state, events = act_events(state, 2, f"drop:{H9[3]}")
    assert sorted(state["hands"][2]) == sorted([*H9[:3], H9[4], target_draw])
    assert sorted(state["hands"][1]) == sorted([*TOD_HAND[1:], own_draw])
    assert state["discards"] == [H9[3]]
    assert [e.data for e in events if e.kind == "discarded"] == [{"cards": [H9[3]]}]
    assert all(e.to == 2 for e in events if e.kind == "discarded")
    assert turn(state) == 1  # the joker's player goes on with the exchange
    assert "tod:2" not in GAME.legal_actions(state, 1)


def test_schneller_tod_only_before_a_player_still_in() -> None:
    """Schneller Tod cannot be laid before a player who folded."""
    state = deal(new(3), {1: TOD_HAND, 2: H9, 0: H7})
    state = act(state, 1, "bet:10")
    state = act(state, 2, "call")
    state = act(state, 0, "fold")
    assert [c for c in GAME.legal_actions(state, 1) if c.startswith("tod")] == ["tod:2"]
    with pytest.raises(IllegalAction, match="still in the hand"):
        GAME.apply(state, 1, "tod:0")


def test_dunkle_wasser_each_player_pays_the_ante_or_folds_in_turn() -> None:
    """Dunkle Wasser: everyone still in, its player first, pays the ante again or folds; a
    player short of it pays what they have and is all-in; then the joker's player draws one."""
    draw = planet(W, K, 4)
    state = _to_exchange(
        deal(new(3, stacks=[200, 200, 15]), {1: WASSER_HAND, 2: H9, 0: H7}, [draw])
    )
    state = act(state, 1, "wasser")
    assert GAME.view(state, None)["laid"] == [[DUNKLE_WASSER, 1, 1]]
    assert GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 1) == ["fold", "pay"]
    assert GAME.action_label(state, 1, "pay", "de") == "Mindesteinsatz zahlen (10)"
    state = act(state, 1, "pay")
    assert GAME.to_act(state) == [2]
    assert GAME.action_label(state, 2, "pay", "en") == "Pay the ante (5)"
    state = act(state, 2, "pay")
    assert state["stacks"][2] == 0 and state["contrib"][2] == 15
    assert GAME.to_act(state) == [0]
    state = act(state, 0, "fold")
    assert state["contrib"] == [10, 20, 15]
    assert sorted(state["hands"][1]) == sorted([*WASSER_HAND[1:], draw])
    assert turn(state) == 1 and "wasser" not in GAME.legal_actions(state, 1)


def test_dunkle_wasser_skips_players_already_all_in() -> None:
    """A player with no chips left is all-in already and is not asked to pay."""
    state = _to_exchange(deal(new(3, stacks=[200, 200, 10]), {1: WASSER_HAND, 2: H9, 0: H7}))
    state = act(state, 1, "wasser")
    assert state["pending"]["queue"] == [1, 0]


def test_dunkle_wasser_everyone_else_folds_ends_the_hand() -> None:
    """If all but one fold to Dunkle Wasser, that player wins the pot at once."""
    state = _to_exchange(deal(new(3), {1: WASSER_HAND, 2: H9, 0: H7}))
    state = act(state, 1, "wasser")
    state = act(state, 1, "pay")
    state = act(state, 2, "fold")
    state = act(state, 0, "fold")
    assert state["phase"] == "deal" and state["stacks"] == [190, 220, 190]
    assert state["last"]["shown"] == []


def test_dunkle_wasser_player_who_folds_draws_nothing() -> None:
    """The joker's player may fold too; then they draw nothing and the exchange moves on."""
    state = _to_exchange(deal(new(3), {1: WASSER_HAND, 2: H9, 0: H7}))
    state = act(state, 1, "wasser")
    state = act(state, 1, "fold")
    state = act(state, 2, "pay")
    state = act(state, 0, "pay")
    assert len(state["hands"][1]) == 4 and state["folded"][1]
    assert turn(state) == 2


def test_laid_joker_no_longer_counts_for_combinations() -> None:
    """A laid joker is out of its player's hand."""
    state = _to_exchange(deal(new(3), {1: WASSER_HAND, 2: H9, 0: H7}, [sun(True, 3)]))
    state = act(state, 1, "wasser")
    for seat in (1, 2, 0):
        state = act(state, seat, "pay")
    assert DUNKLE_WASSER not in state["hands"][1]
    assert sun(True, 3) in state["hands"][1]
    assert DUNKLE_WASSER not in state["deck"] + state["discards"]


def test_reshuffle_discards_when_the_draw_pile_runs_out_laid_jokers_stay() -> None:
    """An empty draw pile: the discards are shuffled in (not the cards laid in front).

    With 3-5 players the pile (at least 23 cards) always covers the exchange (at most 20 draws),
    so the pile is rigged low here.
    """
    state = _to_exchange(deal(new(3), {1: LOCH_HAND, 2: H9, 0: H7}))
    state = act(state, 1, "loch")
    state["discards"], state["deck"] = state["deck"][:-1], state["deck"][-1:]
    state, events = act_events(state, 1, swap(planet(A, M, 2), sun(False, 1)))
    assert GAME.to_act(state) == [CHANCE] and len(state["hands"][1]) == 5
    assert GAME.legal_actions(state, 1) == []
    size = len(state["discards"])
    with pytest.raises(IllegalAction, match=r"That is not a valid move\."):
        GAME.apply(state, CHANCE, shuffle_code(list(range(size + 1))))
    state, events = act_events(state, CHANCE, shuffle_code(list(range(size))))
    assert [e.kind for e in events][:1] == ["reshuffle"]
    assert len(state["hands"][1]) == 6 and state["discards"] == []
    assert SCHWARZES_LOCH not in state["deck"] and state["laid"] == [[SCHWARZES_LOCH, 1, 1]]
    assert turn(state) == 2


@pytest.mark.parametrize("size", [4, 5, 6])
def test_the_exchange_menu_is_keep_every_swap_of_one_to_three_cards_and_the_specials(
    size: int,
) -> None:
    """Rules, the exchange: a player keeps their hand or discards one to three of its cards
    (named in ascending order), and a Schwarzes Loch, Schneller Tod (one code per live
    opponent) or Dunkle Wasser in hand adds its own move. The menu a seat is offered is exactly
    that, sorted, for hands of four to six cards drawn at random from the whole deck.
    """
    rng = random.Random(size)
    with_specials = 0
    for _deal in range(400):
        hand = sorted(rng.sample(range(48), size))
        targets = (1, 3)
        expected = ["keep"] + [
            swap(*group) for width in (1, 2, 3) for group in combinations(hand, width)
        ]
        if SCHWARZES_LOCH in hand:
            expected.append("loch")
        if SCHNELLER_TOD in hand:
            expected += [f"tod:{target}" for target in targets]
        if DUNKLE_WASSER in hand:
            expected.append("wasser")
        with_specials += any(
            joker in hand for joker in (SCHWARZES_LOCH, SCHNELLER_TOD, DUNKLE_WASSER)
        )
        assert _exchange_codes(hand, targets) == sorted(expected), hand
    assert with_specials > 20, "hands with special jokers were among those drawn"
