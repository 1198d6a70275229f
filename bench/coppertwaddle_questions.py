"""What asking every player holding a card costs Coppertwaddle (python bench/coppertwaddle_questions.py).

The option ``always_ask`` (the default) asks a seat holding cards at every answer, Challenge,
En Garde and robbing turn even with nothing to play, so that no question's timing shows a hand.
This plays the same seeded random matches both ways and prints, side by side, the decisions a
match takes, the CPU time a match takes and the decisions per CPU second: the added decisions
are single-button questions, so decisions per second rise although no move got faster.
"""

from __future__ import annotations

import argparse
import random
import time

from games.core import CHANCE, get_game


def measure(always_ask: bool, seeds: range) -> tuple[int, float]:
    """(decisions, CPU seconds) of random play of the matches of ``seeds``."""
    game = get_game("coppertwaddle")
    options = game.parse_options(2, {"always_ask": always_ask})
    decisions = 0
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state(2, options)
        while seats := game.to_act(state):
            seat = seats[0]
            if seat == CHANCE:
                code = game.sample_chance(state, rng)
            else:
                code = rng.choice(game.legal_actions(state, seat))
                decisions += 1
            state, _events = game.apply(state, seat, code, checked=False)
    return decisions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    arguments = parser.parse_args()
    matches, rounds = arguments.matches, arguments.rounds
    # Both ways in interleaved rounds over the same seeds: a machine shared with other work
    # slows both alike.
    totals = {False: [0, 0.0], True: [0, 0.0]}
    for number in range(rounds):
        seeds = range(number * matches // rounds, (number + 1) * matches // rounds)
        for ask in (False, True):
            decisions, seconds = measure(ask, seeds)
            totals[ask][0] += decisions
            totals[ask][1] += seconds
    rows = [
        (ask, decisions / matches, 1000 * seconds / matches, decisions / seconds)
        for ask, (decisions, seconds) in totals.items()
    ]
    print(f"Coppertwaddle, {matches} seeded random matches each way")
    print("always_ask | decisions per match | CPU ms per match | decisions per CPU second")
    for ask, per_match, cpu_ms, rate in rows:
        print(f"{str(ask).lower():>10} | {per_match:19.0f} | {cpu_ms:16.1f} | {rate:24,.0f}")
    (_, old_match, old_cpu, old_rate), (_, new_match, new_cpu, new_rate) = rows
    print(
        f"true against false: {new_match / old_match:.2f}x decisions, "
        f"{new_cpu / old_cpu:.2f}x CPU per match, {new_rate / old_rate:.2f}x decisions/s"
    )


if __name__ == "__main__":
    main()
