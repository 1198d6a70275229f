"""The strategy player: beats random players, plays by hand strength and pot odds, answers forced
decisions sensibly, and decides only from its own view."""

from __future__ import annotations

import random

from bench.stardust_strategy import play
from games.core import CHANCE
from games.players.search import PLAYOUT_LIMIT, playout
from games.stardust import GAME, evaluate
from games.stardust.cards import SCHNELLER_TOD
from games.stardust.engine import StardustOptions
from games.stardust.strategy import StrategyPlayer, beat_one, hand_strength
from tests.games.normal_play import first_decision_where
from tests.games.stardust.helpers import H0, H7, H9, H16, act, deal, everyone, new

PLAYER = StrategyPlayer()


def test_strategy_ends_most_matches_with_the_most_chips_against_three_random_players() -> None:
    """Issue 6: more than half of seeded four-player matches (200 in the benchmark script)."""
    sole, _shared, _seconds = play(100, checks=False)
    assert sole > 50


def test_strength_grows_with_the_hand_and_falls_with_more_opponents() -> None:
    assert hand_strength(H16, 1) > hand_strength(H9, 1) > hand_strength(H0, 1)
    assert hand_strength(H9, 3) < hand_strength(H9, 1)


def test_strategy_calls_an_all_in_with_a_strong_hand_and_folds_a_weak_one() -> None:
    """Pot odds: the best hand calls a shove, the worst folds it (after the exchange)."""
    for hand, expected in ((H16, "call"), (H0, "fold")):
        state = deal(new(3), {1: H7, 2: hand, 0: H9})
        state = everyone(state, "check")
        state = everyone(state, "keep")
        state = act(state, 1, "bet:190")
        assert PLAYER.choose(GAME, state, 2, random.Random(1)) == expected


def test_strategy_bets_a_strong_hand_when_checked_to() -> None:
    state = deal(new(3), {1: H16, 2: H9, 0: H7})
    state = everyone(state, "check")
    state = everyone(state, "keep")
    assert PLAYER.choose(GAME, state, 1, random.Random(1)).startswith("bet:")


def test_strategy_keeps_its_combination_when_schneller_tod_forces_a_discard() -> None:
    """The Schneller Tod answer discards a card outside the best combination."""
    hand = [SCHNELLER_TOD, 30, 31, 33, 35]
    state = deal(new(3), {1: hand, 2: H16, 0: H7})
    state = everyone(state, "check")
    state = act(state, 1, "tod:2")
    choice = PLAYER.choose(GAME, state, 2, random.Random(1))
    assert choice.startswith("drop:")
    dropped = int(choice[5:])
    # H16 is Dreier Wald groß 4+3+2 and Zweier Wald mittel 4+3: dropping the 2 keeps 14 points.
    assert evaluate([card for card in H16 if card != dropped])[1] == 14


def test_strategy_decides_only_from_its_own_view() -> None:
    """Dealing the hidden cards anew never changes the strategy's choice (same generator)."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.initial_state(4, GAME.parse_options(4))
        while seats := GAME.to_act(state):
            if seats == [CHANCE]:
                state, _ = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            seat = seats[0]
            other = GAME.shuffle_hidden(state, seat, random.Random(seed + 99))
            choice = PLAYER.choose(GAME, state, seat, random.Random(seed))
            if other is not None:
                assert PLAYER.choose(GAME, other, seat, random.Random(seed)) == choice
                checked += 1
            assert choice in GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, choice)
    assert checked > 50


def test_strategy_keeps_the_contract_at_every_table_size() -> None:
    """Strategy players against each other pass every conformance check at 3, 4 and 5 seats."""
    from games.core.conformance import Chooser, checked_playout

    for players in (3, 4, 5):
        choosers: list[Chooser] = [PLAYER.choose] * players
        options = GAME.parse_options(players)
        playout = checked_playout(GAME, players, options, seed=players, choosers=choosers)
        assert playout.decisions > 0


def test_strength_table_counts_every_five_card_hand_exactly() -> None:
    """strength.json counts all C(48, 5) hands: 6 grosse Treffen, 126 Sternenhaufen (5 of the
    6 suns and 3 sun jokers, never 5 jokers), and it agrees with the evaluator."""
    from math import comb

    from games.stardust.strategy import _score_table

    scores, counts, below = _score_table()
    assert below[-1] == comb(48, 5)
    by_category = {category: 0 for category in (0, 1, 2)}
    for score, count in zip(scores, counts, strict=True):
        by_category[score[0]] += count
    assert by_category[2] == 6
    assert by_category[1] == comb(9, 5)
    rng = random.Random(5)
    for _ in range(200):
        assert evaluate(rng.sample(range(48), 5)) in set(scores)


def _first_decision_of_hand(hand_no: int, seed: int):
    """The state at the first player decision of hand ``hand_no``, normal playing every seat."""
    start = GAME.initial_state(4, GAME.parse_options(4))
    return first_decision_where(GAME, start, lambda state: state["hand_no"] == hand_no, seed)


def test_strongs_playouts_end_with_the_hand_searched_and_value_the_chips_won() -> None:
    """Issue 18's strong player in Stardust: a playout stops when the hand it decides in is
    over (the next deal waits) instead of playing the match's later hands, whose luck would
    drown one decision, and values that point by the seat's chips (a share of twice a fair
    share, at most 1), so every chip won or lost counts; in the match's last hand it plays to
    the end, where the places decide."""
    strong = GAME.engine_players()["strong"]
    first = _first_decision_of_hand(1, seed=5)
    end = playout(GAME, first, strong.rollout, random.Random(1), PLAYOUT_LIMIT, stop=strong.horizon)
    assert (end["phase"], end["hand_no"]) == ("deal", 2)
    assert sum(end["stacks"]) == end["total"]  # every pot of the hand paid out
    fair = end["total"] / 4
    for seat in range(4):
        assert strong.value(end, seat) == min(1.0, end["stacks"][seat] / (2 * fair))
    # Ten chips more count though seat 0 stays last.
    poorer = dict(end, total=800, stacks=[150, 250, 200, 200])
    richer = dict(end, total=800, stacks=[160, 240, 200, 200])
    assert strong.value(richer, 0) > strong.value(poorer, 0)
    options = GAME.parse_options(4)
    assert isinstance(options, StardustOptions)
    last = _first_decision_of_hand(options.hands, seed=5)
    end = playout(GAME, last, strong.rollout, random.Random(1), PLAYOUT_LIMIT, stop=strong.horizon)
    assert GAME.is_over(end)


def test_the_exchange_draws_are_random_sample_s_own_and_leave_the_generator_alike() -> None:
    """Engines stay pure and games replay: normal's drawn exchanges (``strategy._sample``) are
    the cards ``random.Random.sample`` would draw, in its order, and the generator ends in the
    same state, for every pool size and count the player uses and for the ones it hands over."""
    from games.stardust.strategy import _sample

    for seed in range(300):
        size = 10 + seed % 34
        pool = list(range(100, 100 + size))
        count = 1 + seed % 3 if seed % 50 else 6
        ours, theirs = random.Random(seed), random.Random(seed)
        assert _sample(ours, pool, count) == theirs.sample(pool, count)
        assert ours.getstate() == theirs.getstate()


def test_hand_strength_is_the_strength_of_the_evaluated_score() -> None:
    """Hand strength (the module docstring): the share of hands beaten, to the power of the
    opponents, looked up by packed score: equal to ``beat_one(evaluate(hand))`` to that power
    for hands of five and six."""
    rng = random.Random(6)
    for count in (5, 6) * 300:
        hand = rng.sample(range(48), count)
        for opponents in (0, 1, 3):
            expected = beat_one(evaluate(hand)) ** max(opponents, 1)
            assert hand_strength(hand, opponents) == expected
