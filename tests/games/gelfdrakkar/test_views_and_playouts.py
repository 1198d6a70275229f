"""Secret parties stay secret; own conformance playouts at 5 and 7 players; the strategy."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE
from games.core.conformance import checked_playout
from games.gelfdrakkar import GAME
from games.gelfdrakkar.cards import ERSTE, SINHARA, VERNIO, ZWEITE
from games.gelfdrakkar.measure import strength
from games.players.search import PLAYOUT_LIMIT, playout
from tests.games.normal_play import first_decision_where, normal_decisions

from .helpers import dealt, trick


def _strategy_chooser(game, state, seat, rng):
    return GAME.engine_players()["strategy"].choose(game, state, seat, rng)


def test_a_seats_view_never_shows_another_players_party_or_hand():
    state, _ = dealt(5, {0: [VERNIO], 3: [SINHARA]})
    for seat in range(5):
        view = GAME.view(state, seat)
        assert view["party"] == state["party"][seat] and view["hand"] == state["hands"][seat]
        assert view["revealed"] == [None] * 5
        assert "hands" not in view and "rest" not in view
    public = GAME.view(state, None)
    assert public["hand"] is None and public["party"] is None
    # Another deal with other Vernio and Sinhara holders shows exactly the same public table.
    other, _ = dealt(5, {1: [VERNIO], 4: [SINHARA]})
    assert other["party"] != state["party"]
    assert GAME.view(other, None) == public


def test_playing_vernio_reveals_its_holder_and_only_that():
    state, _ = dealt(4, {1: [VERNIO], 3: [SINHARA]})
    state, _ = trick(state, [VERNIO])
    assert GAME.view(state, 2)["revealed"] == [None, "V", None, None]


def test_hidden_cards_and_unknown_parties_are_dealt_anew_and_every_view_stays():
    """Issue 19: the privacy check deals anew every other seat's hidden information, the
    parties included; only what the observer knows stays (their own party, revealed ones)."""
    state, _ = dealt(7, {2: [VERNIO], 5: [SINHARA]})
    rng = random.Random(3)
    parties_seen = set()
    for observer in [*range(7), None]:
        for _ in range(8):
            other = GAME.shuffle_hidden(state, observer, rng)
            assert GAME.view(other, observer) == GAME.view(state, observer)
            if observer is not None:
                assert other["party"][observer] == state["party"][observer]
            assert "V" in other["party"]
            for seat in range(7):
                holds = VERNIO in other["hands"][seat] or SINHARA in other["hands"][seat]
                assert (other["party"][seat] == "V") == holds
            dealt_cards = [card for hand in other["hands"] for card in hand] + other["rest"]
            assert sorted(dealt_cards) == list(range(124))
            parties_seen.add(tuple(other["party"]))
    assert len(parties_seen) > 3
    assert GAME.shuffle_hidden(state, 0, rng)["hands"][1] != state["hands"][1]


def test_a_revealed_party_stays_when_hidden_cards_are_dealt_anew():
    """What the table knows stays: Vernio's holder played him, so his party is public."""
    state, _ = dealt(4, {1: [VERNIO], 3: [SINHARA]})
    state, _ = trick(state, [VERNIO])
    rng = random.Random(5)
    for _ in range(10):
        other = GAME.shuffle_hidden(state, 2, rng)
        assert other["party"][1] == "V" and other["party"][2] == "A"


def test_a_trick_waiting_for_the_claim_goes_to_the_pile_of_the_winners_party_in_every_new_deal():
    """Parties are secret until revealed, and a trick waiting for the Erste Dame's claim goes to
    its winner's party unless claimed. A re-deal of the hidden parties must move that pile with
    the winner's new party: a search that kept the true pile would know the winner's party."""
    hands = {1: [ERSTE, 95], 2: [96, 97, SINHARA], 3: [98, ZWEITE], 0: [99, 100, VERNIO]}
    state, _ = dealt(4, hands)
    state, _ = trick(state, [ERSTE, 96, 98, 99])
    state, _ = trick(state, [95, 97, ZWEITE, 100])
    assert state["phase"] == "claim" and state["pending"]["winner"] == 3
    assert state["revealed"][3] is None  # seat 3's party is hidden from the claimant, seat 1
    rng = random.Random(8)
    seen = set()
    for _ in range(30):
        other = GAME.shuffle_hidden(state, 1, rng)
        assert other["pending"]["dest"] == other["party"][3]
        seen.add(other["pending"]["dest"])
        assert GAME.determinize(state, 1, random.Random(2)) == GAME.determinize(
            other, 1, random.Random(2)
        )
    assert seen == {"V", "A"}


@pytest.mark.slow(seconds=16)
def test_random_playouts_at_five_and_seven_players_over_two_rounds():
    """Conformance checks at every step for the counts the shared suite does not cover."""
    for players in (5, 7):
        options = GAME.parse_options(players, {"rounds": 2})
        for seed in range(4):
            playout = checked_playout(GAME, players, options, seed=1000 + seed)
            assert len(playout.state["history"]) == 2
            assert sum(playout.state["balances"]) == 0


def test_strategy_playouts_keep_the_contract():
    for players in (4, 6, 8):
        options = GAME.parse_options(players)
        choosers = [_strategy_chooser if seat % 2 == 0 else None for seat in range(players)]
        checked_playout(GAME, players, options, seed=77 + players, choosers=choosers)


def test_strategy_party_wins_more_than_its_share_against_random_players():
    """300 seeded five-player rounds; "its share" is the party win rate of a random player in
    the same seat on the same seeds (the strategy's seat rotates with the seed)."""
    figures = strength(300)
    assert figures["strategy"]["rate"] > figures["random"]["rate"] + 0.1
    assert figures["strategy"]["coins"] > 0 > figures["random"]["coins"]


def test_a_finished_series_has_a_result_ranked_by_balance():
    state = GAME.initial_state(4, GAME.parse_options(4, {"rounds": 1}))
    rng = random.Random(5)
    while not GAME.is_over(state):
        seats = GAME.to_act(state)
        if seats == [CHANCE]:
            state, _ = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            state, _ = GAME.apply(state, seats[0], rng.choice(GAME.legal_actions(state, seats[0])))
    result = GAME.result(state)
    assert result.scores == [float(coins) for coins in state["balances"]]
    for lang in ("de", "en"):
        assert "Spielende" in GAME.render(GAME.view(state, None), "de")
        assert GAME.render(GAME.view(state, 0), lang)


def test_rules_pages_exist_in_both_languages_and_name_every_special_card():
    from pathlib import Path

    import games.gelfdrakkar

    folder = Path(games.gelfdrakkar.__file__).parent
    for lang in ("de", "en"):
        text = (folder / f"rules.{lang}.md").read_text(encoding="utf-8")
        for name in ["Vernio", "Sinhara", "Tod", "Fessel", "Unterstützer", "Gegenwirker"]:
            assert name in text
        for name in ["Waldherr", "Erste Dame", "Freund", "Spion", "Helfer", "Nullkarte", "431"]:
            assert name in text


def test_invariants_catch_a_lost_card_and_unbalanced_coins():
    import pytest

    state, _ = dealt(4, {0: [VERNIO], 2: [SINHARA]})
    GAME.check_invariants(state)
    state["hands"][1].pop()
    with pytest.raises(AssertionError, match=r"cards lost or doubled"):
        GAME.check_invariants(state)
    state, _ = dealt(4, {0: [VERNIO], 2: [SINHARA]})
    state["balances"][0] = 5
    with pytest.raises(AssertionError, match=r"Kupfermuenzen were created or lost"):
        GAME.check_invariants(state)


def test_action_groups_stay_within_a_select_menu():
    """Discord select menus hold 25 options: a 30-card hand splits into two play groups."""
    state, _ = dealt(4, {0: [VERNIO], 2: [SINHARA]})
    groups: dict[str, int] = {}
    for code in GAME.legal_actions(state, 1):
        group = GAME.action_group(state, 1, code)
        groups[group] = groups.get(group, 0) + 1
    assert groups["play"] == 25 and groups["play_more"] == 5 and groups["announce"] == 6
    assert all(count <= 25 for count in groups.values())


def test_a_card_taken_from_a_pile_stays_known_when_hidden_cards_are_dealt_anew():
    """The table saw seat 0 take the Drache: re-dealing hidden cards must leave it there."""
    drache = 24  # Drache A5
    hands = {1: [95, 96], 2: [drache, 97, SINHARA], 3: [98, 99], 0: [VERNIO, 100, 9]}
    state, _ = dealt(4, hands)
    state, _ = trick(state, [95, drache, 98, 100])  # Vernio pile, seat 2 leads
    state, _ = trick(state, [97, 99])
    state, _ = GAME.apply(state, 0, f"swap:spion:{drache}")
    assert GAME.view(state, None)["taken"] == [[0, drache]]
    rng = random.Random(1)
    for observer in (1, 2, 3, None):
        other = GAME.shuffle_hidden(state, observer, rng)
        assert drache in other["hands"][0] and VERNIO in other["hands"][0]
        assert GAME.view(other, observer) == GAME.view(state, observer)
    state, _ = trick(state, [drache])
    assert GAME.view(state, None)["taken"] == []


def test_every_event_has_words_in_both_languages():
    seen = set()
    for seed in range(6):
        state = GAME.initial_state(5, GAME.parse_options(5))
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seats = GAME.to_act(state)
            seat = seats[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            else:
                code = rng.choice(GAME.legal_actions(state, seat))
            state, events = GAME.apply(state, seat, code)
            for event in events:
                seen.add(event.kind)
                for lang in ("de", "en"):
                    line = GAME.describe_event(event, lang)
                    assert line and line != event.kind
    assert {"deal", "hand", "play", "trick", "round", "over", "announce", "swap"} <= seen


def _first_decision_of_round(round_index: int, rounds: int, seed: int):
    """The first player decision of round ``round_index`` (from 0) of a five-player series of
    ``rounds`` rounds, normal playing every seat."""
    start = GAME.initial_state(5, GAME.parse_options(5, {"rounds": rounds}))
    return first_decision_where(GAME, start, lambda state: state["round"] == round_index, seed)


def test_strongs_playouts_in_a_series_end_with_the_round_and_value_the_coins():
    """Issue 18's strong player in a series of rounds (the rules: the balances carry over, the
    most Kupfermuenzen at the end wins): a playout stops when the round it decides in is over
    and the next deal waits, and values that point by the seat's balance (half at even, 200
    coins to either end), so every coin a round pays counts; in the last round it plays to the
    series' end, where the places decide."""
    strong = GAME.engine_players()["strong"]
    first = _first_decision_of_round(0, rounds=3, seed=4)
    end = playout(GAME, first, strong.rollout, random.Random(1), PLAYOUT_LIMIT, stop=strong.horizon)
    assert end["phase"] == "deal" and not GAME.is_over(end)
    assert sum(end["balances"]) == 0
    if end["round"] == 1:  # decided, not dealt again after a tie
        assert any(end["balances"])
    for seat in range(5):
        expected = min(1.0, max(0.0, 0.5 + end["balances"][seat] / 400))
        assert strong.value(end, seat) == expected
    poorer = dict(end, balances=[-40, 10, 10, 10, 10])
    richer = dict(end, balances=[-30, 10, 10, 0, 10])
    assert strong.value(richer, 0) > strong.value(poorer, 0)  # ten coins count, still last
    last = _first_decision_of_round(2, rounds=3, seed=4)
    end = playout(GAME, last, strong.rollout, random.Random(1), PLAYOUT_LIMIT, stop=strong.horizon)
    assert GAME.is_over(end)


def test_the_players_shared_view_is_the_seats_view_and_the_copy_owns_its_lists():
    """A seat may know only its view (the rules keep hands and parties secret): the view the
    engine players read uncopied (``shared_view``) holds exactly what ``view`` gives that seat,
    at every decision of a two-round series, while ``view`` stays a copy a caller may edit
    without changing the table."""
    start = GAME.initial_state(5, GAME.parse_options(5, {"rounds": 2}))
    decisions = 0
    for state, seat in normal_decisions(GAME, start, seed=3):
        decisions += 1
        for viewer in (seat, (seat + 1) % 5, None):
            assert GAME.shared_view(state, viewer) == GAME.view(state, viewer)
        copied = GAME.view(state, seat)
        copied["hand"].clear()
        copied["history"].append({"edited": True})
        assert GAME.shared_view(state, seat)["hand"] == state["hands"][seat]
        assert {"edited": True} not in state["history"]
    assert decisions > 100
