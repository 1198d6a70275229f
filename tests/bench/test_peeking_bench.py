"""bench/peeking.py (issue 18): strong's search with every hidden card seen, the ceiling the
strength figures are read against. It must really see them (else the ceiling says nothing),
and it plays its games through bench/strength.py's own loop. Figures are read, never asserted.
"""

from __future__ import annotations

import random
import sys

from games.core import all_games
from tests.bench.running import ROOT, run_bench
from tests.games.test_search import _positions

sys.path.insert(0, str(ROOT / "bench"))

import peeking  # type: ignore[import-not-found]  # a script in bench/, on sys.path above


def test_the_ceiling_sees_the_hidden_cards_where_strong_does_not() -> None:
    """Stardust's betting turns on the opponents' cards: dealt anew, they change the peeking
    player's decision at some positions, while strong's stays the same at every one (its
    no-peeking rule, tests/games/test_search.py)."""
    game = next(game for game in all_games() if game.id == "stardust")
    strong = game.engine_players()["strong"].with_iterations(32)
    ceiling = peeking.PeekingPlayer(strong)
    positions = moved = 0
    for seed in range(3):
        for state, seat in _positions(game, 4, seed, every=3):
            swapped = game.shuffle_hidden(state, seat, random.Random(seed))
            if swapped is None or swapped == state:
                continue
            positions += 1
            assert strong.choose(game, state, seat, random.Random(1)) == strong.choose(
                game, swapped, seat, random.Random(1)
            )
            seen = ceiling.choose(game, state, seat, random.Random(1))
            moved += seen != ceiling.choose(game, swapped, seat, random.Random(1))
            assert seen in game.legal_actions(state, seat)
    assert positions >= 10
    assert moved >= 1, "the ceiling's decisions never followed the hidden cards"


def test_the_ceiling_pairing_plays_through_the_strength_bench() -> None:
    """``normal-peeking`` is a pairing of bench/strength.py's table, row and all."""
    printed = run_bench(
        "peeking.py",
        "--games",
        "1",
        "--only",
        "scherbia:2",
        "--pairing",
        "normal-peeking",
        "--workers",
        "1",
    )
    assert "| scherbia | 2 | normal vs peeking | 1 |" in printed


def test_the_hand_seeing_ceiling_sees_every_hand_but_not_the_pile() -> None:
    """``normal-handseeing`` is the ceiling of perfect reads in Stardust: its samples keep
    every player's real hand, and deal the pile and the discards anew, whose order no player
    can know (the draws still to come)."""
    game = next(game for game in all_games() if game.id == "stardust")
    seeing = peeking.SeeingHands(game)
    reordered = 0
    for state, seat in _positions(game, 4, 2, every=3):
        sample = seeing.determinize(state, seat, random.Random(seat))
        assert sample["hands"] == state["hands"]
        assert sorted(sample["deck"] + sample["discards"]) == sorted(
            state["deck"] + state["discards"]
        )
        reordered += sample["deck"] != state["deck"]
    assert reordered >= 5


def test_the_acted_seeing_ceiling_sees_a_hand_only_once_its_player_has_acted() -> None:
    """``normal-actedseeing`` bounds what reads from the play can give in Stardust: before an
    opponent acts in the first betting round its hand is dealt anew, afterwards (and from the
    exchange on) it is the real one."""
    game = next(game for game in all_games() if game.id == "stardust")
    seeing = peeking.SeeingActed(game)
    unseen = seen = 0
    for state, seat in _positions(game, 4, 3, every=2):
        sample = seeing.determinize(state, seat, random.Random(seat))
        assert sample["hands"][seat] == state["hands"][seat]
        later = state["phase"] == "exchange" or state["round"] == 2
        for other in range(4):
            live = state["in_hand"][other] and not state["folded"][other]
            if other == seat or not live:
                continue
            if later or state["acted"][other] or state["bets"][other] > 0:
                assert sample["hands"][other] == state["hands"][other]
                seen += 1
            else:
                unseen += sample["hands"][other] != state["hands"][other]
    assert seen >= 5
    assert unseen >= 1
