"""The strong player's reads: the deals it samples weigh each opponent's hand by its play."""

from __future__ import annotations

import random
import statistics

from games.core import CHANCE
from games.stardust import GAME, check_invariants
from games.stardust.reads import _ratios, decile, signs
from games.stardust.strategy import StrategyPlayer
from tests.games.stardust.helpers import H0, H7, H9, H16, act, deal, everyone, new, turn


def _deciles_dealt(state, seat: int, opponent: int, samples: int = 300) -> list[int]:
    rng = random.Random(11)
    return [decile(GAME.determinize(state, seat, rng)["hands"][opponent]) for _ in range(samples)]


def test_a_pot_sized_bet_makes_strong_hands_likelier_in_the_deals_than_a_check() -> None:
    """Normal bets the pot only with a strong hand and checks weak ones (strategy.py), so the
    deals strong samples after a bet give the bettor stronger hands than after a check."""
    table = deal(new(3), {1: H16, 2: H9, 0: H7})
    assert turn(table) == 1
    after_bet = act(table, 1, "bet:30")
    after_check = act(table, 1, "check")
    assert signs(after_bet, 1) == "1|2|1"
    assert signs(after_check, 1) == "1|0|1"
    bet = statistics.mean(_deciles_dealt(after_bet, 2, 1))
    check = statistics.mean(_deciles_dealt(after_check, 2, 1))
    assert bet > check + 1.5


def test_the_deal_keeps_what_the_seat_knows_and_conserves_every_card() -> None:
    """A sampled deal changes only hidden cards: the seat's own hand, the chips, the bets and
    the sizes of every hand and pile stay; every card is somewhere exactly once."""
    table = act(deal(new(4), {1: H16, 2: H9, 3: H7, 0: H0}), 1, "bet:40")
    rng = random.Random(3)
    for _ in range(50):
        dealt = GAME.determinize(table, 2, rng)
        check_invariants(dealt)
        assert dealt["hands"][2] == table["hands"][2]
        assert [len(hand) for hand in dealt["hands"]] == [len(hand) for hand in table["hands"]]
        assert len(dealt["deck"]) == len(table["deck"])
        assert GAME.view(dealt, 2) == GAME.view(table, 2)


def test_the_cards_each_seat_exchanged_are_public_and_new_each_hand() -> None:
    """The exchange is played in the open: everyone sees how many cards each player swapped
    (not which), until the next hand begins."""
    table = everyone(deal(new(3), {1: H16, 2: H9, 0: H7}), "check")
    assert table["phase"] == "exchange"
    assert GAME.view(table, 0)["swapped"] == [-1, -1, -1]
    seat = turn(table)
    two = sorted(table["hands"][seat])[:2]
    table = act(table, seat, f"swap:{two[0]}:{two[1]}")
    for observer in (None, 0, 1, 2):
        assert GAME.view(table, observer)["swapped"][seat] == 2
    while table["phase"] != "deal":
        table = act(table, turn(table), GAME.legal_actions(table, turn(table))[0])
    assert GAME.view(table, None)["swapped"] == [-1, -1, -1]


def test_the_reads_table_knows_the_readings_normal_play_shows() -> None:
    """``reads.json`` (tools/stardust_reads_table.py) holds the readings of ``signs`` as it
    is now: at every decision of seeded normal matches, each live opponent's reading is
    in the table, so no read falls back to a uniform deal for want of a row."""
    ratios = _ratios()
    player = StrategyPlayer()
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.initial_state(4, GAME.parse_options(4, {}))
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                code = GAME.sample_chance(state, rng)
            else:
                if state["phase"] in ("bet", "exchange"):
                    for other in range(4):
                        if other != seat and state["in_hand"][other] and not state["folded"][other]:
                            assert signs(state, other) in ratios
                code = player.choose(GAME, state, seat, rng)
            state, _events = GAME.apply(state, seat, code, checked=False)
