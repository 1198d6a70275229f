"""Decisions/s of the bare Stardust engine loop (python bench/stardust_engine.py).

The loop is the one the brief names: legal_actions, rng.choice, apply(checked=False), chance
included (chance actions are counted as decisions too, and reported separately). CPU time is
printed beside wall time because the machine is shared.
"""

from __future__ import annotations

import random
import sys
import time

from games.core import CHANCE
from games.stardust import GAME


def run(matches: int, players: int) -> tuple[int, int, float, float]:
    game = GAME
    options = game.parse_options(players)
    decisions = chance = 0
    start, cpu = time.perf_counter(), time.process_time()
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
    return decisions, chance, time.perf_counter() - start, time.process_time() - cpu


if __name__ == "__main__":
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for players in (3, 4, 5):
        decisions, chance, seconds, cpu = run(matches, players)
        print(
            f"{players} players: {matches} matches, {decisions} decisions ({chance} chance), "
            f"{seconds:.2f}s wall = {decisions / seconds:,.0f} decisions/s, "
            f"{cpu:.2f}s CPU = {decisions / cpu:,.0f} decisions/s"
        )
