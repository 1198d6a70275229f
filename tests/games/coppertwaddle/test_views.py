"""What each seat may see, bad input, labels and the length bound."""

from __future__ import annotations

import json
import re

import pytest

from games.coppertwaddle import GAME
from games.core import IllegalAction, shuffle_code

from .helpers import card, design, rigged, slot


def test_a_view_shows_only_the_own_hand_and_no_trumpet_order() -> None:
    state = rigged(hands=(["Milz", "Coppertwaddle"], ["Berg Ararat", "Land in Sicht!"]))
    mine, public = GAME.view(state, 0), GAME.view(state, None)
    assert mine["hand"] == sorted([card("Milz"), card("Coppertwaddle")])
    assert public["hand"] is None
    text = json.dumps(mine)
    assert mine["hand_sizes"] == [2, 2] and mine["trumpet"] == len(state["trumpet"])
    assert "trumpet" in mine and not isinstance(mine["trumpet"], list)
    assert str(card("Berg Ararat")) not in json.dumps(mine["hand"])
    assert "Herzog" not in GAME.render(mine, "en") and "Herzog" not in text


def test_drawn_cards_are_told_only_to_the_drawer() -> None:
    state = GAME.initial_state(2, GAME.parse_options(2))
    state, _events = GAME.apply(state, -1, "first:0")
    _state, events = GAME.apply(state, -1, shuffle_code(list(range(55))))
    private = [event for event in events if event.kind in ("hand", "drawn")]
    assert private and all(event.to is not None for event in private)


@pytest.mark.parametrize(
    ("seat", "code", "reason"),
    [
        (1, "end", "not your turn"),
        (0, f"rank:{design('Berg Ararat')}", "do not hold"),
        (0, "rob:0:8", "proud"),
        (0, "zug:1", "not a valid move"),
    ],
)
def test_bad_input_is_refused_with_a_reason_and_changes_nothing(seat, code, reason) -> None:
    state = rigged(hands=(["Milz"], []), domain={slot(0, 1, 0): "Der Schmied"})
    before = json.dumps(state)
    with pytest.raises(IllegalAction, match=f"(?i){re.escape(reason)}") as error:
        GAME.apply(state, seat, code)
    assert reason in error.value.reason.en.lower() or reason in error.value.reason.en
    assert error.value.reason.de
    assert json.dumps(state) == before


def test_labels_are_bilingual_and_short() -> None:
    state = rigged(
        hands=(["Berg Ararat", "Nordwind", "Land in Sicht!", "Der Geburtstag"], []),
        domain={slot(0, 1, 0): "Milz", slot(1, 1, 0): "Der Freisasse"},
    )
    for code in GAME.legal_actions(state, 0):
        german, english = (GAME.action_label(state, 0, code, lang) for lang in ("de", "en"))
        assert german and english and len(german) <= 100 and len(english) <= 100
    assert "Berg Ararat (Mount Ararat)" in GAME.action_label(
        state, 0, f"rank:{design('Berg Ararat')}", "en"
    )


def test_strategy_matches_stay_within_the_declared_bound() -> None:
    """max_decisions is a true bound also for the strategy (which uses abilities often)."""
    import random

    from games.core import CHANCE

    bound = GAME.max_decisions(2, GAME.parse_options(2))
    player = GAME.engine_players()["strategy"]
    for seed in range(3):
        rng = random.Random(seed)
        state, steps = GAME.initial_state(2, GAME.parse_options(2)), 0
        while seats := GAME.to_act(state):
            seat = seats[0]
            code = (
                GAME.sample_chance(state, rng)
                if seat == CHANCE
                else player.choose(GAME, state, seat, rng)
            )
            state, _events = GAME.apply(state, seat, code)
            steps += 1
            assert steps <= bound
        assert GAME.result(state) is not None


def test_action_groups_stay_small_enough_for_one_select_menu() -> None:
    """Discord: a select menu holds at most 25 options."""
    import random
    from collections import Counter

    from games.core import CHANCE

    rng = random.Random(5)
    state = GAME.initial_state(2, GAME.parse_options(2, {"games": 1}))
    while seats := GAME.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            code = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, seat)
            groups = Counter(GAME.action_group(state, seat, code) for code in legal)
            assert max(groups.values()) <= 25, groups
            code = rng.choice(legal)
        state, _events = GAME.apply(state, seat, code)
