"""How often the strategy player ends a four-player match with the most chips against three
random players (run: python bench/stardust_strategy.py [matches]).

The strategy sits at seat ``seed % 4`` so that no seat's advantage helps it. The script puts
every step through the conformance checks and the chip invariant; the test uses a lean loop
that checks the invariant only.
"""

from __future__ import annotations

import random
import sys
import time

from games.core import CHANCE
from games.core.conformance import Chooser, checked_playout
from games.players import RandomPlayer
from games.stardust import GAME, check_invariants
from games.stardust.strategy import StrategyPlayer


def _lean_playout(seed: int, choosers: list) -> list[int]:
    rng = random.Random(seed)
    state = GAME.initial_state(4, GAME.parse_options(4))
    while seats := GAME.to_act(state):
        check_invariants(state)
        if seats == [CHANCE]:
            state, _ = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            seat = seats[0]
            state, _ = GAME.apply(state, seat, choosers[seat](GAME, state, seat, rng))
    check_invariants(state)
    result = GAME.result(state)
    assert result is not None, "a playout ends the match"
    return result.ranks


def play(matches: int, *, checks: bool = True) -> tuple[int, int, float]:
    """(matches with the strategy alone first, first or shared first, seconds)."""
    options = GAME.parse_options(4)
    strategy, randoms = StrategyPlayer(), RandomPlayer()
    sole = shared = 0
    start = time.perf_counter()
    for seed in range(matches):
        me = seed % 4
        choosers: list[Chooser] = [
            (strategy if seat == me else randoms).choose for seat in range(4)
        ]
        if checks:
            playout = checked_playout(GAME, 4, options, seed, choosers, probe_illegal=False)
            check_invariants(playout.state)
            ranks = playout.result.ranks
        else:
            ranks = _lean_playout(seed, choosers)
        if ranks[me] == 1:
            shared += 1
            if ranks.count(1) == 1:
                sole += 1
    return sole, shared, time.perf_counter() - start


if __name__ == "__main__":
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sole, shared, seconds = play(matches)
    print(
        f"strategy vs 3 random, {matches} matches: most chips alone in {sole} "
        f"({100 * sole / matches:.1f}%), first incl. shared {shared} "
        f"({100 * shared / matches:.1f}%), {seconds:.1f}s"
    )
