"""Why strong plays as it does: its picks beside normal's, valued by many shared playouts.

Run ``python bench/search_picks.py GAME`` (``--help`` for the options). At positions reached
by normal play it asks normal and strong (at ``--iterations`` playouts per move) for a move,
then values every legal move the search may play with ``--samples`` playouts each on the same
sampled deals and chance draws (the search's own rollout player in every seat), and prints per
position: normal's move and its value, strong's move and its value minus normal's (with the
paired z), and the best move found that way. The last line sums it up: how often strong left
normal's move, and the mean gain of strong's pick and of the best move over normal's. A
searching player that leaves normal's move often for moves no better than it is following
noise (the first version, which took the most visited move of UCB1, did so at 18 of 25 Catan
positions).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys

from games.core import CHANCE, Game, State, all_games, decode
from games.players.search import PLAYOUT_LIMIT, SearchPlayer, outcome, playout


def positions(game: Game, players: int, seed: int, share: float):
    """(state, seat) at about ``share`` of the decisions with a choice of a normal game."""
    normal = game.engine_players()["normal"]
    rng = random.Random(seed)
    state = game.initial_state(players, game.parse_options(players))
    while seats := game.to_act(state):
        seat = seats[0]
        if seat == CHANCE:
            state, _ = game.apply(state, seat, game.sample_chance(state, rng))
            continue
        if len(game.legal_actions(state, seat)) > 1 and rng.random() < share:
            yield state, seat
        state, _ = game.apply(state, seat, normal.choose(game, state, seat, rng))


def values(
    game: Game, strong: SearchPlayer, state: State, seat: int, moves: list[str], samples: int
) -> dict[str, list[float]]:
    """Each move's playout results on the same ``samples`` deals and chance draws."""
    found: dict[str, list[float]] = {move: [] for move in moves}
    for index in range(samples):
        sample = game.determinize(state, seat, random.Random(f"deal/{index}"))
        for move in moves:
            after, _events = game.apply(sample, seat, move, checked=False)
            rng = random.Random(f"play/{index}")
            end = playout(game, after, strong.rollout, rng, PLAYOUT_LIMIT)
            found[move].append(outcome(game, end, seat))
    return found


def paired(found: dict[str, list[float]], move: str, base: str) -> tuple[float, float]:
    """Mean difference of ``move`` over ``base`` and its z."""
    diffs = [a - b for a, b in zip(found[move], found[base], strict=True)]
    mean = statistics.mean(diffs)
    spread = statistics.pstdev(diffs)
    return mean, (mean / (spread / math.sqrt(len(diffs))) if spread else 0.0)


def main(argv: list[str] | None = None) -> int:
    """Print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--samples", type=int, default=60, help="playouts per move valued")
    parser.add_argument("--iterations", type=int, default=40, help="strong's playouts per move")
    args = parser.parse_args(argv)
    game = {one.id: one for one in all_games()}[args.game]
    normal = game.engine_players()["normal"]
    strong = game.engine_players()["strong"].with_iterations(args.iterations)
    left = seen = 0
    gains: list[float] = []
    best_gains: list[float] = []
    seed = 0
    while seen < args.positions:
        for state, seat in positions(game, args.players, seed, 0.15):
            moves = [
                code
                for code in game.legal_actions(state, seat)
                if decode(code)[0] not in strong.follow
            ]
            mine = normal.choose(game, state, seat, random.Random(seen))
            if len(moves) < 2 or mine not in moves:
                continue
            pick = strong.choose(game, state, seat, random.Random(seen))
            found = values(game, strong, state, seat, moves, args.samples)
            best = max(moves, key=lambda move: statistics.mean(found[move]))
            gain, z = paired(found, pick, mine)
            best_gain, best_z = paired(found, best, mine)
            seen += 1
            left += pick != mine
            gains.append(gain)
            best_gains.append(best_gain)
            print(
                f"{seen:3d} moves {len(moves):2d}  normal {mine:<24} "
                f"{statistics.mean(found[mine]):.3f}  strong {pick:<24} {gain:+.3f} (z {z:+.1f})"
                f"  best {best:<24} {best_gain:+.3f} (z {best_z:+.1f})",
                flush=True,
            )
            if seen >= args.positions:
                break
        seed += 1
    print(
        f"strong left normal's move at {left} of {seen} positions; mean gain of strong's pick "
        f"{statistics.mean(gains):+.3f}, of the best move {statistics.mean(best_gains):+.3f} "
        f"({args.samples} shared playouts per move, strong at {args.iterations} per move)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
