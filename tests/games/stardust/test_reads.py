"""The strong player's reads: the deals it samples weigh each opponent's hand by its play."""

from __future__ import annotations

import importlib.util
import random
import statistics
from pathlib import Path

from games.stardust import GAME, check_invariants
from games.stardust.reads import _ratios, decile, signs
from tests.games.stardust.helpers import H0, H7, H9, H16, act, deal, everyone, new, turn

_TOOL = Path(__file__).resolve().parents[3] / "tools" / "stardust_reads_table.py"
_spec = importlib.util.spec_from_file_location("stardust_reads_table", _TOOL)
assert _spec is not None and _spec.loader is not None
reads_table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reads_table)


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
    """``reads.json`` holds the readings of ``signs`` as it is now: the tool that counts the
    table, replaying seeded normal matches of three, four and five players, finds only
    readings the table has, so no read falls back to a uniform deal for want of a row."""
    ratios = _ratios()
    for seed in range(3):
        counts = reads_table.count_match(seed)
        assert counts
        assert {reading for reading, _bucket in counts} <= set(ratios)
