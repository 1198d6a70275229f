"""How often the strategy player ends a four-player match with the most chips against three
random players (run: python -m tests.games.stardust.bench_strategy [matches]).

The strategy sits at seat ``seed % 4`` so that no seat's advantage helps it. Every step goes
through the conformance checks and the chip invariant.
"""

from __future__ import annotations

import sys
import time

from games.core.conformance import checked_playout
from games.players import RandomPlayer
from games.stardust import GAME, check_invariants
from games.stardust.strategy import StrategyPlayer


def play(matches: int, *, checks: bool = False) -> tuple[int, int, float]:
    """(matches with the strategy sole first, matches with it first or shared first, seconds)."""
    options = GAME.parse_options(4)
    strategy, randoms = StrategyPlayer(), RandomPlayer()
    sole = shared = 0
    start = time.perf_counter()
    for seed in range(matches):
        me = seed % 4
        choosers = [(strategy if seat == me else randoms).choose for seat in range(4)]
        playout = checked_playout(GAME, 4, options, seed, choosers, probe_illegal=checks)
        check_invariants(playout.state)
        ranks = playout.result.ranks
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
