"""The match: options and their bounds, rotating deal, leaving the match, the end and the
result, and the chip invariant at every step of many random playouts."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, Event, SetupError
from games.stardust import GAME, check_invariants
from games.stardust.engine import StardustOptions
from tests.games.stardust.helpers import H0, H7, H9, H16, act, deal, everyone, new


def test_options_defaults_and_bounds() -> None:
    """Defaults 200 chips, ante 10, 5 hands; 3-5 players; at least two antes per player."""
    options = GAME.parse_options(4)
    assert isinstance(options, StardustOptions)
    assert (options.starting_chips, options.ante, options.hands) == (200, 10, 5)
    for players in (2, 6):
        with pytest.raises(SetupError, match=r"Stardust is played by 3 to 5 players\."):
            GAME.parse_options(players)
    for bad, reason in (
        ({"ante": 0}, "Invalid option ante: it must be at least 1"),
        ({"hands": 0}, "Invalid option hands: it must be at least 1"),
        ({"starting_chips": 10}, "Invalid option starting_chips: it must be at least 20"),
        ({"ante": 150}, "Starting chips must be at least two antes"),
        ({"x": 1}, "Unknown option x"),
    ):
        with pytest.raises(SetupError, match=reason):
            GAME.parse_options(3, bad)


def test_deal_and_first_bettor_rotate_each_hand() -> None:
    """The deal and the first bettor move one seat on each hand."""
    state = new(4)
    for hand in range(3):
        assert state["dealer"] == hand
        state = deal(state, {})
        assert GAME.to_act(state) == [(hand + 1) % 4]
        state = act(state, (hand + 1) % 4, "bet:10")
        state = everyone(state, "fold")
        assert state["phase"] == "deal"


def test_player_who_cannot_pay_the_ante_leaves_and_ranks_below_by_order_of_leaving() -> None:
    """A player short of the ante at the start of a hand leaves; leavers rank below the rest,
    earlier leavers lower."""
    state = new(4, stacks=[200, 200, 15, 25])
    state = deal(state, {1: H16, 2: H0, 3: H7, 0: H9})
    state = act(state, 1, "bet:10")
    state = act(state, 2, "fold")  # 5 chips left: cannot pay the next ante
    state = act(state, 3, "call")
    state = act(state, 0, "fold")
    state = everyone(state, "keep")
    state = act(state, 1, "check")
    state = act(state, 3, "check")  # H16 beats H7: seat 3 keeps 5 chips
    assert state["left"] == [None, None, 1, 1]
    assert state["phase"] == "deal" and state["dealer"] == 1
    assert state["stacks"] == [190, 240, 5, 5]
    state = deal(state, {0: H0, 1: H16})
    assert state["in_hand"] == [True, True, False, False]
    assert state["hands"][2] == [] and state["hands"][3] == []
    assert GAME.to_act(state) == [0]  # seats 2 and 3 are skipped
    state = act(state, 0, "bet:180")  # all-in
    state = act(state, 1, "call")
    state = everyone(state, "keep")
    assert state["left"] == [2, None, 1, 1] and GAME.to_act(state) == []
    result = GAME.result(state)
    assert result is not None, "the match is over"
    assert result.scores == [0, 430, 5, 5]
    assert result.ranks == [2, 1, 3, 3]


def test_match_ends_when_one_player_holds_all_chips() -> None:
    """Until one player holds all chips: the others leave and the match is over."""
    state = new(3)
    state = deal(state, {1: H16, 2: H9, 0: H7})
    state = act(state, 1, "bet:190")
    state = act(state, 2, "call")
    state = act(state, 0, "call")
    state = everyone(state, "keep")
    assert GAME.to_act(state) == []
    result = GAME.result(state)
    assert result is not None, "the match is over"
    assert state["stacks"] == [0, 600, 0]
    assert result.ranks[1] == 1 and result.ranks[0] == result.ranks[2] == 2


def test_match_ends_after_its_hands_ranked_by_chips() -> None:
    """After ``hands`` hands the standings are by chips."""
    state = new(3, hands=1)
    state = deal(state, {1: H16, 2: H9, 0: H7})
    state = act(state, 1, "bet:40")
    state = act(state, 2, "call")
    state = act(state, 0, "fold")
    state = everyone(state, "keep")
    state = everyone(state, "check")
    result = GAME.result(state)
    assert result is not None and GAME.to_act(state) == []
    assert result.scores == [190, 260, 150]
    assert result.ranks == [2, 1, 3]


def test_result_only_when_over() -> None:
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    assert GAME.result(state) is None


def test_check_invariants_detects_lost_chips() -> None:
    """The invariant check is real: a chip taken out of play is caught."""
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    check_invariants(state)
    state["stacks"][0] -= 1
    with pytest.raises(AssertionError, match="not conserved"):
        check_invariants(state)
    with pytest.raises(AssertionError, match="not conserved"):
        GAME.check_invariants(state)  # the contract's hook, called by conformance and simulate
    state["stacks"][0] += 1
    state["hands"][1].append(state["deck"].pop(0))
    state["hands"][2].append(state["hands"][1][-1])
    with pytest.raises(AssertionError, match="cards are not conserved"):
        check_invariants(state)


def test_simulation_report_in_both_languages() -> None:
    from games.core.conformance import checked_playout

    results = []
    for seed in range(3):
        playout = checked_playout(GAME, 3, GAME.parse_options(3), seed)
        results.append((playout.state, playout.result))
    german, english = GAME.simulation_report(results, "de"), GAME.simulation_report(results, "en")
    assert german is not None and "Hände je Partie" in german
    assert english is not None and "hands per match" in english


@pytest.mark.parametrize("players", [3, 4, 5])
def test_chips_and_cards_conserved_at_every_step_of_random_playouts(players: int) -> None:
    """Invariant: stacks plus pot equal the starting chips at every step (random matches)."""
    options = [
        GAME.parse_options(players),
        GAME.parse_options(players, {"starting_chips": 50, "ante": 7, "hands": 8}),
        GAME.parse_options(players, {"starting_chips": 1000, "ante": 1, "hands": 3}),
    ]
    for seed in range(100):
        rng = random.Random(seed)
        option = options[seed % len(options)]
        assert isinstance(option, StardustOptions)
        state = GAME.initial_state(players, option)
        total = players * option.starting_chips
        steps = 0
        while seats := GAME.to_act(state):
            check_invariants(state)
            assert sum(state["stacks"]) + sum(state["contrib"]) == total
            if seats == [CHANCE]:
                code, seat = GAME.sample_chance(state, rng), CHANCE
            else:
                seat = seats[0]
                code = rng.choice(GAME.legal_actions(state, seat))
            state, _events = GAME.apply(state, seat, code)
            steps += 1
        check_invariants(state)
        assert sum(state["stacks"]) == total
        assert steps <= GAME.max_decisions(players, option)


def test_every_event_kind_has_words_in_both_languages() -> None:
    """Every event of random matches is described in German and English (no raw fallback)."""
    kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.initial_state(4, GAME.parse_options(4))
        while seats := GAME.to_act(state):
            seat = seats[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            else:
                code = rng.choice(GAME.legal_actions(state, seat))
            state, events = GAME.apply(state, seat, code)
            for event in events:
                kinds.add(event.kind)
                for lang in ("de", "en"):
                    text = GAME.describe_event(event, lang)
                    assert text and not text.startswith(f"{event.kind} {{"), (event, text)
                    assert "{" not in text and "  " not in text, text
    assert {"hand", "dealt", "round", "bet", "call", "fold", "swap", "showdown"} <= kinds


def test_a_shown_hand_tells_its_points_as_points_not_a_bare_number() -> None:
    """Names instead of numbers: a showdown line gives each hand's score (the best sum of
    economy points) as points, singular for one, in both languages; chips stay bare amounts."""
    shown = [
        {"seat": 0, "cards": [0, 1], "score": [0, 12, 0, 0], "kind": "zweimal", "groups": []},
        {"seat": 1, "cards": [2, 3], "score": [0, 1, 0, 0], "kind": "zweier", "groups": []},
    ]
    event = Event("showdown", {"shown": shown, "pots": [[40, [0]]]})
    english = GAME.describe_event(event, "en", ["Anna", "Ben"])
    assert "(12 points)" in english and "(1 point)" in english
    german = GAME.describe_event(event, "de", ["Anna", "Ben"])
    assert "(12 Punkte)" in german and "(1 Punkt)" in german
    assert "40" in english
