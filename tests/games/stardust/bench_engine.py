"""Decisions per second of the bare Stardust engine loop (run: python -m tests.games.stardust.bench_engine).

The loop is the one the brief names: legal_actions, rng.choice, apply(checked=False), chance
included (chance actions are counted as decisions too, and reported separately).
"""

from __future__ import annotations

import random
import sys
import time

from games.core import CHANCE
from games.stardust import GAME


def run(matches: int, players: int) -> tuple[int, int, float]:
    game = GAME
    options = game.parse_options(players)
    decisions = chance = 0
    start = time.perf_counter()
    for seed in range(matches):
        rng = random.Random(seed)
        state = game.initial_state(players, options)
        while seats := game.to_act(state):
            if seats[0] == CHANCE:
                code = game.sample_chance(state, rng)
                chance += 1
                seat = CHANCE
            else:
                seat = seats[0]
                code = rng.choice(game.legal_actions(state, seat))
            state, _events = game.apply(state, seat, code, checked=False)
            decisions += 1
    return decisions, chance, time.perf_counter() - start


if __name__ == "__main__":
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for players in (3, 4, 5):
        decisions, chance, seconds = run(matches, players)
        print(
            f"{players} players: {matches} matches, {decisions} decisions "
            f"({chance} chance), {seconds:.2f}s, {decisions / seconds:,.0f} decisions/s"
        )
