"""Betting: antes, the bet and raise menus, typed amounts, minimum raises, all-in short of a
call, side pots, everyone folding to one player, split pots, and what the showdown shows."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import IllegalAction
from games.stardust import GAME, evaluate, side_pots
from tests.games.stardust.helpers import H0, H7, H9, H16, act, act_events, deal, everyone, new, turn


def test_rigged_hands_rank_as_the_tests_assume() -> None:
    assert [evaluate(hand)[1] for hand in (H16, H9, H7, H0)] == [16, 9, 7, 0]


def test_ante_paid_by_all_and_first_bettor_after_dealer() -> None:
    """Startrunde: everyone pays the ante; 5 cards each; the player after the dealer bets first."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    assert state["stacks"] == [190, 190, 190]
    assert GAME.view(state, None)["pot"] == 30
    assert [len(hand) for hand in state["hands"]] == [5, 5, 5]
    assert turn(state) == 1


def test_opening_menu_minimum_is_the_ante_half_pot_pot_all_in() -> None:
    """No bet yet: check, or bet the ante (minimum), half the pot, the pot, or everything."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    assert GAME.legal_actions(state, 1) == sorted(
        ["check", "bet:10", "bet:15", "bet:30", "bet:190"]
    )
    assert GAME.legal_actions(state, 2) == []


def test_raise_menu_minimum_raise_is_the_previous_raise() -> None:
    """A raise is at least the previous bet or raise: after a bet of 20, the minimum is 40."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    state = act(state, 1, "bet:20")
    # pot 50; to call 20 -> pot after call 70: half pot raise to 55, pot raise to 90
    assert GAME.legal_actions(state, 2) == sorted(
        ["call", "fold", "raise:40", "raise:55", "raise:90", "raise:190"]
    )
    state = act(state, 2, "raise:55")  # a raise by 35
    assert GAME.view(state, 0)["min_raise_to"] == 90


def test_a_menu_met_again_is_a_list_of_its_own() -> None:
    """Menus are remembered by their amounts (the same table twice gives the same menu), yet a
    caller that edits the list it got does not change the menu of the next state like it."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    menu = GAME.legal_actions(state, 1)
    menu.append("raise:1")
    menu.remove("check")
    again = deal(new(3), {1: H16, 2: H9, 0: H7})
    assert GAME.legal_actions(again, 1) == ["bet:10", "bet:15", "bet:190", "bet:30", "check"]


def test_menu_deduplicated_and_only_valid_amounts() -> None:
    """A short stack sees only the amounts it can make; all-in is always there."""
    state = deal(new(3, stacks=[200, 200, 35]), {1: H16, 2: H9, 0: H7})
    state = act(state, 1, "bet:20")
    # seat 2 has 25: minimum raise to 40 is out of reach, only calling or all-in (raise to 25)
    assert GAME.legal_actions(state, 2) == ["call", "fold", "raise:25"]


def test_typed_amounts_are_validated_with_a_reason() -> None:
    """Exact amounts are typed; below the minimum, above the stack and wrong verbs are refused."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    cases = {
        "bet:9": "at least 10",
        "bet:191": "at most 190",
        "raise:50": "bet instead",
    }
    for code, phrase in cases.items():
        with pytest.raises(IllegalAction, match=re.escape(phrase)) as error:
            GAME.apply(state, 1, code)
        assert phrase in error.value.reason.en and error.value.reason.de
    state = act(state, 1, "bet:23")
    assert state["bets"][1] == 23
    with pytest.raises(IllegalAction, match="raise instead"):
        GAME.apply(state, 2, "bet:50")
    with pytest.raises(IllegalAction, match="at least 46"):
        GAME.apply(state, 2, "raise:45")
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 0, "raise:60")
    state = act(state, 2, "raise:47")
    assert state["cur"] == 47


def test_check_around_ends_the_round() -> None:
    """The round ends when everyone still in has matched the highest bet (all checked)."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    state = everyone(state, "check")
    assert state["phase"] == "exchange"


def test_fold_only_against_a_bet_and_call_only_against_a_bet() -> None:
    """Checking is free, so folding needs a bet; nothing to call means check."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    with pytest.raises(IllegalAction, match="only possible against a bet"):
        GAME.apply(state, 1, "fold")
    with pytest.raises(IllegalAction, match="nothing to call"):
        GAME.apply(state, 1, "call")
    state = act(state, 1, "bet:10")
    with pytest.raises(IllegalAction, match="call, raise or fold"):
        GAME.apply(state, 2, "check")


def test_everyone_folds_to_one_player_who_wins_without_showing() -> None:
    """Everyone else folds: the last player takes the pot and shows nothing; the deal rotates."""
    state = deal(new(3), {1: H0, 2: H9, 0: H7})
    state = act(state, 1, "bet:30")
    state = act(state, 2, "fold")
    state, events = act_events(state, 0, "fold")
    assert state["stacks"] == [190, 220, 190]
    assert state["last"]["shown"] == []
    assert not any("cards" in event.data for event in events if event.to is None)
    assert state["phase"] == "deal" and state["dealer"] == 1 and state["hand_no"] == 2


def test_all_in_short_of_a_call_makes_a_side_pot() -> None:
    """A player who cannot cover a call goes all-in for less; the excess is a side pot."""
    state = deal(new(3, stacks=[200, 200, 25]), {1: H0, 2: H16, 0: H9})
    state = act(state, 1, "bet:50")
    assert GAME.action_label(state, 2, "call", "en") == "Call all-in (15)"
    state = act(state, 2, "call")
    state = act(state, 0, "call")
    assert state["contrib"] == [60, 60, 25]
    assert side_pots(state["contrib"], [0, 1, 2]) == [(75, [0, 1, 2]), (70, [0, 1])]
    state = everyone(state, "keep")
    assert GAME.to_act(state) == [1]  # round 2: the all-in player is skipped
    state = everyone(state, "check")
    # H16 (seat 2) wins the main pot, H9 (seat 0) the side pot
    assert state["stacks"] == [140 + 70, 140, 75]
    assert state["last"]["pots"] == [[75, [2]], [70, [0]]]


def test_several_side_pots_paid_to_different_winners() -> None:
    """Two all-ins at different levels make three pots, each to the best hand eligible for it."""
    state = deal(
        new(4, stacks=[300, 40, 80, 300]),
        {1: H16, 2: H9, 3: H7, 0: H0},
    )
    state = act(state, 1, "bet:30")  # all-in
    state = act(state, 2, "raise:70")  # all-in, a full raise (by 40 >= 30)
    state = act(state, 3, "call")
    state = act(state, 0, "call")
    state = everyone(state, "keep")
    assert GAME.to_act(state) == [3]
    state = act(state, 3, "bet:100")
    state = act(state, 0, "call")
    assert state["phase"] == "deal"
    assert state["last"]["pots"] == [[160, [1]], [120, [2]], [200, [3]]]
    assert state["stacks"] == [120, 160, 120, 320]


def test_short_all_in_raise_does_not_reopen_the_betting() -> None:
    """An all-in raise below the minimum: players who already acted may only call or fold."""
    state = deal(new(3, stacks=[200, 200, 70]), {1: H0, 2: H16, 0: H9})
    state = act(state, 1, "bet:50")
    state = act(state, 2, "raise:60")  # all-in, raises by only 10
    assert "raise:110" in GAME.legal_actions(state, 0)  # seat 0 has not acted yet
    state = act(state, 0, "call")
    assert GAME.legal_actions(state, 1) == ["call", "fold"]
    with pytest.raises(IllegalAction, match="only call or fold"):
        GAME.apply(state, 1, "raise:200")
    state = act(state, 1, "call")
    assert state["phase"] == "exchange"


def test_no_raise_when_everyone_else_is_all_in() -> None:
    """Nobody left who could call: the last player with chips may only call or fold."""
    state = deal(new(3, stacks=[200, 200, 40]), {1: H0, 2: H16, 0: H9})
    state = act(state, 1, "check")
    state = act(state, 2, "bet:30")  # all-in
    state = act(state, 0, "fold")
    assert GAME.legal_actions(state, 1) == ["call", "fold"]


def test_split_pot_odd_chip_to_first_seat_after_dealer() -> None:
    """Tied hands split the pot evenly; the odd chip goes to the earliest seat after the dealer."""
    first = [3, 0, 13, 30, 22]  # Wald groß 4+1 = 5, no suns
    second = [6, 5, 14, 31, 33]  # Wald mittel 3+2 = 5, no suns
    assert evaluate(first) == evaluate(second)
    state = deal(new(3, ante=11), {1: first, 2: second, 0: H0})
    state = everyone(state, "check")
    state = everyone(state, "keep")
    state = everyone(state, "check")
    assert state["last"]["pots"] == [[33, [1, 2]]]
    assert state["stacks"] == [189, 189 + 17, 189 + 16]


def test_split_pot_every_odd_chip_to_the_earliest_winner_after_the_dealer() -> None:
    """Ruling: still tied, the pot is split evenly, any odd chip to the earliest seat after the
    dealer. Three tied winners of a 44-chip pot (four antes of 11) get 14 each, and the two odd
    chips both go to seat 1, the first winner after the dealer (seat 0), not one each."""
    first = [3, 0, 13, 30, 22]
    second = [6, 5, 14, 31, 33]
    third = [11, 12, 28, 34, 47]
    assert evaluate(first) == evaluate(second) == evaluate(third)
    state = deal(new(4, ante=11), {1: first, 2: second, 3: [7, 9, 18, 29, 37], 0: third})
    state = everyone(state, "check")
    state = everyone(state, "keep")
    state = everyone(state, "check")
    assert state["last"]["pots"] == [[44, [1, 2, 0]]]
    assert state["stacks"] == [189 + 14, 189 + 16, 189 + 14, 189]


def test_showdown_shows_only_hands_still_in() -> None:
    """Folded hands are never shown: not in the showdown, not in any public event or view."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    state = everyone(state, "check")
    state = everyone(state, "keep")
    state = act(state, 1, "bet:10")
    state = act(state, 2, "call")
    state, events = act_events(state, 0, "fold")
    shown = GAME.view(state, None)["last"]["shown"]
    assert sorted(entry["seat"] for entry in shown) == [1, 2]
    public = [event for event in events if event.to is None]
    for event in public:
        for entry in event.data.get("shown", []):
            assert entry["seat"] != 0
    for observer in (None, 1, 2):
        shown_cards = {
            card for entry in GAME.view(state, observer)["last"]["shown"] for card in entry["cards"]
        }
        assert shown_cards == set(H16) | set(H9)


def test_hidden_cards_only_in_the_owners_view() -> None:
    """A seat sees its own hand; the public view and other seats see only hand sizes."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    assert GAME.view(state, 1)["hand"] == sorted(H16)
    assert "hand" not in GAME.view(state, None)
    assert GAME.view(state, 2)["hand"] == sorted(H9)
    assert GAME.view(state, None)["hand_sizes"] == [5, 5, 5]


def test_typed_amount_must_be_a_whole_number_and_the_view_gives_the_range() -> None:
    """The form for a typed amount gets its bounds from the view; non-numbers are refused."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    assert GAME.view(state, 1)["amount_range"] == {"verb": "bet", "min": 10, "max": 190}
    assert GAME.view(state, 2)["amount_range"] is None
    for code in ("bet:1.5", "bet:-5", "bet:zehn"):
        with pytest.raises(IllegalAction, match="whole number"):
            GAME.apply(state, 1, code)
    with pytest.raises(IllegalAction, match=r"That is not a valid move\."):
        GAME.apply(state, 1, "bet:10:20")


@given(
    st.lists(st.integers(0, 300), min_size=3, max_size=5).flatmap(
        lambda contrib: st.tuples(
            st.just(contrib),
            st.lists(st.sampled_from(range(len(contrib))), min_size=1, unique=True),
        )
    )
)
def test_side_pots_pay_out_every_chip_to_live_players_only(case) -> None:
    """Property: the pots add up to everything paid in; only live players are eligible; every
    live player can win the main pot; later pots have fewer (nested) eligible players."""
    contrib, live = case
    live = sorted(live)
    pots = side_pots(contrib, live)
    assert sum(amount for amount, _eligible in pots) == sum(contrib)
    for amount, eligible in pots:
        assert amount > 0 and eligible and set(eligible) <= set(live)
    if pots and pots[0][1] != live:
        # the main pot is open to every live player unless nobody live paid anything at all
        assert min(contrib[seat] for seat in live) == 0
    for (_a, outer), (_b, inner) in pairwise(pots):
        assert set(inner) < set(outer)
